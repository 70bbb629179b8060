/**
 * A very small promise wrapper around IndexedDB, for what must outlive the page and the
 * network: the outbox of entries made offline (in order) and the last view of each table
 * (so the app shows the protokoll when it opens without a network). localStorage would be
 * simpler, but it is synchronous, small, and not available to a service worker.
 */
const DB_NAME = "protokoll";
const DB_VERSION = 1;
export const OUTBOX = "outbox"; // {n (auto, the order), id (client_event_id), table, ...}
export const VIEWS = "views"; // {id (table id), table, log, savedAt}

let opening = null;

function open() {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(OUTBOX)) {
        db.createObjectStore(OUTBOX, { keyPath: "n", autoIncrement: true })
          .createIndex("table", "table");
      }
      if (!db.objectStoreNames.contains(VIEWS)) db.createObjectStore(VIEWS, { keyPath: "id" });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => { opening = null; reject(request.error); };
  });
  return opening;
}

function done(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function store(name, mode) {
  return (await open()).transaction(name, mode).objectStore(name);
}

export async function put(name, value) { return done((await store(name, "readwrite")).put(value)); }
export async function get(name, key) { return done((await store(name, "readonly")).get(key)); }
export async function remove(name, key) { return done((await store(name, "readwrite")).delete(key)); }

/** Every record of a store whose index `index` equals `value`, in key order. */
export async function allBy(name, index, value) {
  return done((await store(name, "readonly")).index(index).getAll(value));
}
