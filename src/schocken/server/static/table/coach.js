// The coach: off by default, the ranking of your decision and notes on costly moves, yours alone.

import { app, el, t } from "/static/page.js";
import { setCoach } from "/static/table/live.js";

// The coach: off by default, turned on by each player for themselves (everyone sees who has it
// on); the ranking of your decision and notes on costly moves come to you alone.
function coachOn(m) {
  return m.view.seat != null && (m.table.coach || []).includes(m.view.seat);
}

export function coachRanking(m) {
  const c = app.coach;
  return coachOn(m) && c && c.step === m.step && m.legal.length ? c : null;
}

export function renderCoach(m) {
  const on = coachOn(m);
  const ranking = coachRanking(m);
  const deciding = m.view.current === m.view.seat && m.legal.length > 0;
  const body = [];
  if (on && app.coachNote && app.coachNote.round === m.view.round) body.push(el("p", { class: "coach-note", id: "coach-note" }, app.coachNote.text));
  if (ranking) {
    body.push(el("p", { id: "coach-heading" }, ranking.heading));
    body.push(el("ol", { class: "coach-moves", id: "coach-moves" }, ranking.moves.map((move) =>
      el("li", { class: move.best ? "best" : "" }, el("div", { class: "coach-row" },
        el("span", { class: "move" }, move.best ? `★ ${move.text}` : move.text),
        el("span", { class: "p" }, move.percent))))));
  } else if (on && deciding && (m.view.turns.find((x) => x.seat === m.view.seat)?.throws || 0) > 0) {
    body.push(el("p", { class: "hint", id: "coach-wait" }, t("web_coach_wait")));
  }
  return el("section", { class: "card coach-card", "aria-labelledby": "coach-h", id: "coach" },
    el("div", { class: "coach-head" },
      el("h2", { id: "coach-h" }, t("web_coach")),
      // A toggle's name stays the same; aria-pressed says whether it is on, and so does its look.
      el("button", { class: "small toggle", type: "button", id: "coach-toggle", "aria-pressed": on ? "true" : "false", "aria-describedby": "coach-help", onclick: () => setCoach(!on) },
        t("web_coach_switch"))),
    el("p", { class: on ? "hint visually-hidden" : "hint", id: "coach-help" }, t("web_coach_help")),
    ...body);
}
