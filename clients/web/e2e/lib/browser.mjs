// Debian's Chromium driven by playwright-core (which downloads no browser): the launch, and
// browser contexts with their own storage whose pages' console and errors go to a log file.
import { appendFileSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { chromium } from "playwright-core";

const require = createRequire(import.meta.url);

export function playwrightVersion() {
  const path = require.resolve("playwright-core/package.json");
  return JSON.parse(readFileSync(path, "utf8")).version;
}

export async function launch(executablePath, headed) {
  return chromium.launch({ executablePath, args: ["--no-sandbox"], headless: !headed });
}

// Everything a page says is kept; uncaught page errors are also counted, and the run fails
// on them at the end (an exception in the app is a bug even when the flow got through).
export class PageLogs {
  constructor(artifacts) {
    this.artifacts = artifacts;
    this.pageErrors = [];
  }

  watch(page, who) {
    const file = join(this.artifacts, `console-${who}.log`);
    const write = (line) => appendFileSync(file, `${new Date().toISOString()} ${line}\n`);
    page.on("console", (m) => write(`[${m.type()}] ${m.text()}`));
    page.on("pageerror", (e) => {
      write(`[pageerror] ${e.stack ?? e.message}`);
      this.pageErrors.push(`${who}: ${e.message}`);
    });
    page.on("crash", () => {
      write("[crash]");
      this.pageErrors.push(`${who}: the page crashed`);
    });
    page.on("dialog", (d) => {
      write(`[dialog ${d.type()}] ${d.message()} (dismissed)`);
      d.dismiss().catch(() => {});
    });
    page.on("response", (r) => r.status() >= 400 && write(`[http ${r.status()}] ${r.request().method()} ${r.url()}`));
    page.on("framenavigated", (f) => f === page.mainFrame() && write(`[navigated] ${f.url()}`));
  }
}

// One person's browser: its own storage, 1280x800 unless told, no animations.
export async function newPerson(browser, logs, who, options = {}) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    reducedMotion: "reduce",
    ...options,
  });
  // Test instrumentation, observing only: when the page's DOM last changed, so that a player
  // acts on a settled page (a prompt is followed by a fresh snapshot a moment later).
  // Also the decision panel's last opening and closing, to explain a click that missed.
  await context.addInitScript(() => {
    window.__e2eLastChange = performance.now();
    window.__e2ePanel = [];
    new MutationObserver((records) => {
      const now = performance.now();
      window.__e2eLastChange = now;
      for (const r of records)
        if (r.attributeName === "class" && r.target.matches?.("section.prompt"))
          window.__e2ePanel = [...window.__e2ePanel.slice(-5), [now, r.target.classList.contains("open")]];
    }).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    window.__e2eInput = [];
    for (const type of ["pointerdown", "mousedown", "focusin", "mouseup", "click"])
      document.addEventListener(type, (e) => {
        const t = e.target;
        const name = t?.getAttribute?.("aria-label") ?? t?.textContent ?? "";
        window.__e2eInput = [...window.__e2eInput.slice(-9),
          [performance.now(), `${type} on ${t?.tagName?.toLowerCase()}.${String(t?.className ?? "").split(" ").join(".")} "${name.slice(0, 30)}" (${e.clientX ?? ""},${e.clientY ?? ""}) scrollY ${Math.round(scrollY)} top ${Math.round(t?.getBoundingClientRect?.().top ?? 0)}`]];
      }, true);
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);
  let pages = 0;
  context.on("page", (page) => logs.watch(page, pages++ === 0 ? who : `${who}-${pages}`));
  const page = await context.newPage();
  return { who, context, page };
}
