// Arrow keys move the focus between the cards of one group (a hand, a location's side, a crew),
// so that a keyboard user need not Tab through every card of the table.
export function moveWithinGroup(e: KeyboardEvent): void {
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
  const card = e.target instanceof HTMLElement ? e.target.closest<HTMLElement>("button.card") : null;
  if (!step || !card || e.altKey || e.ctrlKey || e.metaKey) return;
  const group = card.parentElement?.closest("[role=group]");
  if (!group) return;
  // Only the group's own cards: a crew inside a location side is a group of its own.
  const cards = Array.from(group.querySelectorAll<HTMLElement>("button.card")).filter(
    (c) => c.parentElement?.closest("[role=group]") === group,
  );
  const next = cards[cards.indexOf(card) + step];
  if (next) {
    e.preventDefault();
    next.focus();
    next.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
}
