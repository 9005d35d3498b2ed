// graphagent's chat page: plain JavaScript, no build step. It talks to the
// OpenAI-compatible endpoint beside it (relative URLs, so the page works
// wherever the handler is mounted), streams each answer's steps as they
// arrive, draws small graphs (beside the conversation on wide screens, the
// answer's path highlighted, weights written on the edges) and shows charts
// and the JSON answer.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const labels = {
  graph: "reading", load: "loading", retrieval: "tools retrieved", examples: "solved examples",
  tool: "tool chosen", params: "arguments", run: "result", fallback: "fallback", answer: "stopped",
};

let model = "graphagent";
let messages = [];
let session = newSession();
let busy = false;

function newSession() {
  const r = (window.crypto && crypto.getRandomValues) ? Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("") : String(Math.random()).slice(2);
  return "page-" + r;
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function headers() {
  const h = { "Content-Type": "application/json", "X-Session-Id": session };
  const tok = $("token").value.trim();
  if (tok) h.Authorization = "Bearer " + tok;
  return h;
}

async function loadModel() {
  try {
    const r = await fetch("v1/models", { headers: headers() });
    if (!r.ok) return;
    const j = await r.json();
    if (j.data && j.data[0]) {
      model = j.data[0].id;
      $("backend").textContent = "model " + model + ", " + j.data[0].backend + " backend";
    }
  } catch (e) { /* the page still works without it */ }
}

function scrollDown() { const log = $("log"); log.scrollTop = log.scrollHeight; }

// Bubble is one assistant reply being built.
class Bubble {
  constructor(question) {
    this.question = question;
    this.root = el("div", "msg assistant");
    this.steps = el("ul", "steps");
    this.answer = el("div", "answer");
    this.extra = el("div", "extra");
    this.root.append(this.steps, this.answer, this.extra);
    $("log").append(this.root);
    this.content = "";
    this.answerText = "";
  }
  step(ev) {
    const li = el("li", "step" + (ev.error ? " error" : ""));
    li.dataset.step = ev.step;
    li.append(el("span", "label", (labels[ev.step] || ev.step) + ":"), document.createTextNode(ev.detail + (ev.error ? " (" + ev.error + ")" : "")));
    this.steps.append(li);
    scrollDown();
  }
  text(t) {
    this.answerText += t;
    this.answer.textContent = this.answerText.replace(/^\n+/, "");
    scrollDown();
  }
  fail(msg) {
    this.answer.classList.add("failed");
    this.answer.textContent = msg;
  }
  finish(p) {
    if (p.error) this.answer.classList.add("failed");
    if (p.drawing) {
      this.extra.append(drawGraph(p.drawing, highlighted(p)));
      showSide(this, p);
    }
    if (p.plot_png) {
      const d = el("div", "plot");
      const img = el("img");
      img.alt = "chart of the answer";
      img.src = "data:image/png;base64," + p.plot_png;
      d.append(img);
      this.extra.append(d);
    }
    const tools = el("div", "tools");
    const btn = el("button", "json-toggle", "JSON answer");
    btn.type = "button";
    const pre = el("pre", "json");
    pre.hidden = true;
    const shown = Object.assign({}, p);
    delete shown.plot_png;
    delete shown.drawing;
    pre.textContent = JSON.stringify(shown, null, 2);
    btn.addEventListener("click", () => { pre.hidden = !pre.hidden; });
    if (p.drawing) {
      const g = el("button", "show-graph", "graph");
      g.type = "button";
      g.title = "draw this answer's graph beside the conversation";
      g.addEventListener("click", () => showSide(this, p));
      tools.append(g);
    }
    tools.append(btn);
    this.extra.append(tools, pre);
    this.root.classList.add("done");
    scrollDown();
  }
}

// showSide draws bubble b's graph in the side panel (shown on wide
// screens) and marks the bubble as the one drawn.
function showSide(b, p) {
  $("side-graph").replaceChildren(drawGraph(p.drawing, highlighted(p)));
  $("side-title").textContent = "Graph of: " + b.question;
  for (const m of document.querySelectorAll(".msg.shown")) m.classList.remove("shown");
  b.root.classList.add("shown");
}

// weightText writes an edge weight briefly (3, 2.5, 0.125).
function weightText(w) {
  return Number.isInteger(w) ? String(w) : String(Number(w.toPrecision(4)));
}

// Weights are written on the edges of graphs up to this many edges (more
// would cover the drawing); each edge's title holds it in any case.
const maxWeightLabels = 160;

// highlighted returns the node names of a path-like answer: a list of
// names, or an object with a path.
function highlighted(p) {
  let v = p.value;
  if (v && typeof v === "object" && !Array.isArray(v) && Array.isArray(v.path)) v = v.path;
  if (Array.isArray(v) && v.every((x) => typeof x === "string")) return v;
  return [];
}

// drawGraph lays the graph out (a circle, then a few hundred steps of a
// force layout) and returns it as an SVG figure.
function drawGraph(d, hl) {
  const n = d.nodes.length, W = 400, H = 400, R = 170;
  const pos = d.nodes.map((_, i) => ({ x: W / 2 + R * Math.cos(2 * Math.PI * i / n), y: H / 2 + R * Math.sin(2 * Math.PI * i / n) }));
  const k = Math.sqrt((W * H) / Math.max(n, 1)) * 0.6;
  for (let it = 0, t = 40; it < 250; it++, t *= 0.985) {
    const disp = pos.map(() => ({ x: 0, y: 0 }));
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) {
      let dx = pos[i].x - pos[j].x, dy = pos[i].y - pos[j].y;
      const dist = Math.max(Math.hypot(dx, dy), 0.01), f = (k * k) / dist;
      dx /= dist; dy /= dist;
      disp[i].x += dx * f; disp[i].y += dy * f; disp[j].x -= dx * f; disp[j].y -= dy * f;
    }
    for (const e of d.edges) {
      const a = e[0], b = e[1];
      if (a === b) continue;
      let dx = pos[a].x - pos[b].x, dy = pos[a].y - pos[b].y;
      const dist = Math.max(Math.hypot(dx, dy), 0.01), f = (dist * dist) / k;
      dx /= dist; dy /= dist;
      disp[a].x -= dx * f; disp[a].y -= dy * f; disp[b].x += dx * f; disp[b].y += dy * f;
    }
    for (let i = 0; i < n; i++) {
      const len = Math.max(Math.hypot(disp[i].x, disp[i].y), 0.01), s = Math.min(len, t) / len;
      pos[i].x = Math.min(W - 14, Math.max(14, pos[i].x + disp[i].x * s));
      pos[i].y = Math.min(H - 14, Math.max(14, pos[i].y + disp[i].y * s));
    }
  }
  const onPath = new Set(hl);
  const pathEdge = new Set();
  for (let i = 0; i + 1 < hl.length; i++) { pathEdge.add(hl[i] + "\u0000" + hl[i + 1]); if (!d.directed) pathEdge.add(hl[i + 1] + "\u0000" + hl[i]); }
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `graph of ${n} nodes and ${d.edges.length} edges`);
  if (d.directed) {
    const defs = document.createElementNS(SVG, "defs");
    const m = document.createElementNS(SVG, "marker");
    for (const [a, v] of [["id", "arrow"], ["viewBox", "0 0 10 10"], ["refX", "19"], ["refY", "5"], ["markerWidth", "6"], ["markerHeight", "6"], ["orient", "auto"]]) m.setAttribute(a, v);
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", "M0,0 L10,5 L0,10 z");
    path.setAttribute("fill", "#8c959f");
    m.append(path); defs.append(m); svg.append(defs);
  }
  for (const e of d.edges) {
    const ln = document.createElementNS(SVG, "line");
    const a = pos[e[0]], b = pos[e[1]];
    ln.setAttribute("x1", a.x.toFixed(1)); ln.setAttribute("y1", a.y.toFixed(1));
    ln.setAttribute("x2", b.x.toFixed(1)); ln.setAttribute("y2", b.y.toFixed(1));
    if (pathEdge.has(d.nodes[e[0]] + "\u0000" + d.nodes[e[1]])) ln.setAttribute("class", "hl");
    if (d.directed) ln.setAttribute("marker-end", "url(#arrow)");
    if (e.length > 2) { const t = document.createElementNS(SVG, "title"); t.textContent = "weight " + e[2]; ln.append(t); }
    svg.append(ln);
  }
  if (d.edges.length <= maxWeightLabels) {
    for (const e of d.edges) {
      if (e.length < 3 || e[0] === e[1]) continue;
      const a = pos[e[0]], b = pos[e[1]];
      const len = Math.max(Math.hypot(b.x - a.x, b.y - a.y), 0.01);
      // Beside the edge's middle, off the line.
      const x = (a.x + b.x) / 2 + 6 * (a.y - b.y) / len, y = (a.y + b.y) / 2 + 6 * (b.x - a.x) / len;
      const w = document.createElementNS(SVG, "text");
      w.setAttribute("x", x.toFixed(1)); w.setAttribute("y", y.toFixed(1));
      w.setAttribute("class", pathEdge.has(d.nodes[e[0]] + "\u0000" + d.nodes[e[1]]) ? "w hl" : "w");
      w.textContent = weightText(e[2]);
      svg.append(w);
    }
  }
  d.nodes.forEach((name, i) => {
    const c = document.createElementNS(SVG, "circle");
    c.setAttribute("cx", pos[i].x.toFixed(1)); c.setAttribute("cy", pos[i].y.toFixed(1)); c.setAttribute("r", "9");
    if (onPath.has(name)) c.setAttribute("class", "hl");
    const t = document.createElementNS(SVG, "title"); t.textContent = name; c.append(t);
    const label = document.createElementNS(SVG, "text");
    label.setAttribute("x", pos[i].x.toFixed(1)); label.setAttribute("y", pos[i].y.toFixed(1));
    label.textContent = name.length > 4 ? name.slice(0, 3) + "…" : name;
    svg.append(c, label);
  });
  const fig = el("div", "graph");
  fig.append(svg);
  return fig;
}

