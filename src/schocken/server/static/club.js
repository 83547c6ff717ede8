// The Schockbuch in the browser (/club, /club/SLUG, /club/SLUG/stats): a club's members,
// evenings, games, prices, payments, charges by hand, struck-out games, the kitty and its
// expenses, the ledger (of everyone or one member), CSV and JSON downloads, the import of a
// club, the change log and the statistics. The server keeps the book
// (src/schocken/server/club.py) and computes balances and statistics; this page only shows
// them and sends what is entered. Words come from the catalogue. The page's helpers (t, el,
// announce, main) come from app.js, which imports this module.

import * as rulesPage from "/static/rules.js";

let ctx = null; // { t, el, main, announce }
const club = { slug: null, session: null, secret: null, book: null };

/** The club page for this path: create or open a club, a club's book, or its statistics. */
export function route(helpers, path) {
  ctx = helpers;
  const parts = path.split("/").filter(Boolean); // ["club", slug, "stats"?]
  if (parts.length >= 2) openClub(decodeURIComponent(parts[1]), parts[2] === "stats");
  else renderStart();
}

// ---------------------------------------------------------------- talking to the server

function lang() {
  return document.documentElement.lang === "de" ? "de" : "en";
}

function keep() {
  localStorage.setItem(`schocken:club:${club.slug}`, JSON.stringify({ session: club.session, secret: club.secret }));
}

