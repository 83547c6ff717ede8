// The cup and the dice: which dice may be kept, the throw, the tray.

import * as pieces from "/static/pieces.js";
import * as sound from "/static/sound.js";
import { app, el, t } from "/static/page.js";
import { coachRanking } from "/static/table/coach.js";
import { clockNode, diceOnScreen, myTurn, reducedMotion, send, turnOf } from "/static/table/live.js";
import { render } from "/static/table/lobby.js";

// ---------------------------------------------------------------- the cup and the dice

// "throw keep 6-1" -> [6, 1]; "throw" -> []. The multisets a throw may keep out of the cup now.
function legalKeeps(legal) {
  return legal.filter((a) => a.startsWith("throw"))
    .map((a) => (a === "throw" ? [] : a.slice("throw keep ".length).split("-").map(Number)));
}

function isSubset(small, big) {
  const rest = [...big];
  for (const p of small) {
    const i = rest.indexOf(p);
    if (i < 0) return false;
    rest.splice(i, 1);
  }
  return true;
}

// Dice the rules fix for the next throw, each with the reason the player reads:
// - after turning sixes, the dice in `must_throw` go back into the cup;
// - the ones just turned from sixes stay out (every legal keep holds at least that many ones);
// - without put_back (schock4life, ...) a die once set aside stays out.
function diceLocks(m, turn, dice) {
  const locks = dice.map(() => null);
  const keeps = legalKeeps(m.legal);
  if (!turn || !keeps.length) return locks;
  const back = [...turn.must_throw];
  for (let i = turn.aside.length; i < dice.length; i++) {
    const k = back.indexOf(dice[i]);
    if (k >= 0) {
      back.splice(k, 1);
      locks[i] = { state: "cup", reason: t("web_lock_must_throw") };
    }
  }
  let turnedOnes = turn.must_throw.length ? Math.min(...keeps.map((k) => k.filter((p) => p === 1).length)) : 0;
  for (let i = 0; i < turn.aside.length; i++) {
    if (dice[i] === 1 && turnedOnes > 0) {
      turnedOnes--;
      locks[i] = { state: "out", reason: t("web_lock_turned") };
    } else if (!m.table.rules.put_back) {
      locks[i] = { state: "out", reason: t("web_lock_aside") };
    }
  }
  return locks;
}

function keptDice(dice) {
  return dice.filter((_, i) => app.kept[i]).sort((a, b) => b - a);
}

// Tapping a die (or pressing 1, 2, 3): keep it out of the cup or put it back, if the rules let.
export function toggleDie(i) {
  const m = app.msg;
  const turn = myTurn(m?.view);
  const dice = diceOnScreen(turn);
  if (i >= dice.length || !legalKeeps(m.legal).length || turn.done) return;
  const lock = diceLocks(m, turn, dice)[i];
  if (lock) {
    app.lockNote = lock.reason;
    render();
    return;
  }
  const next = [...app.kept];
  next[i] = !next[i];
  const wanted = dice.filter((_, j) => next[j]);
  if (!legalKeeps(m.legal).some((k) => isSubset(wanted, k))) {
    app.lockNote = t("web_lock_two");
    render();
    return;
  }
  app.kept = next;
  app.lockNote = "";
  render();
}

export function doThrow() {
  if (app.shaking) return; // one throw at a time
  const dice = diceOnScreen(myTurn(app.msg.view));
  const keep = keptDice(dice);
  sound.rattle();
  if (!reducedMotion()) {
    app.shaking = true;
    app.holdUntil = performance.now() + 550;
    render();
  }
  send(keep.length ? `throw keep ${keep.join("-")}` : "throw");
}

function dieButton(pip, i, { kept, lock, canKeep, rolling }) {
  const state = lock ? (lock.state === "cup" ? t("web_in_cup") : t("web_kept")) : kept ? t("web_kept") : t("web_in_cup");
  const out = lock ? lock.state === "out" : kept;
  const short = out ? t("web_out_short") : lock ? t("web_back_short") : t("web_cup_short");
  const label = `${t("web_die", { n: i + 1, pips: pip })}, ${state}${lock ? `, ${t("web_locked")}: ${lock.reason}` : ""}`;
  const classes = ["die", kept ? "kept" : "in-cup", lock ? "locked" : "", rolling && !kept ? "rolling" : ""];
  return el("button", {
    class: classes.join(" ").replace(/\s+/g, " ").trim(),
    id: `die-${i}`,
    type: "button",
    "aria-pressed": String(kept),
    "aria-label": label,
    "aria-disabled": lock ? "true" : false,
    "data-pips": String(pip),
    disabled: !canKeep,
    onclick: () => toggleDie(i),
  }, pieces.dieFace(pip), el("span", { class: "die-state", "aria-hidden": "true" }, lock ? pieces.lockIcon() : null, short));
}

