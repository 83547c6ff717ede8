// Talking to the server, and the book without a signal: every change goes through write(), its
// jobs wait in the phone's queue (offline.js) and are shown meanwhile on the last book seen.

import * as offline from "/static/offline.js";
import * as words from "/static/page.js";
import { card, fail, go, href, render, said, table } from "/static/club/frame.js";
import { club, ctx, ui } from "/static/club/state.js";
import { booked, bookedIn, markBookedIn } from "/static/club/tonight.js";

// ---------------------------------------------------------------- talking to the server

// "1 evening", "3 evenings": the catalogue's plural entry, its form picked by the language's rule.
export function inWords(key, n) {
  return words.counted(key, n, { n });
}

export function lang() {
  return document.documentElement.lang || "en";
}

export function enc(text) {
  return encodeURIComponent(text);
}

export function keep() {
  localStorage.setItem(`schocken:club:${club.slug}`, JSON.stringify({ session: club.session, secret: club.secret }));
}

export async function call(path, body, entry = null) {
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
export async function write(path, body) {
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
export function setBook(book) {
  club.base = book;
  club.book = preview(book);
  offline.remember(`club:${club.slug}`, book);
}

/** An entry in words, for the list of waiting entries. */
export function label(path, b) {
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
export function preview(base) {
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
export function queueCard() {
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
export async function change(path, body, done, focus, then) {
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

export function money(cents) {
  return words.money(cents, club.book?.club.currency || "EUR");
}

export function cents(text) {
  const value = Number(String(text).replace(",", "."));
  return Number.isFinite(value) ? Math.round(value * 100) : NaN;
}

/** Today's date where the phone is (not in UTC: the evening is local). */
export function today() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** A date as the catalogue says it: "Fri, Nov 20, 2026". */
export const day = words.day;
