// A club's tournaments in the browser (/tournaments/CLUB[/NAME[/screen|/phone]]).
//
// The organiser's page (the club's access: the session this browser keeps for the club) makes a
// tournament, registers players, draws the rounds, enters each table's games by hand (every
// half's finishing order, the Finale's loser, the Schock-Aus; the server's tournament code
// checks them) and links the public views: the screen for a projector (1920x1080, large type,
// refreshed by itself, can hide the last minutes' results), the players' phone view (find my
// table, the ranking) and the print views (HTML made by the server, printed by the browser).
// The public views are opened by the tournament's view key (?key=) and change nothing.
// Words come from the catalogue; the page's helpers (t, el, main, announce) from app.js.

import * as rulesPage from "/static/rules.js";

let ctx = null; // { t, el, main, announce }
const REFRESH = 5000; // ms between two refreshes of the screen and the phone view
const TURN_EVERY = 2; // refreshes a page of a long ranking stays on the screen (10 s)
const SCREEN_ROWS = 16; // players of the overall ranking on the screen at once
const ROUND_ROWS = 12; // players of the round's ranking on the screen at once
let timer = null;
const openRounds = new Set(); // the phone's rounds opened, kept while it is drawn anew

function enc(text) {
  return encodeURIComponent(text);
}

function lang() {
  return document.documentElement.lang || "en";
}

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** The page for this path. */
export function route(helpers, path) {
  ctx = helpers;
  if (timer) clearInterval(timer);
  timer = null;
  document.body.classList.remove("tv");
  const parts = path.split("/").filter(Boolean).map((p) => rulesPage.fromLink(p) ?? p); // tournaments, club, name?, view?
  const club = parts[1];
  if (!club) {
    location.assign("/club");
    return;
  }
  if (parts[3] === "screen" || parts[3] === "phone") {
    renderPublic(club, parts[2], parts[3]);
    return;
  }
  const session = (JSON.parse(localStorage.getItem(`schocken:club:${club}`) || "null") || {}).session;
  if (!session) {
    renderNeedClub(club);
    return;
  }
  const org = { club, session, name: parts[2] || null, data: null, list: null, open: new Set() };
  if (org.name) loadTournament(org);
  else loadList(org);
}

function renderNeedClub(club) {
  const { t, el, main } = ctx;
  main.replaceChildren(el("section", { class: "card" },
    el("h1", {}, t("tw_title")),
    el("p", {}, t("tw_need_club")),
    el("p", {}, el("a", { href: `/club/${enc(club)}` }, t("tw_open_club", { club })))));
}

async function call(org, path, body) {
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
function failed(error, e) {
  error.textContent = e.message;
}

/** The page could not be loaded: the club opened again if its session has ended (403). */
function notLoaded(org, e) {
  const { el, main } = ctx;
  if (e.status === 403) renderNeedClub(org.club);
  else main.replaceChildren(el("p", { class: "card error", role: "alert" }, e.message));
}

// ---------------------------------------------------------------- the list, a new tournament

async function loadList(org) {
  try {
    org.list = await call(org, "");
  } catch (e) {
    notLoaded(org, e);
    return;
  }
  renderList(org);
}

function renderList(org) {
  const { t, el, main } = ctx;
  const { list } = org;
  const error = el("p", { class: "error", role: "alert" });
  const today = new Date().toISOString().slice(0, 10);
  const rules = [el("option", { value: "" }, t("tw_rules_preset", { name: "allgemein" }))];
  if (list.our_rules) rules.push(el("option", { value: "ours", selected: true }, t("tw_rules_ours")));
  const form = el("form", { class: "card", "aria-labelledby": "tw-new" },
    el("h2", { id: "tw-new" }, t("tw_new")),
    el("label", { for: "tw-name" }, t("tw_name")),
    el("input", { id: "tw-name", name: "name", required: true, maxlength: "40" }),
    el("div", { class: "row" },
      el("div", {}, el("label", { for: "tw-date" }, t("tw_date")),
        el("input", { id: "tw-date", name: "date", type: "date", required: true, value: today })),
      el("div", {}, el("label", { for: "tw-place" }, t("tw_place")),
        el("input", { id: "tw-place", name: "place", maxlength: "80" }))),
    el("div", { class: "row" },
      el("div", {}, el("label", { for: "tw-format" }, t("tw_format")),
        el("select", { id: "tw-format", name: "format" },
          list.formats.map((f) => el("option", { value: f, selected: f === "sfreunde" }, f)))),
      el("div", {}, el("label", { for: "tw-rules" }, t("tw_rules")),
        el("select", { id: "tw-rules", name: "rules" }, rules))),
    el("div", { class: "row" },
      el("div", {}, el("label", { for: "tw-capacity" }, t("tw_capacity")),
        el("input", { id: "tw-capacity", name: "capacity", type: "number", min: "3", max: "10000", inputmode: "numeric" })),
      el("div", {}, el("label", { for: "tw-seed" }, t("tw_seed")),
        el("input", { id: "tw-seed", name: "seed", maxlength: "64" }))),
    el("button", { class: "primary", type: "submit" }, t("tw_create")),
    error);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = new FormData(form);
    const body = {
      name: f.get("name"), date: f.get("date"), place: f.get("place"), format: f.get("format"),
      capacity: f.get("capacity") ? Number(f.get("capacity")) : null, seed: f.get("seed") || null,
      rules: f.get("rules") === "ours" ? list.our_rules : null,
    };
    try {
      const data = await call(org, "", body);
      ctx.announce(t("tw_created", { name: data.tournament.name }));
      history.pushState(null, "", `/tournaments/${enc(org.club)}/${enc(data.tournament.slug)}`);
      org.name = data.tournament.slug;
      org.data = data;
      renderTournament(org);
    } catch (err) {
      failed(error, err);
    }
  });
  const items = list.tournaments.map((x) => el("li", {},
    el("a", { href: `/tournaments/${enc(org.club)}/${enc(x.slug)}` }, x.name), ` · ${x.date} · ${x.format} · ${x.players}`));
  main.replaceChildren(
    el("section", { class: "card", "aria-labelledby": "tw-title" },
      el("h1", { id: "tw-title" }, t("tw_link", { club: list.club.name })),
      el("p", {}, t("tw_intro")),
      items.length ? el("ul", { class: "tw-links" }, items) : el("p", {}, t("tw_none")),
      el("p", {}, el("a", { href: `/club/${enc(org.club)}` }, list.club.name))),
    form);
}

