// The review page (docs/review.md): each player's accuracy and costliest decisions, then the
// game's decisions one by one, each as the deciding player saw it, the move made and the best
// move marked. /review/KEY reviews a finished table; /review takes a game record file.
// The review's JSON holds only what the deciding player could see (a covered cup before them is
// its aside dice and throws); the page shows nothing else.

import * as pieces from "/static/pieces.js";
import * as words from "/static/page.js";

const MAX_THROWS = 3;
let page = null; // what app.js hands over: main, t, el, lang, throwNth
const rv = { key: null, data: null, index: 0, error: "", busy: false };

/** Draw the review page: of table ``key``, or (``key`` null) the upload form. */
export function render(deps, key) {
  page = deps;
  if (key !== rv.key) Object.assign(rv, { key, data: null, index: 0, error: "" });
  draw();
  if (key && !rv.data && !rv.busy) load(fetch(`/api/tables/${encodeURIComponent(key)}/review`));
}

async function load(request) {
  rv.busy = true;
  rv.error = "";
  draw();
  try {
    const response = await request;
    const data = await response.json();
    if (!response.ok) throw new Error(data.error || response.statusText);
    Object.assign(rv, { data, index: 0 });
  } catch (err) {
    rv.error = err.message;
  } finally {
    rv.busy = false;
  }
  draw();
  if (rv.data) document.getElementById("rv-accuracy-h")?.focus();
}

function upload(input) {
  const file = input.files?.[0];
  if (!file) return;
  const reader = new FileReader();
  reader.onload = () => load(fetch("/api/review", {
    method: "POST", headers: { "content-type": "application/json" }, body: reader.result,
  }));
  reader.onerror = () => { rv.error = page.t("web_rv_unreadable"); draw(); };
  reader.readAsText(file);
}

// ---------------------------------------------------------------- words and numbers

function percent(p) {
  return words.percent(p, 1);
}

function number(x) {
  return words.number(x, 1);
}

// A loss in percentage points of P(lose).
function points(loss) {
  return page.t("web_rv_points", { n: number(loss * 100) });
}

function label(name) {
  return page.t(`review_${name}`);
}

function actionName(action) {
  const { t } = page;
  if (!action.startsWith("throw keep ")) return t(`action_${action}`);
  const dice = action.slice("throw keep ".length);
  return t("action_keep", { dice, n: t(`action_dice_${3 - dice.split("-").length}`) });
}

function resultName(result) {
  if (result.kind === "plain") return result.dice.join("-");
  if (result.kind === "strasse") return `${page.t("strasse_word")} ${result.dice.join("-")}`;
  if (result.kind === "jule") return page.t("result_jule");
  return result.name;
}

const dashed = (dice) => dice.join("-") || "–";

// ---------------------------------------------------------------- the page

function draw() {
  const { el, t, main } = page;
  const head = el("section", { class: "card wide", "aria-labelledby": "rv-h" },
    el("h1", { id: "rv-h" }, t("web_rv_title")),
    el("p", {}, t("web_rv_intro")));
  if (rv.key) {
    head.append(el("p", {}, el("a", { href: `/t/${encodeURIComponent(rv.key)}` }, t("web_rv_back"))));
  } else {
    head.append(
      el("label", { for: "rv-file" }, t("web_rv_file")),
      el("input", { id: "rv-file", type: "file", accept: ".json,application/json", onchange: (e) => upload(e.target) }));
  }
  head.append(el("p", { class: "hint", id: "rv-busy", role: "status" }, rv.busy ? t("web_rv_reviewing") : ""),
    el("p", { class: "error", role: "alert", id: "rv-error" }, rv.error));
  const parts = [head];
  if (rv.data) parts.push(drawSummary(rv.data), drawStepper(rv.data));
  main.replaceChildren(...parts);
  if (rv.data) showStep();
}

