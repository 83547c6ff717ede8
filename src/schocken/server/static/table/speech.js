// What the screen reader hears: the events since the last update, said one after another.

import * as sound from "/static/sound.js";
import { app, t } from "/static/page.js";
import { quiet } from "/static/table/game.js";
import { buzz } from "/static/table/live.js";
import { names } from "/static/table/lobby.js";

// Sounds and the screen reader's announcements for what happened since the last state. Your
// own throws are said to you ("You threw 6-6-1"), others' by name. What a reveal queued from
// this update tells (up to event `told`: the round's throws, its results and Deckel) is left
// to the reveal's dialog, which says it when it opens; only what comes after is announced.
export function hearEvents(message, told = 0) {
  const m = app.msg;
  if (!m.view) return;
  const who = names(m);
  const mine = (seat) => seat === m.view.seat;
  const parts = [];
  for (const e of message.events) {
    if (e.type === "Thrown") {
      if (e.seat !== m.view.seat) sound.rattle(0.15);
      // Your own dice land when the shaking ends; others' a moment after their rattle.
      setTimeout(sound.slam, e.seat === m.view.seat ? Math.max(0, app.holdUntil - performance.now()) : 160);
      const dice = e.dice === null ? null : [...e.kept, ...e.dice].sort((a, b) => b - a).join("-");
      const key = `web_${mine(e.seat) ? "you_" : ""}threw${dice === null ? "_covered" : ""}`;
      parts.push({ n: e.n, text: t(key, { name: who[e.seat], dice }) });
    } else if (e.type === "SixesTurned") {
      const key = `web_${mine(e.seat) ? "you_" : ""}turned_${e.ones >= 2 ? 2 : 1}`;
      const back = e.must_throw.length ? ` ${t("web_back_in_cup", { dice: e.must_throw.join("-") })}` : "";
      parts.push({ n: e.n, text: `${t(key, { name: who[e.seat] })}${back}` });
    } else if (e.type === "RoundEnded" && e.deckel === null && e.worst !== null) {
      setTimeout(sound.schockAus, 300);
    }
  }
  // The explanations after the events they explain (a stable sort keeps each event's own words first).
  parts.push(...message.log.map((line) => ({ n: line.n, text: line.text })));
  parts.sort((a, b) => a.n - b.n);
  const view = m.view;
  if (view.current != null && view.current !== app.lastCurrent) {
    const turn = view.current === view.seat ? `${t("web_your_turn")}.` : `${t("web_turn_of", { name: who[view.current] })}.`;
    parts.push({ n: message.seq + 0.5, text: turn }); // after this update's events, before the next's
  }
  app.lastCurrent = view.current;
  speak(parts.filter((part) => part.n > told));
}

// The table's announcements, one at a time in the polite live region: each stays there for as
// long as it takes to hear it (a second, and 50 ms a character: about 200 words a minute), and
// what happens meanwhile is said together after it, never over it. While a round's reveal is
// open (a modal dialog that says the round itself) the region is quiet and the rest waits.
// Each part knows the event it tells of (`n`), so the reveal drops what it says itself.
const READ_MS = 1000;
const READ_MS_PER_CHAR = 50;
const speech = { queue: [], saying: [], until: 0, timer: null, putTimer: null };

export function speak(parts) {
  speech.queue.push(...parts);
  sayNext();
}

export function sayNext() {
  clearTimeout(speech.timer);
  if (!speech.queue.length || speech.putTimer || document.getElementById("reveal")) return;
  const wait = speech.until - performance.now();
  if (wait > 0) {
    speech.timer = setTimeout(sayNext, wait);
    return;
  }
  speech.saying = speech.queue.splice(0);
  const text = speech.saying.map((part) => part.text).join(" ");
  const region = document.getElementById("announce");
  region.textContent = ""; // emptied first: the same words again are said again
  speech.putTimer = setTimeout(() => {
    speech.putTimer = null;
    region.textContent = text;
    speech.until = performance.now() + READ_MS + READ_MS_PER_CHAR * text.length; // from when it is there
    sayNext();
  }, 50);
}

// A reveal opens: it says its round up to event `told`. The region says nothing more while it
// is open (a text not yet put there waits with the rest), and what the reveal says is not said
// again. Returns how long the words in the region still take to hear (the reveal waits for
// them before it takes the focus, and with it the screen reader's voice).
export function hushFor(told) {
  clearTimeout(speech.timer);
  if (speech.putTimer) {
    clearTimeout(speech.putTimer);
    speech.putTimer = null;
    speech.queue.unshift(...speech.saying);
  }
  speech.saying = [];
  speech.queue = speech.queue.filter((part) => part.n > told);
  return Math.max(0, speech.until - performance.now());
}

// Pages other than the table (the club, pub mode, tournaments) say one thing at a time.
export function announce(text) {
  const region = document.getElementById("announce");
  region.textContent = "";
  setTimeout(() => { region.textContent = text; }, 50);
}

// The tab's title says when it is your turn; a phone also buzzes once.
export function noticeTurn(message, before) {
  const view = message.view;
  const mine = Boolean(view && view.seat != null && view.current === view.seat && message.legal.length);
  const wasMine = Boolean(before?.view && before.view.current === before.view.seat && before.legal.length);
  document.title = mine ? `● ${t("web_your_turn")} · Schocken` : "Schocken";
  if (mine && !wasMine && matchMedia("(pointer: coarse)").matches) {
    buzz([120, 60, 120]);
  }
}
