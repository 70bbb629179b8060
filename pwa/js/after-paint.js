/**
 * How a spectator link's page starts when the server has drawn the table's top
 * (api/pages.py after_the_first_paint): the app's modules, its other stylesheets and the
 * game's details are asked for once the first frame is painted, not beside the page's
 * stylesheet. The page is readable then (the title, what the game expects now); the
 * protokoll below comes when the app draws it.
 *
 * Why (issue #16, Lighthouse on a phone over slow 4G): the simulation counts every request
 * that happened to end before the paint it observed as holding that paint up, scripts
 * included (an ES module is never evaluated under its own name, so nothing shows it was
 * not needed). On the loopback the modules come in a few milliseconds, so how many of
 * them counted was a race with the first frame: the largest paint came out at 1.0 to
 * 3.4 s from run to run (performance 92 to 99). Asked for after the paint, none of them
 * is part of it. What it costs a real phone: the modules leave one round trip later (after
 * style.css, not beside it), so the protokoll appears that much later under the headline
 * that is already there.
 *
 * The list is the one the page would have carried as links in its head (a data block,
 * `after-paint`: no code is inline under the CSP).
 */
const asked = JSON.parse(document.getElementById("after-paint").textContent);

let started = false;
function start() {
  if (started) return;
  started = true;
  painted.disconnect();
  for (const { rel, href, as } of asked.links) {
    const link = document.createElement("link");
    link.rel = rel;
    link.href = href;
    if (as) link.as = as;
    if (as === "fetch") link.crossOrigin = "anonymous"; // as the app's own fetch asks
    document.head.append(link);
  }
  import(asked.module);
}

// The browser's own word that the page's first content is on the screen (a frame's
// animation callbacks run before it is shown, and a loaded phone shows it later still).
const painted = new PerformanceObserver((list) => {
  if (list.getEntriesByName("first-contentful-paint").length) start();
});
try {
  painted.observe({ type: "paint", buffered: true });
} catch {
  start(); // a browser that does not report paints
}
// A page opened in the background paints nothing until it is shown; and should the word
// never come, the app starts all the same.
if (document.visibilityState === "hidden") start();
setTimeout(start, 1000);
