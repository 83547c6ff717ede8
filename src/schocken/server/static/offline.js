// Entries made without a signal (issue 22, item 2): the club's changes and pub mode's turns wait
// here, in the browser's IndexedDB, each with an id made on this phone, and are sent in the order
// they were made when the connection returns. The server applies an entry id once (the book's
// club_entries, a pub game's entry ids), so sending again after a lost answer, a reload or a
// second tab is always safe. An entry the server refuses, or that a page's check finds at odds
// with what other phones entered meanwhile, is kept as a conflict for the treasurer to settle.
// Also here: the last book or game view each page saw (so a reload offline shows it) and the
// status line every club and pub page shows (online or not, how many entries wait). See
// docs/club.md, "Offline".

import { counted } from "/static/page.js";

const DB_NAME = "schocken-offline";
const ENTRIES = "entries"; // keyPath seq (the order made); fields below
const KEPT = "kept"; // keyPath key ("club:SLUG", "pub:ID"): the last answer seen
const RETRY_MS = 8000; // while entries wait and the browser says it is online: try again so often
const TIMEOUT_MS = 12000; // a write that has not been answered by then counts as lost (it is sent again)

// An entry: { seq, id, kind: "club" | "pub", club (slug), pub (id), path, body, made_at, label,
// check (what the page knew when it was made), state: "waiting" | "conflict", reason, force }.
let entries = [];
let loaded = null;
let failed = false; // the last request found no network
let syncing = null;
let timer = null;
let words = (key) => key;
const changed = new Set();
const applied = new Set();
const checkers = new Map();

