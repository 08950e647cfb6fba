// What the run prints: one line per check passed, a line per screenshot, the flows with their
// times, and at the end a summary. A failed check throws a CheckFailed, which ends its flow.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export class CheckFailed extends Error {
  constructor(check, message, screenshot) {
    super(`${check}: ${message}${screenshot ? ` (screenshot ${screenshot})` : ""}`);
    this.check = check;
    this.screenshot = screenshot;
  }
}

const elapsed = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

export class Report {
  constructor(artifacts) {
    this.artifacts = artifacts;
    mkdirSync(artifacts, { recursive: true });
    this.started = Date.now();
    this.passed = 0;
    this.flows = [];  // { name, status: "passed"|"failed"|"skipped", seconds, error }
    this.notes = [];  // numbers for the summary: "decisions clicked in STCCG: ..."
    this.shots = [];
    this.shotNames = new Set();
  }

  log(line) {
    console.log(`[${elapsed(this.started).padStart(7)}] ${line}`);
  }

  pass(check, detail = "") {
    this.passed++;
    this.log(`ok    ${check}${detail ? ` — ${detail}` : ""}`);
  }

  note(line) {
    this.notes.push(line);
    this.log(`note  ${line}`);
  }

  // `fn` returns true (or a detail string) when the check holds; a thrown error or false fails.
  async check(check, fn, failShot) {
    let result;
    try {
      result = await fn();
    } catch (error) {
      const shot = failShot ? await failShot().catch(() => undefined) : undefined;
      throw new CheckFailed(check, firstLine(error), shot);
    }
    if (result === false) {
      const shot = failShot ? await failShot().catch(() => undefined) : undefined;
      throw new CheckFailed(check, "did not hold", shot);
    }
    this.pass(check, typeof result === "string" ? result : "");
    return result;
  }

  fail(check, message, screenshot) {
    throw new CheckFailed(check, message, screenshot);
  }

  // A full-page PNG named NAME.png in the artifacts dir (names must be unique: a second shot of
  // the same name gets a suffix, never overwrites).
  // `top`: scrolled to the top first (a click may have scrolled the window anywhere).
  async shot(page, name, { fullPage = false, top = false } = {}) {
    if (top) await page.evaluate(() => window.scrollTo(0, 0)).catch(() => {});
    let file = `${name}.png`;
    for (let n = 2; this.shotNames.has(file); n++) file = `${name}-${n}.png`;
    this.shotNames.add(file);
    await page.screenshot({ path: join(this.artifacts, file), fullPage, animations: "disabled", timeout: 15_000 });
    this.shots.push(file);
    this.log(`shot  ${file}`);
    return file;
  }

  // Runs one flow, timing it; a failure is recorded and the run goes on with the flows that do
  // not need this one.
  async flow(name, fn) {
    const since = Date.now();
    this.log(`----- ${name}`);
    try {
      await fn();
      this.flows.push({ name, status: "passed", seconds: (Date.now() - since) / 1000 });
      this.log(`----- ${name} passed in ${elapsed(since)}`);
      return true;
    } catch (error) {
      const message = error instanceof CheckFailed ? error.message : (error?.stack ?? String(error));
      this.flows.push({ name, status: "failed", seconds: (Date.now() - since) / 1000, error: message });
      this.log(`FAIL  ${name}: ${message}`);
      return false;
    }
  }

  skip(name, why) {
    this.flows.push({ name, status: "skipped", seconds: 0, error: why });
    this.log(`skip  ${name}: ${why}`);
  }

  summary() {
    const failed = this.flows.filter((f) => f.status !== "passed");
    const lines = ["", "===== summary"];
    for (const f of this.flows)
      lines.push(`${f.status.padEnd(8)} ${f.name.padEnd(32)} ${f.seconds.toFixed(1).padStart(6)} s${f.error ? `  ${firstLine(f.error)}` : ""}`);
    for (const n of this.notes) lines.push(`note     ${n}`);
    lines.push(`${this.passed} checks passed, ${failed.length} flow(s) failed or skipped, ` +
      `${this.shots.length} screenshots in ${this.artifacts}, ${elapsed(this.started)} in all`);
    const text = lines.join("\n");
    console.log(text);
    writeFileSync(join(this.artifacts, "summary.txt"), text + "\n");
    return failed.length === 0;
  }
}

export function firstLine(error) {
  const text = error instanceof Error ? error.message : String(error);
  return text.split("\n").slice(0, 3).join(" | ");
}