function drawSummary(data) {
  const { el, t } = page;
  const byStep = new Map(data.decisions.map((d, i) => [d.step, i]));
  const rows = data.summary.map((s) => el("tr", {},
    el("th", { scope: "row" }, s.player),
    el("td", {}, s.accuracy == null ? t("web_rv_no_count") : percent(s.accuracy / 100),
      " ", el("span", { class: "hint" }, t("web_rv_good_of", { good: s.good, counted: s.counted }))),
    el("td", {}, number(s.given_away * 100))));
  const costly = data.summary.map((s) => el("li", {},
    el("h3", {}, t("web_rv_costliest", { name: s.player })),
    s.costliest.length
      ? el("ol", { class: "rv-costly" }, s.costliest.map((step) => {
        const i = byStep.get(step);
        const d = data.decisions[i];
        return el("li", {}, el("button", { type: "button", class: "small", onclick: () => goTo(i, true) },
          t("web_rv_costly_item", { step, label: label(d.label), loss: points(d.loss) })));
      }))
      : el("p", {}, t("web_rv_no_costly", { name: s.player }))));
  const unvalued = {};
  for (const u of data.unvalued) unvalued[u.reason] = (unvalued[u.reason] || 0) + 1;
  return el("section", { class: "card wide", "aria-labelledby": "rv-accuracy-h", id: "rv-summary" },
    el("h2", { id: "rv-accuracy-h", tabindex: "-1" }, t("web_rv_accuracy_h")),
    el("p", {}, data.players.join(", "), " · ", data.rules.preset),
    el("table", { class: "summary-table", id: "rv-accuracy" },
      el("caption", {}, t("web_rv_accuracy_caption")),
      el("thead", {}, el("tr", {},
        el("th", { scope: "col" }, t("web_player")),
        el("th", { scope: "col" }, t("web_rv_accuracy")),
        el("th", { scope: "col" }, t("web_rv_given_away")))),
      el("tbody", {}, rows)),
    el("ul", { class: "rv-players" }, costly),
    Object.entries(unvalued).map(([reason, n]) => el("p", { class: "hint" }, words.counted(`review_unvalued_${reason}`, n, { n }))));
}

function drawStepper(data) {
  const { el, t } = page;
  const total = data.decisions.length;
  if (!total) {
    return el("section", { class: "card wide", id: "rv-steps" }, el("h2", {}, t("web_rv_steps")), el("p", {}, t("web_rv_no_decisions")));
  }
  return el("section", { class: "card wide", "aria-labelledby": "rv-steps-h", id: "rv-steps" },
    el("h2", { id: "rv-steps-h" }, t("web_rv_steps")),
    el("div", { class: "rv-nav" },
      el("button", { type: "button", class: "secondary", id: "rv-prev", onclick: () => goTo(rv.index - 1) }, "← ", t("web_rv_prev")),
      el("button", { type: "button", class: "secondary", id: "rv-next", onclick: () => goTo(rv.index + 1) }, t("web_rv_next"), " →")),
    el("label", { for: "rv-slider" }, t("web_rv_slider")),
    el("input", { id: "rv-slider", type: "range", min: "1", max: String(total), value: String(rv.index + 1),
      oninput: (e) => goTo(Number(e.target.value) - 1) }),
    el("p", { class: "hint" }, t("web_rv_keys")),
    el("p", { id: "rv-live", class: "rv-live", role: "status", "aria-live": "polite", "aria-atomic": "true" }),
    el("div", { id: "rv-board" }));
}

function goTo(index, scroll = false) {
  const total = rv.data?.decisions.length || 0;
  if (!total) return;
  rv.index = Math.max(0, Math.min(total - 1, index));
  showStep();
  if (scroll) document.getElementById("rv-steps")?.scrollIntoView({ block: "start" });
}

function showStep() {
  const { t } = page;
  const data = rv.data;
  const d = data.decisions[rv.index];
  const board = document.getElementById("rv-board");
  if (!d || !board) return;
  const total = data.decisions.length;
  document.getElementById("rv-prev").disabled = rv.index === 0;
  document.getElementById("rv-next").disabled = rv.index === total - 1;
  document.getElementById("rv-slider").value = String(rv.index + 1);
  document.getElementById("rv-slider").setAttribute("aria-valuetext", t("web_rv_decision_n", { n: rv.index + 1, total }));
  board.replaceChildren(...drawDecision(d, data).filter(Boolean));
  document.getElementById("rv-live").textContent =
    t("web_rv_announce", { n: rv.index + 1, total, step: d.step, name: d.player, label: label(d.label) });
}

