// Plays a match to its end by clicking, as people would: each player's page waits for its
// decision panel to open, then about half the time clicks a lit target on the table (and an
// item of the menu it may open), else one of the panel's option buttons, and waits for the
// answer to go through. A spectator's page only waits for the result. Hooks run mid-match
// (a reload, a second tab, the debug panel) from the loop of the page they concern.
import { errors } from "playwright-core";
import { candidate, describeTarget, kMenuItems, survey, whyNot } from "./clickers.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export class Aborted extends Error {}

// How long the page must have been still before a player acts: an open prompt is followed a
// moment later by a fresh snapshot (which redraws the table and the panel). Once the page has
// received the snapshot that follows the last game event (the init script watches the stream,
// lib/browser.mjs), a shorter stillness will do: the redraw has happened.
const kQuietMs = 150;

// In the page: what the match page shows now, once it has settled.
function pageState(quietMs) {
  // Still this long after the snapshot that covers every game event received.
  const kSettledQuietMs = 40;
  if (document.querySelector(".match-head .result")) return "over";
  const p = document.querySelector("section.prompt");
  if (!p) return null;
  if (p.classList.contains("superseded")) return "superseded";
  if (!p.classList.contains("open")) return null;
  const title = p.querySelector("h2")?.textContent ?? "";
  if (!title.startsWith("Your decision:")) return null;
  // The option buttons, or the one button of a prompt asked as a count (an Incursions cut).
  const buttons = p.querySelectorAll(".options button, form.cut-prompt button");
  if (buttons.length === 0 || p.querySelector(".options button[disabled], form.cut-prompt button[disabled]")) return null;
  const stream = window.__e2eStream;
  const redrawn = !!stream && stream.snapSeq >= stream.eventSeq;
  if (performance.now() - (window.__e2eLastChange ?? 0) < (redrawn ? Math.min(quietMs, kSettledQuietMs) : quietMs)) return null;
  return "prompt";
}

// In the page: watch for the answer going out, from before the click: the store disables the
// decision panel's option buttons while an answer is on its way.
// Also notes whether a menu opened at all (it may close again before it is seen). Returns the
// page's time, from which a click is dated.
function armAnswerWatch() {
  const w = (window.__e2eAnswer = { started: false, menu: false });
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      const answer = "section.prompt .options button, section.prompt form.cut-prompt button";
      if (r.attributeName === "disabled" && r.target.matches?.(answer) && r.target.disabled)
        w.started = true;
      for (const node of r.addedNodes ?? [])
        if (node.nodeType === 1 && (node.matches("[role=menu]") || node.querySelector("[role=menu]"))) w.menu = true;
    }
    if (w.started) observer.disconnect();
  });
  observer.observe(document.querySelector(".match") ?? document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["disabled"],
  });
  return performance.now();
}

// Concedes the match from `page`, saying yes to the confirm the button asks (the harness
// dismisses dialogs, lib/browser.mjs).
export async function concede(page) {
  await page.evaluate(() => {
    const confirm = window.confirm;
    window.confirm = () => {
      window.confirm = confirm;
      return true;
    };
  });
  await page.getByRole("button", { name: "Concede" }).click();
}

export class MatchRun {
  // `concedeLongGame`: { who, afterDecisions, marginMs }: a random playout has a long tail (an
  // Incursions game of uniform draws runs past 400 decisions one time in twenty), so once every
  // hook has run, `who` concedes on its own decision after that many decisions, or when the
  // deadline is that near, and the match still ends through the page.
  constructor({ report, game, id, url, maxDecisions, deadline, stepTimeoutMs = 90_000, label, concedeLongGame = null }) {
    Object.assign(this, { report, game, id, url, maxDecisions, deadline, stepTimeoutMs, concedeLongGame });
    this.label = label ?? game;
    this.total = 0;
    this.hooks = [];
    this.aborted = null;
    this.started = Date.now();
    this.conceded = null;  // { who, after } once a long game was conceded
  }

  // Whether `seat` should concede the long game now, on its open decision.
  shouldConcede(seat) {
    const rule = this.concedeLongGame;
    if (!rule || this.conceded || seat.who !== rule.who) return false;
    if (this.hooks.some((h) => !h.done)) return false;
    return this.total >= rule.afterDecisions || Date.now() > this.deadline - rule.marginMs;
  }

