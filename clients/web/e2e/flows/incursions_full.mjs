// An Incursions match of the full game (FULL, game cards) against the random bot: A creates it
// with a Klingon ship and the Klingon deck preset (the form hides the crew chooser and offers the
// content's deck presets, standard by default), C watches. A plays a bounded number of decisions
// by clicking: the first cards the prompt lets A play are played from the hand (a click on the
// card, its menu's first item), then random answers as in the other flows. Along the way: A's
// hand shows cards with a title, nature and summary; the auto-pass setting is on by default and
// passes response windows with no card to play; switched off, a response window shows its panel
// (screenshotted) and is passed from it; the spectator sees card counts but no hand. Then A
// concedes, and both pages show the result.
import { kIncursions, watchMatch } from "./lobby.mjs";
import { allOnTable } from "./match_checks.mjs";
import { answerOnce, concede, kQuietMs, MatchRun, pageState, resultText, Seat } from "./play.mjs";

const kTable = ".inc-table";
const kFullMode = "Full game with cards";
// The random bot: a longer game than the strong one's, and it plays its cards (a Countermand
// included) at random.
const kBot = "Bot: random";
const kShip = "Klingon Bird of Prey (Klingon)";
const kDeck = "klingon";
// A bounded game: at most this many of A's decisions, within this budget.
const kMaxDecisions = 45;
const kBudgetMs = 90_000;  // room for a loaded machine: the flow ends at kMaxDecisions first

const select = (scope, name) => scope.locator("label").filter({ hasText: new RegExp(`^${name}`) }).locator("select");

// The hand as the page draws it: each card's words.
async function handShown(page) {
  return page.evaluate(() => ({
    heading: document.querySelector(".inc-hand h2")?.textContent ?? "",
    cards: [...document.querySelectorAll(".inc-hand .inc-card")].map((el) => ({
      id: el.getAttribute("data-card"),
      title: el.querySelector(".inc-card-title")?.textContent ?? "",
      nature: el.querySelector(".inc-card-nature")?.textContent ?? "",
      summary: el.querySelector(".inc-card-summary")?.textContent ?? "",
      crew: el.querySelector(".inc-card-crew")?.textContent ?? "",
      lit: el.matches("button.is-target"),
      verb: el.querySelector(".inc-card-verb")?.textContent ?? "",
    })),
  }));
}

