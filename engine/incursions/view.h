#pragma once

#include <string>
#include <vector>

#include "engine/core/seat_names.h"
#include "engine/core/viewer.h"
#include "engine/incursions/game.h"
#include "spacedock/v1/game.pb.h"

namespace spacedock::incursions {

using core::SeatNames;

// The projections: the only way an Incursions game leaves the engine. Each shows exactly what
// the viewer may know (§20): everything but the hexpiles' order, which nobody sees but a judge,
// and their contents, which only a pile's sole contributor sees.
void project_view(const Game& game, core::Viewer viewer, v1::IncursionsView* out);
// False when the viewer may not see the event.
bool project_event(const Game& game, std::size_t index, core::Viewer viewer, const SeatNames& names,
                   v1::GameEvent* out);
// The open decision, for the seat that owes it.
void project_prompt(const Game& game, const SeatNames& names, v1::DecisionPrompt* out);

// Shared by the projections.
v1::HexCoord to_proto(Coord c);
void tile_to_proto(const State& s, TileIndex index, v1::IncursionsTile* out);
std::string describe_coord(Coord c);
v1::IncursionsWeaponSlot slot_of(Weapon w);
// The hit being resolved (State::hit).
void hit_to_proto(const State& s, v1::IncursionsHit* out);
void denizen_to_proto(const State& s, std::size_t index, v1::IncursionsDenizen* out);
// A card instance, for viewers who may see it.
void card_to_proto(const State& s, CardId card, v1::IncursionsCardInstance* out);
// An action, as `actor` would take it.
void action_to_proto(const State& s, Seat actor, const Action& a, v1::IncursionsAction* out);
void declaration_to_proto(const State& s, const Declaration& d, v1::IncursionsDeclaration* out);

}  // namespace spacedock::incursions
