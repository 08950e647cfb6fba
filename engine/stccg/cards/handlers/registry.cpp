// The one place that knows every native handler: a card's `native` name is looked up here when
// the card database loads. Handlers live one family to a file beside this one.
#include <algorithm>
#include <array>

#include "engine/stccg/cards/handlers/handler.h"

namespace spacedock::stccg {
namespace handlers {

// artifacts.cpp
extern const Handler kRessikanFlute;
// countdowns.cpp
extern const Handler kBirthOfJunior, kTestCrossfire;
// dilemma_choices.cpp
extern const Handler kEdoProbe, kPortalGuard, kRebelEncounter, kTarellianPlagueShip;
// random_selection.cpp
extern const Handler kHunterGangs;
// walls.cpp
extern const Handler kAlienLabyrinth;

}  // namespace handlers

namespace {

const std::array kHandlers = {
    &handlers::kAlienLabyrinth, &handlers::kBirthOfJunior,       &handlers::kEdoProbe,
    &handlers::kHunterGangs,    &handlers::kPortalGuard,         &handlers::kRebelEncounter,
    &handlers::kRessikanFlute,  &handlers::kTarellianPlagueShip, &handlers::kTestCrossfire,
};

}  // namespace

const Handler* find_handler(std::string_view name) {
  const auto it = std::find_if(kHandlers.begin(), kHandlers.end(),
                               [&](const Handler* h) { return h->name == name; });
  return it == kHandlers.end() ? nullptr : *it;
}

std::span<const Handler* const> all_handlers() {
  return kHandlers;
}

}  // namespace spacedock::stccg
