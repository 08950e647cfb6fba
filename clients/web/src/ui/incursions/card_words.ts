// Game cards of the full game in words: a card's nature, type, how it is played, its rarity and
// race limitation; the viewer's hand as the table shows it (each card with the options the open
// prompt offers on it); a declaration awaiting responses; the cards tabled in front of a vessel
// (armour, a Sabotage's lock, equipment turned face down); and which cards of the hand were just
// drawn. Every fact is one the server sent: nothing here decides what may be played.
import type { DecisionPrompt, GameEvent, Option } from "../../../gen/spacedock/v1/game_pb.js";
import {
  IncursionsActionKind as Kind,
  IncursionsCardMechanism as Mechanism,
  IncursionsCardNature as Nature,
  IncursionsCardType as CardType,
  IncursionsPlayMethod as Method,
  IncursionsPosition,
  IncursionsRarity as Rarity,
  IncursionsStep,
  IncursionsSystem,
  IncursionsWeaponSlot,
  type IncursionsCard,
  type IncursionsCardInstance,
  type IncursionsDeclaration,
  type IncursionsShip,
  type IncursionsTabledCard,
  type IncursionsVessel,
  type IncursionsView,
} from "../../../gen/spacedock/v1/incursions_pb.js";
import { denizenName, ownedObjectName } from "./denizen_words.js";
import { axial } from "./hex.js";
import { bonusWords, positionName } from "./officer_words.js";
import { actionOf } from "./prompt_targets.js";
import { capitalise, coordText, raceName, seatName, weaponName } from "./words.js";

export const natureName = (nature: Nature): string =>
  ({
    [Nature.COMMAND]: "Command",
    [Nature.ATTACK]: "Attack",
    [Nature.DEFENSE]: "Defense",
    [Nature.TACTICAL]: "Tactical",
    [Nature.CREW]: "Crew",
    [Nature.UNSPECIFIED]: "",
  })[nature] ?? "";

// Only the types that carry rules, and the others by name (A35).
export const cardTypeName = (type: CardType): string =>
  ({
    [CardType.CALAMITY]: "Calamity",
    [CardType.CATASTROPHE]: "Catastrophe",
    [CardType.DILEMMA]: "Dilemma",
    [CardType.EQUIPMENT]: "Equipment",
    [CardType.ESPIONAGE]: "Espionage",
    [CardType.PROCEDURE]: "Procedure",
    [CardType.NONE]: "",
  })[type] ?? "";

export const playMethodName = (method: Method): string =>
  ({
    [Method.USE_AND_DISCARD]: "Use and discard",
    [Method.TABLE]: "Table",
    [Method.TABLE_WHEN_DRAWN]: "Table when drawn",
    [Method.TABLE_UNTIL_DESTROYED]: "Table until destroyed",
    [Method.TABLE_IN_FRONT_OF_TARGET]: "Table in front of the target",
    [Method.TABLE_IN_HEX]: "Table in your hex",
    [Method.TABLE_FOR_THE_ROUND]: "Table for the round",
    [Method.PLAY_ANY_TIME]: "Play any time",
    [Method.UNSPECIFIED]: "",
  })[method] ?? "";

export const rarityLetter = (rarity: Rarity): string =>
  ({
    [Rarity.COMMON]: "C",
    [Rarity.SPECIAL]: "S",
    [Rarity.RARE]: "R",
    [Rarity.XTRA_RARE]: "X",
    [Rarity.ULTRA_RARE]: "U",
    [Rarity.NONE]: "",
  })[rarity] ?? "";

const rarityName = (rarity: Rarity): string =>
  ({
    [Rarity.COMMON]: "common",
    [Rarity.SPECIAL]: "special",
    [Rarity.RARE]: "rare",
    [Rarity.XTRA_RARE]: "extra rare",
    [Rarity.ULTRA_RARE]: "ultra rare",
    [Rarity.NONE]: "",
  })[rarity] ?? "";

