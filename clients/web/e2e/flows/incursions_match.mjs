// The Incursions match: A creates a two-player match, B joins, C watches; both play it to the
// end by clicking lit hexes and vessels on the map, or the decision panel.
import { createMatch, joinMatch, kIncursions, watchMatch } from "./lobby.mjs";
import { allOnTable, EndedEarly, logShowsNewest, playAll, sameResult, tableClicksWork } from "./match_checks.mjs";
import { MatchRun, Seat } from "./play.mjs";

const kTable = ".inc-table";

// A game may end in a few turns (a ship rolls doubles at a wormhole); one too short to have
// reached the mid-game screenshots is noted, and the players sit down to another.
const kAttempts = 4;

export async function incursionsMatch(report, env, { A, B, C }) {
  for (let attempt = 1; ; ++attempt) {
    try {
      return await playMatch(report, env, { A, B, C });
    } catch (e) {
      if (!(e instanceof EndedEarly) || attempt === kAttempts) throw e;
      report.note(`${e.message}; playing another match (${attempt} of ${kAttempts} tries)`);
    }
  }
}

async function playMatch(report, env, { A, B, C }) {
  const id = await createMatch(report, A, env.url, { game: kIncursions, players: 2 });
  await joinMatch(report, B, env.url, id);
  await watchMatch(report, C, env.url, id);
  const run = new MatchRun({
    report,
    game: "incursions",
    label: "incursions",
    id,
    url: env.url,
    maxDecisions: 1500,
    deadline: Math.min(env.deadline - 20_000, Date.now() + 4 * 60_000),
    concedeLongGame: { who: "A", afterDecisions: 150, marginMs: 40_000 },
  });
  const a = new Seat(A, env.rng.fork());
  const b = new Seat(B, env.rng.fork());
  await allOnTable(report, run, [A, B, C], kTable, "incursions");
  await report.check("incursions: the map is drawn and a player has a decision with lit targets or options", async () => {
    const hexes = await A.page.locator(".inc-map .inc-hex").count();
    if (hexes === 0) throw new Error("no hex on the map");
    const who = await Promise.race([
      A.page.locator("section.prompt.open").waitFor({ timeout: 20_000 }).then(() => A),
      B.page.locator("section.prompt.open").waitFor({ timeout: 20_000 }).then(() => B),
    ]);
    const lit = await who.page.locator(".inc-map .inc-hex.is-target, .inc-map .inc-vessel.is-target").count();
    return `${hexes} hexes drawn; ${who.who} decides first, ${lit} lit on the map`;
  }, () => report.shot(A.page, "fail-incursions-start"));
  for (const [p, who] of [[A, "A"], [B, "B"], [C, "spectator"]]) await report.shot(p.page, `incursions-start-${who}`, { top: true, fullPage: true });
  run.hook("mid-game screenshots", "A", (r) => r.total >= 40, async () => {
    for (const [p, who] of [[A, "A"], [B, "B"], [C, "spectator"]]) await report.shot(p.page, `incursions-mid-${who}`, { top: true, fullPage: true });
  });

  await playAll(run, [a, b], C);
  report.pass("incursions: the match ended, played by clicking", run.endedHow());
  const result = await sameResult(report, run, [A, B, C]);
  await tableClicksWork(report, run, [a, b], { needMenu: false });
  await report.check("incursions: every table says the game is over", async () => {
    const lines = [];
    for (const p of [A, B, C]) {
      const line = p.page.locator(".inc-status-line").filter({ hasText: /^Game over/ });
      await line.waitFor({ timeout: 15_000 });
      lines.push((await line.textContent()).trim());
    }
    return lines.join(" / ");
  }, () => report.shot(C.page, "fail-incursions-game-over"));
  await logShowsNewest(report, run, [A, B, C]);
  for (const [p, who] of [[A, "A"], [B, "B"], [C, "spectator"]]) await report.shot(p.page, `incursions-over-${who}`, { top: true, fullPage: true });
  report.note(`incursions match #${id}: ${run.total} decisions; A ${a.counts()}; B ${b.counts()}; result ${result}`);
  return id;
}
