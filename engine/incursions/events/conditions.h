#pragma once

#include "engine/incursions/state.h"

namespace spacedock::incursions {

// Who a hex acts on (§9.4), asked of the state as it stands: a hex's modifiers and escape lock
// hold exactly while an affected vessel stands in it, so they need no bookkeeping.

// The event of the hex on `tile`, or nullptr: none, the start tile, or a mode without events.
const HexEventDef* event_at(const State& s, TileIndex tile);
// Whether `seat` meets a hex's race condition; captainless vessels are "other" races (A25).
bool meets(const State& s, Seat seat, const HexCondition& condition);
// Whether the hex on `tile` acts on `seat`: its condition, the owner's immunity, and cloaked
// vessels feeling only unique events (§12.1).
bool affected(const State& s, Seat seat, TileIndex tile);
// The modifiers of the hex `seat` stands in, if it acts on it; all zero otherwise.
const HexModifiers& standing(const State& s, Seat seat);
// The 2D6 score `seat` must roll at most to leave its hex, 0 if it is free to go (§9.6).
int escape_threshold(const State& s, Seat seat);
// The denizen belonging to the hex on `tile`, alive, or -1.
int living_denizen(const State& s, TileIndex home);

}  // namespace spacedock::incursions
