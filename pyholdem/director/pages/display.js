"use strict";
// The room display: read-only, from the live status (server-sent events), the clock ticking locally.

(() => {
  const { number, duration, place, blinds, el, setText } = Console;

  function levelText(s) {
    const c = s.clock || {};
    if (s.over) return "Tournament over";
    if (!s.started) return "Starting soon";
    return c.on_break ? "Break" : `Level ${c.level}`;
  }

  function nextText(c) {
    const n = c && c.next;
    if (!n) return "—";
    if (n.is_break) return "Break";
    return `${number(n.small_blind)} / ${number(n.big_blind)}` + (n.ante ? ` · ante ${number(n.ante)}` : "");
  }

  function bannerText(s) {
    const c = s.clock || {};
    const parts = [];
    if (s.started && !s.over && (c.paused ?? !c.running)) parts.push("PAUSED");
    if (s.final_table) parts.push("FINAL TABLE");
    if (s.hand_for_hand) parts.push("HAND FOR HAND");
    if (s.colour_up) parts.push(`COLOUR UP: ${number(s.colour_up.remove)}s OFF`);
    if (Array.isArray(s.level_balance_waiting)) parts.push("TABLES BALANCE AFTER THIS HAND");
    return parts.join(" · ");
  }

  let drawn = "";
  function changed(value) {
    const text = JSON.stringify(value);
    if (text === drawn) return false;
    drawn = text;
    return true;
  }

  function render(s) {
    document.title = `${s.name || "Tournament"} — ${levelText(s)}`;
    setText("name", s.name || "Tournament");
    setText("level", levelText(s));
    const c = s.clock || {};
    setText("blinds", c.on_break ? "Break" : blinds(c));
    setText("ante", !c.on_break && c.ante ? `ante ${number(c.ante)}` : "");
    setText("next", nextText(c));
    setText("players", `${number(s.players_left)} / ${number(s.entrants)}`);
    setText("average", number(s.average_stack));
    setText("average-bb", typeof s.average_bb === "number" ? `${s.average_bb.toFixed(1)} BB` : "");
    setText("chips", number(s.chips_in_play));
    const raced = (s.races || []).length === 0 ? ""
      : s.chips_removed >= 0 ? `${number(s.chips_removed)} raced off` : `${number(-s.chips_removed)} added by chip races`;
    setText("chips-raced", raced);
    setText("pool", number(s.prize_pool));

    const banner = document.getElementById("banner");
    const text = bannerText(s);
    banner.hidden = !text;
    setText("banner", text);
    document.body.classList.toggle("paused", s.started && !s.over && !c.running);
    document.body.classList.toggle("many-payouts", (s.payouts || []).length > 6);
    document.body.classList.toggle("on-break", !!c.on_break);
    document.body.classList.toggle("over", !!s.over);

    if (!changed([s.payouts, s.places, s.moves, s.latest])) return;
    const holds = (p, n) => (Array.isArray(p.place) ? p.place[0] <= n && n <= p.place[1] : p.place === n);
    const payouts = (s.payouts || []).map((amount, i) => {
      const who = (s.places || []).find((p) => holds(p, i + 1));
      return el("li", { class: who ? "paid" : "" },
        el("span", { class: "place" }, place(i + 1)),
        el("span", { class: "amount" }, number(amount)),
        who ? el("span", { class: "who" }, who.name) : null);
    });
    const list = document.getElementById("payouts");
    list.classList.toggle("many", payouts.length > 6);
    list.replaceChildren(...payouts);

    const open = (s.moves || []).filter((m) => !m.done);
    const shown = open.slice(0, 4).map((m) => el("li", {}, m.text));
    if (open.length > 4) shown.push(el("li", { class: "none" }, `and ${open.length - 4} more`));
    document.getElementById("moves").replaceChildren(...(shown.length ? shown : [el("li", { class: "none" }, "No moves")]));
    document.getElementById("latest").replaceChildren(...(s.latest || []).slice(0, 3).map((t) => el("li", {}, t)));
  }

  // Sound: off until a click allows it (browsers play nothing before a gesture). A rising chime when
  // the level's warning starts, two tones when the level or break changes; data-chimes counts them.
  let audio = null, warned = false, stage = null;
  const soundButton = document.getElementById("sound");
  soundButton.addEventListener("click", () => {
    const on = soundButton.getAttribute("aria-pressed") !== "true";
    soundButton.setAttribute("aria-pressed", String(on));
    soundButton.textContent = on ? "Sound on" : "Sound off";
    if (on && !audio && window.AudioContext) audio = new AudioContext();
    if (audio) (on ? audio.resume() : audio.suspend()).catch(() => {});
  });

  function chime(tones) {
    document.body.dataset.chimes = String(Number(document.body.dataset.chimes || 0) + 1);
    if (!audio || soundButton.getAttribute("aria-pressed") !== "true") return;
    try {
      tones.forEach((frequency, i) => {
        const start = audio.currentTime + i * 0.35;
        const oscillator = audio.createOscillator(), gain = audio.createGain();
        oscillator.frequency.value = frequency;
        gain.gain.setValueAtTime(0.0001, start);
        gain.gain.exponentialRampToValueAtTime(0.4, start + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.3);
        oscillator.connect(gain).connect(audio.destination);
        oscillator.start(start);
        oscillator.stop(start + 0.32);
      });
    } catch (error) {
      console.warn("no sound:", error);
    }
  }

  function tick({ remaining, toBreak, status }) {
    const c = status.clock || {};
    setText("clock", status.started && !status.over ? duration(remaining) : "--:--");
    setText("to-break", toBreak === null ? "—" : c.on_break ? "now" : duration(toBreak));
    const warning = !!c.warning && !!c.running && !status.over;
    document.body.classList.toggle("warning", warning);
    if (warning && !warned) chime([660, 880]);
    warned = warning;
    const now = status.started && !status.over ? `${c.level}:${!!c.on_break}` : null;
    if (stage !== null && now !== null && now !== stage) chime([880, 660]);
    stage = now;
  }

  Console.live(render, tick);
})();
