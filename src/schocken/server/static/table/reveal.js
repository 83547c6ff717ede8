// Becher hoch: the round revealed, every cup lifted, in a dialog.

import * as pieces from "/static/pieces.js";
import * as sound from "/static/sound.js";
import { app, el, main, t } from "/static/page.js";
import { quiet } from "/static/table/game.js";
import { resultName } from "/static/table/live.js";
import { names } from "/static/table/lobby.js";
import { hushFor, sayNext } from "/static/table/speech.js";

// ---------------------------------------------------------------- Becher hoch: the round revealed

// The keys of the line that lists every result of a round (the reveal shows those as dice).
const RESULTS_KEYS = new Set(["round_results", "opening_round", "opening_throw", "stechen", "opening_die", "throw_off"]);
const SECTION_EVENTS = new Set(["SectionEnded", "SectionStarted", "GameEnded"]);

// Becher hoch: what a live update tells of a round's end (and of a half's or the game's end)
// is queued to be shown with every cup lifted. Made from the events and their explanations.
// It is shown as the update is drawn (showReveal, in the same task): the next turn is never on
// screen before the round's end is, so a key is never meant for a table the player has not
// seen. The reveal takes the first Space (or Enter, Escape) to close; the next key acts.
// Each reveal knows the last event it tells (`upTo`); the number returned is the last of all.
export function queueReveals(message) {
  if (!app.msg.view) return 0;
  const events = message.events;
  const kinds = new Map(events.map((e) => [e.n, e.type]));
  const who = names(app.msg);
  for (const [i, e] of events.entries()) {
    if (e.type !== "RoundEnded") continue;
    const later = events.slice(i + 1);
    const stop = later.findIndex((x) => x.type === "RoundStarted" || SECTION_EVENTS.has(x.type));
    const own = stop < 0 ? later : later.slice(0, stop);
    const lines = message.log.filter((line) => (line.n === e.n && !RESULTS_KEYS.has(line.key))
      || (line.n > e.n && own.some((x) => x.n === line.n)));
    // The line of every result, said (not shown: the rows show it) when the reveal opens.
    const results = message.log.filter((line) => line.n === e.n && RESULTS_KEYS.has(line.key)).map((line) => line.text).join(" ");
    const note = app.coachNote?.round === e.number ? app.coachNote.text : null; // the coach's, on this round
    const upTo = own.length ? own[own.length - 1].n : e.n;
    app.reveals.push({ kind: "round", round: e, moves: own.filter((x) => x.type === "DeckelMoved"), who, lines, results, note, upTo });
  }
  const ended = events.find((e) => e.type === "SectionEnded");
  if (ended) {
    app.reveals.push({
      kind: "section", ended, who,
      game: events.find((e) => e.type === "GameEnded") || null,
      lines: message.log.filter((line) => SECTION_EVENTS.has(kinds.get(line.n))),
      upTo: Math.max(...events.filter((e) => SECTION_EVENTS.has(e.type)).map((e) => e.n)),
    });
  }
  app.reveals = app.reveals.slice(-4);
  return Math.max(0, ...app.reveals.map((item) => item.upTo));
}

function roundReveal({ round, moves, who, lines, results, note }) {
  const got = {};
  for (const move of moves) got[move.receiver] = (got[move.receiver] || 0) + move.amount;
  const rows = round.results.map(([seat, result]) => {
    // one die each (opening_die): who opens is told in the lines, not as best or worst
    const marked = round.kind !== "opening_die";
    const mark = marked && seat === round.best ? "best" : marked && seat === round.worst ? "worst" : "";
    return el("li", { class: `reveal-row ${mark}`, "data-seat": String(seat) },
      el("span", { class: "name" }, who[seat]),
      quiet(pieces.diceRow(result.dice, t("web_dice", { dice: result.dice.join("-") }), "reveal-dice")),
      el("span", { class: "result" }, resultName(result)),
      mark ? el("span", { class: `badge ${mark}` }, t(`web_${mark}`)) : null,
      got[seat] ? el("span", { class: "gets" }, pieces.deckelStack(Math.min(got[seat], 5)), t("web_takes", { count: got[seat] })) : null);
  });
  const title = round.kind === "normal" ? t("web_reveal_round", { number: round.number }) : t("web_reveal");
  return [pieces.cupShape(), el("h2", { id: "reveal-h" }, title),
    el("p", { id: "reveal-said", hidden: true }, results || ""),
    el("ul", { class: "reveal-list" }, rows),
    el("ul", { class: "reveal-lines", id: "reveal-lines" }, lines.map((line) => el("li", { class: line.key.startsWith("tie_") ? "tie" : "", "data-key": line.key }, line.text))),
    el("p", { class: "coach-note", id: "reveal-coach-note", hidden: !note }, note || "")];
}

