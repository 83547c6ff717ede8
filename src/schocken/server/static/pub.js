// Pub mode in the browser (/pub, /pub/ID): real dice on the table, one phone keeps the game.
// The scorer names the players once, then enters each turn; the server's engine applies the
// rules (src/schocken/server/pub.py) and says what happened. Words come from the catalogue.
// The page's helpers (t, el, announce, ...) come from app.js, which imports this module.
//
// Without a signal the referee is out of reach: a new game (its id and token made here) and
// each turn wait in the phone's queue (offline.js) with the player the scorer says threw, and
// are refereed by the server when the signal returns; a turn it refuses is shown here to settle.

import * as pieces from "/static/pieces.js";
import * as offline from "/static/offline.js";
import * as rulesPage from "/static/rules.js";

const MAX_PLAYERS = 10;

let ctx = null; // { t, el, main, announce }
const pub = {
  id: null,
  token: null,
  view: null,
  log: [], // what each entry did (a list of lines each), newest last (the server's on a load)
  error: "",
  // the turn being entered
  mode: "dice",
  dice: [null, null, null],
  result: null,
  throws: 1,
  turned: 0,
  hand: false,
  covered: null, // null: as the rules say
  blind: false, // the opener opens the round blind (rules with blind)
  busy: false,
  // without a signal
  players: null, // the players when there is no view yet (a game made without a signal)
  who: null, // the seat the scorer says threw (offline)
};

/** The pub page for this path: the form for a new game, or the game. */
export function route(helpers, path) {
  ctx = helpers;
  offline.setWords(ctx.t);
  offline.mountStatus(true);
  listen();
  const id = rulesPage.fromLink(path.slice("/pub/".length)) ?? path.slice("/pub/".length);
  if (path.startsWith("/pub/") && id) openGame(id);
  else renderStart();
}

// ---------------------------------------------------------------- talking to the server

function lang() {
  return document.documentElement.lang || "en";
}

async function call(path, body, entry = null) {
  const headers = entry ? { "x-entry-id": entry } : {};
  const response = await offline.fetchOrLose(`${path}?lang=${lang()}`, body === undefined
    ? { headers: { "x-pub-token": pub.token || "" } }
    : { method: "POST", headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ token: pub.token, ...body }) });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

// ---------------------------------------------------------------- a new game

/** A game for a club's evening: the club's page ("New pub game" in Tonight) leaves who came
 * here for the start form, and the game is noted as the club's (its page offers it for the
 * book once it is over). */
function forClub() {
  try {
    return JSON.parse(sessionStorage.getItem("schocken:pub-next") || "null");
  } catch {
    return null;
  }
}

async function renderStart() {
  const { t, el } = ctx;
  const desc = await rulesPage.options();
  const error = el("p", { class: "error", role: "alert" });
  const names = el("div", { id: "pub-names" });
  const next = forClub();
  const given = next?.players || [];
  const addName = () => {
    const n = names.children.length + 1;
    names.append(el("div", { class: "pub-name" },
      el("label", { for: `player-${n}` }, t("pub_web_player", { n })),
      el("input", { id: `player-${n}`, name: "player", maxlength: "40", autocomplete: "off",
        required: n <= 2, value: given[n - 1] || null })));
    add.hidden = n >= MAX_PLAYERS;
  };
  const add = el("button", { type: "button", class: "secondary", id: "add-player",
    onclick: () => { addName(); names.lastChild.querySelector("input").focus(); } },
  `+ ${t("pub_web_add_player")}`);
  do addName(); while (names.children.length < Math.max(2, Math.min(given.length, MAX_PLAYERS)));
  const form = el("form", { class: "card", onsubmit: (e) => create(e, error) },
    el("h1", {}, t("pub_web_title")),
    next ? el("p", { id: "pub-for-club" }, t("pub_web_for_club", { club: next.name, date: next.date })) : el("p", {}, t("pub_web_intro")),
    el("fieldset", { class: "pub-players" }, el("legend", {}, t("pub_web_players")), names, add),
    rulesPage.startFields({ t, el }, desc, { preferClub: next?.club }),
    el("label", { for: "half-stake" }, t("pub_web_half_stake")),
    el("input", { id: "half-stake", name: "half_stake", maxlength: "100", "aria-describedby": "stake-hint" }),
    el("label", { for: "game-stake" }, t("pub_web_game_stake")),
    el("input", { id: "game-stake", name: "game_stake", maxlength: "100", "aria-describedby": "stake-hint" }),
    el("p", { id: "stake-hint", class: "hint" }, t("pub_web_stake_hint")),
    el("p", {}, el("button", { class: "primary wide", type: "submit" }, t("pub_web_start"))),
    error);
  ctx.main.replaceChildren(form);
}

