import ArgumentParser
import Foundation
import Synchronization
import JSONText

/// Progress of a render on standard error: a one-line bar redrawn in place on a terminal (frames
/// done / total, frames per second, time left; removed at the end), or one JSON line per
/// finished frame for CI logs. Calls come from the writer's workers, one at a time.
final class ProgressReporter: Sendable {
    enum Mode: String, ExpressibleByArgument, CaseIterable { case auto, json, none }

    enum Output { case bar, json, none }
    let output: Output
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    /// When the bar was last drawn, and whether it is on the terminal (one caller at a time).
    private struct Drawn { var last: ContinuousClock.Instant?; var shown = false }
    private let drawn = Mutex(Drawn())

    init(mode: Mode) {
        switch mode {
        case .none: output = .none
        case .json: output = .json
        case .auto: output = isatty(STDERR_FILENO) == 1 ? .bar : .none
        }
        start = clock.now
    }

    var active: Bool { output != .none }

    func frameDone(_ frame: Int, done: Int, total: Int) {
        drawn.withLock { drawn in draw(frame, done: done, total: total, &drawn) }
    }

    private func draw(_ frame: Int, done: Int, total: Int, _ drawn: inout Drawn) {
        let now = clock.now
        let elapsed = Double((now - start).components.seconds) + Double((now - start).components.attoseconds) * 1e-18
        let fps = elapsed > 0 ? Double(done) / elapsed : 0
        switch output {
        case .none: return
        case .json:
            // Keys in alphabetical order and no spaces, as the first versions wrote them (the
            // README shows a line).
            let line = JSON.object([("done", .int(done)), ("frame", .int(frame)), ("framesPerSecond", .number((fps * 10).rounded() / 10)),
                                    ("seconds", .number((elapsed * 1000).rounded() / 1000)), ("total", .int(total))])
            FileHandle.standardError.write(Data((JSONWriter.string(line, layout: .line) + "\n").utf8))
        case .bar:
            // At most ten redraws a second, and always the last.
            if let last = drawn.last, now - last < .milliseconds(100), done < total { return }
            drawn.last = now
            let width = 30
            let filled = total > 0 ? done * width / total : width
            let left = fps > 0 ? Double(total - done) / fps : 0
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            let text = "\r[\(bar)] \(done)/\(total) frames  \(String(format: "%.1f", fps)) fps  \(Int(left.rounded(.up))) s left\u{1B}[K"
            FileHandle.standardError.write(Data(text.utf8))
            drawn.shown = true
        }
    }

    /// Removes the bar (the terminal line is left empty).
    func finish() {
        drawn.withLock { drawn in
            if output == .bar && drawn.shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        }
    }
}
