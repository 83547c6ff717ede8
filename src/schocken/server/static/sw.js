// The service worker: the app shell (the page, its modules, styles, icons and words) kept in a
// cache named by the version of the static files, so the club's pages and pub mode open without
// a signal, a reload too. Network first: a fresh copy when there is a signal (kept for later),
// the kept one when there is none or it takes too long. What changes the book (every POST)
// passes through untouched: the page's queue (offline.js) keeps what waits. The club's book and
// a pub game are not kept here but by the page (IndexedDB), from every answer, so what is shown
// offline is the newest the phone saw, not the last GET. See docs/club.md, "Offline".

const VERSION = "__VERSION__"; // the server puts a hash of the static files here
const SHELL = `schocken-shell-${VERSION}`;
const PAGE = "/"; // every path of the app is the same page
const FILES = [
  PAGE,
  "/static/app.js",
  "/static/page.js",
  "/static/table/check.js",
  "/static/table/coach.js",
  "/static/table/dice.js",
  "/static/table/game.js",
  "/static/table/join.js",
  "/static/table/live.js",
  "/static/table/lobby.js",
  "/static/table/reveal.js",
  "/static/table/speech.js",
  "/static/pieces.js",
  "/static/club.js",
  "/static/club/book.js",
  "/static/club/frame.js",
  "/static/club/members.js",
  "/static/club/money.js",
  "/static/club/open.js",
  "/static/club/settings.js",
  "/static/club/state.js",
  "/static/club/stats.js",
  "/static/club/tonight.js",
  "/static/pub.js",
  "/static/offline.js",
  "/static/sound.js",
  "/static/review.js",
  "/static/tournament.js",
  "/static/tournament/common.js",
  "/static/tournament/entry.js",
  "/static/tournament/list.js",
  "/static/tournament/organiser.js",
  "/static/tournament/public.js",
  "/static/rules.js",
  "/static/lab.js",
  "/static/style.css",
  "/static/icon.svg",
  "/static/icon-192.png",
  "/static/icon-512.png",
  "/static/manifest.webmanifest",
  "/api/languages",
  "__TEXTS__", // the server puts one /api/texts/LANG per catalogue here
];
const SLOW_MS = 5000; // a page's answer slower than this: the kept copy is shown (a pub's weak signal)

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("schocken-shell-") && name !== SHELL) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return; // changes go to the server as they are
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    if (isAppPage(url.pathname)) event.respondWith(networkFirst(request, PAGE));
    return;
  }
  if (url.pathname.startsWith("/static/") || url.pathname.startsWith("/api/texts/") || url.pathname === "/api/languages") {
    event.respondWith(networkFirst(request, url.pathname));
  }
});

/** The paths that show the app's one page (the rest, such as a record to download, are not). */
function isAppPage(path) {
  if (/^\/tournaments\/[^/]+\/[^/]+\/print\//.test(path)) return false; // the paper: its own page
  return path === "/" || /^\/(club|pub|review|join|t|rules|tournaments)(\/|$)/.test(path);
}

/** The network's answer (kept under ``key`` when it is good), or the kept one when the network
 * fails or is slower than SLOW_MS and a kept one exists. */
async function networkFirst(request, key) {
  const cache = await caches.open(SHELL);
  const fromNetwork = fetch(request).then(async (response) => {
    if (response.ok && response.type === "basic") await cache.put(key, response.clone());
    return response;
  });
  fromNetwork.catch(() => {}); // a failure is answered below, from the cache
  const kept = await cache.match(key);
  if (!kept) return fromNetwork;
  const slow = new Promise((resolve) => setTimeout(() => resolve(null), SLOW_MS));
  try {
    return (await Promise.race([fromNetwork, slow])) || kept;
  } catch {
    return kept;
  }
}
