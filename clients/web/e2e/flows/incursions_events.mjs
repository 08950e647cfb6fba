// An Incursions match with hex events and denizens (EVENTS): A creates it against the strong bot
// with a ship, officers and the Borg hexpile (which holds two denizen hexes; the bot brings the
// standard one, with three), C watches. A plays it to the end by clicking (denizens aimed at and
// a hex's repair count as table targets). Along the way: the first denizen on the map is checked
// against the denizen list and screenshotted, as are the first denizen offered as a target, the
// first hit by a hex event or a denizen, and a hex's repair; at the end every explored hex is
// checked to show its summary (the content's words, read here from hexes.txtpb), and A's table is
// looked at 390 px wide. A game that shows no denizen is noted, not failed.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createMatch, kIncursions, watchMatch } from "./lobby.mjs";
import { allOnTable, logShowsNewest, playAll, sameResult, tableClicksWork } from "./match_checks.mjs";
import { MatchRun, Seat } from "./play.mjs";

const kTable = ".inc-table";
const kEventsMode = "Hex events and denizens";
const kBot = "Bot: strong";
const kAttempts = 3;
// A Federation ship: the Borg hexes act on it (shields offline, Pwr out of play, the checkpoint).
const kSeatA = { ship: "Federation Escort (Federation)", captain: "", crew: ["Helm Officer"], hexpile: "borg" };

// Each hex id's summary as the content says it.
function contentSummaries() {
  const file = fileURLToPath(new URL("../../../../engine/incursions/content/hexes.txtpb", import.meta.url));
  const text = readFileSync(file, "utf8");
  const summaries = new Map();
  for (const m of text.matchAll(/hexes \{ id: "([^"]+)"[^{}]*?summary: "((?:[^"\\]|\\.)*)"/g)) summaries.set(m[1], m[2].replace(/\\(.)/g, "$1"));
  return summaries;
}

// Whether the page is wider than its screen; the widest culprits if so.
async function overflow(page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = document.documentElement.scrollWidth;
    if (wide <= width + 1) return null;
    const culprits = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= width + 1)
      .slice(0, 4)
      .map((el) => `${el.tagName.toLowerCase()}${el.className ? "." + String(el.className.baseVal ?? el.className).split(" ").join(".") : ""}`);
    return `the page is ${wide}px wide on a ${width}px screen (${culprits.join(", ")})`;
  });
}

// The denizens the page draws on the map and lists beside it.
async function denizensShown(page) {
  return page.evaluate(() => ({
    map: [...document.querySelectorAll(".inc-map .inc-denizen")].map((g) => ({
      id: g.getAttribute("data-denizen"),
      title: g.querySelector("title")?.textContent ?? "",
      glyph: g.querySelector(".inc-denizen-text")?.textContent ?? "",
    })),
    list: [...document.querySelectorAll(".inc-denizens .inc-denizen-item")].map((el) => ({
      id: el.getAttribute("data-denizen"),
      text: el.innerText.replace(/\s+/g, " ").trim(),
    })),
  }));
}

export async function incursionsEvents(report, env, { A, C }) {
  const summaries = contentSummaries();
  if (summaries.size < 20) throw new Error(`only ${summaries.size} hex summaries read from hexes.txtpb`);
  const seen = { denizens: 0 };
  const started = Date.now();
  for (let attempt = 1; ; ++attempt) {
    const decisions = await playMatch(report, env, { A, C }, attempt, summaries, seen);
    // A game that showed no denizen (one cut short by a wormhole's doubles, say) is played again
    // while the flow is young; past that, noted.
    if (seen.denizens > 0) return;
    if (attempt === kAttempts || Date.now() > started + 45_000) {
      report.note(`incursions events: no denizen appeared in ${attempt} game(s)`);
      return;
    }
    report.note(`incursions events: game ${attempt} (${decisions} decisions) showed no denizen; playing another (${attempt} of ${kAttempts} tries)`);
  }
}

