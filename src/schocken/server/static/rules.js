// The rules builder (/rules, and the "Build house rules" dialog of every start form): every
// option of the rule set as a form control, grouped, with its words and sources, all from the
// server's one description (/api/rules/options, made from rules.py and the text catalogue).
// The engine checks every change (/api/rules/check) and says what differs from the preset, or
// why it refuses, in the player's language; a rule set is shared as /rules#CODE and a QR code,
// kept as a club's own rules, and read or written as TOML.
// The page's helpers (t, el, main, announce) come from app.js, which imports this module.
// The groups fold (the first open, and any with a change); the page's rules lab is lab.js.

import { labPanel } from "/static/lab.js";

const described = {}; // lang -> the options' description
const CHECK_DELAY = 150; // ms after the last change before the engine checks it

function lang() {
  return document.documentElement.lang || "en";
}

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** The rule options as the server describes them (once per language). */
export async function options() {
  const key = lang();
  if (!described[key]) {
    // The last answer is kept on this device: without a signal (pub mode offline) the start
    // form is drawn from it.
    const kept = `schocken:rules-options:${key}`;
    try {
      const response = await fetch(`/api/rules/options?lang=${key}`);
      if (!response.ok) throw new Error(response.statusText);
      described[key] = await response.json();
      try {
        localStorage.setItem(kept, JSON.stringify(described[key]));
      } catch {
        // storage full or off: the next time offline has no copy
      }
    } catch (err) {
      const stored = localStorage.getItem(kept);
      if (!stored) throw err;
      described[key] = JSON.parse(stored);
    }
  }
  return described[key];
}

/** The engine's word on a rule set: {ok, rules, toml, code, summary, changes} or {ok: false,
 * error}. `what` is {rules: {preset, overrides}}, {toml} or {code}. */
export async function check(what) {
  let response;
  let data;
  try {
    response = await fetch(`/api/rules/check?lang=${lang()}`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(what),
    });
    data = await response.json();
  } catch (err) {
    // No signal: the engine cannot be asked; the rules stay as they are.
    return { ok: false, error: err.message };
  }
  if (!response.ok) return { ok: false, error: data.error || response.statusText };
  return data.ok ? data : { ok: false, error: capital(data.error) };
}

// ---------------------------------------------------------------- clubs this browser has open

