// How the match page hands its sequence player to the STCCG table, which it draws inside (a
// replay's table has none).
import { createContext } from "preact";
import type { SequencePlayer } from "../../../state/sequence_player.js";

export interface SequenceLink {
  player: SequencePlayer;
  // The viewer's decision is held until the sequence has been shown.
  waiting: boolean;
}

export const SequenceContext = createContext<SequenceLink | null>(null);
