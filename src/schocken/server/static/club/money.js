// Money: the kitty, balances, a member's ledger and payments, expenses.

import { cents, change, label, money, today } from "/static/club/book.js";
import {
  balanceOf,
  card,
  fold,
  memberName,
  options,
  render,
  said,
  scroller,
  table,
} from "/static/club/frame.js";
import { club, ctx, ui } from "/static/club/state.js";
import { paymentForm } from "/static/club/tonight.js";

// ---------------------------------------------------------------- Money

export function moneyView() {
  return { left: [balancesCard(), kittyCard()], right: [expensesCard()] };
}

/** What each member owes; a member's name opens their ledger, a payment and pay by QR. */
function balancesCard() {
  const { t, el } = ctx;
  const b = club.book;
  if (ui.member && !b.members.some((m) => m.name === ui.member)) ui.member = null;
  const rows = b.balances.map((x, i) => [
    el("button", { type: "button", class: "club-name-button", id: `club-member-${i}`, "aria-expanded": String(ui.member === x.member),
      "aria-controls": "club-member-panel", onclick: () => {
        ui.member = ui.member === x.member ? null : x.member;
        ui.memberLines = 8;
        ui.payMember = null;
        render(ui.member ? "club-member-panel-h" : `club-member-${i}`);
        if (ui.member) said(t("club_web_ledger_shown", { name: x.member, balance: money(x.balance) }));
      } }, memberName(x.member)),
    money(x.charged), money(x.paid), money(x.balance)]);
  return card("club-money", t("club_web_balances"),
    b.balances.length === 0 ? el("p", { class: "hint" }, t("club_web_members_first")) : [
      el("p", { class: "hint" }, t("club_web_balances_hint")),
      table(t("club_web_balances"), [t("club_web_member"), t("club_web_charged"), t("club_web_paid"), t("club_web_balance")], rows, "club-balances")],
    ui.member ? memberPanel(ui.member) : null);
}

function ledgerItem(line) {
  const { t } = ctx;
  const what = ["payment", "charge"].includes(line.item) ? t(`club_web_${line.item}_line`) : t(`club_web_item_${line.item}`);
  const count = line.count > 1 ? ` ×${line.count}` : "";
  const game = line.game ? ` (${t("club_web_game_no", { number: line.game })})` : "";
  return `${what}${count}${game}${line.text ? `: ${line.text}` : ""}`;
}

/** One member: their payment (and pay by QR), their ledger (the latest lines first, all on
 * asking), and a charge or correction by hand. */
function memberPanel(name) {
  const { t, el } = ctx;
  const lines = club.book.ledger.filter((l) => l.member === name);
  const latest = lines.slice().reverse();
  const shown = latest.slice(0, ui.memberLines);
  return el("div", { id: "club-member-panel", class: "club-member-panel" },
    el("h3", { id: "club-member-panel-h", tabindex: "-1" }, t("club_web_member_owes", { name, balance: money(balanceOf(name).balance) })),
    paymentForm(name, today(), false),
    table(t("club_web_ledger_of_name", { name }), [t("club_web_date"), t("club_web_item"), t("club_web_amount")],
      shown.map((l) => [l.date, ledgerItem(l), money(l.cents)]), "club-ledger"),
    latest.length > shown.length ? el("button", { type: "button", class: "secondary", id: "club-ledger-more", onclick: () => {
      ui.memberLines = latest.length;
      render("club-ledger-more-done");
    } }, t("club_web_lines_more", { count: latest.length })) : el("span", { id: "club-ledger-more-done", tabindex: "-1" }),
    fold("charge", t("club_web_charge"), () => el("form", { id: "club-charge", onsubmit: (e) => {
      e.preventDefault();
      const f = e.target;
      const reason = f.reason.value.trim();
      change("charges", { member: name, cents: cents(f.amount.value), reason, date: f.date.value },
        t("club_web_charged_said", { name, amount: money(cents(f.amount.value)), reason }));
    } },
    el("label", {}, t("club_web_amount"), el("input", { name: "amount", inputmode: "decimal", required: true, pattern: "-?[0-9]+([.,][0-9]{1,2})?",
      "aria-describedby": "club-charge-hint" })),
    el("p", { class: "hint", id: "club-charge-hint" }, t("club_web_charge_hint")),
    el("label", {}, t("club_web_reason"), el("input", { name: "reason", required: true, maxlength: "200" })),
    el("label", {}, t("club_web_date"), el("input", { name: "date", type: "date", required: true, value: today() })),
    el("button", { type: "submit" }, t("club_web_charge_button"))), "h4", "club-fold club-subfold"));
}

