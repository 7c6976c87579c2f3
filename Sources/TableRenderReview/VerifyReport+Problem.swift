import JSONText
import TableRender

extension VerifyReport {
    /// The report of a verify that could not compare (the golden is missing, or does not fit the
    /// scene): one failing test case named "golden" with the message, the message on the page
    /// and `passed: false` with `problem` in summary.json, so a CI's test tab shows why (issue
    /// 52.3); the command still exits 64.
    static func writeProblem(_ message: String, scene: String, golden: String, to folder: String) throws(RenderFailure) {
        let suite = Escape.xml(scene), text = Escape.xml(message)
        let junit = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- \(marker): a verify report -->
            <testsuites name="\(marker)" tests="1" failures="1" errors="0">
              <testsuite name="\(suite)" tests="1" failures="1" errors="0" skipped="0">
                <testcase classname="\(className(scene))" name="golden">
                  <failure type="golden" message="\(text)">\(text)</failure>
                </testcase>
              </testsuite>
            </testsuites>

            """
        let html = pageStart(title: "Not compared · \(suite)") + """
            <header class="fail">
            <h1 id="verdict">Not compared: no golden, or one that does not fit the scene</h1>
            <p class="meta"><span>Scene <code>\(suite)</code></span> <span>Golden <code>\(Escape.xml(golden))</code></span>
            <span>\(Escape.xml(Version.software))</span></p>
            </header>
            <main><p id="problem">\(text)</p></main>
            </body>
            </html>

            """
        let summary = JSON.object([
            ("tool", .string(marker)), ("generator", .string(Version.software)), ("scene", .string(scene)), ("golden", .string(golden)),
            ("passed", .bool(false)), ("problem", .string(message)), ("framesCompared", .int(0)),
        ])
        try FrameWriter.writeAtomically(Array(junit.utf8), to: folder + "/junit.xml")
        try FrameWriter.writeAtomically(Array(html.utf8), to: folder + "/index.html")
        try FrameWriter.writeAtomically(Array((JSONWriter.string(summary, layout: .rows) + "\n").utf8), to: folder + "/summary.json")
    }

    /// The same for a golden that is not there at all, into the report folder `path` (prepared
    /// and cleared as a verify's report folder is).
    public static func writeProblem(_ message: String, scene: String, golden: String, report path: String, force: Bool) throws(RenderFailure) {
        let folder = try OutputFolder.prepare(path, force: force, kind: .report, createParents: true)
        try folder.complete([]) { () throws(RenderFailure) in try writeProblem(message, scene: scene, golden: golden, to: folder.path) }
    }
}