// ---------------------------------------------------------------- the organiser's tournament

async function loadTournament(org) {
  try {
    org.data = await call(org, `/${enc(org.name)}`);
  } catch (e) {
    notLoaded(org, e);
    return;
  }
  renderTournament(org);
}

/** A change by the organiser: answered with the whole tournament, drawn anew. */
async function change(org, action, body, error, said) {
  try {
    org.data = await call(org, `/${enc(org.name)}/${action}`, body);
  } catch (e) {
    failed(error, e);
    return false;
  }
  renderTournament(org);
  if (said) ctx.announce(said(org.data));
  return true;
}

function renderTournament(org) {
  const { t, el, main } = ctx;
  const d = org.data;
  const info = d.tournament;
  const head = el("section", { class: "card", "aria-labelledby": "tw-title" },
    el("p", { class: "tw-links" }, el("a", { href: `/tournaments/${enc(org.club)}` }, t("tw_back"))),
    el("h1", { id: "tw-title" }, info.name),
    el("p", {}, t("tw_summary", {
      date: info.date, place: info.place || "–", format: info.format, players: info.players,
      rounds: info.rounds, of: d.format.rounds, games: info.games,
    })));
  main.replaceChildren(head, renderPlayers(org), renderRounds(org), renderRankingCard(d.ranking, 10), renderViews(org));
}

function renderPlayers(org) {
  const { t, el } = ctx;
  const d = org.data;
  const error = el("p", { class: "error", role: "alert" });
  const items = d.players.map((p) => {
    const notes = [p.team, p.from_round > 1 ? t("tw_player_late", { round: p.from_round }) : null,
      p.left_after != null ? t("tw_player_left", { round: p.left_after }) : null].filter(Boolean);
    return el("li", { class: "tw-player" },
      el("span", {}, p.name, notes.length ? ` (${notes.join(", ")})` : ""),
      p.left_after == null ? el("button", {
        class: "secondary small", type: "button", "aria-label": t("tw_withdraw", { name: p.name }),
        onclick: () => change(org, "withdraw", { name: p.name }, error, () => t("tw_withdrawn", { name: p.name })),
      }, "×") : null);
  });
  const guests = el("div", { class: "tw-guest-list" });
  const form = el("form", { class: "tw-register" },
    el("label", { for: "tw-names" }, t("tw_register_names")),
    el("input", { id: "tw-names", name: "names", list: "tw-members", autocomplete: "off", required: true }),
    el("datalist", { id: "tw-members" }, d.members.map((m) => el("option", { value: m }))),
    el("label", { for: "tw-team" }, t("tw_team")),
    el("input", { id: "tw-team", name: "team", maxlength: "40" }),
    guests,
    el("button", { class: "primary", type: "submit" }, t("tw_register")),
    error);
  // Who is not a member is asked about by name: each ticked comes as a guest (a list of members
  // and guests is registered at once).
  const listed = () => String(new FormData(form).get("names") || "").split(",").map((n) => n.trim()).filter(Boolean);
  const member = new Set(d.members.map((m) => m.toLowerCase()));
  form.elements.namedItem("names").addEventListener("input", () => {
    const ticked = new Set(new FormData(form).getAll("guest"));
    const strangers = listed().filter((n) => !member.has(n.toLowerCase()));
    guests.replaceChildren(...(strangers.length ? [
      el("p", { id: "tw-guests-ask" }, t("tw_guests_ask")),
      el("ul", { class: "tw-guests", "aria-labelledby": "tw-guests-ask" }, strangers.map((n) => el("li", {},
        el("label", { class: "check" }, el("input", { type: "checkbox", name: "guest", value: n, checked: ticked.has(n) }),
          " ", t("tw_guest_of", { name: n }))))),
    ] : []));
  });
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = new FormData(form);
    const names = listed();
    const guest = f.getAll("guest").map(String).filter((n) => names.includes(n));
    const ok = await change(org, "register", { names, team: f.get("team") || null, guest }, error,
      () => t("tw_registered", { names: names.join(", ") }));
    if (ok) guests.replaceChildren();
  });
  return el("section", { class: "card", "aria-labelledby": "tw-players" },
    el("h2", { id: "tw-players" }, `${t("tw_players")} (${d.tournament.players})`),
    d.players.length < d.tournament.players
      ? el("p", {}, t("tw_players_shown", { shown: d.players.length, of: d.tournament.players })) : null,
    el("ul", { class: "tw-players" }, items),
    el("details", { open: d.rounds.length === 0 }, el("summary", {}, t("tw_register")), form));
}

