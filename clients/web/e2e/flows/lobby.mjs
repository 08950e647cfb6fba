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

// An Incursions seat with captains and crew in the chooser inside `scope` (the New match form or
// the lobby list's join form): `seat.ship` and `seat.captain` are option labels, `seat.crew` the
// crew cards' titles, `seat.hexpile` a hexpile preset's id ("borg"). Waits for the content
// (ListCards) to fill the chooser first.
export async function chooseCrewSeat(scope, seat) {
  const picker = scope.getByRole("group", { name: "Your ship and officers" });
  await picker.waitFor({ timeout: 15_000 });
  if (seat.ship) {
    await select(picker, "Ship").locator("option", { hasText: seat.ship }).first().waitFor({ state: "attached", timeout: 15_000 });
    await select(picker, "Ship").selectOption({ label: seat.ship });
  }
  if (seat.captain) await select(picker, "Captain").selectOption({ label: seat.captain });
  const crew = picker.getByRole("group", { name: "Crew" });
  for (const title of seat.crew ?? []) await crew.getByRole("checkbox", { name: new RegExp(`^${title} \\(`) }).check();
  if (seat.hexpile) await select(picker, "Hexpile").selectOption({ value: seat.hexpile });
  return picker;
}

// Creates a match with the New match form; returns its id, read from the match page's URL.
// `deck`: the stored deck's name (STCCG); `players`, `mode` (the Mode option's label), `seat`
// (chooseCrewSeat's) and `bot` (the Opponent option's label) for Incursions; `beforeCreate(form)`
// runs just before the click. With a bot the match starts at once.
export async function createMatch(report, person, url, { game, deck, players, mode, seat, bot, beforeCreate }) {
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
  if (mode) await select(form, "Mode").selectOption({ label: mode });
  if (seat) await chooseCrewSeat(form, seat);
  if (bot) await select(form, "Opponent").selectOption({ label: bot });
  if (beforeCreate) await beforeCreate(form);
  await form.getByRole("button", { name: "Create match" }).click();
  let id = "";
  await report.check(`${person.who}: "Create match" opens the new ${game} match`, async () => {
    await page.waitForURL(/#\/match\/\d+$/);
    id = /#\/match\/(\d+)/.exec(page.url())[1];
    await page.getByRole("heading", { name: new RegExp(`#${id}$`) }).waitFor();
    if (!bot) await page.getByText("Waiting for players.").waitFor();
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

// `seat`: an Incursions match with captains and crew, whose Join opens a form for the ship and
// officers (chooseCrewSeat's); `beforeJoin(form)` runs before that form is sent.
export async function joinMatch(report, person, url, id, { deck, seat, beforeJoin } = {}) {
  const { page } = person;
  await gotoLobby(page, url);
  const list = page.getByRole("region", { name: "Matches" });
  const row = await matchRow(page, "Open seats", id);
  if (deck) {
    await select(list, "Deck").locator("option", { hasText: deck }).first().waitFor({ state: "attached" });
    await select(list, "Deck").selectOption({ label: deck });
  }
  await row.getByRole("button", { name: "Join" }).click();
  if (seat) {
    const form = list.getByRole("form", { name: `Join match #${id}` });
    await report.check(`${person.who}: "Join" on a match with captains and crew asks for a ship and officers`, async () => {
      await form.waitFor({ timeout: 10_000 });
      await chooseCrewSeat(form, seat);
      return true;
    }, () => report.shot(page, `fail-join-crew-${person.who}`));
    if (beforeJoin) await beforeJoin(form);
    await form.getByRole("button", { name: "Join with this ship" }).click();
  }
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