async function call(path, body) {
  const headers = { "x-club-session": club.session || "" };
  const response = await fetch(path, body === undefined
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

function today() {
  return new Date().toISOString().slice(0, 10);
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
  const imported = el("form", { class: "card", id: "club-import", onsubmit: (e) => importClub(e, error) },
    el("h2", {}, t("club_web_import")),
    el("p", { class: "hint" }, t("club_web_import_hint")),
    el("label", {}, t("club_web_import_file"), el("input", { name: "file", type: "file", required: true, accept: ".json,application/json" })),
    el("button", { type: "submit" }, t("club_web_import_button")));
  main.replaceChildren(el("h1", {}, t("club_web_title")), el("p", { id: "club-said", class: "said" }),
    el("p", {}, t("club_web_intro")), error, create, open, imported);
}

/** A club's export (a file chosen here) becomes a new club of this server's book. */
async function importClub(event, error) {
  event.preventDefault();
  const file = event.target.file.files[0];
  if (!file) return;
  try {
    // The file goes as it is: the server's reader checks it and says what is wrong.
    const response = await fetch("/api/clubs/import", { method: "POST", headers: { "content-type": "application/json" }, body: file });
    const data = await response.json();
    if (!response.ok) throw new Error(data.error || response.statusText);
    club.slug = data.club.slug;
    club.session = data.session;
    club.secret = null;
    keep();
    history.pushState(null, "", `/club/${club.slug}`);
    await load();
    said(ctx.t("club_web_imported", { club: data.club.name }));
  } catch (e) {
    error.textContent = e.message;
  }
}

async function createClub(event, error) {
  event.preventDefault();
  const f = event.target;
  try {
    club.session = null;
    const made = await call("/api/clubs", { name: f.club_name.value.trim(), password: f.password.value || null });
    club.slug = made.club.slug;
    club.session = made.session;
    club.secret = made.secret;
    keep();
    history.pushState(null, "", `/club/${club.slug}`);
    await load();
    showSecretLink();
  } catch (e) {
    error.textContent = e.message;
  }
}

async function openByPassword(event, error) {
  event.preventDefault();
  const f = event.target;
  const slug = f.club_name.value.trim();
  try {
    const opened = await call(`/api/clubs/${encodeURIComponent(slug)}/session`, { password: f.password.value });
    club.slug = opened.club.slug;
    club.session = opened.session;
    club.secret = null;
    keep();
    history.pushState(null, "", `/club/${club.slug}`);
    await load();
  } catch (e) {
    error.textContent = e.message;
  }
}

// ---------------------------------------------------------------- a club

async function openClub(slug, stats) {
  club.slug = slug;
  club.book = null;
  // A secret link (/club/SLUG#SECRET) is read once and the address cleaned.
  const hash = decodeURIComponent(location.hash.slice(1));
  const stored = JSON.parse(localStorage.getItem(`schocken:club:${slug}`) || "null") || {};
  club.session = stored.session || null;
  club.secret = hash || stored.secret || null;
  if (hash) {
    club.session = null;
    history.replaceState(null, "", location.pathname);
  }
  try {
    if (!club.session && club.secret) await newSession();
    try {
      await load(stats);
    } catch (e) {
      if (e.status !== 403 || !club.secret) throw e;
      await newSession(); // the session expired, or ended with a new secret or password
      await load(stats);
    }
  } catch (e) {
    if (e.status === 403) renderRefused(e.message);
    else ctx.main.replaceChildren(ctx.el("p", { class: "card error", role: "alert" }, e.message));
  }
}

async function newSession() {
  const opened = await call(`/api/clubs/${encodeURIComponent(club.slug)}/session`, { secret: club.secret });
  club.session = opened.session;
  keep();
}

function renderRefused(message) {
  const { t, el, main } = ctx;
  const error = el("p", { class: "error", role: "alert" }, t("club_web_refused"), " ", message);
  const form = el("form", { class: "card", id: "club-password", onsubmit: async (e) => {
    e.preventDefault();
    try {
      const opened = await call(`/api/clubs/${encodeURIComponent(club.slug)}/session`, { password: e.target.password.value });
      club.session = opened.session;
      keep();
      await load();
    } catch (err) {
      error.textContent = err.message;
    }
  } },
  el("label", {}, t("club_web_password"), el("input", { name: "password", type: "password", required: true, autocomplete: "current-password" })),
  el("button", { type: "submit" }, t("club_web_open_button")));
  main.replaceChildren(el("h1", {}, t("club_web_title")), error, form);
}

async function load(stats = false) {
  club.book = await call(`/api/clubs/${encodeURIComponent(club.slug)}`);
  if (stats) await renderStats(null);
  else renderBook();
}

function showSecretLink() {
  const { t, el } = ctx;
  const link = `${location.origin}/club/${club.slug}#${encodeURIComponent(club.secret)}`;
  const box = el("section", { class: "card", id: "club-secret", "aria-labelledby": "club-secret-h" },
    el("h2", { id: "club-secret-h" }, t("club_web_secret_title")),
    el("p", {}, t("club_web_secret_text")),
    el("input", { readonly: true, value: link, "aria-label": t("club_web_secret_title") }));
  ctx.main.querySelector("h1").after(box);
}

/** Say what was done: on the page and to a screen reader. */
function said(text) {
  ctx.announce(text);
  const line = ctx.main.querySelector("#club-said");
  if (line) line.textContent = text;
}

/** After a change: the server answers the whole book; show it and say what was done (a text,
 * or a function of the answer). */
async function send(path, body, form, error, done) {
  try {
    club.book = await call(`/api/clubs/${encodeURIComponent(club.slug)}/${path}`, body);
    renderBook();
    said(typeof done === "function" ? done(club.book) : done);
    refocus(form);
  } catch (e) {
    const line = ctx.main.querySelector("#club-said");
    if (line) line.textContent = "";
    error.textContent = e.message;
  }
}

/** The book is drawn anew after a change: keep the keyboard where it was, on the same form's
 * button (the form's fields are empty again). */
function refocus(form) {
  const again = form?.id ? ctx.main.querySelector(`#${form.id}`) : null;
  const button = again?.querySelector("button[type=submit]");
  if (button) button.focus({ preventScroll: true });
}

function options(values, label = (v) => v) {
  return values.map((v) => ctx.el("option", { value: v }, label(v)));
}

function renderBook() {
  const { t, el, main } = ctx;
  const b = club.book;
  const names = b.members.map((m) => m.name);
  const error = el("p", { class: "error", role: "alert", id: "club-error" });
  const memberName = (name) => {
    const m = b.members.find((x) => x.name === name);
    const marks = [m?.guest ? t("club_web_guest_mark") : null, m?.left ? t("club_web_left_mark", { date: m.left }) : null].filter(Boolean);
    return marks.length ? `${name} (${marks.join(", ")})` : name;
  };
  const members = el("section", { class: "card club-part", "aria-labelledby": "club-members-h" },
    el("h2", { id: "club-members-h" }, t("club_web_members")),
    table(t("club_web_balances"), [t("club_web_member"), t("club_web_charged"), t("club_web_paid"), t("club_web_balance")],
      b.balances.map((x) => [memberName(x.member), money(x.charged), money(x.paid), money(x.balance)]), "club-balances"),
    el("form", { id: "club-add-member", onsubmit: (e) => {
      e.preventDefault();
      const name = e.target.member.value.trim();
      send("members", { name, guest: e.target.guest.checked }, e.target, error, t("club_web_member_added", { name }));
    } },
    el("label", {}, t("club_web_new_member"), el("input", { name: "member", required: true, autocomplete: "off" })),
    el("label", { class: "check" }, el("input", { type: "checkbox", name: "guest" }), t("club_web_guest")),
    el("button", { type: "submit" }, t("club_web_add_member"))),
    names.length === 0 ? null : [
      el("form", { id: "club-rename", onsubmit: (e) => {
        e.preventDefault();
        const f = e.target;
        const name = f.member.value;
        const newName = f.new_name.value.trim();
        send("members/rename", { name, new_name: newName }, f, error, t("club_web_renamed", { name, new_name: newName }));
      } },
      el("h3", {}, t("club_web_rename")),
      el("label", {}, t("club_web_member"), el("select", { name: "member" }, options(names))),
      el("label", {}, t("club_web_new_name"), el("input", { name: "new_name", required: true, autocomplete: "off" })),
      el("button", { type: "submit" }, t("club_web_rename_button"))),
      el("form", { id: "club-leave", onsubmit: (e) => {
        e.preventDefault();
        const f = e.target;
        send("members/leave", { name: f.member.value, date: f.date.value }, f, error,
          t("club_web_left", { name: f.member.value, date: f.date.value }));
      } },
      el("h3", {}, t("club_web_leave")),
      el("label", {}, t("club_web_member"), el("select", { name: "member" }, options(b.members.filter((m) => !m.left).map((m) => m.name)))),
      el("label", {}, t("club_web_leave_date"), el("input", { name: "date", type: "date", required: true, value: today() })),
      el("button", { type: "submit" }, t("club_web_leave_button"))),
    ]);

  const evenings = el("section", { class: "card club-part", "aria-labelledby": "club-evenings-h" },
    el("h2", { id: "club-evenings-h" }, t("club_web_evenings")),
    el("ul", { id: "club-evening-list" }, b.evenings.map((ev) => el("li", {},
      t("club_web_evening_line", { date: ev.date, place: ev.place || "–", count: ev.present.length, games: ev.games })))),
    el("form", { id: "club-add-evening", onsubmit: (e) => {
      e.preventDefault();
      const f = e.target;
      const present = [...f.querySelectorAll("input[name=present]:checked")].map((i) => i.value);
      send("evenings", { date: f.date.value, place: f.place.value, present }, f, error, t("club_web_evening_added", { date: f.date.value }));
    } },
    el("label", {}, t("club_web_date"), el("input", { name: "date", type: "date", required: true, value: today() })),
    el("label", {}, t("club_web_place"), el("input", { name: "place", maxlength: "200" })),
    el("fieldset", {}, el("legend", {}, t("club_web_present")),
      names.map((n) => el("label", { class: "check" }, el("input", { type: "checkbox", name: "present", value: n, checked: true }), n))),
    el("button", { type: "submit" }, t("club_web_add_evening"))),
    b.evenings.length === 0 || names.length === 0 ? null : presentForm(b, names, error));

  const dates = b.evenings.map((ev) => ev.date).reverse();
  const counted = b.games.filter((g) => !g.void);
  const games = el("section", { class: "card club-part", "aria-labelledby": "club-games-h" },
    el("h2", { id: "club-games-h" }, t("club_web_games")),
    table(t("club_web_games"), [t("club_web_date"), t("club_web_number"), t("club_web_loser"), t("club_web_players"), t("club_web_note")],
      b.games.map((g) => [g.date, String(g.number), g.loser, g.players.join(", "),
        g.void ? { text: t("club_web_struck_out", { reason: g.void }), class: "void" } : g.note]), "club-games"),
    dates.length === 0 ? el("p", { class: "hint" }, t("club_web_evening_first")) : [
      el("form", { id: "club-add-game", onsubmit: (e) => {
        e.preventDefault();
        const f = e.target;
        send("games", { date: f.date.value, loser: f.loser.value }, f, error, t("club_web_game_added", { loser: f.loser.value }));
      } },
      el("h3", {}, t("club_web_game_by_loser")),
      el("label", {}, t("club_web_evening"), el("select", { name: "date" }, options(dates))),
      el("label", {}, t("club_web_loser"), el("select", { name: "loser" }, options(names))),
      el("button", { type: "submit" }, t("club_web_add_game"))),
      el("form", { id: "club-add-table", onsubmit: (e) => {
        e.preventDefault();
        const f = e.target;
        send("games", { date: f.date.value, table: f.table.value.trim() }, f, error, t("club_web_game_added_table"));
      } },
      el("h3", {}, t("club_web_game_from_table")),
      el("label", {}, t("club_web_evening"), el("select", { name: "date" }, options(dates))),
      el("label", {}, t("club_web_table"), el("input", { name: "table", required: true, autocomplete: "off" })),
      el("button", { type: "submit" }, t("club_web_add_game"))),
      pubGameForm(dates, error),
    ],
    counted.length === 0 ? null : el("form", { id: "club-void", onsubmit: (e) => {
      e.preventDefault();
      const f = e.target;
      const g = counted[Number(f.game.value)];
      const reason = f.reason.value.trim();
      send("games/void", { date: g.date, number: g.number, reason }, f, error,
        t("club_web_voided", { number: g.number, date: g.date, reason }));
    } },
    el("h3", {}, t("club_web_void")),
    el("label", {}, t("club_web_game"), el("select", { name: "game" },
      counted.map((g, i) => el("option", { value: String(i) }, t("club_web_game_choice", { date: g.date, number: g.number, loser: g.loser }))).reverse())),
    el("label", {}, t("club_web_reason"), el("input", { name: "reason", required: true, maxlength: "200" })),
    el("button", { type: "submit" }, t("club_web_void_button"))));

  const money_ = el("section", { class: "card club-part", "aria-labelledby": "club-money-h" },
    el("h2", { id: "club-money-h" }, t("club_web_money")),
    table(t("club_web_prices"), [t("club_web_item"), t("club_web_from"), t("club_web_price")],
      b.prices.map((p) => [t(`club_web_item_${p.item}`), p.valid_from || t("club_web_from_start"), money(p.cents)]), "club-prices"),
    el("form", { id: "club-set-price", onsubmit: (e) => {
      e.preventDefault();
      const f = e.target;
      send("prices", { item: f.item.value, cents: cents(f.amount.value), valid_from: f.from.value || null }, f, error,
        t("club_web_price_set", { item: t(`club_web_item_${f.item.value}`), price: money(cents(f.amount.value)) }));
    } },
    el("label", {}, t("club_web_item"), el("select", { name: "item" }, options(b.price_items, (i) => t(`club_web_item_${i}`)))),
    el("label", {}, t("club_web_amount"), el("input", { name: "amount", inputmode: "decimal", required: true, pattern: "[0-9]+([.,][0-9]{1,2})?" })),
    el("label", {}, t("club_web_from"), el("input", { name: "from", type: "date" })),
    el("button", { type: "submit" }, t("club_web_set_price"))),
    names.length === 0 ? null : el("form", { id: "club-pay", onsubmit: (e) => {
      e.preventDefault();
      const f = e.target;
      send("payments", { member: f.member.value, cents: cents(f.amount.value), note: f.note.value }, f, error,
        t("club_web_paid_said", { name: f.member.value, amount: money(cents(f.amount.value)) }));
    } },
    el("h3", {}, t("club_web_payment")),
    el("label", {}, t("club_web_member"), el("select", { name: "member" }, options(names))),
    el("label", {}, t("club_web_amount"), el("input", { name: "amount", inputmode: "decimal", required: true, pattern: "-?[0-9]+([.,][0-9]{1,2})?" })),
    el("label", {}, t("club_web_note"), el("input", { name: "note", maxlength: "200" })),
    el("button", { type: "submit" }, t("club_web_pay"))),
    names.length === 0 ? null : el("form", { id: "club-charge", onsubmit: (e) => {
      e.preventDefault();
      const f = e.target;
      const reason = f.reason.value.trim();
      send("charges", { member: f.member.value, cents: cents(f.amount.value), reason, date: f.date.value }, f, error,
        t("club_web_charged_said", { name: f.member.value, amount: money(cents(f.amount.value)), reason }));
    } },
    el("h3", {}, t("club_web_charge")),
    el("label", {}, t("club_web_member"), el("select", { name: "member" }, options(names))),
    el("label", {}, t("club_web_amount"), el("input", { name: "amount", inputmode: "decimal", required: true, pattern: "-?[0-9]+([.,][0-9]{1,2})?",
      "aria-describedby": "club-charge-hint" })),
    el("p", { class: "hint", id: "club-charge-hint" }, t("club_web_charge_hint")),
    el("label", {}, t("club_web_reason"), el("input", { name: "reason", required: true, maxlength: "200" })),
    el("label", {}, t("club_web_date"), el("input", { name: "date", type: "date", required: true, value: today() })),
    el("button", { type: "submit" }, t("club_web_charge_button"))));

  const ledgerTable = (lines) => table(t("club_web_ledger"), [t("club_web_date"), t("club_web_member"), t("club_web_item"), t("club_web_amount")],
    lines.map((l) => [l.date, l.member, ledgerItem(l), money(l.cents)]), "club-ledger");
  const whose = el("select", { id: "club-ledger-of", onchange: async (e) => {
    const name = e.target.value;
    try {
      let lines = b.ledger;
      let done = t("club_web_ledger_all");
      if (name) {
        const one = await call(`/api/clubs/${encodeURIComponent(club.slug)}/ledger?member=${encodeURIComponent(name)}`);
        lines = one.lines;
        done = t("club_web_ledger_shown", { name, balance: money(one.balance.balance) });
      }
      ctx.main.querySelector("#club-ledger").replaceWith(ledgerTable(lines));
      ctx.main.querySelector("#club-pay").replaceWith(payPart(name));
      said(done);
    } catch (err) {
      error.textContent = err.message;
    }
  } }, el("option", { value: "" }, t("club_web_everyone")), options(names));
  const ledger = el("section", { class: "card club-part", "aria-labelledby": "club-ledger-h" },
    el("h2", { id: "club-ledger-h" }, t("club_web_ledger")),
    el("label", {}, t("club_web_ledger_of"), whose),
    payPart(""),
    ledgerTable(b.ledger),
    el("h3", {}, t("club_web_csv")),
    el("p", { class: "club-csv" }, [["ledger", "club_web_ledger"], ["balances", "club_web_balances"], ["games", "club_web_games"],
      ["evenings", "club_web_evenings"], ["stats", "club_web_stats"], ["kitty", "club_web_kitty"]]
      .map(([kind, key]) => el("button", { type: "button", class: "small", "data-kind": kind,
        onclick: () => download(`csv/${kind}`, `${club.slug}-${kind}.csv`, error) }, t(key)))));

  const logPlace = el("div", { id: "club-log-place" });
  const data = el("section", { class: "card club-part", "aria-labelledby": "club-data-h" },
    el("h2", { id: "club-data-h" }, t("club_web_data")),
    el("p", { class: "hint", id: "club-export-hint" }, t("club_web_export_hint")),
    el("button", { type: "button", id: "club-export", "aria-describedby": "club-export-hint", onclick: async () => {
      if (await download("export", `${club.slug}.json`, error)) said(t("club_web_exported"));
    } }, t("club_web_export")),
    el("button", { type: "button", id: "club-log-show", onclick: () => showLog(logPlace, error) }, t("club_web_log_show")),
    logPlace);

  main.replaceChildren(
    el("h1", {}, b.club.name),
    el("nav", {}, el("a", { href: `/club/${club.slug}/stats`, id: "club-to-stats", onclick: (e) => {
      e.preventDefault();
      history.pushState(null, "", `/club/${club.slug}/stats`);
      renderStats(null);
    } }, t("club_web_stats"))),
    // What was done, or why not: kept in sight at the top while the page scrolls.
    el("div", { id: "club-status" }, el("p", { id: "club-said", class: "said" }), error),
    members, evenings, games, finesPart(b, names, error), money_, kittyPart(b, names, error), ledger,
    settingsPart(b, error), data);
}

/** The club's own catalogue of fines ("Würfel vom Tisch", "Spinksen"): a fine is booked on a
 * member in two taps, as a charge with its name; the catalogue is kept here too. */
function finesPart(b, names, error) {
  const { t, el } = ctx;
  const items = b.fine_items;
  const label = (i) => `${i.name} (${money(i.cents)})`;
  return el("section", { class: "card club-part", id: "club-fines-part", "aria-labelledby": "club-fines-h" },
    el("h2", { id: "club-fines-h" }, t("club_web_fines")),
    items.length === 0 || names.length === 0 ? el("p", { class: "hint", id: "club-fines-empty" }, t("club_web_fines_empty"))
      : el("form", { id: "club-fine", onsubmit: (e) => {
        e.preventDefault();
        const f = e.target;
        const count = Number(f.count.value);
        const item = items.find((i) => i.name === f.fine.value);
        send("fines", { member: f.member.value, fine: f.fine.value, count, date: f.date.value }, f, error,
          t("club_web_fined", { name: f.member.value, fine: f.fine.value, count, amount: money(item.cents * count) }));
      } },
      el("h3", {}, t("club_web_fine_book")),
      el("label", {}, t("club_web_member"), el("select", { name: "member" }, options(names))),
      el("label", {}, t("club_web_fine"), el("select", { name: "fine" }, items.map((i) => el("option", { value: i.name }, label(i))))),
      el("label", {}, t("club_web_fine_count"), el("input", { name: "count", type: "number", min: "1", max: "99", value: "1", required: true, inputmode: "numeric" })),
      el("label", {}, t("club_web_date"), el("input", { name: "date", type: "date", required: true, value: today() })),
      el("button", { type: "submit" }, t("club_web_fine_button"))),
    table(t("club_web_fines_catalogue"), [t("club_web_fine"), t("club_web_price")],
      items.map((i) => [i.name, money(i.cents)]), "club-fine-items"),
    el("form", { id: "club-set-fine-item", onsubmit: (e) => {
      e.preventDefault();
      const f = e.target;
      const name = f.fine_name.value.trim();
      send("fine-items", { name, cents: cents(f.amount.value) }, f, error,
        t("club_web_fine_item_set", { fine: name, price: money(cents(f.amount.value)) }));
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
      send("fine-items/remove", { name: f.fine.value }, f, error, t("club_web_fine_item_removed", { fine: f.fine.value }));
    } },
    el("label", {}, t("club_web_fine"), el("select", { name: "fine" }, options(items.map((i) => i.name)))),
    el("button", { type: "submit" }, t("club_web_fine_item_remove"))));
}

/** The club's kitty: what is in it (payments in less expenses out), what members still owe to
 * it (apart: not in it yet), its expenses, and a form to book one. */
function kittyPart(b, names, error) {
  const { t, el } = ctx;
  const k = b.kitty;
  return el("section", { class: "card club-part", id: "club-kitty-part", "aria-labelledby": "club-kitty-h" },
    el("h2", { id: "club-kitty-h" }, t("club_web_kitty")),
    table(t("club_web_kitty_caption"), [t("club_web_kitty_what"), t("club_web_amount")], [
      [t("club_kitty_in"), money(k.paid_in)],
      [t("club_kitty_out"), money(k.paid_out)],
      [t("club_kitty_balance"), { text: money(k.balance), class: "kitty-balance" }],
      [t("club_kitty_owed"), { text: money(k.owed), class: "kitty-owed" }],
      [t("club_kitty_credit"), money(k.credit)],
    ], "club-kitty"),
    b.expenses.length === 0 ? el("p", { class: "hint", id: "club-no-expenses" }, t("club_web_no_expenses"))
      : table(t("club_web_expenses"), [t("club_web_date"), t("club_web_purpose"), t("club_web_paid_out_by"), t("club_web_amount")],
        b.expenses.map((x) => [x.date, x.purpose, x.paid_by || "–", money(x.cents)]), "club-expenses"),
    el("form", { id: "club-expense", onsubmit: (e) => {
      e.preventDefault();
      const f = e.target;
      const amount = cents(f.amount.value);
      const purpose = f.purpose.value.trim();
      send("expenses", { cents: amount, purpose, date: f.date.value, paid_by: f.paid_by.value || null }, f, error,
        (book) => t("club_web_expense_said", { amount: money(amount), purpose, balance: money(book.kitty.balance) }));
    } },
    el("h3", {}, t("club_web_expense")),
    el("p", { class: "hint", id: "club-expense-hint" }, t("club_web_expense_hint")),
    el("label", {}, t("club_web_amount"), el("input", { name: "amount", inputmode: "decimal", required: true, pattern: "-?[0-9]+([.,][0-9]{1,2})?",
      "aria-describedby": "club-expense-hint" })),
    el("label", {}, t("club_web_purpose"), el("input", { name: "purpose", required: true, maxlength: "200", autocomplete: "off" })),
    el("label", {}, t("club_web_date"), el("input", { name: "date", type: "date", required: true, value: today() })),
    el("label", {}, t("club_web_paid_out_by"), el("select", { name: "paid_by" },
      el("option", { value: "" }, t("club_web_nobody_said")), options(names))),
    el("button", { type: "submit" }, t("club_web_expense_button"))));
}

/** The club's settings and keys: the day its seasons begin, a new secret link, the password,
 * and closing the club on this device. */
/** The chosen member's way to pay: a button that shows their balance as a GiroCode (a SEPA
 * transfer's QR code, EPC069-12) to the club's account, with what it holds in words. */
function payPart(name) {
  const { t, el } = ctx;
  const b = club.book;
  const owed = b.balances.find((x) => x.member === name)?.balance ?? 0;
  const box = el("div", { id: "club-pay", class: "club-pay" });
  if (!name || !b.account || owed <= 0) return box;
  const error = el("p", { class: "error", role: "alert" });
  box.append(el("button", { type: "button", id: "club-pay-button", onclick: async () => {
    try {
      const pay = await call(`/api/clubs/${encodeURIComponent(club.slug)}/pay?member=${encodeURIComponent(name)}`);
      const words = { name: pay.member, amount: money(pay.cents), iban: pay.iban, holder: pay.holder, reference: pay.reference };
      const figure = el("figure", { class: "club-pay-qr" },
        el("img", { src: pay.qr, alt: t("club_web_pay_alt", words), width: "240", height: "240" }),
        el("figcaption", {}, el("strong", {}, t("club_web_pay_title", words)), " ", t("club_web_pay_hint", words)));
      box.replaceChildren(figure);
      said(t("club_web_pay_title", words));
    } catch (err) {
      error.textContent = err.message;
    }
  } }, t("club_web_pay_button")), error);
  return box;
}

function accountForm(b, error) {
  const { t, el } = ctx;
  const account = b.account;
  return el("form", { id: "club-account", onsubmit: (e) => {
    e.preventDefault();
    const f = e.target;
    send("account", { iban: f.iban.value, holder: f.holder.value, bic: f.bic.value }, f, error,
      (book) => t("club_web_account_set", { iban: book.account.iban }));
  } },
  el("h3", {}, t("club_web_account_title")),
  el("p", { class: "hint", id: "club-account-hint" }, t("club_web_account_hint")),
  el("label", {}, t("club_web_iban"), el("input", { name: "iban", required: true, value: account?.iban ?? "",
    autocomplete: "off", spellcheck: "false", "aria-describedby": "club-account-hint" })),
  el("label", {}, t("club_web_holder"), el("input", { name: "holder", required: true, maxlength: "70", value: account?.holder ?? "" })),
  el("label", {}, t("club_web_bic"), el("input", { name: "bic", maxlength: "11", value: account?.bic ?? "", autocomplete: "off" })),
  el("button", { type: "submit" }, t("club_web_account_button")),
  account ? el("button", { type: "button", id: "club-account-remove",
    onclick: () => send("account", { remove: true }, null, error, t("club_web_account_removed")) }, t("club_web_account_remove")) : null);
}

/** The club's own rules ("our rules") in words, with a link to them in the rules builder
 * (where they are changed and saved again); none yet: the way to the builder. */
function ourRulesPart(b) {
  const { t, el } = ctx;
  const box = el("div", { id: "club-rules" }, el("h3", {}, t("rb_club_title")));
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

function settingsPart(b, error) {
  const { t, el } = ctx;
  return el("section", { class: "card club-part", id: "club-settings", "aria-labelledby": "club-settings-h" },
    el("h2", { id: "club-settings-h" }, t("club_web_settings")),
    el("form", { id: "club-season-start", onsubmit: (e) => {
      e.preventDefault();
      const day = e.target.season_start.value.trim();
      send("season-start", { season_start: day }, e.target, error, t("club_web_season_start_set", { day }));
    } },
    el("label", {}, t("club_web_season_start"), el("input", { name: "season_start", required: true, value: b.club.season_start,
      inputmode: "numeric", autocomplete: "off", "aria-describedby": "club-season-start-hint" })),
    el("p", { class: "hint", id: "club-season-start-hint" }, t("club_web_season_start_hint")),
    el("button", { type: "submit" }, t("club_web_season_start_button"))),
    accountForm(b, error),
    ourRulesPart(b),
    el("form", { id: "club-new-secret", onsubmit: (e) => {
      e.preventDefault();
      rekey("secret", {}, error, t("club_web_secret_made"));
    } },
    el("h3", {}, t("club_web_secret_new")),
    el("p", { class: "hint" }, t("club_web_secret_new_hint")),
    el("label", { class: "check" }, el("input", { type: "checkbox", name: "sure", required: true }), t("club_web_secret_new_sure")),
    el("button", { type: "submit" }, t("club_web_secret_new_button"))),
    el("form", { id: "club-set-password", onsubmit: (e) => {
      e.preventDefault();
      rekey("password", { password: e.target.new_password.value }, error, t("club_web_password_is_set"));
    } },
    el("h3", {}, t("club_web_password_title")),
    el("p", { id: "club-password-state" }, t(b.club.has_password ? "club_web_password_state_set" : "club_web_password_state_none")),
    // No minlength here: a short password is refused by the book, with its message.
    el("label", {}, t("club_web_password_new"), el("input", { name: "new_password", type: "password", required: true,
      autocomplete: "new-password", "aria-describedby": "club-password-hint" })),
    el("p", { class: "hint", id: "club-password-hint" }, t("club_web_password_change_hint")),
    el("button", { type: "submit" }, t("club_web_password_button")),
    b.club.has_password ? el("button", { type: "button", id: "club-password-remove",
      onclick: () => rekey("password", { remove: true }, error, t("club_web_password_removed")) }, t("club_web_password_remove")) : null),
    el("h3", {}, t("club_web_close_title")),
    el("p", { class: "hint", id: "club-close-hint" }, t("club_web_close_hint")),
    el("button", { type: "button", id: "club-close", "aria-describedby": "club-close-hint", onclick: () => closeHere(error) },
      t("club_web_close_button")),
    devicesPart(error));
}

/** The browsers the club is open on (its sessions), each with a button that signs it out: a
 * lost phone is shut out without a new link for everybody. Listed when asked for. */
function devicesPart(error) {
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
      const data = await call(`/api/clubs/${encodeURIComponent(club.slug)}/sessions/end`, { id });
      show(data.sessions);
      said(t("club_web_devices_ended", { device }));
    } catch (e) {
      error.textContent = e.message;
    }
  };
  const load = async () => {
    try {
      const sessions = await call(`/api/clubs/${encodeURIComponent(club.slug)}/sessions`);
      show(sessions);
      said(t("club_web_devices_shown", { count: sessions.length }));
    } catch (e) {
      error.textContent = e.message;
    }
  };
  return el("div", { id: "club-devices-part" },
    el("h3", {}, t("club_web_devices_title")),
    el("p", { class: "hint", id: "club-devices-hint" }, t("club_web_devices_hint")),
    el("button", { type: "button", id: "club-devices-show", "aria-describedby": "club-devices-hint", onclick: load },
      t("club_web_devices_show")),
    list);
}

/** Close the club on this device: its session ends on the server, this browser forgets the
 * session and the secret, and the page shows the forms to open a club. */
async function closeHere(error) {
  try {
    await call(`/api/clubs/${encodeURIComponent(club.slug)}/session/end`, { session: club.session });
  } catch (e) {
    // A session that ended already (403) is closed as asked; any other refusal keeps the club.
    if (e.status !== 403) {
      error.textContent = e.message;
      return;
    }
  }
  const name = club.book.club.name;
  localStorage.removeItem(`schocken:club:${club.slug}`);
  Object.assign(club, { slug: null, session: null, secret: null, book: null });
  history.pushState(null, "", "/club");
  renderStart();
  said(ctx.t("club_web_closed", { club: name }));
}

/** A new secret or password ends every session of the club: the server answers a new one for
 * this browser (and a new secret, shown once), kept like the first. */
async function rekey(path, body, error, done) {
  try {
    const data = await call(`/api/clubs/${encodeURIComponent(club.slug)}/${path}`, body);
    club.session = data.session;
    if (data.done.secret) club.secret = data.done.secret;
    keep();
    club.book = data;
    renderBook();
    if (data.done.secret) showSecretLink();
    said(done);
  } catch (e) {
    error.textContent = e.message;
  }
}

/** Mark who else came to an evening entered before: the members not marked at it yet. */
function presentForm(b, names, error) {
  const { t, el } = ctx;
  const came = (date) => b.evenings.find((ev) => ev.date === date)?.present || [];
  const boxes = el("fieldset", {});
  const fill = (date) => {
    const missing = names.filter((n) => !came(date).includes(n));
    boxes.replaceChildren(el("legend", {}, t("club_web_present_more")), ...(missing.length === 0
      ? [el("p", { class: "hint" }, t("club_web_present_all"))]
      : missing.map((n) => el("label", { class: "check" }, el("input", { type: "checkbox", name: "present", value: n }), n))));
  };
  const dates = b.evenings.map((ev) => ev.date).reverse();
  fill(dates[0]);
  return el("form", { id: "club-present", onsubmit: (e) => {
    e.preventDefault();
    const f = e.target;
    const present = [...f.querySelectorAll("input[name=present]:checked")].map((i) => i.value);
    if (present.length === 0) {
      error.textContent = t("club_web_present_pick");
      return;
    }
    send("evenings/present", { date: f.date.value, present }, f, error,
      t("club_web_present_added", { date: f.date.value, names: present.join(", ") }));
  } },
  el("h3", {}, t("club_web_present_title")),
  el("label", {}, t("club_web_evening"), el("select", { name: "date", onchange: (e) => fill(e.target.value) }, options(dates))),
  boxes,
  el("button", { type: "submit" }, t("club_web_present_button")));
}

// The pub games entered on this device (pub mode keeps each one's token in this browser): one
// of them goes into the book as a whole game record.
function pubGames() {
  const found = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key && key.startsWith("schocken:pub:")) found.push({ id: key.slice("schocken:pub:".length), token: localStorage.getItem(key) });
  }
  return found;
}

