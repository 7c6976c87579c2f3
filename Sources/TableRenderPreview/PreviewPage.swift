/// The preview's one page: no network beyond its own server, no script from elsewhere.
enum PreviewPage {
    static let html = #"""
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>tablerender preview</title>
<style>
  :root { color-scheme: light dark; font: 14px/1.4 system-ui, sans-serif; }
  * { box-sizing: border-box; }
  body { margin: 0; display: grid; grid-template-columns: minmax(320px, 1fr) minmax(280px, 40%); grid-template-rows: auto auto 1fr; height: 100vh; }
  header { grid-column: 1 / 3; padding: 8px 16px; border-bottom: 1px solid #8884; display: flex; gap: 16px; align-items: baseline; flex-wrap: wrap; }
  header h1 { font-size: 16px; margin: 0; }
  header .meta { color: #888; }
  #status { margin-left: auto; color: #888; }
  body.stopped #status { color: #fff; background: #c0392b; padding: 2px 10px; border-radius: 4px; }
  #controls { grid-column: 1 / 2; display: flex; gap: 10px; align-items: center; padding: 8px 16px; border-bottom: 1px solid #8884; flex-wrap: wrap; }
  #scrubber { flex: 1; min-width: 160px; }
  #time { font-variant-numeric: tabular-nums; white-space: nowrap; display: inline-block; min-width: 22ch; }
  button, select { font: inherit; padding: 2px 10px; }
  #stage { grid-column: 1 / 2; overflow: auto; padding: 12px 16px; min-width: 0; }
  #frame { display: block; border: 1px solid #8886; background: repeating-conic-gradient(#ccc 0% 25%, #fff 0% 50%) 50% / 16px 16px; }
  body.refused #frame, body.stopped #frame { opacity: 0.3; }
  #frame-error { display: none; color: #c0392b; white-space: pre-wrap; font: 12px/1.4 ui-monospace, monospace; margin-bottom: 8px; }
  #warnings { color: #b9770e; white-space: pre-wrap; overflow-wrap: anywhere; font-size: 12px; margin-top: 8px; }
  #side { grid-column: 2 / 3; grid-row: 2 / 4; border-left: 1px solid #8884; overflow: auto; padding: 10px 16px; min-width: 0; }
  #side h2 { font-size: 13px; margin: 0 0 6px; }
  #draws { font: 11px/1.35 ui-monospace, monospace; white-space: pre; margin: 0; }
  #problems { display: none; margin-bottom: 10px; padding: 10px 14px; border: 2px solid #c0392b; border-radius: 6px; }
  #problems h2 { color: #c0392b; font-size: 15px; margin: 0 0 6px; }
  #problems pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; font: 12px/1.4 ui-monospace, monospace; }
  #problems p { margin: 6px 0 0; }
  body.refused #problems { display: block; }
</style>
</head>
<body>
<header>
  <h1 id="scene">tablerender preview</h1>
  <span class="meta" id="canvas"></span>
  <span id="status">connecting…</span>
</header>
<div id="controls">
  <button id="play" title="Play or pause (space)">Play</button>
  <input id="scrubber" type="range" min="0" max="0" value="0" step="1" aria-label="Frame">
  <span id="time"></span>
  <label>Zoom <select id="zoom" title="Zoom">
    <option value="fit" selected>Fit</option><option value="0.5">50 %</option><option value="1">100 %</option><option value="2">200 %</option>
  </select></label>
</div>
<main id="stage">
  <section id="problems"><h2>The scene does not load</h2><pre id="problem-text"></pre>
    <p>Fix the file and save it: this page loads it again. The last frame that loaded is shown dimmed.</p></section>
  <div id="frame-error"></div>
  <img id="frame" alt="frame">
  <div id="warnings"></div>
</main>
<aside id="side">
  <h2>What the frame draws (<code>tablerender draws</code>)</h2>
  <pre id="draws"></pre>
</aside>
<script>
"use strict";
const $ = (id) => document.getElementById(id);
let info = null, good = null, shown = -1, wanted = 0, loading = false, playing = false, playStart = 0, playFrom = 0;

function fmt(t) { return (Math.round(t * 1000) / 1000).toString(); }
function usable() { return good !== null && info !== null && info.ok && !document.body.classList.contains("stopped"); }

async function poll() {
  try {
    const r = await fetch("/state", { cache: "no-store" });
    const s = await r.json();
    document.body.classList.remove("stopped");
    $("status").textContent = "watching " + s.scene.split("/").pop();
    if (!info || s.generation !== info.generation) apply(s);
  } catch (e) {
    document.body.classList.add("stopped");
    $("status").textContent = "the preview server stopped: start it again to go on";
    if (playing) toggle();
  }
  setTimeout(poll, 400);
}

function apply(s) {
  info = s;
  document.title = s.scene.split("/").pop() + " · tablerender preview";
  $("scene").textContent = s.scene;
  document.body.classList.toggle("refused", !s.ok);
  document.body.dataset.generation = s.generation;
  $("problem-text").textContent = s.problems.join("\n");
  $("warnings").textContent = s.warnings.join("\n");
  if (!s.ok) { zoom(); return; }
  const first = good === null;
  good = s;
  const frames = s.frameCount === 1 ? "1 frame" : `${s.frameCount} frames`;
  $("canvas").textContent = `${s.width}×${s.height} pt at ${s.scale}x · ${s.fps} fps · ${frames} · ${fmt(s.duration)} s`;
  $("play").disabled = s.frameCount < 2;
  $("scrubber").max = String(s.frameCount - 1);
  if (first) wanted = 0;
  wanted = Math.min(wanted, s.frameCount - 1);
  $("scrubber").value = String(wanted);
  zoom();
  shown = -1;
  show();
  if (playing) { playFrom = wanted; playStart = performance.now(); requestAnimationFrame(tick); }
}

function zoom() {
  if (!good) return;
  const img = $("frame"), choice = $("zoom").value, stage = $("stage");
  let k = Number(choice);
  if (choice === "fit") {
    const w = stage.clientWidth - 34, h = stage.clientHeight - 34 - $("warnings").offsetHeight - $("problems").offsetHeight;
    k = Math.max(0.1, Math.min(w / good.width, h / good.height));
  }
  img.style.width = good.width * k + "px";
  img.style.height = good.height * k + "px";
}

function show() {
  if (!usable() || loading || wanted === shown) return;
  const n = wanted, generation = good.generation;
  loading = true;
  const img = $("frame");
  img.onload = () => { $("frame-error").style.display = "none"; done(); };
  img.onerror = async () => {
    // A frame the render's budgets refuse: say why, as the command line would.
    const why = await fetch(img.src).then((r) => r.text()).catch(() => "");
    $("frame-error").textContent = why || `frame ${n} could not be shown`;
    $("frame-error").style.display = "block";
    done();
  };
  function done() {
    loading = false;
    shown = n;
    img.dataset.frame = String(n);
    img.dataset.generation = String(generation);
    show();
  }
  img.src = `/frame/${generation}/${n}.png`;
  $("time").textContent = `t = ${fmt(n / good.fps)} s · frame ${n} (0–${good.frameCount - 1})`;
  fetch(`/draws/${generation}/${n}.txt`).then((r) => r.text()).then((t) => { if (wanted === n) $("draws").textContent = t; });
}

function seek(n) {
  if (!usable()) return;
  wanted = Math.max(0, Math.min(good.frameCount - 1, n));
  $("scrubber").value = String(wanted);
  if (playing) { playFrom = wanted; playStart = performance.now(); }
  show();
}

function tick(now) {
  if (!playing || !usable()) return;
  // Frames follow the clock at the scene's fps, looping; a frame that takes longer to draw
  // than its interval is skipped, not queued.
  const n = (playFrom + Math.floor((now - playStart) / 1000 * good.fps)) % good.frameCount;
  if (n !== wanted) { wanted = n; $("scrubber").value = String(n); show(); }
  requestAnimationFrame(tick);
}

function toggle() {
  if (!playing && (!usable() || good.frameCount < 2)) return;
  playing = !playing;
  $("play").textContent = playing ? "Pause" : "Play";
  document.body.dataset.playing = String(playing);
  if (playing) { playFrom = wanted; playStart = performance.now(); requestAnimationFrame(tick); }
}

$("scrubber").addEventListener("input", (e) => seek(Number(e.target.value)));
$("play").addEventListener("click", toggle);
$("zoom").addEventListener("change", zoom);
window.addEventListener("resize", zoom);
document.addEventListener("keydown", (e) => {
  if ((e.target.tagName === "INPUT" || e.target.tagName === "SELECT") && e.key !== " ") return;
  if (e.key === " ") { e.preventDefault(); toggle(); }
  else if (e.key === "ArrowRight") seek(wanted + 1);
  else if (e.key === "ArrowLeft") seek(wanted - 1);
  else if (e.key === "Home") seek(0);
  else if (e.key === "End" && good) seek(good.frameCount - 1);
});
poll();
</script>
</body>
</html>
"""#
}
