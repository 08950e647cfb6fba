// The events pages: C is made an organiser (spacedock admin role) and creates a one-round
// Incursions event; A and B register; C starts round 1 from the dashboard, which shows the
// table's clocks, and judges the match; A hears of the table, opens the match and concedes;
// everyone sees the result and the final standings; C exports them and rules on the table.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { concede } from "./play.mjs";

export async function eventsFlow(report, env, { A, B, C }, accounts) {
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

  await report.check("C judges the match: every card, a little behind", async () => {
    await page.locator(`a[href="#/match/${matchId}?judge=1"]`).click();
    await page.locator(".judge-note").waitFor({ timeout: 20_000 });
    return (await page.locator(".judge-note").textContent()).trim();
  }, () => report.shot(page, "fail-event-judge"));
  await report.shot(page, "event-judge", { top: true });

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
}
