#!/usr/bin/env python3
"""Drives `tablerender preview` in headless Chromium (Debian's, by Playwright) as a user would,
and checks it against the command line: the scrubber shows the PNG `tablerender SCENE OUT` writes
for that frame (the same bytes), the time and the draw list of that frame, play and the arrow
keys move through the frames, a save on disk appears without a reload, a broken file shows the
problems `tablerender validate` prints until it is fixed, and only the loopback names are
answered.

usage: check-preview.py TABLERENDER SCENE WORK_DIR [--screenshot FILE.png]
SCENE is copied into WORK_DIR (with its assets folder linked) and edited there.
Exit status 0 when every check passes; 1 with one line per failed check otherwise.
"""
import hashlib
import http.client
import json
import os
import shutil
import socket
import subprocess
import sys
import time

from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chromium import chromium_path  # noqa: E402




def main():
    args = sys.argv[1:]
    if len(args) < 3:
        sys.exit(__doc__)
    binary, original, work = os.path.abspath(args[0]), os.path.abspath(args[1]), os.path.abspath(args[2])
    screenshot = args[args.index("--screenshot") + 1] if "--screenshot" in args else None
    problems = []

    def check(ok, what):
        if not ok:
            problems.append(what)

    os.makedirs(work, exist_ok=True)
    scene = os.path.join(work, os.path.basename(original))
    shutil.copyfile(original, scene)
    assets = os.path.join(os.path.dirname(original), "assets")
    if os.path.isdir(assets) and not os.path.exists(os.path.join(work, "assets")):
        os.symlink(assets, os.path.join(work, "assets"))
    text = open(scene, encoding="utf-8").read()

    def cli_frame(index, out):
        """The file `tablerender SCENE OUT --frames N` writes for frame N: its bytes' SHA-256."""
        shutil.rmtree(out, ignore_errors=True)
        subprocess.run([binary, scene, out, "--frames", str(index), "--quiet"], check=True)
        manifest = json.load(open(os.path.join(out, "manifest.json")))
        return manifest, manifest["frames"][0]["sha256"]

    server = subprocess.Popen([binary, "preview", scene, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = server.stdout.readline()
        check(line.startswith("tablerender preview: http://127.0.0.1:"), f"the first line is {line!r}")
        url = line.split()[2]
        port = int(url.rsplit(":", 1)[1].strip("/"))

        # Only the loopback names are answered (a page elsewhere cannot read the frames).
        for host, expected in ((f"127.0.0.1:{port}", 200), (f"localhost:{port}", 200), ("evil.example", 403), (f"evil.example:{port}", 403)):
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            c.putrequest("GET", "/state", skip_host=True)
            c.putheader("Host", host)
            c.endheaders()
            status = c.getresponse().status
            check(status == expected, f"Host: {host} answered {status}, expected {expected}")
            c.close()
        # What is not a request the page makes gets a status, never a crash or a file.
        def raw(data):
            with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
                sock.sendall(data)
                reply = b""
                while chunk := sock.recv(65536):
                    reply += chunk
                return reply.split(b"\r\n", 1)[0].decode("latin-1")
        host = f"Host: 127.0.0.1:{port}\r\n".encode()
        for data, expected in (
            (b"GET /state HTTP/1.1\r\n" + host + b"X: " + b"a" * 20000 + b"\r\n\r\n", "431"),
            (b"hello\r\n\r\n", "400"),
            (b"POST /state HTTP/1.1\r\n" + host + b"\r\n", "405"),
            (b"GET /frame/1/../../../../etc/passwd HTTP/1.1\r\n" + host + b"\r\n", "404"),
            (b"GET /frame/1/99999999999999999999.png HTTP/1.1\r\n" + host + b"\r\n", "404"),
            (b"GET /frame/1/-1.png HTTP/1.1\r\n" + host + b"\r\n", "404"),
        ):
            status = raw(data)
            check(status.split(" ")[1:2] == [expected], f"{data[:40]!r}... answered {status!r}, expected {expected}")
        check(server.poll() is None, "the server stopped after odd requests")

        # A connection that sends nothing does not hold up the page's requests.
        idle = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        idle.connect()

        errors = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.on("console", lambda m: errors.append(f"console {m.type}: {m.text}") if m.type in ("error", "warning") else None)
            page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
            outside = []
            page.on("request", lambda r: outside.append(r.url) if not r.url.startswith("http://127.0.0.1:") else None)
            page.goto(url)
            page.wait_for_selector("#frame[data-frame='0']", timeout=20000)

            cli_out = os.path.join(work + "-cli")
            manifest, _ = cli_frame(0, cli_out)
            count = manifest["frameCount"]
            check(page.get_attribute("#scrubber", "max") == str(count - 1), f"the scrubber ends at {page.get_attribute('#scrubber', 'max')}, the scene has {count} frames")
            check(os.path.basename(scene) in page.inner_text("#scene"), "the page does not name the scene")

            def shown_sha():
                src = page.get_attribute("#frame", "src")
                return hashlib.sha256(page.request.get(url.rstrip("/") + src).body()).hexdigest()

            # The scrubber shows frame N as the command line renders it, with its time and draw list.
            n = count // 2
            page.fill("#scrubber", str(n))
            page.wait_for_selector(f"#frame[data-frame='{n}']")
            cli, sha = cli_frame(n, cli_out)
            check(shown_sha() == sha, f"frame {n} on the page is not the PNG tablerender writes")
            t = cli["frames"][0]["time"]
            label = page.inner_text("#time")
            check(label.startswith(f"t = {round(t, 3):g} s") and f"frame {n} (0\u2013{count - 1})" in label, f"the label says {label!r} for frame {n} at {t} s")
            draws = subprocess.run([binary, "draws", scene, "--frame", str(n)], capture_output=True, text=True).stdout
            page.wait_for_function("(n) => document.getElementById('draws').textContent.length > 0", arg=n)
            check(page.inner_text("#draws").strip() == draws.strip(), "the draw list on the page is not `tablerender draws` of the frame")

            # Idle, the page loads nothing again: the scene is loaded only when a file changed.
            idle_generation = page.get_attribute("body", "data-generation")
            page.wait_for_timeout(1300)
            check(page.get_attribute("body", "data-generation") == idle_generation, "the scene is loaded again while nothing changes")

            # The arrow keys step; play moves on at the scene's pace; pause stops.
            page.focus("body")
            page.keyboard.press("ArrowRight")
            page.wait_for_selector(f"#frame[data-frame='{n + 1}']")
            page.click("#play")
            page.wait_for_function(f"() => Number(document.getElementById('scrubber').value) !== {n + 1}", timeout=5000)
            page.click("#play")
            check(page.get_attribute("body", "data-playing") == "false", "Pause does not stop")
            stopped = page.eval_on_selector("#scrubber", "e => e.value")
            page.wait_for_timeout(300)
            check(page.eval_on_selector("#scrubber", "e => e.value") == stopped, "the frame moves after Pause")
            page.fill("#scrubber", str(n))
            page.wait_for_selector(f"#frame[data-frame='{n}']")

            # A save on disk appears on the page, the frame it shows being the new file's.
            marker = "\u00c9dit\u00e9 en direct"
            edited = text.replace('"title": "', f'"title": "{marker} ', 1)
            check(edited != text, "the scene has no title to edit")
            time.sleep(0.02)  # a new modification time even on a coarse clock
            def settled(after):
                """Waits until the page shows a frame of a load later than `after` and no load is pending."""
                page.wait_for_function("""(after) => {
                    const g = Number(document.body.dataset.generation), img = document.getElementById('frame');
                    return g > after && !document.body.classList.contains('refused') && img.dataset.generation === String(g);
                }""", arg=after, timeout=10000)
                return int(page.get_attribute("body", "data-generation"))
            generation = int(page.get_attribute("body", "data-generation"))
            with open(scene, "w", encoding="utf-8") as f:
                f.write(edited)
            generation = settled(generation)
            _, sha = cli_frame(n, cli_out)
            check(shown_sha() == sha, "after the save, the page does not show the new frame")

            # A broken file shows its problems (those `tablerender validate` prints) until fixed.
            with open(scene, "w", encoding="utf-8") as f:
                f.write(edited[: len(edited) // 2])
            page.wait_for_selector("body.refused", timeout=10000)
            said = subprocess.run([binary, "validate", scene], capture_output=True, text=True).stderr.strip().splitlines()
            shown = page.inner_text("#problem-text")
            check(said and said[0] in shown, f"the page says {shown!r}, validate says {said[:1]}")
            check(page.is_visible("#problems"), "a refused scene does not show its problems")
            check(page.eval_on_selector("#frame", "e => getComputedStyle(e).opacity") == "0.3", "the last good frame is not dimmed under the problems")
            with open(scene, "w", encoding="utf-8") as f:
                f.write(text)
            settled(generation)
            _, sha = cli_frame(n, cli_out)
            check(shown_sha() == sha, "after the fix, the page does not show the frame")

            if screenshot:
                page.screenshot(path=screenshot)

            # Playing through a broken save and its fix goes on playing.
            page.click("#play")
            with open(scene, "w", encoding="utf-8") as f:
                f.write(text[:100])
            page.wait_for_selector("body.refused", timeout=10000)
            with open(scene, "w", encoding="utf-8") as f:
                f.write(text)
            generation = settled(int(page.get_attribute("body", "data-generation")) - 1)
            before = page.eval_on_selector("#scrubber", "e => e.value")
            page.wait_for_function(f"() => document.getElementById('scrubber').value !== '{before}'", timeout=5000)
            page.click("#play")

            # An image the scene draws is watched too: replaced on disk, the frame shows the new one.
            own = os.path.join(work, "image-scene")
            os.makedirs(own, exist_ok=True)
            avatars = os.path.join(os.path.dirname(original), "assets")
            shutil.copyfile(os.path.join(avatars, "avatar-al.png"), os.path.join(own, "pic.png"))
            picture = os.path.join(own, "picture.json")
            with open(picture, "w") as f:
                json.dump({"version": 1, "canvas": {"size": [40, 40], "scale": 1}, "fps": 10, "duration": 0,
                           "layers": [{"frame": [0, 0, 40, 40], "image": {"file": "pic.png", "contentsGravity": "resize"}}]}, f)
            second = subprocess.Popen([binary, "preview", picture, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            try:
                second_url = second.stdout.readline().split()[2]
                page.goto(second_url)
                page.wait_for_selector("#frame[data-frame='0']", timeout=20000)
                before = hashlib.sha256(page.request.get(second_url.rstrip("/") + page.get_attribute("#frame", "src")).body()).hexdigest()
                generation = int(page.get_attribute("body", "data-generation"))
                shutil.copyfile(os.path.join(avatars, "avatar-gh.png"), os.path.join(own, "pic.png.new"))
                os.replace(os.path.join(own, "pic.png.new"), os.path.join(own, "pic.png"))
                settled(generation)
                after = hashlib.sha256(page.request.get(second_url.rstrip("/") + page.get_attribute("#frame", "src")).body()).hexdigest()
                shutil.rmtree(cli_out, ignore_errors=True)
                subprocess.run([binary, picture, cli_out, "--quiet"], check=True)
                expected = json.load(open(os.path.join(cli_out, "manifest.json")))["frames"][0]["sha256"]
                check(after != before and after == expected, "a replaced image does not show on the page")
            finally:
                second.terminate()
                second.wait(timeout=10)

            # A frame the render's budgets refuse is refused on the page too, with the render's words
            # (the browser reports the refused image: those reports are expected here).
            earlier_errors = list(errors)
            third = subprocess.Popen([binary, "preview", scene, "--port", "0", "--max-edges", "100"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            try:
                third_url = third.stdout.readline().split()[2]
                page.goto(third_url)
                page.wait_for_selector("#frame-error", state="visible", timeout=20000)
                said = subprocess.run([binary, scene, cli_out, "--frames", "0", "--max-edges", "100", "--force"], capture_output=True, text=True)
                shown = page.inner_text("#frame-error")
                check(said.returncode == 64 and shown.strip() and shown.strip().split(": ", 1)[-1] in said.stderr,
                      f"the page says {shown!r} where the render says {said.stderr.strip()!r}")
            finally:
                third.terminate()
                third.wait(timeout=10)
            errors[:] = earlier_errors + [e for e in errors[len(earlier_errors):] if "status of 500" not in e]
            browser.close()
        idle.close()
        check(not errors, f"the browser reported {errors}")
        check(not outside, f"the page asked for {outside}")
    finally:
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(work + "-cli", ignore_errors=True)
    if problems:
        for p in problems:
            print(f"check-preview: {p}")
        sys.exit(1)
    print(f"check-preview: {os.path.basename(scene)}: scrubber, time, draw list, play, keys, edit, idle, image, budgets, refusal and hosts OK")


if __name__ == "__main__":
    main()
