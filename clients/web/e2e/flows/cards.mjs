// The card browser (#/cards): it lists the STCCG cards, and a search narrows them.

const countLine = (page) => page.getByRole("region", { name: "Card search" }).getByRole("status");

async function counts(page) {
  const text = (await countLine(page).textContent()).trim();
  const m = /^(\d+) of (\d+) cards$/.exec(text);
  if (!m) throw new Error(`the count reads "${text}"`);
  return { found: Number(m[1]), all: Number(m[2]) };
}

export async function cardsPage(report, person, url) {
  const { page } = person;
  await page.goto(`${url}/#/cards`);
  let all = 0;
  await report.check(`${person.who}: the cards page lists the cards`, async () => {
    await countLine(page).waitFor({ timeout: 20_000 });
    const c = await counts(page);
    all = c.all;
    const rows = await page.getByRole("list", { name: "Cards found" }).locator("button.cards-row").count();
    if (c.all < 100 || c.found !== c.all || rows === 0) throw new Error(`${c.found} of ${c.all}, ${rows} rows`);
    return `${c.all} cards, ${rows} rows drawn`;
  }, () => report.shot(page, "fail-cards"));
  await report.shot(page, "cards");
  await page.getByRole("searchbox", { name: /Search titles/ }).fill("picard");
  await report.check(`${person.who}: searching "picard" narrows the list`, async () => {
    await page.waitForFunction(
      (all) => {
        const m = /^(\d+) of/.exec(document.querySelector(".cards-browse [role=status]")?.textContent ?? "");
        return m && Number(m[1]) < all;
      },
      all,
      { timeout: 10_000 },
    );
    const c = await counts(page);
    const titles = await page.getByRole("list", { name: "Cards found" }).locator(".cards-row-title").allTextContents();
    if (c.found === 0 || !titles.some((t) => /picard/i.test(t))) throw new Error(`${c.found} found: ${titles.slice(0, 5).join(", ")}`);
    return `${c.found} of ${c.all}: ${titles.slice(0, 4).join(", ")}`;
  }, () => report.shot(page, "fail-cards-search"));
  const first = page.getByRole("list", { name: "Cards found" }).locator("button.cards-row").first();
  const title = (await first.locator(".cards-row-title").textContent()).trim();
  await first.click();
  await report.check(`${person.who}: picking a card shows its details`, async () => {
    const detail = page.getByRole("region", { name: "Card details" });
    await detail.getByText(title.replace(/^♦ /, ""), { exact: false }).first().waitFor();
    return title;
  }, () => report.shot(page, "fail-cards-detail"));
  await report.shot(page, "cards-search");
}
