import Foundation
import TestSupport
import XCTest

/// The pipeline's stages depend only downwards (notes/design.md, "Modules"): the layering is read
/// from Package.swift, so adding a dependency that crosses a stage fails here with its path.
final class LayeringTests: XCTestCase {
    /// Each target's direct dependencies on other targets of this package.
    func targets() throws -> [String: [String]] {
        let text = try String(contentsOfFile: Package.root + "/Package.swift", encoding: .utf8)
        var graph: [String: [String]] = [:]
        let target = try NSRegularExpression(pattern: #"\.(?:target|systemLibrary|executableTarget)\(name: "([A-Za-z]+)"(?:, dependencies: \[([^\]]*)\])?"#)
        let quoted = try NSRegularExpression(pattern: #""([A-Za-z]+)""#)
        for m in target.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let name = Range(m.range(at: 1), in: text).map({ String(text[$0]) }) else { continue }
            var deps: [String] = []
            if let r = Range(m.range(at: 2), in: text) {
                let list = String(text[r])
                for d in quoted.matches(in: list, range: NSRange(list.startIndex..., in: list)) {
                    if let dr = Range(d.range(at: 1), in: list) { deps.append(String(list[dr])) }
                }
            }
            graph[name] = deps
        }
        return graph
    }

    func closure(_ name: String, _ graph: [String: [String]]) -> Set<String> {
        var seen: Set<String> = []
        var stack = graph[name] ?? []
        while let n = stack.popLast() {
            if seen.insert(n).inserted { stack += graph[n] ?? [] }
        }
        return seen
    }

    func testStagesDependOnlyDownwards() throws {
        let graph = try targets()
        // The reader found the targets (a regular expression that matched nothing would pass
        // every rule below).
        for t in ["Geometry", "LayerTree", "DrawList", "SceneModel", "Simulation", "TableEngine", "Raster", "Compositing", "Text", "TableRender"] {
            XCTAssertNotNil(graph[t], "Package.swift has no target \(t)")
        }
        XCTAssertTrue(closure("TableRender", graph).isSuperset(of: ["SceneModel", "Simulation", "Compositing", "Raster", "LayerTree"]))

        let forbidden: [String: Set<String>] = [
            // The vocabularies: values only.
            "LayerTree": ["SceneModel", "Simulation", "Raster", "Compositing", "Text", "DrawList"],
            "DrawList": ["SceneModel", "LayerTree", "Simulation", "Raster", "Compositing", "Text"],
            // Compositing reads the presentation tree, never the scene or the simulation, and
            // writes draw commands without knowing how they are rasterized (image sizes come as
            // DrawList's ImageSize, alpha arithmetic as DrawList's Alpha).
            "Compositing": ["SceneModel", "Simulation", "TableRender", "Raster"],
            "Text": ["SceneModel", "Simulation", "Raster", "Compositing"],
            // Raster knows paths and paints, not layers.
            "Raster": ["SceneModel", "LayerTree", "Simulation", "Compositing", "Text"],
            "Simulation": ["TableEngine", "Raster", "Compositing", "Text", "DrawList"],
            "SceneModel": ["Simulation", "Raster", "Compositing", "Text", "DrawList"],
            // The facade is the render pipeline only: the workflow around the frames (verify,
            // report, merge, previews), the bench and the Swift vocabulary sit above it.
            "TableRender": ["TableRenderReview", "TableRenderBench", "TableRenderQuartz", "TableRenderTesting"],
            // Issue 50's targets (notes/design.md, "UIKit as a runtime: the target structure"),
            // held to their rules as they come: JSON is SceneJSON's alone, below the facade; the
            // one table engine knows the model and the simulation, not JSON, pixels or UIKit.
            "SceneJSON": ["Simulation", "TableEngine", "Raster", "Compositing", "Text", "TableRender", "TableRenderQuartz"],
            // (JSONText still comes through SceneModel, for the property table's defaults.)
            "TableEngine": ["SceneJSON", "Raster", "Compositing", "TableRender", "TableRenderQuartz"],
        ]
        for (target, banned) in forbidden.sorted(by: { $0.key < $1.key }) {
            let reached = closure(target, graph).intersection(banned)
            XCTAssertTrue(reached.isEmpty, "\(target) depends on \(reached.sorted()) (Package.swift)")
        }
        // The bench harness is the command line's alone: no library a user links carries it (the
        // fuzzing entry points live in Fuzz/, outside the package).
        XCTAssertNotNil(graph["TableRenderBench"])
        for (target, deps) in graph where target != "tablerender" {
            XCTAssertFalse(deps.contains("TableRenderBench"), "\(target) depends on TableRenderBench")
        }
        XCTAssertEqual(graph["LayerTree"], ["Geometry"])
        XCTAssertEqual(graph["DrawList"], ["Geometry"])
        // JSON text is a leaf: every file and line written goes through its one writer.
        XCTAssertEqual(graph["JSONText"], [])
    }

    /// JSON stays in its codec (issue 50): the model, the simulation, the table engine and the
    /// Swift runtime do not speak it. The files that still do are listed per module, and the
    /// lists only shrink: a file that starts to use JSON fails here, and so does a listed file
    /// that no longer uses it (take it off the list). A use is a JSON type or the JSON text
    /// module named outside a comment.
    func testJSONStaysInItsCodec() throws {
        let ratchet: [String: Set<String>] = [
            // The decoders, the reference tables and the schema are SceneJSON's (step 2). Left:
            // the property table's defaults, written as the format's values, and a message's
            // numbers written as the format writes them (`Message.number`).
            "SceneModel": ["Exports.swift", "LayerProperties.swift", "Problems.swift"],
            "Simulation": [],
            // Swift builds the model, tables included (step 6): `json()` and the display cache's
            // key encode it through SceneJSON, a path's SVG data and a message's numbers are
            // written as the format writes numbers, and the display recorder compares values as
            // the format writes them. Nothing here parses JSON.
            "TableRenderQuartz": ["CGPath.swift", "DisplayRecorder.swift", "LayerScene+App.swift", "LayerScene+Display.swift",
                                  "LayerScene.swift"],
            // A script event's time in a warning (`JSON.format`).
            "TableEngine": ["ScriptTouches.swift"],
        ]
        let use = try NSRegularExpression(pattern: #"\bJSON(Parser|Writer|Text)?\b"#)
        let fm = FileManager.default
        var seen = 0
        for (module, listed) in ratchet.sorted(by: { $0.key < $1.key }) {
            let folder = Package.root + "/Sources/" + module
            guard let files = try? fm.contentsOfDirectory(atPath: folder) else { continue }
            var using: Set<String> = []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
                let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                if code.contains(where: { use.firstMatch(in: String($0), range: NSRange($0.startIndex..., in: $0)) != nil }) { using.insert(file) }
            }
            seen += files.count
            XCTAssertEqual(using.subtracting(listed).sorted(), [], "\(module): these files started to use JSON, which is SceneJSON's")
            XCTAssertEqual(listed.subtracting(using).sorted(), [], "\(module): these files no longer use JSON: take them off the list")
        }
        XCTAssertGreaterThan(seen, 50, "the modules' folders were read")
    }

    /// Concurrency the compiler checks (issue 50, step 7): no source says `@unchecked Sendable`
    /// or `nonisolated(unsafe)`. Per-thread caches belong to the renderer their worker makes (not
    /// `Sendable`), shared state sits in a `Mutex`, UIKit's process-wide state in its scene.
    func testNoConcurrencyIsCheckedByConventionOnly() throws {
        let fm = FileManager.default
        let root = Package.root + "/Sources"
        var found: [String] = [], read = 0
        for path in fm.enumerator(atPath: root)?.compactMap({ $0 as? String }) ?? [] where path.hasSuffix(".swift") {
            let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
            read += 1
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                if code.contains("@unchecked Sendable") || code.contains("nonisolated(unsafe)") { found.append("\(path):\(n + 1)") }
            }
        }
        XCTAssertEqual(found, [], "state shared by convention: make the compiler check it")
        XCTAssertGreaterThan(read, 100, "the sources were read")
    }

    /// No source file imports a module of this package its target does not declare as a direct
    /// dependency: the build accepts a module reached through another dependency (SwiftPM puts
    /// the whole closure on the search path), which hides a stage crossing until someone removes
    /// the dependency it came through.
    func testImportsMatchDeclaredDependencies() throws {
        let graph = try targets()
        let fm = FileManager.default
        for (target, _) in graph {
            let folder = Package.root + "/Sources/" + target
            guard let files = try? fm.contentsOfDirectory(atPath: folder) else { continue }
            let allowed = Set(graph[target] ?? []).union([target])
            for file in files.sorted() where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ")
                    guard let i = words.firstIndex(of: "import"), i + 1 < words.count, i <= 1 else { continue }
                    let module = String(words[i + 1])
                    if graph[module] != nil {
                        XCTAssertTrue(allowed.contains(module), "Sources/\(target)/\(file) imports \(module), not among \(target)'s dependencies")
                    }
                }
            }
        }
    }
}
