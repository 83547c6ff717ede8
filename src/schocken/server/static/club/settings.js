// Settings: the secret link, prices, the catalogue of fines, bots, the bank account, password,
// devices, seasons, export and import, closing the club.

import * as offline from "/static/offline.js";
import { counted } from "/static/page.js";
import * as rulesPage from "/static/rules.js";
import { call, cents, change, day, enc, keep, label, money, setBook, write } from "/static/club/book.js";
import { card, fail, fold, href, options, render, said, scroller, table } from "/static/club/frame.js";
import { importForm, load, renderStart } from "/static/club/open.js";
import { club, ctx, ui } from "/static/club/state.js";
import { booked } from "/static/club/tonight.js";

// ---------------------------------------------------------------- Settings

/** Settings' parts, of which one is open at a time: a phone shows their headings, and the one
 * part in use (the secret link at first). */
export const SETTINGS = ["link", "prices", "fines", "rules", "bots", "account", "password", "devices", "seasons", "tournaments", "data"];

export function settingsView() {
  const { t } = ctx;
  const b = club.book;
  const part = (key, title, build) => fold(key, title, build, "h2", "card club-part club-fold", { group: SETTINGS });
  return {
    left: [
      part("link", t("club_web_secret_title"), () => linkPart()),
      part("prices", t("club_web_prices"), () => pricesPart()),
      part("fines", t("club_web_fines_catalogue"), () => catalogPart()),
      part("rules", t("rb_club_title"), () => ourRulesPart(b)),
      part("bots", t("club_web_bots_title"), () => botsPart(b)),
      part("account", t("club_web_account_title"), () => accountForm(b)),
    ],
    right: [
      part("password", t("club_web_password_title"), () => passwordPart(b)),
      part("devices", t("club_web_devices_title"), () => devicesPart()),
      part("seasons", t("club_web_season_title"), () => seasonPart(b)),
      part("tournaments", t("tw_title"), () => tournamentsPart(b)),
      part("data", t("club_web_data"), () => dataPart()),
      closePart(),
    ],
  };
}

/** The secret link kept on this device: a read-only field, a copy button that works without
 * the clipboard API too, and its QR code. */
export function linkBlock(prefix) {
  const { t, el } = ctx;
  const link = `${location.origin}/club/${enc(club.slug)}#${enc(club.secret)}`;
  const input = el("input", { readonly: true, value: link, id: `${prefix}-input`, "aria-label": t("club_web_secret_title"),
    spellcheck: "false", onfocus: (e) => e.target.select() });
  const figure = el("figure", { class: "club-link-qr", id: `${prefix}-qr` });
  const cached = ui.qr.get(link);
  if (cached) figure.append(qrImage(cached));
  else {
    call(`/api/clubs/${enc(club.slug)}/link-qr`, { secret: club.secret, origin: location.origin })
      .then((answer) => {
        ui.qr.set(link, answer.qr);
        figure.replaceChildren(qrImage(answer.qr));
      })
      .catch((e) => {
        figure.replaceChildren(el("p", { class: "error" }, e.status === 403 ? t("club_web_link_stale") : e.message));
      });
  }
  return el("div", { class: "club-secret-link" },
    input,
    el("button", { type: "button", class: "primary", id: `${prefix}-copy`, onclick: () => copyLink(input) }, t("club_web_copy")),
    figure);
}

function qrImage(src) {
  return ctx.el("img", { src, alt: ctx.t("club_web_link_qr_alt"), width: "200", height: "200" });
}

/** Copy the link: by the clipboard API where there is one (https, localhost), else by
 * selecting it and the browser's copy command (a plain-http address in the pub's network has
 * no clipboard API); says honestly which worked. */
