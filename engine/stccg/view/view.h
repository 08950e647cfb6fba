#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "engine/core/seat_names.h"
#include "engine/core/viewer.h"
#include "engine/stccg/game.h"
#include "spacedock/v1/game.pb.h"

namespace spacedock::stccg {

using core::SeatNames;

// The projections: the only way a game leaves the engine. Each shows exactly what the viewer may
// know (§1.5): a judge sees everything; anyone else sees a card's identity when everyone may, or
// when the card is theirs (its owner's, or in play its controller's) and its owner may see it
// where it is. Hidden cards are still counted where their number is public.
void project_view(const Game& game, core::Viewer viewer, v1::StccgView* out);
// Every event is visible to everyone; only the identities in it depend on the viewer.
void project_event(const Game& game, std::size_t index, core::Viewer viewer, const SeatNames& names,
                   v1::GameEvent* out);
// The open decision, for the seat that owes it.
void project_prompt(const Game& game, const SeatNames& names, v1::DecisionPrompt* out);

// Shared by the projections.
// Whether the viewer may know which card `c` is, where it is now.
bool may_see(const Game& game, CardId c, core::Viewer viewer);
// The card's identity (id, title, type), without its handle or owner.
void identity_to_proto(const State& s, CardId c, v1::StccgCardRef* out);
// The card as the viewer may know it now: its owner, and its handle and identity or nothing.
void ref_to_proto(const Game& game, CardId c, core::Viewer viewer, v1::StccgCardRef* out);
// The title of the mission at a spaceline location.
const std::string& mission_title(const State& s, LocIndex loc);

}  // namespace spacedock::stccg