// The coach's note on the move that ended a round comes just after the round's end: it is said
// in that round's reveal (open, or still to come), the round it is about.
export function noteInReveal(note) {
  const open = document.querySelector(".reveal-round");
  if (open && Number(open.dataset.round) === note.round) {
    const shown = document.getElementById("reveal-coach-note");
    shown.textContent = note.text;
    shown.hidden = false;
    return "open";
  }
  const queued = app.reveals.find((item) => item.kind === "round" && item.round.number === note.round);
  if (!queued) return null;
  queued.note = note.text;
  return "queued";
}

// A half's or the Finale's end: who lost it (by Schock-Aus?), with all its Deckel; then what
// follows: the second half, the Finale between the half losers, or the game's end (Blattschuss).
function sectionReveal({ ended, game, who, lines }) {
  const total = ended.deckel.reduce((a, b) => a + b, 0);
  const title = game ? t("web_game_end") : t("web_section_end", { section: t(`gen_${ended.section}`) });
  const badges = [];
  if (ended.schock_aus) badges.push(el("span", { class: "badge worst" }, t("web_badge_schock_aus")));
  if (game?.blattschuss) badges.push(el("span", { class: "badge worst" }, t("web_badge_blattschuss")));
  return [el("h2", { id: "reveal-h" }, title),
    el("p", { class: "section-loser", id: "section-loser" }, pieces.deckelStack(Math.min(total, 8)),
      el("strong", {}, who[game ? game.loser : ended.loser]), ...badges),
    el("ul", { class: "reveal-lines", id: "reveal-lines" }, lines.map((line) => el("li", { "data-key": line.key }, line.text)))];
}

export function showReveal() {
  if (document.getElementById("reveal") || !app.reveals.length) return;
  const item = app.reveals.shift();
  const opener = document.activeElement;
  // While the reveal is open, the page behind it is out of reach (for Tab and screen readers).
  const behind = [main, document.querySelector("header.top")];
  const close = () => {
    overlay.remove();
    for (const part of behind) part.inert = false;
    // Back to where the player was; the page was drawn anew meanwhile: to the same control,
    // else to Throw, else to the table (never nowhere, where a screen reader loses its place).
    const same = opener && opener !== document.body && opener.isConnected ? opener : opener?.id && document.getElementById(opener.id);
    (same || document.getElementById("throw") || main).focus({ preventScroll: true });
    showReveal(); // the next moment at once: no key meant for it reaches the table beneath
    sayNext(); // what happened meanwhile, now that the reveal is read
  };
  const go = el("button", { class: "primary", type: "button", id: "reveal-go", onclick: (e) => { e.stopPropagation(); close(); } }, t("web_go_on"));
  const body = item.kind === "round" ? roundReveal(item) : sectionReveal(item);
  // Its content is its description: a screen reader says the whole round as the dialog opens
  // (the results, who takes how many Deckel, the coach's note), then "Go on".
  const described = item.kind === "round" ? "reveal-said reveal-lines reveal-coach-note" : "reveal-lines";
  const overlay = el("div", { id: "reveal", class: `reveal reveal-${item.kind}`, "data-round": item.kind === "round" ? String(item.round.number) : false, role: "dialog", "aria-modal": "true", "aria-labelledby": "reveal-h", "aria-describedby": described, onclick: close },
    el("div", { class: "reveal-box" }, body, el("div", { class: "reveal-foot" }, go)));
  const saying = hushFor(item.upTo);
  document.body.append(overlay);
  for (const part of behind) part.inert = true;
  // The focus comes when the words being said are heard to their end (keys work at once). A
  // timer may fire a few milliseconds early on a busy phone: it is then set again for the rest.
  const heardAt = performance.now() + saying;
  const focus = () => {
    const left = heardAt - performance.now();
    if (left > 0) setTimeout(focus, Math.ceil(left));
    else if (overlay.isConnected) go.focus({ preventScroll: true });
  };
  focus();
  if (item.kind === "section" && (item.ended.schock_aus || item.game)) setTimeout(sound.schockAus, 200);
}

export function closeReveal() {
  document.getElementById("reveal-go")?.click();
}