// Someone else's dice in the tray: to look at, not to touch.
function dieShown(pip, i, rolling) {
  return el("span", { class: `die shown${rolling ? " rolling" : ""}`, role: "img", "aria-label": t("web_die", { n: i + 1, pips: pip }) },
    pieces.dieFace(pip));
}

function cupGraphic(turn, shaking) {
  const down = !turn || turn.throws === 0 || !turn.showing;
  const classes = ["cup", down ? "down" : "lifted", shaking ? "shake" : ""];
  return el("div", { class: classes.join(" ").trim(), id: "cup-graphic", "aria-hidden": "true" }, pieces.cupShape());
}

function promptText(view, turn, who, legal) {
  if (view.current !== view.seat) return t("ui_plays", { name: who[view.current] });
  if (!legal.length) return t("ui_plays", { name: who[view.current] });
  if (!turn || turn.throws === 0) return t("ui_first_throw", { name: who[view.seat] });
  if (turn.must_throw.length) return t("ui_must_throw", { name: who[view.seat] });
  return t("web_turn_pick", { name: who[view.seat] });
}

export function renderTray(m, who) {
  const view = m.view;
  const legal = m.legal;
  const mineNow = view.seat != null && view.current === view.seat && legal.length > 0;
  // The tray shows your own cup on your turn, else the cup of whoever is playing.
  const seat = mineNow || view.current == null ? view.seat : view.current;
  const turn = seat == null ? null : turnOf(view, seat);
  const dice = diceOnScreen(turn);
  const rolling = app.rolledSeats.has(seat) && !app.shaking;
  let diceNodes;
  let note = "";
  if (seat === view.seat && view.seat != null) {
    const canKeep = legalKeeps(legal).length > 0 && turn && turn.throws > 0;
    const locks = canKeep ? diceLocks(m, turn, dice) : dice.map(() => null);
    diceNodes = app.shaking ? [] : dice.map((pip, i) => dieButton(pip, i, { kept: app.kept[i], lock: locks[i], canKeep, rolling }));
    const reasons = [...new Set(locks.filter(Boolean).map((l) => l.reason))];
    note = app.lockNote || reasons.join(" · ");
  } else {
    diceNodes = dice.map((pip, i) => dieShown(pip, i, rolling));
  }
  if (!diceNodes.length) {
    const empty = turn && turn.throws > 0 && !turn.showing ? t("web_cup_covered") : t("web_cup_empty");
    diceNodes = [el("span", { class: "no-dice" }, app.shaking ? "" : empty)];
  }
  const buttons = [];
  if (legal.some((a) => a.startsWith("throw"))) buttons.push(el("button", { class: "primary", type: "button", id: "throw", "aria-keyshortcuts": "Space", onclick: doThrow }, t("ui_throw")));
  if (legal.includes("blind")) buttons.push(el("button", { class: "secondary", type: "button", id: "blind", "aria-keyshortcuts": "B", "aria-label": t("ui_blind_label"), title: t("ui_blind_label"), onclick: () => send("blind") }, t("ui_blind")));
  if (legal.includes("turn")) buttons.push(el("button", { class: "secondary", type: "button", id: "turn", "aria-keyshortcuts": "T", onclick: () => send("turn") }, t("ui_turn")));
  if (legal.includes("stop")) buttons.push(el("button", { class: "secondary", type: "button", id: "stop", "aria-keyshortcuts": "S", onclick: () => send("stop") }, t("ui_stop")));
  if (legal.includes("buyin")) buttons.push(el("button", { class: "secondary", type: "button", id: "buyin", onclick: () => send("buyin") }, t("ui_buyin")));
  const heading = seat === view.seat ? t("ui_your_cup") : who[seat];
  return el("section", { class: `card tray${mineNow ? " my-turn" : ""}`, "aria-labelledby": "cup-h", id: view.seat == null ? "watch" : "cup" },
    el("div", { class: "tray-head" },
      el("h2", { id: "cup-h" }, heading),
      app.clock && app.clock.seat === seat && seat != null ? clockNode(who[seat], "tray-clock") : null,
      el("p", { id: "prompt" }, view.seat == null ? t("ui_plays", { name: who[view.current] }) : promptText(view, turn, who, legal))),
    el("div", { class: "cup-row" }, cupGraphic(turn, app.shaking && seat === view.seat), el("div", { class: "dice", id: "dice" }, diceNodes)),
    el("p", { class: "lock-note", id: "lock-note" }, note),
    mineNow && coachRanking(m) ? el("p", { class: "coach-best", id: "coach-best" }, t("web_coach_best", { action: coachRanking(m).moves[0].text, p: coachRanking(m).moves[0].percent })) : null,
    mineNow && app.keyboard ? el("p", { class: "keys", id: "keys" }, t("web_keys")) : null,
    buttons.length ? el("div", { class: "actions" }, buttons) : null,
    el("p", { class: "error", role: "alert", id: "error" }, app.error));
}
