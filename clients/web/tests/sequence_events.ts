// A test helper: STCCG events as the server sends them, and an attempt at Repair Mission that
// meets Chalnoth (Deanna Troi killed, the rest stopped), as in issue 24. Not a test file itself.
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { StccgCardType } from "../gen/spacedock/v1/stccg_cards_pb.js";
import {
  StccgAttemptResult,
  StccgGameEventSchema,
  StccgMoveCause,
  StccgOutcome,
  StccgStep,
  StccgWhere,
  StccgZone,
  type StccgCardRefSchema,
  type StccgGameEvent,
} from "../gen/spacedock/v1/stccg_pb.js";
import type { Beat } from "../src/state/sequence.js";

type Body = MessageInitShape<typeof StccgGameEventSchema>["body"];
type RefInit = MessageInitShape<typeof StccgCardRefSchema>;

export const ref = (handle: number, title: string, type: StccgCardType, owner = 0): RefInit => ({
  handle,
  cardId: `101_${handle}`,
  title,
  type,
  owner,
});

export const troi = ref(21, "Deanna Troi", StccgCardType.PERSONNEL);
export const data = ref(22, "Data", StccgCardType.PERSONNEL);
export const geordi = ref(23, "Geordi La Forge", StccgCardType.PERSONNEL);
export const galaxy = ref(30, "U.S.S. Galaxy", StccgCardType.SHIP);
export const chalnoth = ref(40, "Chalnoth", StccgCardType.DILEMMA, 1);
export const repairMission = ref(50, "Repair Mission", StccgCardType.MISSION, 0);

export const event = (body: Body): StccgGameEvent => create(StccgGameEventSchema, { body });

let nextSeq = 100n;
export const beat = (text: string, body: Body, seq = nextSeq++): Beat => ({ seq, text, event: event(body) });

export const inPlay = { zone: StccgZone.PLAY, where: StccgWhere.SURFACE, location: 3 };

export function chalnothAttempt(cause = StccgMoveCause.KILLED): Beat[] {
  return [
    beat("alice shows Deanna Troi", { case: "revealed", value: { card: troi } }),
    beat("alice attempts Repair Mission with an Away Team of 3", {
      case: "attemptStarted",
      value: { seat: 0, location: 3, members: 3 },
    }),
    beat("Chalnoth is met at Repair Mission", {
      case: "cardMoved",
      value: {
        card: chalnoth,
        from: { zone: StccgZone.SEED, location: 3 },
        to: { zone: StccgZone.RESOLVING },
      },
    }),
    beat("Deanna Troi is discarded", {
      case: "cardMoved",
      value: { card: { ...troi, handle: 61 }, handleBefore: 21, from: inPlay, to: { zone: StccgZone.DISCARD }, cause },
    }),
    beat("Data is stopped", { case: "stopped", value: { card: data } }),
    beat("Geordi La Forge is stopped", { case: "stopped", value: { card: geordi } }),
    beat("Chalnoth is not overcome", {
      case: "dilemmaResolved",
      value: { card: chalnoth, outcome: StccgOutcome.FAILED },
    }),
    beat("Chalnoth is discarded", {
      case: "cardMoved",
      value: { card: { ...chalnoth, handle: 41 }, handleBefore: 40, from: { zone: StccgZone.RESOLVING }, to: { zone: StccgZone.DISCARD } },
    }),
    beat("alice's attempt at Repair Mission is stopped", {
      case: "attemptEnded",
      value: { seat: 0, location: 3, result: StccgAttemptResult.STOPPED },
    }),
  ];
}

// What follows the attempt: the turn ends and a card is drawn (not part of any sequence).
// `nothingLeft`: the server ended it, ending it being the only order left.
export function turnEnds(nothingLeft = false): Beat[] {
  return [
    beat(nothingLeft ? "alice's turn ends: nothing left to do" : "alice's turn ends", {
      case: "stepStarted",
      value: { step: StccgStep.END_OF_TURN, seat: 0, turn: 4, nothingLeft },
    }),
    beat("alice draws a card", {
      case: "cardMoved",
      value: { card: { owner: 0 }, from: { zone: StccgZone.DRAW_DECK }, to: { zone: StccgZone.HAND } },
    }),
  ];
}
