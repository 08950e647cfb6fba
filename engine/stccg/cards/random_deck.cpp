#include "engine/stccg/cards/random_deck.h"

#include <algorithm>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core/rng.h"
#include "engine/stccg/cards/handlers/handler.h"

namespace spacedock::stccg {
namespace {

constexpr int kMissionsDealt = 6;
constexpr int kSeedCardLimit = 30;
constexpr int kDeckSize = 60;
constexpr int kTentLimit = 13;
// A draw can fail validation (a dual-affiliation card read the wrong way, a card's own copy
// limit); the builder then draws again from the next seed, this many times at most.
constexpr int kDrawAttempts = 64;

bool bears_icon(const CardDef& def, v1::StccgIcon icon) {
  return (def.icons & (1u << icon)) != 0;
}

bool must_seed(const CardDef& def) {
  const auto rule = def.card.seed_rule();
  return rule == v1::STCCG_SEED_RULE_SEEDS || rule == v1::STCCG_SEED_RULE_SEEDS_LIKE_DILEMMA;
}

bool may_seed(const CardDef& def) {
  return def.card.seed_rule() == v1::STCCG_SEED_RULE_SEEDS_OR_PLAYS;
}

// The played cards of the database sorted by what a deck does with them.
struct RandomPool {
  std::vector<DefIndex> missions;
  std::map<Affiliation, std::vector<DefIndex>> outposts;
  std::vector<DefIndex> neutral_facilities;
  std::vector<DefIndex>
      seeds;  // dilemmas, artifacts and the rest seeded under missions or on the table
  std::vector<DefIndex> draws;  // played from the hand (a seed-or-play card is in both lists)
  std::vector<DefIndex> q_continuum;
  std::vector<DefIndex> q_tent;
  std::vector<DefIndex> tactics;
  std::map<v1::StccgSideDeck, std::vector<DefIndex>> doorways;
  std::vector<DefIndex> au_doors;  // doorways admitting the Alternate Universe icon

  explicit RandomPool(const CardDb& db) {
    for (const CardDef& def : db.defs()) {
      if (def.card.test_only() || def.unsupported()) continue;
      sort(def);
    }
  }

 private:
  void sort(const CardDef& def) {
    const DefIndex i = def.index;
    switch (def.type()) {
      case v1::STCCG_CARD_TYPE_MISSION:
        missions.push_back(i);
        return;
      case v1::STCCG_CARD_TYPE_FACILITY:
        if (def.affiliation == Affiliation::kNeutral) {
          neutral_facilities.push_back(i);
        } else if (may_seed(def) || must_seed(def)) {
          outposts[def.affiliation].push_back(i);
        }
        return;
      case v1::STCCG_CARD_TYPE_TACTIC:
        tactics.push_back(i);
        return;
      case v1::STCCG_CARD_TYPE_DOORWAY:
        if (def.card.doorway().opens() != v1::STCCG_SIDE_DECK_UNSPECIFIED) {
          doorways[def.card.doorway().opens()].push_back(i);
          return;
        }
        if (def.card.doorway().admits() == v1::STCCG_ICON_AU) {
          au_doors.push_back(i);
          return;
        }
        break;
      default:
        break;
    }
    if (bears_icon(def, v1::STCCG_ICON_Q)) {
      q_continuum.push_back(i);
      if (def.card.allowed_in_q_tent()) q_tent.push_back(i);
      return;
    }
    if (must_seed(def) || may_seed(def)) seeds.push_back(i);
    if (must_seed(def)) return;
    draws.push_back(i);
    q_tent.push_back(i);
  }
};

class RandomDeckDrawer {
 public:
  RandomDeckDrawer(const CardDb& db, const RandomPool& pool, std::uint64_t seed)
      : db_(db), pool_(pool), rng_(seed) {}

  Deck build() {
    choose_affiliations();
    add_missions();
    add_outposts();
    add_side_decks();
    add_seeds();
    add_draw_deck();
    deck_.name = "random";
    return std::move(deck_);
  }

