// The Decks page: a list pasted and checked and saved, a list imported from a file and saved,
// and a broken list whose problems show beside their lines (and which is not saved).
import { readFileSync } from "node:fs";
import { basename } from "node:path";

async function openDecks(page) {
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Decks" }).click();
  await page.getByRole("region", { name: "Deck editor" }).waitFor();
  await page.getByRole("region", { name: "Your decks" }).getByText(/^\d+ \/ \d+$/).waitFor();
}

const deckCheck = (page) => page.getByRole("region", { name: "Deck check" });
const deckText = (page) => page.getByLabel(/^Deck list/);

// Waits for the check of exactly `text` (the listing lines match it) and returns its headline.
async function waitForCheckOf(page, text) {
  const firstLine = text.split("\n").find((l) => l.trim()) ?? "";
  const check = deckCheck(page);
  await check.waitFor({ timeout: 10_000 });
  await check.locator(".deck-listing .line-text").first().filter({ hasText: firstLine.trim() }).waitFor();
  // Not stale: the check is of the text now in the editor.
  await check.and(page.locator(":not(.stale)")).waitFor();
  return (await check.locator(".deck-check-head p[role=status]").textContent()).trim();
}

async function deckNames(page) {
  const items = page.getByRole("region", { name: "Your decks" }).locator("button.deck-name");
  return (await items.allTextContents()).map((s) => s.trim());
}

async function saveNew(report, person, name) {
  const { page } = person;
  await page.getByRole("button", { name: "Save new deck" }).click();
  await report.check(`${person.who}: saving "${name}" says it is saved and legal`, async () => {
    const notice = page.locator(".decks-main > p[role=status]");
    await notice.filter({ hasText: `Saved “${name}”` }).waitFor();
    const words = (await notice.textContent()).trim();
    if (!words.endsWith(": legal.")) throw new Error(`the notice says "${words}"`);
    await page.getByRole("region", { name: "Your decks" }).getByRole("button", { name, exact: true }).waitFor();
    await page.getByRole("heading", { name: `Editing “${name}”` }).waitFor();
    return words;
  }, () => report.shot(page, `fail-deck-save-${person.who}`));
}

// A pastes a list, sees it legal with no problem, saves it.
export async function pasteAndSave(report, person, file, name) {
  const { page } = person;
  const text = readFileSync(file, "utf8");
  await openDecks(page);
  await page.getByLabel("Deck name").fill(name);
  await deckText(page).fill(text);
  await report.check(`${person.who}: the pasted ${basename(file)} is checked with no problems`, async () => {
    const headline = await waitForCheckOf(page, text);
    if (!/^Legal \(/.test(headline)) throw new Error(`the check says "${headline}"`);
    const problems = await deckCheck(page).locator(".deck-problems li").count();
    if (problems) throw new Error(`${problems} problem(s) listed`);
    const lines = await deckCheck(page).locator(".deck-listing > li").count();
    return `${headline} ${lines} lines listed`;
  }, () => report.shot(page, `fail-deck-paste-${person.who}`));
  await report.shot(page, `decks-good-${person.who}`);
  await saveNew(report, person, name);
}

// B imports a list through the file input; the deck's name comes from the file's.
export async function importAndSave(report, person, file) {
  const { page } = person;
  const text = readFileSync(file, "utf8");
  await openDecks(page);
  await page.getByLabel("Import a LackeyCCG list (.txt file)").setInputFiles(file);
  let name = "";
  await report.check(`${person.who}: importing ${basename(file)} fills the editor and names the deck`, async () => {
    await deckText(page).and(page.locator(`:not(:placeholder-shown)`)).waitFor();
    const value = await deckText(page).inputValue();
    if (value !== text) throw new Error(`the editor holds ${value.length} characters, the file ${text.length}`);
    name = await page.getByLabel("Deck name").inputValue();
    if (!name) throw new Error("the deck name stayed empty");
    return `named "${name}"`;
  }, () => report.shot(page, `fail-deck-import-${person.who}`));
  await report.check(`${person.who}: the imported list is checked with no problems`, async () => {
    const headline = await waitForCheckOf(page, text);
    if (!/^Legal \(/.test(headline)) throw new Error(`the check says "${headline}"`);
    return headline;
  }, () => report.shot(page, `fail-deck-import-check-${person.who}`));
  await report.shot(page, `decks-imported-${person.who}`);
  await saveNew(report, person, name);
  return name;
}

// A list with an unknown title and a count that is not a number: each problem is shown beside
// its line; nothing is saved.
export const kBrokenList = [
  "Missions:",
  "1\tTest Mission",
  "1\tThe Planet Of Unknown Titles",
  "",
  "Seed:",
  "x\tFederation Outpost",
  "",
  "Draw:",
  "1\tData",
].join("\n");

export async function brokenList(report, person) {
  const { page } = person;
  const before = await deckNames(page);
  await page.getByRole("button", { name: "New deck", exact: true }).click();
  await page.getByLabel("Deck name").fill("Broken on purpose");
  await deckText(page).fill(kBrokenList);
  await report.check(`${person.who}: a broken list shows its problems beside their lines`, async () => {
    const headline = await waitForCheckOf(page, kBrokenList);
    if (!/problem/.test(headline)) throw new Error(`the check says "${headline}"`);
    const listing = deckCheck(page).locator(".deck-listing > li");
    const unknown = listing.filter({ hasText: "The Planet Of Unknown Titles" });
    const badCount = listing.filter({ has: page.locator(".line-text", { hasText: /^x\s+Federation Outpost$/ }) });
    for (const [what, line] of [["unknown title", unknown], ["bad count", badCount]]) {
      if ((await line.count()) !== 1) throw new Error(`the ${what} line is not listed once`);
      if (!(await line.evaluate((li) => li.classList.contains("has-problem"))))
        throw new Error(`the ${what} line is not marked as having a problem`);
      const words = (await line.locator(".deck-problems li").allTextContents()).join("; ");
      if (!words) throw new Error(`no problem is shown beside the ${what} line`);
      report.log(`      ${what}: line ${(await line.locator(".line-number").textContent()).trim()}: ${words.trim()}`);
    }
    // A good line carries no problem.
    const good = listing.filter({ has: page.locator(".line-text", { hasText: /^1\s+Test Mission$/ }) });
    if (await good.locator(".deck-problems").count()) throw new Error("a good line shows a problem");
    return headline;
  }, () => report.shot(page, `fail-deck-broken-${person.who}`));
  await report.shot(page, "decks-problems", { fullPage: true });
  await report.check(`${person.who}: the broken list was not saved`, async () => {
    const after = await deckNames(page);
    if (after.length !== before.length || after.includes("Broken on purpose"))
      throw new Error(`decks before: ${before.join(", ")}; after: ${after.join(", ")}`);
    return `still ${after.length} deck(s): ${after.join(", ")}`;
  });
}
