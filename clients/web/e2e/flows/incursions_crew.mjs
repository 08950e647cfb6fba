// An Incursions match with captains and crew: A creates it with a chosen ship, captain and crew
// (the chooser keeps the crew to three), B joins from the lobby list with a Borg Cube and crew of
// their own, C watches. Every page draws both vessels' officers and figures; A's table is also
// looked at phone-wide; then both play it to the end by clicking (officers lit on the boards
// count as table targets).
import { createMatch, joinMatch, kIncursions, watchMatch } from "./lobby.mjs";
import { allOnTable, EndedEarly, logShowsNewest, playAll, sameResult, tableClicksWork } from "./match_checks.mjs";
import { MatchRun, Seat } from "./play.mjs";

const kTable = ".inc-table";
const kCrewMode = "Captains and crew";
const kAttempts = 4;

// A's seat: a Klingon Battle Cruiser under a Romulan captain (not its race's), with a helmsman
// and a tactical officer. B's: a Borg Cube under its race's captain, with a science officer and
// an engineer.
const kSeatA = { ship: "Klingon Battle Cruiser (Klingon)", captain: "Romulan Captain", crew: ["Helm Officer", "Tactical Officer"] };
const kSeatB = { ship: "Borg Cube (Borg)", captain: "", crew: ["Science Officer", "Chief Engineer"] };
// What each board must show: ship, then officers' titles in board order.
const kBoardA = { ship: "Klingon Battle Cruiser", officers: ["Romulan Captain", "Helm Officer", "Tactical Officer"] };
const kBoardB = { ship: "Borg Cube", officers: ["Borg Captain", "Science Officer", "Chief Engineer"] };

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
      .map((el) => `${el.tagName.toLowerCase()}${el.className ? "." + String(el.className).split(" ").join(".") : ""}`);
    return `the page is ${wide}px wide on a ${width}px screen (${culprits.join(", ")})`;
  });
}

export async function incursionsCrew(report, env, { A, B, C }) {
  for (let attempt = 1; ; ++attempt) {
    try {
      return await playMatch(report, env, { A, B, C }, attempt);
    } catch (e) {
      if (!(e instanceof EndedEarly) || attempt === kAttempts) throw e;
      report.note(`${e.message}; playing another match (${attempt} of ${kAttempts} tries)`);
    }
  }
}

// The officers' titles on the board of the vessel named `ship`, in order, and its figures' text.
async function board(page, ship) {
  const section = page.locator(".inc-board").filter({ has: page.locator(".inc-ship", { hasText: ship }) });
  await section.locator(".inc-officer").first().waitFor({ timeout: 20_000 });
  const officers = (await section.locator(".inc-officer-title").allTextContents()).map((t) => t.replace(/✓$/, "").trim());
  const figures = await section
    .locator(".inc-crew-figures > div")
    .evaluateAll((items) => items.map((d) => `${d.querySelector("dt")?.textContent} ${d.querySelector("dd")?.textContent}`).join(", "));
  return { officers, figures };
}

