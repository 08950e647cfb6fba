// Where a player may click on each game's table: the targets the page lights for the open
// prompt, found in the page and marked with data-e2e-cand so one can be clicked by number.
// Only what is on screen counts (a target scrolled out of a map's view is left to the panel).
// `officers`: how many of the marked targets are officers on the boards (Incursions);
// `denizens`: how many are denizens, on the map or in the denizen list; `cards`: how many are
// game cards (the full game's hand, or cards offered to take).

const kCandidates = {
  // The STCCG table marks a card or a spaceline end the prompt offers with .hot and a ✔.
  stccg: ".stccg button.card.hot, .stccg button.end-slot.hot",
  // The Incursions map: lit hexes, aimed vessels and denizens are focusable SVG buttons; on the
  // boards, officers a shot, an assimilation or a return to service aims at are buttons; in the
  // denizen list, denizens aimed at; above the map, a hex's repair to place (hull or shields);
  // in the full game, cards of the hand to play or discard, a deck search's or a spy's cards to
  // take, and a response window's Pass and cards.
  incursions:
    ".inc-map .inc-hex.is-target[role=button], .inc-map .inc-vessel.is-target[role=button], " +
    ".inc-map .inc-denizen.is-target[role=button], .inc-board button.inc-officer.is-target, " +
    ".inc-denizens button.inc-denizen-item.is-target, .inc-event-panel button.inc-event-option, " +
    ".inc-hand button.inc-card.is-target, .inc-choices button.inc-card.is-target, " +
    ".inc-respond button.inc-respond-option",
};

// The small menu a target with several options opens, and its items (not its Cancel).
export const kMenuItems = {
  stccg: ".option-menu[role=menu] button[role=menuitem]:not(.menu-cancel)",
  incursions: ".inc-menu[role=menu] button[role=menuitem]",
};

// Marks the visible targets 0..n-1; returns n, the decision panel's option labels, and the
// labels of the options the table shows as having no place on it (STCCG's "Other choices").
export async function survey(page, game) {
  return page.evaluate((selector) => {
    for (const old of document.querySelectorAll("[data-e2e-cand]")) old.removeAttribute("data-e2e-cand");
    const svg = document.querySelector(".inc-map svg");
    const frame = svg ? svg.getBoundingClientRect() : null;
    let targets = 0;
    for (const el of document.querySelectorAll(selector)) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (el.closest("details:not([open])")) continue;
      if (getComputedStyle(el).visibility === "hidden") continue;
      if (frame && svg.contains(el)) {
        // The centre of a map target must be inside the map's visible frame.
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        if (x < frame.left + 4 || x > frame.right - 4 || y < frame.top + 4 || y > frame.bottom - 4) continue;
      }
      el.setAttribute("data-e2e-cand", String(targets++));
    }
    const label = (button) => {
      const copy = button.cloneNode(true);
      copy.querySelector("kbd")?.remove();
      return copy.textContent.replace(/\s+/g, " ").trim();
    };
    const options = [...document.querySelectorAll("section.prompt.open .options button")].map(label);
    const other = [...document.querySelectorAll(".stccg .other-options button")].map(label);
    const officers = document.querySelectorAll("[data-e2e-cand].inc-officer").length;
    const denizens = document.querySelectorAll("[data-e2e-cand].inc-denizen, [data-e2e-cand].inc-denizen-item").length;
    const cards = document.querySelectorAll("[data-e2e-cand].inc-card").length;
    return { targets, options, other, officers, denizens, cards };
  }, kCandidates[game]);
}

export const candidate = (page, index) => page.locator(`[data-e2e-cand="${index}"]`);

// What a marked target says about itself, for the log.
export async function describeTarget(locator) {
  return locator.evaluate(
    (el) => (el.getAttribute("aria-label") ?? el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 90),
    null,
    { timeout: 1000 },
  );
}

// The lines of a Playwright error that say why a click did not happen.
export function whyNot(error) {
  const lines = String(error?.message ?? error).split("\n");
  const telling = lines.filter((l) => /intercepts|not visible|not stable|outside of the viewport|detached|not enabled|waiting for/.test(l));
  return [lines[0], ...[...new Set(telling.map((l) => l.trim()))].slice(-3)].join(" / ");
}