// A crew card: one with a position other than the captain's (its nature says so too).
export const isCrewCard = (card: IncursionsCard | undefined): boolean =>
  !!card &&
  (card.nature === Nature.CREW ||
    (card.position !== IncursionsPosition.UNSPECIFIED && card.position !== IncursionsPosition.CAPTAIN));

// A card as the table draws it.
export interface CardFace {
  // The instance (IncursionsCardInstance.id): what PLAY_CARD, DISCARD_CARD and TAKE_CARD name.
  id: number;
  title: string;
  // "Command", "Defense", "Crew"...; "" when the server sent none.
  nature: string;
  // Its type when it has one, how it is played, a race limitation: "Equipment", "Table",
  // "Klingon only".
  tags: string[];
  // The rarity letter (C, S, R, X, U), "" for none.
  rarity: string;
  summary: string;
  // A crew card's position and bonus bar: "Helm · evasion +1 · espionage 5"; "" otherwise.
  crew: string;
  // Everything in one sentence, for its accessible name and tooltip.
  label: string;
}

export function cardFace(instance: IncursionsCardInstance): CardFace {
  const card = instance.card;
  const title = card?.title || card?.id || "Card";
  const crewCard = isCrewCard(card);
  const nature = card ? natureName(card.nature) || (crewCard ? "Crew" : "") : "";
  const tags: string[] = [];
  if (card) {
    const type = cardTypeName(card.cardType);
    if (type) tags.push(type);
    // "Use and discard" is how most cards go: said only when it is one of several ways.
    const methods = card.playMethods.filter((m) => m !== Method.UNSPECIFIED);
    for (const m of methods) if (m !== Method.USE_AND_DISCARD || methods.length > 1) tags.push(playMethodName(m));
    if (card.race && !crewCard) tags.push(`${raceName(card.race)} only`);
  }
  const crew = crewCard && card ? crewWords(card) : "";
  const rarity = card ? rarityLetter(card.rarity) : "";
  const summary = card?.summary ?? "";
  const parts = [title];
  if (nature) parts.push(nature.toLowerCase());
  parts.push(...tags.map((t) => t.toLowerCase()));
  if (card && rarity) parts.push(rarityName(card.rarity));
  if (crew) parts.push(crew);
  if (summary) parts.push(summary);
  return { id: instance.id, title, nature, tags, rarity, summary, crew, label: parts.join(", ") };
}

function crewWords(card: IncursionsCard): string {
  const parts = [positionName(card.position)];
  if (card.race) parts.push(raceName(card.race));
  const bonuses = bonusWords(card.bonuses);
  if (bonuses) parts.push(bonuses);
  parts.push(`espionage ${card.espionageEvasion}`);
  return parts.filter(Boolean).join(" · ");
}

// A card of the viewer's hand, or of a choice, with what the open prompt offers on it.
export interface OfferedCard extends CardFace {
  options: Option[];
  // What choosing it does, from the options: "Play", "Attach", "Table", "Discard", "Take", "Turn
  // down"; with several options, "N choices". "" when nothing is offered on it.
  verb: string;
  // Drawn or taken a moment ago (the latest events name it).
  fresh: boolean;
}

// What clicking a card does, in a word or two, from the server's labels ("Attach Fire to your
// next maneuver: ..." is "Attach").
export function verbOf(options: Option[]): string {
  if (options.length === 0) return "";
  if (options.length > 1) return `${options.length} choices`;
  const kind = actionOf(options[0])?.kind;
  if (kind === Kind.DISCARD_CARD) return "Discard";
  if (kind === Kind.TAKE_CARD) return "Take";
  if (kind === Kind.TURN_DOWN_CARD) return "Turn down";
  const first = options[0].label.split(/[\s:]/)[0];
  return first || "Choose";
}

