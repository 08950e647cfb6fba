// A phone: 390x844 with touch, logged in as A; the lobby, the finished STCCG match and its
// replay, each checked for sideways overflow.
import { login } from "./accounts.mjs";

// Whether the page is wider than the screen (something forces a sideways scroll).
async function overflow(page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = document.documentElement.scrollWidth;
    if (wide <= width + 1) return null;
    // The widest culprits, for the report.
    const culprits = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= width + 1)
      .slice(0, 4)
      .map((el) => `${el.tagName.toLowerCase()}${el.className ? "." + String(el.className).split(" ").join(".") : ""}`);
    return `the page is ${wide}px wide on a ${width}px screen (${culprits.join(", ")})`;
  });
}

export async function phone(report, person, url, creds, stccgId) {
  const { page } = person;
  await login(report, person, url, creds.username, creds.password);
  const fits = async (what) => {
    const wide = await overflow(page);
    if (wide) report.log(`      phone ${what}: ${wide}`);
    return wide;
  };
  await report.check("phone: the lobby fits the screen's width", async () => {
    await page.getByRole("region", { name: "Matches" }).waitFor();
    const wide = await fits("lobby");
    if (wide) throw new Error(wide);
    return true;
  }, () => report.shot(page, "fail-phone-lobby"));
  await report.shot(page, "phone-lobby");
  await report.shot(page, "phone-lobby-full", { fullPage: true });
  if (!stccgId) return;
  await page.goto(`${url}/#/match/${stccgId}`);
  await report.check(`phone: the finished STCCG match #${stccgId} shows its table and result`, async () => {
    await page.locator(".stccg").waitFor({ timeout: 20_000 });
    await page.locator(".match-head .result").waitFor({ timeout: 20_000 });
    const wide = await fits("match");
    return wide ? `but ${wide}` : "within the screen's width";
  }, () => report.shot(page, "fail-phone-match"));
  await report.shot(page, "phone-match");
  await report.shot(page, "phone-match-full", { fullPage: true });
  await report.check("phone: a personnel tile shows its skills and INTEGRITY, CUNNING and STRENGTH", async () => {
    // In sight: a card in a closed pile (the discard) is not.
    const tile = page.locator(".stccg .card")
      .filter({ has: page.locator(".face-skills") })
      .filter({ has: page.locator(".face-figures .fig-name", { hasText: /^INT$/ }) })
      .filter({ visible: true })
      .first();
    await tile.waitFor({ timeout: 10_000 });
    await tile.scrollIntoViewIfNeeded();
    await report.shot(page, "phone-stccg-tiles");
    const figures = await tile.locator(".face-figures .fig").evaluateAll((figs) =>
      figs.map((f) => `${f.querySelector(".fig-name")?.textContent} ${f.querySelector(".fig-value")?.textContent}`));
    if (figures.length !== 3) throw new Error(`figures ${JSON.stringify(figures)}`);
    const wide = await tile.evaluate((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1);
    if (wide) throw new Error("the tile runs past the screen's edge");
    return `${(await tile.getAttribute("aria-label")).split(",")[0]}: ${figures.join(", ")}`;
  }, () => report.shot(page, "fail-phone-stccg-tiles"));
  for (const [what, selector] of [["spaceline", ".stccg .spaceline-wrap"], ["hand", ".stccg .card-row.hand"]]) {
    const part = page.locator(selector).first();
    if (await part.count()) {
      await part.scrollIntoViewIfNeeded();
      await report.shot(page, `phone-match-${what}`);
    }
  }
  await page.goto(`${url}/#/replay/${stccgId}`);
  await report.check(`phone: the replay of #${stccgId} opens`, async () => {
    await page.getByRole("region", { name: "Replay controls" }).waitFor({ timeout: 30_000 });
    await page.locator(".replay .stccg").waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: "To the end" }).tap();
    await page.locator(".replay .stccg .phase-line").filter({ hasText: /^Game over/ }).waitFor({ timeout: 20_000 });
    const wide = await fits("replay");
    return wide ? `but ${wide}` : "within the screen's width";
  }, () => report.shot(page, "fail-phone-replay"));
  await report.shot(page, "phone-replay");
}
