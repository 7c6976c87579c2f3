import Foundation
import Testing
import XCTest
import SnapshotTesting
import SceneModel
import TableRender
import TableRenderQuartz
import TableRenderReview

/// What a tablerender snapshot can be taken of: a `LayerScene` built in Swift, or the URL of a
/// scene file.
public protocol FrameSnapshotSubject {
    /// The name a failure and its report call the scene by.
    var frameSnapshotName: String { get }
    /// The scene loaded as it is rendered (its images for `options.scale`).
    func loadForFrameSnapshot(_ options: VerifyOptions) throws(SceneError) -> LoadedScene
}

extension LayerScene: @preconcurrency FrameSnapshotSubject {
    /// The scene's `displayName`.
    public var frameSnapshotName: String { displayName }
    /// The scene recorded and loaded, as `LayerScene.load(options:)` does.
    public func loadForFrameSnapshot(_ options: VerifyOptions) throws(SceneError) -> LoadedScene {
        try load(options: LoadOptions(limits: options.limits, scale: options.scale))
    }
}

extension URL: FrameSnapshotSubject {
    /// The file's name.
    public var frameSnapshotName: String { lastPathComponent }
    /// The scene file read and loaded, as `tablerender` does.
    public func loadForFrameSnapshot(_ options: VerifyOptions) throws(SceneError) -> LoadedScene {
        try SceneLoader.load(path: path, options: LoadOptions(limits: options.limits, scale: options.scale))
    }
}

extension Snapshotting where Value: FrameSnapshotSubject, Format == FrameStrip {
    /// Every frame of the scene, as `tablerender` renders them, compared pixel by pixel with the
    /// reference (`__Snapshots__/<test file>/<test>.<n>.png`, one strip of frames).
    ///
    /// ```swift
    /// assertSnapshot(of: scene, as: .frames)
    /// assertSnapshot(of: URL(fileURLWithPath: "scenes/fold.json"), as: .frames)
    /// ```
    public static var frames: Self { frames() }

    /// Every frame (or `options.frames`), compared with `verify`'s options: `tolerance` and
    /// `maxDiffRatio` as `--tolerance` and `--max-diff-pixels`, `scale` and `fps` as theirs.
    public static func frames(_ options: VerifyOptions = VerifyOptions()) -> Self {
        strategy(.all, options)
    }

    /// The frames at these times (in seconds, each the time of a frame at the scene's fps).
    public static func frames(at times: [Double], _ options: VerifyOptions = VerifyOptions()) -> Self {
        strategy(.times(times), options)
    }

    /// The frame at `time` (in seconds, the time of a frame at the scene's fps).
    public static func frame(at time: Double, _ options: VerifyOptions = VerifyOptions()) -> Self {
        strategy(.times([time]), options)
    }

    static func strategy(_ selection: FrameStrip.Selection, _ options: VerifyOptions) -> Self {
        Snapshotting<LoadedFrameSource, FrameStrip>.loaded(selection, options).pullback { (subject: Value) in
            LoadedFrameSource(name: subject.frameSnapshotName) { () throws(SceneError) in try subject.loadForFrameSnapshot(options) }
        }
    }
}

/// A scene to be loaded when its snapshot is taken, and the name a failure calls it by.
struct LoadedFrameSource {
    var name: String
    var load: () throws(SceneError) -> LoadedScene
}

extension Snapshotting where Value == LoadedFrameSource, Format == FrameStrip {
    static func loaded(_ selection: FrameStrip.Selection, _ options: VerifyOptions) -> Self {
        Snapshotting(pathExtension: "png", diffing: .frames(options)) { source in
            let loaded: LoadedScene
            let strip: FrameStrip
            do throws(SceneError) {
                loaded = try source.load()
                strip = FrameStrip.render(loaded, name: source.name, selection: selection, options: options)
            } catch {
                strip = .failed(error.description)
            }
            // Said at once: with no reference on disk, snapshot-testing records what it is given
            // (an empty file) and says only that it recorded.
            if let why = strip.failure { recordFailure("The scene was not rendered: " + why) }
            return strip
        }
    }
}

extension Diffing where Value == FrameStrip {
    /// Strips compared frame by frame with `verify`'s tolerance options; a failure writes
    /// `verify`'s HTML report and attaches the first failing frame's diff picture.
    public static func frames(_ options: VerifyOptions = VerifyOptions()) -> Self {
        .diff(toData: { strip in
            // A strip that failed to render is written as an empty file: recording it never
            // passes, and the failure says why (FrameStripDiff).
            guard strip.failure == nil, let png = try? strip.png() else { return Data() }
            return Data(png)
        }, fromData: { data in
            data.isEmpty ? .failed("the reference file is empty (the scene could not be rendered when it was recorded)") : FrameStrip(png: [UInt8](data))
        }, diffV2: { reference, actual in
            FrameStripDiff(reference: reference, actual: actual, options: options).failure()
        })
    }
}

/// Fails the running test, in Swift Testing or in XCTest.
func recordFailure(_ message: String) {
    if Test.current != nil {
        Issue.record(Comment(rawValue: message))
    } else {
        XCTFail(message)
    }
}