function pubGameForm(dates, error) {
  const { el, t } = ctx;
  const games = pubGames();
  const select = el("select", { name: "pub", id: "club-pub-game" }, games.map((g) => el("option", { value: g.id }, g.id)));
  // Name each game by its players and whether it is over (asked with its token, in the background).
  for (const g of games) {
    fetch(`/api/pub/${encodeURIComponent(g.id)}?lang=${lang()}`, { headers: { "x-pub-token": g.token || "" } })
      .then((r) => (r.ok ? r.json() : null))
      .then((v) => {
        const option = [...select.options].find((o) => o.value === g.id);
        if (!v || !option) return;
        const over = v.state && v.state.loser != null;
        option.textContent = t(over ? "club_web_pub_over" : "club_web_pub_running", { players: v.players.join(", ") });
      })
      .catch(() => {});
  }
  return el("form", { id: "club-add-pub", onsubmit: (e) => {
    e.preventDefault();
    const f = e.target;
    const chosen = games.find((g) => g.id === f.pub.value);
    if (!chosen) return;
    send("games", { date: f.date.value, pub: chosen.id, pub_token: chosen.token }, f, error, t("club_web_game_added_pub"));
  } },
  el("h3", {}, t("club_web_game_from_pub")),
  games.length === 0 ? el("p", { class: "hint", id: "club-pub-none" }, t("club_web_pub_none")) : [
    el("label", {}, t("club_web_evening"), el("select", { name: "date" }, options(dates))),
    el("label", {}, t("club_web_pub_game"), select),
    el("button", { type: "submit" }, t("club_web_add_game"))]);
}

