/**
 * Live updates: every phone at the table sees each entry within two seconds.
 *
 * The server's `GET /api/tables/{id}/stream` sends the table's seq as server-sent events
 * and ends each stream after about 25 s; this reads it with fetch (EventSource cannot send
 * an Authorization header, and a token never travels in a URL), calls `onSeq` with every
 * seq it hears and opens the next stream at once. After a failure it waits a little longer
 * each time (1, 2, 4 … 15 s) and starts again at once when the browser says the network
 * is back or the page is shown again (past a cap of open views, 429, it waits as long as the
 * server's Retry-After says). A hidden page holds no stream: a phone in a pocket
 * does not keep a server thread busy, and catches up when it is looked at again (the first
 * event of every stream is the current seq).
 */
import { authHeaders } from "./api.js";

export function follow(tableId, auth, { onSeq, onStatus = () => {}, onLost = () => {} }) {
  let controller = null;
  let stopped = false;
  let delay = 1000;
  let timer = null;

  const schedule = (ms) => {
    clearTimeout(timer);
    timer = setTimeout(connect, ms);
  };

  async function connect() {
    clearTimeout(timer);
    if (stopped || controller) return;
    if (document.visibilityState === "hidden") return;
    controller = new AbortController();
    onStatus("connecting");
    let failed = false;
    try {
      const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/stream`, {
        headers: { Accept: "text/event-stream", ...authHeaders(auth) },
        cache: "no-store", signal: controller.signal,
      });
      if ([401, 403, 404].includes(response.status)) {
        stopped = true;
        onLost(response.status);
        return;
      }
      if (response.status === 429) {
        // Too many open views (at the table, or from this phone): come back when told.
        const seconds = Number(response.headers.get("Retry-After")) || 5;
        delay = Math.max(delay, seconds * 1000);
      }
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      onStatus("live");
      delay = 1000;
      await read(response.body, (event, data) => {
        if (event === "seq") onSeq(JSON.parse(data).seq);
      });
    } catch (error) {
      failed = error.name !== "AbortError";
    } finally {
      controller = null;
    }
    if (stopped) return;
    if (failed) {
      onStatus("offline");
      schedule(delay);
      delay = Math.min(delay * 2, 15000);
    } else {
      schedule(0); // the stream's lifetime is over: the next one at once
    }
  }

  const wake = () => {
    if (document.visibilityState === "hidden") {
      controller?.abort();
      return;
    }
    delay = 1000;
    if (!controller) schedule(0);
  };
  window.addEventListener("online", wake);
  document.addEventListener("visibilitychange", wake);
  connect();

  return function stop() {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
    window.removeEventListener("online", wake);
    document.removeEventListener("visibilitychange", wake);
  };
}

/** Read an event stream: call `on(event, data)` for each message. */
async function read(body, on) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = "message";
      const data = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).trim());
      }
      if (data.length) on(event, data.join("\n"));
    }
  }
}
