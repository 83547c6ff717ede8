// Stand-ins and dice anyone can check: the table's commitment, the dice derived in the browser or
// checked by the server.

import { api, app, el, routed, t } from "/static/page.js";
import { render } from "/static/table/lobby.js";
import { speak } from "/static/table/speech.js";

// ---------------------------------------------------------------- dice anyone can check

// docs/fair-dice.md: the server commits to a table's dice (the SHA-256 of a secret seed) before
// the first throw and reveals the seed at the end. The page keeps the commitment it first saw,
// and "Check the dice" recomputes every die of the record here, with the browser's own
// HMAC-SHA256 (SubtleCrypto); where the browser has none (plain HTTP off this computer), the
// server checks and says so.
export function rememberCommitment(table) {
  const dice = table?.dice;
  if (!dice || dice.seed || !app.tableId) return; // the one seen before the seed was revealed
  const key = `schocken:commitment:${app.tableId}`;
  if (!localStorage.getItem(key)) localStorage.setItem(key, dice.commitment);
}

const hexBytes = (hex) => Uint8Array.from(hex.match(/../g), (pair) => parseInt(pair, 16));
const bytesHex = (bytes) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

// Die i of the game: the first byte below 252 of HMAC-SHA256(seed, "schocken-die:i") (further
// blocks "schocken-die:i:1", ... should all 32 be 252 or more), as 1 + byte % 6.
async function derivedDie(key, i) {
  const text = new TextEncoder();
  for (let block = 0; ; block += 1) {
    const message = block === 0 ? `schocken-die:${i}` : `schocken-die:${i}:${block}`;
    const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, text.encode(message)));
    for (const byte of mac) if (byte < 252) return 1 + (byte % 6);
  }
}

async function checkInBrowser(record) {
  const dice = record.dice;
  if (!dice || !dice.seed) return { fair: null, text: t("web_dice_none") };
  const seen = localStorage.getItem(`schocken:commitment:${app.tableId}`);
  if (seen && seen !== dice.commitment) return { fair: false, text: t("web_dice_changed") };
  const seed = hexBytes(dice.seed);
  if (bytesHex(await crypto.subtle.digest("SHA-256", seed)) !== dice.commitment) {
    return { fair: false, text: t("web_dice_seed_wrong") };
  }
  const key = await crypto.subtle.importKey("raw", seed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const recorded = record.steps.flatMap((step) => step.pips || []);
  const derived = await Promise.all(recorded.map((_, i) => derivedDie(key, i)));
  const wrong = recorded.findIndex((pip, i) => pip !== derived[i]);
  if (wrong >= 0) {
    return { fair: false, text: t("web_dice_unfair", { n: wrong + 1, shows: recorded[wrong], derived: derived[wrong] }) };
  }
  return { fair: true, text: t("web_dice_fair", { count: recorded.length }) };
}

async function checkOnServer() {
  const verdict = await api(`/api/tables/${app.tableId}/verify`);
  const seen = localStorage.getItem(`schocken:commitment:${app.tableId}`);
  if (seen && seen !== verdict.commitment) return { fair: false, text: t("web_dice_changed") };
  if (verdict.fair) return { fair: true, text: t("web_dice_fair", { count: verdict.dice }) };
  if (verdict.recorded == null) return { fair: false, text: t("web_dice_seed_wrong") };
  return { fair: false, text: t("web_dice_unfair", { n: verdict.dice + 1, shows: verdict.recorded, derived: verdict.derived }) };
}

async function checkDice() {
  app.diceCheck = { fair: null, text: t("web_dice_checking"), running: true };
  render();
  let verdict;
  try {
    if (globalThis.crypto?.subtle) {
      const response = await fetch(routed(`/api/tables/${app.tableId}/record`));
      if (!response.ok) throw new Error((await response.json()).error || response.statusText);
      verdict = { ...(await checkInBrowser(await response.json())), where: t("web_dice_in_browser") };
    } else {
      verdict = { ...(await checkOnServer()), where: t("web_dice_by_server") };
    }
  } catch (e) {
    verdict = { fair: null, text: t("web_dice_failed", { error: e.message }) };
  }
  app.diceCheck = verdict;
  render();
  speak([{ n: Infinity, text: verdict.where ? `${verdict.text} ${verdict.where}` : verdict.text }]);
}

export function renderDiceCheck(m) {
  const dice = m.table.dice;
  if (!dice) return null; // a table made before committed dice
  const check = app.diceCheck;
  const state = !check || check.running ? "" : check.fair === true ? "fair" : check.fair === false ? "unfair" : "unknown";
  return el("div", { class: "dice-check", id: "dice-check" },
    el("p", { class: "hint", id: "dice-about" }, t("web_dice_about")),
    el("button", { class: "secondary", type: "button", id: "check-dice", "aria-describedby": "dice-about", disabled: Boolean(check?.running), onclick: checkDice }, t("web_dice_check")),
    check ? el("p", { id: "dice-verdict", class: `dice-verdict ${state}`, "data-fair": state },
      el("strong", {}, check.text), check.where ? ` ${check.where}` : "") : null,
    el("p", { class: "hint commitment" }, t("web_dice_commitment", { commitment: dice.commitment })));
}
