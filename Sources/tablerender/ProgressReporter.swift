import ArgumentParser
import Foundation
import JSONText

/// Progress of a render on standard error: a one-line bar redrawn in place on a terminal (frames
/// done / total, frames per second, time left; removed at the end), or one JSON line per
/// finished frame for CI logs. Calls come from the writer's workers, one at a time.
final class ProgressReporter: @unchecked Sendable { // unchecked: every mutable field is read and written under `lock`
    enum Mode: String, ExpressibleByArgument, CaseIterable { case auto, json, none }

    enum Output { case bar, json, none }
    let output: Output
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var lastDraw: ContinuousClock.Instant?
    private var drawn = false
    private let lock = NSLock()

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
        lock.lock()
        defer { lock.unlock() }
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
            if let lastDraw, now - lastDraw < .milliseconds(100), done < total { return }
            lastDraw = now
            let width = 30
            let filled = total > 0 ? done * width / total : width
            let left = fps > 0 ? Double(total - done) / fps : 0
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            let text = "\r[\(bar)] \(done)/\(total) frames  \(String(format: "%.1f", fps)) fps  \(Int(left.rounded(.up))) s left\u{1B}[K"
            FileHandle.standardError.write(Data(text.utf8))
            drawn = true
        }
    }

    /// Removes the bar (the terminal line is left empty).
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if output == .bar && drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
