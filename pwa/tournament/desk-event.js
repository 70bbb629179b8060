/**
 * The desk of one tournament: seat the next round, watch every table of a round (not
 * started, playing, finished, findings to look at), the open findings and the corrections
 * made at the tables, arbitral adjustments with their reasons, withdrawals, the audit
 * trail, and the way to the table cards, the public standings and the exports.
 *
 * The watch view reloads every 10 seconds while the page is visible.
 */
import { download, get, patch, post } from "./api.js";
import { errorLine } from "./desk-setup.js";
import { fill, figure, h } from "./dom.js";
import { pick, t } from "./words.js";

const REFRESH_MS = 10_000;

export class EventDesk {
  constructor(id, root) {
    this.id = id;
    this.root = root;
    this.round = null; // the round shown; null: the latest
    this.timer = null;
  }

  url(path = "") { return `/api/tournaments/${this.id}${path}`; }

  async start() {
    await this.load();
    this.timer = setInterval(() => {
      if (document.visibilityState === "visible") this.refresh();
    }, REFRESH_MS);
  }

  stop() { clearInterval(this.timer); }

  async load() {
    const [event, watch, adjustments, audit] = await Promise.all([
      get(this.url()), get(this.url(`/watch${this.round ? `?round=${this.round}` : ""}`)),
      get(this.url("/adjustments")), get(this.url("/audit"))]);
    Object.assign(this, { event, watch, adjustments, audit });
    this.render();
  }

  async refresh() {
    try {
      this.watch = await get(this.url(`/watch${this.round ? `?round=${this.round}` : ""}`));
      fill(this.root.querySelector(".watch"), ...this.watchView());
      fill(this.root.querySelector(".open-findings"), ...this.findingsView());
      fill(this.root.querySelector(".corrections"), ...this.correctionsView());
    } catch { /* keep what is shown; the next tick tries again */ }
  }

  render() {
    const e = this.event;
    fill(this.root,
      h("section", { class: "event-head" },
        h("h2", { class: "tournament-name" }, e.name),
        h("p", { class: "meta" },
          `${e.title} · ${t("round")} ${e.rounds_seated} ${t("of")} ${e.rounds}`),
        this.links()),
      this.seatForm(),
      h("section", { class: "watch" }, ...this.watchView()),
      h("section", { class: "open-findings" }, ...this.findingsView()),
      h("section", { class: "corrections" }, ...this.correctionsView()),
      this.adjustView(),
      this.playersView(),
      h("details", { class: "audit" }, h("summary", {}, t("audit")),
        h("ol", {}, this.audit.map((a) => h("li", {},
          h("time", {}, a.at.slice(0, 19).replace("T", " ")), " ", h("strong", {}, a.action),
          " ", Object.entries(a.details).map(([k, v]) =>
            `${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`).join(" · "))))));
  }

  links() {
    const latest = this.event.rounds_seated;
    return h("nav", { class: "links" },
      latest ? h("a", { class: "cards-link",
                        href: `cards.html?t=${this.id}&round=${this.round || latest}` },
        `${t("cards")} (${t("round")} ${this.round || latest})`) : null,
      h("a", { class: "standings-link", href: `standings.html?t=${this.id}` },
        t("public_standings")),
      this.event.rated && h("a", {
        class: "ratings-link", href: `ratings.html?game=${encodeURIComponent(this.event.game)}`,
      }, t("ratings_title")),
      h("a", { href: `/api/tournaments/${this.id}/standings.csv` }, t("standings_csv")),
      h("button", { type: "button", class: "link", onclick: () =>
        download(this.url("/export"), `tournament-${this.id}.json`) }, t("export_json")),
      h("button", { type: "button", class: "link", onclick: () =>
        download(this.url("/protokolls.csv"), `protokolls-${this.id}.csv`) },
      t("protokolls_csv")));
  }

