import Foundation
import Hashing
import TableRender
import TestSupport
import XCTest

/// What draws text is pinned (issue 52, part 2): the manifest records each font file a render
/// drew with (family, style, file, SHA-256) and FriBidi and ICU beside FreeType and HarfBuzz, and
/// verify names the ones that differ from the golden's beside the frames that differ.
final class PinnedTextTests: ScratchFolderTestCase {

    func writeScene(color: String) throws -> String {
        let text = #"{"version": 1, "canvas": {"size": [80, 30], "scale": 1, "background": "white"}, "fps": 10, "duration": 0.2, "layers": ["#
            + #"{"frame": [4, 4, 72, 22], "text": {"string": "Hello", "font": {"size": 15, "weight": "semibold"}, "color": "\#(color)"}}]}"#
        let path = dir + "/text.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func manifest(_ folder: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/manifest.json"))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testTheManifestRecordsTheFontFilesAndTextLibraries() throws {
        let scene = try writeScene(color: "black")
        XCTAssertEqual(try runCLI([scene, dir + "/out", "--quiet"]).status, 0)
        let m = try manifest(dir + "/out")
        let fonts = try XCTUnwrap(m["fonts"] as? [[String: String]])
        let inter = SceneLoader.fontPath(.semibold)
        let bytes = [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: inter)))
        XCTAssertEqual(fonts, [["family": "Inter", "style": "Semi Bold", "file": "Inter-SemiBold.otf", "sha256": SHA256.hex(bytes)]])
        let libraries = try XCTUnwrap(m["libraries"] as? [String: String])
        XCTAssertEqual(Set(libraries.keys), ["libpng", "zlib", "FreeType", "HarfBuzz", "FriBidi", "ICU"])
        for name in ["FriBidi", "ICU"] {
            XCTAssertTrue(libraries[name]?.first?.isNumber == true && libraries[name]?.contains(".") == true, "\(name) \(libraries[name] ?? "none")")
        }
        let version = try runCLI(["--version"])
        XCTAssertTrue(version.out.contains(", FriBidi \(libraries["FriBidi"] ?? "?"), ICU \(libraries["ICU"] ?? "?"))"), version.out)
        // A scene without text draws with no font: none is listed.
        let still = dir + "/still.json"
        try #"{"canvas": {"size": [10, 10]}, "fps": 1, "duration": 0, "layers": [{"frame": [0, 0, 5, 5], "backgroundColor": "red"}]}"#
            .write(toFile: still, atomically: true, encoding: .utf8)
        XCTAssertEqual(try runCLI([still, dir + "/still", "--quiet"]).status, 0)
        XCTAssertNil(try manifest(dir + "/still")["fonts"])
    }

    /// The default face is the Inter tablerender ships (fonts/inter, checked against its
    /// SHA256SUMS), not a distribution's package: a build from the repository reads it there.
    func testTheDefaultFaceIsTheOneShipped() throws {
        XCTAssertEqual(SceneLoader.interDirectory, Package.root + "/fonts/inter")
        XCTAssertEqual(SceneLoader.fontPath(.regular), Package.root + "/fonts/inter/Inter-Regular.otf")
        let sums = try String(contentsOfFile: Package.root + "/fonts/inter/SHA256SUMS", encoding: .utf8)
        var checked = 0
        for line in sums.split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            let bytes = [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: Package.root + "/fonts/inter/" + parts[1])))
            XCTAssertEqual(SHA256.hex(bytes), String(parts[0]), String(parts[1]))
            checked += 1
        }
        XCTAssertEqual(checked, 4, "Regular, Medium, SemiBold and Bold")
        XCTAssertTrue(FileManager.default.fileExists(atPath: Package.root + "/fonts/inter/LICENSE.txt"))
    }

    /// A golden drawn with another file of the same face (its manifest's digest differs), against
    /// frames that differ: verify, its report and assertFrames' message say which.
    func testVerifyNamesAFontFileThatIsNotTheGoldens() throws {
        let golden = dir + "/golden"
        XCTAssertEqual(try runCLI(["verify", try writeScene(color: "black"), golden, "--record", "--quiet"]).status, 0)
        let path = golden + "/manifest.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let sha = try XCTUnwrap((try manifest(golden)["fonts"] as? [[String: String]])?.first?["sha256"])
        let other = String(repeating: "0", count: 64)
        try text.replacingOccurrences(of: sha, with: other).write(toFile: path, atomically: true, encoding: .utf8)
        // The same scene still matches: nothing is said.
        let same = try runCLI(["verify", try writeScene(color: "black"), golden])
        XCTAssertEqual(same.status, 0, same.out + same.err)
        XCTAssertFalse(same.out.contains("text may differ"), same.out)
        // Frames that differ: the font is named beside them.
        let r = try runCLI(["verify", try writeScene(color: "red"), golden, "--report", dir + "/report"])
        XCTAssertEqual(r.status, 1, r.out + r.err)
        let expected = "text may differ: the golden was drawn with Inter Semi Bold (Inter-SemiBold.otf, sha256 000000000000...), "
            + "this machine has Inter Semi Bold (Inter-SemiBold.otf, sha256 \(sha.prefix(12))...)"
        XCTAssertTrue(r.out.contains(expected), r.out)
        let summary = try String(contentsOfFile: dir + "/report/summary.json", encoding: .utf8)
        XCTAssertTrue(summary.contains(#""textSources": [""#) && summary.contains(expected), summary)
        let html = try String(contentsOfFile: dir + "/report/index.html", encoding: .utf8)
        XCTAssertTrue(html.contains("<ul id=\"text-sources\">"), "the report lists it")
    }
}