function renderRounds(org) {
  const { t, el } = ctx;
  const d = org.data;
  const error = el("p", { class: "error", role: "alert" });
  const next = d.rounds.length + 1;
  const parts = [el("h2", { id: "tw-rounds" }, t("tw_tables_now", { round: d.rounds.length || "–" }))];
  const latest = d.rounds[d.rounds.length - 1];
  if (latest) {
    const games = d.format.games;
    if (latest.springer_in_turn === false) parts.push(el("p", { class: "note" }, t("tw_springer_uneven")));
    parts.push(el("div", { class: "tw-tables" }, latest.tables.map((table) => renderTable(org, latest, table, games))));
    // Drawn too early (a score sheet of the round before found late): taken back on purpose,
    // while none of its tables has a game or is played at the server.
    const untouched = latest.tables.every((x) => !x.games) && !d.online.some((o) => o.round === latest.number);
    if (untouched) {
      const undrawError = el("p", { class: "error", role: "alert" });
      const back = el("form", {},
        el("label", { for: "tw-undraw-reason" }, t("tw_undraw_reason")),
        el("input", { id: "tw-undraw-reason", name: "reason", required: true, maxlength: "200" }),
        el("button", { class: "secondary", type: "submit" }, t("tw_undraw", { round: latest.number })),
        undrawError);
      back.addEventListener("submit", (e) => {
        e.preventDefault();
        const reason = new FormData(back).get("reason");
        change(org, "undraw", { reason }, undrawError, () => t("tw_undrawn", { round: latest.number }));
      });
      parts.push(el("details", {}, el("summary", {}, t("tw_undraw", { round: latest.number })), back));
    }
  } else {
    parts.push(el("p", {}, t("tw_no_round")));
  }
  if (next <= d.format.rounds) {
    const ask = el("div", { class: "tw-ask" });
    const close = () => change(org, "draw", { close: true }, error,
      (data) => t("tw_closed", { round: next - 1, next, tables: data.rounds[next - 1].tables.length }));
    const button = el("button", {
      class: "primary", type: "button",
      onclick: async () => {
        try {
          org.data = await call(org, `/${enc(org.name)}/draw`, {});
        } catch (e) {
          failed(error, e);
          // A table of the round has games to play: the organiser may close the round on purpose.
          if (e.code === "tournament_refuse_round_short" || e.code === "tournament_refuse_round_open") {
            const no = el("button", {
              class: "secondary", type: "button",
              onclick: () => { ask.replaceChildren(); button.focus(); },
            }, t("tw_close_no"));
            const yes = el("button", { class: "primary", type: "button", onclick: close },
              t("tw_close_yes", { round: next - 1, next }));
            ask.replaceChildren(el("p", {}, t("tw_close_ask", { round: next - 1 })), yes, no);
          }
          return;
        }
        renderTournament(org);
        ctx.announce(t("tw_drawn", { round: next, tables: org.data.rounds[next - 1].tables.length }));
      },
    }, t("tw_draw", { round: next }));
    parts.push(button, error, ask);
  } else {
    parts.push(error);
  }
  return el("section", { class: "card", "aria-labelledby": "tw-rounds" }, parts);
}

function renderTable(org, round, table, games) {
  const { t, el } = ctx;
  const played = org.data.games.filter((g) => g.round === round.number && g.table === table.number);
  const error = el("p", { class: "error", role: "alert" });
  const id = `tw-t${table.number}`;
  const box = el("div", { class: "tw-table", role: "group", "aria-labelledby": id },
    el("h3", { id }, t("tw_table", { table: table.number }), table.springer ? ` · ${t("tw_springer")}` : ""),
    el("p", {}, table.players.join(", ")),
    el("p", {}, t("tw_games_of", { games: played.length, of: games || "–" })),
    played.length ? el("p", {}, t("tw_games_at", { losers: played.map((g) => g.loser).join(", ") })) : null);
  const open = org.open.has(table.number);
  const details = el("details", { open }, el("summary", {}, t("tw_enter", { table: table.number })),
    entryForm(org, round, table));
  details.addEventListener("toggle", () => (details.open ? org.open.add(table.number) : org.open.delete(table.number)));
  box.append(details, onlinePart(org, round, table));
  if (played.length) {
    const reasonId = `tw-reason-${table.number}`;
    const back = el("form", {},
      el("label", { for: reasonId }, t("tw_take_back_reason")),
      el("input", { id: reasonId, name: "reason", required: true, maxlength: "200" }),
      el("button", { class: "secondary", type: "submit" }, t("tw_take_back")),
      error);
    back.addEventListener("submit", (e) => {
      e.preventDefault();
      const reason = new FormData(back).get("reason");
      change(org, "remove", { round: round.number, table: table.number, reason }, error, () => t("tw_taken_back", { table: table.number }));
    });
    box.append(el("details", {}, el("summary", {}, t("tw_take_back")), back));
  }
  return box;
}

/** A table played at the server: online (its players' links to their seats with QR codes) or
 * counted on one phone in pub mode (the phone's link with its QR code); the links are shown
 * once, as the table is opened or new ones are made (the server keeps the tokens as hashes
 * only), "make new links" asks first (the old links then open nothing), and the finished games
 * are taken; or the buttons that open it either way. */