async function copyLink(input) {
  const { t } = ctx;
  if (navigator.clipboard && navigator.clipboard.writeText) {
    try {
      await navigator.clipboard.writeText(input.value);
      said(t("club_web_copied"));
      return;
    } catch {
      // not allowed here: select it instead
    }
  }
  input.focus();
  input.select();
  input.setSelectionRange(0, input.value.length);
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch {
    copied = false;
  }
  said(copied ? t("club_web_copied") : t("club_web_copy_select"));
}

function linkPart() {
  const { t, el } = ctx;
  return [
    club.secret ? [el("p", { class: "hint" }, t("club_web_link_text")), linkBlock("club-link")]
      : el("p", { class: "hint", id: "club-link-unknown" }, t("club_web_link_unknown")),
    el("form", { id: "club-new-secret", onsubmit: (e) => {
      e.preventDefault();
      rekey("secret", {}, t("club_web_secret_made"), "club-link-input");
    } },
    el("h3", {}, t("club_web_secret_new")),
    el("p", { class: "hint" }, t("club_web_secret_new_hint")),
    el("label", { class: "check" }, el("input", { type: "checkbox", name: "sure", required: true }), t("club_web_secret_new_sure")),
    el("button", { type: "submit" }, t("club_web_secret_new_button"))),
  ];
}

function pricesPart() {
  const { t, el } = ctx;
  const b = club.book;
  return [
    table(t("club_web_prices"), [t("club_web_item"), t("club_web_from"), t("club_web_price")],
      b.prices.map((p) => [t(`club_web_item_${p.item}`), p.valid_from || t("club_web_from_start"), money(p.cents)]), "club-prices"),
    el("form", { id: "club-set-price", onsubmit: (e) => {
      e.preventDefault();
      const f = e.target;
      change("prices", { item: f.item.value, cents: cents(f.amount.value), valid_from: f.from.value || null },
        t("club_web_price_set", { item: t(`club_web_item_${f.item.value}`), price: money(cents(f.amount.value)) }));
    } },
    el("label", {}, t("club_web_item"), el("select", { name: "item" }, options(b.price_items, (i) => t(`club_web_item_${i}`)))),
    el("label", {}, t("club_web_amount"), el("input", { name: "amount", inputmode: "decimal", required: true, pattern: "[0-9]+([.,][0-9]{1,2})?" })),
    el("label", {}, t("club_web_from"), el("input", { name: "from", type: "date" })),
    el("button", { type: "submit" }, t("club_web_set_price"))),
  ];
}

/** The club's own catalogue of fines ("Würfel vom Tisch", "Spinksen"), booked in Tonight. */
function catalogPart() {
  const { t, el } = ctx;
  const items = club.book.fine_items;
  return [
    items.length === 0 ? el("p", { class: "hint", id: "club-fines-empty" }, t("club_web_fines_empty"))
      : table(t("club_web_fines_catalogue"), [t("club_web_fine"), t("club_web_price")], items.map((i) => [i.name, money(i.cents)]), "club-fine-items"),
    el("form", { id: "club-set-fine-item", onsubmit: (e) => {
      e.preventDefault();
      const f = e.target;
      const name = f.fine_name.value.trim();
      change("fine-items", { name, cents: cents(f.amount.value) }, t("club_web_fine_item_set", { fine: name, price: money(cents(f.amount.value)) }));
    } },
    el("h3", {}, t("club_web_fine_item_new")),
    el("p", { class: "hint", id: "club-fine-item-hint" }, t("club_web_fine_item_hint")),
    el("label", {}, t("club_web_fine"), el("input", { name: "fine_name", required: true, maxlength: "60", autocomplete: "off",
      "aria-describedby": "club-fine-item-hint" })),
    el("label", {}, t("club_web_price"), el("input", { name: "amount", inputmode: "decimal", required: true, pattern: "[0-9]+([.,][0-9]{1,2})?" })),
    el("button", { type: "submit" }, t("club_web_fine_item_button"))),
    items.length === 0 ? null : el("form", { id: "club-remove-fine-item", onsubmit: (e) => {
      e.preventDefault();
      const f = e.target;
      change("fine-items/remove", { name: f.fine.value }, t("club_web_fine_item_removed", { fine: f.fine.value }));
    } },
    el("label", {}, t("club_web_fine"), el("select", { name: "fine" }, options(items.map((i) => i.name)))),
    el("button", { type: "submit" }, t("club_web_fine_item_remove"))),
  ];
}

