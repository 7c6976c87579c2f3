import Foundation
import TableRender
import Compositing
import Geometry
import PNGCodec
import Raster
import SceneModel
import Text

/// A contact sheet: a grid of frames of a render, each labelled with its index and time, drawn
/// by tablerender itself (the frames as image layers, the labels as text in Inter), for READMEs
/// and pull requests.
public enum ContactSheet {
    public struct Failure: Error, CustomStringConvertible { public var description: String }

    /// Which frames: every `every`th when given, else `count` evenly spaced (first and last included).
    public static func pick(_ records: [FrameRecord], every: Int?, count: Int = 12) -> [FrameRecord] {
        guard !records.isEmpty else { return [] }
        if let every, every >= 1 { return stride(from: 0, to: records.count, by: every).map { records[$0] } }
        let n = min(count, records.count)
        if n == 1 { return [records[0]] }
        return (0..<n).map { records[$0 * (records.count - 1) / (n - 1)] }
    }

    /// Why a sheet of `frames` frames of `width` x `height` pixels is over the budgets (its own
    /// pixels, and the pixels of the frames it decodes), or nil: known before anything is
    /// rendered or read.
    public static func refusal(frames: Int, width: Int, height: Int, every: Int?, limits: Limits) -> String? {
        let chosen = frames <= 0 ? 0 : every.map { (frames - 1) / max($0, 1) + 1 } ?? min(12, frames)
        guard chosen > 0, width > 0, height > 0 else { return nil }
        let scale = min(1, thumbWidth / Double(width))
        let w = (Double(width) * scale).rounded(), h = (Double(height) * scale).rounded()
        let columns = min(4, chosen), rows = (chosen + columns - 1) / columns
        let sheetPixels = (gap + Double(columns) * (w + gap)) * (gap + Double(rows) * (h + label + gap))
        let framePixels = Double(chosen) * Double(width) * Double(height)
        let fewer = "; choose a larger --contact-sheet-every, or leave it out for 12 frames"
        if sheetPixels > Double(limits.canvasPixels) {
            return "\(chosen) frames: " + Limits.message(\.canvasPixels, limit: limits.canvasPixels, found: JSON.format(sheetPixels.rounded()),
                                                        what: "pixels in the sheet") + fewer
        }
        if framePixels > Double(limits.totalImagePixels) {
            return "\(chosen) frames: " + Limits.message(\.totalImagePixels, limit: limits.totalImagePixels, found: JSON.format(framePixels),
                                                        what: "pixels of frames decoded for the sheet") + fewer
        }
        return nil
    }

    static let thumbWidth = 240.0, label = 22.0, gap = 12.0

    public static func make(from folder: String, records: [FrameRecord], every: Int?, output: String,
                            limits: Limits = Limits()) throws(Failure) {
        let chosen = pick(records, every: every)
        guard let first = chosen.first else { throw Failure(description: "--contact-sheet \(output): no frames") }
        if let why = Video.intoFrames(output, folder) { throw Failure(description: "--contact-sheet \(output): \(why)") }
        let scale = min(1, thumbWidth / Double(first.width))
        let w = (Double(first.width) * scale).rounded(), h = (Double(first.height) * scale).rounded()
        let columns = min(4, chosen.count), rows = (chosen.count + columns - 1) / columns
        if let why = refusal(frames: records.count, width: first.width, height: first.height, every: every, limits: limits) {
            throw Failure(description: "--contact-sheet \(output): \(why)")
        }
        var images: [String: RasterImage] = [:]
        var layers: [LayerModel] = []
        for (i, r) in chosen.enumerated() {
            guard let bytes = AssetFiles.readRegular(folder + "/" + r.file, maxBytes: 1 << 30),
                  let png = try? PNGCodec.decode(bytes) else {
                throw Failure(description: "--contact-sheet \(output): cannot read \(folder)/\(r.file)")
            }
            images[r.file] = RasterImage(straightRGBA: png.rgba, width: png.width, height: png.height)
            let x = gap + Double(i % columns) * (w + gap), y = gap + Double(i / columns) * (h + label + gap)
            var thumb = LayerModel()
            thumb.bounds = Rect(0, 0, w, h)
            thumb.position = Point(x + w / 2, y + h / 2)
            thumb.image = ImageContent(file: r.file, path: r.file)
            thumb.borderWidth = 1
            thumb.borderColor = Color(r: 0, g: 0, b: 0, a: 0.15)
            var caption = LayerModel()
            caption.bounds = Rect(0, 0, w, label)
            caption.position = Point(x + w / 2, y + h + label / 2)
            caption.text = TextContent(string: "#\(r.index)   \(String(format: "%.2f", r.time)) s", font: .system(.medium), size: 12,
                                       color: Color(r: 0.24, g: 0.24, b: 0.26), alignment: .center, lines: 1, truncation: .tail, jsonPath: "")
            layers += [thumb, caption]
        }
        let canvas = Canvas(width: gap + Double(columns) * (w + gap), height: gap + Double(rows) * (h + label + gap), scale: 1,
                            background: Color(r: 0.95, g: 0.95, b: 0.97))
        var resources = SceneResources(images: images)
        switch SceneLoader.defaultFont(.medium) {
        case .success(let font): resources.fonts[.system(.medium)] = FontCascade([font])
        case .failure(let m): throw Failure(description: "--contact-sheet \(output): \(m.description)")
        }
        let renderer = FrameRenderer(scene: Scene(canvas: canvas, fps: 1, duration: 0, layers: layers), resources: resources)
        let pixmap = renderer.render(frame: 0)
        do {
            let png = try PNGCodec.encode(rgba: pixmap.unpremultipliedRGBA(), width: pixmap.width, height: pixmap.height, level: 6,
                                          software: Version.software)
            try FrameWriter.writeAtomically(png, to: output)
        } catch {
            throw Failure(description: "--contact-sheet \(output): cannot write: \(error)")
        }
    }
}