// The viewer's hand as the table shows it, in the server's order. `offered`: the open prompt's
// options by card instance (promptTargets().cards); `fresh`: instances just drawn or taken.
export function handCards(
  vessel: IncursionsVessel | undefined,
  offered: ReadonlyMap<number, Option[]>,
  fresh: ReadonlySet<number> = new Set(),
): OfferedCard[] {
  if (!vessel) return [];
  return vessel.hand.map((instance) => {
    const options = offered.get(instance.id) ?? [];
    return { ...cardFace(instance), options, verb: verbOf(options), fresh: fresh.has(instance.id) };
  });
}

// The cards a SEARCH_DECK, TAKE_FROM_HAND or SABOTAGE prompt offers (context.choices), each with
// its TAKE_CARD or TURN_DOWN_CARD option; a choice with no option (none should be) is shown but
// cannot be clicked.
export function choiceCards(prompt: DecisionPrompt | null, offered: ReadonlyMap<number, Option[]>): OfferedCard[] {
  if (prompt?.context.case !== "incursions") return [];
  return prompt.context.value.choices.map((instance) => {
    const options = offered.get(instance.id) ?? [];
    return { ...cardFace(instance), options, verb: verbOf(options), fresh: false };
  });
}

// The step of the open prompt, if it is an Incursions one.
export const stepOf = (prompt: DecisionPrompt | null): IncursionsStep | undefined =>
  prompt?.context.case === "incursions" ? prompt.context.value.step : undefined;

// The instances `seat` just drew or took, among `events` (the store's latest): the table marks
// them "new" in the hand. Only the drawer's own events name the cards.
export function freshCards(events: readonly GameEvent[], seat: number | undefined): Set<number> {
  const ids = new Set<number>();
  if (seat === undefined) return ids;
  for (const event of events) {
    if (event.body.case !== "incursions") continue;
    const body = event.body.value.body;
    if (body.case === "cardsDrawn" && body.value.seat === seat) for (const c of body.value.cards) ids.add(c.id);
    if (body.case === "cardTaken" && body.value.seat === seat && body.value.card) ids.add(body.value.card.id);
  }
  return ids;
}

// Who, as a sentence starts: "You", a player's name, or "Player 2".
const who = (seat: number, me: number | undefined, names?: readonly string[]): string =>
  seat === me ? "You" : (names?.[seat] ?? capitalise(seatName(seat, me)));

// Whom, inside a sentence: "you", a player's name, or "Player 2".
const whom = (seat: number, me: number | undefined, names?: readonly string[]): string =>
  seat === me ? "you" : (names?.[seat] ?? seatName(seat, me));

