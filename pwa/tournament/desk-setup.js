/**
 * The director's first steps: get a director token (make one, or paste one kept from
 * before), and create a tournament — game and options for every table, the players with
 * their clubs, the rounds and how long a round lasts, the scoring.
 */
import { copyButton } from "./copy-button.js";
import { ApiError, get, post, saveDirectorToken } from "./api.js";
import { h } from "./dom.js";
import { lang, t } from "./words.js";

export function errorLine(error) {
  const text = error instanceof ApiError ? error.text(lang()) : String(error.message || error);
  return h("p", { class: "error", role: "alert" }, text);
}

async function submitting(form, action) {
  const button = form.querySelector("button[type=submit]");
  form.querySelector(".error")?.remove();
  button.disabled = true;
  try {
    await action();
  } catch (error) {
    form.append(errorLine(error));
  } finally {
    button.disabled = false;
  }
}

/** No token yet: make a director, or use a token from before. */
export function signIn(done) {
  const shown = h("div", { class: "token-once" });
  const create = h("form", { class: "card new-director", onsubmit: (event) => {
    event.preventDefault();
    submitting(create, async () => {
      const name = create.elements.name.value.trim();
      const director = await post("/api/directors", { name }, { token: null });
      saveDirectorToken(director.token);
      const code = h("code", { class: "token" }, director.token);
      shown.replaceChildren(h("p", {}, t("token_once")), code,
        h("div", { class: "token-actions" }, copyButton(code),
          h("button", { type: "button", class: "primary", onclick: () => done() }, t("open"))));
    });
  } },
  h("h2", {}, t("new_director")),
  h("label", { for: "director-name" }, t("director_name")),
  h("input", { id: "director-name", name: "name", type: "text", required: true,
               maxlength: "80", autocomplete: "organization" }),
  h("button", { type: "submit", class: "primary" }, t("create_director")));

  const paste = h("form", { class: "card have-token", onsubmit: (event) => {
    event.preventDefault();
    submitting(paste, async () => {
      const token = paste.elements.token.value.trim();
      await get("/api/directors/me", { token });
      saveDirectorToken(token);
      done();
    });
  } },
  h("h2", {}, t("have_token")),
  h("label", { for: "director-token" }, t("token")),
  h("input", { id: "director-token", name: "token", type: "password", required: true,
               autocomplete: "off" }),
  h("button", { type: "submit" }, t("use_token")));
  return [create, shown, paste];
}

/** "Anna Berg, Visby BK" per line → {name, club}. */
export function parsePlayers(text) {
  return text.split("\n").map((line) => line.trim()).filter(Boolean).map((line) => {
    const cut = line.indexOf(",");
    return cut < 0 ? { name: line, club: "" }
      : { name: line.slice(0, cut).trim(), club: line.slice(cut + 1).trim() };
  });
}

/** The form for a new tournament; `created(tournament)` opens it. */
export function newTournament(games, created) {
  const lengthCount = h("input", { id: "round-count", name: "count", type: "number", min: "1",
                                   step: "1", disabled: true });
  const length = h("select", { id: "round-length", name: "length", onchange: () => {
    lengthCount.disabled = length.value === "over";
    lengthCount.required = length.value !== "over";
  } },
  h("option", { value: "over" }, t("until_over")),
  h("option", { value: "deals" }, t("deals")),
  h("option", { value: "target" }, t("target")));
  const form = h("form", { class: "card new-tournament", onsubmit: (event) => {
    event.preventDefault();
    submitting(form, async () => {
      const f = form.elements;
      const body = {
        name: f.name.value.trim(), game: f.game.value, rounds: Number(f.rounds.value),
        players: parsePlayers(f.players.value), scoring: f.scoring.value,
        rated: f.rated.checked,
      };
      if (length.value !== "over") body.per_round = { [length.value]: Number(lengthCount.value) };
      if (f.table_size.value) body.table_size = Number(f.table_size.value);
      created(await post("/api/tournaments", body));
    });
  } },
  h("h2", {}, t("new_tournament")),
  h("label", { for: "t-name" }, t("name")),
  h("input", { id: "t-name", name: "name", type: "text", required: true, maxlength: "80" }),
  h("label", { for: "t-game" }, t("game")),
  h("select", { id: "t-game", name: "game" },
    games.map((game) => h("option", { value: game.id },
      `${game.title} (${game.players.min}–${game.players.max})`))),
  h("label", { for: "t-players" }, t("players")),
  h("p", { class: "hint" }, t("players_help")),
  h("textarea", { id: "t-players", name: "players", rows: "8", required: true }),
  h("div", { class: "row" },
    h("div", {}, h("label", { for: "t-rounds" }, t("rounds")),
      h("input", { id: "t-rounds", name: "rounds", type: "number", min: "1", max: "50",
                   value: "3", required: true })),
    h("div", {}, h("label", { for: "t-size" }, t("table_size")),
      h("input", { id: "t-size", name: "table_size", type: "number", min: "2", max: "12" }))),
  h("div", { class: "row" },
    h("div", {}, h("label", { for: "round-length" }, t("round_length")), length),
    h("div", {}, h("label", { for: "round-count" }, t("count")), lengthCount)),
  h("label", { for: "t-scoring" }, t("scoring")),
  h("select", { id: "t-scoring", name: "scoring" },
    h("option", { value: "game" }, t("scoring_game")),
    h("option", { value: "match_points" }, t("scoring_mp"))),
  h("label", { class: "check" }, h("input", { type: "checkbox", name: "rated", checked: true }),
    t("rated_box")),
  h("button", { type: "submit", class: "primary" }, t("create_tournament")));
  return form;
}

/** The director's tournaments, each a link to its desk. */
export function tournamentList(list, open) {
  if (!list.length) return h("p", { class: "hint" }, t("none_yet"));
  return h("ul", { class: "tournaments" }, list.map((item) => h("li", {},
    h("a", { href: `?t=${item.id}`,
             onclick: (event) => { event.preventDefault(); open(item.id); } }, item.name),
    h("span", { class: "meta" },
      ` · ${item.title} · ${t("round")} ${item.rounds_seated}/${item.rounds}`))));
}

