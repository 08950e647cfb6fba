#pragma once

#include <span>
#include <string_view>

#include "engine/stccg/state/ids.h"

namespace spacedock::stccg {

class Engine;
struct AttemptFrame;

// What a card's native handler adds to what its data says (cards/ABILITIES.md §0.4). Every hook
// is optional; each is called by the rule that owns that moment of the game. A card names its
// handler in its `native` field, and the card database resolves the name when it loads.
struct Handler {
  std::string_view name;
  // The scenario file or test that shows the handler at work (tests/scenarios/...).
  std::string_view test;

  // Meeting the card in a mission attempt (a dilemma): resolves it instead of the standard
  // procedure of §3.9, which the handler may still call for what its data describes.
  void (*encounter)(Engine&, AttemptFrame&) = nullptr;
  // Another way, besides the card's condition, for the group to overcome it.
  bool (*also_overcome)(const Engine&, const AttemptFrame&) = nullptr;
  // At the end of every turn, for each copy in play (countdowns).
  void (*end_of_turn)(Engine&, CardId self) = nullptr;
  // The points it is worth to its controller now, for a card whose value is live.
  int (*live_points)(const Engine&, CardId self) = nullptr;

  // Words for the choices it asks for, shown to players.
  std::string_view question;      // a yes-or-no decision
  std::string_view yes_label;
  std::string_view no_label;
  std::string_view choose_label;  // a choice of cards
};

// The handler of that name (registry.cpp), or nullptr.
const Handler* find_handler(std::string_view name);
// Every handler, in the order of the registry.
std::span<const Handler* const> all_handlers();

}  // namespace spacedock::stccg
