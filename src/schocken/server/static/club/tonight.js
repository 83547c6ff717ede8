// Tonight, the club's home: start the evening, who came, the games, fines, tonight's totals, close.

import {
  call,
  cents,
  change,
  day,
  enc,
  inWords,
  label,
  lang,
  money,
  queueCard,
  today,
} from "/static/club/book.js";
import {
  active,
  balanceOf,
  card,
  fail,
  fold,
  go,
  href,
  memberName,
  openFold,
  render,
  said,
  table,
} from "/static/club/frame.js";
import { expenseFold } from "/static/club/money.js";
import { linkBlock, SETTINGS } from "/static/club/settings.js";
import { club, ctx, ui, wide } from "/static/club/state.js";

// ---------------------------------------------------------------- Tonight

/** The evening worked on: the one asked for (?evening=), else tonight's. */
function currentEvening() {
  const evenings = club.book.evenings;
  if (club.evening) return evenings.find((e) => e.date === club.evening) || null;
  return evenings.find((e) => e.date === today()) || null;
}

function closedKey() {
  return `schocken:club-closed:${club.slug}`;
}

function closedDates() {
  return JSON.parse(localStorage.getItem(closedKey()) || "[]");
}

export function tonightView() {
  const parts = [queueCard()];
  if (ui.welcome && club.secret) parts.push(welcomeCard());
  const ev = currentEvening();
  if (!ev) {
    parts.push(startCard());
  } else if (closedDates().includes(ev.date)) {
    parts.push(closedCard(ev));
  } else {
    // The most frequent job first: a fine; then the games, then the evening's sums.
    parts.push(cameCard(ev), finesCard(ev), gamesCard(ev), totalsCard(ev));
  }
  // An expense from the kitty, a tap away as a fine is (a desktop has it beside, under Money).
  if (!wide.matches) parts.push(expenseFold("h2"));
  parts.push(earlierCard(ev));
  return parts;
}

/** The first screen after a club is made: how the others get in. */
function welcomeCard() {
  const { t, el } = ctx;
  return card("club-secret", t("club_web_welcome_title"),
    el("p", {}, t("club_web_welcome_text")),
    linkBlock("club-secret"),
    el("button", { type: "button", class: "secondary", id: "club-welcome-done", onclick: () => {
      ui.welcome = false;
      render();
      ctx.main.querySelector("#club-view h2")?.focus();
    } }, t("club_web_welcome_done")));
}

/** Tap the names of who came, then start the evening (today, or the day entered). */
function startCard() {
  const { t, el } = ctx;
  const last = club.book.evenings.at(-1);
  const names = active().map((m) => m.name);
  const chips = el("div", { class: "club-chips", role: "group", "aria-labelledby": "club-start-who" },
    names.map((n) => el("button", { type: "button", class: "chip", "aria-pressed": String(ui.pick.has(n)),
      id: `club-pick-${names.indexOf(n)}`, onclick: () => {
        if (ui.pick.has(n)) ui.pick.delete(n);
        else ui.pick.add(n);
        render();
      } }, n)));
  return card("club-start", t("club_web_start_title"),
    el("form", { id: "club-add-evening", onsubmit: (e) => {
      e.preventDefault();
      const f = e.target;
      const present = names.filter((n) => ui.pick.has(n));
      const date = f.date.value;
      change("evenings", { date, place: f.place.value, present },
        t("club_web_started", { date: day(date), count: present.length }), "club-tonight-h", () => {
          ui.pick.clear();
          ui.startDate = null;
          ui.startPlace = null;
          if (date !== today()) {
            history.pushState(null, "", href("tonight", date));
            club.evening = date;
          }
        });
    } },
    names.length === 0 ? el("p", { class: "hint" }, t("club_web_members_first")) : [
      el("p", { id: "club-start-who", class: "club-label" }, t("club_web_start_hint")),
      chips],
    // What is typed stays when the card is drawn anew (a tap on a name).
    el("div", { class: "club-row" },
      el("label", {}, t("club_web_date"), el("input", { name: "date", type: "date", required: true, id: "club-start-date",
        value: ui.startDate || today(), oninput: (e) => { ui.startDate = e.target.value; } })),
      el("label", {}, t("club_web_place"), el("input", { name: "place", maxlength: "200", id: "club-start-place",
        value: ui.startPlace ?? (last?.place || ""), oninput: (e) => { ui.startPlace = e.target.value; } }))),
    el("button", { type: "submit", class: "primary", id: "club-start-button" }, t("club_web_start_button"))));
}