 private:
  DefIndex pick(const std::vector<DefIndex>& from) {
    return from[rng_.below(static_cast<std::uint32_t>(from.size()))];
  }
  bool chance(std::uint32_t percent) { return rng_.below(100) < percent; }
  int between(int low, int high) {
    return low + static_cast<int>(rng_.below(static_cast<std::uint32_t>(high - low + 1)));
  }

  // One affiliation, or two, among those with an outpost to seed.
  void choose_affiliations() {
    std::vector<Affiliation> candidates;
    for (const auto& [affiliation, outposts] : pool_.outposts)
      candidates.push_back(affiliation);
    if (candidates.empty()) throw std::logic_error("random_deck: no outpost to play");
    rng_.shuffle(std::span<Affiliation>(candidates));
    const std::size_t count = candidates.size() > 1 && chance(30) ? 2 : 1;
    affiliations_.assign(candidates.begin(), candidates.begin() + static_cast<long>(count));
  }

  // Personnel and ships of another affiliation would need its outpost too.
  bool plays_affiliation(const CardDef& def) const {
    if (def.type() != v1::STCCG_CARD_TYPE_PERSONNEL && def.type() != v1::STCCG_CARD_TYPE_SHIP)
      return true;
    const AffiliationSet readings =
        def.type() == v1::STCCG_CARD_TYPE_PERSONNEL ? def.affiliations : bit(def.affiliation);
    if (readings == 0 || (readings & bit(Affiliation::kNonAligned)) != 0) return true;
    for (Affiliation a : affiliations_) {
      if ((readings & bit(a)) != 0) return true;
    }
    return false;
  }

  void add_missions() {
    std::vector<DefIndex> missions = pool_.missions;
    rng_.shuffle(std::span<DefIndex>(missions));
    for (DefIndex m : missions) {
      if (halves(db_.def(m)) != 2) continue;  // half-card missions would leave an odd count
      seed(m);
      if (++missions_ == kMissionsDealt) return;
    }
    throw std::logic_error("random_deck: fewer than six missions to play");
  }

  void add_outposts() {
    for (Affiliation a : affiliations_)
      seed(pick(pool_.outposts.at(a)));
  }

  // Each side deck now and then, with a doorway to open it.
  void add_side_decks() {
    if (!pool_.q_continuum.empty() && open_side_deck(v1::STCCG_SIDE_DECK_Q_CONTINUUM, 35)) {
      for (int n = between(8, 20); n > 0; --n)
        deck_.q_continuum.push_back(pick(pool_.q_continuum));
    }
    if (!pool_.q_tent.empty() && open_side_deck(v1::STCCG_SIDE_DECK_Q_TENT, 25)) {
      std::vector<DefIndex> tent = pool_.q_tent;
      rng_.shuffle(std::span<DefIndex>(tent));
      tent.resize(
          std::min<std::size_t>(tent.size(), static_cast<std::size_t>(between(4, kTentLimit))));
      deck_.q_tent = std::move(tent);
    }
    if (!pool_.tactics.empty() && open_side_deck(v1::STCCG_SIDE_DECK_BATTLE_BRIDGE, 35)) {
      for (int n = between(8, 20); n > 0; --n)
        deck_.battle_bridge.push_back(pick(pool_.tactics));
    }
  }

  bool open_side_deck(v1::StccgSideDeck side, std::uint32_t percent) {
    const auto doorways = pool_.doorways.find(side);
    if (doorways == pool_.doorways.end() || !chance(percent)) return false;
    seed(pick(doorways->second));
    return true;
  }

  // Dilemmas, artifacts and the other seed cards up to a random share of the 30 seed cards; an
  // Alternate Universe Door most of the time, so that cards bearing the icon can be played.
  void add_seeds() {
    if (!pool_.au_doors.empty() && chance(60)) seed(pick(pool_.au_doors));
    const int target = between(seed_halves_ / 2 + 6, kSeedCardLimit);
    while (seed_halves_ / 2 < target) {
      const DefIndex card = pick(pool_.seeds);
      if (seed_halves_ + halves(db_.def(card)) > 2 * kSeedCardLimit) break;
      seed(card);
      hold_under(db_.def(card));
    }
  }