function onlinePart(org, round, table) {
  const { t, el } = ctx;
  const error = el("p", { class: "error", role: "alert" });
  const where = { round: round.number, table: table.number };
  org.links = org.links || {};
  const online = org.data.online.find((o) => o.round === round.number && o.table === table.number);
  if (!online) {
    if (round.number !== org.data.rounds.length) return null;
    const open = (how, label, said) => el("button", {
      class: "secondary", type: "button",
      onclick: async () => {
        try {
          const data = await call(org, `/${enc(org.name)}/${how}`, where);
          org.links[`${how}:${round.number}:${table.number}`] = data.links || data.link;
          org.data = data;
        } catch (e) {
          failed(error, e);
          return;
        }
        renderTournament(org);
        ctx.announce(t(said, { table: table.number }));
      },
    }, t(label));
    return el("div", { class: "tw-opens" }, open("online", "tw_online_open", "tw_online_opened"),
      open("pub", "tw_pub_open", "tw_pub_opened"), error);
  }
  const part = online.kind === "pub" ? pubLink(org, where, error) : seatLinks(org, where, error);
  const take = el("button", {
    class: "primary", type: "button",
    onclick: () => change(org, "take", where, error, (data) => t("tw_online_taken", { table: table.number, taken: data.taken })),
  }, t("tw_online_take"));
  const bots = online.kind === "online" ? drawnBots(org, online, where, error) : null;
  return el("div", { class: "tw-online" }, part, bots, take, error);
}

/** Who a bot plays for at an online table (the organiser's decision, kept by the tournament),
 * and, for a table of the latest round, a bot for a drawn player who cannot play: asked first
 * (the player's link then opens nothing, the game counts for them). Only the organiser may:
 * the table's host cannot remove a drawn player, nor put a bot in a seat. */
function drawnBots(org, online, where, error) {
  const { t, el } = ctx;
  const said = online.bots.length
    ? el("p", { class: "tw-note" }, t("tw_bot_for", { names: online.bots.join(", ") })) : null;
  if (where.round !== org.data.rounds.length) return said;
  const body = el("div", {}, el("p", { class: "tw-note" }, t("tw_bot_note")));
  for (const name of online.players.filter((p) => !online.bots.includes(p))) {
    body.append(...askFirst(t("tw_bot_put", { name }), t("tw_bot_sure", { name, table: where.table }),
      t("tw_bot_yes"), t("tw_bot_no"),
      () => change(org, "bot", { ...where, name }, error, () => t("tw_bot_done", { name, table: where.table }))));
  }
  return el("div", {}, said, el("details", {}, el("summary", {}, t("tw_bot_seats")), body));
}

/** The players' links to their seats at an online table (while shown), and "make new links". */
function seatLinks(org, where, error) {
  const { t, el } = ctx;
  const key = `online:${where.round}:${where.table}`;
  const seats = org.links[key];
  const body = el("div", {});
  if (seats) {
    body.append(el("p", { class: "tw-note" }, t("tw_online_once")),
      el("ul", { class: "tw-seats" }, seats.map((s, i) => el("li", {},
        el("a", { href: s.link }, i === 0 ? t("tw_online_host", { name: s.name }) : s.name),
        el("img", { class: "qr", src: s.qr, alt: t("tw_seat_qr", { name: s.name }) })))));
  } else {
    body.append(el("p", { class: "tw-note" }, t("tw_online_lost")));
  }
  body.append(...askFirst(t("tw_online_new"), t("tw_online_new_sure", { table: where.table }),
    t("tw_online_new_yes"), t("tw_online_new_no"), async () => {
      try {
        org.links[key] = (await call(org, `/${enc(org.name)}/links`, where)).links;
      } catch (e) {
        failed(error, e);
        return;
      }
      renderTournament(org);
      ctx.announce(t("tw_online_new_made", { table: where.table }));
    }));
  return el("details", { open: Boolean(seats) }, el("summary", {}, t("tw_online_links")), body);
}

/** The link of a table's pub game for the table's phone (while shown), and "make a new link". */
function pubLink(org, where, error) {
  const { t, el } = ctx;
  const key = `pub:${where.round}:${where.table}`;
  const made = org.links[key];
  const body = el("div", {});
  if (made) {
    body.append(el("p", { class: "tw-note" }, t("tw_pub_once")),
      el("p", { class: "tw-pub-link" }, el("a", { href: made.link }, t("tw_pub_game", { table: where.table }))),
      el("img", { class: "qr", src: made.qr, alt: t("tw_pub_qr", { table: where.table }) }));
  } else {
    body.append(el("p", { class: "tw-note" }, t("tw_pub_lost")));
  }
  body.append(...askFirst(t("tw_pub_new"), t("tw_pub_new_sure", { table: where.table }),
    t("tw_pub_new_yes"), t("tw_pub_new_no"), async () => {
      try {
        org.links[key] = (await call(org, `/${enc(org.name)}/pub_link`, where)).link;
      } catch (e) {
        failed(error, e);
        return;
      }
      renderTournament(org);
      ctx.announce(t("tw_pub_new_made", { table: where.table }));
    }));
  return el("details", { open: Boolean(made) }, el("summary", {}, t("tw_pub_link")), body);
}

/** A button that asks first: ``sure`` with a yes and a no button; ``act`` on yes. Returns the
 * button and the place of its question. */
