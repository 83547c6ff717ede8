// The organiser's tournament: players, rounds, tables, online tables and the pub's link.

import { call, ctx, enc, failed, notLoaded } from "/static/tournament/common.js";
import { entryForm } from "/static/tournament/entry.js";
import { renderRankingCard, renderViews } from "/static/tournament/public.js";

// ---------------------------------------------------------------- the organiser's tournament

export async function loadTournament(org) {
  try {
    org.data = await call(org, `/${enc(org.name)}`);
  } catch (e) {
    notLoaded(org, e);
    return;
  }
  renderTournament(org);
}

/** A change by the organiser: answered with the whole tournament, drawn anew. */
export async function change(org, action, body, error, said) {
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

export function renderTournament(org) {
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
