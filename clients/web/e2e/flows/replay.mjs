// The replay of the finished STCCG match: opened from the Finished tab, stepped forward a few
// times, then sought to the end, where the table and the header show the result.

export async function replay(report, person, url, id, expectedResult) {
  const { page } = person;
  await page.goto(`${url}/#/lobby`);
  const list = page.getByRole("region", { name: "Matches" });
  await list.getByRole("tab", { name: "Finished" }).click();
  const row = list.locator("tbody tr").filter({ has: page.locator("td:first-child", { hasText: new RegExp(`^${id}$`) }) });
  await report.check(`${person.who}: the Finished tab lists match #${id} with its result and a Replay link`, async () => {
    await row.waitFor({ timeout: 15_000 });
    const cells = (await row.locator("td").allTextContents()).map((s) => s.trim());
    await row.getByRole("link", { name: "Replay" }).waitFor();
    return cells.slice(0, 5).join(" | ");
  }, () => report.shot(page, "fail-replay-finished-tab"));
  await report.shot(page, "lobby-finished");
  await row.getByRole("link", { name: "Replay" }).click();

  const controls = page.getByRole("region", { name: "Replay controls" });
  const seek = controls.getByRole("slider", { name: "Position in the replay" });
  let end = 0;
  await report.check(`${person.who}: the replay of #${id} loads at its start`, async () => {
    await page.waitForURL(new RegExp(`#/replay/${id}$`));
    await page.getByRole("heading", { name: new RegExp(`^Replay: .*#${id}$`) }).waitFor({ timeout: 30_000 });
    end = Number(await seek.getAttribute("max"));
    if (!(end > 0)) throw new Error(`the slider's end is ${end}`);
    const where = (await seek.getAttribute("aria-valuetext")) ?? "";
    if (!where.startsWith("Start")) throw new Error(`it reads "${where}"`);
    await page.locator(".replay .stccg").waitFor({ timeout: 20_000 });
    return `${end} events; ${where}`;
  }, () => report.shot(page, "fail-replay-load"));
  await report.shot(page, "replay-start");

  const steps = 4;
  for (let i = 0; i < steps; i++) await controls.getByRole("button", { name: "Step forward" }).click();
  await report.check(`${person.who}: "Step forward" ×${steps} moves the replay ${steps} events on`, async () => {
    await seek.and(page.locator(`[aria-valuetext="Event ${steps} of ${end}"]`)).waitFor({ timeout: 5000 });
    const now = (await controls.locator(".replay-now").textContent()).trim();
    if (!now || now === "Before the first event.") throw new Error(`the event line reads "${now}"`);
    return `event ${steps}: "${now.slice(0, 80)}"`;
  }, () => report.shot(page, "fail-replay-step"));
  await report.shot(page, "replay-stepped");

  await controls.getByRole("button", { name: "To the end" }).click();
  await report.check(`${person.who}: seeking to the end shows the final position and the result`, async () => {
    await seek.and(page.locator(`[aria-valuetext="Event ${end} of ${end}"]`)).waitFor({ timeout: 5000 });
    const phase = page.locator(".replay .stccg .phase-line").filter({ hasText: /^Game over/ });
    await phase.waitFor({ timeout: 20_000 });
    const header = (await page.locator(".replay-head .result").textContent()).trim();
    if (expectedResult && !header.includes(expectedResult))
      throw new Error(`the header says "${header}", the match said "${expectedResult}"`);
    return `table "${(await phase.textContent()).trim()}"; header "${header}"`;
  }, () => report.shot(page, "fail-replay-end"));
  await report.check(`${person.who}: the replay says re-running the moves reproduced the game`, async () => {
    const good = page.locator(".replay-check.good");
    const bad = page.locator(".replay-check.bad");
    await good.or(bad).first().waitFor({ timeout: 10_000 });
    if (await bad.count()) throw new Error((await bad.textContent()).trim());
    return true;
  });
  await report.shot(page, "replay-end");
}