// A declaration awaiting responses, in words: "Player 2 fires Disruptors (W1) at you with 2 Pwr,
// with Fire and Phasers", "You move to (1,-1), with Warp", "Player 2 plays Countermand", "Player 2
// plays Sabotage on you, locking Disruptors (W1)", "You return M6 Evasion Com to service"; with
// placed objects (§11.1): "Player 2 plays Outpost, placing it in their hex", "Player 2 attacks you
// with their Weapons Platform", "You repair your Outpost with 2 Pwr", "You fire Disruptors (W1) at
// Player 2's Outpost".
export function declarationWords(
  d: IncursionsDeclaration,
  view: IncursionsView,
  me: number | undefined,
  names?: readonly string[],
): string {
  const a = d.action;
  const subject = who(d.seat, me, names);
  const you = d.seat === me;
  const verb = (s: string, plural: string) => (you ? plural : s);
  // The denizen the action names (a placed object: with its owner, "Player 2's Outpost").
  const denizen = a?.targetDenizen !== undefined ? view.denizens.find((x) => x.id === a.targetDenizen) : undefined;
  const denizenWords = (): string => (denizen ? ownedObjectName(denizen, me, names) : "the denizen");
  const target = (): string => {
    if (a?.targetDenizen !== undefined) return denizenWords();
    if (a?.targetSeat === undefined) return "";
    const vessel = whom(a.targetSeat, me, names);
    if (!a.officer) return vessel;
    const officer = view.vessels.find((v) => v.seat === a.targetSeat)?.officers.find((o) => o.position === a.officer);
    return `${vessel === "you" ? "your" : `${vessel}'s`} ${officer?.card?.title ?? positionName(a.officer)}`;
  };
  const pwr = a && a.power > 0 ? ` with ${a.power} Pwr` : "";
  let what: string;
  switch (a?.kind) {
    case Kind.FIRE_W1:
    case Kind.FIRE_W2: {
      const ship = view.vessels.find((v) => v.seat === d.seat)?.ship;
      const slot = a.kind === Kind.FIRE_W1 ? IncursionsWeaponSlot.W1 : IncursionsWeaponSlot.W2;
      what = `${verb("fires", "fire")} ${weaponName(ship, slot)} at ${target()}${pwr}`;
      break;
    }
    case Kind.FIRE_HEX_WEAPON:
      what = `${verb("fires", "fire")} the hex's weapon at ${target()}${pwr}`;
      break;
    case Kind.MOVE:
      what = `${verb("moves", "move")}${a.destination ? ` to ${coordText(axial(a.destination))}` : ""}${pwr}`;
      break;
    case Kind.EXPLORE:
      what = `${verb("explores", "explore")}${a.destination ? ` to ${coordText(axial(a.destination))}` : ""}`;
      break;
    case Kind.REPAIR: {
      // The player's own placed object (an Outpost), in their hex.
      if (a.targetDenizen !== undefined) {
        const name = denizen ? denizenName(denizen) : "placed object";
        what = `${verb("repairs", "repair")} ${you ? "your" : "their"} ${name}${pwr}`;
        break;
      }
      const card = a.card;
      if (!card) {
        what = `${verb("repairs", "repair")} the ${a.system === IncursionsSystem.SHIELDS ? "shields" : "hull"}${pwr}`;
        break;
      }
      // A card in front of the vessel: its own equipment turned face down goes back into service;
      // anything else (Pardus Claw, Sabotage) is repaired away.
      const title = card.card?.title || "a card";
      const tabled = view.vessels.find((v) => v.seat === d.seat)?.tabled.find((t) => t.card?.id === card.id);
      what = tabled?.faceDown
        ? `${verb("returns", "return")} ${title} to service`
        : `${verb("repairs", "repair")} ${title} away${pwr}`;
      break;
    }
    case Kind.LAY_MINE:
      what = `${verb("lays", "lay")} a mine${pwr}`;
      break;
    case Kind.DETONATE_MINE:
      what = `${verb("sets", "set")} off a mine under ${target()}`;
      break;
    case Kind.CLOAK:
      what = verb("cloaks", "cloak");
      break;
    case Kind.TACHYON_SWEEP:
      what = `${verb("runs", "run")} a Tachyon Sweep`;
      break;
    case Kind.TRACTOR:
      what = `${verb("locks", "lock")} a tractor beam on ${target()}${pwr}`;
      break;
    case Kind.BREAK_TRACTOR:
      what = `${verb("breaks", "break")} away from ${target()}'s tractor beam`;
      break;
    case Kind.ASSIMILATE: {
      // An officer, or in the full game a tabled equipment card (§13.3).
      const vessel = target();
      const equipment = a.card?.card?.title;
      const whose = vessel === "you" ? "your" : `${vessel}'s`;
      what = `${verb("assimilates", "assimilate")} ${equipment ? `${whose} ${equipment}` : vessel}`;
      break;
    }
    case Kind.RESTORE_OFFICER:
      what = `${verb("returns", "return")} an officer to service`;
      break;
    case Kind.DENIZEN_ATTACK: {
      // target_denizen is the attacker: the player's placed object on the turn it was placed, or
      // a denizen an eliminated player dominates; target_seat is the vessel attacked, or
      // attacked_denizen a denizen of its hex (§11.1).
      const attacker = !denizen
        ? "a denizen"
        : denizen.ownerSeat === d.seat
          ? `${you ? "your" : "their"} ${denizenName(denizen)}`
          : `the ${denizenName(denizen)}`;
      const attacked = view.denizens.find((x) => x.id === a.attackedDenizen);
      const at =
        a.attackedDenizen !== undefined
          ? ` ${attacked ? `the ${denizenName(attacked)}` : "a denizen"}`
          : a.targetSeat !== undefined
            ? ` ${whom(a.targetSeat, me, names)}`
            : "";
      what = `${verb("attacks", "attack")}${at} with ${attacker}`;
      break;
    }
    case Kind.USE_AUX:
      what = `${verb("uses", "use")} AUX power`;
      break;
    case Kind.DIVERT_SHIELDS:
      what = `${verb("diverts", "divert")} shields into power`;
      break;
    case Kind.PLAY_CARD: {
      const title = a.card?.card?.title || "a card";
      const on = a.targetSeat !== undefined ? ` on ${target()}` : "";
      // A Sabotage tabled in front of its target names the weapon system it locks; a Weapons
      // Platform or an Outpost goes into the player's hex, and so does a Shuttle craft launched
      // on its own (its destination set).
      const ship = view.vessels.find((v) => v.seat === a.targetSeat)?.ship;
      const locking = a.weapon ? `, locking ${weaponName(ship, a.weapon)}` : "";
      const mechanism = a.card?.card?.effect?.mechanism;
      const placing =
        mechanism === Mechanism.PLACE_OBJECT || (mechanism === Mechanism.SHUTTLE && a.destination)
          ? `, placing it in ${you ? "your" : "their"} hex`
          : "";
      // A defense card or Event Block the hit's target plays against it (answers_hit); an Event
      // Block may also be played before a hex's blow is rolled.
      const against = !d.answersHit
        ? ""
        : mechanism === Mechanism.BLOCK_EVENT
          ? " against the event's blow"
          : " against the hit";
      what = `${verb("plays", "play")} ${title}${on}${pwr}${locking}${placing}${against}`;
      break;
    }
    case Kind.DENIZEN_MOVE: {
      // A dominated denizen, or the player's own launched Shuttle craft (§11.3).
      const mover = denizen ? denizenName(denizen) : "a denizen";
      const to = a.destination ? ` to ${coordText(axial(a.destination))}` : "";
      what = `${verb("moves", "move")} ${mover}${to}`;
      break;
    }
    default:
      what = a
        ? `${verb("declares", "declare")} ${(Kind[a.kind] ?? "a maneuver").toLowerCase().replace(/_/g, " ")}`
        : verb("declares", "declare") + " a maneuver";
  }
  // The cards that go with it, but the one its action plays.
  const own = a?.kind === Kind.PLAY_CARD ? a.card?.id : undefined;
  const cards = d.cards.filter((c) => c.id !== own).map((c) => c.card?.title || "a card");
  const withCards = cards.length
    ? `, with ${cards.length === 1 ? cards[0] : `${cards.slice(0, -1).join(", ")} and ${cards[cards.length - 1]}`}`
    : "";
  return `${subject} ${what}${withCards}`;
}

