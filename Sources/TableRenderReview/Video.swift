import Foundation
import TableRender

/// Preview videos from a render's frames, made by ffmpeg (run with an argument array, never a
/// shell string). The format comes from the file's extension:
/// - `.mp4`: H.264, yuv420p, BT.709 (converted with the BT.709 matrix and tagged), faststart;
/// - `.webm`: VP9, yuv420p, BT.709;
/// - `.gif`: a palette made for the clip (palettegen, paletteuse);
/// - `.png` / `.apng`: animated PNG, looping, lossless (code review pages show it inline).
public enum Video {
    public enum Format: String, CaseIterable, Sendable { case mp4, webm, gif, png, apng }

    public static func format(of path: String) -> Format? {
        Format(rawValue: PathName.pathExtension(path).lowercased())
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// ffmpeg on the PATH, or nil.
    public static func ffmpeg() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") where !dir.isEmpty {
            let candidate = String(dir) + "/ffmpeg"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// The most pixels a video frame has: frames larger (a 4096 x 4096 canvas) are scaled down
    /// to it, keeping their shape. ffmpeg's encoders took about 2 GB for a 4096 x 4096 clip of
    /// four frames (a helper's probe), 0.5 to 0.9 GB at this size; a phone @3x (1179 x 2556,
    /// 3.0 M) is not scaled. A preview, not the frames: the PNGs stay exact.
    public static let maxPixels = 2048 * 2048

    /// The size a `width` x `height` frame is scaled to in a video, nil when it is not.
    public static func scaled(width: Int, height: Int) -> (width: Int, height: Int)? {
        guard width > 0, height > 0, width * height > maxPixels else { return nil }
        let f = (Double(maxPixels) / (Double(width) * Double(height))).squareRoot()
        func side(_ n: Int) -> Int { Int(min(max((Double(n) * f / 2).rounded(.down) * 2, 2), Double(n))) }
        return (side(width), side(height))
    }

    /// The ffmpeg runs, each an argument array, that turn frames `first...` of `folder` (file
    /// names of `digits` digits, `size` pixels) into `output` at `fps`: one, or two for a GIF,
    /// whose palette is made from every frame first (into `palette`) and used in a second pass;
    /// in one pass (`split` into `palettegen`) ffmpeg kept every frame until the palette was
    /// made (1.6 GB for 16 frames of 4096 x 4096). The PNG decoder runs on one thread and x264
    /// looks 10 frames ahead on two (by default: 40 frames, threads by the machine's cores),
    /// which keeps a clip of 2048 x 2048 frames near 0.6 GB (it took 1.1 GB at 41 frames) and
    /// makes the same bytes on every machine.
    public static func passes(folder: String, first: Int, digits: Int, fps: Double, format: Format, output: String,
                              palette: String, size: (width: Int, height: Int)? = nil) -> [[String]] {
        let input = ["-hide_banner", "-loglevel", "error", "-y", "-threads", "1", "-framerate", "\(fps)", "-start_number", "\(first)",
                     "-i", inputPattern(folder: folder, digits: digits)]
        let down = size.flatMap { scaled(width: $0.width, height: $0.height) }.map { "scale=\($0.width):\($0.height):flags=area," } ?? ""
        let even = down + "pad=ceil(iw/2)*2:ceil(ih/2)*2"
        let bt709 = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]
        switch format {
        case .mp4:
            return [input + ["-vf", even + ",scale=out_color_matrix=bt709:out_range=tv,format=yuv420p",
                             "-c:v", "libx264", "-preset", "medium", "-crf", "18", "-x264-params", "rc-lookahead=10:threads=2",
                             "-pix_fmt", "yuv420p"] + bt709 + ["-movflags", "+faststart", "-f", "mp4", fileURL(output)]]
        case .webm:
            return [input + ["-vf", even + ",scale=out_color_matrix=bt709:out_range=tv,format=yuv420p",
                             "-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "32", "-threads", "2", "-pix_fmt", "yuv420p"]
                    + bt709 + ["-f", "webm", fileURL(output)]]
        case .gif:
            return [input + ["-vf", down + "palettegen=stats_mode=full", "-f", "image2", "-update", "1", fileURL(palette)],
                    input + ["-i", fileURL(palette), "-filter_complex", "[0:v]\(down)null[v];[v][1:v]paletteuse=dither=sierra2_4a",
                             "-loop", "0", "-f", "gif", fileURL(output)]]
        case .png, .apng:
            return [input + (down.isEmpty ? [] : ["-vf", String(down.dropLast())]) + ["-plays", "0", "-f", "apng", fileURL(output)]]
        }
    }

    /// ffmpeg reads a path as a URL ("name:" picks a protocol) and the image sequence's name as
    /// a pattern ("%" starts a field): the folder goes in as the kernel resolves it (realpath:
    /// "link/.." means for ffmpeg what it meant for the frames' writer), behind "file:", with
    /// its "%" doubled, so any folder name names that folder.
    static func inputPattern(folder: String, digits: Int) -> String {
        "file:" + PathName.resolved(folder).replacingOccurrences(of: "%", with: "%%") + "/frame-%0\(digits)d.png"
    }

    /// A path as ffmpeg's file protocol reads it, whatever its characters.
    static func fileURL(_ path: String) -> String { "file:" + PathName.resolved(path) }

    /// Why a preview may not be written at `output` now that the frames are in `folder`: a path
    /// that leads into the folder once links are followed. The command line checks it before
    /// rendering too, but a link to a folder that did not exist yet (the output folder itself,
    /// made by the render) only leads there afterwards, and writing through it would replace a
    /// frame, so the folder's sums would lie.
    public static func intoFrames(_ output: String, _ folder: String) -> String? {
        guard PathName.isInside(output, folder) else { return nil }
        return "expected a file outside the output folder \(folder), found a path that leads into it (through a link): nothing written there, the frames are as rendered"
    }

    /// Makes the video; it appears under its name only when ffmpeg succeeded.
    public static func make(from folder: String, records: [FrameRecord], frameCount: Int, fps: Double, output: String) throws(Failure) {
        guard let format = format(of: output) else {
            throw Failure(description: "--video \(output): expected a file ending in .mp4, .webm, .gif, .png or .apng")
        }
        guard let first = records.first else { throw Failure(description: "--video \(output): no frames to make a video of") }
        if let why = intoFrames(output, folder) { throw Failure(description: "--video \(output): \(why)") }
        guard let ffmpeg = ffmpeg() else {
            throw Failure(description: "--video \(output): ffmpeg is not on the PATH (Debian: apt-get install ffmpeg); the frames are written")
        }
        let digits = max(4, String(max(frameCount - 1, 0)).count)
        // ffmpeg writes into a folder of this run's own (mkdtemp: new, mode 0700), beside the
        // video, so nothing planted at a temporary name can redirect the write.
        var template = Array(PathName.join(PathName.parent(output), ".tablerender-video-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Failure(description: "--video \(output): cannot write beside it: \(String(cString: strerror(errno)))")
        }
        let tmpFolder = String(cString: made)
        defer { rmdir(tmpFolder) }
        let tmp = PathName.join(tmpFolder, "video." + format.rawValue), palette = PathName.join(tmpFolder, "palette.png")
        defer { unlink(palette) }
        for arguments in passes(folder: folder, first: first.index, digits: digits, fps: fps, format: format, output: tmp,
                                palette: palette, size: (first.width, first.height)) {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: ffmpeg)
            p.arguments = arguments
            let err = Pipe()
            p.standardError = err
            p.standardOutput = FileHandle.nullDevice
            p.standardInput = FileHandle.nullDevice
            do { try p.run() } catch { throw Failure(description: "--video \(output): cannot start ffmpeg: \(error)") }
            let message = err.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            guard p.terminationStatus == 0 else {
                unlink(tmp)
                let text = String(decoding: message.prefix(2000), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                throw Failure(description: "--video \(output): ffmpeg failed (status \(p.terminationStatus)): \(text); the frames are written")
            }
        }
        guard rename(tmp, output) == 0 else {
            unlink(tmp)
            throw Failure(description: "--video \(output): cannot write: \(String(cString: strerror(errno)))")
        }
    }
}
