// Statistics: the club's figures by season, with a chart.

import * as words from "/static/page.js";
import { call, enc, inWords, label } from "/static/club/book.js";
import { card, fail, options, render, scroller, scrollHint, table } from "/static/club/frame.js";
import { club, ctx, ui } from "/static/club/state.js";

// ---------------------------------------------------------------- Statistics

export function statsView() {
  const { t, el } = ctx;
  const key = `${club.slug} ${ui.season || ""}`;
  if (ui.statsFor !== key) {
    ui.statsFor = key;
    loadStats(ui.season);
  }
  const s = ui.stats;
  if (!s || s.season !== ui.season) {
    return { left: [card("club-stats-part", t("club_web_stats"), el("p", { class: "hint" }, t("club_web_loading")))], right: [] };
  }
  const pct = (x) => (x == null ? "–" : words.percent(x, 0));
  const interval = (ci) => t("percent_spaced", { number: `${words.number(100 * ci[0])}–${words.number(100 * ci[1])}` });
  const rows = s.members.filter((m) => m.games > 0);
  const pick = el("select", { id: "club-season", onchange: (e) => {
    ui.season = e.target.value || null;
    render("club-season");
  } }, el("option", { value: "" }, t("club_web_all_seasons")), options(club.book.seasons));
  pick.value = ui.season || "";
  // The caption stands above the box that scrolls (a caption inside it is cut off with the
  // table on a phone); the table is named by it.
  const statsTable = el("table", { id: "club-stats", "aria-labelledby": "club-stats-caption" },
    el("thead", {}, el("tr", {}, [t("club_web_member"), t("club_web_games_played"), t("club_web_games_lost"), t("club_web_share"), t("club_web_ci95"), t("club_web_expected")]
      .map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, rows.map((m) => el("tr", {},
      el("th", { scope: "row" }, m.name), el("td", {}, String(m.games)), el("td", {}, String(m.games_lost)),
      el("td", {}, pct(m.games_lost_share)), el("td", {}, interval(m.games_lost_ci95)), el("td", {}, words.number(m.games_lost_expected, 1))))));
  return {
    left: [card("club-stats-part", t("club_web_stats_title", { club: club.book.club.name }),
      el("label", {}, t("club_web_season"), pick),
      el("p", {}, t("club_web_stats_sum", { evenings: inWords("n_evenings", s.evenings), games: inWords("n_games", s.games) })),
      el("p", { id: "club-stats-caption", class: "club-caption" }, t("club_web_stats_caption")),
      scrollHint("club-stats-scroll", "club-stats-more"),
      scroller(t("club_web_stats_caption"), statsTable, "club-stats-scroll"))],
    right: [card("club-chart-part", t("club_web_chart_title"), rows.length ? chart(rows) : el("p", {}, t("club_web_no_games")))],
  };
}

async function loadStats(season) {
  try {
    const query = season ? `?season=${enc(season)}` : "";
    const s = await call(`/api/clubs/${enc(club.slug)}/stats${query}`);
    ui.stats = s;
    if (club.view === "stats") render();
  } catch (e) {
    fail(e);
  }
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
  const bar = 26, left = 90, width = 220, height = rows.length * bar + 10;
  const root = svg("svg", { viewBox: `0 0 ${left + width + 10} ${height}`, role: "img", class: "club-chart", id: "club-chart",
    "aria-label": ctx.t("club_web_chart") });
  rows.forEach((m, i) => {
    const y = 5 + i * bar;
    root.append(svg("text", { x: left - 6, y: y + 16, "text-anchor": "end", class: "label" }, m.name.length > 12 ? `${m.name.slice(0, 11)}…` : m.name));
    root.append(svg("rect", { x: left, y: y + 4, width: (m.games_lost_share || 0) * width, height: bar - 8, class: "bar" }));
    root.append(svg("line", { x1: left + m.games_lost_ci95[0] * width, x2: left + m.games_lost_ci95[1] * width,
      y1: y + bar / 2, y2: y + bar / 2, class: "ci" }));
  });
  return ctx.el("figure", {}, root, ctx.el("figcaption", {}, ctx.t("club_web_chart")));
}
