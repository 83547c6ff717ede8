// Drawing the table's page, and its lobby: players, bots, the table's rules, the invite.

import * as rulesPage from "/static/rules.js";
import { api, app, el, main, routed, t } from "/static/page.js";
import { renderGame } from "/static/table/game.js";

// ---------------------------------------------------------------- drawing the page

export function render() {
  const m = app.msg;
  if (!m) return;
  const focusId = document.activeElement?.id;
  const oldLog = document.getElementById("log");
  // The log follows the game unless the player scrolled it up to read.
  const follow = !oldLog || oldLog.scrollHeight - oldLog.scrollTop - oldLog.clientHeight < 30;
  const oldTop = oldLog ? oldLog.scrollTop : 0;
  const seeded = document.body.dataset.seeded === "true";
  const parts = [];
  if (seeded) parts.push(el("p", { class: "seeded wide" }, t("web_seeded")));
  parts.push(m.view ? renderGame(m) : renderLobby(m));
  main.replaceChildren(...parts.flat());
  const log = document.getElementById("log");
  if (log) log.scrollTop = follow ? log.scrollHeight : oldTop;
  if (focusId && focusId !== "main") document.getElementById(focusId)?.focus({ preventScroll: true });
  fitTray();
  app.rolledSeats = new Set();
}

// On a phone the tray with the dice and buttons sits at the bottom of the screen; the page
// leaves room for it so nothing hides behind it.
function fitTray() {
  const tray = main.querySelector(".tray");
  const fixed = tray && getComputedStyle(tray).position === "fixed";
  main.style.paddingBottom = fixed ? `${tray.offsetHeight + 16}px` : "";
}

export function names(m) {
  return m.table.seats.map((s, i) => s.name || `${t("web_seat_free")} ${i + 1}`);
}

const BOT_KINDS = ["regular", "solver", "half", "random"];

// The built-in bots, and at a table the operator's bot plug-ins too (the table's `plugins`), a
// plug-in by its name as it is.
export function botOptions() {
  const kinds = [...BOT_KINDS, ...(app.msg?.table?.plugins || [])];
  return kinds.map((b) => el("option", { value: b }, BOT_KINDS.includes(b) ? t(`web_bot_${b}`) : b));
}

export function botLabel(kind) {
  return `${t("web_bot")}: ${BOT_KINDS.includes(kind) ? t(`web_bot_${kind}`) : kind}`;
}

function botChoice() {
  const select = el("select", { id: "lobby-bot", onchange: (e) => { app.lobbyBot = e.target.value; } },
    botOptions());
  select.value = app.lobbyBot || "regular";
  return el("p", {}, el("label", { for: "lobby-bot" }, t("web_bot_level")), " ", select);
}

// The robot mark of a seat a program plays (the bot API: docs/bots-api.md), for everyone.
export function programMark(seat) {
  return el("span", { class: "badge program", id: `program-${seat}`, role: "img", "aria-label": t("web_program_mark"), title: t("web_program_mark") }, "🤖");
}

// The host seats a program: a name, then the seat's bot token (shown only now, with the command
// that lets a bot of the package play it).
function programForm(m) {
  const name = el("input", { id: "program-name", maxlength: "40", autocomplete: "off" });
  const seat = async () => {
    try {
      const made = await api(`/api/tables/${app.tableId}/programs`, { token: app.token, name: name.value });
      app.program = { name: name.value.trim(), token: made.token };
      app.error = "";
    } catch (e) {
      app.error = e.message;
    }
    render();
  };
  const shown = app.program;
  const command = shown ? `schocken bot-play ${location.origin}/t/${m.table.id} ${shown.token} --bot regular` : "";
  return el("section", { "aria-labelledby": "program-h" },
    el("h2", { id: "program-h" }, t("web_program_heading")),
    m.table.seats.some((s) => !s.name)
      ? el("p", { class: "row" }, el("label", { for: "program-name" }, t("web_program_name")), " ", name,
        el("button", { class: "secondary", type: "button", id: "add-program", onclick: seat }, t("web_program_add")))
      : null,
    shown
      ? el("div", { id: "program-token", role: "status" },
        el("p", {}, t("web_program_token", { name: shown.name })),
        el("input", { value: shown.token, readonly: true, class: "copy-box", id: "program-token-value", "aria-label": t("web_program_token_label") }),
        el("p", {}, t("web_program_command")),
        el("input", { value: command, readonly: true, class: "copy-box", id: "program-command", "aria-label": t("web_program_command") }))
      : null);
}

