// A club's tournaments: the list and a new tournament.

import { call, ctx, enc, failed, notLoaded } from "/static/tournament/common.js";
import { renderTournament } from "/static/tournament/organiser.js";

// ---------------------------------------------------------------- the list, a new tournament

export async function loadList(org) {
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
