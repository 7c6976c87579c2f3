import JSONText
import Foundation
import TableRender
import Raster
import SceneModel

/// The report `tablerender verify --report DIR` writes: summary.json (for scripts), junit.xml
/// (for CI dashboards), index.html (for people: a static page, no network, the first differing
/// frame first, expected / actual / diff side by side with a slider and a toggle), and for each
/// differing frame expected-, actual- and diff-NNNN.png (written by `Verifier` as frames finish).
/// Every file is the same for the same scene and golden, whatever the thread count: nothing
/// comes from the clock.
public enum VerifyReport {
    /// Found near the start of each text file of a report: how a later run knows it may replace it.
    static let marker = OutputFolder.reportMarker

    static func write(_ result: VerifyResult, to folder: String) throws(RenderFailure) {
        try FrameWriter.writeAtomically(Array(junit(result).utf8), to: folder + "/junit.xml")
        try FrameWriter.writeAtomically(Array(html(result).utf8), to: folder + "/index.html")
        // Last: a summary present means the report is complete.
        try FrameWriter.writeAtomically(Array(summary(result).utf8), to: folder + "/summary.json")
    }

    /// "1234 pixels differ (0.12 %), max channel delta 37, in x 10..20, y 30..40" and how the
    /// frame stands against the tolerance; the exact numbers whatever the tolerance.
    public static func describe(_ c: FrameComparison, _ r: VerifyResult) -> String {
        guard let n = c.pixelsDiffering, let delta = c.maxChannelDelta else {
            return "pixels differ (the golden has no PNG for this frame, only its hash in manifest.json, so no picture of the change)"
        }
        var s = "\(n) pixel\(n == 1 ? "" : "s") differ\(n == 1 ? "s" : "") (\(percent(n, c.pixelCount))), max channel delta \(delta)"
        if let box = c.box { s += ", in \(box)" }
        if r.tolerance > 0 || r.maxDiffRatio > 0, let over = c.pixelsOverTolerance {
            s += "; \(over) beyond tolerance \(r.tolerance)"
            s += c.passed ? ", within --max-diff-pixels \(JSON.format(r.maxDiffRatio)): passes" : ""
        }
        return s
    }

    static func percent(_ n: Int, _ of: Int) -> String {
        guard of > 0 else { return "0 %" }
        let p = Double(n) * 100 / Double(of)
        if n > 0 && p < 0.01 { return "< 0.01 %" }
        let hundredths = Int((p * 100).rounded())
        let frac = hundredths % 100
        return "\(hundredths / 100).\(frac < 10 ? "0" : "")\(frac) %"
    }

    /// A frame's time for people: to the millisecond, trailing zeros dropped ("0.267", "1.5").
    public static func time(_ t: Double) -> String { DrawText.number(t) }

    // MARK: summary.json

    static func summary(_ r: VerifyResult) -> String {
        let differing = r.differing, failing = r.failing
        let frames = differing.map { c -> JSON in
            .object([
                ("index", .int(c.index)), ("time", .number(c.time)), ("passed", .bool(c.passed)),
                ("pixelsDiffering", .optional(c.pixelsDiffering, JSON.int)), ("pixelsOverTolerance", .optional(c.pixelsOverTolerance, JSON.int)),
                ("ratio", .optional(c.pixelsDiffering) { .number(Double($0) / Double(max(c.pixelCount, 1))) }),
                ("maxChannelDelta", .optional(c.maxChannelDelta, JSON.int)),
                ("boundingBox", .optional(c.box) { .object([("x", .int($0.x)), ("y", .int($0.y)), ("width", .int($0.width)), ("height", .int($0.height))]) }),
                ("expectedPixelsSha256", .string(c.expectedPixelsSHA256)), ("actualPixelsSha256", .string(c.actualPixelsSHA256)),
                ("expected", .optional(c.expectedImage, JSON.string)), ("actual", .optional(c.actualImage, JSON.string)),
                ("diff", .optional(c.diffImage, JSON.string)),
            ])
        }
        let summary = JSON.object([
            ("tool", .string(marker)), ("generator", .string(Version.software)), ("scene", .string(r.scene)), ("golden", .string(r.golden)),
            ("passed", .bool(r.passed)), ("tolerance", .int(r.tolerance)), ("maxDiffPixels", .number(r.maxDiffRatio)),
            ("frameCount", .int(r.frameCount)), ("fps", .number(r.fps)),
            ("width", .int(r.comparisons.first?.width ?? 0)), ("height", .int(r.comparisons.first?.height ?? 0)),
            ("framesCompared", .int(r.comparisons.count)), ("framesDiffering", .int(differing.count)), ("framesFailing", .int(failing.count)),
            ("firstDifferingFrame", .optional(differing.first?.index, JSON.int)), ("firstFailingFrame", .optional(failing.first?.index, JSON.int)),
            ("frames", .array(frames)),
        ] + (r.textSources.isEmpty ? [] : [("textSources", .array(r.textSources.map(JSON.string)))]))
        return JSONWriter.string(summary, layout: .rows) + "\n"
    }

