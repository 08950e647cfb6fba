#pragma once

// A Revolving Door in play moved onto another doorway (Wrong Door's third use, handlers/
// title_nullifiers.cpp); the Revolving Door itself is handlers/au_events.cpp's.
#include <vector>

#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers::au_events {

// Whether `c` is a Revolving Door in play.
bool revolving_door_in_play(const Engine& e, CardId c);
// The doorways `revolving` may be moved onto: those it may be played on, but its own.
std::vector<CardId> revolving_door_moves(const Engine& e, CardId revolving);
// Moves it onto `to`, as it is: face up (closing its doorway) it closes `to` instead.
void move_revolving_door(Engine& e, CardId revolving, CardId to);

}  // namespace spacedock::stccg::handlers::au_events
