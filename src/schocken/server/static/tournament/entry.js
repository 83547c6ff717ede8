// A table's games entered by hand: every half's finishing order, the Finale's loser, the Schock-Aus.

import { ctx } from "/static/tournament/common.js";
import { change } from "/static/tournament/organiser.js";

export function entryForm(org, round, table) {
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
