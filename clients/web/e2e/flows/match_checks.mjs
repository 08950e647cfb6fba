// Checks shared by both games' matches: all pages on the table, the same result everywhere,
// and running the players' loops and the spectator's together.
import { Aborted, playSeat, resultText, watchToEnd } from "./play.mjs";

// Every page shows the match's table (`tableSelector`) under its heading.
export async function allOnTable(report, run, people, tableSelector, what) {
  await report.check(`${what}: ${people.map((p) => p.who).join(", ")} see the table of match #${run.id}`, async () => {
    for (const p of people) {
      await p.page.getByRole("heading", { name: new RegExp(`#${run.id}$`) }).waitFor({ timeout: 20_000 });
      await p.page.locator(tableSelector).first().waitFor({ timeout: 20_000 });
    }
    return true;
  }, () => report.shot(people[0].page, `fail-${run.label}-table`));
}

// The match ended before every hook had run: too short a game to have shown what it should.
export class EndedEarly extends Error {}

// Runs the seats' loops and the spectator's wait together; throws the first real failure.
export async function playAll(run, seats, spectator) {
  const results = await Promise.allSettled([
    ...seats.map((seat) => playSeat(run, seat)),
    watchToEnd(run, spectator),
  ]);
  const failures = results.filter((r) => r.status === "rejected").map((r) => r.reason);
  const first = failures.find((e) => !(e instanceof Aborted)) ?? failures[0];
  if (first) throw first;
  const missed = run.hooks.filter((h) => !h.done).map((h) => h.name);
  if (missed.length)
    throw new EndedEarly(`${run.label}: the match ended after ${run.total} decisions, before: ${missed.join("; ")}`);
}

// Players and spectator read the same result line.
export async function sameResult(report, run, people) {
  let text = "";
  await report.check(`${run.label}: ${people.map((p) => p.who).join(", ")} see the same result`, async () => {
    const texts = [];
    for (const p of people) texts.push(await resultText(p.page));
    if (new Set(texts).size !== 1) throw new Error(texts.map((t, i) => `${people[i].who}: "${t}"`).join(", "));
    text = texts[0];
    return `"${text}"`;
  });
  return text;
}

// The game log has scrolled to its newest line on every page.
export async function logShowsNewest(report, run, people) {
  await report.check(`${run.label}: the game log shows its newest line on ${people.map((p) => p.who).join(", ")}`, async () => {
    const seen = [];
    for (const p of people) {
      const at = await p.page.evaluate(() => {
        const log = document.querySelector(".event-log");
        const lines = log ? log.querySelectorAll("p:not([aria-hidden])") : [];
        const last = lines[lines.length - 1];
        if (!last) return null;
        const box = log.getBoundingClientRect();
        const line = last.getBoundingClientRect();
        return { count: lines.length, inSight: line.bottom <= box.bottom + 2 && line.top >= box.top - 2, text: last.textContent };
      });
      if (!at) throw new Error(`${p.who}: no line in the log`);
      if (!at.inSight)
        throw new Error(`${p.who}: the newest of ${at.count} lines ("${at.text}") is scrolled out of the log's sight`);
      seen.push(`${p.who} "${at.text}"`);
    }
    return seen.join(", ");
  }, () => report.shot(people[0].page, `fail-${run.label}-log`));
}

// The table did the clicking it was asked to: a seat's clicks on lit targets answered nearly
// every time (a miss falls back to the panel, which must not hide a table that stopped working),
// and, where asked, some answers went through a target's menu.
export async function tableClicksWork(report, run, seats, { needMenu }) {
  await report.check(`${run.label}: clicks on lit table targets answered the decisions`, async () => {
    const words = [];
    for (const seat of seats) {
      const tries = seat.tableClicks + seat.fallbacks;
      if (seat.tableClicks === 0) throw new Error(`${seat.who} never answered by clicking the table (${tries} tries)`);
      if (seat.fallbacks > Math.max(3, tries / 10))
        throw new Error(`${seat.who}: ${seat.fallbacks} of ${tries} table clicks did not answer (see the log and miss-*.png)`);
      words.push(`${seat.who} ${seat.tableClicks} of ${tries}`);
    }
    const menus = seats.reduce((n, seat) => n + seat.menuPicks, 0);
    if (needMenu && menus === 0) throw new Error("no answer went through a target's menu");
    return `${words.join(", ")}; ${menus} through a menu`;
  });
}