function database() {
  if (!database.open) {
    database.open = new Promise((resolve, reject) => {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(ENTRIES, { keyPath: "seq", autoIncrement: true });
        request.result.createObjectStore(KEPT, { keyPath: "key" });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }
  return database.open;
}

/** One request of a transaction on ``store``, answered when the transaction is committed. */
async function run(store, mode, act) {
  const db = await database();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(store, mode);
    const request = act(tx.objectStore(store));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

/** The entries as stored (another tab may have changed them), oldest first. */
async function reload() {
  entries = await run(ENTRIES, "readonly", (s) => s.getAll());
  return entries;
}

/** Ready once the stored entries are read (a page draws its waiting entries from them). */
export function ready() {
  if (!loaded) {
    loaded = reload().catch(() => []).then(() => {
      tell();
      schedule(0);
    });
  }
  return loaded;
}

/** The entries waiting or held, oldest first; ``where``: of one club or pub game. */
export function pending(where = {}) {
  return entries.filter((e) => (!where.club || e.club === where.club) && (!where.pub || e.pub === where.pub)
    && (!where.kind || e.kind === where.kind));
}

export function isOnline() {
  return navigator.onLine && !failed;
}

/** A call when the entries or the connection change (the status line, a page's list). */
export function onChange(fn) {
  changed.add(fn);
}

/** A call with (entry, answer) after each entry the server applied. */
export function onApplied(fn) {
  applied.add(fn);
}

/** ``check(entry)`` before an entry of ``kind`` is sent: a reason to hold it (a conflict with
 * what other phones entered), or null. */
export function setCheck(kind, check) {
  checkers.set(kind, check);
}

/** The words of the page (its ``t``), for the status line. */
export function setWords(t) {
  words = t;
  tell();
}

/** A text of the page's catalogue (for what is said outside a page's drawing). */
export function word(key, fields = {}) {
  return words(key, fields);
}

function tell() {
  drawStatus();
  for (const fn of changed) {
    try {
      fn();
    } catch (e) {
      console.error(e);
    }
  }
}

function setFailed(value) {
  if (failed === value) return;
  failed = value;
  tell();
}

/** Whether an error is the network's (no answer), not the server's refusal. */
export function isNetworkError(e) {
  return e instanceof TypeError || e?.name === "AbortError" || e?.network === true;
}

/** A UUID made here (crypto.randomUUID is for secure pages only; a pub's LAN address is not). */
export function newId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** ``bytes`` random bytes as URL-safe base64 (a pub game's id and token made here). */
export function randomText(bytes) {
  const b = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...b)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** A fetch that gives up after TIMEOUT_MS (a pub's weak signal: the entry waits instead). */
export async function fetchOrLose(url, options) {
  const stop = new AbortController();
  const clock = setTimeout(() => stop.abort(), TIMEOUT_MS);
  try {
    const response = await fetch(url, { ...options, signal: stop.signal });
    setFailed(false);
    return response;
  } catch (e) {
    if (isNetworkError(e)) setFailed(true);
    throw e;
  } finally {
    clearTimeout(clock);
  }
}

/** Enter a change: sent at once by ``direct(entry)`` when the phone is online and nothing of
 * the same club or game waits before it (its answer returned); else, or when the network fails
 * on the way, kept in the queue (answered { queued: entry }) and sent later. ``entry``: kind,
 * club or pub, path, body, label, check. A refusal of the server is thrown as it is. */
export async function enter(entry, direct) {
  await ready();
  const made = { ...entry, id: entry.id || newId(), made_at: new Date().toISOString(), state: "waiting" };
  // A pub game's turns go in order, behind a held one too; a club's entries only behind those
  // that wait (a held one waits for the treasurer, not the others).
  // A game whose first entry not refereed is held: what is entered now is entered on the game
  // as the referee has it (a buy-in answered first, say), before the held ones.
  const game = made.kind === "pub" ? pending({ pub: made.pub }) : [];
  const before = made.kind === "pub" ? (game[0]?.state === "conflict" ? [] : game)
    : pending({ club: made.club, kind: "club" }).filter((e) => e.state === "waiting");
  if (isOnline() && before.length === 0) {
    try {
      return await direct(made);
    } catch (e) {
      if (!isNetworkError(e)) throw e;
      setFailed(true);
    }
  }
  await keep(made);
  return { queued: made };
}

async function keep(entry) {
  entry.seq = await run(ENTRIES, "readwrite", (s) => s.add(entry));
  await reload();
  tell();
  schedule(isOnline() ? 0 : RETRY_MS);
}

/** Put an entry in the queue as it is (an entry that follows from another, such as a finished
 * pub game into the book), unless one of the same id waits already. */
export async function add(entry) {
  await reload();
  if (entries.some((e) => e.id === entry.id)) return;
  await keep({ made_at: new Date().toISOString(), state: "waiting", ...entry });
}

/** Take an entry out (discarded by the treasurer, or taken back before it was sent). */
export async function discard(seq) {
  await run(ENTRIES, "readwrite", (s) => s.delete(seq));
  await reload();
  tell();
  if (isOnline()) sync(); // what waited behind it may go now
}

/** Send a held entry again: ``force`` skips the page's check (the treasurer decided);
 * ``changes``: what the treasurer changed in it first (a member's name now, its label). */
export async function retry(seq, force = true, changes = {}) {
  const entry = entries.find((e) => e.seq === seq);
  if (!entry) return;
  await run(ENTRIES, "readwrite", (s) => s.put({ ...entry, ...changes, state: "waiting", reason: null, choices: {}, force }));
  await reload();
  tell();
  sync();
}

async function hold(entry, reason, choices = {}) {
  await run(ENTRIES, "readwrite", (s) => s.put({ ...entry, state: "conflict", reason, choices }));
}

/** The last answer a page saw for ``key`` ("club:SLUG", "pub:ID"), kept for a reload offline. */
export async function remember(key, value) {
  try {
    await run(KEPT, "readwrite", (s) => s.put({ key, value, at: new Date().toISOString() }));
  } catch {
    // private mode without IndexedDB: the page works online all the same
  }
}

export async function recall(key) {
  try {
    return (await run(KEPT, "readonly", (s) => s.get(key)))?.value ?? null;
  } catch {
    return null;
  }
}

export async function forget(key) {
  try {
    await run(KEPT, "readwrite", (s) => s.delete(key));
  } catch {
    // nothing kept
  }
}

function schedule(ms) {
  clearTimeout(timer);
  timer = setTimeout(() => sync(), ms);
}

/** Send what waits, in order, one at a time; again while new entries come. */
export function sync() {
  if (!syncing) {
    syncing = flush().catch((e) => console.error(e)).finally(() => {
      syncing = null;
      tell();
      if (pending().some((e) => e.state === "waiting")) schedule(RETRY_MS);
    });
  }
  return syncing;
}

async function flush() {
  if (!navigator.onLine) return;
  for (let round = 0; round < 20; round += 1) {
    const progress = await flushOnce();
    if (!progress) return;
  }
}

async function flushOnce() {
  const all = await reload();
  const held = new Set(); // pub games with a held entry: their later turns wait behind it
  let progress = false;
  for (const entry of all) {
    const scope = entry.kind === "pub" ? `pub:${entry.pub}` : null;
    if (entry.state === "conflict") {
      if (scope) held.add(scope);
      continue;
    }
    if (scope && held.has(scope)) continue;
    const check = checkers.get(entry.kind);
    if (check && !entry.force) {
      // The page's check against the book as it is now: hold it (a reason, and the choices
      // for the treasurer), send it as another change, or drop it (nothing left to do).
      let verdict = null;
      try {
        verdict = await check(entry);
      } catch (e) {
        if (isNetworkError(e)) return false;
        throw e;
      }
      if (verdict?.drop) {
        await run(ENTRIES, "readwrite", (s) => s.delete(entry.seq));
        progress = true;
        continue;
      }
      if (verdict?.reason) {
        await hold(entry, verdict.reason, verdict.choices);
        progress = true;
        continue;
      }
      if (verdict?.instead) {
        Object.assign(entry, verdict.instead);
        await run(ENTRIES, "readwrite", (s) => s.put(entry));
      }
    }
    let response;
    try {
      response = await fetchOrLose(entry.path, {
        method: "POST",
        headers: { "content-type": "application/json", "x-entry-id": entry.id, ...headersOf(entry) },
        body: JSON.stringify(entry.body),
      });
    } catch (e) {
      if (isNetworkError(e)) return false; // no signal after all: later
      throw e;
    }
    const answer = await response.json().catch(() => ({}));
    if (response.ok) {
      await run(ENTRIES, "readwrite", (s) => s.delete(entry.seq));
      await reload();
      for (const fn of applied) {
        try {
          await fn(entry, answer);
        } catch (e) {
          console.error(e);
        }
      }
      progress = true;
      tell();
      continue;
    }
    if (response.status >= 500 || response.status === 429) return false; // the server is busy: later
    await hold(entry, answer.error || response.statusText);
    if (scope) held.add(scope);
    progress = true;
    tell();
  }
  return progress;
}

function headersOf(entry) {
  if (entry.kind !== "club") return {};
  const stored = JSON.parse(localStorage.getItem(`schocken:club:${entry.club}`) || "null") || {};
  return { "x-club-session": stored.session || "" };
}

// ---------------------------------------------------------------- the status line

/** The line under the page's header: online or offline, how many entries wait, how many are
 * to be settled. A polite status region: a screen reader hears it change. Shown on the club's
 * and pub mode's pages (``show``), gone elsewhere. */
export function mountStatus(show = true) {
  let line = document.getElementById("net-status");
  if (!show) {
    line?.remove();
    return;
  }
  if (!line) {
    line = document.createElement("p");
    line.id = "net-status";
    line.className = "net-status";
    line.setAttribute("role", "status");
    line.setAttribute("aria-live", "polite");
    const header = document.querySelector("header.top");
    if (header) header.after(line);
    else document.body.prepend(line);
  }
  ready();
  drawStatus();
}

function drawStatus() {
  const line = document.getElementById("net-status");
  if (!line) return;
  const waiting = entries.filter((e) => e.state === "waiting").length;
  const held = entries.length - waiting;
  const parts = [words(isOnline() ? "offline_online" : "offline_offline")];
  parts.push(counted("offline_waiting_n", waiting, { count: waiting }));
  if (held) parts.push(words("offline_held", { count: held }));
  const text = parts.join(" · ");
  if (line.textContent !== text) line.textContent = text;
  line.dataset.online = String(isOnline());
  line.dataset.waiting = String(waiting);
  line.dataset.held = String(held);
}

window.addEventListener("online", () => {
  failed = false;
  tell();
  sync();
});
window.addEventListener("offline", () => tell());