// readStream reads the server-sent events of a streamed completion.
async function readStream(resp, b) {
  const reader = resp.body.getReader();
  const dec = new TextDecoder();
  let buf = "", final = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += dec.decode(value, { stream: true });
    let i;
    while ((i = buf.indexOf("\n\n")) >= 0) {
      const ev = buf.slice(0, i);
      buf = buf.slice(i + 2);
      for (const line of ev.split("\n")) {
        if (!line.startsWith("data:")) continue;
        const data = line.slice(5).trim();
        if (data === "[DONE]") continue;
        let c;
        try { c = JSON.parse(data); } catch (e) { continue; }
        const delta = (c.choices && c.choices[0] && c.choices[0].delta) || {};
        if (delta.content) b.content += delta.content;
        if (c.graphagent_event) b.step(c.graphagent_event);
        else if (delta.content) b.text(delta.content);
        if (c.graphagent) final = c.graphagent;
      }
    }
  }
  return final;
}

async function send(q) {
  busy = true;
  $("send").disabled = true;
  const u = el("div", "msg user", q);
  $("log").append(u);
  messages.push({ role: "user", content: q });
  const b = new Bubble(q);
  // The page reads each step from its graphagent_event field; "field"
  // keeps the steps out of the message content the conversation sends back.
  const body = { model, stream: true, messages, graphagent: { plot: true, confirm_plan: $("confirm").checked, steps: "field" } };
  try {
    const resp = await fetch("v1/chat/completions", { method: "POST", headers: headers(), body: JSON.stringify(body) });
    if (!resp.ok) {
      let msg = "HTTP " + resp.status;
      try { const j = await resp.json(); if (j.error) msg += ": " + j.error.message; } catch (e) { /* not JSON */ }
      b.fail(msg);
      messages.pop();
      return;
    }
    const final = await readStream(resp, b);
    messages.push({ role: "assistant", content: b.content });
    if (final) b.finish(final);
    else b.fail("the stream ended without an answer");
  } catch (e) {
    b.fail("request failed: " + e.message);
    messages.pop();
  } finally {
    busy = false;
    $("send").disabled = false;
    $("question").focus();
  }
}

function init() {
  const saved = window.localStorage && localStorage.getItem("graphagent-token");
  if (saved) $("token").value = saved;
  $("token").addEventListener("change", () => { try { localStorage.setItem("graphagent-token", $("token").value); } catch (e) { /* private mode */ } loadModel(); });
  $("reset").addEventListener("click", () => {
    messages = []; session = newSession();
    for (const m of document.querySelectorAll(".msg")) m.remove();
    $("side-graph").replaceChildren();
  });
  const steps = window.localStorage && localStorage.getItem("graphagent-steps");
  if (steps === "hide") $("showsteps").checked = false;
  const applySteps = () => document.body.classList.toggle("nosteps", !$("showsteps").checked);
  applySteps();
  $("showsteps").addEventListener("change", () => {
    applySteps();
    try { localStorage.setItem("graphagent-steps", $("showsteps").checked ? "show" : "hide"); } catch (e) { /* private mode */ }
  });
  $("ask").addEventListener("submit", (e) => {
    e.preventDefault();
    const q = $("question").value.trim();
    if (!q || busy) return;
    $("question").value = "";
    send(q);
  });
  $("question").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.shiftKey) { e.preventDefault(); $("ask").requestSubmit(); }
  });
  loadModel();
}

init();
