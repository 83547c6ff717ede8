// Schocken in the browser: start or join a table, play, watch. Plain ES module, no build step.
// All words come from the server's text catalogue (/api/texts/LANG), the one the terminal uses.
// pieces.js draws dice, cup and Deckel; sound.js makes the table's sounds. This module routes an
// address to its page and takes the keyboard; page.js is what every view shares (t, el, api);
// the table's views are modules in table/ (join, live, lobby, game, dice, reveal, coach, speech,
// check); the club, pub mode, the review, the rules and the tournaments have modules of their own.

import * as clubPage from "/static/club.js";
import * as pubPage from "/static/pub.js";
import * as reviewPage from "/static/review.js";
import * as rulesPage from "/static/rules.js";
import * as tournamentPage from "/static/tournament.js";
import { app, el, langButton, linkPart, loadTexts, main, t } from "/static/page.js";
import { doThrow, toggleDie } from "/static/table/dice.js";
import { throwNth } from "/static/table/game.js";
import { renderHome, renderJoin } from "/static/table/join.js";
import { connect, openTable, send } from "/static/table/live.js";
import { render } from "/static/table/lobby.js";
import { closeReveal } from "/static/table/reveal.js";
import { announce } from "/static/table/speech.js";

// ---------------------------------------------------------------- keyboard

// 1 2 3 pick dice, Space throws, T turns sixes, S stops; Enter or Escape closes the reveal.
document.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target.closest?.("input, textarea, select, dialog")) return; // typing, or asked something
  if (!app.keyboard) {
    app.keyboard = true;
    if (app.msg?.view) render();
  }
  if (document.getElementById("reveal")) {
    if (["Enter", " ", "Escape"].includes(e.key)) {
      e.preventDefault();
      closeReveal();
    }
    return;
  }
  if (!app.msg?.view) return;
  const key = e.key.toLowerCase();
  if (["1", "2", "3"].includes(key)) {
    e.preventDefault();
    toggleDie(Number(key) - 1);
  } else if (key === " " && document.getElementById("throw")) {
    e.preventDefault(); // not also a click on the focused button
    doThrow();
  } else if (key === "b" && document.getElementById("blind")) {
    send("blind");
  } else if (key === "t" && document.getElementById("turn")) {
    send("turn");
  } else if (key === "s" && document.getElementById("stop")) {
    send("stop");
  }
});
// A Space released on a focused button would click it as well: the throw was enough.
document.addEventListener("keyup", (e) => {
  if (e.key === " " && app.msg?.view && !e.target.closest?.("input, textarea, select, dialog")) e.preventDefault();
});

// ---------------------------------------------------------------- start

langButton.addEventListener("click", async () => {
  app.lang = langButton.lang; // the next language, as the button says
  localStorage.setItem("schocken:lang", app.lang);
  await loadTexts();
  if (app.tableId) {
    const old = app.ws;
    app.ws = null;
    old?.close();
    connect();
  } else {
    route();
  }
});

function route() {
  const path = location.pathname;
  if (path.startsWith("/join/")) renderJoin(linkPart(path.slice(6)));
  else if (path.startsWith("/t/")) openTable(linkPart(path.slice(3)));
  else if (path === "/review" || path.startsWith("/review/")) reviewPage.render({ main, t, el, lang: app.lang, throwNth }, linkPart(path.slice(8)) || null);
  else if (path === "/club" || path.startsWith("/club/")) clubPage.route({ t, el, main, announce }, path);
  else if (path === "/pub" || path.startsWith("/pub/")) pubPage.route({ t, el, main, announce }, path);
  else if (path === "/rules") rulesPage.route({ t, el, main, announce });
  else if (path.startsWith("/tournaments/")) tournamentPage.route({ t, el, main, announce }, path);
  else renderHome();
}

if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
await loadTexts();
route();
