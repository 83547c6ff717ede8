// What every view of the page shares: the page's state (app), its words (t, from the server's
// catalogue /api/texts/LANG), el() to build elements, api() to ask the server, the banner and the
// sound switch. Imported by app.js and the table's views (static/table/).

import * as pieces from "/static/pieces.js";
import * as sound from "/static/sound.js";
import * as rulesPage from "/static/rules.js";

export const main = document.getElementById("main");
const banner = document.getElementById("banner");
export const langButton = document.getElementById("lang");
const soundButton = document.getElementById("sound");

export const app = {
  lang: localStorage.getItem("schocken:lang") || (navigator.language || "de").slice(0, 2),
  texts: {},
  tableId: null,
  token: null,
  spectate: false,
  ws: null,
  // The table's worker's route behind a proxy that routes by table ("/w/a"), or "": kept for
  // the tab, so that the table's page, loaded after the lobby made the table, knows it.
  route: sessionStorage.getItem("schocken:route") || "",
  retry: 0,
  msg: null, // what the page knows: the last state with every update since merged in
  events: [], // the game's events so far (as this player may see them), numbered from 1
  log: [], // {n, key, text}: the explanations so far; n is the number of the event they explain
  seq: 0, // how many of the game's events the page has
  connectedLang: null, // the language the server explains in on this connection
  kept: [false, false, false],
  turnKey: "",
  error: "",
  lockNote: "", // why the die just tapped cannot move
  rolledSeats: new Set(), // whose dice roll in this drawing
  shaking: false, // the cup is being shaken (the throw is on its way)
  holdUntil: 0,
  holdTimer: null,
  reveals: [], // rounds to show with every cup lifted
  coach: null, // {step, heading, moves}: the coach's ranking of your decision (yours alone)
  coachNote: null, // {text, round}: the coach's last note on a costly move, in the move's round
  clock: null, // {seat, step, deadline, total}: the turn timer, counted down here
  clockWarned: null, // the step whose 10-second warning was given
  lastCurrent: null,
  diceCheck: null, // {fair, text, where}: the verdict of "Check the dice" (null: not asked yet)
  // Key hints only where a keyboard is likely; the first key press shows them anyway.
  keyboard: matchMedia("(any-pointer: fine)").matches && !matchMedia("(pointer: coarse)").matches,
};
if (!/^[a-z]{2,3}$/.test(app.lang ?? "")) app.lang = "en"; // a catalogue's code (docs/translating.md)

