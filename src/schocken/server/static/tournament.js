// A club's tournaments in the browser (/tournaments/CLUB[/NAME[/screen|/phone]]).
//
// The organiser's page (the club's access: the session this browser keeps for the club) makes a
// tournament, registers players, draws the rounds, enters each table's games by hand (every
// half's finishing order, the Finale's loser, the Schock-Aus; the server's tournament code
// checks them) and links the public views: the screen for a projector (1920x1080, large type,
// refreshed by itself, can hide the last minutes' results), the players' phone view (find my
// table, the ranking) and the print views (HTML made by the server, printed by the browser).
// The public views are opened by the tournament's view key (?key=) and change nothing.
// Words come from the catalogue; the page's helpers (t, el, main, announce) from app.js. This
// module routes; the views are modules in tournament/ (list, organiser, entry, public).

import * as rulesPage from "/static/rules.js";
import { ctx, refresh, renderNeedClub } from "/static/tournament/common.js";
import { loadList } from "/static/tournament/list.js";
import { loadTournament } from "/static/tournament/organiser.js";
import { renderPublic } from "/static/tournament/public.js";

/** The page for this path. */
export function route(helpers, path) {
  Object.assign(ctx, helpers);
  if (refresh.timer) clearInterval(refresh.timer);
  refresh.timer = null;
  document.body.classList.remove("tv");
  const parts = path.split("/").filter(Boolean).map((p) => rulesPage.fromLink(p) ?? p); // tournaments, club, name?, view?
  const club = parts[1];
  if (!club) {
    location.assign("/club");
    return;
  }
  if (parts[3] === "screen" || parts[3] === "phone") {
    renderPublic(club, parts[2], parts[3]);
    return;
  }
  const session = (JSON.parse(localStorage.getItem(`schocken:club:${club}`) || "null") || {}).session;
  if (!session) {
    renderNeedClub(club);
    return;
  }
  const org = { club, session, name: parts[2] || null, data: null, list: null, open: new Set() };
  if (org.name) loadTournament(org);
  else loadList(org);
}