async function playMatch(report, env, { A, B, C }, attempt) {
  const first = attempt === 1;
  const id = await createMatch(report, A, env.url, {
    game: kIncursions,
    players: 2,
    mode: kCrewMode,
    seat: kSeatA,
    beforeCreate: async (form) => {
      if (!first) return;
      // The chooser keeps the crew to three: with a third chosen, the others are disabled.
      await report.check("incursions crew: the crew chooser allows three crew at most, one per position", async () => {
        const crew = form.getByRole("group", { name: "Crew" });
        await crew.getByRole("checkbox", { name: /^First Officer \(/ }).check();
        const science = crew.getByRole("checkbox", { name: /^Science Officer \(/ });
        if (!(await science.isDisabled())) throw new Error("a fourth crew member could still be chosen");
        const why = (await crew.locator("label", { hasText: /^Science Officer \(/ }).textContent()).trim();
        await report.shot(A.page, "incursions-crew-create-form", { fullPage: true });
        await crew.getByRole("checkbox", { name: /^First Officer \(/ }).uncheck();
        if (await science.isDisabled()) throw new Error("taking one out did not free a place");
        return `"${why}"`;
      }, () => report.shot(A.page, "fail-incursions-crew-chooser"));
      // The server seats bots in two-player matches only (BOTS_TWO_PLAYERS_ONLY): the form
      // offers them there alone, and says so.
      await report.check("incursions crew: bots are offered for two players only", async () => {
        const select = (name) => form.locator("label").filter({ hasText: new RegExp(`^${name}`) }).locator("select");
        const bots = () => select("Opponent").locator("option", { hasText: /^Bot/ }).count();
        await select("Players").selectOption("3");
        if (await bots()) throw new Error("a bot is offered for three players");
        const words = (await form.locator("label", { hasText: /^Opponent/ }).locator(".hint").textContent()).trim();
        await report.shot(A.page, "incursions-crew-no-bots", { fullPage: true });
        if (!/two-player/.test(words)) throw new Error(`the form says "${words}"`);
        await select("Players").selectOption("2");
        if ((await bots()) !== 3) throw new Error("the bots are not offered again for two players");
        return `"${words}"`;
      }, () => report.shot(A.page, "fail-incursions-crew-bots"));
    },
  });
  if (first) {
    // Opened by its link, the waiting match offers its seat with the same chooser.
    await report.check(`incursions crew: match #${id} opened by its link offers the seat with a ship and officers`, async () => {
      await C.page.goto(`${env.url}/#/match/${id}`);
      const panel = C.page.getByRole("region", { name: "Join this match" });
      await panel.getByRole("group", { name: "Your ship and officers" }).locator("select").first().waitFor({ timeout: 15_000 });
      const ships = await panel.locator("label").filter({ hasText: /^Ship/ }).locator("option").allTextContents();
      if (ships.some((s) => /^Test Ship/.test(s))) throw new Error(`the test fixtures are offered: ${ships.join(", ")}`);
      await report.shot(C.page, "incursions-crew-join-panel", { fullPage: true });
      return `ships offered: ${ships.join(", ")}`;
    }, () => report.shot(C.page, "fail-incursions-crew-join-panel"));
  }
  await joinMatch(report, B, env.url, id, {
    seat: kSeatB,
    beforeJoin: first ? () => report.shot(B.page, "incursions-crew-join-form", { fullPage: true }) : undefined,
  });
  await watchMatch(report, C, env.url, id);
  const run = new MatchRun({
    report,
    game: "incursions",
    label: "incursions-crew",
    id,
    url: env.url,
    maxDecisions: 1500,
    deadline: Math.min(env.deadline - 20_000, Date.now() + 4 * 60_000),
    concedeLongGame: { who: "A", afterDecisions: 150, marginMs: 40_000 },
  });
  const a = new Seat(A, env.rng.fork());
  const b = new Seat(B, env.rng.fork());
  await allOnTable(report, run, [A, B, C], kTable, "incursions crew");
  await report.check("incursions crew: every page draws both vessels' officers, captain first, and their figures", async () => {
    const seen = [];
    for (const p of [A, B, C]) {
      for (const want of [kBoardA, kBoardB]) {
        const got = await board(p.page, want.ship);
        if (got.officers.join(" / ") !== want.officers.join(" / "))
          throw new Error(`${p.who} sees on the ${want.ship}: ${got.officers.join(" / ")}; wanted ${want.officers.join(" / ")}`);
        for (const figure of ["Shields max", "Evasion", "Weapons", "Repair", "Espionage evasion", "Captain race"])
          if (!got.figures.includes(figure)) throw new Error(`${p.who}: the ${want.ship}'s figures lack "${figure}": ${got.figures}`);
      }
      seen.push(p.who);
    }
    const shown = await board(C.page, kBoardA.ship);
    return `${seen.join(", ")}; the ${kBoardA.ship}: ${shown.figures}`;
  }, () => report.shot(C.page, "fail-incursions-crew-boards", { fullPage: true }));
  const suffix = first ? "" : `-${attempt}`;
  for (const [p, who] of [[A, "A"], [B, "B"], [C, "spectator"]])
    await report.shot(p.page, `incursions-crew-start-${who}${suffix}`, { top: true, fullPage: true });
  // Phone-wide (390 px), before the play starts: the table, the boards with their officers.
  const wide = A.page.viewportSize();
  await A.page.setViewportSize({ width: 390, height: 844 });
  try {
    await report.check("incursions crew: phone-wide, the table and its officers fit the screen's width", async () => {
      await A.page.waitForTimeout(300);
      const too = await overflow(A.page);
      await report.shot(A.page, `incursions-crew-phone${suffix}`, { top: true, fullPage: true });
      await A.page.locator(".inc-board .inc-officers").first().scrollIntoViewIfNeeded();
      await report.shot(A.page, `incursions-crew-phone-officers${suffix}`);
      if (too) throw new Error(too);
      return "within 390 px";
    });
  } finally {
    await A.page.setViewportSize(wide);
  }

  // The first time a player is offered an officer as a target on the boards, a screenshot.
  // So is the first officer seen face down or assimilated.
  let officerShot = false;
  let changedShot = false;
  let menuShot = false;
  run.onSurvey = async (seat, seen) => {
    if (!officerShot && seen.officers) {
      officerShot = true;
      report.note(`incursions crew: ${seat.who} is offered ${seen.officers} officer(s) to click on the boards`);
      await report.shot(seat.page, `incursions-crew-officer-target-${seat.who}${suffix}`, { fullPage: true });
    }
    // An officer with several options opens a menu of them on its board: looked at once, then
    // closed with Escape (the player then answers as usual).
    const several = seat.page.locator(".inc-board button.inc-officer.is-target[aria-label$=' choices']");
    if (!menuShot && seen.officers && (await several.count())) {
      menuShot = true;
      await several.first().click();
      const menu = seat.page.locator(".inc-board .inc-menu[role=menu]");
      await menu.waitFor({ timeout: 3000 });
      const items = await menu.locator("button[role=menuitem]").allTextContents();
      report.note(`incursions crew: an officer's menu for ${seat.who}: ${items.join(" | ")}`);
      await report.shot(seat.page, `incursions-crew-officer-menu-${seat.who}${suffix}`);
      await seat.page.keyboard.press("Escape");
      await menu.waitFor({ state: "detached", timeout: 3000 });
    }
    if (!changedShot && (await seat.page.locator(".inc-officer.is-down, .inc-officer.is-assimilated").count())) {
      changedShot = true;
      const what = await seat.page.locator(".inc-officer.is-down, .inc-officer.is-assimilated").first().getAttribute("title");
      report.note(`incursions crew: ${seat.who} sees an officer out of action or assimilated: ${what ?? "(a target)"}`);
      await report.shot(seat.page, `incursions-crew-officer-changed-${seat.who}${suffix}`, { fullPage: true });
    }
  };
  run.hook("mid-game screenshots", "A", (r) => r.total >= 40, async () => {
    for (const [p, who] of [[A, "A"], [B, "B"], [C, "spectator"]])
      await report.shot(p.page, `incursions-crew-mid-${who}${suffix}`, { top: true, fullPage: true });
  });

  await playAll(run, [a, b], C);
  report.pass("incursions crew: the match ended, played by clicking", run.endedHow());
  const result = await sameResult(report, run, [A, B, C]);
  await tableClicksWork(report, run, [a, b], { needMenu: false });
  await report.check("incursions crew: every table says the game is over", async () => {
    const lines = [];
    for (const p of [A, B, C]) {
      const line = p.page.locator(".inc-status-line").filter({ hasText: /^Game over/ });
      await line.waitFor({ timeout: 15_000 });
      lines.push((await line.textContent()).trim());
    }
    return lines.join(" / ");
  }, () => report.shot(C.page, "fail-incursions-crew-game-over"));
  await logShowsNewest(report, run, [A, B, C]);
  for (const [p, who] of [[A, "A"], [B, "B"], [C, "spectator"]])
    await report.shot(p.page, `incursions-crew-over-${who}${suffix}`, { top: true, fullPage: true });
  const officerLog = await C.page.locator(".event-log p").filter({ hasText: /officer|captain|assimilat|face down|to service/i }).count();
  report.note(
    `incursions crew match #${id}: ${run.total} decisions; A ${a.counts()}, ${a.officerClicks} on officers; ` +
      `B ${b.counts()}, ${b.officerClicks} on officers; ${officerLog} log lines about officers; result ${result}`,
  );
  return id;
}
