"use strict";
// Shared by the room display and the director's page: formatting, the live status stream, the clock.

const Console = (() => {
  const number = (n) => (typeof n === "number" ? n.toLocaleString("en-US") : "–");

  function duration(seconds) {
    if (typeof seconds !== "number" || !isFinite(seconds)) return "–";
    const s = Math.max(0, Math.ceil(seconds));
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    const two = (x) => String(x).padStart(2, "0");
    return h > 0 ? `${h}:${two(m)}:${two(r)}` : `${two(m)}:${two(r)}`;
  }

  function ordinal(n) {
    const tens = n % 100, ones = n % 10;
    const suffix = tens >= 11 && tens <= 13 ? "th" : ones === 1 ? "st" : ones === 2 ? "nd" : ones === 3 ? "rd" : "th";
    return `${n}${suffix}`;
  }

  const place = (p) => (Array.isArray(p) ? `${ordinal(p[0])}–${ordinal(p[1])}` : ordinal(p));

  function blinds(c) {
    return c ? `${number(c.small_blind)} / ${number(c.big_blind)}` : "–";
  }

  // el("li", {class: "x", dataset: {seq: 1}}, "text", child...) — text always as text, never as HTML
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "dataset") Object.assign(node.dataset, value);
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key in node && typeof value !== "string") node[key] = value;
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function setText(id, text) {
    const node = document.getElementById(id);
    if (node && node.textContent !== text) node.textContent = text;
  }

  // The live status: EventSource on /api/events; onStatus(status, message) after every message.
  // Between messages the clock runs locally from the last status (remaining_s counted down while running).
  function live(onStatus, onTick) {
    let last = null, receivedAt = 0;
    const link = document.getElementById("link");
    const connected = (yes) => {
      document.body.dataset.connected = yes ? "yes" : "no";
      if (link) link.classList.toggle("down", !yes);
    };
    function take(status, message) {
      if (!status || typeof status.seq !== "number") return;
      if (last && status.seq < last.seq) return;
      last = status;
      receivedAt = performance.now();
      document.body.dataset.seq = String(status.seq);
      onStatus(status, message);
      tick();
    }
    function tick() {
      if (!last) return;
      const c = last.clock || {};
      const elapsed = c.running ? (performance.now() - receivedAt) / 1000 : 0;
      onTick({
        // null: the level has no end (an open-ended last level, levels counted in hands)
        remaining: typeof c.remaining_s === "number" ? Math.max(0, c.remaining_s - elapsed) : null,
        toBreak: typeof c.to_break_s === "number" ? Math.max(0, c.to_break_s - elapsed) : null,
        status: last,
      });
    }
    const source = new EventSource("/api/events");
    source.addEventListener("open", () => connected(true));
    source.addEventListener("error", () => connected(false));
    source.addEventListener("status", (e) => { connected(true); take(JSON.parse(e.data), null); });
    source.addEventListener("applied", (e) => {
      connected(true);
      const message = JSON.parse(e.data);
      take(message.status, message);
    });
    setInterval(tick, 250);
    return { current: () => last, take };
  }

  return { number, duration, ordinal, place, blinds, el, setText, live };
})();
