// What the tournament pages share: the page's helpers (ctx, from app.js), refresh timings, talking
// to the server and saying what failed.

export const ctx = {}; // { t, el, main, announce }: the page's helpers, from app.js
export const REFRESH = 5000; // ms between two refreshes of the screen and the phone view
export const TURN_EVERY = 2; // refreshes a page of a long ranking stays on the screen (10 s)
export const SCREEN_ROWS = 16; // players of the overall ranking on the screen at once
export const ROUND_ROWS = 12; // players of the round's ranking on the screen at once
export const refresh = { timer: null }; // the screen's and phone view's refresh
export const openRounds = new Set(); // the phone's rounds opened, kept while it is drawn anew

export function enc(text) {
  return encodeURIComponent(text);
}

export function lang() {
  return document.documentElement.lang || "en";
}

export function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}
export function renderNeedClub(club) {
  const { t, el, main } = ctx;
  main.replaceChildren(el("section", { class: "card" },
    el("h1", {}, t("tw_title")),
    el("p", {}, t("tw_need_club")),
    el("p", {}, el("a", { href: `/club/${enc(club)}` }, t("tw_open_club", { club })))));
}

export async function call(org, path, body) {
  const headers = { "x-club-session": org.session };
  const init = body === undefined ? { headers }
    : { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(`/api/clubs/${enc(org.club)}/tournaments${path}`, init);
  const data = await response.json();
  if (!response.ok) {
    const error = new Error(capital(data.error || response.statusText));
    error.status = response.status;
    error.code = data.code;
    throw error;
  }
  return data;
}

/** A refusal, said under what was refused (an alert). */
export function failed(error, e) {
  error.textContent = e.message;
}

/** The page could not be loaded: the club opened again if its session has ended (403). */
export function notLoaded(org, e) {
  const { el, main } = ctx;
  if (e.status === 403) renderNeedClub(org.club);
  else main.replaceChildren(el("p", { class: "card error", role: "alert" }, e.message));
}
