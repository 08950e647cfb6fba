// The lobby: a new match from the form, joining it from the list, watching it from the Live tab.

export const kStccg = "Star Trek CCG (1E)";
export const kIncursions = "Star Trek: Incursions";

const lobbyUrl = (url) => `${url}/#/lobby`;

// The <select> inside the <label> whose words start with `name` (a label's accessible name
// also holds its options' words, so getByLabel would be ambiguous).
const select = (scope, name) => scope.locator("label").filter({ hasText: new RegExp(`^${name}`) }).locator("select");

async function gotoLobby(page, url) {
  if (!/#\/lobby$/.test(page.url())) await page.goto(lobbyUrl(url));
  await page.getByRole("region", { name: "Matches" }).waitFor();
}

// Creates a match with the New match form; returns its id, read from the match page's URL.
// `deck`: the stored deck's name (STCCG); `players`: for Incursions.
export async function createMatch(report, person, url, { game, deck, players }) {
  const { page } = person;
  await gotoLobby(page, url);
  const form = page.getByRole("form", { name: "New match" });
  await select(form, "Game").selectOption({ label: game });
  if (deck) {
    // The picker lists the stored decks once it has them.
    await select(form, "Deck").locator("option", { hasText: deck }).first().waitFor({ state: "attached" });
    await select(form, "Deck").selectOption({ label: deck });
  }
  if (players) await select(form, "Players").selectOption(String(players));
  await form.getByRole("button", { name: "Create match" }).click();
  let id = "";
  await report.check(`${person.who}: "Create match" opens the new ${game} match`, async () => {
    await page.waitForURL(/#\/match\/\d+$/);
    id = /#\/match\/(\d+)/.exec(page.url())[1];
    await page.getByRole("heading", { name: new RegExp(`#${id}$`) }).waitFor();
    await page.getByText("Waiting for players.").waitFor();
    return `match #${id}`;
  }, () => report.shot(page, `fail-create-${person.who}`));
  return id;
}

// The row of match `id` in the lobby's list, once the list (which refreshes every 5 s) has it.
async function matchRow(page, tab, id) {
  const list = page.getByRole("region", { name: "Matches" });
  await list.getByRole("tab", { name: tab }).click();
  const row = list.locator("tbody tr").filter({ has: page.locator("td:first-child", { hasText: new RegExp(`^${id}$`) }) });
  await row.waitFor({ timeout: 15_000 });
  return row;
}

export async function joinMatch(report, person, url, id, { deck } = {}) {
  const { page } = person;
  await gotoLobby(page, url);
  const list = page.getByRole("region", { name: "Matches" });
  const row = await matchRow(page, "Open seats", id);
  if (deck) {
    await select(list, "Deck").locator("option", { hasText: deck }).first().waitFor({ state: "attached" });
    await select(list, "Deck").selectOption({ label: deck });
  }
  await row.getByRole("button", { name: "Join" }).click();
  await report.check(`${person.who}: "Join" in the lobby list seats them in match #${id}`, async () => {
    await page.waitForURL(new RegExp(`#/match/${id}$`));
    await page.locator(".seats .seat.me").waitFor({ timeout: 20_000 });
    return true;
  }, () => report.shot(page, `fail-join-${person.who}`));
}

export async function watchMatch(report, person, url, id) {
  const { page } = person;
  await gotoLobby(page, url);
  const row = await matchRow(page, "Live", id);
  await report.shot(page, "lobby-live");
  await row.getByRole("link", { name: "Watch" }).click();
  await report.check(`${person.who}: "Watch" on the Live tab opens match #${id} as a spectator`, async () => {
    await page.waitForURL(new RegExp(`#/match/${id}\\?watch=1$`));
    await page.getByRole("region", { name: "Decision" }).getByText("Watching.").waitFor({ timeout: 20_000 });
    return true;
  }, () => report.shot(page, `fail-watch-${person.who}`));
}