/** The evening's heading and who came: the others are a tap away from being marked. */
function cameCard(ev) {
  const { t, el } = ctx;
  const isToday = ev.date === today();
  const missing = active(ev.date).map((m) => m.name).filter((n) => !ev.present.includes(n));
  return card("club-tonight", isToday ? t("club_web_tonight_of", { date: day(ev.date) }) : t("club_web_evening_of", { date: day(ev.date) }),
    isToday && !club.evening ? null : el("p", {}, el("a", { href: href("tonight"), id: "club-back-tonight", onclick: (e) => {
      e.preventDefault();
      go("tonight");
    } }, t("club_web_back_tonight"))),
    el("p", { id: "club-came" }, el("strong", {}, t("club_web_came", { count: ev.present.length })), " ",
      ev.present.length ? ev.present.join(", ") : t("club_web_came_none")),
    missing.length === 0 ? null : [
      el("p", { class: "club-label", id: "club-came-more" }, t("club_web_came_more")),
      el("div", { class: "club-chips", role: "group", "aria-labelledby": "club-came-more", id: "club-present" },
        missing.map((n, i) => el("button", { type: "button", class: "chip", id: `club-came-${i}`,
          onclick: () => change("evenings/present", { date: ev.date, present: [n] },
            t("club_web_present_added", { date: ev.date, names: n }), "club-came-more") }, `+ ${n}`)))]);
}

// The pub games entered on this device (pub mode keeps each one's token in this browser), and
// the online tables this browser sat at: a finished one goes into the book with one tap. At
// most KNOWN of each are asked about (a browser that kept hundreds asks not for all of them).
const KNOWN = 30;

function pubGames() {
  const found = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key && key.startsWith("schocken:pub:")) found.push({ id: key.slice("schocken:pub:".length), token: localStorage.getItem(key) });
  }
  return found.slice(0, KNOWN);
}

function knownTables() {
  const found = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key && key.startsWith("schocken:table:")) found.push(key.slice("schocken:table:".length));
  }
  return found.slice(0, KNOWN);
}

function bookedKey() {
  return `schocken:club-booked:${club.slug}`;
}

export function booked() {
  return new Set(JSON.parse(localStorage.getItem(bookedKey()) || "[]"));
}

function markBooked(what) {
  markBookedIn(club.slug, what);
}

export function bookedIn(slug) {
  return new Set(JSON.parse(localStorage.getItem(`schocken:club-booked:${slug}`) || "[]"));
}

export function markBookedIn(slug, what) {
  const all = bookedIn(slug);
  all.add(what);
  localStorage.setItem(`schocken:club-booked:${slug}`, JSON.stringify([...all]));
}

/** Tonight's games, and the ways to add one: a new pub game on this phone, a finished game of
 * this phone or an online table (one tap each), or just its loser. */
