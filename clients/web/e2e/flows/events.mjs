// The events pages: C is made an organiser (spacedock admin role) and creates a one-round
// Incursions event; A and B register; C starts round 1 from the dashboard, which shows the
// table's clocks, and judges the match (its players named, and while the judge delay lasts,
// when the table will appear); A hears of the table, opens the match and concedes; everyone sees
// the result and the final standings; C exports them and rules on the table. Then C creates an
// STCCG event, and A's page says which deck A registered for it.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { concede } from "./play.mjs";

// What a judge reads until the delayed table comes (judge_words.ts): how far behind, and from when.
const kJudgeWait = /^Judge view: runs .+ behind the game; the table appears from \d\d:\d\d\.$/;

export async function eventsFlow(report, env, { A, B, C }, accounts, deckA) {
  execFileSync(env.server, ["admin", "role", "--db", env.db, "--user", accounts.C, "--organiser"]);
  const { page } = C;
  await page.goto(`${env.url}/#/events`);
  await page.reload();  // the role is read when the session logs in again
  let id = "";
  await report.check("C, made an organiser, creates an event from the Events page", async () => {
    const form = page.getByRole("form", { name: "New event" });
    await form.waitFor({ timeout: 15_000 });
    await form.getByRole("textbox", { name: "Name" }).fill("E2E Cup");
    await form.getByRole("combobox", { name: /^Game/ }).selectOption({ label: "Star Trek: Incursions" });
    await form.getByRole("combobox", { name: /^Swiss rounds/ }).selectOption("1");
    await form.getByRole("button", { name: "Create event" }).click();
    await page.waitForURL(/#\/event\/\d+$/);
    id = /#\/event\/(\d+)/.exec(page.url())[1];
    await page.getByRole("heading", { name: "E2E Cup" }).waitFor();
    return `event #${id}`;
  }, () => report.shot(page, "fail-event-create"));
  await report.shot(page, "event-created", { top: true, fullPage: true });

  for (const p of [A, B]) {
    await report.check(`${p.who} registers for the event`, async () => {
      await p.page.goto(`${env.url}/#/event/${id}`);
      await p.page.getByRole("form", { name: "Register" }).getByRole("button", { name: "Register" }).click();
      await p.page.getByText("You are registered").waitFor();
      return "registered";
    }, () => report.shot(p.page, `fail-event-register-${p.who}`));
  }
  await report.shot(A.page, "event-registered", { top: true, fullPage: true });

  let matchId = "";
  await report.check("C's dashboard starts round 1: the table, its match and both clocks", async () => {
    await page.getByRole("region", { name: "Players" }).getByText(accounts.B).waitFor({ timeout: 15_000 });
    await page.getByRole("button", { name: "Start round 1" }).click();
    const pairings = page.getByRole("region", { name: "Pairings" });
    const row = pairings.locator("tr[data-table='1']");
    await row.getByText("playing").waitFor({ timeout: 15_000 });
    await row.locator(".table-clocks .clock").nth(1).waitFor({ timeout: 15_000 });
    matchId = /match\/(\d+)/.exec(await row.getByRole("link", { name: "Judge" }).getAttribute("href"))[1];
    return `match #${matchId}; ${(await row.textContent()).replace(/\s+/g, " ").trim()}`;
  }, () => report.shot(page, "fail-event-start"));
  await report.shot(page, "event-dashboard", { top: true, fullPage: true });

  // Judged at once, before A opens the match: the judge delay (2 s on this server) is short.
  await report.check("C judges the match: the players named, and when the delayed table appears", async () => {
    await page.locator(`a[href="#/match/${matchId}?judge=1"]`).click();
    const seats = page.locator(".match-head .seats");
    for (const name of [accounts.A, accounts.B]) await seats.getByText(name).waitFor({ timeout: 10_000 });
    const names = (await seats.locator(".seat .name").allTextContents()).map((n) => n.trim()).join(" / ");
    const waiting = page.locator(".table-area > p[role=status]");
    const words = await waiting.textContent({ timeout: 1000 }).then((t) => t.trim()).catch(() => "");
    if (kJudgeWait.test(words)) {
      await report.shot(page, "judge-names", { top: true });
      return `${names}; "${words}"`;
    }
    if (/\bfrom\b/.test(words)) throw new Error(`the waiting words: "${words}"`);
    report.note(`events: the judge delay had passed before the judge view drew (it says "${words || "the table"}"); judge-names.png shows the table`);
    return names;
  }, () => report.shot(page, "fail-event-judge-names"));
  await report.check("C judges the match: every card, a little behind, the players named on the table", async () => {
    await page.locator(".judge-note").waitFor({ timeout: 20_000 });
    const table = await page.locator(".table-area").innerText();
    for (const name of [accounts.A, accounts.B]) if (!table.includes(name)) throw new Error(`the table does not name ${name}`);
    // A judge reads names, never a seat number where a name belongs.
    const seat = /\bPlayer \d+'s\b/.exec(table);
    if (seat) throw new Error(`the judge's table says "${seat[0]}" (${table.split("\n").find((l) => l.includes(seat[0])).trim()})`);
    return (await page.locator(".judge-note").textContent()).trim();
  }, () => report.shot(page, "fail-event-judge"));
  if (!report.shots.includes("judge-names.png")) await report.shot(page, "judge-names", { top: true });
  await report.shot(page, "event-judge", { top: true });

  await report.check("A hears of the table on any page, and opens the match from the news", async () => {
    const news = A.page.locator(".table-news");
    await news.waitFor({ timeout: 15_000 });
    const text = (await news.textContent()).replace(/\s+/g, " ").trim();
    if (!text.includes(`you play ${accounts.B} at table 1`)) throw new Error(`the news says "${text}"`);
    await report.shot(A.page, "event-table-news", { top: true });
    await news.getByRole("link", { name: "Open your match" }).click();
    await A.page.getByRole("heading", { name: new RegExp(`#${matchId}$`) }).waitFor();
    return text;
  }, () => report.shot(A.page, "fail-event-news"));

  await report.check("A concedes; the table, the round and the final standings say so everywhere", async () => {
    await concede(A.page);
    await A.page.locator(".match-head .result").waitFor({ timeout: 15_000 });
    const lines = [];
    for (const p of [C, B]) {
      await p.page.goto(`${env.url}/#/event/${id}`);
      const row = p.page.getByRole("region", { name: "Pairings" }).locator("tr[data-table='1']");
      await row.getByText(`${accounts.B} won`).waitFor({ timeout: 15_000 });
      const standings = p.page.getByRole("region", { name: "Standings" });
      await standings.getByRole("heading", { name: "Final standings" }).waitFor({ timeout: 15_000 });
      const first = (await standings.locator("tbody tr").first().textContent()).replace(/\s+/g, " ");
      if (!first.includes(accounts.B)) throw new Error(`${p.who}: the first place is "${first}"`);
      lines.push(`${p.who}: ${first.trim()}`);
    }
    return lines.join(" / ");
  }, () => report.shot(page, "fail-event-result"));
  await report.shot(page, "event-final", { top: true, fullPage: true });

  await report.check("C downloads the standings as CSV", async () => {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Standings (CSV)" }).click(),
    ]);
    const text = readFileSync(await download.path(), "utf8");
    if (!text.startsWith("place,rank,player,points")) throw new Error(`the file starts "${text.slice(0, 40)}"`);
    if (text.trim().split("\n").length !== 3) throw new Error(`not two players:\n${text}`);
    return download.suggestedFilename();
  });

  await report.check("C rules the table a draw, with a reason everyone reads", async () => {
    const form = page.getByRole("form", { name: "Ruling" });
    await form.getByRole("combobox", { name: /^Result/ }).selectOption({ label: "A draw" });
    await form.getByRole("textbox", { name: "Reason" }).fill("agreed draw before the concession");
    await form.getByRole("button", { name: "Enter the result" }).click();
    const row = page.getByRole("region", { name: "Pairings" }).locator("tr[data-table='1']");
    await row.getByText("ruling: agreed draw before the concession").waitFor({ timeout: 10_000 });
    await row.getByText("a draw").waitFor();
    return (await row.textContent()).replace(/\s+/g, " ").trim();
  }, () => report.shot(page, "fail-event-ruling"));
  await report.shot(page, "event-ruling", { top: true, fullPage: true });

  // An STCCG event: the deck a player registered is named on their event page.
  await page.goto(`${env.url}/#/events`);
  let trekId = "";
  await report.check("C creates an STCCG event", async () => {
    const form = page.getByRole("form", { name: "New event" });
    await form.waitFor({ timeout: 15_000 });
    await form.getByRole("textbox", { name: "Name" }).fill("E2E Trek Cup");
    await form.getByRole("combobox", { name: /^Game/ }).selectOption({ label: "Star Trek CCG (1E)" });
    await form.getByRole("button", { name: "Create event" }).click();
    await page.waitForURL(/#\/event\/\d+$/);
    trekId = /#\/event\/(\d+)/.exec(page.url())[1];
    await page.getByRole("heading", { name: "E2E Trek Cup" }).waitFor();
    return `event #${trekId}`;
  }, () => report.shot(page, "fail-event-trek-create"));
  await report.check(`A registers for the STCCG event with "${deckA}", and the page names that deck`, async () => {
    await A.page.goto(`${env.url}/#/event/${trekId}`);
    const form = A.page.getByRole("form", { name: "Register" });
    const deck = form.locator("label").filter({ hasText: /^Deck/ }).locator("select");
    await deck.locator("option", { hasText: deckA }).first().waitFor({ state: "attached" });
    await deck.selectOption({ label: deckA });
    await form.getByRole("button", { name: "Register" }).click();
    const words = A.page.locator(".register .registered-deck");
    await words.waitFor({ timeout: 10_000 });
    const text = (await words.textContent()).trim();
    await report.shot(A.page, "event-registered-deck", { top: true });
    if (text !== `Registered with: ${deckA}`) throw new Error(`the page says "${text}"`);
    return `"${text}"`;
  }, () => report.shot(A.page, "fail-event-registered-deck"));
}