// A shuttle tabled as armour (§11.3): the LP it has left and, when the content listing has
// arrived, how many it started with (its craft's hull plus shields). null for any other card.
export interface ArmourLife {
  left: number;
  max?: number;
}

export function armourLife(t: IncursionsTabledCard, crafts?: readonly IncursionsShip[]): ArmourLife | null {
  const effect = t.card?.card?.effect;
  if (effect?.mechanism !== Mechanism.SHUTTLE && t.life <= 0) return null;
  // The server sends the maximum (life_max); without it, the craft's figures give it.
  const craft = effect?.craft ? crafts?.find((c) => c.id === effect.craft) : undefined;
  const max = t.lifeMax > 0 ? t.lifeMax : craft ? craft.hull + craft.shields : undefined;
  return max && max > 0 ? { left: t.life, max } : { left: t.life };
}

// "Armour 12/15 LP", "Armour 12 LP" (the listing not yet here), "" for a card that is no armour.
export function armourWords(t: IncursionsTabledCard, crafts?: readonly IncursionsShip[]): string {
  const life = armourLife(t, crafts);
  if (!life) return "";
  return `Armour ${life.left}${life.max ? `/${life.max}` : ""} LP`;
}

// A Sabotage tabled in front of a vessel (§18): "locks Disruptors (W1)" with the vessel's ship,
// "locks W1" without it; "" for a card that locks nothing.
export function lockWords(t: IncursionsTabledCard, ship?: IncursionsShip): string {
  return t.locks ? `locks ${weaponName(ship, t.locks)}` : "";
}

