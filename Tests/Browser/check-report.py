#!/usr/bin/env python3
"""Opens a `tablerender verify --report` page in headless Chromium (Debian's, driven by
Playwright) and checks what a reader relies on: the page loads from disk without an error or a
network request, the verdict, table and images agree with summary.json, the first differing frame
is shown first, and the slider, the toggle and the table rows work. Also reads junit.xml.

usage: check-report.py REPORT_DIR [--screenshot FILE.png]
Exit status 0 when every check passes; 1 with one line per failed check otherwise.
"""
import json
import os
import shutil
import sys
import xml.etree.ElementTree as ET

from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chromium import chromium_path  # noqa: E402




def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    folder = os.path.abspath(args[0])
    screenshot = args[args.index("--screenshot") + 1] if "--screenshot" in args else None
    problems = []

    def check(ok, what):
        if not ok:
            problems.append(what)

    with open(os.path.join(folder, "summary.json")) as f:
        summary = json.load(f)
    differing = summary["frames"]
    check(summary["framesDiffering"] == len(differing), "summary.json: framesDiffering is not the number of frames listed")
    first = summary["firstDifferingFrame"]
    check((first is None) == (len(differing) == 0), "summary.json: firstDifferingFrame disagrees with the frames listed")

    suite = ET.parse(os.path.join(folder, "junit.xml")).getroot()
    cases = suite.findall("./testsuite/testcase")
    check(len(cases) == summary["framesCompared"], f"junit.xml: {len(cases)} test cases, expected {summary['framesCompared']}")
    failures = [c for c in cases if c.find("failure") is not None]
    check(len(failures) == summary["framesFailing"], f"junit.xml: {len(failures)} failures, expected {summary['framesFailing']}")
    check(suite.get("failures") == str(summary["framesFailing"]), "junit.xml: the failures attribute disagrees")

    errors, requests = [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.on("console", lambda m: errors.append(f"console {m.type}: {m.text}") if m.type in ("error", "warning") else None)
        page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
        page.on("requestfailed", lambda r: errors.append(f"request failed: {r.url}"))
        page.on("request", lambda r: requests.append(r.url))
        page.goto("file://" + os.path.join(folder, "index.html"))
        page.wait_for_load_state("load")

        verdict = page.inner_text("#verdict")
        check(verdict.startswith("Passed" if summary["passed"] else "Failed"), f"verdict {verdict!r} disagrees with summary.json passed={summary['passed']}")
        check(str(summary["framesCompared"]) in verdict, f"verdict {verdict!r} does not say how many frames were compared")

        # Every image on the page that has a source has loaded.
        broken = page.evaluate("""() => Array.from(document.images)
            .filter(i => i.getAttribute('src') && !(i.complete && i.naturalWidth > 0)).map(i => i.getAttribute('src'))""")
        check(not broken, f"images that did not load: {broken}")

        rows = page.query_selector_all("#frames tbody tr")
        check(len(rows) == len(differing), f"the table has {len(rows)} rows, summary.json lists {len(differing)} differing frames")
        if differing:
            f0 = differing[0]
            check(rows[0].get_attribute("data-index") == str(first), "the table does not start with the first differing frame")
            check(page.inner_text("#frame-title").startswith(f"Frame {first} "), "the viewer does not show the first differing frame first")
            sources = page.evaluate("() => ['side-expected', 'side-actual', 'side-diff'].map(id => { const e = document.getElementById(id); return e && e.tagName === 'IMG' ? e.getAttribute('src') : null; })")
            check(sources == [f0["expected"], f0["actual"], f0["diff"]], f"side by side shows {sources}, expected {[f0['expected'], f0['actual'], f0['diff']]}")
            for src in sources:
                if src:
                    size = page.evaluate(f"() => {{ const i = Array.from(document.images).find(i => i.getAttribute('src') === {json.dumps(src)}); return [i.naturalWidth, i.naturalHeight]; }}")
                    check(size == [summary["width"], summary["height"]], f"{src} is {size}, expected {summary['width']}x{summary['height']}")
            visible = page.evaluate("() => { const r = document.getElementById('side-actual').getBoundingClientRect(); return r.width > 50 && r.height > 50; }")
            check(visible, "the actual image is not visible side by side")

            # Slider: the actual image is clipped where the slider says.
            page.click("#modes button[data-mode=slider]")
            check(page.is_visible("#slider") and not page.is_visible("#side"), "the Slider button does not switch to the slider")
            page.fill("#slider-range", "20")
            clip = page.evaluate("() => document.getElementById('slider-actual').style.clipPath")
            check("20%" in clip, f"moving the slider to 20 clips the actual image as {clip!r}")

            # Toggle: flips between the three pictures.
            page.click("#modes button[data-mode=toggle]")
            check(page.is_visible("#toggle-image"), "the Toggle button does not show the toggle view")
            if f0["diff"]:
                page.click("#toggle-which button[data-show=diff]")
                src = page.get_attribute("#toggle-image", "src")
                check(src == f0["diff"], f"toggle to Diff shows {src}, expected {f0['diff']}")
            if f0["expected"]:
                page.click("#toggle-which button[data-show=expected]")
                page.focus("body")
                page.keyboard.press("Space")
                src = page.get_attribute("#toggle-image", "src")
                check(src == f0["actual"], f"Space after Expected shows {src}, expected {f0['actual']}")

            # Another row of the table shows that frame.
            page.click("#modes button[data-mode=side]")
            if len(rows) > 1:
                f1 = differing[1]
                rows[1].click()
                title = page.inner_text("#frame-title")
                check(title.startswith(f"Frame {f1['index']} "), f"clicking the second row shows {title!r}")
                src = page.get_attribute("#side-actual", "src")
                check(src == f1["actual"], f"clicking the second row shows the actual image {src}")
                page.wait_for_function("() => Array.from(document.images).every(i => !i.getAttribute('src') || (i.complete && i.naturalWidth > 0))")
                rows[0].click()
        else:
            check(page.query_selector("#viewer") is None, "a report with no differing frame shows a viewer")

        if screenshot:
            page.screenshot(path=screenshot, full_page=False)
        browser.close()

    outside = [u for u in requests if not u.startswith("file://")]
    check(not outside, f"the page asked the network for {outside}")
    check(not errors, f"the browser reported {errors}")
    if problems:
        for p in problems:
            print(f"check-report: {folder}: {p}")
        sys.exit(1)
    print(f"check-report: {folder}: page, table, {len(differing)} differing frame(s), slider, toggle and junit.xml OK ({len(requests)} local requests)")


if __name__ == "__main__":
    main()
