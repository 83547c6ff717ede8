// The table during a game: status, players, the log, the summary at its end, the rematch, watching.

import * as pieces from "/static/pieces.js";
import { api, app, el, routed, t } from "/static/page.js";
import { renderDiceCheck } from "/static/table/check.js";
import { renderCoach } from "/static/table/coach.js";
import { renderTray } from "/static/table/dice.js";
import { waitForm } from "/static/table/join.js";
import { clockNode, followTo, leftWaiting, resultName, turnOf } from "/static/table/live.js";
import {
  botLabel,
  hostAction,
  names,
  programMark,
  render,
  renderInvite,
  tournamentBooked,
  waitingLine,
} from "/static/table/lobby.js";

// ---------------------------------------------------------------- the table: status and players

function sectionTitle(view) {
  return `${t(view.section)} · ${view.phase === "opening" ? t("ui_opening") : t("ui_round", { number: view.round })}`;
}

// The throw limit at a glance: one mark per throw allowed (three open marks while not fixed).
function limitMarks(view) {
  const marks = el("span", { class: "limit-marks", "aria-hidden": "true" });
  for (let i = 1; i <= 3; i++) {
    const used = view.limit == null ? "open" : i <= view.limit ? "on" : "off";
    marks.append(el("span", { class: `mark ${used}` }));
  }
  return marks;
}

function renderStatus(m) {
  const view = m.view;
  return el("section", { class: "card status-card", "aria-labelledby": "status-h" },
    el("h1", { id: "status-h" }, sectionTitle(view)),
    // Three items, each named by its words (the pictures beside them are hidden): a screen
    // reader says them one by one, not as one run of text.
    el("ul", { class: "status", "aria-label": t("web_status") },
      el("li", { class: "middle", "aria-labelledby": "middle" }, pieces.deckelStack(view.middle, true),
        el("span", { id: "middle", "data-middle": String(view.middle) }, t("ui_middle", { middle: view.middle }))),
      el("li", { class: "limit", "aria-labelledby": "limit" }, limitMarks(view),
        el("span", { id: "limit" }, view.limit == null ? t("ui_limit_open") : t("ui_limit", { limit: view.limit }))),
      el("li", { class: "preset", "aria-labelledby": "rules-line" },
        el("span", { id: "rules-line" }, el("span", { class: "visually-hidden" }, `${t("web_rules_line")} `), t(`preset_${m.table.preset}`)))));
}

// Dice drawn beside words that say them already ("6-4-2", "Schock 4"): a screen reader reads the
// words once, not the picture too.
export function quiet(node) {
  node.setAttribute("aria-hidden", "true");
  return node;
}

// "1st throw", "2nd throw" (English ordinals; "1. Wurf" in German).
export function throwNth(n) {
  return app.texts[`throw_nth_${n}`] ? t(`throw_nth_${n}`) : t("throw_nth", { n });
}

// What a player's turn shows in the list: small dice, or a covered cup, and the throws used.
function turnSummary(view, seat, turn) {
  if (!view.playing[seat]) {
    return view.section === "finale" && !view.half_losers.includes(seat) ? t("ui_not_in_finale") : t("ui_out");
  }
  if (!turn || turn.throws === 0) return view.current === seat ? t("web_cup_empty") : "";
  const throwsText = throwNth(turn.throws);
  if (!turn.showing) {
    const aside = turn.aside.length ? `, ${t("ui_aside", { dice: turn.aside.join("-") })}` : "";
    return [el("span", { class: "mini-cup" }, pieces.cupShape()), `${t("ui_covered")} (${throwsText}${aside})`];
  }
  const dice = turn.showing;
  const label = t("web_dice", { dice: dice.join("-") });
  const rolling = app.rolledSeats.has(seat) && view.current === seat ? "rolling" : "";
  // A plain number's name is its dice; other results are named ("= Schock 4").
  const result = turn.done && turn.result && turn.result.kind !== "plain" ? ` = ${resultName(turn.result)}` : "";
  return [quiet(pieces.diceRow(dice, label, rolling)), ` ${dice.join("-")}${result} (${throwsText})`];
}