/** What a bot's seat of an online table counts as: not counted, or a guest named after it. */
function botsPart(b) {
  const { t, el } = ctx;
  const choices = ["not_counted", "guest"];
  return el("form", { id: "club-bot-seats", onsubmit: (e) => {
    e.preventDefault();
    const how = e.target.querySelector("input[name=bot_seats]:checked")?.value;
    change("bot-seats", { bot_seats: how }, t(`club_web_bots_set_${how}`));
  } },
  el("fieldset", {}, el("legend", {}, t("club_web_bots_hint")),
    choices.map((c) => el("label", { class: "check" },
      el("input", { type: "radio", name: "bot_seats", value: c, checked: b.club.bot_seats === c }), t(`club_web_bots_${c}`)))),
  el("button", { type: "submit" }, t("club_web_bots_button")));
}

function accountForm(b) {
  const { t, el } = ctx;
  const account = b.account;
  return el("form", { id: "club-account", onsubmit: (e) => {
    e.preventDefault();
    const f = e.target;
    change("account", { iban: f.iban.value, holder: f.holder.value, bic: f.bic.value }, (book) => t("club_web_account_set", { iban: book.account.iban }));
  } },
  el("p", { class: "hint", id: "club-account-hint" }, t("club_web_account_hint")),
  el("label", {}, t("club_web_iban"), el("input", { name: "iban", required: true, value: account?.iban ?? "",
    autocomplete: "off", spellcheck: "false", "aria-describedby": "club-account-hint" })),
  el("label", {}, t("club_web_holder"), el("input", { name: "holder", required: true, maxlength: "70", value: account?.holder ?? "" })),
  el("label", {}, t("club_web_bic"), el("input", { name: "bic", maxlength: "11", value: account?.bic ?? "", autocomplete: "off" })),
  el("button", { type: "submit" }, t("club_web_account_button")),
  account ? el("button", { type: "button", id: "club-account-remove",
    onclick: () => change("account", { remove: true }, t("club_web_account_removed")) }, t("club_web_account_remove")) : null);
}

/** The club's tournaments: their own pages (tournament.js), with this club's session. */
function tournamentsPart(b) {
  const { t, el } = ctx;
  return [el("p", {}, t("tw_intro")),
    el("p", {}, el("a", { href: `/tournaments/${enc(club.slug)}` }, t("tw_link", { club: b.club.name })))];
}

/** The club's own rules ("our rules") in words, with a link to them in the rules builder
 * (where they are changed and saved again); none yet: the way to the builder. */
function ourRulesPart(b) {
  const { t, el } = ctx;
  const box = el("div", { id: "club-rules" });
  if (!b.rules) {
    box.append(el("p", { class: "hint" }, t("rb_club_none")), el("p", {}, el("a", { href: "/rules" }, t("rb_link_home"))));
    return box;
  }
  const line = el("p", { id: "club-rules-line" });
  const link = el("a", { href: "/rules", id: "club-rules-open" }, t("rb_club_open"));
  rulesPage.check({ rules: b.rules }).then((answer) => {
    line.textContent = answer.ok ? answer.summary : answer.error;
    if (answer.ok) link.href = `/rules#${answer.code}`;
  });
  box.append(line, el("p", {}, link));
  return box;
}

