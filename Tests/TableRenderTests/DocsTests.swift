import Foundation
import TestSupport
import XCTest

/// The README and the docs/ pages, as a user reads them.
final class DocsTests: XCTestCase {
    /// The README fits a screen (issue 52.6) and points into docs/; every relative link of the
    /// README and the docs names a file that exists.
    func testTheReadmeFitsAScreenAndEveryDocLinkResolves() throws {
        let fm = FileManager.default
        let readme = try String(contentsOfFile: Package.root + "/README.md", encoding: .utf8)
        XCTAssertLessThanOrEqual(readme.split(separator: "\n", omittingEmptySubsequences: false).count, 80, "README.md is longer than a screen")
        XCTAssertTrue(readme.contains("./render.sh test") && readme.contains("./render.sh install"), "the README names its commands")
        let docs = try fm.contentsOfDirectory(atPath: Package.root + "/docs").filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        XCTAssertGreaterThanOrEqual(docs.count, 6)
        let link = try NSRegularExpression(pattern: #"\]\(([^)#]+)(#[^)]*)?\)"#)
        var checked = 0
        for file in ["README.md"] + docs {
            let text = try String(contentsOfFile: Package.root + "/" + file, encoding: .utf8)
            let folder = (file as NSString).deletingLastPathComponent
            for m in link.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let r = Range(m.range(at: 1), in: text) else { continue }
                let target = String(text[r])
                if target.hasPrefix("http") { continue }
                let path = ((Package.root + "/" + folder) as NSString).appendingPathComponent(target)
                XCTAssertTrue(fm.fileExists(atPath: path), "\(file) links to \(target), which does not exist")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 15, "the links were read")
    }
}
