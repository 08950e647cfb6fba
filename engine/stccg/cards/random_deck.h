#pragma once

#include <cstdint>
#include <string_view>

#include "engine/stccg/cards/deck.h"

namespace spacedock::stccg {

// A legal deck drawn at random from every card the engine plays (not a fixture, not marked
// unsupported): one or two affiliations with their outposts, six missions, dilemmas and
// artifacts to seed, a draw deck of personnel, ships and the rest, and now and then each side
// deck with its doorway. The same seed always gives the same deck. Benchmarks, bots and the
// property tests play these so that any legal deck is exercised, not only the samples.
Deck random_deck(const CardDb& db, std::uint64_t seed);

// The sample deck name (StccgSeatOptions.sample_deck) that asks for a random legal deck, drawn
// from the match's seed.
inline constexpr std::string_view kRandomDeckName = "random";

}  // namespace spacedock::stccg