function passwordPart(b) {
  const { t, el } = ctx;
  return el("form", { id: "club-set-password", onsubmit: (e) => {
    e.preventDefault();
    rekey("password", { password: e.target.new_password.value }, t("club_web_password_is_set"));
  } },
  el("p", { id: "club-password-state" }, t(b.club.has_password ? "club_web_password_state_set" : "club_web_password_state_none")),
  // No minlength here: a short password is refused by the book, with its message.
  el("label", {}, t("club_web_password_new"), el("input", { name: "new_password", type: "password", required: true,
    autocomplete: "new-password", "aria-describedby": "club-password-hint" })),
  el("p", { class: "hint", id: "club-password-hint" }, t("club_web_password_change_hint")),
  el("button", { type: "submit" }, t("club_web_password_button")),
  b.club.has_password ? el("button", { type: "button", id: "club-password-remove",
    onclick: () => rekey("password", { remove: true }, t("club_web_password_removed")) }, t("club_web_password_remove")) : null);
}

/** The browsers the club is open on (its sessions), each with a button that signs it out: a
 * lost phone is shut out without a new link for everybody. Listed when asked for. */
function devicesPart() {
  const { t, el } = ctx;
  const list = el("ul", { id: "club-devices", class: "devices" });
  const when = (at) => at.replace("T", " ").slice(0, 16);
  const show = (sessions) => {
    list.replaceChildren(...sessions.map((s) => {
      const device = s.device || t("club_web_devices_unknown");
      const created = when(s.created);
      return el("li", { "data-session": s.id },
        el("span", { class: "device" }, device),
        s.current ? el("strong", {}, ` (${t("club_web_devices_this")})`) : null,
        el("span", { class: "hint" }, ` – ${t("club_web_devices_times", { created, used: when(s.used) })}`),
        s.current ? null : el("button", { type: "button", class: "device-end",
          "aria-label": t("club_web_devices_end_label", { device, created }),
          onclick: () => end(s.id, device) }, t("club_web_devices_end")));
    }));
  };
  const end = async (id, device) => {
    try {
      const data = await write("sessions/end", { id });
      show(data.sessions);
      said(t("club_web_devices_ended", { device }));
    } catch (e) {
      fail(e);
    }
  };
  const load = async () => {
    try {
      const sessions = await call(`/api/clubs/${enc(club.slug)}/sessions`);
      show(sessions);
      said(counted("club_web_devices_shown", sessions.length, { count: sessions.length }));
    } catch (e) {
      fail(e);
    }
  };
  return el("div", { id: "club-devices-part" },
    el("p", { class: "hint", id: "club-devices-hint" }, t("club_web_devices_hint")),
    el("button", { type: "button", id: "club-devices-show", "aria-describedby": "club-devices-hint", onclick: load },
      t("club_web_devices_show")),
    list);
}

function seasonPart(b) {
  const { t, el } = ctx;
  return el("form", { id: "club-season-start", onsubmit: (e) => {
    e.preventDefault();
    const date = e.target.season_start.value.trim();
    change("season-start", { season_start: date }, t("club_web_season_start_set", { day: date }));
  } },
  el("label", {}, t("club_web_season_start"), el("input", { name: "season_start", required: true, value: b.club.season_start,
    inputmode: "numeric", autocomplete: "off", "aria-describedby": "club-season-start-hint" })),
  el("p", { class: "hint", id: "club-season-start-hint" }, t("club_web_season_start_hint")),
  el("button", { type: "submit" }, t("club_web_season_start_button")));
}

/** The whole club as a file, CSV tables for a spreadsheet, the change log, and a club's
 * import. */
