// Spacedock's browser end-to-end test: starts `spacedock serve` on a free loopback port (its card
// pictures from a loopback image server started here, lib/image_server.mjs), drives
// Debian's Chromium with playwright-core through the whole client (accounts, decks, the card
// browser, an STCCG match and three Incursions matches, basic, with captains and crew, and with
// hex events and denizens (against a bot), played to the end by clicking, an Incursions match of
// the full game with cards (against a bot, a bounded number of decisions, then conceded), a
// reload, two tabs, a refused answer, a dropped link, the replay, a phone), screenshots every
// screen into the artifacts dir, prints one line per check passed and a summary, and exits non-zero if
// anything failed. Everything stops by itself: a wall-time cap, per-step timeouts, and the
// server killed at the end whatever happened. The flows from the STCCG match on run in two
// lanes side by side (STCCG; Incursions and events), see below.
//   node e2e/run.mjs --server PATH --web-root DIR --artifacts DIR   (node e2e/run.mjs --help)
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "./lib/args.mjs";
import { launch, newPerson, PageLogs, playwrightVersion } from "./lib/browser.mjs";
import { startImageServer } from "./lib/image_server.mjs";
import { Report } from "./lib/report.mjs";
import { makeRng } from "./lib/rng.mjs";
import { startServer } from "./lib/server.mjs";
import { bootSmoke, login, register } from "./flows/accounts.mjs";
import { cspNamesImageSource } from "./flows/card_images.mjs";
import { cardsPage } from "./flows/cards.mjs";
import { brokenList, importAndSave, pasteAndSave } from "./flows/decks.mjs";
import { incursionsCrew } from "./flows/incursions_crew.mjs";
import { incursionsEvents } from "./flows/incursions_events.mjs";
import { incursionsFull } from "./flows/incursions_full.mjs";
import { incursionsMatch } from "./flows/incursions_match.mjs";
import { eventsFlow } from "./flows/events.mjs";
import { phone } from "./flows/phone.mjs";
import { replay } from "./flows/replay.mjs";
import { stccgMatch } from "./flows/stccg_match.mjs";

const kDecks = fileURLToPath(new URL("../../../engine/stccg/cards/decks", import.meta.url));
const kPassword = "e2e-password-1";
const kAccounts = { A: "alice_e2e", B: "bob_e2e", C: "carol_e2e" };

let opts;
try {
  opts = parseArgs(process.argv.slice(2));
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
const report = new Report(opts.artifacts);
const deadline = Date.now() + opts.maxMinutes * 60_000;
let server = null;
let images = null;
let browser = null;

// Ends everything this run started: the browser, then the server (SIGTERM, then SIGKILL), then
// the image server.
let cleaning = null;
function cleanup() {
  cleaning ??= (async () => {
    if (browser) await Promise.race([browser.close().catch(() => {}), new Promise((r) => setTimeout(r, 10_000))]);
    if (server) {
      const exit = await server.stop();
      report.log(`the server (pid ${server.pid}) stopped: ${exit ? JSON.stringify(exit) : "?"}`);
    }
    if (images) {
      await Promise.race([images.stop(), new Promise((r) => setTimeout(r, 5000))]);
      report.log(`the card image server stopped after ${images.served.length} picture(s) and ${images.refused()} refusal(s)`);
    }
  })();
  return cleaning;
}

// Stops the run from outside the flows: the wall-time cap, or a signal.
let stopping = false;
async function stopNow(why) {
  if (stopping) return;
  stopping = true;
  report.log(`FAIL  ${why}; stopping`);
  report.flows.push({ name: "stopped", status: "failed", seconds: 0, error: why });
  await cleanup();
  report.summary();
  process.exit(1);
}
const cap = setTimeout(
  () => stopNow(`the run passed its ${opts.maxMinutes}-minute wall-time cap`),
  opts.maxMinutes * 60_000 + 5_000,
);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => stopNow(`stopped by ${signal}`));

// Which flows run: all, or --only ones with what they need.
const kNeeds = {
  boot: [],
  accounts: ["boot"],
  decks: ["accounts"],
  cards: ["accounts"],
  stccg: ["decks"],
  replay: ["stccg"],
  second: ["accounts"],
  incursions: ["second"],
  incursions_crew: ["second"],
  incursions_events: ["second"],
  incursions_full: ["second"],
  events: ["second", "decks"],
  phone: ["accounts"],
};
function wanted(name) {
  if (!opts.only) return true;
  const closure = new Set();
  const add = (n) => {
    if (closure.has(n)) return;
    closure.add(n);
    for (const need of kNeeds[n] ?? []) add(need);
  };
  for (const n of opts.only) add(n);
  return closure.has(name);
}
const outcome = {};
async function flow(name, title, fn) {
  if (!wanted(name) || stopping) return;
  const missing = kNeeds[name].filter((n) => outcome[n] !== true);
  if (missing.length) {
    outcome[name] = false;
    report.skip(title, `needs ${missing.join(", ")}, which did not pass`);
    return;
  }
  if (Date.now() > deadline) {
    outcome[name] = false;
    report.skip(title, "no time left under the wall-time cap");
    return;
  }
  outcome[name] = await report.flow(title, fn);
}

