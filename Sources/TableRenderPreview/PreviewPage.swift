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
  body { margin: 0; display: grid; grid-template-columns: auto 1fr; grid-template-rows: auto 1fr; height: 100vh; }
  header { grid-column: 1 / 3; padding: 10px 16px; border-bottom: 1px solid #8884; display: flex; gap: 16px; align-items: baseline; flex-wrap: wrap; }
  header h1 { font-size: 16px; margin: 0; }
  header .meta { color: #888; }
  #status { margin-left: auto; color: #888; }
  #stage { padding: 16px; overflow: auto; display: flex; flex-direction: column; gap: 10px; align-items: flex-start; }
  #frame { border: 1px solid #8886; background: repeating-conic-gradient(#ccc 0% 25%, #fff 0% 50%) 50% / 16px 16px; }
  #controls { display: flex; gap: 10px; align-items: center; width: 100%; }
  #scrubber { flex: 1; min-width: 240px; }
  #time { font-variant-numeric: tabular-nums; white-space: nowrap; }
  button { font: inherit; padding: 3px 12px; }
  #side { border-left: 1px solid #8884; overflow: auto; padding: 12px 16px; min-width: 0; }
  #side h2 { font-size: 13px; margin: 0 0 6px; }
  #draws { font: 11px/1.35 ui-monospace, monospace; white-space: pre; margin: 0; }
  #problems { display: none; grid-column: 1 / 3; margin: 16px; padding: 12px 16px; border: 2px solid #c0392b; border-radius: 6px; }
  #problems h2 { color: #c0392b; font-size: 15px; margin: 0 0 8px; }
  #problems pre { white-space: pre-wrap; margin: 0; font: 12px/1.4 ui-monospace, monospace; }
  #warnings { color: #b9770e; white-space: pre-wrap; font-size: 12px; }
  body.refused #stage, body.refused #side { display: none; }
  body.refused #problems { display: block; }
</style>
</head>
<body>
<header>
  <h1 id="scene">tablerender preview</h1>
  <span class="meta" id="canvas"></span>
  <span id="status">connecting…</span>
</header>
<section id="problems"><h2>The scene does not load</h2><pre id="problem-text"></pre>
  <p>Fix the file and save it: this page loads it again.</p></section>
<main id="stage">
  <img id="frame" alt="frame">
  <div id="controls">
    <button id="play" title="Play or pause (space)">Play</button>
    <input id="scrubber" type="range" min="0" max="0" value="0" step="1" aria-label="Frame">
    <span id="time"></span>
  </div>
  <div id="warnings"></div>
</main>
<aside id="side">
  <h2>What the frame draws (<code>tablerender draws</code>)</h2>
  <pre id="draws"></pre>
</aside>
<script>
"use strict";
const $ = (id) => document.getElementById(id);
let info = null, shown = -1, wanted = 0, loading = false, playing = false, playStart = 0, playFrom = 0;

function fmt(t) { return (Math.round(t * 1000) / 1000).toString(); }

async function poll() {
  try {
    const r = await fetch("/state", { cache: "no-store" });
    const s = await r.json();
    $("status").textContent = "watching " + s.scene;
    if (!info || s.generation !== info.generation) apply(s);
  } catch (e) {
    $("status").textContent = "the preview server stopped";
  }
  setTimeout(poll, 400);
}

function apply(s) {
  const first = info === null;
  info = s;
  document.title = s.scene + " · tablerender preview";
  $("scene").textContent = s.scene;
  document.body.classList.toggle("refused", !s.ok);
  document.body.dataset.generation = s.generation;
  $("problem-text").textContent = s.problems.join("\n");
  $("warnings").textContent = s.warnings.join("\n");
  if (!s.ok) { $("canvas").textContent = ""; return; }
  $("canvas").textContent = `${s.width}×${s.height} pt at ${s.scale}x · ${s.fps} fps · ${s.frameCount} frames · ${fmt(s.duration)} s`;
  const img = $("frame");
  img.style.width = s.width + "px";
  img.style.height = s.height + "px";
  const scrub = $("scrubber");
  scrub.max = String(s.frameCount - 1);
  if (first) wanted = 0;
  wanted = Math.min(wanted, s.frameCount - 1);
  scrub.value = String(wanted);
  shown = -1;
  show();
}

function show() {
  if (!info || !info.ok || loading || wanted === shown) return;
  const n = wanted, generation = info.generation;
  loading = true;
  const img = $("frame");
  img.onload = img.onerror = () => {
    loading = false;
    shown = n;
    img.dataset.frame = String(n);
    img.dataset.generation = String(generation);
    show();
  };
  img.src = `/frame/${generation}/${n}.png`;
  $("time").textContent = `t = ${fmt(info.times[n] ?? n / info.fps)} s · frame ${n} of ${info.frameCount - 1}`;
  fetch(`/draws/${generation}/${n}.txt`).then((r) => r.text()).then((t) => { if (wanted === n) $("draws").textContent = t; });
}

function seek(n) {
  if (!info || !info.ok) return;
  wanted = Math.max(0, Math.min(info.frameCount - 1, n));
  $("scrubber").value = String(wanted);
  if (playing) { playFrom = wanted; playStart = performance.now(); }
  show();
}

function tick(now) {
  if (!playing || !info || !info.ok) return;
  // Frames follow the clock at the scene's fps; a frame that takes longer to draw is skipped.
  const n = (playFrom + Math.floor((now - playStart) / 1000 * info.fps)) % info.frameCount;
  if (n !== wanted) { wanted = n; $("scrubber").value = String(n); show(); }
  requestAnimationFrame(tick);
}

function toggle() {
  playing = !playing;
  $("play").textContent = playing ? "Pause" : "Play";
  document.body.dataset.playing = String(playing);
  if (playing) { playFrom = wanted; playStart = performance.now(); requestAnimationFrame(tick); }
}

$("scrubber").addEventListener("input", (e) => seek(Number(e.target.value)));
$("play").addEventListener("click", toggle);
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" && e.key !== " ") return;
  if (e.key === " ") { e.preventDefault(); toggle(); }
  else if (e.key === "ArrowRight") seek(wanted + 1);
  else if (e.key === "ArrowLeft") seek(wanted - 1);
});
poll();
</script>
</body>
</html>
"""#
}
