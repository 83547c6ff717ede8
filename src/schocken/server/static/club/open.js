// Create or open a club: a new club, an import, the password, the session this browser keeps.

import * as offline from "/static/offline.js";
import * as rulesPage from "/static/rules.js";
import { call, enc, keep, label, preview, setBook } from "/static/club/book.js";
import { card, render, said } from "/static/club/frame.js";
import { club, ctx, ui, wide } from "/static/club/state.js";

// ---------------------------------------------------------------- create or open a club

export function renderStart() {
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
export function importForm(error) {
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

export async function openClub(slug, view) {
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

export async function load() {
  await offline.ready();
  setBook(await call(`/api/clubs/${enc(club.slug)}`));
  ui.ready = null;
  ui.statsFor = null;
  render();
}