/** A table: a caption, column heads, rows (the first cell heads its row); a cell is a text or
 * { text, class }. */
function table(caption, heads, rows, id) {
  const { el } = ctx;
  const cell = (c, i) => {
    const [text, cls] = typeof c === "object" && c !== null ? [c.text, c.class] : [c, undefined];
    return i === 0 ? el("th", { scope: "row" }, text) : el("td", cls ? { class: cls } : {}, text);
  };
  return el("table", { id },
    el("caption", {}, caption),
    el("thead", {}, el("tr", {}, heads.map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, rows.map((r) => el("tr", {}, r.map(cell)))));
}

/** The club's change log, oldest first: when, what, the details. */
async function showLog(place, error) {
  const { t, el } = ctx;
  try {
    const log = await call(`/api/clubs/${encodeURIComponent(club.slug)}/log`);
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
      table(t("club_web_log"), [t("club_web_when"), t("club_web_item"), t("club_web_details")],
        log.map((e) => [e.at.replace("T", " ").replace("+00:00", ""), action(e.action), details(e.detail)]), "club-log"));
    said(t("club_web_log_shown", { count: log.length }));
  } catch (e) {
    error.textContent = e.message;
  }
}

/** A file of the book (a CSV for a spreadsheet, the club's export), fetched with the session
 * and saved as ``name``; whether it was. */
