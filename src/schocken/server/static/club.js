// The Schockbuch in the browser (/club, /club/SLUG[/money|/members|/stats|/settings]): a club's
// book by task, made for the phone at the pub table. Its home is "Tonight" (start the evening,
// who came, the games as they are played, fines in two taps, tonight's totals, close the
// evening); "Money" (the kitty, balances, a member's ledger, payments, pay by QR, expenses),
// "Members", "Statistics" and "Settings" (the secret link, prices, the catalogue of fines, bots
// at online tables, the bank account, password, devices, seasons, export and import) are views
// of their own, each at its own address, so a reload and the back button work. A phone gets a
// tab bar at the bottom; a desktop a side bar with Tonight beside Money.
//
// The server keeps the book (src/schocken/server/routes/clubs.py) and answers every change with
// the whole book; this page only shows it and sends what is entered. Every change goes through
// one function, write() (club/book.js): the jobs of an evening wait there, in the phone's queue
// (offline.js), while the pub has no signal, and are shown meanwhile on the last book seen,
// marked as waiting. Words come from the catalogue. The page's helpers (t, el, announce, main)
// come from app.js. This module routes; each view is a module of its own in club/ (tonight.js,
// money.js, members.js, stats.js, settings.js), beside state.js, book.js, open.js and frame.js.

import * as offline from "/static/offline.js";
import * as rulesPage from "/static/rules.js";
import { change, preview } from "/static/club/book.js";
import { render } from "/static/club/frame.js";
import { openClub, renderStart } from "/static/club/open.js";
import { club, ctx, VIEWS, wide } from "/static/club/state.js";

/** The club page for this path: create or open a club, or a view of a club's book. */
export function route(helpers, path) {
  Object.assign(ctx, helpers);
  offline.setWords(ctx.t);
  offline.mountStatus(true);
  listen();
  const parts = path.split("/").filter(Boolean); // ["club", slug, view?]
  if (parts.length < 2) {
    renderStart();
    return;
  }
  const slug = rulesPage.fromLink(parts[1]) ?? parts[1];
  const view = VIEWS.includes(parts[2]) ? parts[2] : "tonight";
  club.evening = new URLSearchParams(location.search).get("evening");
  if (club.book && club.slug === slug && !location.hash) {
    club.view = view;
    render();
  } else {
    openClub(slug, view);
  }
}

let listening = false;

/** Back and forward between the club's views draw the view of the address; a change of
 * screen size draws the layout of the new size. */
function listen() {
  if (listening) return;
  listening = true;
  window.addEventListener("popstate", () => {
    if (location.pathname === "/club" || location.pathname.startsWith("/club/")) route(ctx, location.pathname);
    else location.reload();
  });
  wide.addEventListener("change", () => {
    if (club.book && ctx.main.querySelector("#club-app")) render();
  });
  // The queue changed (an entry kept, sent, held or settled): the book is shown anew; not on
  // every change of the status line (a form being filled in keeps what is typed).
  let drawn = "";
  offline.onChange(() => {
    const now = JSON.stringify([club.slug, offline.pending().map((e) => [e.seq, e.state])]);
    if (now === drawn) return;
    drawn = now;
    if (!club.base || !ctx.main.querySelector("#club-app")) return;
    club.book = preview(club.base);
    render();
  });
}