// A tournament's table seats the players of its draw only: no invite, no bot and no removal by
// the host (the organiser decides, from the tournament's page); the lobby says where its games
// count, and the end of a game says where it went (round, table, its number there).
function tournamentLine(m, id) {
  const where = m.table.tournament;
  if (!where) return null;
  const said = { name: where.name, round: where.round, table: where.table };
  return el("section", { class: "card", "aria-labelledby": `${id}-h`, id },
    el("h2", { id: `${id}-h` }, t("web_tournament_table", said)),
    el("p", {}, t("web_tournament_seats")));
}

export function tournamentBooked(m) {
  const where = m.table.tournament;
  if (!where) return null;
  const booked = m.table.booked;
  return el("p", { id: "booked", role: "status" }, booked
    ? t("web_tournament_booked", { name: booked.name, round: booked.round, table: booked.table, number: booked.number })
    : t("web_tournament_booking", { name: where.name, round: where.round, table: where.table }));
}

function renderLobby(m) {
  const you = m.you;
  const isHost = you.host;
  const drawn = Boolean(m.table.tournament);
  const invite = m.invite_url || `${location.origin}/join/${m.table.code}`;
  const seats = m.table.seats.map((seat, i) => {
    const tags = [];
    if (i === m.table.host) tags.push(t("web_host"));
    if (i === you.seat) tags.push(t("web_you"));
    if (seat.bot) tags.push(botLabel(seat.bot));
    const controls = [];
    if ((m.table.programs || []).includes(i)) controls.push(programMark(i));
    if (isHost && !seat.name && !drawn) {
      controls.push(el("button", { class: "secondary", type: "button", onclick: () => hostAction("bots", { seat: i, bot: app.lobbyBot || "regular" }) }, t("web_add_bot")));
    }
    if (isHost && seat.name && i !== m.table.host) {
      if (!drawn) controls.push(el("button", { class: "secondary", type: "button", onclick: () => hostAction("remove", { seat: i }) }, t("web_remove")));
      if (!seat.bot) controls.push(el("button", { class: "secondary", type: "button", onclick: () => hostAction("host", { seat: i }) }, t("web_make_host")));
    }
    return el("li", {}, el("span", {}, `${i + 1}.`), el("span", {}, seat.name || t("web_seat_free"), tags.length ? ` (${tags.join(", ")})` : ""), el("span", { class: "row" }, controls));
  });
  const spectatorToken = isHost ? localStorage.getItem(`schocken:spectate:${m.table.id}`) : null;
  return [
    el("section", { class: "card", "aria-labelledby": "lobby-h" },
      el("h1", { id: "lobby-h" }, `${t("web_lobby")} · ${t(`preset_${m.table.preset}`)}`),
      lobbyRules(m),
      el("p", { id: "lobby-timer" }, `${t("web_turn_timer")}: ${m.table.turn_timer ? t("web_timer_seconds", { n: m.table.turn_timer }) : t("web_timer_off")}`),
      el("ul", { class: "players lobby" }, seats),
      isHost && !drawn && m.table.seats.some((seat) => !seat.name) ? botChoice() : [],
      isHost && !drawn && (m.table.seats.some((seat) => !seat.name) || app.program) ? programForm(m) : [],
      isHost
        ? el("p", {}, el("button", { class: "primary", type: "button", id: "start", onclick: () => hostAction("start", {}) }, t("web_start")))
        : el("p", {}, app.spectate ? t("web_spectating") : t("web_waiting_host")),
      el("p", { class: "error", role: "alert" }, app.error)),
    drawn ? tournamentLine(m, "tournament") : el("section", { class: "card", "aria-labelledby": "invite-h" },
      el("h2", { id: "invite-h" }, t("web_invite")),
      el("p", { class: "code", id: "code" }, m.table.code),
      el("img", { class: "qr", src: routed(`/api/tables/${m.table.code}/qr.svg`), alt: invite }),
      el("p", {}, el("a", { href: invite, id: "invite" }, invite)),
      copyButton(invite),
      spectatorToken
        ? el("p", {}, el("a", { href: `/t/${m.table.id}#spectate=${spectatorToken}`, id: "spectator-link" }, t("web_spectator_link")))
        : null),
  ];
}

