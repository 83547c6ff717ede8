// The home page and joining a table: start a table, the invite link, a late seat, waiting.

import * as rulesPage from "/static/rules.js";
import { api, el, main, t } from "/static/page.js";
import { keepToken } from "/static/table/live.js";
import { botOptions } from "/static/table/lobby.js";

// ---------------------------------------------------------------- home and join

export async function renderHome() {
  const desc = await rulesPage.options();
  const error = el("p", { class: "error", role: "alert" });
  const form = el(
    "form",
    { class: "card", onsubmit: (e) => createTable(e, error) },
    el("h1", {}, t("web_new_table")),
    el("p", {}, t("web_tagline")),
    el("label", { for: "name" }, t("web_your_name")),
    el("input", { id: "name", name: "name", required: true, maxlength: "40", autocomplete: "nickname" }),
    rulesPage.startFields({ t, el }, desc),
    el("div", { class: "coach-row" },
      el("div", {}, el("label", { for: "seats" }, t("web_seats")),
        el("input", { id: "seats", name: "seats", type: "number", min: "2", max: "10", value: "4" })),
      el("div", {}, el("label", { for: "bots" }, t("web_bots")),
        el("input", { id: "bots", name: "bots", type: "number", min: "0", max: "9", value: "0" }))),
    el("label", { for: "level" }, t("web_bot_level")),
    el("select", { id: "level", name: "level" }, botOptions()),
    el("label", { for: "timer" }, t("web_turn_timer")),
    el("select", { id: "timer", name: "timer", "aria-describedby": "timer-hint" },
      el("option", { value: "" }, t("web_timer_off")),
      [30, 60, 120, 300].map((n) => el("option", { value: String(n) }, t("web_timer_seconds", { n })))),
    el("p", { id: "timer-hint", class: "hint" }, t("web_timer_hint")),
    el("p", {}, el("button", { class: "primary", type: "submit" }, t("web_create"))),
    error,
  );
  const join = el(
    "form",
    { class: "card", onsubmit: (e) => { e.preventDefault(); location.href = `/join/${e.target.code.value.trim().toUpperCase()}`; } },
    el("h2", {}, t("web_have_code")),
    el("label", { for: "code" }, t("web_code")),
    el("input", { id: "code", name: "code", required: true, maxlength: "12", autocomplete: "off", autocapitalize: "characters" }),
    el("p", {}, el("button", { class: "secondary", type: "submit" }, t("web_join"))),
  );
  const pub = el("p", { class: "pub-link" }, el("a", { href: "/pub" }, t("pub_web_link")));
  const clubLink = el("p", { class: "club-link" }, el("a", { href: "/club" }, t("club_web_link")));
  const rulesLink = el("p", { class: "rules-link" }, el("a", { href: "/rules", id: "to-rules" }, t("rb_link_home")));
  main.replaceChildren(form, join, pub, clubLink, rulesLink, el("p", {}, el("a", { href: "/review", id: "to-review" }, t("web_rv_open"))));
}

async function createTable(event, error) {
  event.preventDefault();
  const f = event.target;
  try {
    const seats = Number(f.seats.value);
    const created = await api("/api/tables", {
      name: f.name.value, seats, rules: f.preset.value, rules_toml: rulesPage.houseRules(f),
      turn_timer: f.timer.value ? Number(f.timer.value) : null,
    });
    const bots = Math.min(Number(f.bots.value), seats - 1);
    for (let i = 0; i < bots; i++) {
      await api(`/api/tables/${created.id}/bots`, { token: created.token, bot: f.level.value });
    }
    localStorage.setItem(`schocken:spectate:${created.id}`, created.spectator_token);
    keepToken(created.id, created.token, false);
    location.href = `/t/${created.id}`;
  } catch (e) {
    error.textContent = e.message;
  }
}

// The invite link: a seat at the table before the game starts; once it has started, the game to
// watch at once (with the invite code) and a seat in the next game (the rematch) for whoever
// gives a name. A table whose rematch was made sends the latecomer on to the rematch.
export async function renderJoin(code) {
  let table = null;
  try {
    table = await api(`/api/tables/${encodeURIComponent(code)}`);
    for (let hops = 0; table.rematch && hops < 20; hops++) table = await api(`/api/tables/${table.rematch}`);
  } catch (e) {
    main.replaceChildren(el("p", { class: "card error", role: "alert" }, e.message));
    return;
  }
  if (!table.started) renderSit(table.code);
  else if (localStorage.getItem(`schocken:table:${table.id}`)) location.href = `/t/${table.id}`; // back to their seat
  else renderLate(table);
}

function renderLate(table) {
  const error = el("p", { class: "error", role: "alert" });
  const watch = () => {
    keepToken(table.id, table.code, true);
    location.href = `/t/${table.id}`;
  };
  main.replaceChildren(el("section", { class: "card", id: "late", "aria-labelledby": "late-h" },
    el("h1", { id: "late-h" }, table.finished ? t("web_late_over") : t("web_late_title")),
    el("p", { class: "code" }, el("span", { class: "visually-hidden" }, `${t("web_code")}: `), table.code),
    el("p", {}, t("web_late_intro")),
    el("p", {}, el("button", { class: "secondary wide", type: "button", id: "watch", onclick: watch }, t("web_watch"))),
    waitForm(table.id, error)));
}

// A seat in the next game: a name, and the latecomer's token (kept like a seat token).
export function waitForm(tableId, error = el("p", { class: "error", role: "alert" })) {
  const submit = async (event) => {
    event.preventDefault();
    try {
      const waiting = await api(`/api/tables/${tableId}/wait`, { name: event.target.elements["wait-name"].value });
      keepToken(waiting.id, waiting.token, false);
      if (location.pathname === `/t/${waiting.id}`) location.reload();
      else location.href = `/t/${waiting.id}`;
    } catch (e) {
      error.textContent = e.message;
    }
  };
  return el("form", { id: "wait-form", onsubmit: submit },
    el("label", { for: "wait-name" }, t("web_your_name")),
    el("input", { id: "wait-name", name: "wait-name", required: true, maxlength: "40", autocomplete: "nickname" }),
    el("p", {}, el("button", { class: "primary", type: "submit", id: "wait" }, t("web_wait"))),
    error);
}

function renderSit(code) {
  const error = el("p", { class: "error", role: "alert" });
  const form = el(
    "form",
    { class: "card", onsubmit: (e) => joinTable(e, code, error) },
    el("h1", {}, t("web_join_title")),
    el("p", { class: "code" }, el("span", { class: "visually-hidden" }, `${t("web_code")}: `), code),
    el("label", { for: "name" }, t("web_your_name")),
    el("input", { id: "name", name: "name", required: true, maxlength: "40", autocomplete: "nickname" }),
    el("p", {}, el("button", { class: "primary", type: "submit" }, t("web_join"))),
    error,
  );
  main.replaceChildren(form);
}

// The seat's token proposed by the page: the same join asked again (its answer lost, say with a
// worker that died answering) gets the same seat back, not "name taken". A new name, a new one.
let proposed = { name: null, token: null };

function newToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  const text = btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_");
  return text.startsWith("-") ? `_${text.slice(1)}` : text;
}

async function joinTable(event, code, error) {
  event.preventDefault();
  const name = event.target.name.value;
  if (proposed.name !== name) proposed = { name, token: newToken() };
  try {
    const joined = await api(`/api/tables/${code}/join`, { name, token: proposed.token });
    keepToken(joined.id, joined.token, false);
    location.href = `/t/${joined.id}`;
  } catch (e) {
    error.textContent = e.message;
  }
}