function askFirst(label, sure, yes, no, act) {
  const { el } = ctx;
  const ask = el("div", { class: "tw-ask" });
  const button = el("button", {
    class: "secondary", type: "button",
    onclick: () => {
      const yesButton = el("button", { class: "primary", type: "button", onclick: act }, yes);
      const noButton = el("button", {
        class: "secondary", type: "button",
        onclick: () => { ask.replaceChildren(); button.hidden = false; button.focus(); },
      }, no);
      button.hidden = true;
      ask.replaceChildren(el("p", {}, sure), yesButton, noButton);
      yesButton.focus();
    },
  }, label);
  return [button, ask];
}

/** The form of a game entered by hand. Quick: for each half, the players tapped in the order
 * they went out (the last one left lost), then the Finale's loser among the halves' losers: a
 * few taps. By hand (players out at the same moment share a place, buy-ins): each player's
 * place in each half (1 = out first, the loser last), which the taps fill in. The Schock-Aus
 * that ended each section. Rules of one half without a Finale: one half, no Finale. Checked by
 * the server. */
function entryForm(org, round, table) {
  const { t, el } = ctx;
  const n = table.players.length;
  const oneHalf = Boolean(org.data.format.one_half);
  const error = el("p", { class: "error", role: "alert" });
  const halves = oneHalf ? [t("tw_half_1")] : [t("tw_half_1"), t("tw_half_2")];
  const placeSelect = (name, h) => el("select", {
    name: `h${h}-${name}`, "aria-label": t("tw_place_of", { name, half: halves[h] }),
    onchange: () => sync(),
  }, el("option", { value: "" }, "–"), Array.from({ length: n }, (_, i) => el("option", { value: String(i + 1) }, String(i + 1))));
  const boughtBox = (name, h) => el("input", {
    type: "checkbox", name: `b${h}-${name}`, class: "tw-bought", "aria-label": t("tw_bought_in_of", { name, half: halves[h] }),
  });
  const rows = table.players.map((p) => el("tr", {}, el("th", { scope: "row" }, p),
    halves.map((_, h) => el("td", {}, placeSelect(p, h))),
    el("td", {}, halves.flatMap((_, h) => [boughtBox(p, h), " "]))));
  const who = (name, label, none, players = table.players) => el("div", {}, el("label", { for: `${name}-${table.number}` }, label),
    el("select", { id: `${name}-${table.number}`, name, onchange: () => sync() }, el("option", { value: "" }, none), players.map((p) => el("option", { value: p }, p))));
  const finaleSelect = oneHalf ? null : who("finale", t("tw_finale_loser"), t("tw_no_finale"));
  const form = el("form", { class: "tw-entry" });
  const place = (h, p) => form.elements.namedItem(`h${h}-${p}`);
  // The quick part: one group of buttons per half, in the order tapped.
  const taps = halves.map((half, h) => {
    const id = `tw-tap-${table.number}-${h}`;
    const said = el("p", { class: "tw-tap-said", "aria-live": "polite" });
    const buttons = table.players.map((p) => el("button", {
      type: "button", class: "secondary tw-tap", "aria-pressed": "false",
      onclick: () => {
        if (place(h, p).value) return;
        const placed = table.players.filter((q) => place(h, q).value).length;
        place(h, p).value = String(placed + 1);
        const rest = table.players.filter((q) => !place(h, q).value);
        if (rest.length === 1) place(h, rest[0]).value = String(n);
        sync();
      },
    }, el("span", { class: "tw-tap-place", "aria-hidden": "true" }), p));
    const clear = el("button", {
      type: "button", class: "secondary small",
      onclick: () => { table.players.forEach((p) => { place(h, p).value = ""; }); sync(); },
    }, t("tw_tap_clear", { half }));
    const group = el("div", { class: "tw-tap-half", role: "group", "aria-labelledby": id },
      el("p", { id, class: "tw-tap-head" }, t("tw_tap_order", { half })),
      el("div", { class: "tw-taps" }, buttons), said, clear);
    return { group, buttons, said };
  });
  const finaleId = `tw-tap-finale-${table.number}`;
  const finaleGroup = el("div", { class: "tw-tap-half", role: "group", "aria-labelledby": finaleId, hidden: true });
  function loserOf(h) {
    const placed = table.players.map((p) => [p, Number(place(h, p).value) || 0]);
    if (placed.some(([, x]) => !x)) return null;
    const most = Math.max(...placed.map(([, x]) => x));
    const last = placed.filter(([, x]) => x === most);
    return last.length === 1 ? last[0][0] : null;
  }
  function sync() {
    taps.forEach(({ buttons, said }, h) => {
      table.players.forEach((p, i) => {
        const at = place(h, p).value;
        buttons[i].setAttribute("aria-pressed", at ? "true" : "false");
        buttons[i].firstChild.textContent = at ? `${at}. ` : "";
      });
      const out = table.players.filter((p) => place(h, p).value)
        .sort((a, b) => Number(place(h, a).value) - Number(place(h, b).value));
      const loser = loserOf(h);
      said.textContent = loser
        ? t("tw_tap_done", { names: out.filter((p) => p !== loser).join(", "), loser })
        : t("tw_tap_so_far", { names: out.join(", ") || t("tw_tap_none") });
    });
    if (oneHalf) return;
    const losers = [loserOf(0), loserOf(1)];
    const select = form.elements.namedItem("finale");
    const pair = losers[0] && losers[1] && losers[0] !== losers[1] ? losers : null;
    finaleGroup.hidden = !pair;
    if (!pair) {
      finaleGroup.replaceChildren();
      finaleGroup.dataset.pair = "";
      return;
    }
    if (select.value && !pair.includes(select.value)) select.value = "";
    // The buttons are made anew only for another pair, so that a tapped one keeps the focus.
    if (finaleGroup.dataset.pair !== pair.join("\n")) {
      finaleGroup.dataset.pair = pair.join("\n");
      finaleGroup.replaceChildren(el("p", { id: finaleId, class: "tw-tap-head" }, t("tw_tap_finale")),
        el("div", { class: "tw-taps" }, pair.map((p) => el("button", {
          type: "button", class: "secondary tw-tap", "data-player": p,
          onclick: () => { select.value = p; sync(); },
        }, p))));
    }
    finaleGroup.querySelectorAll("button").forEach((b) => b.setAttribute("aria-pressed", select.value === b.dataset.player ? "true" : "false"));
  }
  const byHand = el("details", {}, el("summary", {}, t("tw_more_details")),
    el("p", { class: "hint" }, oneHalf ? t("tw_enter_hint_one_half") : t("tw_enter_hint")),
    el("table", { class: "summary-table" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("tw_player")), halves.map((half) => el("th", { scope: "col" }, half)), el("th", { scope: "col" }, t("tw_bought_in")))),
      el("tbody", {}, rows)),
    finaleSelect);
  const sections = oneHalf ? [["first_half", halves[0]]] : [["first_half", halves[0]], ["second_half", halves[1]]];
  form.append(
    ...taps.map(({ group }) => group),
    finaleGroup,
    byHand,
    ...sections.map(([s, half]) => who(`sa-${s}`, t("tw_schock_aus_in", { half }), t("tw_nobody"))),
    ...(oneHalf ? [] : [who("sa-finale", t("tw_schock_aus_finale"), t("tw_nobody"))]),
    el("button", { class: "primary", type: "submit" }, t("tw_save_game")),
    error);
  sync();
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = new FormData(form);
    const order = (h) => {
      const byPlace = new Map();
      for (const p of table.players) {
        const at = f.get(`h${h}-${p}`);
        if (!at) continue;
        if (!byPlace.has(at)) byPlace.set(at, []);
        byPlace.get(at).push(p);
      }
      return [...byPlace.entries()].sort((a, b) => Number(a[0]) - Number(b[0])).map(([, names]) => names);
    };
    const first = order(0);
    const second = oneHalf ? [] : order(1);
    const players = table.players.filter((p) => first.some((g) => g.includes(p)));
    const schockAus = {};
    for (const s of ["first_half", "second_half", "finale"]) if (f.get(`sa-${s}`)) schockAus[s] = f.get(`sa-${s}`);
    const boughtIn = {};
    sections.forEach(([s], h) => {
      const names = table.players.filter((p) => f.get(`b${h}-${p}`) === "on");
      if (names.length) boughtIn[s] = names;
    });
    const body = {
      round: round.number, table: table.number, players,
      halves: second.length ? [first, second] : [first],
      finale_loser: f.get("finale") || null, schock_aus: schockAus, bought_in: boughtIn,
    };
    org.open.delete(table.number);
    const ok = await change(org, "enter", body, error, (data) => {
      const g = data.games.filter((x) => x.round === round.number && x.table === table.number).pop();
      return t("tw_entered", { number: g.number, table: table.number, loser: g.loser });
    });
    if (!ok) org.open.add(table.number);
  });
  return form;
}

