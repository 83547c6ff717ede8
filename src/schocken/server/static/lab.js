// The rules lab's panel in the rules builder: what the rules being built do to an evening (game
// length, Finale, Schock-Aus, the opener's lot, how much skill matters), from the server's
// simulated games (POST /api/lab), beside a preset's, with 95% intervals and which differences
// are beyond chance. The answer comes as JSON lines: progress now and then, then the figures.
// The page's helpers (t, el) come in ctx, as for rules.js.

import { svg } from "/static/pieces.js";

function lang() {
  return document.documentElement.lang || "en";
}

// The plot's size (the SVG's own units: it is as wide as the panel) and its frame.
const W = 320, H = 190, LEFT = 46, RIGHT = 8, TOP = 10, BOTTOM = 36;
// Each rule set's line: a colour (3:1 and more on the paper) and a dash, so that the two differ
// without colour too.
const LINES = [{ stroke: "#9b1c14", dash: null }, { stroke: "#1f4f8a", dash: "6 4" }];

/** The stroke of rule set `i`'s line (in the plot and in its legend). */
function stroke(i) {
  const { stroke: colour, dash } = LINES[i];
  return { stroke: colour, "stroke-width": 2, ...(dash ? { "stroke-dasharray": dash } : {}) };
}

/** The plot of games by their rounds: `sets` [{name, counts}] (counts[r]: games of r rounds).
 * A figure with its caption; the SVG's name says what it shows in words (the table has the
 * numbers), each line's most frequent rounds in a line under it. */
function roundsPlot(t, el, sets) {
  const shares = sets.map(({ counts }) => {
    const games = counts.reduce((a, b) => a + b, 0) || 1;
    return counts.map((c) => c / games);
  });
  // the rounds shown: up to where each rule set has 99.5% of its games, in tens
  const reach = shares.map((s) => {
    let sum = 0;
    const r = s.findIndex((x) => (sum += x) >= 0.995);
    return r < 0 ? s.length - 1 : r;
  });
  const most = Math.max(10, Math.ceil(Math.max(...reach) / 10) * 10);
  const peak = Math.max(...shares.flat(), 0.01);
  const step = peak > 0.08 ? 0.05 : peak > 0.04 ? 0.02 : 0.01;
  const top = Math.ceil(peak / step) * step;
  const x = (r) => LEFT + (r / most) * (W - LEFT - RIGHT);
  const y = (v) => H - BOTTOM - (v / top) * (H - TOP - BOTTOM);
  const pct = (v) => v.toLocaleString(lang(), { style: "percent", maximumFractionDigits: 1 });
  const grid = [];
  for (let v = 0; v <= top + 1e-9; v += step) {
    grid.push(svg("line", { x1: LEFT, x2: W - RIGHT, y1: y(v), y2: y(v), class: "lab-grid" }),
      svg("text", { x: LEFT - 4, y: y(v) + 4, "text-anchor": "end" }, pct(v)));
  }
  for (let r = 0; r <= most; r += 10) {
    grid.push(svg("text", { x: x(r), y: H - BOTTOM + 14, "text-anchor": "middle" }, r));
  }
  const lines = shares.map((s, i) => svg("polyline", {
    points: s.slice(0, most + 1).map((v, r) => `${x(r).toFixed(1)},${y(v).toFixed(1)}`).join(" "),
    fill: "none", ...stroke(i),
  }));
  const modes = sets.map(({ name }, i) => t("lab_web_plot_mode",
    { rules: name, rounds: shares[i].indexOf(Math.max(...shares[i])) }));
  return el("figure", { class: "lab-plot" },
    el("figcaption", { id: "lab-plot-cap" }, t("lab_plot_title")),
    svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-labelledby": "lab-plot-cap lab-plot-said" },
      grid,
      svg("line", { x1: LEFT, x2: W - RIGHT, y1: H - BOTTOM, y2: H - BOTTOM, class: "lab-axis" }),
      svg("text", { x: (LEFT + W - RIGHT) / 2, y: H - 4, "text-anchor": "middle" }, t("lab_plot_x")),
      svg("text", { x: 10, y: (TOP + H - BOTTOM) / 2, "text-anchor": "middle",
        transform: `rotate(-90 10 ${(TOP + H - BOTTOM) / 2})` }, t("lab_plot_y")),
      lines),
    el("ul", { class: "lab-legend", id: "lab-plot-said" },
      sets.map(({ name }, i) => el("li", {},
        svg("svg", { viewBox: "0 0 28 8", width: 28, height: 8, "aria-hidden": "true" },
          svg("line", { x1: 0, x2: 28, y1: 4, y2: 4, ...stroke(i) })),
        " ", modes[i]))));
}

/** The panel: `rules()` gives the rules being built ({preset, overrides}), `presets` the
 * presets to put beside them ([{name, label}]), `heading` the level of its heading. */