function gamesCard(ev) {
  const { t, el } = ctx;
  const games = club.book.games.filter((g) => g.date === ev.date);
  const counted = games.filter((g) => !g.void);
  const present = ev.present;
  const ready = el("ul", { class: "club-ready", id: "club-ready" });
  fillReady(ready, ev);
  const way = (key, label) => el("button", { type: "button", class: "secondary", id: `club-way-${key}`,
    "aria-expanded": String(ui.gameWay === key), "aria-controls": `club-way-${key}-panel`, onclick: () => {
      ui.gameWay = ui.gameWay === key ? null : key;
      render(`club-way-${key}`);
    } }, label);
  const loserPanel = ui.gameWay !== "loser" ? null : el("div", { id: "club-way-loser-panel", class: "club-way-panel" },
    present.length < 2 ? el("p", { class: "hint" }, t("club_web_loser_needs")) : [
      el("p", { class: "club-label", id: "club-loser-who" }, t("club_web_pick_loser")),
      el("div", { class: "club-chips", role: "group", "aria-labelledby": "club-loser-who", id: "club-add-game" },
        present.map((n, i) => el("button", { type: "button", class: "chip", id: `club-loser-${i}`,
          "aria-label": t("club_web_loser_button", { name: n }),
          onclick: () => change("games", { date: ev.date, loser: n }, t("club_web_game_added", { loser: n }), `club-loser-${i}`) }, n)))]);
  const tablePanel = ui.gameWay !== "table" ? null : el("form", { id: "club-add-table", class: "club-way-panel", onsubmit: (e) => {
    e.preventDefault();
    takeTable(ev.date, e.target.table.value.trim());
  } },
  el("label", {}, t("club_web_table"), el("input", { name: "table", required: true, autocomplete: "off", autocapitalize: "characters" })),
  el("button", { type: "submit" }, t("club_web_add_game")));
  const list = el("ol", { id: "club-games-tonight", class: "club-games" }, games.map((g) => el("li", { class: g.void ? "void" : null },
    g.waiting && g.source === "pub" ? t("offline_game_pub_line", { number: g.number }) : t("club_web_game_line", { number: g.number, loser: g.loser }),
    g.waiting ? el("span", { class: "hint" }, ` · ${t("offline_state_waiting")}`) : null,
    g.source === "loser" ? null : el("span", { class: "hint" }, ` · ${t(`club_web_source_${g.source}`)}`),
    g.bots.length ? el("span", { class: "hint" }, ` · ${t("club_web_bots_in", { bots: g.bots.join(", ") })}`) : null,
    g.tournament ? el("span", { class: "hint" }, " · ", el("a", { href: `/tournaments/${enc(club.slug)}/${enc(g.tournament.slug)}`, class: "club-inline-link" },
      t("club_web_from_tournament", { tournament: g.tournament.name, round: g.tournament.round, table: g.tournament.table }))) : null,
    g.void ? el("span", { class: "hint" }, ` · ${t("club_web_struck_out", { reason: g.void })}`) : null)));
  return card("club-games-part", t("club_web_games_tonight", { count: counted.length }),
    games.length ? list : el("p", { class: "hint" }, t("club_web_games_none")),
    ready,
    el("div", { class: "club-ways" },
      el("button", { type: "button", class: "primary", id: "club-new-pub", onclick: () => newPubGame(ev) }, t("club_web_new_pub")),
      way("loser", t("club_web_by_loser")), way("table", t("club_web_by_table"))),
    loserPanel, tablePanel,
    counted.length === 0 ? null : voidFold(counted));
}

/** Pub mode on this phone for this evening: its start form gets who came as the players. */
function newPubGame(ev) {
  sessionStorage.setItem("schocken:pub-next", JSON.stringify({
    club: club.slug, name: club.book.club.name, date: ev.date, players: ev.present.slice(0, 10),
  }));
  location.assign("/pub");
}

/** The finished games this browser knows that are not in the book yet, each with its button:
 * asked in the background once per visit of Tonight (the pub games with their tokens, the
 * tables by their ids), then drawn from what was answered. */
function fillReady(list, ev) {
  const { t, el } = ctx;
  const done = booked();
  const forUs = (id) => {
    const kept = JSON.parse(localStorage.getItem(`schocken:pub-club:${id}`) || "null");
    return !kept || kept.club === club.slug;
  };
  const draw = () => {
    const items = [...(ui.ready?.values() || [])].filter((r) => r && !done.has(r.key));
    list.replaceChildren(...items.map((r) => {
      if (r.running) {
        return el("li", {}, t("club_web_pub_item", { players: t("club_web_pub_running", { players: r.players }) }), " ",
          el("a", { href: `/pub/${enc(r.id)}`, class: "club-inline-link" }, t("club_web_pub_continue")));
      }
      const what = r.kind === "pub" ? t("club_web_pub_item", { players: r.players })
        : t("club_web_table_item", { code: r.code, players: r.players });
      return el("li", {}, what, " ", el("button", { type: "button", class: "small", id: `club-take-${r.kind}-${r.id}`,
        "aria-label": t("club_web_into_book_label", { what }), onclick: () => takeReady(r, ev.date) }, t("club_web_into_book")));
    }));
    list.hidden = items.length === 0;
  };
  if (ui.ready) {
    draw();
    return;
  }
  ui.ready = new Map();
  list.hidden = true;
  const asked = [];
  for (const g of pubGames()) {
    if (done.has(`pub:${g.id}`) || !forUs(g.id)) continue;
    asked.push(fetch(`/api/pub/${enc(g.id)}?lang=${lang()}`, { headers: { "x-pub-token": g.token || "" } })
      .then((r) => (r.ok ? r.json() : null))
      .then((v) => {
        // A game of a tournament's table (it has a next game's place) is booked by the tournament.
        if (v && v.next === undefined) ui.ready.set(`pub:${g.id}`, { key: `pub:${g.id}`, kind: "pub", id: g.id, token: g.token,
          players: v.players.join(", "), running: v.state.loser == null });
      }));
  }
  for (const id of knownTables()) {
    if (done.has(`table:${id}`)) continue;
    asked.push(fetch(`/api/tables/${enc(id)}`)
      .then((r) => (r.ok ? r.json() : null))
      .then((table) => {
        if (!table || !table.finished) return;
        const players = table.seats.map((s) => (s.human ? s.name : `${s.name} (${t("club_web_bot_mark")})`)).join(", ");
        ui.ready.set(`table:${id}`, { key: `table:${id}`, kind: "table", id, code: table.code, players });
      }));
  }
  Promise.allSettled(asked).then(() => {
    const now = ctx.main.querySelector("#club-ready");
    if (now) fillReady(now, ev);
  });
}