function renderViews(org) {
  const { t, el } = ctx;
  const d = org.data;
  const base = `/tournaments/${enc(org.club)}/${enc(d.tournament.slug)}`;
  const key = `key=${enc(d.view_key)}`;
  const qr = el("img", { class: "qr", alt: t("tw_qr"), hidden: true });
  call(org, `/${enc(org.name)}/qr`).then((data) => { qr.src = data.qr; qr.hidden = false; }).catch(() => {});
  const print = ["plan", "sheets", "ranking", "certificates"].map((w) =>
    el("li", {}, el("a", { href: `${base}/print/${w}?${key}&lang=${lang()}`, target: "_blank", rel: "noopener" }, t(`tw_print_${w}`))));
  return el("section", { class: "card", "aria-labelledby": "tw-views" },
    el("h2", { id: "tw-views" }, t("tw_views")),
    el("ul", { class: "tw-links" },
      el("li", {}, el("a", { href: `${base}/screen?${key}` }, t("tw_screen"))),
      el("li", {}, el("a", { href: `${base}/phone?${key}` }, t("tw_phone")))),
    qr,
    el("ul", { class: "tw-links" }, print));
}

// ---------------------------------------------------------------- the ranking

function scoreWord(ranking) {
  return ctx.t(`tw_score_${ranking.score}`);
}

/** A ranking as a table: place, player, score, games lost (the first `most` lines). */
function standingsTable(ranking, lines, caption, most) {
  const { t, el } = ctx;
  return el("table", { class: "tw-rank" },
    el("caption", {}, caption),
    el("thead", {}, el("tr", {},
      el("th", { scope: "col" }, t("tw_place")), el("th", { scope: "col" }, t("tw_player")),
      el("th", { scope: "col", class: "num" }, scoreWord(ranking)), el("th", { scope: "col", class: "num" }, t("tw_lost")))),
    el("tbody", {}, lines.slice(0, most).map((s) => el("tr", {},
      el("td", { class: "num" }, `${s.place}.`), el("th", { scope: "row" }, s.name),
      el("td", { class: "num" }, String(s.score)), el("td", { class: "num" }, String(s.games_lost))))));
}