export async function incursionsFull(report, env, { A, C }) {
  const page = A.page;
  await page.goto(`${env.url}/#/lobby`);
  await page.getByRole("region", { name: "Matches" }).waitFor();
  const form = page.getByRole("form", { name: "New match" });
  await select(form, "Game").selectOption({ label: kIncursions });
  await select(form, "Players").selectOption("2");
  await select(form, "Mode").selectOption({ label: kFullMode });
  await report.check("incursions full: the form offers the full game, a deck preset (standard by default) and no crew", async () => {
    const picker = form.getByRole("group", { name: "Your ship, captain and deck" });
    await picker.waitFor({ timeout: 15_000 });
    if (await picker.getByRole("group", { name: "Crew" }).count()) throw new Error("the crew chooser shows in the full game");
    const deck = select(picker, "Deck");
    await deck.locator("option").nth(1).waitFor({ state: "attached", timeout: 15_000 });
    const decks = await deck.locator("option").allTextContents();
    if (!decks.some((d) => /^Standard/.test(d)) || !decks.some((d) => /^Klingon/.test(d)))
      throw new Error(`decks offered: ${decks.join(" / ")}`);
    const value = await deck.inputValue();
    if (value !== "standard") throw new Error(`the deck chosen by default is "${value}"`);
    const hint = (await form.locator(".create-mode-hint").textContent()).trim();
    if (!/deck/.test(hint)) throw new Error(`the mode's words: "${hint}"`);
    await select(picker, "Ship").selectOption({ label: kShip });
    await deck.selectOption({ value: kDeck });
    const words = (await picker.locator(".inc-seat-deck").textContent()).trim();
    if (!/^32 cards: .*Klingon Diplomacy/.test(words)) throw new Error(`the Klingon deck's words: "${words}"`);
    const summary = (await picker.locator(".inc-seat-summary").textContent()).trim();
    if (!/Klingon raider .* deck, crew drawn from it/.test(summary)) throw new Error(`the seat's summary: "${summary}"`);
    await report.shot(page, "incursions-full-create-form", { fullPage: true });
    return `${decks.join(" / ")}; "${words.slice(0, 70)}…"; "${summary}"`;
  }, () => report.shot(page, "fail-incursions-full-form", { fullPage: true }));
  await select(form, "Opponent").selectOption({ label: kBot });
  await form.getByRole("button", { name: "Create match" }).click();
  let id = "";
  await report.check("A: \"Create match\" opens the new full-game match against the bot", async () => {
    await page.waitForURL(/#\/match\/\d+$/);
    id = /#\/match\/(\d+)/.exec(page.url())[1];
    await page.getByRole("heading", { name: new RegExp(`#${id}$`) }).waitFor();
    return `match #${id}`;
  }, () => report.shot(page, "fail-create-full"));
  await watchMatch(report, C, env.url, id);

  const started = Date.now();
  const run = new MatchRun({
    report,
    game: "incursions",
    label: "incursions-full",
    id,
    url: env.url,
    maxDecisions: kMaxDecisions + 10,
    deadline: Math.min(env.deadline - 20_000, started + kBudgetMs + 30_000),
    stepTimeoutMs: 30_000,
  });
  const a = new Seat(A, env.rng.fork());
  await allOnTable(report, run, [A, C], kTable, "incursions full");
  await report.check("incursions full: the auto-pass setting shows for the player, on by default", async () => {
    const box = page.getByRole("checkbox", { name: /^Auto-pass response windows/ });
    await box.waitFor({ timeout: 10_000 });
    if (!(await box.isChecked())) throw new Error("it is off");
    if (await C.page.getByRole("checkbox", { name: /^Auto-pass/ }).count()) throw new Error("the spectator has it too");
    return true;
  });

  // What has been seen and done, for the checks along the way.
  const seen = { hand: false, played: [], respondPanel: 0, autoOff: false, autoPassed: 0, discard: false, choices: false };
  let pendingCard = null;
  const shots = new Set();
  const once = async (key, fn) => {
    if (shots.has(key)) return;
    shots.add(key);
    await fn();
  };
  run.prefer = async (seat, surveyed) => {
    // Rare sights, each looked at once: a game card tabled on a board, what is attached to the
    // next maneuver, the response stack while A decides something else.
    if (await page.locator(".inc-tabled li").count())
      await once("tabled", async () => {
        const words = await page.locator(".inc-tabled li").allTextContents();
        report.note(`incursions full: tabled cards on the boards: ${words.join(" | ")}`);
        await page.locator(".inc-tabled").first().scrollIntoViewIfNeeded();
        await report.shot(page, "incursions-full-tabled");
      });
    if (await page.locator(".inc-respond:not(.is-asked)").count())
      await once("stack", async () => {
        report.note(`incursions full: the response stack while A decides: "${(await page.locator(".inc-respond").innerText()).replace(/\s+/g, " ")}"`);
        await report.shot(page, "incursions-full-stack");
      });
    // The response window's panel, once the setting is off: screenshot it, and pass from it.
    const respond = page.locator(".inc-respond.is-asked");
    if (await respond.count()) {
      seen.respondPanel++;
      if (seen.respondPanel === 1) {
        const words = (await respond.innerText()).replace(/\s+/g, " ").trim();
        report.note(`incursions full: A's response window: "${words}"`);
        if (!/declares .+: respond\?/.test(words)) throw new Error(`the response window reads "${words}"`);
        if (!(await respond.locator("button.inc-respond-option.is-pass").count())) throw new Error(`no Pass in "${words}"`);
        await respond.scrollIntoViewIfNeeded();
        await report.shot(page, "incursions-full-respond");
      }
      const card = respond.locator("button.inc-respond-option.is-card");
      // A Countermand offered: play it once, else pass.
      if ((await card.count()) && !seen.played.some((p) => p.startsWith("Countermand"))) {
        pendingCard = "Countermand";
        return card.first();
      }
      return respond.locator("button.inc-respond-option.is-pass");
    }
    if (!surveyed.cards) return null;
    const shown = await handShown(page);
    const lit = shown.cards.filter((c) => c.lit);
    if ((await page.locator(".inc-choices").count()) && !seen.choices) {
      seen.choices = true;
      const words = (await page.locator(".inc-choices .inc-hit-headline").textContent()).trim();
      const n = await page.locator(".inc-choices button.inc-card.is-target").count();
      report.note(`incursions full: "${words}": ${n} cards to choose from`);
      if (n === 0) throw new Error(`"${words}" offers no card to click`);
      await page.locator(".inc-choices").scrollIntoViewIfNeeded();
      await report.shot(page, "incursions-full-choices");
    }
    if (lit.length && /^Discard/.test(lit[0].verb) && !seen.discard) {
      seen.discard = true;
      await report.shot(page, "incursions-full-discard");
    }
    // The first two cards the prompt lets A play are played; later ones only at random.
    const playable = lit.filter((c) => !/^Discard/.test(c.verb));
    if (playable.length === 0 || seen.played.length >= 2) return null;
    const card = playable[0];
    if (seen.played.length === 0) await report.shot(page, "incursions-full-card-offered");
    pendingCard = `${card.title} (${card.verb})`;
    return page.locator(`.inc-hand button.inc-card.is-target[data-card="${card.id}"]`);
  };

  const deadline = started + kBudgetMs;
  while (a.decisions < kMaxDecisions && Date.now() < deadline) {
    const state = await run.waitInPage(page, pageState, kQuietMs, run.stepTimeoutMs, "A: waiting for a decision");
    if (state === "over") break;
    if (state === "superseded") throw new Error("A: the page says another tab plays this seat");
    if (!seen.hand && (await page.locator(".inc-hand .inc-card").count()) > 0) {
      seen.hand = true;
      await report.check("incursions full: A's hand shows cards with a title, a nature and what they do", async () => {
        const hand = await handShown(page);
        const n = Number(/\((\d+)\)/.exec(hand.heading)?.[1] ?? -1);
        if (n !== hand.cards.length) throw new Error(`"${hand.heading}" over ${hand.cards.length} cards`);
        for (const c of hand.cards) {
          if (!c.title || !c.nature || !c.summary) throw new Error(`a card reads ${JSON.stringify(c)}`);
        }
        await page.locator(".inc-hand").scrollIntoViewIfNeeded();
        await report.shot(page, "incursions-full-hand");
        return hand.cards.map((c) => `${c.title} [${c.nature}]`).join(", ");
      }, () => report.shot(page, "fail-incursions-full-hand", { fullPage: true }));
    }
    // Once the setting has passed a window for A (or the game is well under way), it goes off:
    // the next response window is A's to answer, in its panel. (The server asks only when there
    // is a choice: while A's AUX is unused, or A holds a Countermand; a lone pass is forced.)
    if (!seen.autoOff) {
      const auto = page.locator(".inc-autopass [data-passed]");
      seen.autoPassed = (await auto.count()) ? Number(await auto.getAttribute("data-passed")) : 0;
      if (seen.autoPassed > 0 || a.decisions >= 12) {
        seen.autoOff = true;
        report.note(`incursions full: ${seen.autoPassed} response window(s) passed automatically in A's first ${a.decisions} decisions`);
        await page.getByRole("checkbox", { name: /^Auto-pass response windows/ }).uncheck();
      }
    }
    pendingCard = null;
    const before = await page.locator(".event-log p").count();
    if (!(await answerOnce(run, a))) {
      if (++a.noEffect >= 8) throw new Error("A: 8 clicks in a row did not answer the decision");
      continue;
    }
    a.noEffect = 0;
    if (pendingCard) {
      const title = pendingCard.replace(/ \(.*$/, "");
      // The server's log says the card was played, attached or tabled.
      await report.check(`incursions full: A plays ${pendingCard} from the hand and the log says so`, async () => {
        const line = page.locator(".event-log p").filter({ hasText: new RegExp(` (plays|tables) ${title}`) });
        await line.first().waitFor({ timeout: 10_000 });
        const count = await page.locator(".event-log p").count();
        return `${(await line.last().textContent()).trim()} (log ${before} → ${count} lines)`;
      }, () => report.shot(page, "fail-incursions-full-play", { fullPage: true }));
      seen.played.push(pendingCard);
      if (seen.played.length === 1) {
        await page.waitForTimeout(300);
        await report.shot(page, "incursions-full-after-play", { fullPage: true });
      }
    }
  }
  report.note(`incursions full: ${a.counts()}; cards played: ${seen.played.join(", ") || "none"}; ` +
    `response windows answered in the panel: ${seen.respondPanel}`);
  if (seen.played.length === 0) report.fail("incursions full: A plays a card", `no card was offered in ${a.decisions} decisions`);
  if (!seen.hand) report.fail("incursions full: A's hand", "no card in A's hand was ever shown");
  if (seen.respondPanel === 0) report.note("incursions full: no response window came to A with the setting off");

  await report.check("incursions full: the spectator sees every player's card counts and no hand", async () => {
    const cp = C.page;
    if (await cp.locator(".inc-hand").count()) throw new Error("the spectator's page shows a hand");
    const counts = await cp.locator(".inc-card-counts").allTextContents();
    if (counts.length !== 2 || !counts.every((t) => /^Hand \d+ · deck \d+ · discard \d+$/.test(t.trim())))
      throw new Error(`counts: ${JSON.stringify(counts)}`);
    await report.shot(cp, "incursions-full-spectator", { fullPage: true });
    return counts.map((t) => t.trim()).join(" / ");
  }, () => report.shot(C.page, "fail-incursions-full-spectator", { fullPage: true }));
  await report.shot(page, "incursions-full-board", { fullPage: true });
  await report.check("incursions full: A's table at 390 px wide: nothing wider than the screen, the hand in sight", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.waitForTimeout(200);
      const wide = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        return document.documentElement.scrollWidth > width + 1 ? `${document.documentElement.scrollWidth}px on ${width}px` : null;
      });
      if (wide) throw new Error(`the page is ${wide}`);
      const hand = page.locator(".inc-hand");
      if (await hand.count()) await hand.scrollIntoViewIfNeeded();
      await report.shot(page, "incursions-full-phone");
      return true;
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  }, () => report.shot(page, "fail-incursions-full-phone", { fullPage: true }));
  await page.getByRole("checkbox", { name: /^Auto-pass response windows/ }).check();

  // A concedes (the game would run long); both pages show the result.
  if (!(await page.locator(".match-head .result").count())) await concede(page);
  await report.check("incursions full: A concedes and both pages show the same result", async () => {
    const texts = [];
    for (const p of [A, C]) {
      await p.page.locator(".match-head .result").waitFor({ timeout: 15_000 });
      texts.push(await resultText(p.page));
    }
    if (texts[0] !== texts[1]) throw new Error(`A: "${texts[0]}", C: "${texts[1]}"`);
    return `"${texts[0]}" after ${a.decisions} decisions in ${((Date.now() - started) / 1000).toFixed(0)} s`;
  }, () => report.shot(C.page, "fail-incursions-full-result"));
}