async function create(event, error) {
  event.preventDefault();
  const f = event.target;
  const players = [...f.querySelectorAll("input[name=player]")].map((i) => i.value.trim()).filter(Boolean);
  // The game's id and token are made here, so the game can begin without a signal: the request
  // that makes it is the same whether it is sent now or later (and made once).
  const id = offline.randomText(9);
  const token = offline.randomText(16);
  const body = {
    id, token, players, rules: f.preset.value, rules_toml: rulesPage.houseRules(f),
    half_stake: f.half_stake.value, game_stake: f.game_stake.value,
  };
  try {
    pub.token = token;
    const made = await offline.enter({ kind: "pub", pub: id, path: `/api/pub?lang=${lang()}`, body,
      label: ctx.t("pub_offline_new_game", { players: players.join(", ") }) }, (entry) => call("/api/pub", body, entry.id));
    localStorage.setItem(`schocken:pub:${id}`, token);
    const next = forClub();
    if (next) {
      localStorage.setItem(`schocken:pub-club:${id}`, JSON.stringify({ club: next.club, name: next.name, date: next.date }));
      sessionStorage.removeItem("schocken:pub-next");
    }
    history.pushState(null, "", `/pub/${id}`);
    pub.id = id;
    pub.log = [];
    pub.view = null;
    pub.players = players;
    if (made.queued) render();
    else show(made);
  } catch (e) {
    error.textContent = offline.isNetworkError(e) ? ctx.t("offline_needs_signal") : e.message;
  }
}

// ---------------------------------------------------------------- the game

async function openGame(id) {
  pub.id = id;
  // A link with #TOKEN is read once and the address cleaned (like the table's).
  const hash = rulesPage.fromLink(location.hash.slice(1)) ?? location.hash.slice(1);
  if (hash) {
    localStorage.setItem(`schocken:pub:${id}`, hash);
    history.replaceState(null, "", location.pathname);
  }
  pub.token = localStorage.getItem(`schocken:pub:${id}`);
  if (!pub.token) {
    ctx.main.replaceChildren(ctx.el("p", { class: "card error", role: "alert" }, ctx.t("pub_web_unknown")));
    return;
  }
  await offline.ready();
  pub.view = null;
  pub.players = null;
  try {
    const view = await call(`/api/pub/${id}`);
    pub.log = view.log.filter((lines) => lines.length);
    show(view);
  } catch (e) {
    // Without a signal: the game as this phone last saw it, or as it was made here.
    const kept = await offline.recall(`pub:${id}`);
    const made = offline.pending({ pub: id }).find((x) => x.body.players);
    if (offline.isNetworkError(e) && (kept || made)) {
      pub.view = kept;
      pub.players = kept ? kept.players : made.body.players;
      render();
      return;
    }
    ctx.main.replaceChildren(ctx.el("p", { class: "card error", role: "alert" }, e.message));
  }
}

let listening = false;

/** The queue changed: the game is drawn anew (its waiting turns); an entry of this game the
 * server applied brings its view. */