export function labPanel(ctx, { rules, presets, heading = "h2" }) {
  const { t, el } = ctx;
  const status = el("p", { id: "lab-status", role: "status", "aria-live": "polite" });
  const error = el("p", { id: "lab-error", class: "error", role: "alert" });
  const bar = el("progress", { id: "lab-progress", max: "1", value: "0", hidden: true, "aria-labelledby": "lab-status" });
  const against = el("select", { id: "lab-against" },
    presets.map((p) => el("option", { value: p.name }, p.label)),
    el("option", { value: "" }, t("lab_web_none")));
  against.value = rules().preset;
  // The server measures the preset once ahead (its strong bot made ready), so that the figures
  // beside it come within their two seconds; nothing to wait for here.
  const warm = () => fetch("/api/lab/warm", {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ against: against.value || null }),
  }).catch(() => {});
  against.addEventListener("change", warm);
  warm();
  const run = el("button", { type: "button", class: "secondary", id: "lab-run", onclick: measure }, t("lab_web_run"));
  const out = el("div", { id: "lab-out" });

  // A figure's cell: the figure, its 95% interval on a line of its own under it (a phone then
  // has room for both rule sets and the verdict side by side).
  const cell = ([value, range]) => el("td", {},
    el("span", { class: "lab-v" }, value), range ? [" ", el("span", { class: "lab-ci" }, range)] : null);

  function showTable(answer, label) {
    const both = answer.against !== null;
    const head = [t("lab_figure"), t("lab_web_ours")];
    if (both) head.push(label, t("lab_verdict"));
    const table = el("table", { id: "lab-table", class: "lab-table" },
      el("caption", {}, t("lab_title", { rules: answer.names.ours })),
      el("thead", {}, el("tr", {}, head.map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, answer.rows.map((row) => el("tr", { "data-figure": row.figure, class: row.beyond_chance ? "lab-beyond" : "" },
        el("th", { scope: "row" }, row.label),
        cell(row.ours_parts),
        both ? [cell(row.against_parts), el("td", {}, row.verdict)] : null))));
    // A wide table scrolls on its own on a phone (the page does not); the region can be scrolled
    // by keyboard too.
    const sets = [{ name: t("lab_web_ours"), counts: answer.rounds.ours }];
    if (both) sets.push({ name: label, counts: answer.rounds.against });
    out.replaceChildren(
      el("div", { class: "lab-scroll", role: "region", tabindex: "0", "aria-labelledby": "lab-h" }, table),
      roundsPlot(t, el, sets),
      el("ul", { class: "hint lab-notes" }, answer.notes.map((line) => el("li", {}, line))));
  }

  let current = null; // the measurement under way: {controller, finished}

  async function measure() {
    if (current) { // only its skill figure still being refined (else the button is off): stop it
      current.controller.abort();
      await current.finished;
    }
    const controller = new AbortController();
    let finish;
    current = { controller, finished: new Promise((resolve) => { finish = resolve; }) };
    run.disabled = true;
    error.textContent = "";
    status.textContent = t("lab_web_running");
    bar.hidden = false;
    bar.removeAttribute("value"); // no count yet: a bar that only says "busy"
    const label = against.selectedOptions[0]?.textContent || "";
    let refined = false;
    try {
      const response = await fetch(`/api/lab?lang=${lang()}`, {
        method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ rules: rules(), against: against.value || null }),
        signal: controller.signal,
      });
      if (!response.ok) {
        const data = await response.json().catch(() => ({}));
        throw new Error(data.error || response.statusText);
      }
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let kept = "";
      let answer = null;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        kept += decoder.decode(value, { stream: true });
        const lines = kept.split("\n");
        kept = lines.pop();
        for (const line of lines) {
          if (!line) continue;
          const item = JSON.parse(line);
          if (item.total) { bar.max = String(item.total); bar.value = String(item.done); }
          if (item.skill_total) { bar.max = String(item.skill_total); bar.value = String(item.skill_done); }
          if (!item.result) continue;
          answer = item.result;
          if (!answer.ok) throw new Error(answer.error);
          // The figures at once; where the skill figure came from fewer games than asked, the
          // server goes on with it and sends the figures again, the skill figure from all.
          showTable(answer, label);
          if (answer.refining) {
            refined = true;
            run.disabled = false; // a new measurement may be asked for: this one then stops
            bar.removeAttribute("value");
            status.textContent = t("lab_web_refining");
          } else {
            const games = answer.ours.skill.games.toLocaleString(lang());
            status.textContent = refined ? t("lab_web_refined", { games }) : t("lab_web_done");
          }
        }
      }
      if (!answer) throw new Error(response.statusText);
      if (answer.refining) status.textContent = t("lab_web_done"); // ended before all: as shown
    } catch (err) {
      if (err.name !== "AbortError") {
        status.textContent = "";
        error.textContent = err.message;
      }
    } finally {
      bar.hidden = true;
      run.disabled = false;
      current = null;
      finish();
    }
  }

  return el("section", { class: "lab", id: "lab", "aria-labelledby": "lab-h" },
    el(heading, { id: "lab-h" }, t("lab_web_heading")),
    el("p", { class: "hint" }, t("lab_web_intro")),
    el("label", { for: "lab-against" }, t("lab_web_against")), against,
    el("p", {}, run), bar, status, error, out);
}