function renderPlayers(m, who) {
  const view = m.view;
  return el("section", { class: "card players-card", "aria-label": t("web_seats") },
    el("ul", { class: "players", id: "players" }, who.map((name, seat) => {
      const classes = ["seat", seat === view.current ? "current" : "", view.playing[seat] ? "" : "out"].join(" ");
      const badges = [];
      const place = m.table.seats[seat];
      if (view.order[0] === seat && view.playing[seat] && view.loser == null) badges.push(el("span", { class: "badge opener" }, t("web_opener")));
      const halfLost = view.section === "extra_half" ? view.half_losers.includes(seat) : view.half_losers[0] === seat && view.section !== "first_half";
      if (halfLost) badges.push(el("span", { class: "badge half-loser" }, t("web_half_loser")));
      if (place.bot) badges.push(el("span", { class: "badge bot" }, botLabel(place.bot)));
      if ((m.table.programs || []).includes(seat)) badges.push(programMark(seat));
      if ((m.table.coach || []).includes(seat)) badges.push(el("span", { class: "badge coach", id: `coach-badge-${seat}` }, t("web_coach_badge")));
      if (m.presence?.[seat] === "away") badges.push(el("span", { class: "badge away", id: `away-${seat}` }, t("web_away")));
      if (app.clock && app.clock.seat === seat && view.loser == null) badges.push(clockNode(name, `clock-${seat}`));
      return el("li", { class: classes, "data-seat": String(seat), "aria-current": seat === view.current ? "true" : false },
        el("span", { class: "marker" }, seat === view.current ? [el("span", { "aria-hidden": "true" }, "▶"), el("span", { class: "visually-hidden" }, `${t("web_plays_now")}: `)] : ""),
        el("span", { class: "who" }, el("span", { class: "name" }, name, seat === view.seat ? ` (${t("web_you")})` : ""), ...badges, seatControls(m, seat, place)),
        el("span", { class: "deckel", "data-deckel": String(view.deckel[seat]) },
          pieces.deckelStack(view.deckel[seat]), el("span", {}, t("ui_deckel", { count: view.deckel[seat] }))),
        el("span", { class: "turn" }, turnSummary(view, seat, turnOf(view, seat))));
    })),
    waitingLine(m));
}

// The whole game's explanations, numbered from the first; the newest at the bottom, in view.
// The host's hand on a seat during the game: a bot plays for a player who is gone (they keep
// their seat), and the seat goes back to them when they return.
// A bot is offered only for a player who is away (gone for a while), never for one who is here
// nor for one who is not in the Finale; the host confirms it in a dialog with the name.
function seatControls(m, seat, place) {
  if (!m.you.host || view_over(m) || !place.human || seat === m.you.seat || m.table.tournament) return null;
  const name = names(m)[seat];
  if (place.bot) {
    return el("button", { class: "small", type: "button", id: `seat-back-${seat}`, "aria-label": `${t("web_to_player")}: ${name}`, onclick: () => hostAction("seat", { seat, to: "player" }) }, t("web_to_player"));
  }
  const view = m.view;
  const outOfFinale = view.section === "finale" && !view.half_losers.includes(seat);
  if (m.presence?.[seat] !== "away" || outOfFinale) return null;
  return el("button", { class: "small", type: "button", id: `seat-bot-${seat}`, "aria-haspopup": "dialog", "aria-label": `${t("web_to_bot")}: ${name}`, onclick: () => confirmBot(seat, name) }, t("web_to_bot"));
}

function confirmBot(seat, name) {
  document.getElementById("confirm-bot")?.remove();
  const dialog = el("dialog", { id: "confirm-bot", class: "confirm", "aria-labelledby": "confirm-bot-h", "aria-describedby": "confirm-bot-p" },
    el("h2", { id: "confirm-bot-h" }, t("web_to_bot_ask", { name })),
    el("p", { id: "confirm-bot-p" }, t("web_to_bot_explain", { name })),
    el("form", { method: "dialog", class: "row" },
      el("button", { class: "secondary", value: "cancel", id: "confirm-bot-no" }, t("web_cancel")),
      el("button", { class: "primary", value: "yes", id: "confirm-bot-yes" }, t("web_to_bot_yes"))));
  const opener = document.activeElement;
  dialog.addEventListener("close", () => {
    dialog.remove();
    if (dialog.returnValue === "yes") hostAction("seat", { seat, to: "bot", bot: "regular" });
    const back = opener?.isConnected ? opener : document.getElementById(`seat-bot-${seat}`);
    back?.focus({ preventScroll: true });
  });
  document.body.append(dialog);
  dialog.showModal();
  document.getElementById("confirm-bot-no").focus();
}

function view_over(m) {
  return !m.view || m.view.loser != null;
}

function renderLog() {
  return el("section", { class: "card log-card", "aria-labelledby": "log-h" },
    el("h2", { id: "log-h" }, t("web_round_log")),
    el("ol", { class: "log", id: "log", tabindex: "0", "aria-labelledby": "log-h" },
      app.log.map((line, i) => el("li", { "data-key": line.key }, el("span", { class: "n" }, `${i + 1}.`), el("span", {}, line.text)))));
}

