// What happens to a match page mid-match: a reload, a second tab taking the seat, a refused
// answer and a dropped link (the debug panel of ?debug=1).
import { answerOnce, kQuietMs, pageState } from "./play.mjs";

const decisionPanel = (page) => page.getByRole("region", { name: "Decision" });

// Waits for this player's decision, open and settled.
async function decisionReady(run, page, timeoutMs, what) {
  const state = await run.waitInPage(page, pageState, kQuietMs, timeoutMs, what);
  if (state !== "prompt") throw new Error(`${what}: the page shows "${state}" instead`);
}

// B reloads: the page lands back in the same match, seated, with its table or decision panel.
export async function reloadSeat(report, run, seat, tableSelector) {
  const page = seat.page;
  const before = page.url();
  await page.reload();
  await report.check(`${run.label}: ${seat.who}'s reload lands back in match #${run.id} with the table`, async () => {
    if (page.url() !== before) throw new Error(`the URL went from ${before} to ${page.url()}`);
    await page.getByRole("heading", { name: new RegExp(`#${run.id}$`) }).waitFor({ timeout: 20_000 });
    await page.locator(".seats .seat.me").waitFor({ timeout: 20_000 });
    await page.locator(`${tableSelector}, section.prompt.open`).first().waitFor({ timeout: 20_000 });
    return `after ${run.total} decisions`;
  }, () => run.report.shot(page, `fail-${run.label}-reload-${seat.who}`));
  await report.shot(page, `${run.label}-after-reload-${seat.who}`, { top: true });
}

// A second tab of A's on the match takes the seat; the first says so and takes it back.
export async function twoTabs(report, run, seat, tableSelector) {
  const first = seat.page;
  const second = await seat.person.context.newPage();
  try {
    await second.goto(first.url());
    await report.check(`${run.label}: a second tab of ${seat.who}'s opens the match`, async () => {
      await second.locator(tableSelector).first().waitFor({ timeout: 20_000 });
      await second.locator(".seats .seat.me").waitFor();
      return true;
    }, () => report.shot(second, `fail-${run.label}-second-tab`));
    await report.check(`${run.label}: the first tab says the seat moved, with "Play here"`, async () => {
      const panel = decisionPanel(first);
      const notice = panel.getByText("This match is open in another tab or window");
      await notice.waitFor({ timeout: 15_000 });
      await panel.getByRole("button", { name: "Play here" }).waitFor();
      return (await notice.textContent()).trim();
    }, () => report.shot(first, `fail-${run.label}-two-tabs`));
    await decisionPanel(first).scrollIntoViewIfNeeded().catch(() => {});
    await report.shot(first, "two-tabs-notice", { top: true });
    await report.shot(second, "two-tabs-second");
    await decisionPanel(first).getByRole("button", { name: "Play here" }).click();
    await report.check(`${run.label}: after "Play here" the second tab is the one told`, async () => {
      await decisionPanel(second).getByText("This match is open in another tab or window").waitFor({ timeout: 15_000 });
      return true;
    }, () => report.shot(second, `fail-${run.label}-play-here-second`));
    await report.check(`${run.label}: the first tab plays the seat again`, async () => {
      await first.locator("section.prompt:not(.superseded)").waitFor({ timeout: 15_000 });
      return true;
    }, () => report.shot(first, `fail-${run.label}-play-here-first`));
  } finally {
    await second.close().catch(() => {});
  }
}

// ?debug=1: an answer naming an option not offered is refused, in the server's words, in the
// decision panel; a dropped link comes back by itself and play goes on.
export async function debugPanel(report, run, seat, tableSelector) {
  const page = seat.page;
  await page.goto(`${run.url}/?debug=1#/match/${run.id}`);
  await report.check(`${run.label}: ?debug=1 shows the debug panel`, async () => {
    await page.getByTestId("debug-drop").waitFor({ timeout: 20_000 });
    await page.getByTestId("debug-bad-answer").waitFor();
    return true;
  }, () => report.shot(page, `fail-${run.label}-debug-panel`));
  await decisionReady(run, page, run.stepTimeoutMs, `${seat.who}: waiting for a decision (debug)`);
  await page.getByTestId("debug-bad-answer").click();
  await report.check(`${run.label}: an answer not offered is refused, with the server's words in the decision panel`, async () => {
    const alert = decisionPanel(page).getByRole("alert");
    await alert.waitFor({ timeout: 10_000 });
    const words = (await alert.textContent()).trim();
    if (!words) throw new Error("the alert is empty");
    await decisionReady(run, page, 10_000, "the decision after the refusal");
    return `"${words}"; the decision stays open`;
  }, () => report.shot(page, `fail-${run.label}-refusal`));
  await decisionPanel(page).getByRole("alert").scrollIntoViewIfNeeded().catch(() => {});
  await report.shot(page, "refusal");

  // The link drops: watch for the banner from before the click.
  await page.evaluate(() => {
    window.__e2eBanner = false;
    const seen = () => {
      if (document.querySelector(".banner-reconnecting")) window.__e2eBanner = true;
    };
    new MutationObserver(seen).observe(document.body, { subtree: true, childList: true });
  });
  await page.getByTestId("debug-drop").click();
  let caught = null;
  try {
    await page.locator(".banner-reconnecting").waitFor({ timeout: 3000 });
    caught = await report.shot(page, "reconnect-banner", { top: true });
  } catch {
    // The reconnection may beat the screenshot.
  }
  await report.check(`${run.label}: after the link drops the page reconnects by itself`, async () => {
    await page.getByText(/^Link: live/).waitFor({ timeout: 30_000 });
    await page.locator(".banner").waitFor({ state: "detached", timeout: 30_000 });
    await decisionReady(run, page, 30_000, "the decision after reconnecting");
    const seen = await page.evaluate(() => window.__e2eBanner);
    return seen ? `the banner showed${caught ? ` (${caught})` : " (too briefly for a screenshot)"}` : "the banner never showed";
  }, () => report.shot(page, `fail-${run.label}-reconnect`));
  await report.check(`${run.label}: a decision is answered after reconnecting`, async () => {
    if (!(await answerOnce(run, seat))) throw new Error("the click did not answer");
    return true;
  }, () => report.shot(page, `fail-${run.label}-after-reconnect`));
  // Back to the plain page for the rest of the match.
  await page.goto(`${run.url}/#/match/${run.id}`);
  await page.locator(tableSelector).first().waitFor({ timeout: 20_000 });
}
