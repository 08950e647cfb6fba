// What an STCCG table shows a first-edition player, looked at once each while the match is
// played (before a seat's decision, from its loop): a personnel tile with its skills and
// INTEGRITY / CUNNING / STRENGTH, a ship in play with its staffing line, the spaceline fitted
// once every mission is out, a dilemma revealed in an attempt with its outcome, and a battle with
// its result, and cards stored under a Zalkonian Storage Capsule (A's deck holds one), named on its
// owner's page and face down on the spectator's. The first and third come in every game and must
// be seen; the others come when the game gets there, and are noted if it did not. Also the spectator's side: both players' names
// (never a seat number), and the log of the game from its start for one who opens it late.

// Two decks of six missions each, none shared: twelve locations once seeded.
const kLocations = 12;

// `fn` run in the page, or kReloaded when the page began loading again meanwhile (Playwright:
// "Execution context was destroyed").
const kReloaded = Symbol("reloaded");
function reloadedMeanwhile(error) {
  return /Execution context was destroyed/.test(String(error?.message ?? error));
}
async function evaluateUnlessReloaded(page, fn) {
  try {
    return await page.evaluate(fn);
  } catch (error) {
    if (reloadedMeanwhile(error)) return kReloaded;
    throw error;
  }
}

// In the page: what of interest it shows now (cheap: looked at before every decision).
function sightsNow() {
  const visible = (el) => !!el && el.getClientRects().length > 0;
  const personnel = [...document.querySelectorAll(".stccg .card-row.hand .card[data-handle], .stccg .spaceline .card[data-handle]")]
    .find((card) => {
      const figures = [...card.querySelectorAll(".face-figures .fig-name")].map((f) => f.textContent);
      const skills = card.querySelector(".face-skills");
      return figures.join(" ") === "INT CUN STR" && visible(skills) && skills.textContent.trim() !== "";
    });
  const ship = [...document.querySelectorAll(".stccg .spaceline .card[data-handle]")].find((card) =>
    /(^|, )[^,]*'s ship, /.test(card.getAttribute("aria-label") ?? "") || /, your ship, /.test(card.getAttribute("aria-label") ?? ""));
  const phase = document.querySelector(".stccg .phase-line")?.textContent ?? "";
  const sequence = document.querySelector("section.sequence");
  return {
    personnel: personnel?.getAttribute("data-handle") ?? null,
    ship: ship?.getAttribute("data-handle") ?? null,
    // Missions are seeded before dilemmas, artifacts and outposts: past that, all are out.
    missionsOut: phase !== "" && !/^(Starting|Seeding (doorways|missions))/.test(phase),
    locations: document.querySelectorAll(".stccg .spaceline .location").length,
    dilemma: !!sequence?.matches(".attempt") && !!sequence.querySelector(".seq-dilemma.good, .seq-dilemma.bad"),
    battle: !!sequence?.matches(".battle") && !!sequence.querySelector(".seq-line.tone-end, .seq-fire .seq-result"),
    stored: document.querySelectorAll(".stccg .stored .card").length,
  };
}

// In the page: the cards stored under a card in play, as drawn (named or face down).
function storedCards() {
  const group = document.querySelector(".stccg .stored");
  if (!group) return null;
  group.scrollIntoView({ block: "center", inline: "nearest" });
  return {
    label: group.getAttribute("aria-label") ?? "",
    cards: [...group.querySelectorAll(".card")].map((card) => ({
      faceDown: card.classList.contains("face-down"),
      title: card.querySelector(".card-title")?.textContent.trim() ?? "",
    })),
  };
}

// In the page: the missions where the opponent (the top side) has a card in space.
function opponentInSpaceAt() {
  return [...document.querySelectorAll(".stccg .spaceline .location")]
    .filter((l) => l.querySelector('.side.top .area[aria-label$=", in space"] .card'))
    .map((l) => (l.getAttribute("aria-label") ?? "").replace(/^Location \d+: /, "").split(",")[0]);
}

// In the page: whether the spaceline, fitted, shows every location without a sideways scroll.
function spacelineFit() {
  const line = document.querySelector(".stccg .spaceline");
  const box = line.getBoundingClientRect();
  const locations = [...line.querySelectorAll(".location")];
  const hidden = locations
    .filter((l) => {
      const r = l.getBoundingClientRect();
      return r.width <= 0 || r.left < box.left - 1 || r.right > box.right + 1;
    })
    .map((l) => l.getAttribute("aria-label"));
  // A card wider than its column spills over its neighbour: noted, for the report.
  const spills = locations
    .filter((l) => l.scrollWidth > l.clientWidth + 1)
    .map((l) => `${(l.getAttribute("aria-label") ?? "").split(",")[0]} (${l.scrollWidth} in ${l.clientWidth} px)`);
  return {
    fit: line.classList.contains("zoom-fit"),
    scrollWidth: line.scrollWidth,
    clientWidth: line.clientWidth,
    count: locations.length,
    hidden,
    spills,
  };
}

export class StccgSights {
  constructor(report, run, { A, B, C }) {
    Object.assign(this, { report, run, A, B, C });
    this.seen = new Set();
    this.busy = false;
    // Per seat: the missions where its opponent has ships, as last seen before its decision.
    this.opponentAt = new Map();
  }

  // run.steer: a random game seldom meets the other player's ships, and seldom attacks; until a
  // battle has been seen, an attack offered is made, and most moves offered to where the
  // opponent has ships are taken (the rest of the game stays random).
  steer(seat, options, drawn) {
    // The capsule is played when it can be, so that its stored cards are seen.
    const capsule = options.findIndex((label) => /^Play Zalkonian Storage Capsule/.test(label));
    if (capsule >= 0 && !this.seen.has("stored-spectator")) return capsule;
    if (this.seen.has("battle")) return drawn;
    let chosen = options.findIndex((label) => /^Attack /.test(label));
    if (chosen < 0 && seat.rng.chance(0.8)) {
      const there = this.opponentAt.get(seat.who) ?? [];
      chosen = options.findIndex((label) => there.includes(/^Move .+ to (.+) \(costs /.exec(label)?.[1]));
    }
    if (chosen < 0) return drawn;
    if (chosen !== drawn) this.steered = (this.steered ?? 0) + 1;
    return chosen;
  }

  // run.onSurvey: looks at the surveying seat's page and the spectator's. Another flow may be
  // loading one of those pages again (a reload, the debug panel) as it looks: that look is
  // skipped, and a later one sees the page.
  async look(seat) {
    const opponentAt = await evaluateUnlessReloaded(seat.page, opponentInSpaceAt);
    if (opponentAt === kReloaded) return;
    this.opponentAt.set(seat.who, opponentAt);
    if (this.busy) return;  // the other seat's look is under way
    this.busy = true;
    try {
      // A's page too while its stored cards are unseen: they lie under the capsule during B's turn.
      const people = [seat.person, this.C];
      if (seat.person !== this.A && !this.seen.has("stored-A")) people.push(this.A);
      for (const person of people) {
        const now = await evaluateUnlessReloaded(person.page, sightsNow);
        if (now === kReloaded) continue;
        try {
          await this.onPage(person, now);
        } catch (error) {
          if (!reloadedMeanwhile(error)) throw error;  // not seen yet: looked at again later
        }
      }
    } finally {
      this.busy = false;
    }
  }

  async once(key, fn) {
    if (this.seen.has(key)) return;
    // Not marked seen when fn says the sight went before it was caught (a card left play).
    if ((await fn()) !== false) this.seen.add(key);
  }

  async onPage(person, now) {
    const who = person === this.C ? "spectator" : person.who;
    if (now.personnel && person !== this.C)
      await this.once("personnel", () => this.personnelTile(person, now.personnel));
    if (now.missionsOut && now.locations > 0)
      await this.once(`spaceline-${who}`, () => this.spaceline(person, who));
    if (now.ship && person === this.C) await this.once("ship", () => this.shipStaffing(person, now.ship));
    if (now.stored > 0) await this.once(`stored-${who}`, () => this.stored(person, who));
    if (now.dilemma)
      await this.once("dilemma", () => this.sequenceShot(person, "attempt", "stccg-dilemma-revealed", () => {
        const item = document.querySelector("section.sequence.attempt .seq-dilemma.good, section.sequence.attempt .seq-dilemma.bad");
        if (!item) return null;
        const title = item.querySelector(".seq-card-title")?.textContent.trim() ?? "";
        const outcome = item.querySelector(".seq-outcome b")?.textContent.trim() ?? "";
        return { ok: !!title && !!outcome, words: title && outcome ? `${title}: ${outcome}` : item.textContent.trim() };
      }));
    if (now.battle)
      await this.once("battle", () => this.sequenceShot(person, "battle", "stccg-battle-result", () => {
        const results = document.querySelectorAll("section.sequence.battle .seq-line.tone-end, section.sequence.battle .seq-fire .seq-result");
        if (!results.length) return null;
        const words = results[results.length - 1].textContent.replace(/\s+/g, " ").trim();
        return { ok: words !== "", words };
      }));
  }

  // A personnel tile (in the hand, else on the spaceline) with its skills and three figures.
  async personnelTile(person, handle) {
    const page = person.page;
    // Read and brought into sight in one go: the card may be played from the hand any moment.
    const tile = await page.evaluate((h) => {
      const el = document.querySelector(`.stccg .card[data-handle="${h}"]`);
      if (!el) return null;
      el.scrollIntoView({ block: "center", inline: "nearest" });
      return {
        title: (el.getAttribute("aria-label") ?? "").split(",")[0],
        figures: [...el.querySelectorAll(".face-figures .fig")].map((f) => {
          const printed = f.querySelector(".fig-printed")?.textContent;
          return `${f.querySelector(".fig-name")?.textContent} ${f.querySelector(".fig-value")?.textContent}${printed ? ` (printed ${printed})` : ""}`;
        }),
        skills: el.querySelector(".face-skills")?.textContent.trim() ?? "",
      };
    }, handle);
    if (!tile) return false;
    await this.report.check(`stccg: a personnel tile on ${person.who}'s table shows skills and INTEGRITY, CUNNING and STRENGTH`, async () => {
      await this.report.shot(page, "stccg-personnel-tile");
      if (tile.figures.length !== 3 || !tile.skills) throw new Error(`${tile.title}: figures ${JSON.stringify(tile.figures)}, skills "${tile.skills}"`);
      return `${tile.title}: ${tile.figures.join(", ")}; ${tile.skills}`;
    }, () => this.report.shot(page, "fail-stccg-personnel-tile"));
  }

  // Cards stored under a Zalkonian Storage Capsule: named on A's page (the capsule is A's), face
  // down on the spectator's. B's page is not looked at: B holds no capsule.
  async stored(person, who) {
    if (person === this.B) return false;
    const page = person.page;
    const seen = await page.evaluate(storedCards);
    if (!seen || seen.cards.length === 0) return false;
    const owner = person === this.A;
    await this.report.check(`stccg: cards stored under a Zalkonian Storage Capsule are ${owner ? "named on their owner's page" : "face down on the spectator's page"}`, async () => {
      await this.report.shot(page, `stccg-stored-${who}`);
      const wrong = seen.cards.filter((c) => c.faceDown === owner || (owner && c.title === ""));
      if (wrong.length) throw new Error(`${seen.label}: ${JSON.stringify(seen.cards)}`);
      return `${seen.label}: ${seen.cards.map((c) => (c.faceDown ? "face down" : c.title)).join(", ")}`;
    }, () => this.report.shot(page, `fail-stccg-stored-${who}`));
  }

  // Once every mission is out, fitted: no sideways scroll, every location in sight.
  async spaceline(person, who) {
    const page = person.page;
    await this.report.check(`stccg: on ${who}'s page, "Fit all" shows the ${kLocations} locations without a sideways scroll`, async () => {
      const at = await page.evaluate(spacelineFit);
      if (!at.fit) throw new Error("the spaceline is not on Fit all");
      if (at.count !== kLocations) throw new Error(`${at.count} locations, not ${kLocations}`);
      if (at.scrollWidth > at.clientWidth + 1) throw new Error(`the spaceline scrolls: ${at.scrollWidth} px in ${at.clientWidth} px`);
      if (at.hidden.length) throw new Error(`out of sight: ${at.hidden.join("; ")}`);
      if (at.spills.length) this.report.note(`stccg: on ${who}'s page, fitted, cards are wider than their column at ${at.spills.join(", ")}`);
      if (person === this.C) {
        await page.locator(".stccg .spaceline-wrap").evaluate((el) => el.scrollIntoView({ block: "start" }));
        await this.report.shot(page, "stccg-spaceline-fit");
      }
      return `${at.count} locations in ${at.clientWidth} px`;
    }, () => this.report.shot(page, `fail-stccg-spaceline-fit-${who}`));
  }

  // A ship in play, its staffing line shown once the columns are wide enough for it (fitted
  // twelve to a row, a tile shows its title and figures only), then fitted again.
  async shipStaffing(person, handle) {
    const page = person.page;
    const zoom = page.getByRole("group", { name: "Spaceline size" });
    await zoom.getByRole("button", { name: "Large" }).click();
    try {
      // Read and brought into sight in one go, once redrawn large: the ship may leave play.
      const ship = await page.evaluate(async (h) => {
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const el = document.querySelector(`.stccg .spaceline .card[data-handle="${h}"]`);
        if (!el) return null;
        el.scrollIntoView({ block: "center", inline: "center" });
        const staffing = el.querySelector(".face-staffing");
        return {
          title: (el.getAttribute("aria-label") ?? "").split(",")[0],
          words: staffing?.textContent.trim() ?? "",
          shown: !!staffing && staffing.getClientRects().length > 0,
          met: staffing?.className ?? "",
        };
      }, handle);
      if (!ship) return false;
      await this.report.check("stccg: a ship in play shows its staffing line (spaceline on Large)", async () => {
        await this.report.shot(page, "stccg-ship-staffing");
        if (!ship.shown || !/staffing: \S/.test(ship.words)) throw new Error(`${ship.title}: the staffing line reads "${ship.words}"${ship.shown ? "" : ", not shown"}`);
        return `${ship.title}: "${ship.words}" (${ship.met})`;
      }, () => this.report.shot(page, "fail-stccg-ship-staffing"));
    } finally {
      await zoom.getByRole("button", { name: "Fit all" }).click().catch(() => {});
    }
  }

  // The sequence panel showing a scene of `kind`, read in one look by `read` (in the page: null
  // when the sight has gone, a next scene drawn meanwhile); its words must hold.
  async sequenceShot(person, kind, name, read) {
    const page = person.page;
    const seen = await page.evaluate(read);
    if (!seen) return false;
    await this.report.check(`stccg: ${person === this.C ? "the spectator" : person.who} sees ${kind === "attempt" ? "a dilemma revealed and its outcome" : "a battle and its result"} in the sequence panel`, async () => {
      // The panel sits at the top of the table, under the sticky preview: seen from the top.
      await this.report.shot(page, name, { top: true });
      if (!seen.ok) throw new Error(`it reads "${seen.words}"`);
      return seen.words;
    }, () => this.report.shot(page, `fail-${name}`));
  }

  // The spectator's page names both players, never a seat ("S0", "Seat 0").
  async spectatorNames(accounts) {
    const page = this.C.page;
    await this.report.check("stccg: the spectator sees both players' names, no seat numbers", async () => {
      const words = await page.evaluate(() => ({
        text: document.querySelector(".match").innerText,
        bars: [...document.querySelectorAll(".stccg .player-bar .player-name")].map((el) => {
          const copy = el.cloneNode(true);
          copy.querySelector(".owner-mark")?.remove();
          return copy.textContent.trim();
        }),
        tags: [...document.querySelectorAll(".stccg .card-owner, .stccg .owner-mark")].map((el) => el.textContent.trim()),
      }));
      for (const name of [accounts.A, accounts.B])
        if (!words.bars.some((bar) => bar.includes(name))) throw new Error(`no player bar names ${name}: ${words.bars.join(" | ")}`);
      const seat = /\bSeat \d+\b|\bseat \d+'s\b/.exec(words.text);
      if (seat) throw new Error(`the page says "${seat[0]}"`);
      const tags = words.tags.filter((t) => /^S\d+$/.test(t));
      if (tags.length) throw new Error(`owner tags ${tags.join(", ")}`);
      await this.report.shot(page, "stccg-spectator-names", { top: true });
      return words.bars.join(" / ");
    }, () => this.report.shot(page, "fail-stccg-spectator-names", { top: true }));
  }

  // A spectator who opens the match late (a second tab of C's) reads the log from its start.
  async lateSpectator(url) {
    const page = await this.C.context.newPage();
    try {
      await page.goto(`${url}/#/match/${this.run.id}?watch=1`);
      await this.report.check(`stccg: a spectator who opens match #${this.run.id} late reads its log from the seeding`, async () => {
        await page.locator(".stccg").first().waitFor({ timeout: 20_000 });
        const seeding = page.locator(".event-log p").filter({ hasText: /^Seeding doorways/ });
        await seeding.first().waitFor({ timeout: 15_000 });
        const count = await page.locator(".event-log p").count();
        return `"${(await seeding.first().textContent()).trim()}", first of ${count} lines, after ${this.run.total} decisions`;
      }, () => this.report.shot(page, "fail-stccg-late-spectator"));
      await page.locator(".event-log p").first().scrollIntoViewIfNeeded();
      await page.locator(".event-log").evaluate((log) => (log.scrollTop = 0));
      await this.report.shot(page, "stccg-spectator-late");
    } finally {
      await page.close().catch(() => {});
    }
  }

  // After the match: what must have been seen was; the rest is noted if the game never got there.
  async finish() {
    const missing = (key) => !this.seen.has(key);
    if (missing("personnel")) {
      // A last look at the end of the game: A's hand and table.
      const now = await this.A.page.evaluate(sightsNow);
      if (now.personnel) await this.once("personnel", () => this.personnelTile(this.A, now.personnel));
      if (missing("personnel")) this.report.fail("stccg: a personnel tile", "no personnel tile with skills and three figures was seen");
    }
    if (missing("spaceline-spectator")) this.report.fail("stccg: the spaceline fitted", "the check never ran: all missions never were out");
    const notes = [
      ["ship", "a ship in play (its staffing line)"],
      ["dilemma", "a dilemma revealed in an attempt"],
      ["battle", "a battle with its result"],
      ["stored-A", "cards stored under a Zalkonian Storage Capsule (A's page)"],
      ["stored-spectator", "cards stored under a Zalkonian Storage Capsule (the spectator's page)"],
    ].filter(([key]) => missing(key)).map(([, words]) => words);
    if (notes.length) this.report.note(`stccg: not reached in this game: ${notes.join("; ")}`);
    if (this.steered) this.report.note(`stccg: ${this.steered} attack(s) or move(s) toward the opponent's ships chosen, to see a battle`);
  }
}