function listen() {
  if (listening) return;
  listening = true;
  // Drawn anew only when this game's entries change (not on every word of the status line).
  let drawn = "";
  offline.onChange(() => {
    const now = JSON.stringify(offline.pending({ pub: pub.id }).map((e) => [e.seq, e.state]));
    if (now === drawn) return;
    drawn = now;
    if (pub.id && location.pathname === `/pub/${pub.id}` && (pub.view || pub.players)) render();
  });
  offline.onApplied((entry, answer) => {
    if (entry.kind !== "pub" || entry.pub !== pub.id || !answer.state) return;
    const waiting = offline.pending({ pub: pub.id }).length;
    if (waiting === 0 && location.pathname === `/pub/${pub.id}`) {
      openGame(pub.id); // the game with its log
      return;
    }
    pub.view = answer;
    pub.players = null;
    offline.remember(`pub:${pub.id}`, answer);
  });
}

function show(view) {
  const newTurn = !pub.view || view.entries !== pub.view.entries || view.state.seat !== pub.view.state.seat;
  pub.view = view;
  pub.id = view.id;
  offline.remember(`pub:${view.id}`, view);
  if (newTurn) resetEntry();
  if (view.said.length) {
    pub.log.push(view.said);
    ctx.announce(view.said.join(" "));
  }
  render();
}

function resetEntry() {
  pub.dice = [null, null, null];
  pub.result = null;
  pub.throws = 1;
  pub.turned = 0;
  pub.hand = false;
  pub.covered = null;
  pub.blind = false;
  pub.error = "";
  pub.who = null;
}

/** An entry of the game: sent to the referee now, or kept in the phone's queue (without a
 * signal, or behind turns that wait) with an id made here, so it is entered once. */
async function send(what, body, label = null) {
  if (pub.busy) return;
  pub.busy = true;
  try {
    pub.error = "";
    const path = `/api/pub/${pub.id}/${what}`;
    const answer = await offline.enter({ kind: "pub", pub: pub.id, path: `${path}?lang=${lang()}`,
      body: { token: pub.token, ...body }, label: label || what }, (entry) => call(path, body, entry.id));
    if (answer.queued) {
      resetEntry();
      render();
      ctx.announce(ctx.t("pub_offline_saved", { turn: answer.queued.label }));
    } else {
      show(answer);
    }
  } catch (e) {
    pub.error = ctx.t("pub_refused", { reason: e.message });
    render();
    document.getElementById("pub-error")?.focus();
  } finally {
    pub.busy = false;
  }
}

/** A turn in words: "Anna: 6-5-3, 1 throw(s)". */
function turnLabel(seat, dice, throws) {
  const players = pub.view?.players || pub.players;
  return ctx.t("pub_offline_turn", { name: players[seat], dice: dice.join("-"), throws });
}

function save() {
  const t = ctx.t;
  const v = pub.view;
  const extra = {};
  if (pub.turned) extra.turned = pub.turned;
  if (pub.covered != null) extra.covered = pub.covered;
  if (pub.blind && v.blind) extra.blind = true;
  const seat = v.state.seat; // named, so that a turn kept without a signal is checked as meant
  const players = v.players;
  if (pub.mode === "result") {
    if (!pub.result) return complain(t("pub_web_pick_result"));
    return send("result", { result: pub.result, throws: pub.throws, seat, ...extra },
      t("pub_offline_turn", { name: players[seat], dice: pub.result, throws: pub.throws }));
  }
  if (oneDie(v)) {  // the opening of one die each: one die, one throw
    if (pub.dice[0] == null) return complain(t("pub_web_pick_die"));
    return send("turn", { dice: [pub.dice[0]], throws: 1, seat }, turnLabel(seat, [pub.dice[0]], 1));
  }
  if (pub.dice.includes(null)) return complain(t("pub_web_pick_dice"));
  if (pub.hand && pub.throws > 1 && !pub.turned) extra.hand = true;
  const throws = Math.min(pub.throws, v.state.limit);
  return send("turn", { dice: pub.dice, throws, seat, ...extra }, turnLabel(seat, pub.dice, throws));
}

/** Whether the turn is one die (the opening of one die each: high_die, low_die). */
function oneDie(v) {
  return v.state.round_kind === "opening_die";
}

function complain(text) {
  pub.error = text;
  render();
}