  seatForm() {
    const form = h("form", { class: "card seat-round", onsubmit: async (event) => {
      event.preventDefault();
      form.querySelector(".error")?.remove();
      const f = form.elements;
      const body = { method: f.method.value, force: f.force.checked };
      if (f.seed.value !== "") body.seed = Number(f.seed.value);
      try {
        await post(this.url("/rounds"), body);
        this.round = null;
        await this.load();
      } catch (error) {
        form.append(errorLine(error));
      }
    } },
    h("h3", {}, t("seat_round")),
    h("label", { for: "seat-method" }, t("method")),
    h("select", { id: "seat-method", name: "method" },
      h("option", { value: "random" }, t("random")),
      h("option", { value: "standings" }, t("by_standings")),
      this.event.pairs && h("option", { value: "rotation" }, t("rotation"))),
    h("label", { for: "seat-seed" }, t("seed")),
    h("input", { id: "seat-seed", name: "seed", type: "number", min: "0", step: "1" }),
    h("label", { class: "check" }, h("input", { type: "checkbox", name: "force" }), t("force")),
    h("button", { type: "submit", class: "primary",
                  disabled: this.event.rounds_seated >= this.event.rounds }, t("seat")));
    return form;
  }

  watchView() {
    const w = this.watch;
    if (!w.round) return [h("p", { class: "hint" }, t("no_rounds"))];
    const rounds = Array.from({ length: w.tournament.rounds_seated }, (_, i) => i + 1);
    const picker = h("nav", { class: "round-picker" }, rounds.map((n) => h("button", {
      type: "button", class: n === w.round ? "current" : null,
      "aria-pressed": String(n === w.round),
      onclick: async () => { this.round = n; await this.load(); } }, `${t("round")} ${n}`)));
    const closing = w.closed_at
      ? h("p", { class: "round-closed hint" }, t("round_closed"))
      : h("button", { type: "button", class: "close-round", onclick: async (event) => {
        if (!window.confirm(t("close_round_confirm"))) return;
        try {
          await post(this.url(`/rounds/${w.round}/close`), {});
          await this.load();
        } catch (error) { event.target.after(errorLine(error)); }
      } }, `${t("close_round")} ${w.round}`);
    const counts = h("p", { class: "counts" }, ["not_started", "playing", "finished", "findings"]
      .map((s) => h("span", { class: `badge status-${s}` },
        `${t(`st_${s}`)}: ${w.counts[s] ?? 0}`)));
    const rows = w.tables.map((table) => h("tr", { class: `status-${table.status}`,
                                                  dataset: { table: String(table.number) } },
      // data-label: on a phone the table is a card per table, each cell named (CSS).
      h("td", { class: "num number", dataset: { label: t("table") } }, String(table.number)),
      h("td", { class: "state", dataset: { label: t("status") } },
        h("span", { class: `badge status-${table.status}` }, t(`st_${table.status}`))),
      h("td", { class: "seats", dataset: { label: t("seats") } }, table.seats.map((s) =>
        h("span", { class: "seat" }, `${s.name}`,
          this.event.pairs ? h("sup", {}, s.side === 0 ? "A" : "B") : null))),
      h("td", { class: "code", dataset: { label: t("code") } }, h("code", {}, table.join_code || "")),
      h("td", { class: "num deals", dataset: { label: t("deals_played") } }, String(table.deals)),
      h("td", { class: "totals", dataset: { label: t("totals") } },
        table.units.map((u) => figure(u.total)).join(" – "))));
    return [
      picker, closing, counts,
      h("div", { class: "table-wrap" }, h("table", { class: "tables" },
        h("thead", {}, h("tr", {}, [t("table"), t("status"), t("seats"), t("code"),
          t("deals_played"), t("totals")].map((x) => h("th", { scope: "col" }, x)))),
        h("tbody", {}, rows))),
      w.byes.length ? h("p", { class: "byes" }, `${t("byes")}: `,
        w.byes.map((b) => `${b.name} (${b.number})`).join(", ")) : null,
    ];
  }