async function playMatch(report, env, { A, C }, attempt, summaries, seen) {
  const first = attempt === 1;
  const suffix = first ? "" : `-${attempt}`;
  const id = await createMatch(report, A, env.url, {
    game: kIncursions,
    players: 2,
    mode: kEventsMode,
    seat: kSeatA,
    bot: kBot,
    beforeCreate: async (form) => {
      if (!first) return;
      await report.check("incursions events: the form offers hex events and denizens, says what they mean, and a hexpile", async () => {
        const select = (name) => form.locator("label").filter({ hasText: new RegExp(`^${name}`) }).locator("select");
        const modes = await select("Mode").locator("option").allTextContents();
        if (modes.join(" / ") !== "Basic / Captains and crew / Hex events and denizens / Full game with cards")
          throw new Error(`the modes offered: ${modes.join(" / ")}`);
        const hint = (await form.locator(".create-mode-hint").textContent()).trim();
        if (!/denizens/.test(hint)) throw new Error(`the mode's words: "${hint}"`);
        const piles = await select("Hexpile").locator("option").allTextContents();
        const borg = piles.find((p) => /^Borg space/.test(p));
        if (!borg || !/\(\d denizens?\)$/.test(borg)) throw new Error(`hexpiles offered: ${piles.join(" / ")}`);
        const hexes = (await form.locator(".inc-seat-hexpile").textContent()).trim();
        if (!/Crystal Entity, Doomsday Device/.test(hexes)) throw new Error(`the Borg hexpile's words: "${hexes}"`);
        await report.shot(A.page, "incursions-events-create-form", { fullPage: true });
        return `"${hint.slice(0, 60)}…"; ${piles.length} hexpiles, "${borg}": "${hexes}"`;
      }, () => report.shot(A.page, "fail-incursions-events-form", { fullPage: true }));
    },
  });
  await watchMatch(report, C, env.url, id);
  const run = new MatchRun({
    report,
    game: "incursions",
    label: "incursions-events",
    id,
    url: env.url,
    maxDecisions: 800,
    deadline: Math.min(env.deadline - 20_000, Date.now() + 3 * 60_000),
    concedeLongGame: { who: "A", afterDecisions: 150, marginMs: 40_000 },
  });
  const a = new Seat(A, env.rng.fork());
  await allOnTable(report, run, [A, C], kTable, "incursions events");
  await report.check("incursions events: the table lists denizens and says what the viewer's hex does", async () => {
    const words = [];
    for (const p of [A, C]) {
      await p.page.getByRole("region", { name: "Denizens" }).waitFor({ timeout: 15_000 });
      const info = p.page.locator(".inc-hex-info");
      await info.locator(".inc-hex-summary").filter({ hasNotText: /^Loading/ }).waitFor({ timeout: 15_000 });
      words.push(`${p.who}: "${(await info.textContent()).replace(/\s+/g, " ").trim()}"`);
    }
    return words.join("; ");
  }, () => report.shot(A.page, "fail-incursions-events-start", { fullPage: true }));
  for (const [p, who] of [[A, "A"], [C, "spectator"]])
    await report.shot(p.page, `incursions-events-start-${who}${suffix}`, { top: true, fullPage: true });

  // Rare sights, each looked at once: the first denizen on the map (and in the list), the first
  // denizen offered as a target, a hit by a hex event or a denizen, a hex's repair, the chips a
  // hex puts on a board.
  const shots = new Set();
  const once = async (key, fn) => {
    if (shots.has(key)) return;
    shots.add(key);
    await fn();
  };
  run.onSurvey = async (seat, surveyed) => {
    const page = seat.page;
    // A short game (a wormhole's doubles) may end before: not a failure here.
    if (run.total >= 12)
      await once("mid", async () => {
        for (const [p, who] of [[A, "A"], [C, "spectator"]])
          await report.shot(p.page, `incursions-events-mid-${who}${suffix}`, { top: true, fullPage: true });
      });
    const shown = await denizensShown(page);
    if (shown.map.length > 0 && !shots.has("denizen")) {
      await once("denizen", async () => {
        seen.denizens++;
        await report.check("incursions events: a denizen is drawn on the map and listed beside it", async () => {
          const listed = new Set(shown.list.map((d) => d.id));
          const missing = shown.map.filter((d) => !listed.has(d.id));
          if (missing.length || shown.list.length !== shown.map.length)
            throw new Error(`map ${JSON.stringify(shown.map)}; list ${JSON.stringify(shown.list)}`);
          for (const d of shown.map) {
            if (!/^Denizen: .+, life \d+ of \d+, (evades on 2D6 ≤ \d+|never evades), weapon \d+D6/.test(d.title))
              throw new Error(`the marker's words: "${d.title}"`);
            if (!/^[A-Z0-9?]{1,2}$/.test(d.glyph)) throw new Error(`the marker's letters: "${d.glyph}"`);
          }
          await report.shot(page, `incursions-events-denizen-${seat.who}${suffix}`, { fullPage: true });
          await page.locator(".inc-map .inc-denizen").first().scrollIntoViewIfNeeded();
          await report.shot(page, `incursions-events-denizen-map-${seat.who}${suffix}`);
          return `${shown.map.map((d) => `"${d.title}" (${d.glyph})`).join("; ")}; list: ${shown.list.map((d) => d.text).join(" | ")}`;
        }, () => report.shot(page, "fail-incursions-events-denizen", { fullPage: true }));
      });
    }
    if (surveyed.denizens > 0)
      await once("denizen-target", async () => {
        const aimed = await page.locator(".inc-map .inc-denizen.is-target").first().getAttribute("aria-label").catch(() => null);
        report.note(`incursions events: ${seat.who} is offered ${surveyed.denizens} denizen target(s): ${aimed ?? "(in the list)"}`);
        await report.shot(page, `incursions-events-denizen-target-${seat.who}${suffix}`, { fullPage: true });
      });
    const hit = page.locator(".inc-hit-panel.is-event, .inc-hit-panel.is-denizen");
    if (await hit.count()) {
      const kind = (await hit.first().getAttribute("class")).includes("is-event") ? "event" : "denizen";
      await once(`hit-${kind}`, async () => {
        const headline = (await hit.first().locator(".inc-hit-headline").textContent()).trim();
        report.note(`incursions events: ${seat.who} sees a hit by a ${kind === "event" ? "hex event" : "denizen"}: "${headline}"`);
        if (kind === "event" && !/ hits .+ for \d+ — cannot be evaded$/.test(headline))
          throw new Error(`a hex event's hit reads "${headline}"`);
        if (kind === "denizen" && !/^The .+ attacks? .+ for \d+$/.test(headline)) throw new Error(`a denizen's hit reads "${headline}"`);
        await report.shot(page, `incursions-events-hit-${kind}-${seat.who}${suffix}`);
      });
    }
    if (await page.locator(".inc-event-panel").count())
      await once("repair", async () => {
        const words = (await page.locator(".inc-event-panel").textContent()).replace(/\s+/g, " ").trim();
        report.note(`incursions events: a hex repairs ${seat.who}'s ship: "${words}"`);
        await report.shot(page, `incursions-events-repair-${seat.who}${suffix}`);
      });
    const chips = await page.locator(".inc-chips li.is-hex, .inc-chips li.is-held").allTextContents();
    if (chips.length)
      await once("chips", async () => {
        report.note(`incursions events: a board shows what its hex does: ${chips.join(" | ")}`);
        await report.shot(page, `incursions-events-board-chips-${seat.who}${suffix}`, { fullPage: true });
      });
  };

  await playAll(run, [a], C);
  report.pass("incursions events: the match ended, played by clicking", run.endedHow());
  const result = await sameResult(report, run, [A, C]);
  if (a.tableClicks + a.fallbacks > 0) await tableClicksWork(report, run, [a], { needMenu: false });
  else report.note(`incursions events: A never chose to click the table in a game of ${run.total} decisions`);
  await report.check("incursions events: both tables say the game is over", async () => {
    const lines = [];
    for (const p of [A, C]) {
      const line = p.page.locator(".inc-status-line").filter({ hasText: /^Game over/ });
      await line.waitFor({ timeout: 15_000 });
      lines.push((await line.textContent()).trim());
    }
    return lines.join(" / ");
  }, () => report.shot(C.page, "fail-incursions-events-game-over"));
  await logShowsNewest(report, run, [A, C]);

  // Every explored hex says what it does: its tooltip, and the panel under the map when it is
  // focused (as by the keyboard or a tap) or pointed at.
  await report.check("incursions events: every explored hex shows its summary from the content", async () => {
    const page = C.page;
    // The whole board in sight (Fit is enabled only once the view has moved).
    const fit = page.getByRole("button", { name: "Fit" });
    if (await fit.isEnabled()) await fit.click();
    // Each tile focused in turn (as by the keyboard or a tap), the panel read once it shows that
    // tile (Preact renders in a microtask; frames and timers crawl in a page in the background).
    const seenTiles = await page.evaluate(async () => {
      const out = [];
      for (const tile of document.querySelectorAll(".inc-map .inc-hex.is-tile[data-hex-id]")) {
        tile.focus();
        const key = tile.getAttribute("data-hex");
        for (let i = 0; i < 200 && document.querySelector(".inc-hex-info")?.getAttribute("data-hex") !== key; i++)
          await (i < 100 ? Promise.resolve() : new Promise((r) => setTimeout(r, 5)));
        const panel = document.querySelector(".inc-hex-info");
        out.push({
          hexId: tile.getAttribute("data-hex-id"),
          panelFor: panel?.getAttribute("data-hex-id") ?? null,
          summary: panel?.querySelector(".inc-hex-summary")?.textContent.trim() ?? "",
          title: tile.querySelector(":scope > title")?.textContent ?? "",
        });
      }
      return out;
    });
    const n = seenTiles.length;
    const checked = [];
    for (const { hexId, panelFor, summary: got, title } of seenTiles) {
      const want = hexId === "start" ? null : summaries.get(hexId);
      if (hexId !== "start" && !want) throw new Error(`hexes.txtpb has no summary for ${hexId}`);
      if (panelFor !== hexId) throw new Error(`focusing ${hexId} shows ${panelFor} in the panel`);
      if (want && got !== want) throw new Error(`${hexId}: the panel says "${got}", the content "${want}"`);
      if (want && !title.endsWith(want)) throw new Error(`${hexId}: the tooltip says "${title}"`);
      checked.push(hexId.replace(/^hex\./, ""));
    }
    const tiles = page.locator(".inc-map .inc-hex.is-tile[data-hex-id]");
    // By pointing, too: the last explored hex with the mouse over it.
    const last = tiles.nth(n - 1);
    await page.bringToFront();
    await page.locator(".inc-hex-info").first().scrollIntoViewIfNeeded();
    await last.hover({ timeout: 5000, force: true });
    await page.waitForTimeout(150);
    const pointed = await page.locator(".inc-hex-info").first().getAttribute("data-hex-id");
    if (pointed !== (await last.getAttribute("data-hex-id"))) throw new Error(`pointing at a hex shows ${pointed}`);
    await report.shot(page, `incursions-events-hex-info${suffix}`);
    if (n < 2) throw new Error(`only ${n} explored tile(s) on the map`);
    return `${n} tiles: ${checked.join(", ")}`;
  }, () => report.shot(C.page, "fail-incursions-events-summaries", { fullPage: true }));

  const end = await denizensShown(C.page);
  await report.check("incursions events: the denizens drawn are the denizens listed", async () => {
    const ids = (xs) => xs.map((d) => d.id).sort().join(",");
    if (ids(end.map) !== ids(end.list)) throw new Error(`map ${ids(end.map)}; list ${ids(end.list)}`);
    return end.map.length ? end.list.map((d) => d.text).join(" | ") : "no denizen alive at the end";
  });
  if (end.map.length && !shots.has("denizen")) seen.denizens++;
  for (const [p, who] of [[A, "A"], [C, "spectator"]])
    await report.shot(p.page, `incursions-events-over-${who}${suffix}`, { top: true, fullPage: true });

  // Phone-wide (390 px): the table, the denizen list and the hex panel fit the screen's width.
  const wide = A.page.viewportSize();
  await A.page.bringToFront();
  await A.page.setViewportSize({ width: 390, height: 844 });
  try {
    await report.check("incursions events: phone-wide, the table, its denizens and the hex panel fit the screen's width", async () => {
      await A.page.waitForTimeout(300);
      const too = await overflow(A.page);
      await report.shot(A.page, `incursions-events-phone${suffix}`, { top: true, fullPage: true });
      await A.page.locator(".inc-denizens").scrollIntoViewIfNeeded();
      await report.shot(A.page, `incursions-events-phone-denizens${suffix}`);
      if (too) throw new Error(too);
      return "within 390 px";
    });
  } finally {
    await A.page.setViewportSize(wide);
  }
  const logLines = await C.page.locator(".event-log p").filter({ hasText: /denizen|attacks|Pirates|Entity|Device|Guardians|escape|repairs|out of play/i }).count();
  report.note(
    `incursions events match #${id}: ${run.total} decisions by A (${a.counts()}); ` +
      `${end.map.length} denizen(s) alive at the end; seen during play: ${[...shots].filter((k) => k !== "mid").join(", ") || "nothing rare"}; ` +
      `${logLines} log lines about events and denizens; result ${result}`,
  );
  return run.total;
}
