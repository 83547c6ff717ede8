// The public views: the ranking, the screen for a projector and the players' phone view.

import {
  call,
  capital,
  ctx,
  enc,
  lang,
  openRounds,
  REFRESH,
  refresh,
  ROUND_ROWS,
  SCREEN_ROWS,
  TURN_EVERY,
} from "/static/tournament/common.js";

export function renderViews(org) {
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

export function renderRankingCard(ranking, most) {
  const { t, el } = ctx;
  return el("section", { class: "card", "aria-labelledby": "tw-ranking" },
    el("h2", { id: "tw-ranking" }, t("tw_ranking")),
    standingsTable(ranking, ranking.players, t("tw_overall"), most),
    el("p", {}, el("strong", {}, `${t("tw_king")}: `), kingLine(ranking)));
}

// ---------------------------------------------------------------- the screen and the phones

export function renderPublic(club, name, view) {
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
      stamp.textContent = t("tw_updated", { time: new Date().toTimeString().slice(0, 8) }); // 24-hour clock: digits only
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
  refresh.timer = setInterval(tick, REFRESH);
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
