/**
 * How the page of a spectator link starts when the server has drawn the top of its table
 * (api/spectator_page.py): that drawing goes on the screen first, with the page and
 * style.css alone; then the app's files are asked for, all at once (the links the server
 * put in <template id="app-files">, inert until now), and the app starts and draws the
 * whole table over it in place.
 *
 * Why not at once, beside the stylesheet: the first paint does not need them, and on a
 * phone over a slow network some twenty requests share its first round trips with
 * style.css; Lighthouse's simulation, too, counts every request that ended before the
 * paint it observed as holding that paint up (issue #16). A tab opened in the background
 * paints nothing: the app starts there all the same, a moment later.
 */
let started = false;

function start() {
  if (started) return;
  started = true;
  const files = document.getElementById("app-files");
  if (files) document.head.append(files.content);
  import("/js/app.js");
}

requestAnimationFrame(() => setTimeout(start, 0)); // after the next paint
setTimeout(start, 500);