  // A seed card that holds others (a Cryosatellite) gets a few of them, as room allows: personnel
  // of the deck's affiliations it may hold, seeded under it (Deck::seeded).
  void hold_under(const CardDef& holder) {
    const Handler* handler = holder.handler;
    if (!handler || !handler->holds_seed) return;
    std::vector<DefIndex> held;
    for (DefIndex i : pool_.draws) {
      const CardDef& def = db_.def(i);
      if (plays_affiliation(def) && handler->holds_seed(def)) held.push_back(i);
    }
    if (held.empty()) return;
    for (int n = between(0, handler->seeds_held); n > 0; --n) {
      const DefIndex card = pick(held);
      if (seed_halves_ + halves(db_.def(card)) > 2 * kSeedCardLimit) return;
      seed(card);
      deck_.seeded.push_back(card);
    }
  }

  // Personnel and ships of the deck's affiliations (or none), then the rest, to 60 cards.
  void add_draw_deck() {
    std::vector<DefIndex> people;
    std::vector<DefIndex> ships;
    std::vector<DefIndex> others;
    for (DefIndex i : pool_.draws) {
      const CardDef& def = db_.def(i);
      if (!plays_affiliation(def)) continue;
      if (def.type() == v1::STCCG_CARD_TYPE_PERSONNEL) {
        people.push_back(i);
      } else if (def.type() == v1::STCCG_CARD_TYPE_SHIP) {
        ships.push_back(i);
      } else if (def.type() != v1::STCCG_CARD_TYPE_FACILITY) {
        others.push_back(i);
      }
    }
    while (total_halves_ < 2 * kDeckSize) {
      const std::uint32_t roll = rng_.below(100);
      const std::vector<DefIndex>& from = roll < 45 ? people : roll < 60 ? ships : others;
      if (from.empty()) continue;
      const DefIndex card = pick(from);
      if (total_halves_ + halves(db_.def(card)) > 2 * kDeckSize) continue;
      draw(card);
    }
  }

  void seed(DefIndex card) {
    deck_.cards.push_back(card);
    seed_halves_ += halves(db_.def(card));
    total_halves_ += halves(db_.def(card));
  }
  void draw(DefIndex card) {
    deck_.cards.push_back(card);
    if (may_seed(db_.def(card))) deck_.stocked.push_back(card);
    total_halves_ += halves(db_.def(card));
  }
  static int halves(const CardDef& def) { return def.card.half_card() ? 1 : 2; }

  const CardDb& db_;
  const RandomPool& pool_;
  core::Rng rng_;
  Deck deck_;
  std::vector<Affiliation> affiliations_;
  int missions_ = 0;
  int seed_halves_ = 0;
  int total_halves_ = 0;
};

}  // namespace

Deck random_deck(const CardDb& db, std::uint64_t seed) {
  // The standard database's pool is sorted once: a benchmark draws two decks every game.
  const auto standard_pool = []() -> const RandomPool& {
    static const RandomPool pool(CardDb::standard());
    return pool;
  };
  std::optional<RandomPool> own_pool;
  const RandomPool& pool = &db == &CardDb::standard() ? standard_pool() : own_pool.emplace(db);
  for (int attempt = 0; attempt < kDrawAttempts; ++attempt) {
    Deck deck =
        RandomDeckDrawer(db, pool, seed + static_cast<std::uint64_t>(attempt) * 0x9e3779b97f4a7c15)
            .build();
    if (validate_deck(deck, db).empty()) return deck;
  }
  throw std::logic_error("random_deck: no legal deck in " + std::to_string(kDrawAttempts) +
                         " draws from seed " + std::to_string(seed));
}

}  // namespace spacedock::stccg