    // MARK: junit.xml

    /// A test case's `classname`: the scene's path without its extension, dots made underscores
    /// (Jenkins reads the dots of `scenes/cards.json` as packages; issue 52.3).
    static func className(_ scene: String) -> String {
        var name = scene
        if let dot = name.lastIndex(of: "."), !name[dot...].contains("/") { name = String(name[..<dot]) }
        return Escape.xml(name.replacingOccurrences(of: ".", with: "_"))
    }

    static func junit(_ r: VerifyResult) -> String {
        let failures = r.failing.count, suite = Escape.xml(r.scene), className = className(r.scene)
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        // The scene is named in the attributes only: a comment cannot hold every path ("--").
        s += "<!-- \(marker): a verify report -->\n"
        s += "<testsuites name=\"\(marker)\" tests=\"\(r.comparisons.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        s += "  <testsuite name=\"\(suite)\" tests=\"\(r.comparisons.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        for c in r.comparisons {
            let name = "frame \(c.index) (t = \(time(c.time)) s)"
            s += "    <testcase classname=\"\(className)\" name=\"\(Escape.xml(name))\""
            if c.identical { s += "/>\n"; continue }
            s += ">\n"
            var detail = "expected pixelsSha256 \(c.expectedPixelsSHA256)\nactual pixelsSha256 \(c.actualPixelsSHA256)"
            for (label, image) in [("expected", c.expectedImage), ("actual", c.actualImage), ("diff", c.diffImage)] {
                if let image { detail += "\n\(label): \(image)" }
            }
            let message = Escape.xml(describe(c, r))
            if c.passed {
                s += "      <system-out>\(message)\n\(Escape.xml(detail))</system-out>\n"
            } else {
                s += "      <failure type=\"pixels\" message=\"\(message)\">\(Escape.xml(detail))</failure>\n"
            }
            s += "    </testcase>\n"
        }
        s += "  </testsuite>\n</testsuites>\n"
        return s
    }

    // MARK: index.html

    /// Frame indices as ranges: "0..11, 15, 17..60".
    static func ranges(_ indices: [Int]) -> String {
        var parts: [String] = []
        var i = 0
        while i < indices.count {
            var j = i
            while j + 1 < indices.count && indices[j + 1] == indices[j] + 1 { j += 1 }
            parts.append(j == i ? "\(indices[i])" : "\(indices[i])..\(indices[j])")
            i = j + 1
        }
        return parts.joined(separator: ", ")
    }

    /// The page's start, up to `<body>`: the marker, the title and the style.
    static func pageStart(title: String) -> String {
        """
        <!DOCTYPE html>
        <!-- \(marker) report: a static page, no network needed. -->
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title>
        <style>\(style)</style>
        </head>
        <body>

        """
    }

    static func html(_ r: VerifyResult) -> String {
        let differing = r.differing
        let verdict: String
        switch r.outcome {
        case .allMatch: verdict = "Passed: all \(r.comparisons.count) frames match the golden"
        case .withinTolerance(let d): verdict = "Passed: \(d) of \(r.comparisons.count) frames differ, all within the tolerance"
        case .failed(let f, _): verdict = "Failed: \(f) of \(r.comparisons.count) frames differ"
        }
        let w = r.comparisons.first?.width ?? 0, h = r.comparisons.first?.height ?? 0
        var s = pageStart(title: "\(Escape.xml(verdict)) · \(Escape.xml(r.scene))") + """
            <header class="\(r.passed ? "pass" : "fail")">
            <h1 id="verdict">\(Escape.xml(verdict))</h1>
            <p class="meta"><span>Scene <code>\(Escape.xml(r.scene))</code></span> <span>Golden <code>\(Escape.xml(r.golden))</code></span>
            <span>\(w)×\(h) px, \(JSON.format(r.fps)) fps</span> <span>Tolerance \(r.tolerance)</span> <span>Max diff pixels \(JSON.format(r.maxDiffRatio))</span>
            <span>\(Escape.xml(Version.software))</span></p>
            </header>
            <main>

            """
        if let first = differing.first {
            s += viewer(first, r)
        }
        s += "<section id=\"summary\">\n<h2>Frames that differ (\(differing.count) of \(r.comparisons.count))</h2>\n"
        if !differing.isEmpty, !r.textSources.isEmpty {
            s += "<ul id=\"text-sources\">\n" + r.textSources.map { "<li>\(Escape.xml($0))</li>\n" }.joined() + "</ul>\n"
        }
        if differing.isEmpty {
            s += "<p>Every frame's pixels equal the golden's.</p>\n"
        } else {
            s += """
                <table id="frames">
                <thead><tr><th>Frame</th><th>Time (s)</th><th>Result</th><th>Pixels differing</th><th>Share</th><th>Beyond tolerance</th><th>Max channel delta</th><th>Changed area (px)</th></tr></thead>
                <tbody>

                """
            for (i, c) in differing.enumerated() {
                let area = c.box.map { "x \($0.x)–\($0.x + $0.width - 1), y \($0.y)–\($0.y + $0.height - 1)" } ?? "–"
                s += "<tr tabindex=\"0\" class=\"\(c.passed ? "within" : "failed")\(i == 0 ? " selected" : "")\" data-index=\"\(c.index)\">"
                s += "<td>\(c.index)</td><td>\(time(c.time))</td><td>\(c.passed ? "within tolerance" : "differs")</td>"
                s += "<td>\(c.pixelsDiffering.map(String.init) ?? "?")</td><td>\(c.pixelsDiffering.map { percent($0, c.pixelCount) } ?? "?")</td>"
                s += "<td>\(c.pixelsOverTolerance.map(String.init) ?? "?")</td><td>\(c.maxChannelDelta.map(String.init) ?? "?")</td><td>\(area)</td></tr>\n"
            }
            s += "</tbody>\n</table>\n<p class=\"hint\">Click a row (or use ↑ ↓) to show that frame above.</p>\n"
        }
        let same = r.comparisons.filter(\.identical).map(\.index)
        s += "<details id=\"identical\"><summary>\(same.count) frame\(same.count == 1 ? "" : "s") identical to the golden</summary><p>\(same.isEmpty ? "none" : ranges(same))</p></details>\n"
        s += "</section>\n</main>\n"
        // The frames the page can show, for the script (</ cannot end the script element).
        let data = JSON.array(differing.map { c in
            .object([("index", .int(c.index)), ("title", .string("Frame \(c.index) (t = \(time(c.time)) s)")),
                     ("detail", .string(describe(c, r))), ("expected", .optional(c.expectedImage, JSON.string)),
                     ("actual", .optional(c.actualImage, JSON.string)), ("diff", .optional(c.diffImage, JSON.string))])
        })
        let text = JSONWriter.string(data, layout: .rows)
        s += "<script id=\"frames-data\" type=\"application/json\">\(text.replacingOccurrences(of: "</", with: "<\\/"))</script>\n"
        s += "<script>\(script)</script>\n</body>\n</html>\n"
        return s
    }

    /// The first differing frame, drawn in the page itself so it shows without the script.
    static func viewer(_ c: FrameComparison, _ r: VerifyResult) -> String {
        func img(_ file: String?, _ alt: String, _ id: String) -> String {
            guard let file else { return "<div class=\"missing\" id=\"\(id)\">no \(alt.lowercased()) image</div>" }
            return "<img id=\"\(id)\" src=\"\(Escape.xml(file))\" alt=\"\(alt)\">"
        }
        return """
            <section id="viewer">
            <h2 id="frame-title">Frame \(c.index) (t = \(time(c.time)) s)</h2>
            <p id="frame-detail">\(Escape.xml(describe(c, r)))</p>
            <div class="controls" role="toolbar">
            <span class="group" id="modes"><button type="button" data-mode="side" aria-pressed="true">Side by side</button><button type="button" data-mode="slider" aria-pressed="false">Slider</button><button type="button" data-mode="toggle" aria-pressed="false">Toggle</button></span>
            <label><input type="checkbox" id="actual-size"> Actual pixels</label>
            </div>
            <div id="side" class="mode">
            <figure>\(img(c.expectedImage, "Expected", "side-expected"))<figcaption>Expected (golden)</figcaption></figure>
            <figure>\(img(c.actualImage, "Actual", "side-actual"))<figcaption>Actual (rendered now)</figcaption></figure>
            <figure>\(img(c.diffImage, "Diff", "side-diff"))<figcaption>Diff: <b class="over">beyond tolerance</b> <b class="within">within tolerance</b></figcaption></figure>
            </div>
            <div id="slider" class="mode" hidden>
            <div class="stack"><img id="slider-expected"\(src(c.expectedImage)) alt="Expected"><img id="slider-actual" class="top"\(src(c.actualImage)) alt="Actual"><div class="handle" id="slider-handle"></div></div>
            <input type="range" id="slider-range" min="0" max="100" value="50" aria-label="Expected on the left, actual on the right">
            <p class="hint">Left of the line: expected. Right of it: actual.</p>
            </div>
            <div id="toggle" class="mode" hidden>
            <div class="group" id="toggle-which"><button type="button" data-show="expected" aria-pressed="true">Expected</button><button type="button" data-show="actual" aria-pressed="false">Actual</button><button type="button" data-show="diff" aria-pressed="false">Diff</button></div>
            <div class="stack"><img id="toggle-image"\(src(c.expectedImage ?? c.actualImage)) alt="Expected"></div>
            <p class="hint">Space flips between expected and actual.</p>
            </div>
            </section>

            """
    }

    /// ` src="file"`, or ` hidden` when there is no file (an empty src would load the page itself).
    static func src(_ file: String?) -> String { file.map { " src=\"\(Escape.xml($0))\"" } ?? " hidden" }

    static let style = """
        :root { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1c1c1e; background: #f2f2f7; }
        body { margin: 0; }
        [hidden] { display: none !important; }
        header { padding: 16px 24px; color: #fff; }
        header.pass { background: #1f7a3a; } header.fail { background: #b3261e; }
        #scenes tr.fail td:last-child { color: #b3261e; font-weight: 600; } #scenes tr.pass td:last-child { color: #1f7a3a; }
        h1 { margin: 0 0 6px; font-size: 20px; }
        .meta { margin: 0; display: flex; flex-wrap: wrap; gap: 4px 18px; opacity: .92; }
        code { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; }
        main { padding: 16px 24px 40px; }
        section { background: #fff; border-radius: 10px; padding: 14px 18px; margin-bottom: 16px; box-shadow: 0 1px 2px rgba(0,0,0,.08); }
        h2 { font-size: 16px; margin: 0 0 6px; }
        .controls { display: flex; gap: 16px; align-items: center; margin: 8px 0 12px; flex-wrap: wrap; }
        .group button { font: inherit; padding: 4px 12px; border: 1px solid #c7c7cc; background: #fff; cursor: pointer; }
        .group button:first-child { border-radius: 6px 0 0 6px; } .group button:last-child { border-radius: 0 6px 6px 0; }
        .group button[aria-pressed="true"] { background: #007aff; border-color: #007aff; color: #fff; }
        #side { display: flex; gap: 12px; align-items: flex-start; }
        #side figure { flex: 1 1 0; margin: 0; min-width: 0; }
        #side img { max-width: 100%; max-height: 80vh; }
        #side img, .missing { display: block; border: 1px solid #d1d1d6; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        .missing { width: 100%; padding: 40px 0; text-align: center; color: #8e8e93; }
        figcaption { margin-top: 4px; color: #3c3c43; }
        b.over, b.within { font-weight: 500; padding: 0 4px; border-radius: 3px; color: #fff; }
        b.over { background: rgb(230,20,60); } b.within { background: rgb(255,170,0); }
        .stack { position: relative; display: inline-block; max-width: 100%; line-height: 0; border: 1px solid #d1d1d6; }
        .stack img { max-width: 100%; max-height: 75vh; display: block; }
        .stack img.top { position: absolute; left: 0; top: 0; width: 100%; height: 100%; clip-path: inset(0 0 0 50%); }
        .handle { position: absolute; top: 0; bottom: 0; left: 50%; width: 2px; margin-left: -1px; background: #007aff; pointer-events: none; }
        #slider-range { display: block; width: 100%; max-width: 600px; margin-top: 8px; }
        body.actual-size #side figure { flex: 0 0 auto; }
        body.actual-size #side img, body.actual-size .stack img { width: auto; max-width: none; max-height: none; image-rendering: pixelated; }
        body.actual-size #side { overflow-x: auto; }
        table { border-collapse: collapse; width: 100%; }
        th, td { text-align: left; padding: 5px 10px; border-bottom: 1px solid #e5e5ea; font-variant-numeric: tabular-nums; }
        tbody tr { cursor: pointer; } tbody tr:hover { background: #f2f2f7; }
        tr.selected { background: #e5f0ff !important; }
        tr.failed td:nth-child(3) { color: #b3261e; font-weight: 600; } tr.within td:nth-child(3) { color: #a15c00; }
        .hint { color: #8e8e93; margin: 6px 0 0; }
        details { margin-top: 12px; }
        """

    static let script = """
        (function () {
          var frames = JSON.parse(document.getElementById('frames-data').textContent);
          var viewer = document.getElementById('viewer');
          if (!viewer || frames.length === 0) return;
          var current = frames[0], mode = 'side', shown = 'expected';
          function $(id) { return document.getElementById(id); }
          function setImage(id, file) {
            var el = $(id);
            if (!el) return;
            if (el.tagName === 'IMG') { if (file) { el.src = file; el.hidden = false; } else { el.removeAttribute('src'); el.hidden = true; } }
          }
          function show(f) {
            current = f;
            $('frame-title').textContent = f.title;
            $('frame-detail').textContent = f.detail;
            setImage('side-expected', f.expected); setImage('side-actual', f.actual); setImage('side-diff', f.diff);
            setImage('slider-expected', f.expected); setImage('slider-actual', f.actual);
            flip(shown);
            var rows = document.querySelectorAll('#frames tbody tr');
            for (var i = 0; i < rows.length; i++) rows[i].classList.toggle('selected', Number(rows[i].dataset.index) === f.index);
          }
          function press(group, attr, value) {
            var buttons = document.querySelectorAll('#' + group + ' button');
            for (var i = 0; i < buttons.length; i++) buttons[i].setAttribute('aria-pressed', String(buttons[i].dataset[attr] === value));
          }
          function setMode(m) {
            mode = m;
            ['side', 'slider', 'toggle'].forEach(function (name) { $(name).hidden = name !== m; });
            press('modes', 'mode', m);
          }
          function flip(which) {
            if (!current[which]) which = current.actual ? 'actual' : which;
            shown = which;
            var img = $('toggle-image');
            if (current[which]) { img.src = current[which]; img.alt = which; }
            press('toggle-which', 'show', which);
          }
          function slide(v) {
            $('slider-actual').style.clipPath = 'inset(0 0 0 ' + v + '%)';
            $('slider-handle').style.left = v + '%';
          }
          document.querySelectorAll('#modes button').forEach(function (b) { b.addEventListener('click', function () { setMode(b.dataset.mode); }); });
          document.querySelectorAll('#toggle-which button').forEach(function (b) { b.addEventListener('click', function () { flip(b.dataset.show); }); });
          $('slider-range').addEventListener('input', function (e) { slide(e.target.value); });
          $('actual-size').addEventListener('change', function (e) { document.body.classList.toggle('actual-size', e.target.checked); });
          var rows = document.querySelectorAll('#frames tbody tr');
          rows.forEach(function (row, i) {
            row.addEventListener('click', function () { show(frames[i]); viewer.scrollIntoView({ block: 'nearest' }); });
            row.addEventListener('keydown', function (e) {
              if (e.key === 'Enter') show(frames[i]);
              if (e.key === 'ArrowDown' && rows[i + 1]) { e.preventDefault(); rows[i + 1].focus(); show(frames[i + 1]); }
              if (e.key === 'ArrowUp' && rows[i - 1]) { e.preventDefault(); rows[i - 1].focus(); show(frames[i - 1]); }
            });
          });
          document.addEventListener('keydown', function (e) {
            if (e.key === ' ' && mode === 'toggle' && !/^(INPUT|TEXTAREA|SELECT|TR)$/.test(e.target.tagName)) { e.preventDefault(); flip(shown === 'expected' ? 'actual' : 'expected'); }
          });
          slide(50);
        })();
        """
}

extension Escape {
    /// Text for XML and HTML content and attribute values (control characters, which XML 1.0
    /// cannot hold, become U+FFFD).
    static func xml(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n", "\t", "\r": out.unicodeScalars.append(u)
            default:
                if u.value < 0x20 || u.value == 0x7F || u.value == 0xFFFE || u.value == 0xFFFF { out += "\u{FFFD}" } else { out.unicodeScalars.append(u) }
            }
        }
        return out
    }
}
