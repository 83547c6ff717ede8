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
// one function, write(): the jobs of an evening wait there, in the phone's queue (offline.js),
// while the pub has no signal, and are shown meanwhile on the last book seen, marked as
// waiting. Words come from the catalogue. The page's helpers (t, el, announce, main) come from
// app.js.

import * as offline from "/static/offline.js";

import * as rulesPage from "/static/rules.js";

let ctx = null; // { t, el, main, announce }
// book: what the page shows (the server's book with this phone's waiting entries on it); base:
// the server's book as last answered.
const club = { slug: null, session: null, secret: null, book: null, base: null, view: "tonight", evening: null };
const VIEWS = ["tonight", "money", "members", "stats", "settings"];
const wide = matchMedia("(min-width: 900px)");

/** What the page shows besides the book: choices made on it, kept while views are drawn anew. */
const ui = {
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

/** The club page for this path: create or open a club, or a view of a club's book. */
export function route(helpers, path) {
  ctx = helpers;
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

// ---------------------------------------------------------------- talking to the server

// "1 evening", "3 evenings": the catalogue's singular (KEY_1) for one, its plural otherwise.
function inWords(key, n) {
  return n === 1 ? ctx.t(`${key}_1`) : ctx.t(key, { n });
}

function lang() {
  return document.documentElement.lang || "en";
}

function enc(text) {
  return encodeURIComponent(text);
}

function keep() {
  localStorage.setItem(`schocken:club:${club.slug}`, JSON.stringify({ session: club.session, secret: club.secret }));
}

async function call(path, body, entry = null) {
  const headers = { "x-club-session": club.session || "" };
  if (entry) headers["x-entry-id"] = entry;
  const response = await offline.fetchOrLose(path, body === undefined
    ? { headers }
    : { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) {
    const error = new Error(data.error || response.statusText);
    error.status = response.status;
    throw error;
  }
  return data;
}

/** Every change to the club's book goes through here: a POST to the club's API (``path``
 * below /api/clubs/SLUG/), answered by the server (most changes: with the whole book). The
 * jobs of an evening (QUEUED) carry an entry id made here and go through the phone's queue:
 * sent at once when there is a signal, else kept and sent later (answered { queued }); the rest
 * (secrets, passwords, sessions, a table's game) need the server there and then. */
async function write(path, body) {
  const url = `/api/clubs/${enc(club.slug)}/${path}`;
  if (!QUEUED.has(path) || body.table !== undefined) return call(url, body);
  return offline.enter({ kind: "club", club: club.slug, what: path, path: url, body, label: label(path, body), check: seen(body) },
    (entry) => call(url, body, entry.id));
}

// ---------------------------------------------------------------- without a signal

/** The changes that may wait in the phone's queue: what is entered at the table. */
const QUEUED = new Set(["evenings", "evenings/present", "games", "fines", "payments", "charges", "expenses", "members"]);

/** The server's book: kept (for a reload without a signal) and shown with this phone's waiting
 * entries on it. */
function setBook(book) {
  club.base = book;
  club.book = preview(book);
  offline.remember(`club:${club.slug}`, book);
}

/** An entry in words, for the list of waiting entries. */
function label(path, b) {
  const { t } = ctx;
  switch (path) {
    case "evenings": return t("offline_what_evening", { date: day(b.date), count: (b.present || []).length });
    case "evenings/present": return t("offline_what_present", { names: (b.present || []).join(", ") });
    case "games": return b.pub ? t("offline_what_pub_game") : t("offline_what_game", { loser: b.loser });
    case "fines": return t("offline_what_fine", { name: b.member, fine: b.fine, count: b.count || 1 });
    case "payments": return t("offline_what_payment", { name: b.member, amount: money(b.cents) });
    case "charges": return t("offline_what_charge", { name: b.member, reason: b.reason, amount: money(b.cents) });
    case "expenses": return t("offline_what_expense", { purpose: b.purpose, amount: money(b.cents) });
    default: return t("offline_what_member", { name: b.name });
  }
}

/** What the book showed when the entry was made, for the check when it is sent: the evening's
 * games and who had left by its day (so what came from another phone meanwhile is told). */
function seen(body) {
  const base = club.base;
  const date = body.date || today();
  if (!base) return { date, games: [], left: [] };
  return {
    date,
    games: base.games.filter((g) => g.date === date).map((g) => g.number),
    left: base.members.filter((m) => m.left && m.left <= date).map((m) => m.name),
  };
}

/** The book with this phone's waiting entries of the club on it, each marked ``waiting``:
 * evenings, who came, games, fines, payments, charges, expenses and members as entered (what a
 * game costs is counted when it reaches the book). */
function preview(base) {
  const mine = offline.pending({ club: club.slug, kind: "club" });
  if (!base || mine.length === 0) return base;
  const b = structuredClone(base);
  const key = (name) => String(name).toLowerCase();
  const balance = (name) => {
    let x = b.balances.find((y) => key(y.member) === key(name));
    if (!x) b.balances.push(x = { member: name, charged: 0, paid: 0, balance: 0 });
    return x;
  };
  const charge = (e, cents, text, count = 1) => {
    b.ledger.push({ date: e.body.date || today(), member: e.body.member, item: "charge", count, cents, game: null, text, waiting: true });
    const x = balance(e.body.member);
    x.charged += cents;
    x.balance += cents;
  };
  for (const e of mine) {
    const d = e.body;
    const evening = b.evenings.find((v) => v.date === d.date);
    if (e.what === "evenings" && !evening) {
      b.evenings.push({ date: d.date, place: d.place || "", note: "", present: [...(d.present || [])], games: 0, waiting: true });
      b.evenings.sort((x, y) => x.date.localeCompare(y.date));
    } else if (e.what === "evenings/present" && evening) {
      evening.present = [...new Set([...evening.present, ...(d.present || [])])];
    } else if (e.what === "games" && evening) {
      const number = Math.max(0, ...b.games.filter((g) => g.date === d.date).map((g) => g.number)) + 1;
      b.games.push({ date: d.date, number, source: d.pub ? "pub" : "loser", players: evening.present, loser: d.loser || "?",
        sections: [], blattschuss: null, note: "", void: null, bots: [], waiting: true });
      evening.games += 1;
    } else if (e.what === "fines") {
      const item = b.fine_items.find((i) => i.name === d.fine);
      if (item) charge(e, item.cents * (d.count || 1), d.fine, d.count || 1);
    } else if (e.what === "charges") {
      charge(e, d.cents, d.reason);
    } else if (e.what === "payments") {
      b.ledger.push({ date: d.date || today(), member: d.member, item: "payment", count: 1, cents: -d.cents, game: null, text: d.note || "", waiting: true });
      const x = balance(d.member);
      x.paid += d.cents;
      x.balance -= d.cents;
      b.kitty.paid_in += d.cents;
      b.kitty.balance += d.cents;
    } else if (e.what === "expenses") {
      b.expenses.push({ date: d.date || today(), cents: d.cents, purpose: d.purpose, paid_by: d.paid_by, waiting: true });
      b.kitty.paid_out += d.cents;
      b.kitty.balance -= d.cents;
    } else if (e.what === "members" && !b.members.some((m) => key(m.name) === key(d.name))) {
      b.members.push({ name: d.name, guest: Boolean(d.guest), joined: null, left: null, waiting: true });
      balance(d.name);
    }
  }
  return b;
}

/** The book of a club as the server has it now, for the checks of the entries sent: asked once
 * a sync (then kept from the answers). */
const fresh = new Map();

async function freshBook(slug) {
  const known = fresh.get(slug);
  if (known && Date.now() - known.at < 5000) return known.book;
  const stored = JSON.parse(localStorage.getItem(`schocken:club:${slug}`) || "null") || {};
  const response = await offline.fetchOrLose(`/api/clubs/${enc(slug)}`, { headers: { "x-club-session": stored.session || "" } });
  if (!response.ok) return null; // the server says why when the entry is sent
  const book = await response.json();
  fresh.set(slug, { book, at: Date.now() });
  return book;
}

function mineKey(slug) {
  return `schocken:club-mine:${slug}`;
}

/** The games this phone put into the book (date#number): not "from another phone". */
function mine(slug) {
  return new Set(JSON.parse(localStorage.getItem(mineKey(slug)) || "[]"));
}

/** The names a club's entry gives members by (who was fined, paid, lost, came). */
function namesIn(d) {
  return [d.member, d.loser, ...(d.present || [])].filter((n) => typeof n === "string" && n);
}

/** The entry's body with the name ``from`` changed to ``to`` wherever it names a member. */
function renamedIn(d, from, to) {
  const key = (name) => String(name).toLowerCase();
  const one = (n) => (typeof n === "string" && key(n) === key(from) ? to : n);
  const body = { ...d };
  for (const field of ["member", "loser"]) if (field in body) body[field] = one(body[field]);
  if (Array.isArray(body.present)) body.present = body.present.map(one);
  return body;
}

/** Before a club's entry is sent: is it at odds with what came from other phones meanwhile? A
 * member it names who is no member now (renamed: the book's record of renames gives her name
 * now, offered instead; or removed) or who left by the evening's day;
 * a game by its loser where another phone entered a game of the same loser for that evening
 * (perhaps the same game twice). An evening begun on another phone too becomes "who came". */
offline.setCheck("club", async (entry) => {
  const book = await freshBook(entry.club);
  if (!book) return null;
  const word = offline.word;
  const d = entry.body;
  const key = (name) => String(name).toLowerCase();
  const seenBefore = entry.check || { games: [], left: [] };
  if (entry.what === "evenings" && book.evenings.some((v) => v.date === d.date)) {
    if (!(d.present || []).length) return { drop: true };
    return { instead: { id: `${entry.id}:came`, what: "evenings/present", path: `${entry.path}/present`, body: { date: d.date, present: d.present } } };
  }
  if (entry.what === "members") return null;
  for (const name of namesIn(d)) {
    const m = book.members.find((x) => key(x.name) === key(name));
    const renamed = m ? null : (book.renamed || []).find((r) => key(r.name) === key(name));
    if (renamed) {
      // The same member under her name now: booked on her, never as a guest beside her.
      return { reason: word("offline_renamed", { name, now: renamed.now }), choices: { renamed: { name, now: renamed.now } } };
    }
    if (!m) return { reason: word("offline_no_member", { name }), choices: { guest: name } };
    const date = d.date || seenBefore.date;
    if (m.left && date && m.left <= date && !(seenBefore.left || []).includes(m.name)) {
      return { reason: word("offline_left_meanwhile", { name: m.name, date: day(m.left) }) };
    }
  }
  if (entry.what === "games" && d.loser) {
    const ours = mine(entry.club);
    const other = book.games.find((g) => g.date === d.date && !g.void && key(g.loser) === key(d.loser)
      && !(seenBefore.games || []).includes(g.number) && !ours.has(`${g.date}#${g.number}`));
    if (other) return { reason: word("offline_same_game", { number: other.number, loser: other.loser }) };
  }
  return null;
});

/** After an entry was applied: the club's book from its answer (kept, and shown if it is this
 * page's club); a game noted as this phone's; a pub game played without a signal that is now
 * over goes into its club's book (one entry, whose id is the game's: it goes in once). */
offline.onApplied(async (entry, answer) => {
  if (entry.kind === "club") {
    fresh.set(entry.club, { book: answer, at: Date.now() });
    if (entry.what === "games" && answer.done?.number) {
      const ours = [...mine(entry.club), `${answer.done.date}#${answer.done.number}`].slice(-200);
      localStorage.setItem(mineKey(entry.club), JSON.stringify(ours));
    }
    if (entry.what === "games" && entry.body.pub) markBookedIn(entry.club, `pub:${entry.body.pub}`);
    if (club.slug === entry.club && club.base) {
      setBook(answer);
      if (ctx?.main.querySelector("#club-app")) render();
    } else {
      await offline.remember(`club:${entry.club}`, answer);
    }
    return;
  }
  if (answer.state?.ask !== "over") return;
  const kept = JSON.parse(localStorage.getItem(`schocken:pub-club:${entry.pub}`) || "null");
  if (!kept || bookedIn(kept.club).has(`pub:${entry.pub}`)) return;
  const body = { date: kept.date, pub: entry.pub, pub_token: localStorage.getItem(`schocken:pub:${entry.pub}`) };
  await offline.add({ id: `book-pub-${entry.pub}`, kind: "club", club: kept.club, what: "games",
    path: `/api/clubs/${enc(kept.club)}/games`, body, label: offline.word("offline_what_pub_game"), check: { date: kept.date, games: [], left: [] } });
});

/** This phone's entries of the club, waiting or held, with what the treasurer can do about a
 * held one: book it anyway (or try again), book its member as a guest, or discard it. */
function queueCard() {
  const { t, el } = ctx;
  const mineNow = offline.pending({ club: club.slug, kind: "club" });
  // The club's pub games with turns waiting on this phone: a line each, to the game.
  const games = new Map();
  for (const e of offline.pending({ kind: "pub" })) {
    const kept = JSON.parse(localStorage.getItem(`schocken:pub-club:${e.pub}`) || "null");
    if (kept?.club === club.slug) games.set(e.pub, (games.get(e.pub) || 0) + 1);
  }
  if (mineNow.length === 0 && games.size === 0) return null;
  const held = mineNow.filter((e) => e.state === "conflict");
  const settle = async (e, how) => {
    if (how === "discard") {
      await offline.discard(e.seq);
      said(t("offline_discarded", { what: e.label }));
    } else if (how === "guest") {
      const guest = e.choices.guest;
      try {
        await call(`/api/clubs/${enc(club.slug)}/members`, { name: guest, guest: true }, `${e.id}:guest`);
      } catch (err) {
        fail(err);
        return;
      }
      await offline.retry(e.seq);
    } else if (how === "renamed") {
      // Her name now in the entry; checked again before it is sent (she may have left since).
      const { name, now } = e.choices.renamed;
      const body = renamedIn(e.body, name, now);
      await offline.retry(e.seq, false, { body, label: label(e.what, body) });
    } else if (e.what === "fines") {
      // The treasurer decided: the fine stands even for a member who left that day.
      await offline.retry(e.seq, true, { body: { ...e.body, anyway: true } });
    } else {
      await offline.retry(e.seq);
    }
  };
  return card("club-queue", t("offline_queue_title", { count: mineNow.length }),
    held.length ? el("p", { class: "hint" }, t("offline_settle_hint")) : el("p", { class: "hint" }, t("offline_queue_hint")),
    el("ul", { id: "club-queue-list", class: "club-queue" }, mineNow.map((e, i) => el("li", { class: e.state === "conflict" ? "held" : "waiting" },
      el("span", {}, e.label), " ",
      e.state === "conflict" ? [
        el("span", { class: "error" }, t("offline_conflict", { reason: e.reason })),
        el("span", { class: "club-queue-choices" },
          e.choices?.renamed ? el("button", { type: "button", class: "small", id: `club-queue-renamed-${i}`, onclick: () => settle(e, "renamed") },
            t("offline_book_on", { name: e.choices.renamed.now }))
            : el("button", { type: "button", class: "small", id: `club-queue-apply-${i}`, onclick: () => settle(e, "apply") },
              t(e.choices?.guest ? "offline_try_again" : "offline_apply_anyway")),
          e.choices?.guest ? el("button", { type: "button", class: "small", id: `club-queue-guest-${i}`, onclick: () => settle(e, "guest") },
            t("offline_as_guest", { name: e.choices.guest })) : null,
          el("button", { type: "button", class: "small secondary", id: `club-queue-discard-${i}`, onclick: () => settle(e, "discard") },
            t("offline_discard")))]
        : el("span", { class: "hint" }, `· ${t("offline_state_waiting")}`))),
    [...games].map(([id, count]) => el("li", { class: "waiting" },
      el("a", { href: `/pub/${enc(id)}`, class: "club-inline-link" }, t("offline_pub_waiting", { count }))))));
}

/** A change that answers the whole book: sent, the book kept and drawn anew, what was done
 * said (a text, or a function of the answer). ``focus``: the id of what gets the keyboard
 * afterwards (default: what had it); ``then``: what else follows from the answer, before it is
 * drawn. Answers the book, or null when it was refused. */
async function change(path, body, done, focus, then) {
  try {
    const answer = await write(path, body);
    if (answer.queued) {
      // Kept on this phone: shown on the book as waiting, and said so.
      club.book = preview(club.base);
      if (then) then(club.book);
      render(focus);
      said(`${typeof done === "function" ? done(club.book) : done} ${ctx.t("offline_queued_said")}`);
      return club.book;
    }
    setBook(answer);
    if (then) then(answer);
    ui.statsFor = null; // the statistics are asked again when shown
    render(focus);
    said(typeof done === "function" ? done(answer) : done);
    return answer;
  } catch (e) {
    fail(e);
    return null;
  }
}

function money(cents) {
  const currency = club.book?.club.currency || "EUR";
  try {
    return new Intl.NumberFormat(lang(), { style: "currency", currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

function cents(text) {
  const value = Number(String(text).replace(",", "."));
  return Number.isFinite(value) ? Math.round(value * 100) : NaN;
}

/** Today's date where the phone is (not in UTC: the evening is local). */
function today() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** A date as people say it: "Fri, 20 Nov 2026". */
function day(iso) {
  const [y, m, d] = iso.split("-").map(Number);
  try {
    return new Intl.DateTimeFormat(lang(), { weekday: "short", day: "numeric", month: "short", year: "numeric" })
      .format(new Date(y, m - 1, d));
  } catch {
    return iso;
  }
}

// ---------------------------------------------------------------- create or open a club

function renderStart() {
  const { t, el, main } = ctx;
  const error = el("p", { class: "error", role: "alert" });
  const create = el("form", { class: "card", id: "club-create", onsubmit: (e) => createClub(e, error) },
    el("h2", {}, t("club_web_create")),
    el("label", {}, t("club_web_name"), el("input", { name: "club_name", required: true, maxlength: "30", autocomplete: "off" })),
    el("label", {}, t("club_web_password"), el("input", { name: "password", type: "password", minlength: "8", autocomplete: "new-password" })),
    el("p", { class: "hint" }, t("club_web_password_hint")),
    el("button", { type: "submit" }, t("club_web_create_button")));
  const open = el("form", { class: "card", id: "club-open", onsubmit: (e) => openByPassword(e, error) },
    el("h2", {}, t("club_web_open")),
    el("label", {}, t("club_web_name"), el("input", { name: "club_name", required: true, autocomplete: "off" })),
    el("label", {}, t("club_web_password"), el("input", { name: "password", type: "password", required: true, autocomplete: "current-password" })),
    el("button", { type: "submit" }, t("club_web_open_button")));
  main.replaceChildren(el("div", { class: "club-start wide" },
    el("h1", {}, t("club_web_title")), el("p", { id: "club-said", class: "said" }),
    el("p", {}, t("club_web_intro")), error, create, open, importForm(error)));
}

/** A form that reads a club's export (a file chosen here) into a new club of this server. */
function importForm(error) {
  const { t, el } = ctx;
  return el("form", { class: "card", id: "club-import", onsubmit: (e) => importClub(e, error) },
    el("h2", {}, t("club_web_import")),
    el("p", { class: "hint" }, t("club_web_import_hint")),
    el("label", {}, t("club_web_import_file"), el("input", { name: "file", type: "file", required: true, accept: ".json,application/json" })),
    el("button", { type: "submit" }, t("club_web_import_button")));
}

async function importClub(event, error) {
  event.preventDefault();
  const file = event.target.file.files[0];
  if (!file) return;
  try {
    // The file goes as it is: the server's reader checks it and says what is wrong.
    const response = await fetch("/api/clubs/import", { method: "POST", headers: { "content-type": "application/json" }, body: file });
    const data = await response.json();
    if (!response.ok) throw new Error(data.error || response.statusText);
    enter(data.club.slug, data.session, null);
    await load();
    said(ctx.t("club_web_imported", { club: data.club.name }));
  } catch (e) {
    error.textContent = e.message;
  }
}

/** This browser now has the club open: its session (and secret, if known) kept here. */
function enter(slug, session, secret) {
  club.slug = slug;
  club.session = session;
  club.secret = secret;
  club.view = "tonight";
  club.evening = null;
  keep();
  history.pushState(null, "", `/club/${enc(slug)}`);
}

async function createClub(event, error) {
  event.preventDefault();
  const f = event.target;
  try {
    club.session = null;
    const made = await call("/api/clubs", { name: f.club_name.value.trim(), password: f.password.value || null });
    enter(made.club.slug, made.session, made.secret);
    ui.welcome = true;
    await load();
  } catch (e) {
    error.textContent = e.message;
  }
}

async function openByPassword(event, error) {
  event.preventDefault();
  const f = event.target;
  try {
    club.session = null;
    const opened = await call(`/api/clubs/${enc(f.club_name.value.trim())}/session`, { password: f.password.value });
    enter(opened.club.slug, opened.session, null);
    await load();
  } catch (e) {
    error.textContent = e.message;
  }
}

async function openClub(slug, view) {
  club.slug = slug;
  club.book = null;
  club.base = null;
  club.view = view;
  ui.stats = null;
  // A secret link (/club/SLUG#SECRET) is read once and the address cleaned.
  const hash = rulesPage.fromLink(location.hash.slice(1)) ?? location.hash.slice(1);
  const stored = JSON.parse(localStorage.getItem(`schocken:club:${slug}`) || "null") || {};
  club.session = stored.session || null;
  club.secret = hash || stored.secret || null;
  if (hash) {
    club.session = null;
    history.replaceState(null, "", location.pathname + location.search);
  }
  try {
    if (!club.session && club.secret) await newSession();
    try {
      await load();
    } catch (e) {
      if (e.status !== 403 || !club.secret) throw e;
      await newSession(); // the session expired, or ended with a new secret or password
      await load();
    }
  } catch (e) {
    if (offline.isNetworkError(e) && await showKept()) return;
    if (e.status === 403) renderRefused(e.message);
    else ctx.main.replaceChildren(ctx.el("p", { class: "card error", role: "alert" }, e.message));
  }
}

/** Without a signal: the book as this phone last saw it (with its waiting entries), if any. */
async function showKept() {
  const kept = await offline.recall(`club:${club.slug}`);
  if (!kept) return false;
  await offline.ready();
  club.base = kept;
  club.book = preview(kept);
  render();
  said(ctx.t("offline_kept_book"));
  return true;
}

async function newSession() {
  const opened = await call(`/api/clubs/${enc(club.slug)}/session`, { secret: club.secret });
  club.session = opened.session;
  keep();
}

function renderRefused(message) {
  const { t, el, main } = ctx;
  const error = el("p", { class: "error", role: "alert" }, t("club_web_refused"), " ", message);
  const form = el("form", { class: "card", id: "club-password", onsubmit: async (e) => {
    e.preventDefault();
    try {
      const opened = await call(`/api/clubs/${enc(club.slug)}/session`, { password: e.target.password.value });
      club.session = opened.session;
      keep();
      await load();
    } catch (err) {
      error.textContent = err.message;
    }
  } },
  el("label", {}, t("club_web_password"), el("input", { name: "password", type: "password", required: true, autocomplete: "current-password" })),
  el("button", { type: "submit" }, t("club_web_open_button")));
  main.replaceChildren(el("div", { class: "club-start wide" }, el("h1", {}, t("club_web_title")), error, form));
}

async function load() {
  await offline.ready();
  setBook(await call(`/api/clubs/${enc(club.slug)}`));
  ui.ready = null;
  ui.statsFor = null;
  render();
}

// ---------------------------------------------------------------- the page around the views

/** Say what was done: on the page and to a screen reader. */
function said(text) {
  ctx.announce(text);
  const line = ctx.main.querySelector("#club-said");
  if (line) line.textContent = text;
  const error = ctx.main.querySelector("#club-error");
  if (error) error.textContent = "";
}

/** Say why not (the book's message): on the page, as an alert. */
function fail(e) {
  const line = ctx.main.querySelector("#club-said");
  if (line) line.textContent = "";
  const error = ctx.main.querySelector("#club-error");
  if (error) error.textContent = offline.isNetworkError(e) ? ctx.t("offline_needs_signal") : e.message || String(e);
}

function href(view, evening = null) {
  const path = `/club/${enc(club.slug)}${view === "tonight" ? "" : `/${view}`}`;
  return evening ? `${path}?evening=${enc(evening)}` : path;
}

/** Go to a view (a new entry of the history): drawn, the keyboard on its first heading. */
function go(view, evening = null) {
  history.pushState(null, "", href(view, evening));
  club.view = view;
  club.evening = evening;
  if (view === "tonight") ui.ready = null;
  render();
  window.scrollTo(0, 0);
  const heading = ctx.main.querySelector("#club-view h2");
  if (heading) {
    heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
  }
}

const ICONS = {
  tonight: "M15.5 3.5a8.5 8.5 0 1 0 5 12.8 7 7 0 0 1-5-12.8z",
  money: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 3v12m-3-9.5c0-1.2 1.3-2 3-2s3 .8 3 2-1.3 1.8-3 2.2-3 1-3 2.3 1.3 2 3 2 3-.8 3-2",
  members: "M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zm-6 9c0-3.3 2.7-6 6-6s6 2.7 6 6m1-9.5a3 3 0 1 0 0-6m2 15.5c0-2.6-1.3-4.6-3.3-5.5",
  stats: "M4 20V10m6 10V4m6 16v-7m4 7H3",
  settings: "M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zm8 3-2-.7-.6-1.5 1-1.9-1.4-1.4-1.9 1-1.5-.6L13 4h-2l-.7 2-1.5.6-1.9-1-1.4 1.4 1 1.9-.6 1.5L4 11v2l2 .7.6 1.5-1 1.9 1.4 1.4 1.9-1 1.5.6.7 2h2l.7-2 1.5-.6 1.9 1 1.4-1.4-1-1.9.6-1.5 2-.7z",
};

function icon(view) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "club-tab-icon");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", ICONS[view]);
  svg.append(path);
  return svg;
}

/** The club's page: its name, the views' tabs, the status line and the view. Drawn anew after
 * every change; the keyboard stays where it was (the element of the same id), or goes to
 * ``focus`` (an id). */
function render(focus) {
  const { t, el, main } = ctx;
  const active = document.activeElement;
  const keepId = focus || (active && main.contains(active) ? active.id : null);
  const tabs = el("nav", { class: "club-tabs", "aria-label": t("club_web_views") },
    VIEWS.map((v) => el("a", {
      href: href(v), id: `club-tab-${v}`, "aria-current": club.view === v ? "page" : null,
      onclick: (e) => {
        if (e.ctrlKey || e.metaKey || e.shiftKey) return;
        e.preventDefault();
        go(v);
      },
    }, icon(v), el("span", {}, t(`club_web_tab_${v}`)))));
  const view = el("div", { id: "club-view", class: `club-view club-view-${club.view}` });
  const parts = viewParts();
  parts.left = parts.left.filter(Boolean);
  parts.right = parts.right.filter(Boolean);
  if (wide.matches && parts.right.length) {
    view.append(el("div", { class: "club-columns" },
      el("div", { class: "club-column" }, parts.left), el("div", { class: "club-column" }, parts.right)));
  } else {
    view.append(...parts.left, ...parts.right);
  }
  main.replaceChildren(el("div", { id: "club-app", class: `club-app wide${wide.matches ? " desk" : ""}` },
    el("header", { class: "club-head" }, el("h1", {}, club.book.club.name)),
    tabs,
    // What was done, or why not: kept in sight at the top while the page scrolls.
    el("div", { id: "club-status" }, el("p", { id: "club-said", class: "said" }),
      el("p", { id: "club-error", class: "error", role: "alert" })),
    view));
  if (keepId) {
    const again = document.getElementById(keepId);
    if (again) again.focus({ preventScroll: true });
  }
}

/** The cards of the view: ``left`` and ``right`` (side by side on a desktop). */
function viewParts() {
  if (club.view === "money") return moneyView();
  if (club.view === "members") return membersView();
  if (club.view === "stats") return statsView();
  if (club.view === "settings") return settingsView();
  const tonight = tonightView();
  // A desktop shows Money beside Tonight: the jobs of an evening at one glance.
  if (!wide.matches) return { left: tonight, right: [] };
  const money_ = moneyView();
  return { left: tonight, right: [...money_.left, ...money_.right] };
}

/** A card: a section named by its heading. */
function card(id, title, ...children) {
  const { el } = ctx;
  return el("section", { class: "card club-part", id, "aria-labelledby": `${id}-h` },
    el("h2", { id: `${id}-h`, tabindex: "-1" }, title), ...children);
}

/** A part that opens and closes (a disclosure: a button in a heading). ``key``: kept open in
 * ``ui.folds`` across drawings. */
function fold(key, title, build, level = "h2", cls = "card club-part club-fold") {
  const { el } = ctx;
  const open = ui.folds.has(key);
  const body = el("div", { id: `club-fold-${key}`, class: "club-fold-body", hidden: !open }, open ? [build()].flat(Infinity) : null);
  const button = el("button", { type: "button", class: "club-fold-button", id: `club-fold-${key}-button`,
    "aria-expanded": String(open), "aria-controls": `club-fold-${key}`, onclick: () => {
      if (ui.folds.has(key)) ui.folds.delete(key);
      else ui.folds.add(key);
      render(`club-fold-${key}-button`);
    } }, title);
  return el(level === "h2" ? "section" : "div", { class: cls, id: `club-${key}-part` }, el(level, {}, button), body);
}

function options(values, label = (v) => v) {
  return values.map((v) => ctx.el("option", { value: v }, label(v)));
}

/** A table: a caption, column heads, rows (the first cell heads its row); a cell is a text, an
 * element, or { text, class }. */
function table(caption, heads, rows, id) {
  const { el } = ctx;
  const cell = (c, i) => {
    const [text, cls] = typeof c === "object" && c !== null && !(c instanceof Node) ? [c.text, c.class] : [c, undefined];
    return i === 0 ? el("th", { scope: "row" }, text) : el("td", cls ? { class: cls } : {}, text);
  };
  return el("table", { id },
    el("caption", {}, caption),
    el("thead", {}, el("tr", {}, heads.map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, rows.map((r) => el("tr", {}, r.map(cell)))));
}

/** A wide table in a box that scrolls sideways, which a keyboard can scroll too (focusable,
 * named). */
function scroller(label, content, id) {
  return ctx.el("div", { class: "club-scroll", tabindex: "0", role: "region", "aria-label": label, id }, content);
}

/** A line that says the box ``box`` scrolls sideways, shown while its table is wider than it
 * (a phone): without it nothing tells that columns are cut off. */
function scrollHint(box, id) {
  const hint = ctx.el("p", { class: "hint club-scroll-hint", id, hidden: true }, ctx.t("club_web_scroll_hint"));
  requestAnimationFrame(() => {
    const scroll = document.getElementById(box);
    if (!scroll) return;
    const fits = () => {
      hint.hidden = scroll.scrollWidth <= scroll.clientWidth + 1;
      scroll.classList.toggle("club-scroll-more", !hint.hidden);
    };
    new ResizeObserver(fits).observe(scroll);
    fits();
  });
  return hint;
}

function memberName(name) {
  const { t } = ctx;
  const m = club.book.members.find((x) => x.name === name);
  const marks = [m?.guest ? t("club_web_guest_mark") : null, m?.left ? t("club_web_left_mark", { date: day(m.left) }) : null].filter(Boolean);
  return marks.length ? `${name} (${marks.join(", ")})` : name;
}

/** The members who have not left by ``date``. */
function active(date = today()) {
  return club.book.members.filter((m) => !m.left || m.left > date);
}

function balanceOf(name) {
  return club.book.balances.find((x) => x.member === name) || { charged: 0, paid: 0, balance: 0 };
}

// ---------------------------------------------------------------- Tonight

/** The evening worked on: the one asked for (?evening=), else tonight's. */
function currentEvening() {
  const evenings = club.book.evenings;
  if (club.evening) return evenings.find((e) => e.date === club.evening) || null;
  return evenings.find((e) => e.date === today()) || null;
}

function closedKey() {
  return `schocken:club-closed:${club.slug}`;
}

function closedDates() {
  return JSON.parse(localStorage.getItem(closedKey()) || "[]");
}

function tonightView() {
  const parts = [queueCard()];
  if (ui.welcome && club.secret) parts.push(welcomeCard());
  const ev = currentEvening();
  if (!ev) {
    parts.push(startCard());
  } else if (closedDates().includes(ev.date)) {
    parts.push(closedCard(ev));
  } else {
    // The most frequent job first: a fine; then the games, then the evening's sums.
    parts.push(cameCard(ev), finesCard(ev), gamesCard(ev), totalsCard(ev));
  }
  parts.push(earlierCard(ev));
  return parts;
}

/** The first screen after a club is made: how the others get in. */
function welcomeCard() {
  const { t, el } = ctx;
  return card("club-secret", t("club_web_welcome_title"),
    el("p", {}, t("club_web_welcome_text")),
    linkBlock("club-secret"),
    el("button", { type: "button", class: "secondary", id: "club-welcome-done", onclick: () => {
      ui.welcome = false;
      render();
      ctx.main.querySelector("#club-view h2")?.focus();
    } }, t("club_web_welcome_done")));
}

/** Tap the names of who came, then start the evening (today, or the day entered). */
function startCard() {
  const { t, el } = ctx;
  const last = club.book.evenings.at(-1);
  const names = active().map((m) => m.name);
  const chips = el("div", { class: "club-chips", role: "group", "aria-labelledby": "club-start-who" },
    names.map((n) => el("button", { type: "button", class: "chip", "aria-pressed": String(ui.pick.has(n)),
      id: `club-pick-${names.indexOf(n)}`, onclick: () => {
        if (ui.pick.has(n)) ui.pick.delete(n);
        else ui.pick.add(n);
        render();
      } }, n)));
  return card("club-start", t("club_web_start_title"),
    el("form", { id: "club-add-evening", onsubmit: (e) => {
      e.preventDefault();
      const f = e.target;
      const present = names.filter((n) => ui.pick.has(n));
      const date = f.date.value;
      change("evenings", { date, place: f.place.value, present },
        t("club_web_started", { date: day(date), count: present.length }), "club-tonight-h", () => {
          ui.pick.clear();
          ui.startDate = null;
          ui.startPlace = null;
          if (date !== today()) {
            history.pushState(null, "", href("tonight", date));
            club.evening = date;
          }
        });
    } },
    names.length === 0 ? el("p", { class: "hint" }, t("club_web_members_first")) : [
      el("p", { id: "club-start-who", class: "club-label" }, t("club_web_start_hint")),
      chips],
    // What is typed stays when the card is drawn anew (a tap on a name).
    el("div", { class: "club-row" },
      el("label", {}, t("club_web_date"), el("input", { name: "date", type: "date", required: true, id: "club-start-date",
        value: ui.startDate || today(), oninput: (e) => { ui.startDate = e.target.value; } })),
      el("label", {}, t("club_web_place"), el("input", { name: "place", maxlength: "200", id: "club-start-place",
        value: ui.startPlace ?? (last?.place || ""), oninput: (e) => { ui.startPlace = e.target.value; } }))),
    el("button", { type: "submit", class: "primary", id: "club-start-button" }, t("club_web_start_button"))));
}

/** The evening's heading and who came: the others are a tap away from being marked. */
function cameCard(ev) {
  const { t, el } = ctx;
  const isToday = ev.date === today();
  const missing = active(ev.date).map((m) => m.name).filter((n) => !ev.present.includes(n));
  return card("club-tonight", isToday ? t("club_web_tonight_of", { date: day(ev.date) }) : t("club_web_evening_of", { date: day(ev.date) }),
    isToday && !club.evening ? null : el("p", {}, el("a", { href: href("tonight"), id: "club-back-tonight", onclick: (e) => {
      e.preventDefault();
      go("tonight");
    } }, t("club_web_back_tonight"))),
    el("p", { id: "club-came" }, el("strong", {}, t("club_web_came", { count: ev.present.length })), " ",
      ev.present.length ? ev.present.join(", ") : t("club_web_came_none")),
    missing.length === 0 ? null : [
      el("p", { class: "club-label", id: "club-came-more" }, t("club_web_came_more")),
      el("div", { class: "club-chips", role: "group", "aria-labelledby": "club-came-more", id: "club-present" },
        missing.map((n, i) => el("button", { type: "button", class: "chip", id: `club-came-${i}`,
          onclick: () => change("evenings/present", { date: ev.date, present: [n] },
            t("club_web_present_added", { date: ev.date, names: n }), "club-came-more") }, `+ ${n}`)))]);
}

// The pub games entered on this device (pub mode keeps each one's token in this browser), and
// the online tables this browser sat at: a finished one goes into the book with one tap. At
// most KNOWN of each are asked about (a browser that kept hundreds asks not for all of them).
const KNOWN = 30;

function pubGames() {
  const found = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key && key.startsWith("schocken:pub:")) found.push({ id: key.slice("schocken:pub:".length), token: localStorage.getItem(key) });
  }
  return found.slice(0, KNOWN);
}

function knownTables() {
  const found = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key && key.startsWith("schocken:table:")) found.push(key.slice("schocken:table:".length));
  }
  return found.slice(0, KNOWN);
}

function bookedKey() {
  return `schocken:club-booked:${club.slug}`;
}

function booked() {
  return new Set(JSON.parse(localStorage.getItem(bookedKey()) || "[]"));
}

function markBooked(what) {
  markBookedIn(club.slug, what);
}

function bookedIn(slug) {
  return new Set(JSON.parse(localStorage.getItem(`schocken:club-booked:${slug}`) || "[]"));
}

function markBookedIn(slug, what) {
  const all = bookedIn(slug);
  all.add(what);
  localStorage.setItem(`schocken:club-booked:${slug}`, JSON.stringify([...all]));
}

/** Tonight's games, and the ways to add one: a new pub game on this phone, a finished game of
 * this phone or an online table (one tap each), or just its loser. */
function gamesCard(ev) {
  const { t, el } = ctx;
  const games = club.book.games.filter((g) => g.date === ev.date);
  const counted = games.filter((g) => !g.void);
  const present = ev.present;
  const ready = el("ul", { class: "club-ready", id: "club-ready" });
  fillReady(ready, ev);
  const way = (key, label) => el("button", { type: "button", class: "secondary", id: `club-way-${key}`,
    "aria-expanded": String(ui.gameWay === key), "aria-controls": `club-way-${key}-panel`, onclick: () => {
      ui.gameWay = ui.gameWay === key ? null : key;
      render(`club-way-${key}`);
    } }, label);
  const loserPanel = ui.gameWay !== "loser" ? null : el("div", { id: "club-way-loser-panel", class: "club-way-panel" },
    present.length < 2 ? el("p", { class: "hint" }, t("club_web_loser_needs")) : [
      el("p", { class: "club-label", id: "club-loser-who" }, t("club_web_pick_loser")),
      el("div", { class: "club-chips", role: "group", "aria-labelledby": "club-loser-who", id: "club-add-game" },
        present.map((n, i) => el("button", { type: "button", class: "chip", id: `club-loser-${i}`,
          "aria-label": t("club_web_loser_button", { name: n }),
          onclick: () => change("games", { date: ev.date, loser: n }, t("club_web_game_added", { loser: n }), `club-loser-${i}`) }, n)))]);
  const tablePanel = ui.gameWay !== "table" ? null : el("form", { id: "club-add-table", class: "club-way-panel", onsubmit: (e) => {
    e.preventDefault();
    takeTable(ev.date, e.target.table.value.trim());
  } },
  el("label", {}, t("club_web_table"), el("input", { name: "table", required: true, autocomplete: "off", autocapitalize: "characters" })),
  el("button", { type: "submit" }, t("club_web_add_game")));
  const list = el("ol", { id: "club-games-tonight", class: "club-games" }, games.map((g) => el("li", { class: g.void ? "void" : null },
    g.waiting && g.source === "pub" ? t("offline_game_pub_line", { number: g.number }) : t("club_web_game_line", { number: g.number, loser: g.loser }),
    g.waiting ? el("span", { class: "hint" }, ` · ${t("offline_state_waiting")}`) : null,
    g.source === "loser" ? null : el("span", { class: "hint" }, ` · ${t(`club_web_source_${g.source}`)}`),
    g.bots.length ? el("span", { class: "hint" }, ` · ${t("club_web_bots_in", { bots: g.bots.join(", ") })}`) : null,
    g.tournament ? el("span", { class: "hint" }, " · ", el("a", { href: `/tournaments/${enc(club.slug)}/${enc(g.tournament.slug)}`, class: "club-inline-link" },
      t("club_web_from_tournament", { tournament: g.tournament.name, round: g.tournament.round, table: g.tournament.table }))) : null,
    g.void ? el("span", { class: "hint" }, ` · ${t("club_web_struck_out", { reason: g.void })}`) : null)));
  return card("club-games-part", t("club_web_games_tonight", { count: counted.length }),
    games.length ? list : el("p", { class: "hint" }, t("club_web_games_none")),
    ready,
    el("div", { class: "club-ways" },
      el("button", { type: "button", class: "primary", id: "club-new-pub", onclick: () => newPubGame(ev) }, t("club_web_new_pub")),
      way("loser", t("club_web_by_loser")), way("table", t("club_web_by_table"))),
    loserPanel, tablePanel,
    counted.length === 0 ? null : voidFold(counted));
}

/** Pub mode on this phone for this evening: its start form gets who came as the players. */
function newPubGame(ev) {
  sessionStorage.setItem("schocken:pub-next", JSON.stringify({
    club: club.slug, name: club.book.club.name, date: ev.date, players: ev.present.slice(0, 10),
  }));
  location.assign("/pub");
}

/** The finished games this browser knows that are not in the book yet, each with its button:
 * asked in the background once per visit of Tonight (the pub games with their tokens, the
 * tables by their ids), then drawn from what was answered. */
function fillReady(list, ev) {
  const { t, el } = ctx;
  const done = booked();
  const forUs = (id) => {
    const kept = JSON.parse(localStorage.getItem(`schocken:pub-club:${id}`) || "null");
    return !kept || kept.club === club.slug;
  };
  const draw = () => {
    const items = [...(ui.ready?.values() || [])].filter((r) => r && !done.has(r.key));
    list.replaceChildren(...items.map((r) => {
      if (r.running) {
        return el("li", {}, t("club_web_pub_item", { players: t("club_web_pub_running", { players: r.players }) }), " ",
          el("a", { href: `/pub/${enc(r.id)}`, class: "club-inline-link" }, t("club_web_pub_continue")));
      }
      const what = r.kind === "pub" ? t("club_web_pub_item", { players: r.players })
        : t("club_web_table_item", { code: r.code, players: r.players });
      return el("li", {}, what, " ", el("button", { type: "button", class: "small", id: `club-take-${r.kind}-${r.id}`,
        "aria-label": t("club_web_into_book_label", { what }), onclick: () => takeReady(r, ev.date) }, t("club_web_into_book")));
    }));
    list.hidden = items.length === 0;
  };
  if (ui.ready) {
    draw();
    return;
  }
  ui.ready = new Map();
  list.hidden = true;
  const asked = [];
  for (const g of pubGames()) {
    if (done.has(`pub:${g.id}`) || !forUs(g.id)) continue;
    asked.push(fetch(`/api/pub/${enc(g.id)}?lang=${lang()}`, { headers: { "x-pub-token": g.token || "" } })
      .then((r) => (r.ok ? r.json() : null))
      .then((v) => {
        // A game of a tournament's table (it has a next game's place) is booked by the tournament.
        if (v && v.next === undefined) ui.ready.set(`pub:${g.id}`, { key: `pub:${g.id}`, kind: "pub", id: g.id, token: g.token,
          players: v.players.join(", "), running: v.state.loser == null });
      }));
  }
  for (const id of knownTables()) {
    if (done.has(`table:${id}`)) continue;
    asked.push(fetch(`/api/tables/${enc(id)}`)
      .then((r) => (r.ok ? r.json() : null))
      .then((table) => {
        if (!table || !table.finished) return;
        const players = table.seats.map((s) => (s.human ? s.name : `${s.name} (${t("club_web_bot_mark")})`)).join(", ");
        ui.ready.set(`table:${id}`, { key: `table:${id}`, kind: "table", id, code: table.code, players });
      }));
  }
  Promise.allSettled(asked).then(() => {
    const now = ctx.main.querySelector("#club-ready");
    if (now) fillReady(now, ev);
  });
}

/** One finished game of this browser into the book, with one tap. */
async function takeReady(r, date) {
  if (r.kind === "table") {
    await takeTable(date, r.id);
    return;
  }
  await change("games", { date, pub: r.id, pub_token: r.token }, ctx.t("club_web_game_added_pub"), "club-games-part-h",
    () => markBooked(r.key));
}

async function takeTable(date, key) {
  if (!key) return;
  await change("games", { date, table: key }, (answer) => {
    const bots = answer.done.bots.length ? ` ${ctx.t("club_web_bots_in", { bots: answer.done.bots.join(", ") })}.` : "";
    return `${ctx.t("club_web_game_added_table")}${bots}`;
  }, "club-games-part-h", () => {
    markBooked(`table:${key}`);
    ui.gameWay = null;
  });
}

/** Strike a game of the evening out, with the reason: it stays in the book and counts no more. */
function voidFold(counted) {
  const { t, el } = ctx;
  return fold("void", t("club_web_void"), () => el("form", { id: "club-void", onsubmit: (e) => {
    e.preventDefault();
    const f = e.target;
    const g = counted[Number(f.game.value)];
    const reason = f.reason.value.trim();
    change("games/void", { date: g.date, number: g.number, reason }, t("club_web_voided", { number: g.number, date: g.date, reason }));
  } },
  el("label", {}, t("club_web_game"), el("select", { name: "game" },
    counted.map((g, i) => el("option", { value: String(i) }, t("club_web_game_choice", { date: g.date, number: g.number, loser: g.loser }))).reverse())),
  el("label", {}, t("club_web_reason"), el("input", { name: "reason", required: true, maxlength: "200" })),
  el("button", { type: "submit" }, t("club_web_void_button"))), "h3", "club-fold club-subfold");
}

/** Fines from the club's catalogue: tap a member, tap a fine (how many times: the stepper). */
function finesCard(ev) {
  const { t, el } = ctx;
  const items = club.book.fine_items;
  if (items.length === 0) {
    return card("club-fines", t("club_web_fines"), el("p", { class: "hint", id: "club-fines-empty" }, t("club_web_fines_empty_tonight"), " ",
      el("a", { href: href("settings"), onclick: (e) => {
        e.preventDefault();
        ui.folds.add("fines");
        go("settings");
      } }, t("club_web_tab_settings"))));
  }
  const everyone = active(ev.date).map((m) => m.name);
  const shown = ui.fineEveryone || ev.present.length === 0 ? everyone : ev.present;
  if (ui.fineMember && !everyone.includes(ui.fineMember)) ui.fineMember = null;
  const who = ui.fineMember;
  const chips = el("div", { class: "club-chips", role: "group", "aria-labelledby": "club-fine-who", id: "club-fine-members" },
    shown.map((n, i) => el("button", { type: "button", class: "chip", id: `club-fine-member-${i}`, "aria-pressed": String(n === who),
      onclick: () => {
        ui.fineMember = n === who ? null : n;
        render(`club-fine-member-${i}`);
      } }, n)),
    shown.length < everyone.length ? el("button", { type: "button", class: "chip more", id: "club-fine-everyone",
      onclick: () => {
        ui.fineEveryone = true;
        render("club-fine-everyone");
      } }, t("club_web_everyone_else")) : null);
  const stepper = el("div", { class: "club-stepper", role: "group", "aria-labelledby": "club-fine-count-label" },
    el("span", { id: "club-fine-count-label", class: "club-label" }, t("club_web_fine_count")),
    el("button", { type: "button", class: "step", id: "club-fine-less", "aria-label": t("club_web_count_less"),
      disabled: ui.fineCount <= 1, onclick: () => { ui.fineCount -= 1; render("club-fine-less"); } }, "−"),
    el("output", { id: "club-fine-count", "aria-live": "polite" }, String(ui.fineCount)),
    el("button", { type: "button", class: "step", id: "club-fine-more", "aria-label": t("club_web_count_more"),
      disabled: ui.fineCount >= 99, onclick: () => { ui.fineCount += 1; render("club-fine-more"); } }, "+"));
  const book = (item, i) => {
    if (!who) {
      fail(new Error(t("club_web_fine_pick_member")));
      return;
    }
    const count = ui.fineCount;
    change("fines", { member: who, fine: item.name, count, date: ev.date },
      t("club_web_fined", { name: who, fine: item.name, count, amount: money(item.cents * count) }), `club-fine-${i}`,
      () => { ui.fineCount = 1; });
  };
  return card("club-fines", t("club_web_fines"),
    el("p", { class: "club-label", id: "club-fine-who" }, t("club_web_fine_who")),
    chips,
    stepper,
    el("p", { class: "club-label", id: "club-fine-what" }, who ? t("club_web_fine_what", { name: who }) : t("club_web_fine_what_first")),
    el("div", { class: "club-fine-items", role: "group", "aria-labelledby": "club-fine-what", id: "club-fine" },
      items.map((item, i) => el("button", { type: "button", class: "fine", id: `club-fine-${i}`,
        onclick: () => book(item, i) }, el("span", {}, item.name), el("span", { class: "price" }, money(item.cents))))));
}

/** Tonight's totals per member: what the evening cost them, what they owe in all, and a
 * payment in two taps. */
function totalsCard(ev) {
  const { t, el } = ctx;
  const lines = club.book.ledger.filter((l) => l.date === ev.date);
  const tonight = new Map();
  for (const l of lines) {
    if (l.item !== "payment") tonight.set(l.member, (tonight.get(l.member) || 0) + l.cents);
  }
  const names = club.book.members.map((m) => m.name).filter((n) => ev.present.includes(n) || tonight.has(n));
  if (ui.payMember && !names.includes(ui.payMember)) ui.payMember = null;
  const rows = names.map((n, i) => [memberName(n), money(tonight.get(n) || 0), money(balanceOf(n).balance),
    el("button", { type: "button", class: "small", id: `club-pay-open-${i}`, "aria-expanded": String(ui.payMember === n),
      "aria-label": t("club_web_pay_for", { name: n }), onclick: () => {
        ui.payMember = ui.payMember === n ? null : n;
        ui.member = null;
        render(ui.payMember ? "club-payment-amount" : `club-pay-open-${i}`);
      } }, t("club_web_pay_tonight"))]);
  return card("club-totals", t("club_web_totals"),
    names.length === 0 ? el("p", { class: "hint" }, t("club_web_totals_none"))
      : table(t("club_web_totals"), [t("club_web_member"), t("club_web_tonight_col"), t("club_web_balance"), t("club_web_pay_tonight")], rows, "club-totals-table"),
    ui.payMember ? paymentForm(ui.payMember, ev.date) : null,
    el("button", { type: "button", class: "secondary", id: "club-close-evening", onclick: () => {
      localStorage.setItem(closedKey(), JSON.stringify([...new Set([...closedDates(), ev.date])]));
      ui.payMember = null;
      render("club-closed-h");
      said(t("club_web_closed_said", { date: day(ev.date) }));
    } }, t("club_web_close_evening")));
}

/** A member's payment: the amount (what they owe, to begin with), a note, and pay by QR. */
function paymentForm(name, date = today(), heading = true) {
  const { t, el } = ctx;
  const owed = balanceOf(name).balance;
  return el("form", { id: "club-payment", class: "club-payment", onsubmit: (e) => {
    e.preventDefault();
    const f = e.target;
    const amount = cents(f.amount.value);
    const tonight = club.view === "tonight";
    change("payments", { member: name, cents: amount, note: f.note.value, date }, t("club_web_paid_said", { name, amount: money(amount) }),
      tonight ? "club-totals-h" : "club-member-panel-h", () => {
        if (tonight) ui.payMember = null;
      });
  } },
  heading ? el("h3", { id: "club-payment-h", tabindex: "-1" }, t("club_web_pay_label", { name })) : null,
  el("div", { class: "club-row" },
    el("label", {}, t("club_web_amount"), el("input", { name: "amount", id: "club-payment-amount", inputmode: "decimal", required: true,
      pattern: "-?[0-9]+([.,][0-9]{1,2})?", value: owed > 0 ? (owed / 100).toFixed(2).replace(".", lang() === "de" ? "," : ".") : "" })),
    el("label", {}, t("club_web_note"), el("input", { name: "note", maxlength: "200" }))),
  el("button", { type: "submit", class: "primary" }, t("club_web_pay")),
  payPart(name));
}

/** The chosen member's way to pay: a button that shows their balance as a GiroCode (a SEPA
 * transfer's QR code, EPC069-12) to the club's account, with what it holds in words. */
function payPart(name) {
  const { t, el } = ctx;
  const b = club.book;
  const owed = balanceOf(name).balance;
  const box = el("div", { id: "club-pay", class: "club-pay" });
  if (!name || !b.account || owed <= 0) return box;
  box.append(el("button", { type: "button", id: "club-pay-button", class: "secondary", onclick: async () => {
    try {
      const pay = await call(`/api/clubs/${enc(club.slug)}/pay?member=${enc(name)}`);
      const words = { name: pay.member, amount: money(pay.cents), iban: pay.iban, holder: pay.holder, reference: pay.reference };
      const figure = el("figure", { class: "club-pay-qr" },
        el("img", { src: pay.qr, alt: t("club_web_pay_alt", words), width: "240", height: "240" }),
        el("figcaption", {}, el("strong", {}, t("club_web_pay_title", words)), " ", t("club_web_pay_hint", words),
          pay.adjusted ? el("span", { class: "hint" }, " ", t("club_pay_adjusted")) : null));
      box.replaceChildren(figure);
      said(t("club_web_pay_title", words));
    } catch (err) {
      fail(err);
    }
  } }, t("club_web_pay_button")));
  return box;
}

/** A closed evening: its sums, and a button to open it again. */
function closedCard(ev) {
  const { t, el } = ctx;
  const lines = club.book.ledger.filter((l) => l.date === ev.date);
  const charged = lines.filter((l) => l.item !== "payment").reduce((s, l) => s + l.cents, 0);
  const paid = -lines.filter((l) => l.item === "payment").reduce((s, l) => s + l.cents, 0);
  const tonight = new Map();
  for (const l of lines) if (l.item !== "payment") tonight.set(l.member, (tonight.get(l.member) || 0) + l.cents);
  return card("club-closed", t("club_web_closed_title", { date: day(ev.date) }),
    el("p", { id: "club-closed-sum" }, t("club_web_closed_sum", { count: ev.present.length, games: inWords("n_games", ev.games), charged: money(charged), paid: money(paid) })),
    tonight.size === 0 ? null : table(t("club_web_totals"), [t("club_web_member"), t("club_web_tonight_col"), t("club_web_balance")],
      [...tonight.entries()].map(([n, c]) => [n, money(c), money(balanceOf(n).balance)]), "club-closed-table"),
    el("p", { class: "hint" }, t("club_web_closed_hint")),
    el("button", { type: "button", class: "secondary", id: "club-reopen", onclick: () => {
      localStorage.setItem(closedKey(), JSON.stringify(closedDates().filter((d) => d !== ev.date)));
      render("club-tonight-h");
      said(t("club_web_reopened", { date: day(ev.date) }));
    } }, t("club_web_reopen")));
}

/** The evenings before, newest first: a few, and more on asking; each opens as "Tonight". */
function earlierCard(ev) {
  const { t, el } = ctx;
  const earlier = club.book.evenings.filter((e) => e !== ev && e.date !== ev?.date).reverse();
  if (earlier.length === 0) return null;
  const shown = earlier.slice(0, ui.evenings);
  return card("club-earlier", t("club_web_earlier"),
    el("ul", { id: "club-evening-list", class: "club-evenings" }, shown.map((e, i) => el("li", {},
      el("a", { href: href("tonight", e.date), id: `club-evening-${i}`, onclick: (x) => {
        x.preventDefault();
        go("tonight", e.date);
      } }, t("club_web_evening_line", { date: e.date, place: e.place || "–", count: e.present.length, games: inWords("n_games", e.games) }))))),
    earlier.length > shown.length ? el("button", { type: "button", class: "secondary", id: "club-evenings-more", onclick: () => {
      ui.evenings += 10;
      render(`club-evening-${shown.length}`);
    } }, t("club_web_show_more_count", { count: earlier.length - shown.length })) : null);
}

// ---------------------------------------------------------------- Money

function moneyView() {
  return { left: [balancesCard(), kittyCard()], right: [expensesCard()] };
}

/** What each member owes; a member's name opens their ledger, a payment and pay by QR. */
function balancesCard() {
  const { t, el } = ctx;
  const b = club.book;
  if (ui.member && !b.members.some((m) => m.name === ui.member)) ui.member = null;
  const rows = b.balances.map((x, i) => [
    el("button", { type: "button", class: "club-name-button", id: `club-member-${i}`, "aria-expanded": String(ui.member === x.member),
      "aria-controls": "club-member-panel", onclick: () => {
        ui.member = ui.member === x.member ? null : x.member;
        ui.memberLines = 8;
        ui.payMember = null;
        render(ui.member ? "club-member-panel-h" : `club-member-${i}`);
        if (ui.member) said(t("club_web_ledger_shown", { name: x.member, balance: money(x.balance) }));
      } }, memberName(x.member)),
    money(x.charged), money(x.paid), money(x.balance)]);
  return card("club-money", t("club_web_balances"),
    b.balances.length === 0 ? el("p", { class: "hint" }, t("club_web_members_first")) : [
      el("p", { class: "hint" }, t("club_web_balances_hint")),
      table(t("club_web_balances"), [t("club_web_member"), t("club_web_charged"), t("club_web_paid"), t("club_web_balance")], rows, "club-balances")],
    ui.member ? memberPanel(ui.member) : null);
}

function ledgerItem(line) {
  const { t } = ctx;
  const what = ["payment", "charge"].includes(line.item) ? t(`club_web_${line.item}_line`) : t(`club_web_item_${line.item}`);
  const count = line.count > 1 ? ` ×${line.count}` : "";
  const game = line.game ? ` (${t("club_web_game_no", { number: line.game })})` : "";
  return `${what}${count}${game}${line.text ? `: ${line.text}` : ""}`;
}

/** One member: their payment (and pay by QR), their ledger (the latest lines first, all on
 * asking), and a charge or correction by hand. */
function memberPanel(name) {
  const { t, el } = ctx;
  const lines = club.book.ledger.filter((l) => l.member === name);
  const latest = lines.slice().reverse();
  const shown = latest.slice(0, ui.memberLines);
  return el("div", { id: "club-member-panel", class: "club-member-panel" },
    el("h3", { id: "club-member-panel-h", tabindex: "-1" }, t("club_web_member_owes", { name, balance: money(balanceOf(name).balance) })),
    paymentForm(name, today(), false),
    table(t("club_web_ledger_of_name", { name }), [t("club_web_date"), t("club_web_item"), t("club_web_amount")],
      shown.map((l) => [l.date, ledgerItem(l), money(l.cents)]), "club-ledger"),
    latest.length > shown.length ? el("button", { type: "button", class: "secondary", id: "club-ledger-more", onclick: () => {
      ui.memberLines = latest.length;
      render("club-ledger-more-done");
    } }, t("club_web_lines_more", { count: latest.length })) : el("span", { id: "club-ledger-more-done", tabindex: "-1" }),
    fold("charge", t("club_web_charge"), () => el("form", { id: "club-charge", onsubmit: (e) => {
      e.preventDefault();
      const f = e.target;
      const reason = f.reason.value.trim();
      change("charges", { member: name, cents: cents(f.amount.value), reason, date: f.date.value },
        t("club_web_charged_said", { name, amount: money(cents(f.amount.value)), reason }));
    } },
    el("label", {}, t("club_web_amount"), el("input", { name: "amount", inputmode: "decimal", required: true, pattern: "-?[0-9]+([.,][0-9]{1,2})?",
      "aria-describedby": "club-charge-hint" })),
    el("p", { class: "hint", id: "club-charge-hint" }, t("club_web_charge_hint")),
    el("label", {}, t("club_web_reason"), el("input", { name: "reason", required: true, maxlength: "200" })),
    el("label", {}, t("club_web_date"), el("input", { name: "date", type: "date", required: true, value: today() })),
    el("button", { type: "submit" }, t("club_web_charge_button"))), "h4", "club-fold club-subfold"));
}

/** The club's kitty: what is in it (payments in less expenses out), what members still owe to
 * it (apart: not in it yet) and what they paid ahead. */
function kittyCard() {
  const { t } = ctx;
  const k = club.book.kitty;
  return card("club-kitty-part", t("club_web_kitty"),
    table(t("club_web_kitty_caption"), [t("club_web_kitty_what"), t("club_web_amount")], [
      [t("club_kitty_in"), money(k.paid_in)],
      [t("club_kitty_out"), money(k.paid_out)],
      [t("club_kitty_balance"), { text: money(k.balance), class: "kitty-balance" }],
      [t("club_kitty_owed"), { text: money(k.owed), class: "kitty-owed" }],
      [t("club_kitty_credit"), money(k.credit)],
    ], "club-kitty"));
}

/** The kitty's expenses, the latest few (all on asking), and a form to book one. */
function expensesCard() {
  const { t, el } = ctx;
  const b = club.book;
  const names = b.members.map((m) => m.name);
  const latest = b.expenses.slice().reverse();
  const shown = latest.slice(0, ui.expenses);
  return card("club-expenses-part", t("club_web_expenses"),
    b.expenses.length === 0 ? el("p", { class: "hint", id: "club-no-expenses" }, t("club_web_no_expenses"))
      : scroller(t("club_web_expenses"), table(t("club_web_expenses"), [t("club_web_date"), t("club_web_purpose"), t("club_web_paid_out_by"), t("club_web_amount")],
        shown.map((x) => [x.date, x.purpose, x.paid_by || "–", money(x.cents)]), "club-expenses")),
    latest.length > shown.length ? el("button", { type: "button", class: "secondary", id: "club-expenses-more", onclick: () => {
      ui.expenses = latest.length;
      render("club-expenses-part-h");
    } }, t("club_web_show_more_count", { count: latest.length - shown.length })) : null,
    fold("expense", t("club_web_expense_new"), () => el("form", { id: "club-expense", onsubmit: (e) => {
      e.preventDefault();
      const f = e.target;
      const amount = cents(f.amount.value);
      const purpose = f.purpose.value.trim();
      change("expenses", { cents: amount, purpose, date: f.date.value, paid_by: f.paid_by.value || null },
        (book) => t("club_web_expense_said", { amount: money(amount), purpose, balance: money(book.kitty.balance) }));
    } },
    el("p", { class: "hint", id: "club-expense-hint" }, t("club_web_expense_hint")),
    el("label", {}, t("club_web_amount"), el("input", { name: "amount", inputmode: "decimal", required: true, pattern: "-?[0-9]+([.,][0-9]{1,2})?",
      "aria-describedby": "club-expense-hint" })),
    el("label", {}, t("club_web_purpose"), el("input", { name: "purpose", required: true, maxlength: "200", autocomplete: "off" })),
    el("label", {}, t("club_web_date"), el("input", { name: "date", type: "date", required: true, value: today() })),
    el("label", {}, t("club_web_paid_out_by"), el("select", { name: "paid_by" },
      el("option", { value: "" }, t("club_web_nobody_said")), options(names))),
    el("button", { type: "submit" }, t("club_web_expense_button"))), "h3", "club-fold club-subfold"));
}

// ---------------------------------------------------------------- Members

function membersView() {
  return { left: [membersCard()], right: [addMemberCard()] };
}

function addMemberCard() {
  const { t, el } = ctx;
  return card("club-new-member", t("club_web_add_member_title"),
    el("form", { id: "club-add-member", onsubmit: (e) => {
      e.preventDefault();
      const name = e.target.member.value.trim();
      change("members", { name, guest: e.target.guest.checked }, t("club_web_member_added", { name }), "club-add-member-name");
    } },
    el("label", {}, t("club_web_new_member"), el("input", { name: "member", id: "club-add-member-name", required: true, autocomplete: "off" })),
    el("label", { class: "check" }, el("input", { type: "checkbox", name: "guest" }), t("club_web_guest")),
    el("button", { type: "submit" }, t("club_web_add_member"))));
}

/** The members (marked as guest, or with the day they left); one of them renamed or leaving. */
function membersCard() {
  const { t, el } = ctx;
  const members = club.book.members;
  if (ui.editMember && !members.some((m) => m.name === ui.editMember)) ui.editMember = null;
  return card("club-members-part", t("club_web_members_count", { count: members.length }),
    members.length === 0 ? el("p", { class: "hint" }, t("club_web_members_first")) : el("ul", { id: "club-members", class: "club-members" },
      members.map((m, i) => el("li", {},
        el("span", { class: "name" }, memberName(m.name)),
        el("button", { type: "button", class: "small", id: `club-edit-${i}`, "aria-expanded": String(ui.editMember === m.name),
          "aria-label": t("club_web_member_change_label", { name: m.name }), onclick: () => {
            ui.editMember = ui.editMember === m.name ? null : m.name;
            render(ui.editMember ? "club-edit-h" : `club-edit-${i}`);
          } }, t("club_web_member_change")),
        ui.editMember === m.name ? editMember(m) : null))));
}

function editMember(m) {
  const { t, el } = ctx;
  const name = m.name;
  return el("div", { class: "club-edit", id: "club-edit" },
    el("h3", { id: "club-edit-h", tabindex: "-1" }, t("club_web_member_change_label", { name })),
    el("form", { id: "club-rename", onsubmit: (e) => {
      e.preventDefault();
      const newName = e.target.new_name.value.trim();
      change("members/rename", { name, new_name: newName }, t("club_web_renamed", { name, new_name: newName }), "club-edit-h",
        () => { ui.editMember = newName; });
    } },
    el("label", {}, t("club_web_new_name"), el("input", { name: "new_name", required: true, autocomplete: "off", value: name })),
    el("button", { type: "submit" }, t("club_web_rename_button"))),
    m.left ? null : el("form", { id: "club-leave", onsubmit: (e) => {
      e.preventDefault();
      const date = e.target.date.value;
      change("members/leave", { name, date }, t("club_web_left", { name, date }));
    } },
    el("label", {}, t("club_web_leave_date"), el("input", { name: "date", type: "date", required: true, value: today() })),
    el("button", { type: "submit" }, t("club_web_leave_button"))));
}

// ---------------------------------------------------------------- Statistics

function statsView() {
  const { t, el } = ctx;
  const key = `${club.slug} ${ui.season || ""}`;
  if (ui.statsFor !== key) {
    ui.statsFor = key;
    loadStats(ui.season);
  }
  const s = ui.stats;
  if (!s || s.season !== ui.season) {
    return { left: [card("club-stats-part", t("club_web_stats"), el("p", { class: "hint" }, t("club_web_loading")))], right: [] };
  }
  const pct = (x) => (x == null ? "–" : `${(100 * x).toFixed(0)} %`);
  const interval = (ci) => `${(100 * ci[0]).toFixed(0)}–${(100 * ci[1]).toFixed(0)} %`;
  const rows = s.members.filter((m) => m.games > 0);
  const pick = el("select", { id: "club-season", onchange: (e) => {
    ui.season = e.target.value || null;
    render("club-season");
  } }, el("option", { value: "" }, t("club_web_all_seasons")), options(club.book.seasons));
  pick.value = ui.season || "";
  // The caption stands above the box that scrolls (a caption inside it is cut off with the
  // table on a phone); the table is named by it.
  const statsTable = el("table", { id: "club-stats", "aria-labelledby": "club-stats-caption" },
    el("thead", {}, el("tr", {}, [t("club_web_member"), t("club_web_games_played"), t("club_web_games_lost"), t("club_web_share"), t("club_web_ci95"), t("club_web_expected")]
      .map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, rows.map((m) => el("tr", {},
      el("th", { scope: "row" }, m.name), el("td", {}, String(m.games)), el("td", {}, String(m.games_lost)),
      el("td", {}, pct(m.games_lost_share)), el("td", {}, interval(m.games_lost_ci95)), el("td", {}, m.games_lost_expected.toFixed(1))))));
  return {
    left: [card("club-stats-part", t("club_web_stats_title", { club: club.book.club.name }),
      el("label", {}, t("club_web_season"), pick),
      el("p", {}, t("club_web_stats_sum", { evenings: inWords("n_evenings", s.evenings), games: inWords("n_games", s.games) })),
      el("p", { id: "club-stats-caption", class: "club-caption" }, t("club_web_stats_caption")),
      scrollHint("club-stats-scroll", "club-stats-more"),
      scroller(t("club_web_stats_caption"), statsTable, "club-stats-scroll"))],
    right: [card("club-chart-part", t("club_web_chart_title"), rows.length ? chart(rows) : el("p", {}, t("club_web_no_games")))],
  };
}

async function loadStats(season) {
  try {
    const query = season ? `?season=${enc(season)}` : "";
    const s = await call(`/api/clubs/${enc(club.slug)}/stats${query}`);
    ui.stats = s;
    if (club.view === "stats") render();
  } catch (e) {
    fail(e);
  }
}

/** Bars of the share of games lost, with the 95% interval as a line (an SVG drawn here). */
function chart(rows) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = (tag, attrs, text) => {
    const node = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text != null) node.textContent = text;
    return node;
  };
  const bar = 26, left = 90, width = 220, height = rows.length * bar + 10;
  const root = svg("svg", { viewBox: `0 0 ${left + width + 10} ${height}`, role: "img", class: "club-chart", id: "club-chart",
    "aria-label": ctx.t("club_web_chart") });
  rows.forEach((m, i) => {
    const y = 5 + i * bar;
    root.append(svg("text", { x: left - 6, y: y + 16, "text-anchor": "end", class: "label" }, m.name.length > 12 ? `${m.name.slice(0, 11)}…` : m.name));
    root.append(svg("rect", { x: left, y: y + 4, width: (m.games_lost_share || 0) * width, height: bar - 8, class: "bar" }));
    root.append(svg("line", { x1: left + m.games_lost_ci95[0] * width, x2: left + m.games_lost_ci95[1] * width,
      y1: y + bar / 2, y2: y + bar / 2, class: "ci" }));
  });
  return ctx.el("figure", {}, root, ctx.el("figcaption", {}, ctx.t("club_web_chart")));
}

// ---------------------------------------------------------------- Settings

function settingsView() {
  const { t } = ctx;
  const b = club.book;
  return {
    left: [
      fold("link", t("club_web_secret_title"), () => linkPart()),
      fold("prices", t("club_web_prices"), () => pricesPart()),
      fold("fines", t("club_web_fines_catalogue"), () => catalogPart()),
      fold("rules", t("rb_club_title"), () => ourRulesPart(b)),
      fold("bots", t("club_web_bots_title"), () => botsPart(b)),
      fold("account", t("club_web_account_title"), () => accountForm(b)),
    ],
    right: [
      fold("password", t("club_web_password_title"), () => passwordPart(b)),
      fold("devices", t("club_web_devices_title"), () => devicesPart()),
      fold("seasons", t("club_web_season_title"), () => seasonPart(b)),
      fold("tournaments", t("tw_title"), () => tournamentsPart(b)),
      fold("data", t("club_web_data"), () => dataPart()),
      closePart(),
    ],
  };
}

/** The secret link kept on this device: a read-only field, a copy button that works without
 * the clipboard API too, and its QR code. */
function linkBlock(prefix) {
  const { t, el } = ctx;
  const link = `${location.origin}/club/${enc(club.slug)}#${enc(club.secret)}`;
  const input = el("input", { readonly: true, value: link, id: `${prefix}-input`, "aria-label": t("club_web_secret_title"),
    spellcheck: "false", onfocus: (e) => e.target.select() });
  const figure = el("figure", { class: "club-link-qr", id: `${prefix}-qr` });
  const cached = ui.qr.get(link);
  if (cached) figure.append(qrImage(cached));
  else {
    call(`/api/clubs/${enc(club.slug)}/link-qr`, { secret: club.secret, origin: location.origin })
      .then((answer) => {
        ui.qr.set(link, answer.qr);
        figure.replaceChildren(qrImage(answer.qr));
      })
      .catch((e) => {
        figure.replaceChildren(el("p", { class: "error" }, e.status === 403 ? t("club_web_link_stale") : e.message));
      });
  }
  return el("div", { class: "club-secret-link" },
    input,
    el("button", { type: "button", class: "primary", id: `${prefix}-copy`, onclick: () => copyLink(input) }, t("club_web_copy")),
    figure);
}

function qrImage(src) {
  return ctx.el("img", { src, alt: ctx.t("club_web_link_qr_alt"), width: "200", height: "200" });
}

/** Copy the link: by the clipboard API where there is one (https, localhost), else by
 * selecting it and the browser's copy command (a plain-http address in the pub's network has
 * no clipboard API); says honestly which worked. */
async function copyLink(input) {
  const { t } = ctx;
  if (navigator.clipboard && navigator.clipboard.writeText) {
    try {
      await navigator.clipboard.writeText(input.value);
      said(t("club_web_copied"));
      return;
    } catch {
      // not allowed here: select it instead
    }
  }
  input.focus();
  input.select();
  input.setSelectionRange(0, input.value.length);
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch {
    copied = false;
  }
  said(copied ? t("club_web_copied") : t("club_web_copy_select"));
}

function linkPart() {
  const { t, el } = ctx;
  return [
    club.secret ? [el("p", { class: "hint" }, t("club_web_link_text")), linkBlock("club-link")]
      : el("p", { class: "hint", id: "club-link-unknown" }, t("club_web_link_unknown")),
    el("form", { id: "club-new-secret", onsubmit: (e) => {
      e.preventDefault();
      rekey("secret", {}, t("club_web_secret_made"), "club-link-input");
    } },
    el("h3", {}, t("club_web_secret_new")),
    el("p", { class: "hint" }, t("club_web_secret_new_hint")),
    el("label", { class: "check" }, el("input", { type: "checkbox", name: "sure", required: true }), t("club_web_secret_new_sure")),
    el("button", { type: "submit" }, t("club_web_secret_new_button"))),
  ];
}

function pricesPart() {
  const { t, el } = ctx;
  const b = club.book;
  return [
    table(t("club_web_prices"), [t("club_web_item"), t("club_web_from"), t("club_web_price")],
      b.prices.map((p) => [t(`club_web_item_${p.item}`), p.valid_from || t("club_web_from_start"), money(p.cents)]), "club-prices"),
    el("form", { id: "club-set-price", onsubmit: (e) => {
      e.preventDefault();
      const f = e.target;
      change("prices", { item: f.item.value, cents: cents(f.amount.value), valid_from: f.from.value || null },
        t("club_web_price_set", { item: t(`club_web_item_${f.item.value}`), price: money(cents(f.amount.value)) }));
    } },
    el("label", {}, t("club_web_item"), el("select", { name: "item" }, options(b.price_items, (i) => t(`club_web_item_${i}`)))),
    el("label", {}, t("club_web_amount"), el("input", { name: "amount", inputmode: "decimal", required: true, pattern: "[0-9]+([.,][0-9]{1,2})?" })),
    el("label", {}, t("club_web_from"), el("input", { name: "from", type: "date" })),
    el("button", { type: "submit" }, t("club_web_set_price"))),
  ];
}

/** The club's own catalogue of fines ("Würfel vom Tisch", "Spinksen"), booked in Tonight. */
function catalogPart() {
  const { t, el } = ctx;
  const items = club.book.fine_items;
  return [
    items.length === 0 ? el("p", { class: "hint", id: "club-fines-empty" }, t("club_web_fines_empty"))
      : table(t("club_web_fines_catalogue"), [t("club_web_fine"), t("club_web_price")], items.map((i) => [i.name, money(i.cents)]), "club-fine-items"),
    el("form", { id: "club-set-fine-item", onsubmit: (e) => {
      e.preventDefault();
      const f = e.target;
      const name = f.fine_name.value.trim();
      change("fine-items", { name, cents: cents(f.amount.value) }, t("club_web_fine_item_set", { fine: name, price: money(cents(f.amount.value)) }));
    } },
    el("h3", {}, t("club_web_fine_item_new")),
    el("p", { class: "hint", id: "club-fine-item-hint" }, t("club_web_fine_item_hint")),
    el("label", {}, t("club_web_fine"), el("input", { name: "fine_name", required: true, maxlength: "60", autocomplete: "off",
      "aria-describedby": "club-fine-item-hint" })),
    el("label", {}, t("club_web_price"), el("input", { name: "amount", inputmode: "decimal", required: true, pattern: "[0-9]+([.,][0-9]{1,2})?" })),
    el("button", { type: "submit" }, t("club_web_fine_item_button"))),
    items.length === 0 ? null : el("form", { id: "club-remove-fine-item", onsubmit: (e) => {
      e.preventDefault();
      const f = e.target;
      change("fine-items/remove", { name: f.fine.value }, t("club_web_fine_item_removed", { fine: f.fine.value }));
    } },
    el("label", {}, t("club_web_fine"), el("select", { name: "fine" }, options(items.map((i) => i.name)))),
    el("button", { type: "submit" }, t("club_web_fine_item_remove"))),
  ];
}

/** What a bot's seat of an online table counts as: not counted, or a guest named after it. */
function botsPart(b) {
  const { t, el } = ctx;
  const choices = ["not_counted", "guest"];
  return el("form", { id: "club-bot-seats", onsubmit: (e) => {
    e.preventDefault();
    const how = e.target.querySelector("input[name=bot_seats]:checked")?.value;
    change("bot-seats", { bot_seats: how }, t(`club_web_bots_set_${how}`));
  } },
  el("fieldset", {}, el("legend", {}, t("club_web_bots_hint")),
    choices.map((c) => el("label", { class: "check" },
      el("input", { type: "radio", name: "bot_seats", value: c, checked: b.club.bot_seats === c }), t(`club_web_bots_${c}`)))),
  el("button", { type: "submit" }, t("club_web_bots_button")));
}

function accountForm(b) {
  const { t, el } = ctx;
  const account = b.account;
  return el("form", { id: "club-account", onsubmit: (e) => {
    e.preventDefault();
    const f = e.target;
    change("account", { iban: f.iban.value, holder: f.holder.value, bic: f.bic.value }, (book) => t("club_web_account_set", { iban: book.account.iban }));
  } },
  el("p", { class: "hint", id: "club-account-hint" }, t("club_web_account_hint")),
  el("label", {}, t("club_web_iban"), el("input", { name: "iban", required: true, value: account?.iban ?? "",
    autocomplete: "off", spellcheck: "false", "aria-describedby": "club-account-hint" })),
  el("label", {}, t("club_web_holder"), el("input", { name: "holder", required: true, maxlength: "70", value: account?.holder ?? "" })),
  el("label", {}, t("club_web_bic"), el("input", { name: "bic", maxlength: "11", value: account?.bic ?? "", autocomplete: "off" })),
  el("button", { type: "submit" }, t("club_web_account_button")),
  account ? el("button", { type: "button", id: "club-account-remove",
    onclick: () => change("account", { remove: true }, t("club_web_account_removed")) }, t("club_web_account_remove")) : null);
}

/** The club's tournaments: their own pages (tournament.js), with this club's session. */
function tournamentsPart(b) {
  const { t, el } = ctx;
  return [el("p", {}, t("tw_intro")),
    el("p", {}, el("a", { href: `/tournaments/${enc(club.slug)}` }, t("tw_link", { club: b.club.name })))];
}

/** The club's own rules ("our rules") in words, with a link to them in the rules builder
 * (where they are changed and saved again); none yet: the way to the builder. */
function ourRulesPart(b) {
  const { t, el } = ctx;
  const box = el("div", { id: "club-rules" });
  if (!b.rules) {
    box.append(el("p", { class: "hint" }, t("rb_club_none")), el("p", {}, el("a", { href: "/rules" }, t("rb_link_home"))));
    return box;
  }
  const line = el("p", { id: "club-rules-line" });
  const link = el("a", { href: "/rules", id: "club-rules-open" }, t("rb_club_open"));
  rulesPage.check({ rules: b.rules }).then((answer) => {
    line.textContent = answer.ok ? answer.summary : answer.error;
    if (answer.ok) link.href = `/rules#${answer.code}`;
  });
  box.append(line, el("p", {}, link));
  return box;
}

function passwordPart(b) {
  const { t, el } = ctx;
  return el("form", { id: "club-set-password", onsubmit: (e) => {
    e.preventDefault();
    rekey("password", { password: e.target.new_password.value }, t("club_web_password_is_set"));
  } },
  el("p", { id: "club-password-state" }, t(b.club.has_password ? "club_web_password_state_set" : "club_web_password_state_none")),
  // No minlength here: a short password is refused by the book, with its message.
  el("label", {}, t("club_web_password_new"), el("input", { name: "new_password", type: "password", required: true,
    autocomplete: "new-password", "aria-describedby": "club-password-hint" })),
  el("p", { class: "hint", id: "club-password-hint" }, t("club_web_password_change_hint")),
  el("button", { type: "submit" }, t("club_web_password_button")),
  b.club.has_password ? el("button", { type: "button", id: "club-password-remove",
    onclick: () => rekey("password", { remove: true }, t("club_web_password_removed")) }, t("club_web_password_remove")) : null);
}

/** The browsers the club is open on (its sessions), each with a button that signs it out: a
 * lost phone is shut out without a new link for everybody. Listed when asked for. */
function devicesPart() {
  const { t, el } = ctx;
  const list = el("ul", { id: "club-devices", class: "devices" });
  const when = (at) => at.replace("T", " ").slice(0, 16);
  const show = (sessions) => {
    list.replaceChildren(...sessions.map((s) => {
      const device = s.device || t("club_web_devices_unknown");
      const created = when(s.created);
      return el("li", { "data-session": s.id },
        el("span", { class: "device" }, device),
        s.current ? el("strong", {}, ` (${t("club_web_devices_this")})`) : null,
        el("span", { class: "hint" }, ` – ${t("club_web_devices_times", { created, used: when(s.used) })}`),
        s.current ? null : el("button", { type: "button", class: "device-end",
          "aria-label": t("club_web_devices_end_label", { device, created }),
          onclick: () => end(s.id, device) }, t("club_web_devices_end")));
    }));
  };
  const end = async (id, device) => {
    try {
      const data = await write("sessions/end", { id });
      show(data.sessions);
      said(t("club_web_devices_ended", { device }));
    } catch (e) {
      fail(e);
    }
  };
  const load = async () => {
    try {
      const sessions = await call(`/api/clubs/${enc(club.slug)}/sessions`);
      show(sessions);
      said(sessions.length === 1 ? t("club_web_devices_shown_1") : t("club_web_devices_shown", { count: sessions.length }));
    } catch (e) {
      fail(e);
    }
  };
  return el("div", { id: "club-devices-part" },
    el("p", { class: "hint", id: "club-devices-hint" }, t("club_web_devices_hint")),
    el("button", { type: "button", id: "club-devices-show", "aria-describedby": "club-devices-hint", onclick: load },
      t("club_web_devices_show")),
    list);
}

function seasonPart(b) {
  const { t, el } = ctx;
  return el("form", { id: "club-season-start", onsubmit: (e) => {
    e.preventDefault();
    const date = e.target.season_start.value.trim();
    change("season-start", { season_start: date }, t("club_web_season_start_set", { day: date }));
  } },
  el("label", {}, t("club_web_season_start"), el("input", { name: "season_start", required: true, value: b.club.season_start,
    inputmode: "numeric", autocomplete: "off", "aria-describedby": "club-season-start-hint" })),
  el("p", { class: "hint", id: "club-season-start-hint" }, t("club_web_season_start_hint")),
  el("button", { type: "submit" }, t("club_web_season_start_button")));
}

/** The whole club as a file, CSV tables for a spreadsheet, the change log, and a club's
 * import. */
function dataPart() {
  const { t, el } = ctx;
  const logPlace = el("div", { id: "club-log-place" });
  const error = el("p", { class: "error", role: "alert" });
  return [
    el("p", { class: "hint", id: "club-export-hint" }, t("club_web_export_hint")),
    el("button", { type: "button", id: "club-export", "aria-describedby": "club-export-hint", onclick: async () => {
      if (await download("export", `${club.slug}.json`)) said(t("club_web_exported"));
    } }, t("club_web_export")),
    el("h3", {}, t("club_web_csv")),
    el("p", { class: "club-csv" }, [["ledger", "club_web_ledger"], ["balances", "club_web_balances"], ["games", "club_web_games"],
      ["evenings", "club_web_evenings"], ["stats", "club_web_stats"], ["kitty", "club_web_kitty"]]
      .map(([kind, key]) => el("button", { type: "button", class: "small", "data-kind": kind,
        onclick: () => download(`csv/${kind}`, `${club.slug}-${kind}.csv`) }, t(key)))),
    el("button", { type: "button", id: "club-log-show", onclick: () => showLog(logPlace) }, t("club_web_log_show")),
    logPlace,
    error,
    importForm(error),
  ];
}

/** Close the club on this device. */
function closePart() {
  const { t, el } = ctx;
  return card("club-device", t("club_web_close_title"),
    el("p", { class: "hint", id: "club-close-hint" }, t("club_web_close_hint")),
    el("button", { type: "button", id: "club-close", "aria-describedby": "club-close-hint", onclick: () => closeHere() },
      t("club_web_close_button")));
}

/** Close the club on this device: its session ends on the server, this browser forgets the
 * session and the secret, and the page shows the forms to open a club. */
async function closeHere() {
  try {
    await write("session/end", { session: club.session });
  } catch (e) {
    // A session that ended already (403) is closed as asked; any other refusal keeps the club.
    if (e.status !== 403) {
      fail(e);
      return;
    }
  }
  const name = club.book.club.name;
  localStorage.removeItem(`schocken:club:${club.slug}`);
  offline.forget(`club:${club.slug}`);
  Object.assign(club, { slug: null, session: null, secret: null, book: null, base: null });
  history.pushState(null, "", "/club");
  renderStart();
  said(ctx.t("club_web_closed", { club: name }));
}

/** A new secret or password ends every session of the club: the server answers a new one for
 * this browser (and a new secret), kept like the first. */
async function rekey(path, body, done, focus) {
  try {
    const data = await write(path, body);
    club.session = data.session;
    if (data.done.secret) club.secret = data.done.secret;
    keep();
    setBook(data);
    render(focus);
    said(done);
  } catch (e) {
    fail(e);
  }
}

/** The club's change log, oldest first: when, what, the details. */
async function showLog(place) {
  const { t, el } = ctx;
  try {
    const log = await call(`/api/clubs/${enc(club.slug)}/log`);
    const action = (a) => {
      const key = `club_web_log_${a}`;
      const text = t(key);
      return text === key ? a : text;
    };
    const value = (k, v) => {
      if (v === null || v === undefined || v === "") return "–";
      if (k === "cents" && typeof v === "number") return money(v);
      if (Array.isArray(v)) return v.join(", ");
      return String(v);
    };
    const details = (d) => Object.entries(d).map(([k, v]) => `${k}: ${value(k, v)}`).join("; ");
    place.replaceChildren(el("h3", {}, t("club_web_log")),
      scroller(t("club_web_log"), table(t("club_web_log"), [t("club_web_when"), t("club_web_item"), t("club_web_details")],
        log.map((e) => [e.at.replace("T", " ").replace("+00:00", ""), action(e.action), details(e.detail)]), "club-log")));
    said(log.length === 1 ? t("club_web_log_shown_1") : t("club_web_log_shown", { count: log.length }));
  } catch (e) {
    fail(e);
  }
}

/** A file of the book (a CSV for a spreadsheet, the club's export), fetched with the session
 * and saved as ``name``; whether it was. */
async function download(path, name) {
  try {
    const response = await fetch(`/api/clubs/${enc(club.slug)}/${path}`, { headers: { "x-club-session": club.session || "" } });
    if (!response.ok) throw new Error((await response.json()).error || response.statusText);
    const url = URL.createObjectURL(await response.blob());
    const a = ctx.el("a", { href: url, download: name });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return true;
  } catch (e) {
    fail(e);
    return false;
  }
}
