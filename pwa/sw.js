/**
 * The service worker: the app opens without a network.
 *
 * The server writes the shell's file list and a version (a hash of those files) into this
 * file when it serves it (api/pages.py), so every change to the app is a new worker.
 *
 * - install: fetch every file of the shell into the cache named for this version.
 * - activate: delete the caches of *other* versions — never this version's own cache
 *   (a worker that deletes its own cache leaves the app without a shell offline).
 * - fetch: the shell from the cache (its version is consistent with itself), the network
 *   only for what is not there; a page navigation falls back to the cached page, so
 *   /?join=CODE opens offline too. The API is never answered from a cache, with one
 *   exception: the catalog of games and each game's details (`/api/games/{id}`), fetched
 *   fresh and kept as the last copy for opening offline. Entries made offline wait in
 *   IndexedDB (js/outbox.js), not here.
 * - The shell is fetched with `cache: "no-cache"`: the files the page has just loaded are
 *   revalidated (304, their ETag), not downloaded a second time on the first visit.
 */
const VERSION = "@VERSION@";
const SHELL = ["@SHELL@"];
const PREFIX = "protokoll-";
const CACHE = `${PREFIX}shell-${VERSION}`;
const DATA = `${PREFIX}data`; // the last catalog and game details; kept across versions
const CATALOG = "/api/games";
const GAME = /^\/api\/games\/[^/]+$/; // one game's details

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(SHELL.map((url) => new Request(url, { cache: "no-cache" })));
    try {
      await (await caches.open(DATA)).add(CATALOG);
    } catch { /* the page keeps its own copy too */ }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names
      .filter((name) => name.startsWith(`${PREFIX}shell-`) && name !== CACHE)
      .map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

async function fromShell(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
  if (hit) return hit;
  if (request.mode === "navigate") {
    try {
      return await fetch(request);
    } catch {
      return (await cache.match("/")) || Response.error();
    }
  }
  return fetch(request);
}

async function catalog(request, path) {
  const cache = await caches.open(DATA);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(path, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(path);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === CATALOG || GAME.test(url.pathname)) {
    event.respondWith(catalog(request, url.pathname));
    return;
  }
  if (url.pathname.startsWith("/api/")) return; // live data: always the network
  if (url.pathname === "/sw.js") return;
  event.respondWith(fromShell(request));
});
