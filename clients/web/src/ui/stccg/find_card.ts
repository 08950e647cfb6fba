// Finds a card of the view by handle, with where it is in words, so that the preview pane follows
// the card through new views (stopped, moved, damaged) instead of showing what it was.
import type { StccgCardInPlay, StccgCardRef, StccgView } from "../../../gen/spacedock/v1/stccg_pb.js";
import { cardTitle, possessive, sideDeckName, type Sides } from "./view_model.js";

export interface FoundCard {
  card: StccgCardRef;
  inPlay?: StccgCardInPlay;
  where: string;
  location?: number; // the spaceline index, for a mission
}

export function findShown(view: StccgView, sides: Sides, handle: number): FoundCard | undefined {
  if (handle === 0) return undefined;
  const inRefs = (refs: StccgCardRef[], where: string) => {
    const card = refs.find((r) => r.handle === handle);
    return card && { card, where };
  };
  const inPlay = (cards: StccgCardInPlay[], where: string): FoundCard | undefined => {
    for (const c of cards) {
      if (c.card?.handle === handle) return { card: c.card, inPlay: c, where };
      const title = cardTitle(c.card);
      const found = inPlay(c.aboard, `aboard ${title}`) ?? inPlay(c.attached, `on ${title}`);
      if (found) return found;
    }
    return undefined;
  };
  for (const p of view.players) {
    const whose = possessive(sides, p.seat);
    const found =
      inRefs(p.hand, `in ${whose} hand`) ??
      inRefs(p.seedPile, `in ${whose} seed pile`) ??
      inRefs(p.drawDeck, `in ${whose} draw deck`) ??
      inRefs(p.discard, `in ${whose} discard pile`) ??
      inRefs(p.bonus, `in ${whose} bonus point area`) ??
      inRefs(p.outOfPlay, "out of play") ??
      inPlay(p.table, `on ${whose} side of the table`);
    if (found) return found;
    for (const d of p.sideDecks) {
      const name = `${whose} ${sideDeckName(d.kind)}`;
      const deck =
        (d.door && inPlay([d.door], `opening ${name}`)) ??
        inRefs(d.cards, `in ${name}`) ??
        inRefs(d.used, `used, under ${name}`);
      if (deck) return deck;
    }
  }
  for (const loc of view.spaceline) {
    const title = cardTitle(loc.mission);
    if (loc.mission?.handle === handle)
      return { card: loc.mission, where: `location ${loc.index + 1} of the spaceline`, location: loc.index };
    if (loc.copy?.handle === handle) return { card: loc.copy, where: `the second copy of ${title}` };
    const found =
      inRefs(loc.seeds, `seeded under ${title}`) ??
      inPlay([...loc.facilities, ...loc.ships], `in space at ${title}`) ??
      inPlay(loc.surface, `on the planet at ${title}`) ??
      inPlay(loc.attached, `at ${title}`);
    if (found) return found;
  }
  return inRefs(view.resolving, "waiting to resolve") ?? inRefs(view.held, "played and put on hold");
}
