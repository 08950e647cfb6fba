#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "engine/stccg/cards/card_db.h"
#include "spacedock/v1/game.pb.h"

namespace spacedock::stccg::bot {

// The table as the bot's seat sees it, read from its own snapshot and the public card data:
// its cards in play by location and by ship or facility, the missions with the requirements of
// its own end, and its hand. Nothing here comes from the engine's state.

// One of the bot's personnel or equipment cards in play.
struct Member {
  std::uint32_t handle = 0;
  const CardDef* def = nullptr;
  bool stopped = false;
  bool personnel() const { return def->type() == v1::STCCG_CARD_TYPE_PERSONNEL; }
};

// One of the bot's ships or facilities, with who and what is aboard.
struct Vessel {
  std::uint32_t handle = 0;
  const CardDef* def = nullptr;
  bool ship = false;
  bool stopped = false;
  bool cloaked = false;
  int range_left = 0;
  std::vector<Member> aboard;
};

// A spaceline location.
struct Site {
  const CardDef* mission = nullptr;
  const MissionEndDef* end = nullptr;  // the bot's end of the mission
  v1::StccgPlacement placement = v1::STCCG_PLACEMENT_UNSPECIFIED;
  bool mine = false;  // the bot seeded it
  bool completed = false;
  int seeds = 0;
  // Seed cards under it whose identity the bot knows: its own, and those met and put back.
  std::vector<const CardDef*> known_seeds;
  int span = 0;                 // what entering it costs the bot's ships
  std::vector<Vessel> vessels;  // the bot's ships and facilities
  std::vector<Member> surface;  // the bot's cards on the planet
  int opponent_ships = 0;
  bool planet() const { return placement != v1::STCCG_PLACEMENT_SPACE; }
  bool space() const { return placement != v1::STCCG_PLACEMENT_PLANET; }
  bool has_facility() const;
};

// Where one of the bot's cards is.
struct Place {
  enum class Kind : std::uint8_t { kHand, kVessel, kAboard, kSurface, kOther };
  Kind kind = Kind::kOther;
  int site = -1;
  int vessel = -1;  // index in Site::vessels, for kVessel and kAboard
  const CardDef* def = nullptr;
};

struct Board {
  std::uint32_t me = 0;
  int score = 0;
  int opponent_score = 0;
  int draw_left = 0;
  // The affiliations of the bot's facilities and personnel, in play, in hand or to seed.
  AffiliationSet affiliations = 0;
  std::vector<Site> sites;
  std::vector<std::pair<std::uint32_t, const CardDef*>> hand;
  std::unordered_map<std::uint32_t, Place> places;  // the bot's own cards by handle

  const Place* place(std::uint32_t handle) const;
  // The unstopped personnel and the equipment of the bot at a location, wherever they are.
  std::vector<const Member*> ready_at(int site) const;
  // Every personnel and equipment card of the bot in play.
  std::vector<const Member*> everyone() const;
  // Span cost of a move between two locations: the spans of the locations entered.
  int distance(int from, int to) const;
  int home() const;  // the location of the bot's first facility, or -1
};

Board read_board(const v1::GameSnapshot& view);

const CardDef* def_of(const std::string& card_id);

// Whether a group (personnel, with the equipment among them) meets the requirements of the
// bot's end of the mission, with a personnel matching one of its affiliation icons.
bool meets(const Site& site, const std::vector<const Member*>& group,
           const Vessel* vessel = nullptr);
// Whether the group meets the requirements and gets past every dilemma the bot knows is
// waiting under the mission (a wall met before and put back).
bool completes(const Site& site, const std::vector<const Member*>& group,
               const Vessel* vessel = nullptr);
// Whether the personnel of `crew` fill every staffing icon of the ship (§3.3).
bool staffs(const CardDef& ship, const std::vector<const Member*>& crew);
// How close the group is: the best share of the terms of one alternative that hold, 0 to 1.
double progress(const Site& site, const std::vector<const Member*>& group);

// Whether the bot may aim at a mission at all: open, scoring, with one of its affiliations.
bool worth_attempting(const Board& b, const Site& site);

// How much a personnel matters to the bot's missions: skills and attributes.
double personnel_worth(const CardDef& def);

}  // namespace spacedock::stccg::bot
