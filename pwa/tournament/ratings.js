/**
 * Ratings across events, per game (public): the list ranked by the conservative rating
 * (openskill's ordinal, mu − 3·sigma), and a player's history after each table.
 * ?game=ID picks the game; without it, the games that have tournaments are listed.
 */
import { ApiError, get } from "./api.js";
import { fill, figure, h, param } from "./dom.js";
import { lang, langButton, t } from "./words.js";

const main = document.getElementById("main");
const game = param("game");

const fixed = (value) => figure(Math.round(value * 100) / 100);

async function history(key, into) {
  const path = `/api/ratings/${encodeURIComponent(game)}/history`;
  const data = await get(`${path}?player=${encodeURIComponent(key)}`, { token: null });
  fill(into, h("table", { class: "history" },
    h("thead", {}, h("tr", {}, [t("events"), t("round"), t("table"), t("place"), t("mu"),
      t("sigma"), t("ordinal")].map((x) => h("th", { scope: "col" }, x)))),
    h("tbody", {}, data.history.map((e) => h("tr", {},
      h("td", {}, e.tournament_name), h("td", { class: "num" }, String(e.round)),
      h("td", { class: "num" }, String(e.table)), h("td", { class: "num" }, `${e.place}/${e.of}`),
      h("td", { class: "num" }, fixed(e.mu)), h("td", { class: "num" }, fixed(e.sigma)),
      h("td", { class: "num" }, fixed(e.ordinal)))))));
}

async function render() {
  document.documentElement.lang = lang();
  fill(document.getElementById("top-actions"), langButton(render));
  try {
    if (!game) {
      const games = await get("/api/ratings", { token: null });
      fill(main, games.length ? h("ul", { class: "tournaments" }, games.map((g) => h("li", {},
        h("a", { href: `?game=${encodeURIComponent(g.game)}` }, g.title),
        ` · ${t("n_events", g.tournaments)}`))) : h("p", {}, t("no_ratings")));
      return;
    }
    const data = await get(`/api/ratings/${encodeURIComponent(game)}`, { token: null });
    fill(document.getElementById("title"), `${t("ratings_title")} · ${data.title}`);
    fill(main,
      h("p", { class: "hint" }, `${t("model")}: ${data.model}`),
      data.players.length ? h("div", { class: "table-wrap" }, h("table", { class: "ratings" },
        h("thead", {}, h("tr", {}, [t("rank"), t("name"), t("club"), t("ordinal"), t("mu"),
                                    t("sigma"), t("rated_tables"), t("events")]
          .map((x) => h("th", { scope: "col" }, x)))),
        h("tbody", {}, data.players.map((p) => {
          const detail = h("td", { colspan: "8", class: "detail" });
          const more = h("tr", { class: "history-row", hidden: true }, detail);
          const row = h("tr", { class: "rated", dataset: { key: p.key }, onclick: async () => {
            more.hidden = !more.hidden;
            if (!more.hidden && !detail.firstChild) await history(p.key, detail);
          } },
          h("td", { class: "num" }, String(p.rank)), h("td", {}, p.name), h("td", {}, p.club),
          h("td", { class: "num" }, fixed(p.ordinal)), h("td", { class: "num" }, fixed(p.mu)),
          h("td", { class: "num" }, fixed(p.sigma)), h("td", { class: "num" }, String(p.tables)),
          h("td", { class: "num" }, String(p.events)));
          return [row, more];
        }).flat()))) : h("p", {}, t("no_ratings")));
  } catch (error) {
    fill(main, h("p", { class: "error", role: "alert" },
      error instanceof ApiError ? error.text(lang()) : String(error.message || error)));
  }
}

render();
