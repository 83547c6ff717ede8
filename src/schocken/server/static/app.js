// Schocken in the browser: start or join a table, play, watch. Plain ES module, no build step.
// All words come from the server's text catalogue (/api/texts/LANG), the one the terminal uses.

const FACES = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
const PRESETS = ["tsv99", "schock4life", "knobelrunde", "allgemein"];
const main = document.getElementById("main");
const banner = document.getElementById("banner");
const langButton = document.getElementById("lang");

const app = {
  lang: localStorage.getItem("schocken:lang") || (navigator.language || "de").slice(0, 2),
  texts: {},
  tableId: null,
  token: null,
  spectate: false,
  ws: null,
  retry: 0,
  msg: null, // the last state message
  log: [],
  kept: [false, false, false],
  turnKey: "",
  error: "",
};
if (!["de", "en"].includes(app.lang)) app.lang = "en";

function t(key, fields = {}) {
  let text = app.texts[key] ?? key;
  for (const [k, v] of Object.entries(fields)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v === true) node.setAttribute(k, "");
    else if (v !== false && v != null) node.setAttribute(k, v);
  }
  for (const child of children.flat()) {
    if (child == null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

async function loadTexts() {
  app.texts = await (await fetch(`/api/texts/${app.lang}`)).json();
  document.documentElement.lang = app.lang;
  langButton.textContent = t("web_language");
}

async function api(path, body) {
  const response = await fetch(path, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function showBanner(text) {
  banner.hidden = !text;
  banner.textContent = text || "";
}

// ---------------------------------------------------------------- home and join

function renderHome() {
  const error = el("p", { class: "error", role: "alert" });
  const form = el(
    "form",
    { class: "card", onsubmit: (e) => createTable(e, error) },
    el("h1", {}, t("web_new_table")),
    el("p", {}, t("web_tagline")),
    el("label", { for: "name" }, t("web_your_name")),
    el("input", { id: "name", name: "name", required: true, maxlength: "40", autocomplete: "nickname" }),
    el("label", { for: "preset" }, t("web_rules")),
    el("select", { id: "preset", name: "preset" }, PRESETS.map((p) => el("option", { value: p }, p))),
    el("div", { class: "row" },
      el("div", {}, el("label", { for: "seats" }, t("web_seats")),
        el("input", { id: "seats", name: "seats", type: "number", min: "2", max: "10", value: "4" })),
      el("div", {}, el("label", { for: "bots" }, t("web_bots")),
        el("input", { id: "bots", name: "bots", type: "number", min: "0", max: "9", value: "0" }))),
    el("label", { for: "level" }, t("web_bot_level")),
    el("select", { id: "level", name: "level" }, botOptions()),
    el("details", {},
      el("summary", {}, t("web_house_rules")),
      el("label", { for: "house" }, t("web_house_rules")),
      el("textarea", { id: "house", name: "house", rows: "4", "aria-describedby": "house-hint" }),
      el("p", { id: "house-hint" }, t("web_house_hint"))),
    el("p", {}, el("button", { class: "primary", type: "submit" }, t("web_create"))),
    error,
  );
  const join = el(
    "form",
    { class: "card", onsubmit: (e) => { e.preventDefault(); location.href = `/join/${e.target.code.value.trim().toUpperCase()}`; } },
    el("h2", {}, t("web_have_code")),
    el("label", { for: "code" }, t("web_code")),
    el("input", { id: "code", name: "code", required: true, maxlength: "12", autocomplete: "off", autocapitalize: "characters" }),
    el("p", {}, el("button", { class: "secondary", type: "submit" }, t("web_join"))),
  );
  main.replaceChildren(form, join);
}

async function createTable(event, error) {
  event.preventDefault();
  const f = event.target;
  try {
    const seats = Number(f.seats.value);
    const created = await api("/api/tables", {
      name: f.name.value, seats, rules: f.preset.value, rules_toml: f.house.value,
    });
    const bots = Math.min(Number(f.bots.value), seats - 1);
    for (let i = 0; i < bots; i++) {
      await api(`/api/tables/${created.id}/bots`, { token: created.token, bot: f.level.value });
    }
    localStorage.setItem(`schocken:spectate:${created.id}`, created.spectator_token);
    keepToken(created.id, created.token, false);
    location.href = `/t/${created.id}`;
  } catch (e) {
    error.textContent = e.message;
  }
}

function renderJoin(code) {
  const error = el("p", { class: "error", role: "alert" });
  const form = el(
    "form",
    { class: "card", onsubmit: (e) => joinTable(e, code, error) },
    el("h1", {}, t("web_join_title")),
    el("p", { class: "code", "aria-label": t("web_code") }, code),
    el("label", { for: "name" }, t("web_your_name")),
    el("input", { id: "name", name: "name", required: true, maxlength: "40", autocomplete: "nickname" }),
    el("p", {}, el("button", { class: "primary", type: "submit" }, t("web_join"))),
    error,
  );
  main.replaceChildren(form);
}

async function joinTable(event, code, error) {
  event.preventDefault();
  try {
    const joined = await api(`/api/tables/${code}/join`, { name: event.target.name.value });
    keepToken(joined.id, joined.token, false);
    location.href = `/t/${joined.id}`;
  } catch (e) {
    error.textContent = e.message;
  }
}

// ---------------------------------------------------------------- the table

// Tokens live in the browser's storage, never in the address bar (nor in any URL the server
// sees): a link with #TOKEN or #spectate=TOKEN is read once and the address cleaned at once.
function keepToken(id, token, spectate) {
  localStorage.setItem(`schocken:table:${id}`, JSON.stringify({ token, spectate }));
}

function openTable(id) {
  app.tableId = id;
  const hash = decodeURIComponent(location.hash.slice(1));
  const stored = JSON.parse(localStorage.getItem(`schocken:table:${id}`) || "null");
  if (hash.startsWith("spectate=")) {
    app.token = hash.slice(9);
    app.spectate = true;
  } else if (hash) {
    app.token = hash;
  } else if (stored) {
    app.token = stored.token;
    app.spectate = stored.spectate;
  }
  keepToken(id, app.token, app.spectate);
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
  connect();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/${app.tableId}`);
  app.ws = ws;
  ws.onopen = () => {
    app.retry = 0;
    showBanner("");
    // The first message says who is connecting (protocol 2).
    ws.send(JSON.stringify({ v: 2, type: "hello", token: app.token || "", lang: app.lang, since: null }));
  };
  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") onState(message);
    else if (message.type === "error") {
      app.error = message.message;
      if (message.code === "denied") {
        app.denied = true;
        main.replaceChildren(el("p", { class: "card error", role: "alert" }, message.message));
        return;
      }
      render();
    }
  };
  ws.onclose = () => {
    if (app.ws !== ws || app.denied) return;
    showBanner(t("web_reconnecting"));
    app.retry = Math.min(app.retry + 1, 5);
    setTimeout(connect, 300 * app.retry);
  };
}

function send(action) {
  app.error = "";
  if (app.ws && app.ws.readyState === WebSocket.OPEN) {
    app.ws.send(JSON.stringify({ v: 2, type: "action", action }));
  }
}

function myTurn(view) {
  if (!view || view.seat == null) return null;
  return view.turns.find((turn) => turn.seat === view.seat) || null;
}

function diceOnScreen(turn) {
  if (!turn || !turn.showing || turn.done) return [];
  const rest = [...turn.showing];
  for (const pip of turn.aside) rest.splice(rest.indexOf(pip), 1);
  return [...turn.aside, ...rest.sort((a, b) => b - a)];
}

function onState(message) {
  const before = app.msg;
  app.msg = message;
  app.log.push(...message.explain);
  app.log = app.log.slice(-40);
  const turn = myTurn(message.view);
  const key = turn ? `${message.view.round}:${turn.throws}:${turn.aside.join("")}:${turn.must_throw.join("")}` : "";
  const rolled = turn && before && key !== app.turnKey && turn.throws > 0;
  if (key !== app.turnKey) {
    app.turnKey = key;
    app.kept = [0, 1, 2].map((i) => Boolean(turn) && i < turn.aside.length);
  }
  if (message.explain.length || (before && before.step !== message.step)) app.error = "";
  render(rolled);
}

function render(rolled = false) {
  const m = app.msg;
  if (!m) return;
  const seeded = document.body.dataset.seeded === "true";
  const parts = [];
  if (seeded) parts.push(el("p", { class: "seeded wide" }, t("web_seeded")));
  parts.push(m.view ? renderGame(m, rolled) : renderLobby(m));
  main.replaceChildren(...parts.flat());
}

function names(m) {
  return m.table.seats.map((s, i) => s.name || `${t("web_seat_free")} ${i + 1}`);
}

const BOT_KINDS = ["regular", "solver", "random"];

function botOptions() {
  return BOT_KINDS.map((b) => el("option", { value: b }, t(`web_bot_${b}`)));
}

function botChoice() {
  const select = el("select", { id: "lobby-bot", onchange: (e) => { app.lobbyBot = e.target.value; } },
    botOptions());
  select.value = app.lobbyBot || "regular";
  return el("p", {}, el("label", { for: "lobby-bot" }, t("web_bot_level")), " ", select);
}

function renderLobby(m) {
  const you = m.you;
  const isHost = you.host;
  const invite = m.invite_url || `${location.origin}/join/${m.table.code}`;
  const seats = m.table.seats.map((seat, i) => {
    const tags = [];
    if (i === m.table.host) tags.push(t("web_host"));
    if (i === you.seat) tags.push(t("web_you"));
    if (seat.bot) tags.push(`bot: ${seat.bot}`);
    const controls = [];
    if (isHost && !seat.name) {
      controls.push(el("button", { class: "secondary", type: "button", onclick: () => hostAction("bots", { seat: i, bot: app.lobbyBot || "regular" }) }, t("web_add_bot")));
    }
    if (isHost && seat.name && i !== m.table.host) {
      controls.push(el("button", { class: "secondary", type: "button", onclick: () => hostAction("remove", { seat: i }) }, t("web_remove")));
      if (!seat.bot) controls.push(el("button", { class: "secondary", type: "button", onclick: () => hostAction("host", { seat: i }) }, t("web_make_host")));
    }
    return el("li", {}, el("span", {}, `${i + 1}.`), el("span", {}, seat.name || t("web_seat_free"), tags.length ? ` (${tags.join(", ")})` : ""), el("span", { class: "row" }, controls));
  });
  const spectatorToken = localStorage.getItem(`schocken:spectate:${m.table.id}`);
  return [
    el("section", { class: "card", "aria-labelledby": "lobby-h" },
      el("h1", { id: "lobby-h" }, `${t("web_lobby")} · ${m.table.preset}`),
      el("ul", { class: "players" }, seats),
      isHost && m.table.seats.some((seat) => !seat.name) ? botChoice() : [],
      isHost
        ? el("p", {}, el("button", { class: "primary", type: "button", id: "start", onclick: () => hostAction("start", {}) }, t("web_start")))
        : el("p", {}, app.spectate ? t("web_spectating") : t("web_waiting_host")),
      el("p", { class: "error", role: "alert" }, app.error)),
    el("section", { class: "card", "aria-labelledby": "invite-h" },
      el("h2", { id: "invite-h" }, t("web_invite")),
      el("p", { class: "code", id: "code" }, m.table.code),
      el("img", { class: "qr", src: `/api/tables/${m.table.code}/qr.svg`, alt: invite }),
      el("p", {}, el("a", { href: invite, id: "invite" }, invite)),
      el("button", { class: "secondary", type: "button", onclick: () => navigator.clipboard?.writeText(invite).then(() => showBanner(t("web_copied"))) }, t("web_copy")),
      isHost && spectatorToken
        ? el("p", {}, el("a", { href: `/t/${m.table.id}#spectate=${spectatorToken}` }, t("web_spectator_link")))
        : null),
  ];
}

async function hostAction(what, body) {
  try {
    await api(`/api/tables/${app.tableId}/${what}`, { token: app.token, ...body });
    app.error = "";
  } catch (e) {
    app.error = e.message;
    render();
  }
}

function turnText(turn) {
  if (!turn || turn.throws === 0) return "";
  const throwsText = t("ui_throws", { n: turn.throws });
  if (!turn.showing) {
    const aside = turn.aside.length ? `, ${t("ui_aside", { dice: turn.aside.map((p) => FACES[p]).join(" ") })}` : "";
    return `${t("ui_covered")} (${throwsText}${aside})`;
  }
  const dice = turn.showing.map((p) => `${FACES[p]}`).join(" ");
  const result = turn.done && turn.result ? ` = ${turn.result.name}` : "";
  return `${dice}${result} (${throwsText})`;
}

function renderGame(m, rolled) {
  const view = m.view;
  const who = names(m);
  const turns = Object.fromEntries(view.turns.map((turn) => [turn.seat, turn]));
  const over = view.loser != null;
  const status = el("section", { class: "card", "aria-labelledby": "status-h" },
    el("h1", { id: "status-h" }, `${t(view.section)} · ${view.phase === "opening" ? t("ui_opening") : t("ui_round", { number: view.round })}`),
    el("div", { class: "status" },
      el("span", { id: "middle" }, t("ui_middle", { middle: view.middle })),
      el("span", { id: "limit" }, view.limit == null ? t("ui_limit_open") : t("ui_limit", { limit: view.limit })),
      el("span", {}, t("ui_opened_by", { name: who[view.order[0]] })),
      el("span", {}, m.table.preset)),
    el("ul", { class: "players", id: "players" }, who.map((name, seat) => {
      const classes = [seat === view.current ? "current" : "", view.playing[seat] ? "" : "out"].join(" ");
      return el("li", { class: classes, "data-seat": String(seat), "aria-current": seat === view.current ? "true" : false },
        el("span", { "aria-hidden": "true" }, seat === view.current ? "▶" : ""),
        el("span", {}, name, seat === view.seat ? ` (${t("web_you")})` : ""),
        el("span", { class: "deckel", "data-deckel": String(view.deckel[seat]) }, t("ui_deckel", { count: view.deckel[seat] })),
        el("span", { class: "turn" }, view.playing[seat] ? turnText(turns[seat])
          : view.section === "finale" && !view.half_losers.includes(seat) ? t("ui_not_in_finale") : t("ui_out")));
    })));
  const parts = [status];
  if (over) {
    parts.push(el("section", { class: "card", "aria-labelledby": "over-h", id: "summary" },
      el("h2", { id: "over-h" }, t("web_summary")),
      el("p", {}, t("ui_game_over", { loser: who[view.loser] })),
      el("ul", {}, app.log.filter((line) => /Summary|Bilanz|Blattschuss|lost the game|Spiel verloren/.test(line)).map((line) => el("li", {}, line))),
      el("p", {}, el("a", { href: `/api/tables/${app.tableId}/record`, download: `schocken-${app.tableId}.json`, id: "download" }, t("web_download"))),
      el("p", {}, el("a", { href: "/" }, t("web_new_game")))));
  } else if (view.seat != null) {
    parts.push(renderCup(m, who, rolled));
  } else {
    parts.push(el("p", { class: "card" }, t("web_spectating")));
  }
  parts.push(el("section", { class: "card wide", "aria-labelledby": "log-h" },
    el("h2", { id: "log-h" }, t("web_round_log")),
    el("ol", { class: "log", id: "log", "aria-live": "polite" }, app.log.map((line) => el("li", {}, line)))));
  return parts;
}

function renderCup(m, who, rolled) {
  const view = m.view;
  const turn = myTurn(view);
  const legal = m.legal;
  const dice = diceOnScreen(turn);
  const canKeep = legal.some((a) => a.startsWith("throw keep"));
  const diceButtons = dice.map((pip, i) => {
    const kept = app.kept[i];
    return el("button", {
      class: `die${rolled && !kept ? " rolling" : ""}`,
      type: "button",
      "aria-pressed": String(kept),
      "aria-label": `${t("web_die", { n: i + 1, pips: pip })}, ${kept ? t("web_kept") : t("web_in_cup")}`,
      disabled: !canKeep,
      onclick: () => { app.kept[i] = !app.kept[i]; render(); },
    }, FACES[pip]);
  });
  const buttons = [];
  if (legal.some((a) => a.startsWith("throw"))) {
    buttons.push(el("button", { class: "primary", type: "button", id: "throw", onclick: () => {
      const keep = dice.filter((_, i) => app.kept[i]).sort((a, b) => b - a);
      send(keep.length ? `throw keep ${keep.join("-")}` : "throw");
    } }, t("ui_throw")));
  }
  if (legal.includes("turn")) buttons.push(el("button", { class: "secondary", type: "button", id: "turn", onclick: () => send("turn") }, t("ui_turn")));
  if (legal.includes("stop")) buttons.push(el("button", { class: "secondary", type: "button", id: "stop", onclick: () => send("stop") }, t("ui_stop")));
  if (legal.includes("buyin")) buttons.push(el("button", { class: "secondary", type: "button", id: "buyin", onclick: () => send("buyin") }, t("ui_buyin")));
  let prompt;
  if (view.current !== view.seat) prompt = t("ui_plays", { name: who[view.current] });
  else if (!turn || turn.throws === 0) prompt = t("ui_first_throw", { name: who[view.seat] });
  else if (turn.must_throw.length) prompt = t("ui_must_throw", { name: who[view.seat] });
  else prompt = t("ui_your_turn", { name: who[view.seat] });
  return el("section", { class: "card", "aria-labelledby": "cup-h", id: "cup" },
    el("h2", { id: "cup-h" }, t("ui_your_cup")),
    el("p", { id: "prompt" }, prompt),
    el("div", { class: "dice", id: "dice" }, diceButtons),
    el("div", { class: "actions" }, buttons),
    el("p", { class: "error", role: "alert", id: "error" }, app.error));
}

// ---------------------------------------------------------------- start

langButton.addEventListener("click", async () => {
  app.lang = app.lang === "de" ? "en" : "de";
  localStorage.setItem("schocken:lang", app.lang);
  await loadTexts();
  if (app.tableId) {
    const old = app.ws;
    app.ws = null;
    old?.close();
    connect();
  } else {
    route();
  }
});

function route() {
  const path = location.pathname;
  if (path.startsWith("/join/")) renderJoin(decodeURIComponent(path.slice(6)));
  else if (path.startsWith("/t/")) openTable(decodeURIComponent(path.slice(3)));
  else renderHome();
}

if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
await loadTexts();
route();