/** One finished game of this browser into the book, with one tap. */
async function takeReady(r, date) {
  if (r.kind === "table") {
    await takeTable(date, r.id);
    return;
  }
  await change("games", { date, pub: r.id, pub_token: r.token }, ctx.t("club_web_game_added_pub"), "club-games-part-h",
    () => markBooked(r.key));
}

async function takeTable(date, key) {
  if (!key) return;
  await change("games", { date, table: key }, (answer) => {
    const bots = answer.done.bots.length ? ` ${ctx.t("club_web_bots_in", { bots: answer.done.bots.join(", ") })}.` : "";
    return `${ctx.t("club_web_game_added_table")}${bots}`;
  }, "club-games-part-h", () => {
    markBooked(`table:${key}`);
    ui.gameWay = null;
  });
}

/** Strike a game of the evening out, with the reason: it stays in the book and counts no more. */
function voidFold(counted) {
  const { t, el } = ctx;
  return fold("void", t("club_web_void"), () => el("form", { id: "club-void", onsubmit: (e) => {
    e.preventDefault();
    const f = e.target;
    const g = counted[Number(f.game.value)];
    const reason = f.reason.value.trim();
    change("games/void", { date: g.date, number: g.number, reason }, t("club_web_voided", { number: g.number, date: g.date, reason }));
  } },
  el("label", {}, t("club_web_game"), el("select", { name: "game" },
    counted.map((g, i) => el("option", { value: String(i) }, t("club_web_game_choice", { date: g.date, number: g.number, loser: g.loser }))).reverse())),
  el("label", {}, t("club_web_reason"), el("input", { name: "reason", required: true, maxlength: "200" })),
  el("button", { type: "submit" }, t("club_web_void_button"))), "h3", "club-fold club-subfold");
}

/** Fines from the club's catalogue: tap a member, tap a fine (how many times: the stepper). */
function finesCard(ev) {
  const { t, el } = ctx;
  const items = club.book.fine_items;
  if (items.length === 0) {
    return card("club-fines", t("club_web_fines"), el("p", { class: "hint", id: "club-fines-empty" }, t("club_web_fines_empty_tonight"), " ",
      el("a", { href: href("settings"), onclick: (e) => {
        e.preventDefault();
        openFold("fines", SETTINGS);
        go("settings");
      } }, t("club_web_tab_settings"))));
  }
  const everyone = active(ev.date).map((m) => m.name);
  const shown = ui.fineEveryone || ev.present.length === 0 ? everyone : ev.present;
  if (ui.fineMember && !everyone.includes(ui.fineMember)) ui.fineMember = null;
  const who = ui.fineMember;
  const chips = el("div", { class: "club-chips", role: "group", "aria-labelledby": "club-fine-who", id: "club-fine-members" },
    shown.map((n, i) => el("button", { type: "button", class: "chip", id: `club-fine-member-${i}`, "aria-pressed": String(n === who),
      onclick: () => {
        ui.fineMember = n === who ? null : n;
        render(`club-fine-member-${i}`);
      } }, n)),
    shown.length < everyone.length ? el("button", { type: "button", class: "chip more", id: "club-fine-everyone",
      onclick: () => {
        ui.fineEveryone = true;
        render("club-fine-everyone");
      } }, t("club_web_everyone_else")) : null);
  const stepper = el("div", { class: "club-stepper", role: "group", "aria-labelledby": "club-fine-count-label" },
    el("span", { id: "club-fine-count-label", class: "club-label" }, t("club_web_fine_count")),
    el("button", { type: "button", class: "step", id: "club-fine-less", "aria-label": t("club_web_count_less"),
      disabled: ui.fineCount <= 1, onclick: () => { ui.fineCount -= 1; render("club-fine-less"); } }, "−"),
    el("output", { id: "club-fine-count", "aria-live": "polite" }, String(ui.fineCount)),
    el("button", { type: "button", class: "step", id: "club-fine-more", "aria-label": t("club_web_count_more"),
      disabled: ui.fineCount >= 99, onclick: () => { ui.fineCount += 1; render("club-fine-more"); } }, "+"));
  const book = (item, i) => {
    if (!who) {
      fail(new Error(t("club_web_fine_pick_member")));
      return;
    }
    const count = ui.fineCount;
    change("fines", { member: who, fine: item.name, count, date: ev.date },
      t("club_web_fined", { name: who, fine: item.name, count, amount: money(item.cents * count) }), `club-fine-${i}`,
      () => { ui.fineCount = 1; });
  };
  return card("club-fines", t("club_web_fines"),
    el("p", { class: "club-label", id: "club-fine-who" }, t("club_web_fine_who")),
    chips,
    stepper,
    el("p", { class: "club-label", id: "club-fine-what" }, who ? t("club_web_fine_what", { name: who }) : t("club_web_fine_what_first")),
    el("div", { class: "club-fine-items", role: "group", "aria-labelledby": "club-fine-what", id: "club-fine" },
      items.map((item, i) => el("button", { type: "button", class: "fine", id: `club-fine-${i}`,
        onclick: () => book(item, i) }, el("span", {}, item.name), el("span", { class: "price" }, money(item.cents))))));
}