async function download(path, name, error) {
  try {
    const response = await fetch(`/api/clubs/${encodeURIComponent(club.slug)}/${path}`, { headers: { "x-club-session": club.session || "" } });
    if (!response.ok) throw new Error((await response.json()).error || response.statusText);
    const url = URL.createObjectURL(await response.blob());
    const a = ctx.el("a", { href: url, download: name });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return true;
  } catch (e) {
    error.textContent = e.message;
    return false;
  }
}

function ledgerItem(line) {
  const { t } = ctx;
  const what = ["payment", "charge"].includes(line.item) ? t(`club_web_${line.item}_line`) : t(`club_web_item_${line.item}`);
  const count = line.count > 1 ? ` ×${line.count}` : "";
  const game = line.game ? ` (${t("club_web_game_no", { number: line.game })})` : "";
  return `${what}${count}${game}${line.text ? `: ${line.text}` : ""}`;
}

// ---------------------------------------------------------------- statistics

async function renderStats(season) {
  const { t, el, main } = ctx;
  const query = season ? `?season=${encodeURIComponent(season)}` : "";
  let s;
  try {
    s = await call(`/api/clubs/${encodeURIComponent(club.slug)}/stats${query}`);
  } catch (e) {
    main.replaceChildren(el("p", { class: "card error", role: "alert" }, e.message));
    return;
  }
  const pct = (x) => (x == null ? "–" : `${(100 * x).toFixed(0)} %`);
  const interval = (ci) => `${(100 * ci[0]).toFixed(0)}–${(100 * ci[1]).toFixed(0)} %`;
  const rows = s.members.filter((m) => m.games > 0);
  const pick = el("select", { id: "club-season", onchange: (e) => renderStats(e.target.value || null) },
    el("option", { value: "" }, t("club_web_all_seasons")),
    options(club.book.seasons));
  pick.value = season || "";
  main.replaceChildren(
    el("h1", {}, t("club_web_stats_title", { club: club.book.club.name })),
    el("nav", {}, el("a", { href: `/club/${club.slug}`, onclick: (e) => {
      e.preventDefault();
      history.pushState(null, "", `/club/${club.slug}`);
      renderBook();
    } }, t("club_web_back"))),
    el("label", {}, t("club_web_season"), pick),
    el("p", {}, t("club_web_stats_sum", { evenings: s.evenings, games: s.games })),
    el("section", { class: "card club-part", "aria-label": t("club_web_stats") },
      el("table", { id: "club-stats" },
        el("caption", {}, t("club_web_stats_caption")),
        el("thead", {}, el("tr", {}, [t("club_web_member"), t("club_web_games_played"), t("club_web_games_lost"), t("club_web_share"), t("club_web_ci95"), t("club_web_expected")]
          .map((h) => el("th", { scope: "col" }, h)))),
        el("tbody", {}, rows.map((m) => el("tr", {},
          el("th", { scope: "row" }, m.name), el("td", {}, String(m.games)), el("td", {}, String(m.games_lost)),
          el("td", {}, pct(m.games_lost_share)), el("td", {}, interval(m.games_lost_ci95)), el("td", {}, m.games_lost_expected.toFixed(1)))))),
      rows.length ? chart(rows) : el("p", {}, t("club_web_no_games"))));
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
  const bar = 30, left = 80, width = 220, height = rows.length * bar + 10;
  const root = svg("svg", { viewBox: `0 0 ${left + width + 10} ${height}`, role: "img", class: "club-chart", id: "club-chart",
    "aria-label": ctx.t("club_web_chart") });
  rows.forEach((m, i) => {
    const y = 5 + i * bar;
    root.append(svg("text", { x: left - 6, y: y + 17, "text-anchor": "end", class: "label" }, m.name));
    root.append(svg("rect", { x: left, y: y + 4, width: (m.games_lost_share || 0) * width, height: bar - 10, class: "bar" }));
    root.append(svg("line", { x1: left + m.games_lost_ci95[0] * width, x2: left + m.games_lost_ci95[1] * width,
      y1: y + bar / 2, y2: y + bar / 2, class: "ci" }));
  });
  return ctx.el("figure", {}, root, ctx.el("figcaption", {}, ctx.t("club_web_chart")));
}
