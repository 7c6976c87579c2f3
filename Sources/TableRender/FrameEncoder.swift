import Hashing
import JSONText
import PNGCodec
import Raster
import SceneModel

/// A frame just rendered, as an encoder sees it.
public struct RenderedFrame: Sendable {
    public let index: Int
    /// Seconds into the scene.
    public let time: Double
    /// Premultiplied pixels.
    public let pixmap: Pixmap
    /// What the frame filled and how many fills were not recorded, when the encoder asked for
    /// them (`FrameEncoder.recordsDraws`).
    public let draws: (draws: [JSON], skipped: Int)?
}

/// What becomes of a rendered frame: the seam between the render pipeline and its outputs.
/// PNG (`PNGFrameEncoder`) is what a render and the library write; the bench's draw export is
/// another. An encoder runs on the scheduler's threads, one frame at a time per thread.
public protocol FrameEncoder: Sendable {
    associatedtype Encoded: Sendable
    /// The renderer records each frame's fills for this encoder (`RenderedFrame.draws`).
    var recordsDraws: Bool { get }
    func encode(_ frame: RenderedFrame) throws -> Encoded
}

extension FrameEncoder {
    public var recordsDraws: Bool { false }
}

/// A frame as the PNG file `tablerender` writes (straight alpha, sRGB), with the SHA-256 of the
/// file and of its pixels (manifest.json records both).
public struct PNGFrameEncoder: FrameEncoder {
    public var level: Int
    public var filter: PNGCodec.Filter
    public var strategy: PNGCodec.Strategy

    public init(level: Int = 3, filter: PNGCodec.Filter = .none, strategy: PNGCodec.Strategy = .default) {
        self.level = level; self.filter = filter; self.strategy = strategy
    }

    /// The settings a render was asked for (`--png-level` ...).
    public init(_ options: RenderOptions) {
        self.init(level: options.pngLevel, filter: options.pngFilter, strategy: options.pngStrategy)
    }

    public struct Encoded: Sendable {
        public let png: [UInt8]
        public let fileSHA256: String
        public let pixelsSHA256: String
        public let width: Int
        public let height: Int
    }

    public func encode(_ frame: RenderedFrame) throws -> Encoded { try encode(frame.pixmap) }

    /// Any pixmap (a frame at a time between frames, as `Renderer.png(at:)` draws).
    public func encode(_ pixmap: Pixmap) throws -> Encoded {
        // The straight-alpha pixels are let go before the pixmap goes back to the renderer.
        let rgba = pixmap.unpremultipliedRGBA()
        let png = try PNGCodec.encode(rgba: rgba, width: pixmap.width, height: pixmap.height, level: level,
                                      filter: filter, strategy: strategy, software: Version.software)
        return Encoded(png: png, fileSHA256: SHA256.hex(png), pixelsSHA256: SHA256.hex(rgba), width: pixmap.width, height: pixmap.height)
    }
}

extension FrameRenderer {
    /// Frame `index`'s pixels, or the failure of a budget that stopped it.
    public func checkedRender(frame index: Int) throws(RenderFailure) -> Pixmap {
        let pixmap = render(frame: index)
        if let why = budgetExceeded {
            recycle(pixmap)
            throw RenderFailure(description: "frame \(index) (t = \(JSON.format(scene.time(ofFrame: index))) s): \(why)", isUsage: true,
                                frame: index)
        }
        return pixmap
    }

    /// Renders frame `index` and encodes it; the pixmap goes back to the renderer after.
    public func encode<E: FrameEncoder>(frame index: Int, with encoder: E) throws -> E.Encoded {
        let pixmap = try checkedRender(frame: index)
        let draws = recorder?.take()
        let frame = RenderedFrame(index: index, time: scene.time(ofFrame: index), pixmap: consume pixmap,
                                  draws: encoder.recordsDraws ? draws : nil)
        defer { recycle(frame.pixmap) }
        return try encoder.encode(frame)
    }
}