function dataPart() {
  const { t, el } = ctx;
  const logPlace = el("div", { id: "club-log-place" });
  const error = el("p", { class: "error", role: "alert" });
  return [
    el("p", { class: "hint", id: "club-export-hint" }, t("club_web_export_hint")),
    el("button", { type: "button", id: "club-export", "aria-describedby": "club-export-hint", onclick: async () => {
      if (await download("export", `${club.slug}.json`)) said(t("club_web_exported"));
    } }, t("club_web_export")),
    el("h3", {}, t("club_web_csv")),
    el("p", { class: "club-csv" }, [["ledger", "club_web_ledger"], ["balances", "club_web_balances"], ["games", "club_web_games"],
      ["evenings", "club_web_evenings"], ["stats", "club_web_stats"], ["kitty", "club_web_kitty"]]
      .map(([kind, key]) => el("button", { type: "button", class: "small", "data-kind": kind,
        onclick: () => download(`csv/${kind}`, `${club.slug}-${kind}.csv`) }, t(key)))),
    el("button", { type: "button", id: "club-log-show", onclick: () => showLog(logPlace) }, t("club_web_log_show")),
    logPlace,
    error,
    importForm(error),
  ];
}

/** Close the club on this device. */
function closePart() {
  const { t, el } = ctx;
  return card("club-device", t("club_web_close_title"),
    el("p", { class: "hint", id: "club-close-hint" }, t("club_web_close_hint")),
    el("button", { type: "button", id: "club-close", "aria-describedby": "club-close-hint", onclick: () => closeHere() },
      t("club_web_close_button")));
}

/** Close the club on this device: its session ends on the server, this browser forgets the
 * session and the secret, and the page shows the forms to open a club. */
async function closeHere() {
  try {
    await write("session/end", { session: club.session });
  } catch (e) {
    // A session that ended already (403) is closed as asked; any other refusal keeps the club.
    if (e.status !== 403) {
      fail(e);
      return;
    }
  }
  const name = club.book.club.name;
  localStorage.removeItem(`schocken:club:${club.slug}`);
  offline.forget(`club:${club.slug}`);
  Object.assign(club, { slug: null, session: null, secret: null, book: null, base: null });
  history.pushState(null, "", "/club");
  renderStart();
  said(ctx.t("club_web_closed", { club: name }));
}

/** A new secret or password ends every session of the club: the server answers a new one for
 * this browser (and a new secret), kept like the first. */
async function rekey(path, body, done, focus) {
  try {
    const data = await write(path, body);
    club.session = data.session;
    if (data.done.secret) club.secret = data.done.secret;
    keep();
    setBook(data);
    render(focus);
    said(done);
  } catch (e) {
    fail(e);
  }
}

/** The club's change log, oldest first: when, what, the details. */
async function showLog(place) {
  const { t, el } = ctx;
  try {
    const log = await call(`/api/clubs/${enc(club.slug)}/log`);
    const action = (a) => {
      const key = `club_web_log_${a}`;
      const text = t(key);
      return text === key ? a : text;
    };
    const value = (k, v) => {
      if (v === null || v === undefined || v === "") return "–";
      if (k === "cents" && typeof v === "number") return money(v);
      if (Array.isArray(v)) return v.join(", ");
      return String(v);
    };
    const details = (d) => Object.entries(d).map(([k, v]) => `${k}: ${value(k, v)}`).join("; ");
    place.replaceChildren(el("h3", {}, t("club_web_log")),
      scroller(t("club_web_log"), table(t("club_web_log"), [t("club_web_when"), t("club_web_item"), t("club_web_details")],
        log.map((e) => [e.at.replace("T", " ").replace("+00:00", ""), action(e.action), details(e.detail)]), "club-log")));
    said(counted("club_web_log_shown", log.length, { count: log.length }));
  } catch (e) {
    fail(e);
  }
}

/** A file of the book (a CSV for a spreadsheet, the club's export), fetched with the session
 * and saved as ``name``; whether it was. */
async function download(path, name) {
  try {
    const response = await fetch(`/api/clubs/${enc(club.slug)}/${path}`, { headers: { "x-club-session": club.session || "" } });
    if (!response.ok) throw new Error((await response.json()).error || response.statusText);
    const url = URL.createObjectURL(await response.blob());
    const a = ctx.el("a", { href: url, download: name });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return true;
  } catch (e) {
    fail(e);
    return false;
  }
}
