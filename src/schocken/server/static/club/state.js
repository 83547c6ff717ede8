// The club page's state: the page's helpers (ctx, from app.js), the club and its book as shown, and
// the choices made on the page (ui), kept while views are drawn anew. Imported by every club view.

import { money } from "/static/club/book.js";
import { table } from "/static/club/frame.js";
import { editMember } from "/static/club/members.js";

export const ctx = {}; // { t, el, main, announce }: the page's helpers, from app.js
// book: what the page shows (the server's book with this phone's waiting entries on it); base:
// the server's book as last answered.
export const club = { slug: null, session: null, secret: null, book: null, base: null, view: "tonight", evening: null };
export const VIEWS = ["tonight", "money", "members", "stats", "settings"];
export const wide = matchMedia("(min-width: 900px)");

/** What the page shows besides the book: choices made on it, kept while views are drawn anew. */
export const ui = {
  welcome: false, // the first screen after making a club: how the others get in
  pick: new Set(), // who came, tapped before the evening is started
  startDate: null, // the start form's date and place as typed
  startPlace: null,
  fineMember: null,
  fineCount: 1,
  fineEveryone: false,
  gameWay: null, // "loser" or "table": the panel open under the games
  payMember: null, // tonight's totals: whose payment is open
  member: null, // Money: whose ledger is open
  memberLines: 8,
  editMember: null, // Members: who is being changed
  evenings: 3, // earlier evenings shown
  expenses: 5,
  folds: new Set(["link"]), // Settings: the parts open
  stats: null, // the statistics as last loaded
  statsFor: null, // what they were asked for (club and season): asked once
  season: null,
  ready: null, // the finished games this browser knows, asked once per visit of Tonight
  qr: new Map(), // the secret link's QR code, by link
};
