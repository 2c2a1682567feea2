"use strict";
// The director's page: every action posts {kind, args} to /api/action with the event's secret; a refusal
// shows its message and section. The status arrives live (server-sent events) and after every action.

(() => {
  const { number, duration, place, blinds, el, setText } = Console;
  const KEY = "pyholdem-director-secret";
  const $ = (id) => document.getElementById(id);
  let live = null;
  let current = null;
  const ticked = new Set();
  const stackOf = new Map();
  const drawn = new Map();

  // ---------- the secret ----------
  function takeFragment() {
    const m = /^#token=(.+)$/.exec(location.hash);
    if (m) {
      sessionStorage.setItem(KEY, decodeURIComponent(m[1]));
      history.replaceState(null, "", location.pathname + location.search);
    }
  }
  const secret = () => sessionStorage.getItem(KEY);

  async function request(path, body) {
    const init = { headers: { Authorization: `Bearer ${secret() || ""}` } };
    if (body !== undefined) {
      init.method = "POST";
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await fetch(path, init);
    let data = null;
    try { data = await response.json(); } catch (_) { data = { error: `HTTP ${response.status}` }; }
    return { ok: response.ok, status: response.status, data };
  }

  async function login(event) {
    if (event) event.preventDefault();
    const given = $("login-token").value.trim();
    if (given) sessionStorage.setItem(KEY, given);
    const answer = await request("/api/history");
    if (answer.ok) {
      $("login").hidden = true;
      $("app").hidden = false;
      if (!live) live = Console.live(render, tick);
      return;
    }
    sessionStorage.removeItem(KEY);
    $("login").hidden = false;
    $("app").hidden = true;
    setText("login-error", answer.status === 403 ? "That secret is not this event's." : (answer.data.error || ""));
  }

  // ---------- messages ----------
  function showError(error, section) {
    $("ok").hidden = true;
    setText("error-text", error);
    const tag = $("error-section");
    tag.hidden = !section;
    tag.textContent = section ? `§${section}` : "";
    $("error").hidden = false;
  }
  function showOk(text) {
    $("error").hidden = true;
    $("ok").textContent = text;
    $("ok").hidden = !text;
  }

  async function act(kind, args) {
    document.body.dataset.busy = "yes";
    try {
      const answer = await request("/api/action", { kind, args: args || {} });
      if (answer.status === 401 || answer.status === 403) {
        showError(answer.data.error, null);
        return login();
      }
      if (!answer.ok) {
        showError(answer.data.error || `HTTP ${answer.status}`, answer.data.section);
        return null;
      }
      showOk(answer.data.summary || kind);
      live.take(answer.data.status, answer.data);
      return answer.data;
    } catch (err) {
      showError(`the server did not answer (${err})`, null);
      return null;
    } finally {
      document.body.dataset.busy = "no";
    }
  }

  // ---------- what the status says ----------
  const seated = (s) => (s.tables || []).flatMap((t) => t.seats.filter((x) => x.name).map((x) => ({ ...x, table: t.table })));
  const names = (s) => seated(s).map((x) => x.name);
  const registered = (s) => (s.players || []).map((p) => (typeof p === "string" ? p : p.name));
  const chipsOf = (s) => Object.fromEntries((s.players || []).filter((p) => p && typeof p.chips === "number").map((p) => [p.name, p.chips]));
  const sectionText = (x) => (!x ? "" : String(x).startsWith("§") ? String(x) : `§${x}`);
  const sig = (x) => JSON.stringify(x);
  function changed(key, value) {
    const text = sig(value);
    if (drawn.get(key) === text) return false;
    drawn.set(key, text);
    return true;
  }

  function fillSelect(select, options) {
    if (!changed(select.id, options)) return;
    const keep = select.value;
    select.replaceChildren(...options.map((n) => el("option", { value: n }, n)));
    if (options.includes(keep)) select.value = keep;
  }

  function renderFlags(s) {
    const c = s.clock || {};
    const flags = [];
    if (!s.started) flags.push(s.tables && seated(s).length ? "SEATS DRAWN" : "REGISTRATION");
    if (s.started && !s.over && (c.paused ?? !c.running)) flags.push("PAUSED");
    if (c.on_break) flags.push("BREAK");
    if (s.hand_for_hand) flags.push("HAND FOR HAND");
    if (s.final_table) flags.push("FINAL TABLE");
    if ((s.breaking || []).length) flags.push(`BREAK TABLE ${s.breaking.join(", ")}`);
    if (Array.isArray(s.level_balance_waiting)) flags.push("BALANCE AT LEVEL CHANGE");
    if (s.over) flags.push("OVER");
    if (changed("flags", flags)) $("flags").replaceChildren(...flags.map((f) => el("span", {}, f)));
    const money = (s.in_the_money || []).length ? ` · in the money: ${s.in_the_money.join(", ")}` : "";
    setText("summary", `${number(s.players_left)} of ${number(s.entrants)} left · average ${number(s.average_stack)}` +
      ` (${(s.average_bb || 0).toFixed(1)} BB) · chips ${number(s.chips_in_play)} · pool ${number(s.prize_pool)}${money}`);
  }

  function renderTables(s) {
    const breaking = new Set(s.breaking || []);
    const waiting = new Set(s.hand_for_hand_waiting || []);
    const levelWait = new Set(s.level_balance_waiting || []);
    if (!changed("tables", [s.tables, s.breaking, s.hand_for_hand, s.hand_for_hand_waiting, s.level_balance_waiting])) return;
    const alive = new Set(names(s));
    for (const n of [...ticked]) if (!alive.has(n)) ticked.delete(n);
    const cardClass = (t) => ["table-card", breaking.has(t.table) ? "breaking" : "", levelWait.has(t.table) ? "level-wait" : ""].join(" ").trim();
    const handLabel = (t) => (s.hand_for_hand ? (waiting.has(t.table) ? "Hand done (H4H)" : "Waiting (H4H)")
      : levelWait.has(t.table) ? "Hand done (level change)" : "Hand done");
    const cards = (s.tables || []).map((t) => el("div", { class: cardClass(t), dataset: { table: t.table, levelWait: levelWait.has(t.table) ? "yes" : "no" } },
      el("h3", {}, `Table ${t.table}${breaking.has(t.table) ? " (breaks)" : ""}`,
        el("span", { class: "row" },
          el("input", { type: "number", min: "1", step: "1", class: "button-seat", placeholder: "button", title: "the button's seat after this hand (optional)",
            value: t.button || "" }),
          el("button", { type: "button", class: "hand-done", dataset: { table: t.table }, title: "a hand finished at this table",
            disabled: s.hand_for_hand && !waiting.has(t.table),
            onclick: (e) => {
              const b = e.target.parentNode.querySelector(".button-seat").value;
              return act("hand_finished", b ? { table: t.table, button: Number(b) } : { table: t.table });
            } }, handLabel(t)))),
      ...t.seats.map((x) => x.name
        ? el("label", { class: x.away ? "seat away" : "seat", dataset: { name: x.name } },
            el("input", { type: "checkbox", class: "bust-tick", checked: ticked.has(x.name), value: x.name,
              onchange: (e) => (e.target.checked ? ticked.add(x.name) : ticked.delete(x.name)) }),
            el("span", { class: "seatno" }, String(x.seat)),
            el("span", { class: "name" }, x.name + (x.away ? " (away)" : "")),
            el("input", { type: "number", min: "1", step: "1", class: "bust-stack", placeholder: "chips",
              value: stackOf.get(x.name) || "", oninput: (e) => stackOf.set(x.name, e.target.value) }))
        : el("div", { class: "seat empty" }, el("span", {}), el("span", { class: "seatno" }, String(x.seat)), el("span", {}, "—"), el("span", {})))));
    $("tables").replaceChildren(...cards);
  }

  function renderMoves(s) {
    if (!changed("moves", s.moves)) return;
    const items = (s.moves || []).map((m) => el("li", { class: m.done ? "done" : "", dataset: { move: m.id } },
      el("span", {}, m.text, el("span", { class: "section-tag" }, sectionText(m.section))),
      m.done ? null : el("button", { type: "button", class: "primary move-done", onclick: () => act("moved", { move_id: m.id }) }, "Done")));
    $("moves").replaceChildren(...(items.length ? items : [el("li", { class: "done" }, "No moves to make.")]));
    setText("breaking", (s.breaking || []).length ? `Tables to break: ${s.breaking.join(", ")}` : "");
    $("print-move-cards").disabled = !moveCards(s).length;
  }

  // §9.15 "between_levels": the balancing waits for the level change, then for every table's hand
  function balanceText(s) {
    const waiting = s.level_balance_waiting;
    if (Array.isArray(waiting) && waiting.length) {
      const which = waiting.length > 1 ? `tables ${waiting.join(", ")} have` : `table ${waiting[0]} has`;
      return `The level has changed: the tables are balanced once ${which} reported the hand under way (Hand done).`;
    }
    if (Array.isArray(waiting)) return "Every table has reported its hand: enter that hand's busts, if any; the tables are balanced with the next event.";
    if (s.balance_at_level_change) return "The tables are out of balance: they are balanced at the next level change.";
    return "";
  }
  function renderBalance(s) {
    const text = balanceText(s);
    setText("level-balance-text", text);
    $("level-balance").hidden = !text;
  }

  // §9.18: the colour-up's chip race, run here from the chips before it or entered after it
  function raceTotal() {
    const boxes = [...$("race-table").querySelectorAll(".race-chips")];
    const total = boxes.reduce((sum, b) => sum + (b.value === "" ? 0 : Number(b.value)), 0);
    const blank = boxes.filter((b) => b.value === "").length;
    const cell = $("race-table").querySelector("#race-total");
    if (cell) cell.textContent = `${number(total)} of ${number((current || {}).chips_in_play)} in play${blank ? ` · ${blank} not entered` : ""}`;
  }
  function renderRace(s) {
    const due = !!s.colour_up;
    $("race-form").hidden = !due;
    $("race-table").hidden = $("race-mode").value === "none";
    $("race-cards-go").hidden = $("race-mode").value !== "stacks";
    if (!due) $("race-cards").replaceChildren();
    const players = seated(s).sort((a, b) => a.table - b.table || a.seat - b.seat);
    if (!changed("race", [due, players.map((p) => [p.name, p.table, p.seat])])) return raceTotal();
    const counts = chipsOf(s);
    const head = el("tr", {}, el("th", {}, "Seat"), el("th", {}, "Player"), el("th", { class: "num" }, "Chips"));
    const rows = due ? players.map((p) => el("tr", { dataset: { name: p.name } },
      el("td", {}, `${p.table}-${p.seat}`), el("td", {}, p.name),
      el("td", { class: "num" }, el("input", { type: "number", min: "0", step: "1", class: "race-chips",
        value: counts[p.name] === undefined ? "" : String(counts[p.name]), oninput: raceTotal })))) : [];
    const foot = el("tr", {}, el("td", {}), el("th", {}, "Total"), el("td", { class: "num", id: "race-total" }));
    $("race-table").replaceChildren(head, ...rows, ...(rows.length ? [foot] : []));
    raceTotal();
  }
  function raceChips() {
    const chips = {};
    for (const row of $("race-table").querySelectorAll("tr[data-name]")) {
      const v = row.querySelector(".race-chips").value;
      if (v !== "") chips[row.dataset.name] = Number(v);
    }
    return chips;
  }
  // who is dealt how many cards at each table, from the chips before the race (the server's §9.18)
  async function raceCards() {
    const answer = await request("/api/race", { stacks: raceChips() });
    if (!answer.ok) {
      $("race-cards").replaceChildren();
      return showError(answer.data.error || `HTTP ${answer.status}`, answer.data.section);
    }
    const plan = answer.data;
    const plural = (n, one) => `${n} ${one}${n === 1 ? "" : "s"}`;
    $("race-cards").replaceChildren(...plan.tables.map((t) => el("li", { dataset: { table: t.table } },
      `Table ${t.table}: `,
      t.cards.length ? t.cards.map((c) => `${c.name} (seat ${c.seat}) ${plural(c.cards, "card")}`).join(", ") : "no odd chips",
      ` · ${plural(t.chips, `chip`)} of ${number(plan.new)} raced for`)));
    showOk(`chip race: one card for each odd ${number(plan.remove)}, dealt in this order`);
  }
  function colourUp() {
    const mode = $("race-mode").value;
    if (mode === "none") return act("colour_up");
    return act("colour_up", { [mode]: raceChips() });
  }

  function raceLine(r) {
    const change = r.chips_removed >= 0 ? `${number(r.chips_removed)} chips removed` : `${number(-r.chips_removed)} chips added`;
    const how = r.tables.length ? "raced here" : "raced with real cards";
    return `Level ${r.level}: the ${number(r.remove)}s off, ${number(r.new)} the smallest chip · ${change} (${how})`;
  }
  function renderRaces(s) {
    const races = s.races || [];
    if (!changed("races", races)) return;
    $("races-none").hidden = races.length > 0;
    $("races").replaceChildren(...races.map((r) => el("details", { class: "race", dataset: { level: r.level, removed: r.chips_removed } },
      el("summary", {}, raceLine(r)),
      ...r.tables.map((t) => el("table", { class: "sheet", dataset: { table: t.table } },
        el("tr", {}, el("th", {}, `Table ${t.table}`), el("th", { class: "num" }, "Before"), el("th", { class: "num" }, "After")),
        ...Object.keys(t.before).map((n) => el("tr", { dataset: { name: n } },
          el("td", {}, n), el("td", { class: "num" }, number(t.before[n])),
          el("td", { class: t.after[n] ? "num" : "num gone" }, t.after[n] ? number(t.after[n]) : "out"))))))));
  }

  function colourText(cu) {
    if (!cu) return "No colour-up due.";
    if (typeof cu.text === "string") return cu.text;
    return Object.entries(cu).map(([k, v]) => `${k.replace(/_/g, " ")}: ${typeof v === "object" ? JSON.stringify(v) : v}`).join("\n");
  }

  const unpaidPrizes = (s) => (s.payouts || []).slice(0, s.players_left);
  function renderDeal(s) {
    const allowed = s.deals_allowed || [];
    fillSelect($("deal-method"), allowed);
    setText("deal-allowed", allowed.length ? `Allowed now: ${allowed.join(", ").replace(/_/g, " ")}. Every remaining player must agree.` : "No deal is allowed now.");
    $("deal-preview").disabled = $("deal-apply").disabled = !allowed.length;
    const stacks = chipsOf(s);
    if (!changed("deal", [allowed, names(s)])) return;
    const head = el("tr", {}, el("th", {}, "Player"), el("th", { class: "num" }, "Chips"), el("th", { class: "num" }, "Deal"), el("th", {}, "Agrees"));
    const rows = allowed.length ? names(s).map((n) => el("tr", { dataset: { name: n } },
      el("td", {}, n),
      el("td", { class: "num" }, el("input", { type: "number", min: "1", step: "1", class: "deal-stack", value: stacks[n] || "" })),
      el("td", { class: "num deal-share" }, el("input", { type: "number", min: "0", step: "1", class: "deal-amount", title: "a custom deal's amount" })),
      el("td", {}, el("input", { type: "checkbox", class: "deal-agree", value: n })))) : [];
    $("deal-table").replaceChildren(head, ...rows);
  }

  function dealStacks() {
    const out = {};
    for (const row of $("deal-table").querySelectorAll("tr[data-name]")) {
      const v = row.querySelector(".deal-stack").value;
      if (v !== "") out[row.dataset.name] = Number(v);
    }
    return out;
  }

  async function dealPreview() {
    const s = current;
    if ($("deal-method").value === "custom") return showOk("a custom deal: enter each player's amount");
    const answer = await request("/api/deal", { method: $("deal-method").value, stacks: dealStacks(), prizes: unpaidPrizes(s) });
    if (!answer.ok) return showError(answer.data.error, answer.data.section);
    for (const row of $("deal-table").querySelectorAll("tr[data-name]")) {
      const share = answer.data.shares[row.dataset.name];
      row.querySelector(".deal-amount").value = share === undefined ? "" : String(share);
    }
    showOk(`${answer.data.method.replace(/_/g, " ")} deal of ${number(answer.data.prizes.reduce((a, b) => a + b, 0))}`);
  }

  function dealApply() {
    const agree = [...$("deal-table").querySelectorAll(".deal-agree:checked")].map((x) => x.value);
    const args = { kind: $("deal-method").value, agree };
    const stacks = dealStacks();
    if (Object.keys(stacks).length) args.stacks = stacks;
    if (args.kind === "custom") {
      args.amounts = {};
      for (const row of $("deal-table").querySelectorAll("tr[data-name]")) {
        args.amounts[row.dataset.name] = Number(row.querySelector(".deal-amount").value || 0);
      }
    }
    return act("deal", args);
  }

  function placesRows(s) {
    return [...(s.places || [])].sort((a, b) => (Array.isArray(a.place) ? a.place[0] : a.place) - (Array.isArray(b.place) ? b.place[0] : b.place));
  }

  function renderPlaces(s) {
    if (!changed("places", [s.places, s.payouts])) return;
    const head = el("tr", {}, el("th", {}, "Place"), el("th", {}, "Player"), el("th", { class: "num" }, "Prize"));
    $("places").replaceChildren(head, ...placesRows(s).map((p) => el("tr", {}, el("td", {}, place(p.place)), el("td", {}, p.name), el("td", { class: "num" }, number(p.prize)))));
  }

  function render(s) {
    current = s;
    const c = s.clock || {};
    setText("name", s.name || "Director");
    setText("level", s.over ? "Over" : c.on_break ? "Break" : `Level ${c.level}`);
    setText("blinds", c.on_break ? "" : `${blinds(c)}${c.ante ? ` · ante ${number(c.ante)}` : ""}`);
    setText("players", `${number(s.players_left)} / ${number(s.entrants)}`);
    const n = c.next;
    setText("next", n ? `Next: ${n.is_break ? "break" : `${blinds(n)}${n.ante ? ` · ante ${number(n.ante)}` : ""}`}` : "");
    renderFlags(s);
    const anySeated = seated(s).length > 0;
    $("seat-draw").disabled = anySeated || s.started;
    $("start").disabled = !!s.started || !anySeated;
    $("print-cards").disabled = !anySeated;
    $("pause").disabled = !s.started || s.over || !c.running;
    $("resume").disabled = !s.started || s.over || !!c.running;
    const reg = registered(s);
    setText("registered", reg.length ? `Registered (${reg.length}): ${reg.join(", ")}` : `Entrants: ${number(s.entrants)}`);
    fillSelect($("buy-name"), names(s));
    fillSelect($("away-name"), names(s));
    fillSelect($("count-name"), names(s));
    renderTables(s);
    renderMoves(s);
    renderBalance(s);
    if (changed("colour", s.colour_up)) setText("colour", colourText(s.colour_up));
    $("colour-up").disabled = !s.colour_up;
    renderRace(s);
    renderRaces(s);
    renderDeal(s);
    renderPlaces(s);
    if (changed("latest", s.latest)) $("latest").replaceChildren(...(s.latest || []).map((t) => el("li", {}, t)));
  }

  function tick({ remaining, status }) {
    setText("clock", status.started ? duration(remaining) : "--:--");
    $("clock").classList.toggle("warning", !!(status.clock || {}).warning);
  }

  // ---------- printing ----------
  // a moved player's new seat card (the seat he is moved to, §9.15/§9.16/§9.17)
  const moveCards = (s) => (s.moves || []).filter((m) => !m.done).map((m) => ({ name: m.name, table: m.to.table, seat: m.to.seat }));
  function printSheet(kind) {
    const s = current;
    if (kind === "cards" || kind === "move-cards") {
      const who = kind === "cards" ? seated(s) : moveCards(s);
      const cards = who.sort((a, b) => a.table - b.table || a.seat - b.seat).map((x) => el("div", { class: "seat-card" },
        el("div", { class: "card-name" }, x.name),
        el("div", { class: "card-seat" }, `Table ${x.table} · Seat ${x.seat}`),
        el("div", { class: "card-event" }, s.name || "")));
      $("seat-cards").replaceChildren(...cards);
    } else {
      const head = el("tr", {}, el("th", {}, "Place"), el("th", {}, "Player"), el("th", {}, "Prize"), el("th", {}, "Signature"));
      const rows = placesRows(s).map((p) => el("tr", {}, el("td", {}, place(p.place)), el("td", {}, p.name), el("td", { class: "num" }, number(p.prize)), el("td", {}, "")));
      $("payout-sheet").replaceChildren(
        el("h1", {}, `${s.name || "Tournament"}: payouts`),
        el("p", {}, `${number(s.entrants)} entrants · prize pool ${number(s.prize_pool)}`),
        el("table", {}, head, ...rows),
        el("p", { class: "sign" }, "Director: ______________________"));
    }
    document.body.classList.add(kind === "payouts" ? "print-payouts" : "print-cards");
    window.print();
    document.body.classList.remove("print-cards", "print-payouts");
  }

  // ---------- wiring ----------
  function selected(id) { return $(id).value; }
  function wire() {
    $("login").addEventListener("submit", login);
    $("pause").onclick = () => act("pause");
    $("resume").onclick = () => act("resume");
    $("undo").onclick = () => act("undo");
    $("register").onclick = async () => {
      const name = $("register-name").value.trim();
      if (await act("register", { name })) $("register-name").value = "";
    };
    $("register-name").addEventListener("keydown", (e) => { if (e.key === "Enter") $("register").click(); });
    $("seat-draw").onclick = () => act("seat_draw");
    $("start").onclick = () => act("start");
    for (const b of document.querySelectorAll("[data-adjust]")) b.onclick = () => act("adjust_clock", { seconds: Number(b.dataset.adjust) });
    $("adjust").onclick = () => act("adjust_clock", { seconds: Number($("adjust-seconds").value) });
    $("rebuy").onclick = () => act("rebuy", { name: selected("buy-name") });
    $("add-on").onclick = () => act("add_on", { name: selected("buy-name") });
    $("late-entry").onclick = async () => {
      if (await act("late_entry", { name: $("late-name").value.trim() })) $("late-name").value = "";
    };
    $("away").onclick = () => act("away", { name: selected("away-name") });
    $("back").onclick = () => act("back", { name: selected("away-name") });
    $("chip-count").onclick = () => act("chip_count", { name: selected("count-name"), chips: Number($("count-chips").value) });
    $("bust").onclick = async () => {
      const out = [...ticked];
      const args = { names: out };
      const hand = $("hand-id").value.trim();
      if (hand) args.hand_id = hand;
      if (out.length > 1 && out.every((n) => stackOf.get(n))) args.stacks = Object.fromEntries(out.map((n) => [n, Number(stackOf.get(n))]));
      if (await act("bust", args)) {
        for (const n of out) { ticked.delete(n); stackOf.delete(n); }
        $("hand-id").value = "";
        drawn.delete("tables");
        render(current);
      }
    };
    $("colour-up").onclick = colourUp;
    $("race-mode").onchange = () => {
      $("race-table").hidden = $("race-mode").value === "none";
      $("race-cards-go").hidden = $("race-mode").value !== "stacks";
    };
    $("race-cards-go").onclick = raceCards;
    $("deal-preview").onclick = dealPreview;
    $("deal-apply").onclick = dealApply;
    $("print-cards").onclick = () => printSheet("cards");
    $("print-move-cards").onclick = () => printSheet("move-cards");
    $("print-payouts").onclick = () => printSheet("payouts");
  }

  wire();
  takeFragment();
  if (secret()) login();
  else $("login").hidden = false;
})();