/** Tonight's totals per member: what the evening cost them, what they owe in all, and a
 * payment in two taps. */
function totalsCard(ev) {
  const { t, el } = ctx;
  const lines = club.book.ledger.filter((l) => l.date === ev.date);
  const tonight = new Map();
  for (const l of lines) {
    if (l.item !== "payment") tonight.set(l.member, (tonight.get(l.member) || 0) + l.cents);
  }
  const names = club.book.members.map((m) => m.name).filter((n) => ev.present.includes(n) || tonight.has(n));
  if (ui.payMember && !names.includes(ui.payMember)) ui.payMember = null;
  const rows = names.map((n, i) => [memberName(n), money(tonight.get(n) || 0), money(balanceOf(n).balance),
    el("button", { type: "button", class: "small", id: `club-pay-open-${i}`, "aria-expanded": String(ui.payMember === n),
      "aria-label": t("club_web_pay_for", { name: n }), onclick: () => {
        ui.payMember = ui.payMember === n ? null : n;
        ui.member = null;
        render(ui.payMember ? "club-payment-amount" : `club-pay-open-${i}`);
      } }, t("club_web_pay_tonight"))]);
  return card("club-totals", t("club_web_totals"),
    names.length === 0 ? el("p", { class: "hint" }, t("club_web_totals_none"))
      : table(t("club_web_totals"), [t("club_web_member"), t("club_web_tonight_col"), t("club_web_balance"), t("club_web_pay_tonight")], rows, "club-totals-table"),
    ui.payMember ? paymentForm(ui.payMember, ev.date) : null,
    el("button", { type: "button", class: "secondary", id: "club-close-evening", onclick: () => {
      localStorage.setItem(closedKey(), JSON.stringify([...new Set([...closedDates(), ev.date])]));
      ui.payMember = null;
      render("club-closed-h");
      said(t("club_web_closed_said", { date: day(ev.date) }));
    } }, t("club_web_close_evening")));
}

/** A member's payment: the amount (what they owe, to begin with), a note, and pay by QR. */
export function paymentForm(name, date = today(), heading = true) {
  const { t, el } = ctx;
  const owed = balanceOf(name).balance;
  return el("form", { id: "club-payment", class: "club-payment", onsubmit: (e) => {
    e.preventDefault();
    const f = e.target;
    const amount = cents(f.amount.value);
    const tonight = club.view === "tonight";
    change("payments", { member: name, cents: amount, note: f.note.value, date }, t("club_web_paid_said", { name, amount: money(amount) }),
      tonight ? "club-totals-h" : "club-member-panel-h", () => {
        if (tonight) ui.payMember = null;
      });
  } },
  heading ? el("h3", { id: "club-payment-h", tabindex: "-1" }, t("club_web_pay_label", { name })) : null,
  el("div", { class: "club-row" },
    el("label", {}, t("club_web_amount"), el("input", { name: "amount", id: "club-payment-amount", inputmode: "decimal", required: true,
      pattern: "-?[0-9]+([.,][0-9]{1,2})?", value: owed > 0 ? (owed / 100).toFixed(2).replace(".", ctx.t("number_decimal")) : "" })),
    el("label", {}, t("club_web_note"), el("input", { name: "note", maxlength: "200" }))),
  el("button", { type: "submit", class: "primary" }, t("club_web_pay")),
  payPart(name));
}

