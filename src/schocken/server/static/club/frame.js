// The page around the views: the tab bar (phone) or side bar (desktop), what was said, and the
// parts every view builds with (cards, folds, tables, scrollers) and the book's small questions.

import * as offline from "/static/offline.js";
import { change, day, enc, label, money, today } from "/static/club/book.js";
import { membersView } from "/static/club/members.js";
import { moneyView } from "/static/club/money.js";
import { settingsView } from "/static/club/settings.js";
import { club, ctx, ui, VIEWS, wide } from "/static/club/state.js";
import { statsView } from "/static/club/stats.js";
import { tonightView } from "/static/club/tonight.js";

// ---------------------------------------------------------------- the page around the views

/** Say what was done: on the page and to a screen reader. */
export function said(text) {
  ctx.announce(text);
  const line = ctx.main.querySelector("#club-said");
  if (line) line.textContent = text;
  const error = ctx.main.querySelector("#club-error");
  if (error) error.textContent = "";
}

/** Say why not (the book's message): on the page, as an alert. */
export function fail(e) {
  const line = ctx.main.querySelector("#club-said");
  if (line) line.textContent = "";
  const error = ctx.main.querySelector("#club-error");
  if (error) error.textContent = offline.isNetworkError(e) ? ctx.t("offline_needs_signal") : e.message || String(e);
}

export function href(view, evening = null) {
  const path = `/club/${enc(club.slug)}${view === "tonight" ? "" : `/${view}`}`;
  return evening ? `${path}?evening=${enc(evening)}` : path;
}

/** Go to a view (a new entry of the history): drawn, the keyboard on its first heading. */
export function go(view, evening = null) {
  history.pushState(null, "", href(view, evening));
  club.view = view;
  club.evening = evening;
  if (view === "tonight") ui.ready = null;
  render();
  window.scrollTo(0, 0);
  const heading = ctx.main.querySelector("#club-view h2");
  if (heading) {
    heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
  }
}

const ICONS = {
  tonight: "M15.5 3.5a8.5 8.5 0 1 0 5 12.8 7 7 0 0 1-5-12.8z",
  money: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 3v12m-3-9.5c0-1.2 1.3-2 3-2s3 .8 3 2-1.3 1.8-3 2.2-3 1-3 2.3 1.3 2 3 2 3-.8 3-2",
  members: "M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zm-6 9c0-3.3 2.7-6 6-6s6 2.7 6 6m1-9.5a3 3 0 1 0 0-6m2 15.5c0-2.6-1.3-4.6-3.3-5.5",
  stats: "M4 20V10m6 10V4m6 16v-7m4 7H3",
  settings: "M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zm8 3-2-.7-.6-1.5 1-1.9-1.4-1.4-1.9 1-1.5-.6L13 4h-2l-.7 2-1.5.6-1.9-1-1.4 1.4 1 1.9-.6 1.5L4 11v2l2 .7.6 1.5-1 1.9 1.4 1.4 1.9-1 1.5.6.7 2h2l.7-2 1.5-.6 1.9 1 1.4-1.4-1-1.9.6-1.5 2-.7z",
};

function icon(view) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "club-tab-icon");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", ICONS[view]);
  svg.append(path);
  return svg;
}

/** The club's page: its name, the views' tabs, the status line and the view. Drawn anew after
 * every change; the keyboard stays where it was (the element of the same id), or goes to
 * ``focus`` (an id). */
export function render(focus) {
  const { t, el, main } = ctx;
  const active = document.activeElement;
  const keepId = focus || (active && main.contains(active) ? active.id : null);
  const tabs = el("nav", { class: "club-tabs", "aria-label": t("club_web_views") },
    VIEWS.map((v) => el("a", {
      href: href(v), id: `club-tab-${v}`, "aria-current": club.view === v ? "page" : null,
      onclick: (e) => {
        if (e.ctrlKey || e.metaKey || e.shiftKey) return;
        e.preventDefault();
        go(v);
      },
    }, icon(v), el("span", {}, t(`club_web_tab_${v}`)))));
  const view = el("div", { id: "club-view", class: `club-view club-view-${club.view}` });
  const parts = viewParts();
  parts.left = parts.left.filter(Boolean);
  parts.right = parts.right.filter(Boolean);
  if (wide.matches && parts.right.length) {
    view.append(el("div", { class: "club-columns" },
      el("div", { class: "club-column" }, parts.left), el("div", { class: "club-column" }, parts.right)));
  } else {
    view.append(...parts.left, ...parts.right);
  }
  main.replaceChildren(el("div", { id: "club-app", class: `club-app wide${wide.matches ? " desk" : ""}` },
    el("header", { class: "club-head" }, el("h1", {}, club.book.club.name)),
    tabs,
    // What was done, or why not: kept in sight at the top while the page scrolls.
    el("div", { id: "club-status" }, el("p", { id: "club-said", class: "said" }),
      el("p", { id: "club-error", class: "error", role: "alert" })),
    view));
  if (keepId) {
    const again = document.getElementById(keepId);
    if (again) again.focus({ preventScroll: true });
  }
}