export function t(key, fields = {}) {
  let text = app.texts[key] ?? key;
  for (const [k, v] of Object.entries(fields)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

// ---------------------------------------------------------------- counts, numbers, money, dates

/** The catalogue's plural rule (its Plural-Forms C expression of n, served as "@plural") as a
 * function of n, read by a small parser: the page's security policy allows no eval. */
export function pluralRule(expr) {
  const tokens = String(expr).match(/\d+|n|&&|\|\||[=!<>]=|[-+*/%()<>?:!]/g) || [];
  let i = 0;
  const levels = [["||"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["+", "-"], ["*", "/", "%"]];
  const ops = { "||": (a, b) => a || b, "&&": (a, b) => a && b, "==": (a, b) => a === b, "!=": (a, b) => a !== b,
    "<": (a, b) => a < b, ">": (a, b) => a > b, "<=": (a, b) => a <= b, ">=": (a, b) => a >= b,
    "+": (a, b) => a + b, "-": (a, b) => a - b, "*": (a, b) => a * b, "/": (a, b) => Math.trunc(a / b), "%": (a, b) => a % b };
  const unary = () => {
    const token = tokens[i++];
    if (token === "!") { const x = unary(); return (n) => Number(!x(n)); }
    if (token === "-") { const x = unary(); return (n) => -x(n); }
    if (token === "(") { const x = ternary(); i++; return x; }
    return token === "n" ? (n) => n : () => Number(token);
  };
  const level = (l) => {
    if (l === levels.length) return unary();
    let left = level(l + 1);
    while (levels[l].includes(tokens[i])) {
      const [op, a, b] = [ops[tokens[i++]], left, level(l + 1)];
      left = (n) => Number(op(a(n), b(n)));
    }
    return left;
  };
  const ternary = () => {
    const test = level(0);
    if (tokens[i] !== "?") return test;
    i++;
    const yes = ternary();
    i++; // ":"
    const no = ternary();
    return (n) => (test(n) ? yes(n) : no(n));
  };
  return ternary();
}
let plural = (n) => Number(n !== 1);

/** A count's text: the form of the plural entry ``key`` (either of its keys) that the
 * language's rule picks for ``n``, its fields filled in. */
export function counted(key, n, fields = {}) {
  const forms = app.texts["@forms"]?.[key];
  if (!forms) return t(key, fields);
  let text = forms[Math.min(plural(n), forms.length - 1)];
  for (const [k, v] of Object.entries(fields)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

/** A number as the catalogue writes it (its separators), with ``digits`` after the point. */
export function number(x, digits = 0) {
  const [whole, part] = Math.abs(x).toFixed(digits).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, t("number_group"));
  return (x < 0 && Number(x.toFixed(digits)) !== 0 ? "-" : "") + grouped + (part ? t("number_decimal") + part : "");
}

/** A share (0.123) as a percentage, as the catalogue writes it ("12.3%", "12,3 %"). */
export function percent(p, digits = 1) {
  return t("percent_spaced", { number: number(p * 100, digits) });
}

/** An amount in cents as the catalogue writes money ("€12.50", "12,50 €", "3.00 CHF"). */
export function money(cents, currency = "EUR") {
  const fields = { sign: cents < 0 ? "-" : "", number: number(Math.abs(cents) / 100, 2), currency };
  return t(currency === "EUR" ? "money_eur" : "money_other", fields);
}

/** A date (2026-11-20) as the catalogue says it: "Fri, Nov 20, 2026". */
export function day(iso) {
  const [y, m, d] = iso.split("-").map(Number);
  const date = new Date(y, m - 1, d);
  if (Number.isNaN(date.getTime())) return iso;
  return t("date_short", { weekday: t(`weekday_short_${(date.getDay() + 6) % 7 + 1}`),
    day: d, month: t(`month_short_${m}`), year: y });
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v === true) node.setAttribute(k, "");
    else if (v !== false && v != null) node.setAttribute(k, v);
  }
  for (const child of children.flat()) {
    if (child == null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export async function loadTexts() {
  // Every request of every page (the club's, pub mode's, joining a table) carries the page's
  // language in this cookie: the server says its refusals in it (docs/protocol.md).
  document.cookie = `schocken-lang=${app.lang}; path=/; max-age=31536000; samesite=strict`;
  const response = await fetch(`/api/texts/${app.lang}`);
  if (!response.ok && app.lang !== "en") { app.lang = "en"; return loadTexts(); } // no such catalogue
  app.texts = await response.json();
  plural = pluralRule(app.texts["@plural"] ?? "n != 1");
  document.documentElement.lang = app.lang;
  // The button shows the other language's name, in that language; its accessible name begins
  // with the same words (WCAG 2.5.3) and says what it does in both languages.
  app.languages ??= await (await fetch("/api/languages")).json(); // one per catalogue
  const next = app.languages[(app.languages.findIndex((l) => l.code === app.lang) + 1) % app.languages.length];
  langButton.textContent = next.name;
  langButton.setAttribute("aria-label", t("web_language_label"));
  langButton.lang = next.code;
  showSoundSwitch();
}

// Behind a proxy that routes by table (docs/server.md, "Routing by table") a table's requests
// and its WebSocket go to the worker that holds the table, under its route ("/w/a"): the server
// says it in every answer about a table (X-Schocken-Route) and in the table's states.
const TABLE_PATH = /^\/(api\/tables\/[^/]+|ws\/)/;

/** The route the server said (kept for the tab). */
export function setRoute(route) {
  app.route = route;
  sessionStorage.setItem("schocken:route", route);
}

/** ``path`` under the table's route, when the server gave one and it is about a table. */
export function routed(path) {
  return app.route && TABLE_PATH.test(path) ? app.route + path : path;
}

export async function api(path, body) {
  const ask = (where) => fetch(where, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let response;
  const where = routed(path);
  try {
    response = await ask(where);
  } catch (error) {
    if (where === path) throw error;
    response = null;
  }
  if (where !== path && (response === null || response.status === 502 || response.status === 504)) {
    setRoute(""); // the route's worker is gone and the proxy has no other: the plain path
    // A question is asked again at once. A change is not: the worker may have made it before it
    // went, and made twice it would seat a player or a bot twice. The player asks again.
    if (body !== undefined) throw new Error(t("web_no_answer"));
    response = await ask(path);
  }
  const route = response.headers.get("x-schocken-route");
  if (route !== null && path.startsWith("/api/tables")) setRoute(route);
  let data;
  try {
    data = await response.json();
  } catch {
    throw new Error(t("web_no_answer")); // a proxy's own error page, not the server's answer
  }
  if (!response.ok) throw Object.assign(new Error(data.error || response.statusText), { code: data.code });
  return data;
}

export function showBanner(text) {
  banner.hidden = !text;
  banner.textContent = text || "";
}

// ---------------------------------------------------------------- sound switch

function showSoundSwitch() {
  soundButton.replaceChildren(pieces.speakerIcon(sound.soundOn()), ` ${t("web_sound")}`);
  soundButton.setAttribute("aria-pressed", String(sound.soundOn()));
}

soundButton.addEventListener("click", () => {
  sound.setSound(!sound.soundOn());
  showSoundSwitch();
  if (sound.soundOn()) sound.slam();
});


/** A part of the address decoded; a broken one (%ZZ) as it is written: the server then says
 * what it does not know, in words. */
export function linkPart(text) {
  return rulesPage.fromLink(text) ?? text;
}
