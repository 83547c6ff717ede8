// The rules lab's panel in the rules builder: what the rules being built do to an evening (game
// length, Finale, Schock-Aus, the opener's lot, how much skill matters), from the server's
// simulated games (POST /api/lab), beside a preset's, with 95% intervals and which differences
// are beyond chance. The answer comes as JSON lines: progress now and then, then the figures.
// The page's helpers (t, el) come in ctx, as for rules.js.

function lang() {
  return document.documentElement.lang || "en";
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
    out.replaceChildren(
      el("div", { class: "lab-scroll", role: "region", tabindex: "0", "aria-labelledby": "lab-h" }, table),
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