  findingsView() {
    const open = this.watch.open_findings || [];
    return [h("h3", {}, t("open_findings")),
      open.length ? h("ul", { class: "findings" }, open.map((f) => {
        const note = h("input", { type: "text", name: "note", maxlength: "300",
                                  "aria-label": t("note"), placeholder: t("note") });
        const form = h("form", { class: "review", onsubmit: async (event) => {
          event.preventDefault();
          try {
            await post(this.url("/reviews"), { table_id: f.table_id, finding: f.key,
                                              note: note.value });
            await this.load();
          } catch (error) { form.append(errorLine(error)); }
        } }, note, h("button", { type: "submit" }, t("review")));
        return h("li", { class: "finding", dataset: { table: String(f.table) } },
          h("strong", {}, `${t("table")} ${f.table}: `), pick(f.messages),
          h("span", { class: "rule" }, ` (${f.rule})`), form);
      })) : h("p", { class: "hint" }, t("no_findings"))];
  }

  correctionsView() {
    const fixes = this.watch.corrections || [];
    return [h("h3", {}, t("corrections")),
      fixes.length ? h("ul", { class: "fixes" }, fixes.map((c) => h("li", {},
        `${t("table")} ${c.table}: ${c.device_name || "?"} ${t(c.type)} ${t("entry")} ${c.target} `,
        h("time", {}, c.created_at.slice(11, 19)))))
        : h("p", { class: "hint" }, t("no_corrections"))];
  }

  adjustView() {
    const players = this.event.players;
    const names = new Map(players.map((p) => [p.number, p.name]));
    const form = h("form", { class: "card adjust", onsubmit: async (event) => {
      event.preventDefault();
      form.querySelector(".error")?.remove();
      const f = form.elements;
      const body = { player: Number(f.player.value), points: Number(f.points.value),
                     reason: f.reason.value.trim() };
      if (f.round.value) body.round = Number(f.round.value);
      try {
        await post(this.url("/adjustments"), body);
        await this.load();
      } catch (error) { form.append(errorLine(error)); }
    } },
    h("h3", {}, t("adjustments")),
    h("label", { for: "adj-player" }, t("player")),
    h("select", { id: "adj-player", name: "player" },
      players.map((p) => h("option", { value: String(p.number) }, `${p.number}. ${p.name}`))),
    h("div", { class: "row" },
      h("div", {}, h("label", { for: "adj-points" }, t("points")),
        h("input", { id: "adj-points", name: "points", type: "number", step: "0.01",
                     required: true })),
      h("div", {}, h("label", { for: "adj-round" }, t("round_optional")),
        h("input", { id: "adj-round", name: "round", type: "number", min: "1" }))),
    h("label", { for: "adj-reason" }, t("reason")),
    h("input", { id: "adj-reason", name: "reason", type: "text", required: true,
                 minlength: "3", maxlength: "300" }),
    h("button", { type: "submit", class: "primary" }, t("adjust")),
    this.adjustments.length ? h("ul", { class: "adjustment-list" }, this.adjustments.map((a) =>
      h("li", {}, h("strong", {}, `${names.get(a.player)} (${a.player})`), " ",
        `${a.points > 0 ? "+" : ""}${figure(a.points)}`,
        a.round ? ` · ${t("round")} ${a.round}` : "", ` · ${a.reason}`)))
      : h("p", { class: "hint" }, t("no_adjustments")));
    return form;
  }

  playersView() {
    return h("details", { class: "players" },
      h("summary", {}, `${t("players")} (${this.event.players.length})`),
      h("ol", {}, this.event.players.map((p) => h("li", { class: p.withdrawn ? "withdrawn" : null },
        `${p.name}${p.club ? `, ${p.club}` : ""} `,
        h("button", { type: "button", class: "link", onclick: async () => {
          await patch(this.url(`/players/${p.number}`), { withdrawn: !p.withdrawn });
          await this.load();
        } }, p.withdrawn ? t("reinstate") : t("withdraw"))))));
  }
}