/** The club's kitty: what is in it (payments in less expenses out), what members still owe to
 * it (apart: not in it yet) and what they paid ahead. */
function kittyCard() {
  const { t } = ctx;
  const k = club.book.kitty;
  return card("club-kitty-part", t("club_web_kitty"),
    table(t("club_web_kitty_caption"), [t("club_web_kitty_what"), t("club_web_amount")], [
      [t("club_kitty_in"), money(k.paid_in)],
      [t("club_kitty_out"), money(k.paid_out)],
      [t("club_kitty_balance"), { text: money(k.balance), class: "kitty-balance" }],
      [t("club_kitty_owed"), { text: money(k.owed), class: "kitty-owed" }],
      [t("club_kitty_credit"), money(k.credit)],
    ], "club-kitty"));
}

/** The kitty's expenses, the latest few (all on asking), and a form to book one. */
function expensesCard() {
  const { t, el } = ctx;
  const b = club.book;
  const latest = b.expenses.slice().reverse();
  const shown = latest.slice(0, ui.expenses);
  return card("club-expenses-part", t("club_web_expenses"),
    b.expenses.length === 0 ? el("p", { class: "hint", id: "club-no-expenses" }, t("club_web_no_expenses"))
      : scroller(t("club_web_expenses"), table(t("club_web_expenses"), [t("club_web_date"), t("club_web_purpose"), t("club_web_paid_out_by"), t("club_web_amount")],
        shown.map((x) => [x.date, x.purpose, x.paid_by || "–", money(x.cents)]), "club-expenses")),
    latest.length > shown.length ? el("button", { type: "button", class: "secondary", id: "club-expenses-more", onclick: () => {
      ui.expenses = latest.length;
      render("club-expenses-part-h");
    } }, t("club_web_show_more_count", { count: latest.length - shown.length })) : null,
    expenseFold("h3"));
}

/** Book an expense: a part that opens on its first field (the amount). On Money under the
 * expenses (``h3``), and on a phone's Tonight as a card of its own (``h2``). */
export function expenseFold(level) {
  const { t, el } = ctx;
  const names = club.book.members.map((m) => m.name);
  const cls = level === "h2" ? "card club-part club-fold" : "club-fold club-subfold";
  const form = () => el("form", { id: "club-expense", onsubmit: (e) => {
    e.preventDefault();
    const f = e.target;
    const amount = cents(f.amount.value);
    const purpose = f.purpose.value.trim();
    change("expenses", { cents: amount, purpose, date: f.date.value, paid_by: f.paid_by.value || null },
      (book) => t("club_web_expense_said", { amount: money(amount), purpose, balance: money(book.kitty.balance) }));
  } },
  el("p", { class: "hint", id: "club-expense-hint" }, t("club_web_expense_hint")),
  el("label", {}, t("club_web_amount"), el("input", { name: "amount", inputmode: "decimal", required: true, pattern: "-?[0-9]+([.,][0-9]{1,2})?",
    id: "club-expense-amount", "aria-describedby": "club-expense-hint" })),
  el("label", {}, t("club_web_purpose"), el("input", { name: "purpose", required: true, maxlength: "200", autocomplete: "off" })),
  el("label", {}, t("club_web_date"), el("input", { name: "date", type: "date", required: true, value: today() })),
  el("label", {}, t("club_web_paid_out_by"), el("select", { name: "paid_by" },
    el("option", { value: "" }, t("club_web_nobody_said")), options(names))),
  el("button", { type: "submit" }, t("club_web_expense_button")));
  return fold("expense", t("club_web_expense_new"), form, level, cls, { first: "club-expense-amount" });
}