/** The cards of the view: ``left`` and ``right`` (side by side on a desktop). */
function viewParts() {
  if (club.view === "money") return moneyView();
  if (club.view === "members") return membersView();
  if (club.view === "stats") return statsView();
  if (club.view === "settings") return settingsView();
  const tonight = tonightView();
  // A desktop shows Money beside Tonight: the jobs of an evening at one glance.
  if (!wide.matches) return { left: tonight, right: [] };
  const money_ = moneyView();
  return { left: tonight, right: [...money_.left, ...money_.right] };
}

/** A card: a section named by its heading. */
export function card(id, title, ...children) {
  const { el } = ctx;
  return el("section", { class: "card club-part", id, "aria-labelledby": `${id}-h` },
    el("h2", { id: `${id}-h`, tabindex: "-1" }, title), ...children);
}

/** A part that opens and closes (a disclosure: a button in a heading). ``key``: kept open in
 * ``ui.folds`` across drawings. ``group``: the keys of parts of which one is open at a time
 * (opening this one closes the others); ``first``: the id of the field the keyboard goes to when
 * it opens (the job's first field: one tap less), else it stays on the button. */
export function fold(key, title, build, level = "h2", cls = "card club-part club-fold", { group = [], first = null } = {}) {
  const { el } = ctx;
  const open = ui.folds.has(key);
  const body = el("div", { id: `club-fold-${key}`, class: "club-fold-body", hidden: !open }, open ? [build()].flat(Infinity) : null);
  const button = el("button", { type: "button", class: "club-fold-button", id: `club-fold-${key}-button`,
    "aria-expanded": String(open), "aria-controls": `club-fold-${key}`, onclick: () => {
      const opening = !ui.folds.has(key);
      if (opening) openFold(key, group);
      else ui.folds.delete(key);
      render(opening && first ? first : `club-fold-${key}-button`);
    } }, title);
  return el(level === "h2" ? "section" : "div", { class: cls, id: `club-${key}-part` }, el(level, {}, button), body);
}

/** Open the part ``key``, closing the others of its ``group``. */
export function openFold(key, group = []) {
  for (const other of group) ui.folds.delete(other);
  ui.folds.add(key);
}

export function options(values, label = (v) => v) {
  return values.map((v) => ctx.el("option", { value: v }, label(v)));
}

/** A table: a caption, column heads, rows (the first cell heads its row); a cell is a text, an
 * element, or { text, class }. */
export function table(caption, heads, rows, id) {
  const { el } = ctx;
  const cell = (c, i) => {
    const [text, cls] = typeof c === "object" && c !== null && !(c instanceof Node) ? [c.text, c.class] : [c, undefined];
    return i === 0 ? el("th", { scope: "row" }, text) : el("td", cls ? { class: cls } : {}, text);
  };
  return el("table", { id },
    el("caption", {}, caption),
    el("thead", {}, el("tr", {}, heads.map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, rows.map((r) => el("tr", {}, r.map(cell)))));
}

/** A wide table in a box that scrolls sideways, which a keyboard can scroll too (focusable,
 * named). */
export function scroller(label, content, id) {
  return ctx.el("div", { class: "club-scroll", tabindex: "0", role: "region", "aria-label": label, id }, content);
}

/** A line that says the box ``box`` scrolls sideways, shown while its table is wider than it
 * (a phone): without it nothing tells that columns are cut off. */
export function scrollHint(box, id) {
  const hint = ctx.el("p", { class: "hint club-scroll-hint", id, hidden: true }, ctx.t("club_web_scroll_hint"));
  requestAnimationFrame(() => {
    const scroll = document.getElementById(box);
    if (!scroll) return;
    const fits = () => {
      hint.hidden = scroll.scrollWidth <= scroll.clientWidth + 1;
      scroll.classList.toggle("club-scroll-more", !hint.hidden);
    };
    new ResizeObserver(fits).observe(scroll);
    fits();
  });
  return hint;
}

export function memberName(name) {
  const { t } = ctx;
  const m = club.book.members.find((x) => x.name === name);
  const marks = [m?.guest ? t("club_web_guest_mark") : null, m?.left ? t("club_web_left_mark", { date: day(m.left) }) : null].filter(Boolean);
  return marks.length ? `${name} (${marks.join(", ")})` : name;
}

/** The members who have not left by ``date``. */
export function active(date = today()) {
  return club.book.members.filter((m) => !m.left || m.left > date);
}

export function balanceOf(name) {
  return club.book.balances.find((x) => x.member === name) || { charged: 0, paid: 0, balance: 0 };
}