async function download() {
  const response = await fetch(`/api/pub/${pub.id}/record`, { headers: { "x-pub-token": pub.token } });
  const url = URL.createObjectURL(await response.blob());
  const a = ctx.el("a", { href: url, download: `schocken-pub-${pub.id}.json` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// ---------------------------------------------------------------- drawing

/** Whether the game's first entry not yet refereed was refused (held), with a signal: the
 * game is shown as the referee has it, to go on from there (a buy-in to answer first, say),
 * with the held entries listed to send again or discard. */
function stuck() {
  const mine = offline.pending({ pub: pub.id });
  return mine.length > 0 && mine[0].state === "conflict" && offline.isOnline() && Boolean(pub.view);
}

function render() {
  const held = stuck();
  if (!pub.view || (offline.pending({ pub: pub.id }).length && !held)) {
    renderOffline();
    return;
  }
  const { el, t } = ctx;
  const v = pub.view;
  const s = v.state;
  const parts = [renderStanding(v)];
  if (s.ask === "turn") parts.unshift(renderTurn(v));
  else if (s.ask === "buy_in") parts.unshift(renderBuyIn(v));
  else parts.unshift(renderOver(v));
  if (held) parts.splice(1, 0, waitingList(offline.pending({ pub: pub.id }), v));
  if (pub.log.length) {
    parts.push(el("section", { class: "card pub-log", "aria-labelledby": "pub-log-title" },
      el("h2", { id: "pub-log-title" }, t("pub_web_log")),
      el("ul", {}, pub.log.slice(-8).reverse().map((lines) =>
        el("li", {}, lines.map((line) => el("span", { class: "line" }, line)))))));
  }
  const undo = el("button", { id: "pub-undo", type: "button", class: "secondary",
    "aria-label": t("pub_web_undo_label"), disabled: v.entries === 0,
    onclick: () => send("undo", { count: 1 }, t("pub_offline_undo")) }, `↶ ${t("pub_web_undo")}`);
  const bar = el("div", { class: "pub-bar", "data-entries": String(v.entries) }, undo,
    s.ask === "turn" ? el("button", { id: "pub-save", type: "button", class: "primary", onclick: save }, t("pub_web_save")) : null);
  // Drawn anew after every tap: the control that had the keyboard's focus keeps it.
  const active = document.activeElement;
  const focused = active?.matches(":focus-visible") ? active.id : null;
  ctx.main.replaceChildren(...parts, bar);
  if (focused) document.getElementById(focused)?.focus();
}

/** The game without a signal (or with turns waiting): the scorer says who threw, the dice and
 * the throws; the turns wait in the queue, listed with the standing as of the last signal. A
 * turn the referee refused when it was sent is shown to be discarded or sent again. */
function renderOffline() {
  const { el, t } = ctx;
  const v = pub.view;
  const players = v?.players || pub.players || [];
  const mine = offline.pending({ pub: pub.id });
  const playing = v?.state.playing || players.map(() => true);
  if (pub.who == null || pub.who >= players.length) {
    const last = [...mine].reverse().find((e) => Number.isInteger(e.body.seat));
    if (last) {
      pub.who = last.body.seat;
      for (let i = 1; i <= players.length; i += 1) {
        const seat = (last.body.seat + i) % players.length;
        if (playing[seat] !== false) {
          pub.who = seat;
          break;
        }
      }
    } else {
      pub.who = v?.state.ask === "turn" ? v.state.seat : 0;
    }
  }
  const saveTurn = () => {
    if (pub.dice.includes(null)) return complain(t("pub_web_pick_dice"));
    const seat = pub.who;
    return send("turn", { dice: pub.dice, throws: pub.throws, seat }, turnLabel(seat, pub.dice, pub.throws));
  };
  const takeBack = async () => {
    const last = [...mine].reverse().find((e) => e.state === "waiting" && (e.body.dice || e.body.result));
    if (!last) return;
    await offline.discard(last.seq);
    pub.who = null;
    ctx.announce(t("pub_offline_taken_back", { turn: last.label }));
  };
  const turn = el("section", { class: "card pub-turn pub-offline", "aria-labelledby": "pub-turn-title" },
    el("h1", { id: "pub-turn-title" }, t("pub_offline_title")),
    el("p", { class: "hint", id: "pub-offline-hint" }, t("pub_offline_hint")),
    el("p", { id: "pub-error", class: "error", role: "alert", tabindex: "-1" }, pub.error),
    choice("pub-who", t("pub_offline_who"), players.map((n, i) => [i, n]), pub.who, (i) => { pub.who = i; render(); }),
    dicePickers(),
    choice("pub-throws", t("pub_web_throws"), [1, 2, 3].map((n) => [n, String(n)]), pub.throws,
      (n) => { pub.throws = n; render(); }));
  const list = waitingList(mine, v);
  const bar = el("div", { class: "pub-bar" },
    el("button", { id: "pub-take-back", type: "button", class: "secondary", onclick: takeBack,
      disabled: !mine.some((e) => e.state === "waiting" && (e.body.dice || e.body.result)) }, `↶ ${t("pub_offline_take_back")}`),
    el("button", { id: "pub-save", type: "button", class: "primary", onclick: saveTurn }, t("pub_web_save")));
  const active = document.activeElement;
  const focused = active?.matches(":focus-visible") ? active.id : null;
  ctx.main.replaceChildren(turn, list, bar);
  if (focused) document.getElementById(focused)?.focus();
}

/** The game's entries not refereed yet, the newest first (numbered as entered), each waiting
 * or held with the referee's reason, "Send again" and "Discard"; the standing as last known. */
function waitingList(mine, v) {
  const { el, t } = ctx;
  return el("section", { class: "card pub-log", "aria-labelledby": "pub-waiting-title" },
    el("h2", { id: "pub-waiting-title" }, t("pub_offline_waiting", { count: mine.length })),
    v && !stuck() ? el("p", { id: "pub-standing" }, t("pub_offline_standing", { standing: v.standing })) : null,
    el("ol", { id: "pub-waiting", reversed: true }, mine.map((e, i) => el("li", { class: e.state === "conflict" ? "held" : "waiting" },
      el("span", { class: "line" }, e.label),
      e.state === "conflict" ? [
        el("span", { class: "line error" }, t("pub_offline_refused", { reason: e.reason })),
        el("span", { class: "club-queue-choices" },
          el("button", { type: "button", class: "small", id: `pub-retry-${i}`, onclick: () => offline.retry(e.seq) }, t("offline_try_again")),
          el("button", { type: "button", class: "small secondary", id: `pub-discard-${i}`, onclick: () => offline.discard(e.seq) },
            t("offline_discard")))]
        : el("span", { class: "line hint" }, t("offline_state_waiting")))).reverse()));
}

function renderTurn(v) {
  const { el, t } = ctx;
  const s = v.state;
  const name = v.players[s.seat];
  const card = el("section", { class: "card pub-turn", "aria-labelledby": "pub-turn-title" },
    el("h1", { id: "pub-turn-title" }, t("pub_web_turn_of", { name })),
    el("p", { class: "pub-prompt", id: "pub-prompt" }, v.prompt),
    el("p", { id: "pub-error", class: "error", role: "alert", tabindex: "-1" }, pub.error));
  if (oneDie(v)) {  // one die each: the die only (one throw, never covered)
    card.append(dicePickers(1));
    return card;
  }
  card.append(choice("pub-mode", t("pub_web_how"),
    [["dice", t("pub_web_by_dice")], ["result", t("pub_web_by_result")]], pub.mode,
    (m) => { pub.mode = m; render(); }));
  if (pub.mode === "dice") card.append(dicePickers());
  else card.append(resultPicker(v));
  if (v.blind) {
    card.append(toggle("pub-blind", t("pub_web_blind"), pub.blind,
      (on) => { pub.blind = on; if (on) { pub.throws = 1; pub.turned = 0; } render(); }));
  }
  const limit = pub.blind && v.blind ? 1 : s.limit;
  const throws = Array.from({ length: limit }, (_, i) => [i + 1, String(i + 1)]);
  if (pub.throws > limit) pub.throws = 1;
  card.append(choice("pub-throws", t("pub_web_throws"), throws, pub.throws,
    (n) => { pub.throws = n; if (n === 1) pub.turned = 0; pub.covered = null; render(); }));
  if (pub.throws > 1 && v.options.sixes_turn) {
    card.append(choice("pub-turned", t("pub_web_turned"),
      [0, 1, 2].map((n) => [n, t(`pub_web_turned_${n}`)]), pub.turned,
      (n) => { pub.turned = n; render(); }));
  }
  if (pub.throws > 1 && !pub.turned && pub.mode === "dice") {
    card.append(toggle("pub-hand", t("pub_web_hand"), pub.hand, (on) => { pub.hand = on; }));
  }
  if (v.covers.some(Boolean)) {
    const covered = pub.covered ?? Boolean(v.covers[pub.throws - 1]);
    card.append(toggle("pub-covered", t("pub_web_covered"), covered, (on) => { pub.covered = on; }));
  }
  return card;
}

// A row of big buttons of which one is chosen (a radio group).
function choice(id, label, options, chosen, pick) {
  const { el } = ctx;
  return el("fieldset", { class: "pub-choice", id },
    el("legend", {}, label),
    el("div", { class: "pub-options" }, options.map(([value, text]) =>
      el("label", { class: value === chosen ? "pub-option on" : "pub-option" },
        el("input", { type: "radio", name: id, id: `${id}-${String(value).replace(/\W/g, "_")}`,
          value: String(value), checked: value === chosen,
          onchange: () => pick(value) }),
        el("span", {}, text)))));
}

function toggle(id, label, on, set) {
  const { el } = ctx;
  return el("label", { class: "pub-toggle", for: id },
    el("input", { type: "checkbox", id, checked: on, onchange: (e) => set(e.target.checked) }),
    el("span", {}, label));
}

// Three rows of die faces, or one (``count`` 1: the opening of one die each).
function dicePickers(count = 3) {
  const { el, t } = ctx;
  const one = count === 1;
  const box = el("fieldset", { class: "pub-dice", id: one ? "pub-one-die" : null },
    el("legend", {}, t(one ? "pub_web_one_die" : "pub_web_dice")));
  for (let d = 0; d < count; d++) {
    const row = el("div", { class: "pub-die-row", role: "radiogroup",
      "aria-label": one ? t("pub_web_one_die") : t("pub_web_die", { n: d + 1 }) });
    for (let pips = 1; pips <= 6; pips++) {
      const on = pub.dice[d] === pips;
      const label = one ? t("pub_web_one_die_pips", { pips }) : t("pub_web_die_pips", { n: d + 1, pips });
      row.append(el("label", { class: on ? "pub-face on" : "pub-face", for: `d${d}-${pips}` },
        el("input", { type: "radio", id: `d${d}-${pips}`, name: `die-${d}`, value: String(pips),
          checked: on, "aria-label": label,
          onchange: () => { pub.dice[d] = pips; render(); } }),
        pieces.dieFace(pips)));
    }
    box.append(row);
  }
  return box;
}

function resultNames(options) {
  const names = ["Schock-Aus"];
  if (options.hand_aus) names.push("Hand-Aus");
  if (options.nutte) names.push("Nutte");
  if (options.jule) names.push("Jule");
  if (options.achter) names.push("Achter");
  for (let n = 6; n >= 2; n--) names.push(`Schock ${n}`);
  if (options.general) for (let n = 6; n >= 2; n--) names.push(`General ${n}`);
  const tops = options.strassen === "outer" ? [6, 3] : [6, 5, 4, 3];
  for (const n of tops) names.push(`Straße ${n}-${n - 1}-${n - 2}`);
  return names;
}

function resultPicker(v) {
  const { t } = ctx;
  return choice("pub-result", t("pub_web_result"), resultNames(v.options).map((n) => [n, n.replace("Straße", t("strasse_word"))]), pub.result,
    (n) => { pub.result = n; render(); });
}

function renderBuyIn(v) {
  const { el, t } = ctx;
  const seat = v.state.seat;
  return el("section", { class: "card pub-turn", "aria-labelledby": "pub-turn-title" },
    el("h1", { id: "pub-turn-title" }, v.prompt),
    el("p", { id: "pub-error", class: "error", role: "alert", tabindex: "-1" }, pub.error),
    el("div", { class: "pub-options" },
      el("button", { type: "button", class: "primary", onclick: () => send("buy_in", { seat, buys_in: true },
        t("pub_offline_buys_in", { name: v.players[seat] })) }, t("pub_web_yes")),
      el("button", { type: "button", class: "secondary", onclick: () => send("buy_in", { seat, buys_in: false },
        t("pub_offline_stays_out", { name: v.players[seat] })) }, t("pub_web_no"))));
}

function renderOver(v) {
  const { el, t } = ctx;
  const kept = JSON.parse(localStorage.getItem(`schocken:pub-club:${pub.id}`) || "null");
  const back = kept ? `/club/${encodeURIComponent(kept.club)}${kept.date ? `?evening=${encodeURIComponent(kept.date)}` : ""}` : null;
  return el("section", { class: "card pub-turn", "aria-labelledby": "pub-turn-title" },
    el("h1", { id: "pub-turn-title" }, v.prompt),
    v.game_stake ? el("p", { class: "pub-owes" }, t("pub_owes", { loser: v.players[v.state.loser], stake: v.game_stake })) : null,
    kept ? el("p", {}, el("a", { href: back, id: "pub-to-book", class: "pub-book-link" }, t("pub_web_to_book", { club: kept.name }))) : null,
    el("p", {}, el("button", { type: "button", id: "pub-record", class: "primary", onclick: download }, t("pub_web_record"))),
    v.next === undefined ? el("p", {}, el("a", { href: "/pub" }, t("pub_web_new"))) : nextGame());
}

/** A tournament's table counted on this phone: its next game (the same players, rules and
 * token), made by the server once this one is over; the game counts by itself. */
function nextGame() {
  const { el, t } = ctx;
  const error = el("p", { class: "error", role: "alert" });
  const go = async () => {
    try {
      const next = await call(`/api/pub/${pub.id}/next`, {});
      localStorage.setItem(`schocken:pub:${next.id}`, pub.token);
      location.assign(`/pub/${encodeURIComponent(next.id)}`);
    } catch (e) {
      error.textContent = offline.isNetworkError(e) ? ctx.t("offline_needs_signal") : e.message;
    }
  };
  return el("div", {}, el("p", {}, t("pub_web_counts")),
    el("p", {}, el("button", { type: "button", id: "pub-next", class: "primary", onclick: go }, t("pub_web_next_game"))),
    error);
}

function renderStanding(v) {
  const { el, t } = ctx;
  const s = v.state;
  const shown = new Map(s.turns.map((turn) => [turn.seat, turn]));
  return el("section", { class: "card pub-standing", "aria-labelledby": "pub-standing-title" },
    el("h2", { id: "pub-standing-title" }, t("pub_web_standing")),
    el("p", { id: "pub-standing" }, v.standing),
    el("ul", { class: "pub-seats" },
      el("li", { class: "pub-seat middle" },
        el("span", { class: "name" }, t("pub_web_middle")),
        pieces.deckelStack(s.middle),
        el("span", { class: "count" }, el("span", { "aria-hidden": "true" }, String(s.middle)), el("span", { class: "visually-hidden" }, t("ui_deckel", { count: s.middle })))),
      v.players.map((name, seat) => {
        const turn = shown.get(seat);
        const classes = ["pub-seat"];
        if (s.ask === "turn" && s.seat === seat) classes.push("current");
        if (!s.playing[seat]) classes.push("out");
        return el("li", { class: classes.join(" ") },
          el("span", { class: "name" }, name, s.playing[seat] ? null : ` (${t("pub_web_out")})`),
          pieces.deckelStack(s.deckel[seat]),
          el("span", { class: "count" }, el("span", { "aria-hidden": "true" }, String(s.deckel[seat])), el("span", { class: "visually-hidden" }, t("ui_deckel", { count: s.deckel[seat] }))),
          turn ? el("span", { class: "pub-shown" }, turn.dice
            ? pieces.diceRow(turn.dice, `${turn.result} (${turn.throws})`)
            : t("pub_web_covered_cup")) : null);
      })));
}