// The table's rules in words (its preset and what the house rules change), for everyone who
// joins: asked of the engine once per rule set and language.
function lobbyRules(m) {
  const key = JSON.stringify([app.lang, m.table.rules]);
  if (app.rulesSaid?.key !== key) {
    app.rulesSaid = { key, text: "" };
    const { preset, ...options } = m.table.rules;
    rulesPage.check({ rules: { preset, overrides: options } }).then((answer) => {
      if (!answer.ok || app.rulesSaid.key !== key) return;
      app.rulesSaid.text = answer.summary;
      const line = document.getElementById("lobby-rules");
      if (line) line.textContent = answer.summary;
    });
  }
  return el("p", { id: "lobby-rules" }, app.rulesSaid.text);
}

// "Copy link": the clipboard where the browser lets the page write to it; else the old way
// (the link selected and copied); where neither works, the link stays selected and the page
// says so, for the player to copy it themself.
function copyButton(url) {
  const said = el("p", { class: "copy-said", id: "copy-said", role: "status" });
  const copy = async () => {
    said.textContent = "";
    try {
      await navigator.clipboard.writeText(url);
      said.textContent = t("web_copied");
      return;
    } catch { /* no clipboard API here (a page without HTTPS), or not allowed: the old way */ }
    const box = el("input", { value: url, readonly: true, class: "copy-box", "aria-label": t("web_link") });
    said.before(box);
    box.select();
    let copied = false;
    try { copied = document.execCommand("copy"); } catch { copied = false; }
    if (copied) {
      box.remove();
      said.textContent = t("web_copied");
    } else {
      box.focus();
      box.select();
      said.textContent = t("web_copy_failed");
    }
  };
  return el("div", { class: "copy" }, el("button", { class: "secondary", type: "button", id: "copy", onclick: copy }, t("web_copy")), said);
}

// On the game screen: the invite link for latecomers (they watch at once and play in the next
// game), and for the host the spectator link; who waits for the next game.
export function renderInvite(m) {
  if (m.table.tournament) return tournamentLine(m, "tournament");
  const invite = m.invite_url || `${location.origin}/join/${m.table.code}`;
  const spectatorToken = m.you.host ? localStorage.getItem(`schocken:spectate:${m.table.id}`) : null;
  return el("section", { class: "card invite-card", "aria-labelledby": "invite-h" },
    el("details", { id: "invite-details", open: app.inviteOpen || false, ontoggle: (e) => { app.inviteOpen = e.target.open; } },
      el("summary", {}, el("h2", { id: "invite-h" }, t("web_invite_h"))),
      el("p", { class: "hint" }, t("web_invite_late")),
      el("p", { class: "code", id: "code" }, m.table.code),
      el("p", {}, el("a", { href: invite, id: "invite" }, invite)),
      copyButton(invite),
      spectatorToken
        ? el("p", {}, el("a", { href: `/t/${m.table.id}#spectate=${spectatorToken}`, id: "spectator-link" }, t("web_spectator_link")))
        : null));
}

export function waitingLine(m) {
  const waiting = m.table.waiting || [];
  if (!waiting.length) return null;
  return el("p", { class: "waiting", id: "waiting" }, t("web_waiting_list", { names: waiting.join(", ") }));
}

export async function hostAction(what, body) {
  try {
    await api(`/api/tables/${app.tableId}/${what}`, { token: app.token, ...body });
    app.error = "";
  } catch (e) {
    app.error = e.message;
    render();
  }
}