function kingLine(ranking) {
  const { t } = ctx;
  const kings = ranking.schock_aus.filter((k) => k.place === 1);
  if (!kings.length) return t("tw_no_king");
  return t("tw_king_line", { names: kings.map((k) => k.name).join(", "), given: kings[0].given });
}

function renderRankingCard(ranking, most) {
  const { t, el } = ctx;
  return el("section", { class: "card", "aria-labelledby": "tw-ranking" },
    el("h2", { id: "tw-ranking" }, t("tw_ranking")),
    standingsTable(ranking, ranking.players, t("tw_overall"), most),
    el("p", {}, el("strong", {}, `${t("tw_king")}: `), kingLine(ranking)));
}

// ---------------------------------------------------------------- the screen and the phones

function renderPublic(club, name, view) {
  const { t, el, main } = ctx;
  const params = new URLSearchParams(location.search);
  const key = params.get("key") || "";
  const state = { hide: Number(params.get("hide") || 0), data: null, me: localStorage.getItem("schocken:tournament-me") || "", page: 0, ticks: 0, paused: false };
  const status = el("p", { class: "tw-status", role: "status" }); // said: hidden, paused, no connection
  const stamp = el("p", { class: "tw-status" }); // the time of the last refresh (not said)
  const body = el("div", { class: "tw-live" });
  if (view === "screen") document.body.classList.add("tv");
  const hideForm = el("form", { class: "tw-hide" },
    el("label", { for: "tw-hide" }, t("tw_hide_minutes")),
    el("input", { id: "tw-hide", type: "number", min: "0", max: "600", value: String(state.hide), inputmode: "numeric" }),
    el("button", { class: "secondary", type: "submit" }, t("tw_show")));
  hideForm.addEventListener("submit", (e) => {
    e.preventDefault();
    state.hide = Number(hideForm.querySelector("input").value || 0);
    const url = new URL(location.href);
    url.searchParams.set("hide", String(state.hide));
    history.replaceState(null, "", url);
    refresh();
  });
  // Updates and turning pages can be paused (WCAG 2.2.2) and go on again.
  const pause = el("button", { class: "secondary", type: "button", "aria-pressed": "false" }, t("tw_pause"));
  pause.addEventListener("click", () => {
    state.paused = !state.paused;
    pause.setAttribute("aria-pressed", String(state.paused));
    say();
    if (!state.paused) refresh();
  });
  const find = view === "phone" ? findMyTable(state) : null;
  const title = el("h1", { id: "tw-live-title", class: "tw-live-title" }, t("tw_live"));
  const foot = el("div", { class: "tw-foot" }, status, stamp, pause, view === "screen" ? hideForm : null);
  main.replaceChildren(...[title, find && find.section, body, foot].filter(Boolean));

  let failedNow = "";
  function say() {
    const parts = [];
    if (state.data && state.data.hidden) parts.push(t("tw_hidden", { minutes: state.data.hidden }));
    if (state.paused) parts.push(t("tw_paused"));
    if (failedNow) parts.push(failedNow);
    const text = parts.join(" ");
    if (status.textContent !== text) status.textContent = text;
  }

  async function refresh() {
    try {
      const response = await fetch(`/api/tournaments/${enc(club)}/${enc(name)}/live?key=${enc(key)}&hide=${state.hide}&lang=${lang()}`);
      const data = await response.json();
      if (!response.ok) throw new Error(capital(data.error || response.statusText));
      const before = JSON.stringify(state.data);
      state.data = data;
      failedNow = "";
      if (before !== JSON.stringify(data)) draw();
      stamp.textContent = t("tw_updated", { time: new Date().toLocaleTimeString(lang()) });
    } catch (e) {
      failedNow = state.data ? t("tw_refresh_failed") : e.message;
    }
    say();
  }

  function draw() {
    const d = state.data;
    document.getElementById("tw-live-title").textContent = `${d.tournament.name} · ${t("tw_live")}`;
    body.replaceChildren(...(view === "screen" ? screenParts(d, state.page) : phoneParts(d)));
    if (find) find.show();
  }

  function tick() {
    if (state.paused) return;
    state.ticks += 1;
    if (view === "screen" && state.data && state.ticks % TURN_EVERY === 0) {
      state.page += 1;
      draw();
    }
    refresh();
  }

  refresh();
  timer = setInterval(tick, REFRESH);
}

/** The lines of a ranking on page ``page`` of ``rows`` (the pages turn round), and its
 * caption: "Overall", or "Overall 17-32 of 40" when it has more than one page. */
function pageOf(lines, rows, page, caption) {
  const pages = Math.max(1, Math.ceil(lines.length / rows));
  const first = (page % pages) * rows;
  const shown = lines.slice(first, first + rows);
  if (pages === 1) return { shown, caption };
  return { shown, caption: ctx.t("tw_rows", { what: caption, from: first + 1, to: first + shown.length, of: lines.length }) };
}

function latestRound(d) {
  return d.rounds[d.rounds.length - 1] || null;
}

/** The projector's columns: overall, the latest round (its tables while none has played),
 * teams and the Schock-Aus-König; a long ranking in pages that turn. */
