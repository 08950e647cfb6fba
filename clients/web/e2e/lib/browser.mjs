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

// One person's browser: its own storage, 1280x800 unless told, no animations. `logAs`: the
// name of its console log when not `who` (a second browser of the same person).
export async function newPerson(browser, logs, who, options = {}, logAs = who) {
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
    // The match stream as it arrives on the WebSocket (read, never altered): the newest game
    // event's and the newest snapshot's positions (Event.seq) in the match followed. The store
    // asks for a fresh snapshot a moment after game events, so while a game event is newer than
    // the last snapshot, a redraw of the table is still to come.
    const stream = (window.__e2eStream = { match: -1, eventSeq: 0, snapSeq: -1 });
    const varint = (b, i) => {
      let v = 0;
      let m = 1;
      let x;
      do {
        x = b[i++];
        v += (x & 0x7f) * m;
        m *= 128;
      } while (x & 0x80 && i < b.length);
      return [v, i];
    };
    // Calls fn(field, wireType, value or start, end) for each field of b[start, end).
    const fields = (b, start, end, fn) => {
      let i = start;
      while (i < end) {
        let tag;
        [tag, i] = varint(b, i);
        const field = Math.floor(tag / 8);
        const wire = tag & 7;
        if (wire === 0) {
          let v;
          [v, i] = varint(b, i);
          fn(field, wire, v);
        } else if (wire === 2) {
          let len;
          [len, i] = varint(b, i);
          fn(field, wire, i, i + len);
          i += len;
        } else if (wire === 1) i += 8;
        else if (wire === 5) i += 4;
        else return;
      }
    };
    const observe = (message) => {
      try {
        if (!(message.data instanceof ArrayBuffer)) return;
        const b = new Uint8Array(message.data);
        let event = null;  // ServerMessage.event = 2
        fields(b, 0, b.length, (f, w, s, e) => {
          if (f === 2 && w === 2) event = [s, e];
        });
        if (!event) return;
        let match = 0;
        let seq = 0;
        let kind = null;  // Event: match_id = 1, seq = 2, snapshot = 10, game_event = 11
        fields(b, event[0], event[1], (f, w, v) => {
          if (f === 1 && w === 0) match = v;
          else if (f === 2 && w === 0) seq = v;
          else if (f === 10 && w === 2) kind = "snapshot";
          else if (f === 11 && w === 2) kind = "event";
        });
        if (!kind) return;
        if (stream.match !== match) Object.assign(stream, { match, eventSeq: 0, snapSeq: -1 });
        if (kind === "snapshot") stream.snapSeq = Math.max(stream.snapSeq, seq);
        else stream.eventSeq = Math.max(stream.eventSeq, seq);
      } catch {
        // Observation only: never in the page's way.
      }
    };
    const NativeWebSocket = window.WebSocket;
    window.WebSocket = class extends NativeWebSocket {
      constructor(...args) {
        super(...args);
        this.addEventListener("message", observe);
      }
    };
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
  context.on("page", (page) => logs.watch(page, pages++ === 0 ? logAs : `${logAs}-${pages}`));
  const page = await context.newPage();
  return { who, context, page };
}