  // How the match ended, for the report: played out, or conceded as too long.
  endedHow() {
    const took = `${this.total} decisions in ${((Date.now() - this.started) / 1000).toFixed(0)} s`;
    if (!this.conceded) return took;
    return `${took}; the game ran long and ${this.conceded.who} conceded after ${this.conceded.after} decisions`;
  }

  // `when(run)`: whether it is time; runs once, from `who`'s loop, before its next decision.
  hook(name, who, when, run) {
    this.hooks.push({ name, who, when, run, done: false });
  }

  abort(error) {
    if (!this.aborted) this.aborted = error;
  }

  checkLive() {
    if (this.aborted) throw new Aborted(`stopped: ${this.aborted.message}`);
    if (Date.now() > this.deadline) throw new Error(`${this.label}: out of time after ${this.total} decisions`);
  }

  // Waits until `fn` (run in the page) returns something truthy, in short slices so that an
  // abort elsewhere or the deadline stops it.
  async waitInPage(page, fn, arg, timeoutMs, what) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      this.checkLive();
      try {
        const handle = await page.waitForFunction(fn, arg, { timeout: 1000, polling: 20 });
        return await handle.jsonValue();
      } catch (error) {
        if (!(error instanceof errors.TimeoutError)) throw error;
        if (Date.now() > until) throw new Error(`${what}: nothing after ${timeoutMs / 1000} s`);
      }
    }
  }
}

// One seated player: their page, their generator and their counts.
export class Seat {
  constructor(person, rng) {
    this.person = person;
    this.who = person.who;
    this.rng = rng;
    this.decisions = 0;
    this.tableClicks = 0;
    this.menuPicks = 0;
    this.panelClicks = 0;
    this.fallbacks = 0;  // a table click that did not answer, so the panel was used
    this.officerClicks = 0;  // table clicks on an officer on a board (Incursions) that answered
    this.noEffect = 0;
  }

  get page() {
    return this.person.page;
  }

  // A screenshot of the first few table clicks that missed, for the report.
  async missShot(run, why) {
    this.misses = (this.misses ?? 0) + 1;
    if (this.misses <= 3) await run.report.shot(this.page, `miss-${run.label}-${this.who}-${this.misses}-${why}`).catch(() => {});
  }

  counts() {
    return `${this.decisions} decisions (${this.tableClicks} on the table, of which ${this.menuPicks} through its menu; ` +
      `${this.panelClicks} in the panel; ${this.fallbacks} table clicks fell back to the panel)`;
  }
}

async function waitAnswerStarted(page, ms) {
  // Usually out by the time the click returns: one look first, then the wait.
  if (await page.evaluate(() => !!window.__e2eAnswer?.started)) return true;
  try {
    await page.waitForFunction(() => window.__e2eAnswer?.started, null, { timeout: ms, polling: 20 });
    return true;
  } catch (error) {
    if (error instanceof errors.TimeoutError) return false;
    throw error;
  }
}

