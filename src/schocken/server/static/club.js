// The Schockbuch in the browser (/club, /club/SLUG, /club/SLUG/stats): a club's members,
// evenings, games, prices, payments, the ledger and the statistics. The server keeps the book
// (src/schocken/server/club.py) and computes balances and statistics; this page only shows
// them and sends what is entered. Words come from the catalogue. The page's helpers (t, el,
// announce, main) come from app.js, which imports this module.

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
  main.replaceChildren(el("h1", {}, t("club_web_title")), el("p", {}, t("club_web_intro")), error, create, open);
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

/** After a change: the server answers the whole book; show it and say what was done. */
async function send(path, body, form, error, said) {
  try {
    club.book = await call(`/api/clubs/${encodeURIComponent(club.slug)}/${path}`, body);
    renderBook();
    ctx.announce(said);
    ctx.main.querySelector("#club-said").textContent = said;
  } catch (e) {
    error.textContent = e.message;
    error.focus?.();
  }
}

function options(values, label = (v) => v) {
  return values.map((v) => ctx.el("option", { value: v }, label(v)));
}

function renderBook() {
  const { t, el, main } = ctx;
  const b = club.book;
  const names = b.members.map((m) => m.name);
  const error = el("p", { class: "error", role: "alert", id: "club-error" });
  const table = (caption, heads, rows, id) => el("table", { id },
    el("caption", {}, caption),
    el("thead", {}, el("tr", {}, heads.map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, rows.map((r) => el("tr", {}, r.map((c, i) => (i === 0 ? el("th", { scope: "row" }, c) : el("td", {}, c)))))));

  const members = el("section", { class: "card club-part", "aria-labelledby": "club-members-h" },
    el("h2", { id: "club-members-h" }, t("club_web_members")),
    table(t("club_web_balances"), [t("club_web_member"), t("club_web_charged"), t("club_web_paid"), t("club_web_balance")],
      b.balances.map((x) => [x.member, money(x.charged), money(x.paid), money(x.balance)]), "club-balances"),
    el("form", { id: "club-add-member", onsubmit: (e) => {
      e.preventDefault();
      const name = e.target.member.value.trim();
      send("members", { name, guest: e.target.guest.checked }, e.target, error, t("club_web_member_added", { name }));
    } },
    el("label", {}, t("club_web_new_member"), el("input", { name: "member", required: true, autocomplete: "off" })),
    el("label", { class: "check" }, el("input", { type: "checkbox", name: "guest" }), t("club_web_guest")),
    el("button", { type: "submit" }, t("club_web_add_member"))));

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
    el("button", { type: "submit" }, t("club_web_add_evening"))));

  const dates = b.evenings.map((ev) => ev.date).reverse();
  const games = el("section", { class: "card club-part", "aria-labelledby": "club-games-h" },
    el("h2", { id: "club-games-h" }, t("club_web_games")),
    table(t("club_web_games"), [t("club_web_date"), t("club_web_number"), t("club_web_loser"), t("club_web_players")],
      b.games.map((g) => [g.date, String(g.number), g.loser, g.players.join(", ")]), "club-games"),
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
    ]);

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
    el("button", { type: "submit" }, t("club_web_pay"))));

  const ledger = el("section", { class: "card club-part", "aria-labelledby": "club-ledger-h" },
    el("h2", { id: "club-ledger-h" }, t("club_web_ledger")),
    table(t("club_web_ledger"), [t("club_web_date"), t("club_web_member"), t("club_web_item"), t("club_web_amount")],
      b.ledger.map((l) => [l.date, l.member, ledgerItem(l), money(l.cents)]), "club-ledger"),
    el("h3", {}, t("club_web_csv")),
    el("p", { class: "club-csv" }, [["ledger", "club_web_ledger"], ["balances", "club_web_balances"], ["games", "club_web_games"]]
      .map(([kind, key]) => el("button", { type: "button", class: "small", onclick: () => download(kind, error) }, t(key)))));

  main.replaceChildren(
    el("h1", {}, b.club.name),
    el("p", { id: "club-said", class: "said" }),
    el("nav", {}, el("a", { href: `/club/${club.slug}/stats`, id: "club-to-stats", onclick: (e) => {
      e.preventDefault();
      history.pushState(null, "", `/club/${club.slug}/stats`);
      renderStats(null);
    } }, t("club_web_stats"))),
    error, members, evenings, games, money_, ledger);
}

/** A CSV of the book (for a spreadsheet), fetched with the session and saved as a file. */
async function download(kind, error) {
  try {
    const response = await fetch(`/api/clubs/${encodeURIComponent(club.slug)}/csv/${kind}`, { headers: { "x-club-session": club.session || "" } });
    if (!response.ok) throw new Error((await response.json()).error || response.statusText);
    const url = URL.createObjectURL(await response.blob());
    const a = ctx.el("a", { href: url, download: `${club.slug}-${kind}.csv` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (e) {
    error.textContent = e.message;
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
