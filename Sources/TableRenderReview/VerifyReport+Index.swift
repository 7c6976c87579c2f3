import JSONText
import TableRender

/// How one scene of a `verify --goldens` run ended.
public struct SceneVerdict: Sendable {
    public enum Kind: Sendable {
        /// Compared with its golden (passed or not).
        case compared(VerifyResult)
        /// Its golden was missing and `--record` recorded it.
        case recorded
        /// Not compared: the golden is missing or does not fit, or the scene is refused.
        case problem(String)
    }
    public var scene: String
    public var golden: String
    /// Its own report folder, relative to the index (`scenes/NAME`).
    public var report: String
    public var kind: Kind

    public init(scene: String, golden: String, report: String, kind: Kind) {
        self.scene = scene; self.golden = golden; self.report = report; self.kind = kind
    }

    public var passed: Bool {
        switch kind {
        case .compared(let r): return r.passed
        case .recorded: return true
        case .problem: return false
        }
    }

    /// One line: what happened to the scene.
    public var summary: String {
        switch kind {
        case .compared(let r):
            switch r.outcome {
            case .allMatch: return "all \(r.comparisons.count) frames match"
            case .withinTolerance(let d): return "\(d) of \(r.comparisons.count) frames differ, all within the tolerance"
            case .failed(let f, let first): return "\(f) of \(r.comparisons.count) frames differ (first: frame \(first))"
            }
        case .recorded: return "golden recorded"
        case .problem(let message): return "not compared: " + message
        }
    }
}

/// The report of a `verify --goldens` run over many scenes: an index page linking each scene's
/// own report, one junit.xml with a test case per scene (its failing frames in the failure), and
/// summary.json (issue 52.3).
extension VerifyReport {
    public static let scenesFolder = OutputFolder.scenesName

    public static func writeIndex(_ verdicts: [SceneVerdict], to folder: String) throws(RenderFailure) {
        try FrameWriter.writeAtomically(Array(indexJUnit(verdicts).utf8), to: folder + "/junit.xml")
        try FrameWriter.writeAtomically(Array(indexHTML(verdicts).utf8), to: folder + "/index.html")
        try FrameWriter.writeAtomically(Array((JSONWriter.string(indexSummary(verdicts), layout: .rows) + "\n").utf8), to: folder + "/summary.json")
    }

    static func indexJUnit(_ verdicts: [SceneVerdict]) -> String {
        let failures = verdicts.filter { !$0.passed }.count
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<!-- \(marker): a verify report of \(verdicts.count == 1 ? "1 scene" : "\(verdicts.count) scenes") -->\n"
        s += "<testsuites name=\"\(marker)\" tests=\"\(verdicts.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        s += "  <testsuite name=\"\(marker)\" tests=\"\(verdicts.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        for v in verdicts {
            s += "    <testcase classname=\"\(className(v.scene))\" name=\"\(Escape.xml(v.scene))\""
            let message = Escape.xml(v.summary)
            switch v.kind {
            case .compared(let r) where !r.passed:
                var detail = r.failing.prefix(50).map { "frame \($0.index) (t = \(time($0.time)) s): \(describe($0, r))" }
                if r.failing.count > 50 { detail.append("... and \(r.failing.count - 50) more failing frames") }
                detail.append("report: \(v.report)/index.html")
                s += ">\n      <failure type=\"pixels\" message=\"\(message)\">\(Escape.xml(detail.joined(separator: "\n")))</failure>\n    </testcase>\n"
            case .problem:
                s += ">\n      <failure type=\"golden\" message=\"\(message)\">\(message)</failure>\n    </testcase>\n"
            case .compared, .recorded:
                s += ">\n      <system-out>\(message)</system-out>\n    </testcase>\n"
            }
        }
        s += "  </testsuite>\n</testsuites>\n"
        return s
    }

    static func indexHTML(_ verdicts: [SceneVerdict]) -> String {
        let failing = verdicts.filter { !$0.passed }.count
        let verdict = failing == 0 ? "All \(verdicts.count) scenes pass" : "\(failing) of \(verdicts.count) scenes fail"
        var page = pageStart(title: "\(verdict) · tablerender verify")
        page += "<header class=\"\(failing == 0 ? "pass" : "fail")\">\n<h1 id=\"verdict\">\(verdict)</h1>\n"
        page += "<p class=\"meta\"><span>\(Escape.xml(Version.software))</span></p>\n</header>\n<main>\n<table id=\"scenes\">\n"
        page += "<tr><th>Scene</th><th>Golden</th><th>Result</th></tr>\n"
        for v in verdicts {
            let link = "<a href=\"\(Escape.xml(urlPath(v.report)))/index.html\">\(Escape.xml(v.scene))</a>"
            page += "<tr class=\"\(v.passed ? "pass" : "fail")\"><td>\(link)</td><td><code>\(Escape.xml(v.golden))</code></td>"
            page += "<td>\(Escape.xml(v.summary))</td></tr>\n"
        }
        page += "</table>\n</main>\n</body>\n</html>\n"
        return page
    }

    /// A relative path as a link's: every byte but letters, digits, `-._~` and `/` as `%XX`
    /// (a scene named `50%` or `a#b` made a broken link).
    static func urlPath(_ path: String) -> String {
        let plain = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for b in path.utf8 {
            if plain.contains(b) { out.append(b) } else { out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 15)]] }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func indexSummary(_ verdicts: [SceneVerdict]) -> JSON {
        .object([
            ("tool", .string(marker)), ("generator", .string(Version.software)),
            ("passed", .bool(verdicts.allSatisfy(\.passed))),
            ("scenes", .array(verdicts.map { v in
                var members: [(String, JSON)] = [("scene", .string(v.scene)), ("golden", .string(v.golden)), ("passed", .bool(v.passed)),
                                                 ("report", .string(v.report + "/index.html"))]
                switch v.kind {
                case .compared(let r):
                    members += [("framesCompared", .int(r.comparisons.count)), ("framesFailing", .int(r.failing.count)),
                                ("framesDiffering", .int(r.differing.count))]
                case .recorded: members.append(("recorded", .bool(true)))
                case .problem(let message): members.append(("problem", .string(message)))
                }
                return .object(members)
            })),
        ])
    }
}