/** The chosen member's way to pay: a button that shows their balance as a GiroCode (a SEPA
 * transfer's QR code, EPC069-12) to the club's account, with what it holds in words. */
function payPart(name) {
  const { t, el } = ctx;
  const b = club.book;
  const owed = balanceOf(name).balance;
  const box = el("div", { id: "club-pay", class: "club-pay" });
  if (!name || !b.account || owed <= 0) return box;
  box.append(el("button", { type: "button", id: "club-pay-button", class: "secondary", onclick: async () => {
    try {
      const pay = await call(`/api/clubs/${enc(club.slug)}/pay?member=${enc(name)}`);
      const words = { name: pay.member, amount: money(pay.cents), iban: pay.iban, holder: pay.holder, reference: pay.reference };
      const figure = el("figure", { class: "club-pay-qr" },
        el("img", { src: pay.qr, alt: t("club_web_pay_alt", words), width: "240", height: "240" }),
        el("figcaption", {}, el("strong", {}, t("club_web_pay_title", words)), " ", t("club_web_pay_hint", words),
          pay.adjusted ? el("span", { class: "hint" }, " ", t("club_pay_adjusted")) : null));
      box.replaceChildren(figure);
      said(t("club_web_pay_title", words));
    } catch (err) {
      fail(err);
    }
  } }, t("club_web_pay_button")));
  return box;
}

/** A closed evening: its sums, and a button to open it again. */
function closedCard(ev) {
  const { t, el } = ctx;
  const lines = club.book.ledger.filter((l) => l.date === ev.date);
  const charged = lines.filter((l) => l.item !== "payment").reduce((s, l) => s + l.cents, 0);
  const paid = -lines.filter((l) => l.item === "payment").reduce((s, l) => s + l.cents, 0);
  const tonight = new Map();
  for (const l of lines) if (l.item !== "payment") tonight.set(l.member, (tonight.get(l.member) || 0) + l.cents);
  return card("club-closed", t("club_web_closed_title", { date: day(ev.date) }),
    el("p", { id: "club-closed-sum" }, t("club_web_closed_sum", { count: ev.present.length, games: inWords("n_games", ev.games), charged: money(charged), paid: money(paid) })),
    tonight.size === 0 ? null : table(t("club_web_totals"), [t("club_web_member"), t("club_web_tonight_col"), t("club_web_balance")],
      [...tonight.entries()].map(([n, c]) => [n, money(c), money(balanceOf(n).balance)]), "club-closed-table"),
    el("p", { class: "hint" }, t("club_web_closed_hint")),
    el("button", { type: "button", class: "secondary", id: "club-reopen", onclick: () => {
      localStorage.setItem(closedKey(), JSON.stringify(closedDates().filter((d) => d !== ev.date)));
      render("club-tonight-h");
      said(t("club_web_reopened", { date: day(ev.date) }));
    } }, t("club_web_reopen")));
}

/** The evenings before, newest first: a few, and more on asking; each opens as "Tonight". */
function earlierCard(ev) {
  const { t, el } = ctx;
  const earlier = club.book.evenings.filter((e) => e !== ev && e.date !== ev?.date).reverse();
  if (earlier.length === 0) return null;
  const shown = earlier.slice(0, ui.evenings);
  return card("club-earlier", t("club_web_earlier"),
    el("ul", { id: "club-evening-list", class: "club-evenings" }, shown.map((e, i) => el("li", {},
      el("a", { href: href("tonight", e.date), id: `club-evening-${i}`, onclick: (x) => {
        x.preventDefault();
        go("tonight", e.date);
      } }, t("club_web_evening_line", { date: e.date, place: e.place || "–", count: e.present.length, games: inWords("n_games", e.games) }))))),
    earlier.length > shown.length ? el("button", { type: "button", class: "secondary", id: "club-evenings-more", onclick: () => {
      ui.evenings += 10;
      render(`club-evening-${shown.length}`);
    } }, t("club_web_show_more_count", { count: earlier.length - shown.length })) : null);
}