/** The clubs this browser has open (a session kept by the club's page): [{slug, name, rules}]. */
export async function knownClubs() {
  const found = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (!key || !key.startsWith("schocken:club:")) continue;
    const slug = key.slice("schocken:club:".length);
    let kept = null;
    try { kept = JSON.parse(localStorage.getItem(key) || "null"); } catch { kept = null; }
    if (!kept || !kept.session) continue;
    try {
      const response = await fetch(`/api/clubs/${encodeURIComponent(slug)}/rules`, { headers: { "x-club-session": kept.session } });
      if (!response.ok) continue;
      const data = await response.json();
      found.push({ slug, session: kept.session, name: data.club.name, rules: data.rules });
    } catch {
      // a club the server no longer knows, or no connection: not offered
    }
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

async function saveForClub(club, rules) {
  const response = await fetch(`/api/clubs/${encodeURIComponent(club.slug)}/rules`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-club-session": club.session },
    body: JSON.stringify({ rules }),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

// ---------------------------------------------------------------- what the controls hold

function presetOf(desc, name) {
  return desc.presets.find((p) => p.name === name) || desc.presets[0];
}

function valuesOf(desc, state) {
  return { ...presetOf(desc, state.preset).values, ...state.overrides };
}

// Whether the engine reads an option under these values (rules.py's ONLY_WITH).
function isRead(option, values) {
  return Object.entries(option.only_with).every(([other, allowed]) => allowed.includes(values[other]));
}

// The overrides the controls make: the options read that differ from the preset.
function overridesOf(desc, state) {
  const base = presetOf(desc, state.preset).values;
  const values = valuesOf(desc, state);
  const out = {};
  for (const name of desc.order) {
    if (values[name] !== base[name] && isRead(desc.options[name], values)) out[name] = values[name];
  }
  return out;
}

function saidValue(option, value) {
  if (option.type === "bool") return option.said[String(Boolean(value))];
  if (option.type === "int") return option.said.replaceAll("{n}", String(value));
  const choice = option.values.find((v) => v.value === value);
  return choice ? choice.label : String(value);
}

// ---------------------------------------------------------------- the builder

/**
 * The builder, as an element. `start` is the rule set to begin with ({preset, overrides}),
 * `mode` "page" (/rules: start a table or pub game with it) or "dialog" (a start form's:
 * "Use these rules" hands it back through `onUse(checked)`; `onCancel` closes).
 */
export async function builder(ctx, { start, mode, onUse, onCancel, heading = "h1" }) {
  const { t, el } = ctx;
  const desc = await options();
  const state = {
    preset: desc.presets.some((p) => p.name === start?.preset) ? start.preset : desc.presets[0].name,
    overrides: { ...(start?.overrides || {}) },
  };
  let last = null; // the engine's last word
  let timer = null;
  let clubs = [];

  const summary = el("p", { id: "rb-summary", role: "status", "aria-live": "polite" }, "");
  const error = el("p", { id: "rb-error", class: "error", role: "alert" });
  const presetLine = el("p", { id: "rb-preset-line", class: "hint" });
  const presetSelect = el("select", { id: "rb-preset", "aria-describedby": "rb-preset-line",
    onchange: () => { state.preset = presetSelect.value; keepOnlyChanges(); show(); } },
  desc.presets.map((p) => el("option", { value: p.name }, p.label)));
  presetSelect.value = state.preset;

  const controls = {};
  const rows = {};
  const groups = desc.groups.map((group, i) => el("details", { class: "rb-fold", id: `rb-fold-${group.name}`, open: i === 0 },
    el("summary", {}, group.label),
    el("fieldset", { class: "rb-group", id: `rb-group-${group.name}` },
      el("legend", { class: "visually-hidden" }, group.label),
      group.options.map((name) => optionRow(desc.options[name])))));

  function optionRow(option) {
    const id = `opt-${option.name}`;
    const described = `${id}-help ${id}-preset`;
    let control;
    const changed = () => { setValue(option, readControl(option, control)); };
    if (option.type === "bool") {
      control = el("input", { id, type: "checkbox", "aria-describedby": described, onchange: changed });
    } else if (option.type === "int") {
      control = el("input", { id, type: "number", min: String(option.min), max: String(option.max), step: "1",
        inputmode: "numeric", "aria-describedby": described, oninput: changed });
    } else {
      control = el("select", { id, "aria-describedby": described, onchange: changed },
        option.values.map((v) => el("option", { value: v.value }, v.label)));
    }
    controls[option.name] = control;
    const label = el("label", { for: id }, option.label);
    const presetNote = el("span", { id: `${id}-preset`, class: "rb-preset-value" });
    const where = el("details", { class: "rb-where" },
      el("summary", {}, t("rb_where"), el("span", { class: "visually-hidden" }, `: ${option.label}`)),
      el("ul", {},
        desc.presets.map((p) => el("li", {}, el("strong", {}, `${p.label} (${saidValue(option, option.defaults[p.name])})`), ": ", option.sources.presets[p.name])),
        el("li", {}, el("strong", {}, `${t("rb_elsewhere")}: `), option.sources.elsewhere)),
      Object.keys(option.sources.keys).length
        ? el("p", { class: "rb-keys" }, `${t("rb_sources")}: `,
          Object.entries(option.sources.keys).map(([key, where]) => el("span", {}, `[${key}] `, source(where))))
        : null);
    const row = option.type === "bool"
      ? el("div", { class: "rb-option rb-bool", "data-option": option.name },
        el("div", { class: "rb-check" }, control, label),
        el("p", { id: `${id}-help`, class: "hint" }, option.help), presetNote, where)
      : el("div", { class: "rb-option", "data-option": option.name },
        label, control,
        el("p", { id: `${id}-help`, class: "hint" }, option.help), presetNote, where);
    rows[option.name] = row;
    return row;
  }

  // A source's address as a link where it is one ("https://... (what it is)").
  function source(where) {
    const [address, ...rest] = where.split(" ");
    if (!/^https?:\/\//.test(address)) return where;
    return [el("a", { href: address, rel: "noopener noreferrer", target: "_blank" }, address), rest.length ? ` ${rest.join(" ")}` : ""];
  }

  function readControl(option, control) {
    if (option.type === "bool") return control.checked;
    if (option.type === "int") {
      const n = control.valueAsNumber;
      return Number.isNaN(n) ? control.value : n;
    }
    return control.value;
  }

  function setValue(option, value) {
    const base = presetOf(desc, state.preset).values[option.name];
    if (value === base) delete state.overrides[option.name];
    else state.overrides[option.name] = value;
    show();
  }

  // Overrides the preset already has are no changes; options not read are dropped.
  function keepOnlyChanges() {
    state.overrides = overridesOf(desc, state);
  }

  // The controls, hidden options and notes as the state says; then the engine checks.
  function show() {
    const values = valuesOf(desc, state);
    const preset = presetOf(desc, state.preset);
    presetLine.textContent = preset.line;
    for (const [name, option] of Object.entries(desc.options)) {
      const control = controls[name];
      const value = values[name];
      if (option.type === "bool") control.checked = Boolean(value);
      else if (document.activeElement !== control || option.type !== "int") control.value = String(value);
      rows[name].hidden = !isRead(option, values);
      const differs = name in state.overrides;
      rows[name].classList.toggle("changed", differs);
      const note = rows[name].querySelector(".rb-preset-value");
      note.textContent = differs
        ? `${t("rb_changed")} · ${t("rb_preset_value", { preset: preset.label, value: saidValue(option, preset.values[name]) })}`
        : "";
    }
    clearTimeout(timer);
    timer = setTimeout(() => { timer = null; runCheck(); }, CHECK_DELAY);
  }

  function holding() {
    return JSON.stringify({ preset: state.preset, overrides: overridesOf(desc, state) });
  }

  async function runCheck() {
    const asked = holding();
    const answer = await check({ rules: JSON.parse(asked) });
    // Only the answer to what the controls hold now counts.
    if (holding() !== asked) return;
    last = { ...answer, asked };
    if (answer.ok) {
      error.textContent = "";
      if (summary.textContent !== answer.summary) summary.textContent = answer.summary;
      toml.value = answer.toml;
      showShare(answer.code);
    } else {
      error.textContent = answer.error;
    }
    for (const button of useButtons) button.disabled = !answer.ok;
    if (mode === "page" && answer.ok) history.replaceState(null, "", `/rules#${answer.code}`);
  }

  // ---- share: a link and its QR code
  const link = el("input", { id: "rb-link", readonly: true, "aria-describedby": "rb-share-hint" });
  const qr = el("img", { class: "qr", id: "rb-qr", alt: t("rb_qr") });
  const shareNote = el("p", { id: "rb-share-note", role: "status" });
  let qrTimer = null;
  function showShare(code) {
    const url = `${location.origin}/rules#${code}`;
    if (link.value === url) return;
    link.value = url;
    clearTimeout(qrTimer);
    qrTimer = setTimeout(() => { qr.src = `/api/rules/qr.svg?r=${encodeURIComponent(code)}&lang=${lang()}`; }, 400);
  }
  async function copyLink() {
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(link.value);
      shareNote.textContent = t("rb_copied");
    } catch {
      link.focus();
      link.select();
      shareNote.textContent = t("rb_copy_by_hand");
    }
  }
  const sub = heading === "h1" ? "h2" : "h3"; // the builder's parts, a level below its heading
  const share = el("section", { class: "rb-share", "aria-labelledby": "rb-share-h" },
    el(sub, { id: "rb-share-h" }, t("rb_share")),
    el("p", { id: "rb-share-hint", class: "hint" }, t("rb_share_hint")),
    el("label", { for: "rb-link" }, t("rb_link")), link,
    el("p", {}, el("button", { type: "button", class: "secondary", id: "rb-copy", onclick: copyLink }, t("rb_copy"))),
    shareNote, qr);

  // ---- TOML: import and export
  const toml = el("textarea", { id: "rb-toml", rows: "6", spellcheck: "false", "aria-describedby": "rb-toml-hint" });
  const tomlNote = el("p", { id: "rb-toml-note", role: "status" });
  async function readToml() {
    const answer = await check({ toml: toml.value });
    if (!answer.ok) {
      error.textContent = answer.error;
      tomlNote.textContent = "";
      return;
    }
    state.preset = answer.rules.preset;
    state.overrides = { ...answer.rules.overrides };
    presetSelect.value = state.preset;
    tomlNote.textContent = t("rb_toml_read_done", { summary: answer.summary });
    show();
  }
  const tomlPart = el("details", { class: "rb-toml" },
    el("summary", {}, t("rb_toml")),
    el("label", { for: "rb-toml" }, t("rb_toml_label")), toml,
    el("p", { id: "rb-toml-hint", class: "hint" }, t("rb_toml_hint")),
    el("p", {}, el("button", { type: "button", class: "secondary", id: "rb-toml-read", onclick: readToml }, t("rb_toml_read"))),
    tomlNote);

  // ---- what to do with them
  const useButtons = [];
  const actions = el("div", { class: "rb-actions" });
  // The engine's word on what the controls hold now (asked at once if not yet asked): the
  // checked rules, or null (refused: the refusal is shown).
  async function ready() {
    while (!last || last.asked !== holding()) {
      clearTimeout(timer);
      timer = null;
      await runCheck();
    }
    return last.ok ? last : null;
  }
  if (mode === "dialog") {
    const use = el("button", { type: "button", class: "primary", id: "rb-use", onclick: async () => { const ok = await ready(); if (ok) onUse(ok); } }, t("rb_use"));
    useButtons.push(use);
    actions.append(use, el("button", { type: "button", class: "secondary", id: "rb-cancel", onclick: () => onCancel() }, t("rb_cancel")));
  } else {
    const table = el("button", { type: "button", class: "primary", id: "rb-start-table", onclick: async () => { const ok = await ready(); if (ok) location.href = `/#rules=${ok.code}`; } }, t("rb_start_table"));
    const pub = el("button", { type: "button", class: "secondary", id: "rb-start-pub", onclick: async () => { const ok = await ready(); if (ok) location.href = `/pub#rules=${ok.code}`; } }, t("rb_start_pub"));
    useButtons.push(table, pub);
    actions.append(table, pub);
  }
  const clubPart = el("div", { class: "rb-clubs" });
  const clubNote = el("p", { id: "rb-club-note", role: "status" });
  knownClubs().then((found) => {
    clubs = found;
    for (const club of clubs) {
      const button = el("button", { type: "button", class: "secondary", "data-club": club.slug, onclick: async () => {
        const ok = await ready();
        if (!ok) return;
        try {
          await saveForClub(club, ok.rules);
          club.rules = ok.rules;
          clubNote.textContent = t("rb_saved_club", { club: club.name });
        } catch (e) {
          clubNote.textContent = e.message;
        }
      } }, t("rb_save_club", { club: club.name }));
      useButtons.push(button);
      clubPart.append(el("p", {}, button));
    }
    clubPart.append(clubNote);
  });

  const onPage = mode === "page";
  const root = el("section", { class: `rules-builder rb-mode-${mode}`, "aria-labelledby": "rb-h" },
    el(heading, { id: "rb-h", tabindex: "-1" }, t("rb_title")),
    el("p", {}, t("rb_intro")),
    el("label", { for: "rb-preset" }, t("rb_preset")), presetSelect, presetLine,
    el("div", { class: "rb-summary" },
      el(sub, { id: "rb-summary-h" }, t("rb_summary")), summary, error),
    el("div", { class: "rb-groups" }, groups),
    mode === "page" ? labPanel(ctx, { rules: () => JSON.parse(holding()), presets: desc.presets, heading: sub }) : null,
    // On the page the two buttons side by side under one "with these rules" (a phone's screen
    // keeps most of its height for the options while the bar stays)
    el("div", { class: "rb-sticky", role: onPage ? "group" : null, "aria-labelledby": onPage ? "rb-start-with" : null },
      onPage ? el("p", { id: "rb-start-with", class: "rb-start-with" }, t("rb_start_with")) : null, actions),
    clubPart,
    share,
    tomlPart);
  keepOnlyChanges();
  show();
  for (const name of Object.keys(state.overrides)) rows[name].closest("details").open = true;
  return root;
}

// ---------------------------------------------------------------- links

/** A part of a link (its path or #hash) decoded, or null when it is broken (a crafted or cut
 * link such as #rules=%ZZ: decodeURIComponent throws on it). Every page reads links this way, so
 * a broken one is said, not a blank page. */
export function fromLink(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- the page /rules

/** The builder page; /rules#CODE shows the rule set of a shared link. */
export async function route(ctx) {
  const { t, el, main } = ctx;
  main.replaceChildren(el("p", { class: "card wide" }, t("rb_loading")));
  const code = fromLink(location.hash.slice(1));
  let start = null;
  let refused = code === null ? t("web_link_broken") : "";
  if (code) {
    const answer = await check({ code });
    if (answer.ok) start = answer.rules;
    else refused = answer.error;
  }
  const built = await builder(ctx, { start, mode: "page" });
  main.replaceChildren(el("div", { class: "card wide" }, refused ? el("p", { class: "error", role: "alert" }, refused) : null, built));
}

// ---------------------------------------------------------------- a start form's rules

// House rules start from the preset chosen in the form: the text begins with its preset line,
// which follows the choice until the player writes another preset there.
function presetLine(preset) {
  return `preset = "${preset}"\n`;
}

const PRESET_LINE = /^[ \t]*preset[ \t]*=.*(\n|$)/m;

export function presetIntoHouseRules(form) {
  const text = form.house.value;
  const line = presetLine(form.preset.value);
  form.house.value = PRESET_LINE.test(text) ? text.replace(PRESET_LINE, line) : line + text;
}

// The TOML the server gets: none when it only names the preset (then `rules` says it all), and
// the form's preset in front when the text names none.
export function houseRules(form) {
  const text = form.house.value;
  if (!text.replace(PRESET_LINE, "").trim()) return "";
  return PRESET_LINE.test(text) ? text : presetLine(form.preset.value) + text;
}

/**
 * The rules part of a start form (a table's, pub mode's): the preset by its name with what sets
 * it apart, "Build house rules" (the builder in a dialog), "Use our rules" for each club this
 * browser has open that keeps some, and the house rules as TOML (the form sends `rules` and
 * `rules_toml`, see houseRules). A link /...#rules=CODE fills it with that rule set; else the
 * rules of the club `preferClub` (a game for its evening), if it keeps some, are taken at once.
 */
export function startFields(ctx, desc, { preferClub = null } = {}) {
  const { t, el } = ctx;
  const line = el("p", { id: "preset-line", class: "hint" });
  const select = el("select", { id: "preset", name: "preset", "aria-describedby": "preset-line",
    onchange: (e) => { presetIntoHouseRules(e.target.form); explain(e.target.form); } },
  desc.presets.map((p) => el("option", { value: p.name }, p.label)));
  const house = el("textarea", { id: "house", name: "house", rows: "4", "aria-describedby": "house-hint",
    oninput: (e) => { clearTimeout(typing); typing = setTimeout(() => explain(e.target.form), 300); } },
  presetLine(desc.presets[0].name));
  let typing = null;
  const open = el("button", { type: "button", class: "secondary", id: "house-rules-open", onclick: () => openBuilder(ctx, open.form) }, t("rb_open"));
  const clubButtons = el("div", { class: "rb-club-buttons" });
  line.textContent = desc.presets[0].line;
  const code = location.hash.startsWith("#rules=") ? fromLink(location.hash.slice(7)) : "";
  queueMicrotask(() => {
    if (code === null) {
      history.replaceState(null, "", location.pathname + location.search);
    } else if (code) {
      history.replaceState(null, "", location.pathname + location.search);
      check({ code }).then((answer) => { if (answer.ok) useRules(select.form, answer); else line.textContent = answer.error; });
    }
  });
  knownClubs().then((clubs) => {
    for (const club of clubs.filter((c) => c.rules)) {
      const use = async () => {
        const answer = await check({ rules: club.rules });
        if (answer.ok) useRules(select.form, answer, t("rb_club_rules", { club: club.name }));
      };
      clubButtons.append(el("button", { type: "button", class: "secondary", "data-club": club.slug, onclick: use },
        t("rb_use_club", { club: club.name })));
      if (club.slug === preferClub && !code) use();
    }
  });
  return [
    code === null ? el("p", { id: "link-broken", class: "error", role: "alert" }, t("web_link_broken")) : null,
    el("label", { for: "preset" }, t("web_rules")), select, line,
    el("div", { class: "row rb-start-buttons" }, open, clubButtons),
    el("details", { id: "house-details" },
      el("summary", {}, t("rb_toml_summary")),
      el("label", { for: "house" }, t("web_house_rules")), house,
      el("p", { id: "house-hint" }, t("web_house_hint"))),
  ];
}

// The line under the preset: its name and what sets it apart, or what the house rules change
// (or the engine's refusal of them).
async function explain(form, title = "") {
  const line = form.querySelector("#preset-line");
  const text = houseRules(form);
  if (!text) {
    const desc = await options();
    line.textContent = presetOf(desc, form.preset.value).line;
    line.classList.remove("error");
    return;
  }
  const answer = await check({ toml: text });
  line.textContent = answer.ok ? (title ? `${title}: ${answer.summary}` : answer.summary) : answer.error;
  line.classList.toggle("error", !answer.ok);
}

function useRules(form, answer, title = "") {
  if ([...form.preset.options].some((o) => o.value === answer.rules.preset)) form.preset.value = answer.rules.preset;
  form.house.value = answer.toml;
  explain(form, title);
}

async function openBuilder(ctx, form) {
  const { el } = ctx;
  const text = houseRules(form) || presetLine(form.preset.value);
  const answer = await check({ toml: text });
  const start = answer.ok ? answer.rules : { preset: form.preset.value, overrides: {} };
  const opener = form.querySelector("#house-rules-open");
  const dialog = el("dialog", { class: "rb-dialog", "aria-labelledby": "rb-h" });
  const close = () => { dialog.close(); };
  dialog.addEventListener("close", () => { dialog.remove(); opener?.focus(); });
  const built = await builder(ctx, {
    start, mode: "dialog", heading: "h2",
    onUse: (checked) => { useRules(form, checked); close(); },
    onCancel: close,
  });
  dialog.append(built);
  document.body.append(dialog);
  dialog.showModal();
  dialog.querySelector("#rb-h").focus();
}