// What a face-down card (equipment a Sabotage turned down) says beside its title.
export const kFaceDownWords = "face down — out of action";

// A tabled card as its vessel's board lists it: "M6 Evasion Com", "Pardus Claw, from Player 2"
// (a card another player tabled in front of it), "..., active from the next maneuver", "Shuttle
// craft, armour 12 of 15 LP left" (a shuttle tabled as armour; its max once `crafts` is known),
// "Sabotage, locks Disruptors (W1), from Player 2" (the weapon's name once `ship`, the vessel's, is
// given), "M6 Evasion Com, face down — out of action" (until its player repairs it).
export function tabledWords(
  t: IncursionsTabledCard,
  me: number | undefined,
  names?: readonly string[],
  crafts?: readonly IncursionsShip[],
  ship?: IncursionsShip,
): string {
  const title = t.card?.card?.title || t.card?.card?.id || "Card";
  const parts = [title];
  const life = armourLife(t, crafts);
  if (life) parts.push(`armour ${life.left}${life.max ? ` of ${life.max}` : ""} LP left`);
  const lock = lockWords(t, ship);
  if (lock) parts.push(lock);
  if (t.controllerSeat !== t.onSeat)
    parts.push(
      t.controllerSeat === me ? "yours" : `from ${names?.[t.controllerSeat] ?? seatName(t.controllerSeat, me)}`,
    );
  if (t.faceDown) parts.push(kFaceDownWords);
  else if (!t.active) parts.push("active from the next maneuver");
  return parts.join(", ");
}

// A vessel that escaped in a craft (§11.4): its ship is one of the content's crafts (Shuttle
// craft). Before the content listing arrives, a ship with neither W2 nor W3 is taken for a craft
// (every ship card has both; a craft has neither).
export function isCraft(ship: IncursionsShip | undefined, crafts?: readonly IncursionsShip[]): boolean {
  if (!ship) return false;
  if (crafts) return crafts.some((c) => c.id === ship.id);
  return !ship.w2 && !ship.w3 && !!ship.w1;
}

// The ESCAPE decision (§11.4, A33) in words: the server's title, what escaping means, and how
// many of the options launch a craft (none: the player holds no Shuttle craft, and only going
// down with the ship is offered).
export function escapeWords(prompt: DecisionPrompt): { headline: string; detail: string; crafts: number } {
  const crafts = prompt.options.filter((o) => actionOf(o)?.kind === Kind.PLAY_CARD).length;
  const headline = prompt.title || "Your ship is destroyed: escape?";
  const detail =
    crafts > 0
      ? "Escape in a Shuttle craft from your hand: it becomes your vessel in this hex, with your officers " +
        "and AUX and 2 Pwr cards (the options say how many stay UP); the ship card, its other Pwr and " +
        "the cards tabled on it are lost. Or go down with the ship and leave the game."
      : "You hold no Shuttle craft to escape in: your ship goes down and you leave the game.";
  return { headline, detail, crafts };
}

// "Hand 5 · deck 23 · discard 2": a vessel's public card counts.
export function cardCounts(vessel: IncursionsVessel): string {
  return `Hand ${vessel.cardsInHand} · deck ${vessel.cardsInDeck} · discard ${vessel.discard.length}`;
}