// One decision as the deciding player saw it: where, their Deckel and the middle, what the
// players before them showed (a covered cup as covered), their own dice, then every move with
// its chance of losing, the move made and the best marked.
function drawDecision(d, data) {
  const { el, t } = page;
  const s = d.situation;
  const name = d.player;
  const where = t("review_where", { section: t(s.section), number: s.round });
  const deckel = data.players.map((p, i) => `${p} ${s.deckel[i]}`).join(", ");
  const limit = s.opener || s.limit == null ? MAX_THROWS : s.limit;
  let turn = t(s.opener ? "review_turn_opener" : "review_turn", { throws: s.throws, limit, dice: s.dice.join("-") });
  if (s.aside.length) turn += t("review_aside", { dice: s.aside.join("-") });
  if (s.turned) turn += t("review_turned", { dice: dashed(s.must_throw) });
  const before = s.before.map((b) => el("li", { class: b.covered ? "covered" : "shown" },
    b.covered ? el("span", { class: "mini-cup" }, pieces.cupShape()) : pieces.diceRow(b.result.dice, b.result.dice.join("-")),
    " ",
    b.covered
      ? t("review_before_covered", { name: b.player, aside: dashed(b.aside), nth: page.throwNth(b.throws) })
      : t("review_before_shown", { name: b.player, result: resultName(b.result), nth: page.throwNth(b.throws) })));
  const pHead = t(`review_p_${d.stake}`);
  const rows = d.actions.map((a) => {
    const made = a.action === d.made;
    const best = a.action === d.best;
    return el("tr", { class: [made ? "made" : "", best ? "best" : ""].join(" ").trim(), "data-action": a.action },
      el("th", { scope: "row" }, actionName(a.action), " ",
        best ? el("span", { class: "badge best" }, t("web_rv_best")) : null, " ",
        made ? el("span", { class: `badge made ${d.label}` }, t("web_rv_made")) : null),
      el("td", {}, percent(a.p_lose)));
  });
  return [
    el("h3", { id: "rv-step-h" }, t("web_rv_step_head", { step: d.step, name })),
    el("p", { class: "rv-where" }, where, " · ", t("web_middle"), ": ", String(s.middle), " · ", t("review_web_deckel", { deckel })),
    el("h4", {}, t("web_rv_before", { name })),
    before.length ? el("ul", { class: "rv-before" }, before) : el("p", {}, t("web_rv_opens", { name })),
    s.after ? el("p", {}, t("web_rv_after", { n: s.after })) : null,
    el("h4", {}, t("web_rv_own", { name })),
    el("p", { class: "rv-own" }, pieces.diceRow(s.dice, s.dice.join("-"), "rv-dice"), " ", turn),
    el("table", { class: "summary-table rv-moves", id: "rv-moves" },
      el("caption", {}, t("web_rv_moves")),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("web_rv_move")), el("th", { scope: "col" }, pHead))),
      el("tbody", {}, rows)),
    el("p", { class: `rv-verdict ${d.label}`, id: "rv-verdict" },
      d.matters ? t("web_rv_verdict", { label: label(d.label), loss: points(d.loss) }) : t("web_rv_not_counted")),
  ];
}

// ← and → step through the decisions (not while typing, nor on the slider, which moves itself).
document.addEventListener("keydown", (e) => {
  if (!rv.data || !location.pathname.startsWith("/review")) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target.closest?.("input, textarea, select")) return;
  if (e.key === "ArrowLeft") { e.preventDefault(); goTo(rv.index - 1); }
  else if (e.key === "ArrowRight") { e.preventDefault(); goTo(rv.index + 1); }
});
