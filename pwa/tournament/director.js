/**
 * The director's page: sign in with a director token, list and create tournaments, and
 * run one at its desk (desk-event.js). The open tournament is in the URL (?t=ID), so a
 * reload or a second screen shows the same desk.
 */
import { copyButton } from "./copy-button.js";
import { directorToken, get, post, saveDirectorToken } from "./api.js";
import { EventDesk } from "./desk-event.js";
import { errorLine, newTournament, signIn, tournamentList } from "./desk-setup.js";
import { fill, h, param } from "./dom.js";
import { lang, langButton, t } from "./words.js";

const main = document.getElementById("main");
let desk = null;

function header() {
  fill(document.querySelector("#title a"), t("director_title"));
  document.title = `${t("director_title")} · Protokoll`;
  fill(document.getElementById("top-actions"), langButton(route),
    directorToken() && h("button", { type: "button", class: "new-token", onclick: newToken },
      t("new_token")),
    directorToken() && h("button", { type: "button", class: "sign-out", onclick: () => {
      saveDirectorToken(null);
      route();
    } }, t("sign_out")));
}

/** Replace the director's token (the old one stops working at once) and show the new one
 * once, as when the director was made. */
async function newToken() {
  if (!window.confirm(t("new_token_confirm"))) return;
  try {
    const made = await post("/api/directors/me/token", {});
    saveDirectorToken(made.token);
    const code = h("code", { class: "token" }, made.token);
    main.prepend(h("div", { class: "card new-token-shown" }, h("p", {}, t("token_once")), code,
      h("div", { class: "token-actions" }, copyButton(code))));
  } catch (error) {
    main.prepend(errorLine(error));
  }
}

function open(id) {
  history.pushState({}, "", id ? `?t=${id}` : "director.html");
  route();
}

async function home() {
  const [me, list, games] = await Promise.all([
    get("/api/directors/me"), get("/api/tournaments"), get("/api/games", { token: null })]);
  fill(main,
    h("p", { class: "signed-in" }, `${t("signed_in_as")} `, h("strong", {}, me.name)),
    h("section", { class: "card" }, h("h2", {}, t("tournaments")), tournamentList(list, open)),
    newTournament(games, (created) => open(created.id)));
}

async function route() {
  document.documentElement.lang = lang();
  header();
  desk?.stop();
  desk = null;
  try {
    if (!directorToken()) {
      fill(main, ...signIn(route));
      return;
    }
    const id = param("t");
    if (!id) {
      await home();
      return;
    }
    const root = h("div", { class: "desk" });
    fill(main, h("p", {}, h("a", { href: "director.html", onclick: (event) => {
      event.preventDefault();
      open(null);
    } }, `← ${t("back")}`)), root);
    desk = new EventDesk(id, root);
    await desk.start();
  } catch (error) {
    main.append(errorLine(error));
  }
}

window.addEventListener("popstate", route);
route();