function screenParts(d, page) {
  const { t, el } = ctx;
  const r = d.ranking;
  const latest = latestRound(d);
  const roundLines = latest ? (r.rounds.find((x) => x.round === latest.number) || { players: [] }).players : [];
  const side = [];
  const justDrawn = latest && latest.tables.every((x) => x.games === 0);
  if (justDrawn) {
    // A round just drawn: where everyone sits, until its first game is in.
    const part = pageOf(latest.tables, ROUND_ROWS, page, t("tw_tables_now", { round: latest.number }));
    side.push(el("table", { class: "tw-rank tw-plan" }, el("caption", {}, part.caption),
      el("tbody", {}, part.shown.map((x) => el("tr", {},
        el("th", { scope: "row" }, t("tw_table", { table: x.number })), el("td", {}, x.players.join(", ")))))));
  } else if (latest && roundLines.length) {
    const part = pageOf(roundLines, ROUND_ROWS, page, t("tw_round", { round: latest.number }));
    side.push(standingsTable(r, part.shown, part.caption, ROUND_ROWS));
  }
  if (r.teams.length) {
    side.push(el("table", { class: "tw-rank" }, el("caption", {}, t("tw_teams")),
      el("tbody", {}, r.teams.map((x) => el("tr", {}, el("td", { class: "num" }, `${x.place}.`), el("th", { scope: "row" }, x.team), el("td", { class: "num" }, String(x.score)))))));
  }
  side.push(el("div", { class: "tw-king" }, el("h2", {}, t("tw_king")), el("p", {}, kingLine(r))));
  const overall = pageOf(r.players, SCREEN_ROWS, page, t("tw_overall"));
  return [
    el("section", { class: "tw-col", "aria-label": t("tw_overall") }, standingsTable(r, overall.shown, overall.caption, SCREEN_ROWS)),
    el("section", { class: "tw-col", "aria-label": t("tw_round", { round: latest ? latest.number : "–" }) }, side),
  ];
}

/** The phone's "find my table": a name (kept on the phone) and its table in the latest round;
 * drawn once, so that a refresh never takes the field from under the fingers. */
function findMyTable(state) {
  const { t, el } = ctx;
  const found = el("p", { role: "status" });
  const names = el("datalist", { id: "tw-names" });
  const show = () => {
    const latest = state.data ? latestRound(state.data) : null;
    const all = latest ? latest.tables.flatMap((x) => x.players) : [];
    names.replaceChildren(...all.map((n) => el("option", { value: n })));
    const me = state.me.trim().toLowerCase();
    if (!me || !latest) { found.textContent = ""; return; }
    const table = latest.tables.find((x) => x.players.some((p) => p.toLowerCase() === me));
    const text = table
      ? t("tw_at_table", { name: table.players.find((p) => p.toLowerCase() === me), round: latest.number, table: table.number, others: table.players.filter((p) => p.toLowerCase() !== me).join(", ") })
      : t("tw_not_seated", { name: state.me, round: latest.number });
    if (found.textContent !== text) found.textContent = text;
  };
  const input = el("input", { id: "tw-me", value: state.me, autocomplete: "off", list: "tw-names" });
  input.addEventListener("input", () => { state.me = input.value; localStorage.setItem("schocken:tournament-me", state.me); show(); });
  const section = el("section", { class: "card", "aria-labelledby": "tw-find" },
    el("h2", { id: "tw-find" }, t("tw_my_table")),
    el("label", { for: "tw-me" }, t("tw_my_name")), input, names, found);
  return { section, show };
}

/** The phone: the tables of the latest round, the ranking, the Schock-Aus-König. */
function phoneParts(d) {
  const { t, el } = ctx;
  const latest = latestRound(d);
  const parts = [];
  if (latest) {
    parts.push(el("section", { class: "card", "aria-labelledby": "tw-now" },
      el("h2", { id: "tw-now" }, t("tw_tables_now", { round: latest.number })),
      el("ul", { class: "tw-now" }, latest.tables.map((x) => el("li", {}, el("strong", {}, `${t("tw_table", { table: x.number })}: `), x.players.join(", "))))));
  } else {
    parts.push(el("p", { class: "card" }, t("tw_no_round")));
  }
  parts.push(renderRankingCard(d.ranking, 1000));
  const rounds = d.ranking.rounds.filter((x) => x.players.length).reverse();
  if (rounds.length) {
    parts.push(el("section", { class: "card", "aria-labelledby": "tw-rounds-head" },
      el("h2", { id: "tw-rounds-head" }, t("tw_per_round")),
      rounds.map((x) => {
        const box = el("details", { open: openRounds.has(x.round) }, el("summary", {}, t("tw_round", { round: x.round })),
          standingsTable(d.ranking, x.players, t("tw_round", { round: x.round }), 1000));
        box.addEventListener("toggle", () => (box.open ? openRounds.add(x.round) : openRounds.delete(x.round)));
        return box;
      })));
  }
  if (d.ranking.teams.length) {
    parts.push(el("section", { class: "card", "aria-labelledby": "tw-teams-head" },
      el("h2", { id: "tw-teams-head" }, t("tw_teams")),
      el("table", { class: "tw-rank" }, el("tbody", {}, d.ranking.teams.map((x) => el("tr", {},
        el("td", { class: "num" }, `${x.place}.`), el("th", { scope: "row" }, x.team), el("td", { class: "num" }, String(x.score))))))));
  }
  return parts;
}
