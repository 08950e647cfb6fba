// The STCCG match: A creates it with the stored deck, B joins with theirs, C watches; both
// play it to the end by clicking, with a reload of B's page, a second tab of A's and the debug
// panel's refused answer and dropped link along the way; all three see the same result. The
// cards' pictures come from the run's image server; what the table shows a player (tiles, the
// fitted spaceline, dilemmas and battles, the spectator's names and log) is looked at on the
// way (stccg_sights.mjs).
import { tableShowsImages } from "./card_images.mjs";
import { createMatch, joinMatch, kStccg, watchMatch } from "./lobby.mjs";
import { allOnTable, logShowsNewest, playAll, sameResult, tableClicksWork } from "./match_checks.mjs";
import { debugPanel, reloadSeat, twoTabs } from "./mid_match.mjs";
import { MatchRun, Seat } from "./play.mjs";
import { StccgSights } from "./stccg_sights.mjs";

const kTable = ".stccg";

// The New match form's rule options, opened: the switches in their four groups (the rules
// documents' disagreements, open; Q-Continuum, Blaze of Glory, and Premiere and Alternate
// Universe card readings, folded, the last opened for the shot), all off by default.
async function ruleOptions(report, person, form) {
  const details = form.locator("details.rule-options");
  await details.locator(":scope > summary").click();
  await report.check("stccg: the rule options come in four groups, every switch off", async () => {
    const groups = await details.locator("details.rule-group > summary").allTextContents();
    if (groups.length !== 4) throw new Error(`groups: ${groups.join(" | ")}`);
    const on = await details.locator("input[type=checkbox]:checked").count();
    if (on) throw new Error(`${on} switch(es) on by default`);
    await details.locator("details.rule-group > summary").nth(3).click();
    await details.locator("details.rule-group").nth(3).evaluate((el) => el.scrollIntoView({ block: "start" }));
    await report.shot(person.page, "stccg-rule-options");
    return groups.join(" | ");
  }, () => report.shot(person.page, "fail-stccg-rule-options"));
  await details.locator(":scope > summary").click();
}

export async function stccgMatch(report, env, { A, B, C, deckA, deckB, accounts }) {
  const id = await createMatch(report, A, env.url, { game: kStccg, deck: deckA, beforeCreate: (form) => ruleOptions(report, A, form) });
  await report.shot(A.page, "stccg-waiting-A");
  await joinMatch(report, B, env.url, id, { deck: deckB });
  await watchMatch(report, C, env.url, id);

  const run = new MatchRun({
    report,
    game: "stccg",
    label: "stccg",
    id,
    url: env.url,
    maxDecisions: 3000,
    deadline: Math.min(env.deadline - 90_000, Date.now() + 10 * 60_000),
    concedeLongGame: { who: "A", afterDecisions: 250, marginMs: 60_000 },
  });
  const a = new Seat(A, env.rng.fork());
  const b = new Seat(B, env.rng.fork());
  await allOnTable(report, run, [A, B, C], kTable, "stccg");
  await report.check("stccg: the table opens in the seeding phase, a decision open for a player", async () => {
    const phase = (await A.page.locator(".stccg .phase-line").textContent()).trim();
    if (!/^Seeding/.test(phase)) throw new Error(`the phase line reads "${phase}"`);
    const open = await Promise.race([
      A.page.locator("section.prompt.open").waitFor({ timeout: 20_000 }).then(() => "A"),
      B.page.locator("section.prompt.open").waitFor({ timeout: 20_000 }).then(() => "B"),
    ]);
    return `"${phase}"; ${open} decides first`;
  }, () => report.shot(A.page, "fail-stccg-seeding"));
  await report.check("stccg: each player seeds from their stored deck", async () => {
    const words = [];
    for (const [p, outpost] of [[A, "Federation Outpost"], [B, "Klingon Outpost"]]) {
      const pile = p.page.getByRole("group", { name: /^Your seed pile/ });
      await pile.getByRole("button", { name: new RegExp(`^${outpost},`) }).first().waitFor({ timeout: 10_000 });
      words.push(`${p.who} holds a ${outpost}`);
    }
    return words.join(", ");
  }, () => report.shot(B.page, "fail-stccg-decks"));
  for (const [p, who] of [[A, "A"], [B, "B"], [C, "spectator"]]) await report.shot(p.page, `stccg-seeding-${who}`, { top: true, fullPage: true });
  // C opened the match once it had begun: its log still starts at the beginning.
  await report.check("stccg: the spectator's log holds the game's first line, from before it watched", async () => {
    const first = C.page.locator(".event-log p").first();
    await C.page.locator(".event-log p").filter({ hasText: /^Seeding doorways/ }).first().waitFor({ timeout: 10_000 });
    return `"${(await first.textContent()).trim()}"`;
  }, () => report.shot(C.page, "fail-stccg-spectator-log"));
  await tableShowsImages(report, A, env.images, "stccg");

  const sights = new StccgSights(report, run, { A, B, C });
  run.onSurvey = (seat) => sights.look(seat);
  run.steer = (seat, options, drawn) => sights.steer(seat, options, drawn);
  run.hook("reload B's page", "B", (r) => r.total >= 40, (seat) => reloadSeat(report, run, seat, kTable));
  run.hook("a spectator opens the match late", "B", (r) => r.total >= 100, () => sights.lateSpectator(env.url));
  run.hook("a second tab of A's", "A", (r) => r.total >= 80, (seat) => twoTabs(report, run, seat, kTable));
  run.hook("the debug panel: a refused answer and a dropped link", "A", (r) => r.total >= 120, (seat) =>
    debugPanel(report, run, seat, kTable));
  // Early enough for a short game: one ended by an empty draw deck after 168 decisions.
  run.hook("mid-game screenshots", "A", (r) => r.total >= 130, async () => {
    for (const [p, who] of [[A, "A"], [B, "B"], [C, "spectator"]]) await report.shot(p.page, `stccg-mid-${who}`, { top: true, fullPage: true });
    await sights.spectatorNames(accounts);
  });

  await playAll(run, [a, b], C);
  report.pass(`stccg: the match ended, played by clicking`, run.endedHow());
  const result = await sameResult(report, run, [A, B, C]);
  await tableClicksWork(report, run, [a, b], { needMenu: true });
  await report.check("stccg: every table says the game is over", async () => {
    const lines = [];
    for (const p of [A, B, C]) {
      const line = p.page.locator(".stccg .phase-line").filter({ hasText: /^Game over/ });
      await line.waitFor({ timeout: 15_000 });
      lines.push((await line.textContent()).trim());
    }
    return lines.join(" / ");
  }, () => report.shot(C.page, "fail-stccg-game-over"));
  await logShowsNewest(report, run, [A, B, C]);
  await sights.finish();
  for (const [p, who] of [[A, "A"], [B, "B"], [C, "spectator"]]) await report.shot(p.page, `stccg-over-${who}`, { top: true, fullPage: true });
  report.note(`stccg match #${id}: ${run.total} decisions; A ${a.counts()}; B ${b.counts()}; result ${result}`);
  return id;
}