// Clicks one lit target, drawn among `count` (or the `chosen` locator), and a menu item if a menu
// opens (drawn, or the first with `firstItem`). True when an answer went out.
async function clickTable(run, seat, count, chosen = null, firstItem = false) {
  const page = seat.page;
  const target = chosen ?? candidate(page, seat.rng.below(count));
  const what = await describeTarget(target).catch(() => "(gone)");
  // As a person would: bring it into sight, let the scrolling settle, then click (a scroll event
  // arriving after the click would close the menu it opens).
  try {
    await target.scrollIntoViewIfNeeded({ timeout: 3000 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  } catch (error) {
    run.report.log(`      ${seat.who}: could not bring "${what}" into sight: ${whyNot(error)}`);
    return false;
  }
  const clickedAt = await page.evaluate(armAnswerWatch);
  const officer = await target.evaluate((el) => el.classList.contains("inc-officer"), null, { timeout: 1000 }).catch(() => false);
  try {
    await target.click({ timeout: 3000 });
  } catch (error) {
    run.report.log(`      ${seat.who}: could not click "${what}": ${whyNot(error)}`);
    await seat.missShot(run, "click");
    return false;
  }
  const menuItems = page.locator(kMenuItems[run.game]);
  const outcome = await page
    .waitForFunction(
      (items) => (window.__e2eAnswer?.started ? "answered" : document.querySelector(items) ? "menu" : null),
      kMenuItems[run.game],
      { timeout: 3000, polling: 20 },
    )
    .then((h) => h.jsonValue())
    .catch(() => null);
  if (outcome === "answered") {
    if (officer) seat.officerClicks++;
    return true;
  }
  if (outcome !== "menu") {
    const seen = await page
      .evaluate((t0) => ({
        panel: window.__e2ePanel.map(([at, open]) => `${open ? "opened" : "closed"} at ${(at - t0).toFixed(0)} ms`),
        menu: window.__e2eAnswer?.menu,
        input: window.__e2eInput.filter(([at]) => at >= t0).map(([at, what]) => `${(at - t0).toFixed(0)} ms ${what}`),
      }), clickedAt)
      .catch(() => ({ panel: [], menu: false }));
    run.report.log(`      ${seat.who}: clicking "${what}" neither answered nor left a menu open ` +
      `(${seen.menu ? "a menu opened and closed again" : "no menu opened"}; ` +
      `the decision panel, from the click: ${seen.panel.slice(-4).join(", ") || "no change"}; ` +
      `input: ${seen.input?.join("; ")})`);
    await seat.missShot(run, "no-effect");
    return false;
  }
  const n = await menuItems.count();
  const item = menuItems.nth(firstItem ? 0 : seat.rng.below(n));
  try {
    await item.click({ timeout: 3000 });
  } catch (error) {
    run.report.log(`      ${seat.who}: could not click a menu item of "${what}": ${whyNot(error)}`);
    await seat.missShot(run, "menu");
    await page.keyboard.press("Escape").catch(() => {});
    return false;
  }
  seat.menuPicks++;
  const answered = await waitAnswerStarted(page, 5000);
  if (answered && officer) seat.officerClicks++;
  return answered;
}

// Answers the open decision once. An option is drawn uniformly (so a game runs as long as a
// random playout); one that has a place on the table is clicked there half the time (a lit
// target, drawn among all of them, and an item of its menu), else in the decision panel. A flow's
// `run.prefer(seat, seen)` may name a target to click instead (a locator; its menu's first item),
// and `run.steer(seat, options, drawn)` may pick another option's index than the one drawn.
// A prompt asked as a count (the Incursions cut: a slider, a number and one button): a count
// drawn uniformly between its bounds, typed in, and sent.
async function answerCount(seat, form) {
  const input = form.locator("input[type=number]");
  const [min, max] = await input.evaluate((el) => [Number(el.min), Number(el.max)]);
  await input.fill(String(min + seat.rng.below(max - min + 1)));
  await seat.page.evaluate(armAnswerWatch);
  await form.locator("button[type=submit]").click({ timeout: 5000 });
  return waitAnswerStarted(seat.page, 5000);
}

export async function answerOnce(run, seat) {
  const page = seat.page;
  const cut = page.locator("section.prompt.open form.cut-prompt");
  if (await cut.count()) return (await answerCount(seat, cut)) && settleAnswer(run, seat);
  const seen = await survey(page, run.game);
  const { targets, options, other } = seen;
  if (options.length === 0) return false;
  // A flow may look at what the page offers (a screenshot of something rare, say).
  if (run.onSurvey) await run.onSurvey(seat, seen);
  const preferred = run.prefer ? await run.prefer(seat, seen) : null;
  const drawn = seat.rng.below(options.length);
  // A flow may steer the draw to an option it wants to see played out (an attack, say), which is
  // then clicked in the panel: a table click would draw its target anew.
  const index = run.steer?.(seat, options, drawn) ?? drawn;
  const steered = index !== drawn;
  const onTable = targets > 0 && !other.includes(options[index]);
  let answered = false;
  if (preferred) {
    answered = await clickTable(run, seat, targets, preferred, true);
    if (answered) seat.tableClicks++;
    else {
      seat.fallbacks++;
      await page.keyboard.press("Escape").catch(() => {});
    }
  } else if (onTable && !steered && seat.rng.chance(0.5)) {
    answered = await clickTable(run, seat, targets);
    if (answered) seat.tableClicks++;
    else {
      seat.fallbacks++;
      // A table click that went nowhere (a menu left open, say) must not linger.
      await page.keyboard.press("Escape").catch(() => {});
    }
  }
  if (!answered) {
    const buttons = page.locator("section.prompt.open .options button:not([disabled])");
    const now = await buttons.count();
    if (now === 0) return false;  // the decision went while we looked
    await page.evaluate(armAnswerWatch);
    try {
      await buttons.nth(Math.min(index, now - 1)).click({ timeout: 5000 });
    } catch (error) {
      // The other player's concession may close the panel under the click: the loop sees the result.
      if (await page.locator(".match-head .result").count()) return false;
      throw error;
    }
    answered = await waitAnswerStarted(page, 5000);
    if (answered) seat.panelClicks++;
  }
  if (!answered) return false;
  return settleAnswer(run, seat);
}

// After an answer went out: its response, and whether the server refused it.
async function settleAnswer(run, seat) {
  const page = seat.page;
  // The answer's response: the buttons come back, or the panel closes, or the next prompt shows.
  // (and then whether the decision panel shows a refusal, read in the same look).
  const { refused, words } = await run.waitInPage(
    page,
    () => {
      // A match conceded meanwhile refuses an answer already on its way, as it should.
      if (document.querySelector(".match-head .result")) return { refused: false, words: "" };
      if (document.querySelector("section.prompt.open :is(.options, form.cut-prompt) button[disabled]")) return null;
      const refusal = document.querySelector("section.prompt [role=alert]");
      return { refused: !!refusal, words: refusal?.textContent.trim() ?? "" };
    },
    null,
    30_000,
    `${seat.who}: the answer's response`,
  );
  if (refused) {
    const shot = await run.report.shot(page, `fail-${run.label}-refused-${seat.who}`);
    throw new Error(`${seat.who}: the server refused a click the page offered: "${words}" (screenshot ${shot})`);
  }
  seat.decisions++;
  run.total++;
  return true;
}

// The loop of one player's page, until the match shows its result.
export async function playSeat(run, seat) {
  try {
    for (;;) {
      run.checkLive();
      for (const hook of run.hooks) {
        if (hook.done || hook.who !== seat.who || !hook.when(run)) continue;
        hook.done = true;
        run.report.log(`      ${run.label}: ${hook.name} (after ${run.total} decisions)`);
        await hook.run(seat);
      }
      if (run.total >= run.maxDecisions) throw new Error(`${run.label}: no result after ${run.total} decisions`);
      const state = await run.waitInPage(seat.page, pageState, kQuietMs, run.stepTimeoutMs, `${seat.who}: waiting for a decision or the result`);
      if (state === "over") return;
      if (state === "superseded") throw new Error(`${seat.who}: the page says another tab plays this seat`);
      if (run.shouldConcede(seat)) {
        run.conceded = { who: seat.who, after: run.total };
        run.report.log(`      ${run.label}: the game runs long; ${seat.who} concedes (after ${run.total} decisions)`);
        await concede(seat.page);
        continue;
      }
      if (await answerOnce(run, seat)) {
        seat.noEffect = 0;
      } else if (++seat.noEffect >= 8) {
        const shot = await run.report.shot(seat.page, `fail-${run.label}-stuck-${seat.who}`);
        throw new Error(`${seat.who}: 8 clicks in a row did not answer the decision (screenshot ${shot})`);
      }
    }
  } catch (error) {
    run.abort(error);
    throw error;
  }
}

// A spectator's page: waits for the result.
export async function watchToEnd(run, person) {
  try {
    await run.waitInPage(
      person.page,
      () => !!document.querySelector(".match-head .result"),
      null,
      run.deadline - Date.now(),
      `${person.who}: waiting for the result`,
    );
  } catch (error) {
    run.abort(error);
    throw error;
  }
}

export async function resultText(page) {
  return (await page.locator(".match-head .result").textContent({ timeout: 10_000 })).trim();
}

export { kQuietMs, pageState, sleep };