// The game's summary, from the engine's outcome (who lost each half, the Finale, the game) and
// from its events (the Deckel each player took in all).
function renderSummary(m, who) {
  const outcome = m.outcome;
  if (!outcome) return null;
  const lines = outcome.sections.map((s) =>
    t(s.schock_aus ? "section_lost_schock_aus" : "section_lost", { loser: s.loser_name, section: t(`acc_${s.section}`) }));
  lines.push(t(outcome.blattschuss ? "blattschuss" : "game_lost", { loser: outcome.loser_name }));
  lines.push(t("web_rounds_played", { rounds: outcome.rounds }));
  const taken = who.map(() => 0);
  for (const e of app.events) if (e.type === "DeckelMoved") taken[e.receiver] += e.amount;
  return [
    el("ul", { id: "summary-lines" }, lines.map((line) => el("li", {}, line))),
    el("table", { class: "summary-table", id: "summary-table" },
      el("caption", {}, t("web_deckel_taken")),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("web_player")), el("th", { scope: "col" }, t("web_deckel_in_all")), el("th", { scope: "col" }, t("web_halves_lost")))),
      el("tbody", {}, who.map((name, seat) => el("tr", {},
        el("th", { scope: "row" }, name),
        el("td", {}, String(taken[seat])),
        el("td", {}, String(outcome.sections.filter((s) => s.section !== "finale" && s.loser === seat).length)))))),
  ];
}

// A finished game: the host starts the next one with the same seats and rules in one tap;
// everyone else follows by themselves.
function renderRematch(m) {
  if (m.table.rematch) {
    return el("p", {}, el("a", { href: `/t/${m.table.rematch}`, id: "to-rematch", onclick: (e) => { e.preventDefault(); followTo(m.table.rematch); } }, t("web_to_rematch")));
  }
  if (m.you.host) {
    const waiting = m.table.waiting || [];
    return el("p", {}, el("button", { class: "primary", type: "button", id: "rematch", onclick: () => hostAction("rematch", {}) }, t("web_rematch")),
      " ", el("span", { class: "hint" }, t("web_rematch_hint")),
      waiting.length ? [" ", el("span", { class: "hint", id: "rematch-waiting" }, t("web_rematch_waiting", { names: waiting.join(", ") }))] : null,
      m.table.tournament ? el("span", { class: "error", role: "alert", id: "rematch-error" }, app.error) : null);
  }
  return el("p", { id: "rematch-wait" }, t("web_rematch_wait"));
}

export function renderGame(m) {
  const view = m.view;
  const who = names(m);
  const left = [renderStatus(m), renderPlayers(m, who)];
  const right = [];
  if (view.loser != null) {
    right.push(el("section", { class: "card", "aria-labelledby": "over-h", id: "summary" },
      el("h2", { id: "over-h" }, t("web_summary")),
      renderSummary(m, who),
      tournamentBooked(m),
      renderRematch(m),
      renderDiceCheck(m),
      el("p", {}, el("a", { href: `/review/${app.tableId}`, id: "review-link" }, t("web_rv_link"))),
      el("p", {}, el("a", { href: routed(`/api/tables/${app.tableId}/record`), download: `schocken-${app.tableId}.json`, id: "download" }, t("web_download"))),
      el("p", {}, el("a", { href: "/" }, t("web_new_game")))));
  } else if (view.seat != null && m.you.bot) {
    right.push(el("section", { class: "card", id: "bot-plays", "aria-live": "polite" },
      el("p", {}, t("web_bot_plays_you")),
      el("button", { class: "primary", type: "button", id: "take-back", onclick: () => hostAction("seat", { seat: view.seat, to: "player" }) }, t("web_take_back"))));
    if (view.current != null) right.push(renderTray(m, who));
  } else if (view.seat != null) {
    right.push(renderTray(m, who));
    right.push(renderCoach(m));
  } else {
    right.push(renderWatching(m));
    if (view.current != null) right.push(renderTray(m, who));
  }
  right.push(renderLog());
  left.push(renderInvite(m));
  return [el("div", { class: "col col-table" }, left), el("div", { class: "col col-play" }, right)];
}

// Whoever watches: a latecomer who waits is told their seat in the next game; anyone else who
// watches may ask for one (the host's spectator link too, for a friend on the sofa).
// A latecomer who waits may leave the waiting list (they watch on). Refused because they left
// it already (on another device whose word this page missed), the page watches on too.
function renderWatching(m) {
  const error = el("p", { class: "error", role: "alert", id: "leave-error" }, app.leaveError || "");
  if (m.you.waiting) {
    const leave = async () => {
      app.leaveError = "";
      try {
        await api(`/api/tables/${m.table.id}/leave`, { token: app.token });
      } catch (e) {
        app.leaveError = e.message;
        if (e.code === "server_refuse_not_waiting") {
          leftWaiting(m.table);
          app.msg.you = { ...app.msg.you, waiting: null };
        }
        render();
      }
    };
    return el("section", { class: "card", id: "watching" }, el("p", {}, t("web_waiting_you", { name: m.you.waiting })),
      m.table.rematch ? null : el("p", {}, el("button", { class: "secondary", type: "button", id: "leave-waiting", onclick: leave }, t("web_leave_waiting"))),
      error);
  }
  const open = !m.table.rematch && !m.table.tournament;
  return el("section", { class: "card", id: "watching" }, el("p", {}, t("web_spectating")),
    app.leftWaiting ? el("p", { role: "status", id: "left-waiting" }, t("web_left_waiting")) : null,
    error,
    open ? el("details", {}, el("summary", {}, t("web_wait")), waitForm(m.table.id)) : null);
}