let ok = false;
try {
  report.log(`node ${process.version}; playwright-core ${playwrightVersion()}; seed ${opts.seed}`);
  report.log(`server ${opts.server}; web root ${opts.webRoot}; artifacts ${opts.artifacts}`);
  // Card pictures come from a loopback stand-in for an operator's image host.
  images = await startImageServer();
  report.log(`card image server at ${images.origin}`);
  server = await startServer({
    binary: opts.server,
    webRoot: opts.webRoot,
    logFile: join(opts.artifacts, "server.log"),
    lifetimeS: opts.maxMinutes * 60 + 60,
    extraArgs: ["--card-images", images.template],
  });
  report.log(`server pid ${server.pid} listening at ${server.url}`);
  browser = await launch(opts.chromium, opts.headed);
  report.log(`Chromium ${browser.version()} (${opts.chromium})`);
  const logs = new PageLogs(opts.artifacts);
  const env = { url: server.url, deadline, rng: makeRng(opts.seed), images };
  const A = await newPerson(browser, logs, "A");
  const B = await newPerson(browser, logs, "B");
  const C = await newPerson(browser, logs, "C");
  const decks = {};
  let stccg = null;
  // The flows run in two lanes side by side (most of a match's time is spent waiting on the
  // server and the pages, not computing): the STCCG match, its replay and the phone with A, B
  // and C; the
  // Incursions matches and the events with a second browser of each (the same accounts, logged
  // in again, each its own storage), A2, B2 and C2 (who still sign as A, B and C), and a
  // generator of its own, so that each lane's clicking repeats with --seed.
  const stccgEnv = { ...env, rng: env.rng.fork() };
  const incEnv = { ...env, rng: env.rng.fork() };
  let second = null;

  await flow("boot", "boot smoke", async () => {
    await bootSmoke(report, A, server.url);
    await cspNamesImageSource(report, server.url, images);
  });
  await flow("accounts", "register A, B and C", async () => {
    await register(report, A, server.url, kAccounts.A, kPassword);
    await report.shot(A.page, "lobby");
    await register(report, B, server.url, kAccounts.B, kPassword);
    await register(report, C, server.url, kAccounts.C, kPassword);
  });
  await flow("decks", "decks", async () => {
    decks.A = "Federation (e2e)";
    await pasteAndSave(report, A, join(kDecks, "federation-qc-bog.txt"), decks.A);
    decks.B = await importAndSave(report, B, join(kDecks, "klingon.txt"));
    await brokenList(report, A);
  });
  await flow("cards", "cards page", () => cardsPage(report, C, server.url));
  const stccgLane = async () => {
    await flow("stccg", "STCCG match", async () => {
      const id = await stccgMatch(report, stccgEnv, { A, B, C, deckA: decks.A, deckB: decks.B, accounts: kAccounts });
      stccg = { id, result: (await A.page.locator(".match-head .result").textContent()).trim() };
    });
    await flow("replay", "STCCG replay", () => replay(report, A, server.url, stccg.id, stccg.result));
    await flow("phone", "phone", async () => {
      const P = await newPerson(browser, logs, "phone", {
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        isMobile: true,
        deviceScaleFactor: 2,
      });
      await phone(report, P, server.url, { username: kAccounts.A, password: kPassword }, stccg?.id);
    });
  };
  const incursionsLane = async () => {
    await flow("second", "A, B and C log in a second time, for the flows run alongside", async () => {
      const people = {};
      for (const who of ["A", "B", "C"]) {
        people[who] = await newPerson(browser, logs, who, {}, `${who}2`);
        await login(report, people[who], server.url, kAccounts[who], kPassword);
      }
      second = people;
    });
    await flow("incursions", "Incursions match", () => incursionsMatch(report, incEnv, second));
    await flow("incursions_crew", "Incursions match with captains and crew", () => incursionsCrew(report, incEnv, second));
    await flow("incursions_events", "Incursions match with hex events and denizens", () =>
      incursionsEvents(report, incEnv, { A: second.A, C: second.C }),
    );
    await flow("incursions_full", "Incursions match of the full game, with cards", () =>
      incursionsFull(report, incEnv, { A: second.A, C: second.C }),
    );
    await flow("events", "events", () =>
      eventsFlow(report, { ...incEnv, server: opts.server, db: server.db }, second, kAccounts, decks.A),
    );
  };
  await Promise.all([stccgLane(), incursionsLane()]);
  if (stopping) await new Promise(() => {});  // stopNow() ends the process
  await report.flow("no uncaught errors in the pages", async () => {
    if (logs.pageErrors.length) throw new Error(`${logs.pageErrors.length}: ${logs.pageErrors.slice(0, 5).join(" | ")}`);
    report.pass("no uncaught exception or crash in any page");
  });
  if (server.exited()) report.fail("server", `the server exited during the run: ${JSON.stringify(server.exited())}`);
  ok = true;
} catch (error) {
  report.log(`FAIL  ${error?.stack ?? error}`);
  report.flows.push({ name: "setup", status: "failed", seconds: 0, error: String(error?.message ?? error) });
} finally {
  if (stopping) await new Promise(() => {});
  await cleanup();
  clearTimeout(cap);
}
const passed = report.summary() && ok;
process.exit(passed ? 0 : 1);
