#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/core/decision.h"
#include "engine/core/rng.h"
#include "engine/incursions/action.h"
#include "engine/incursions/board.h"
#include "engine/incursions/content.h"
#include "engine/incursions/events.h"
#include "spacedock/v1/incursions.pb.h"

namespace spacedock::incursions {

template <class T, std::size_t N = kPositions>
constexpr std::array<T, N> filled(T value) {
  std::array<T, N> out;
  out.fill(value);
  return out;
}

inline constexpr int kMinPlayers = 2;
inline constexpr int kMaxPlayers = 6;
inline constexpr int kPowerCards = 4;
inline constexpr int kBaseManeuvers = 2;
inline constexpr int kMaxManeuvers = 4;  // never more in one turn (§4.3)
inline constexpr int kMaxDiverted = 8;
inline constexpr int kMaxTravel = 16;
// Loop guard: a game that needs more decisions than this ends as a work-cap abort.
inline constexpr std::uint32_t kMaxDecisionsPerGame = 200000;

// A vessel's Warp Power cards by state (§6.1), plus virtual Pwr from diverted shields (§6.4).
struct Power {
  std::uint8_t up = kPowerCards;
  std::uint8_t spent = 0;
  std::uint8_t cloak = 0;    // allocated to the cloak
  std::uint8_t tractor = 0;  // allocated to a tractor beam
  std::uint8_t diverted = 0;
  std::uint8_t out = 0;      // out of play while the vessel stays in a hex that takes them (§17.3)
  std::uint8_t claimed = 0;  // out of play under a card in front of the vessel (Pardus Claw)

  int available() const { return up + diverted; }
};

// A card instance: a captain, crew or game card. Cards keep their owner (who brought them)
// wherever they go (§1).
using CardId = std::uint16_t;
inline constexpr CardId kNoCard = 0xffff;

struct Card {
  CardIndex def = 0;
  Seat owner = kNoSeat;
  bool face_up = true;
  bool assimilated = false;  // serves the Borg and counts as race BORG (§13.3)
  bool gathered = false;     // taken by espionage: usable whatever its race limitation (§18)
};

inline constexpr int kOpeningHand = 5;
inline constexpr int kHandLimit = 10;

// A game card tabled outside the officer positions (§14.2): equipment, a card in front of a
// target, a card for the round.
struct Tabled {
  CardId card = kNoCard;
  Seat controller = kNoSeat;  // it counts against this player's rarity limits (A58)
  Seat on = kNoSeat;          // the vessel it sits in front of
  std::uint16_t since = 0;    // State::maneuvers_declared when tabled: active after (§5.2)
  std::int16_t life = 0;      // a shuttle tabled as armour: the LP it has left (§11.3)
  std::uint8_t locks = 0;     // a Sabotage: the weapon system (Weapon + 1) `on` may not use
};

// What a declaration is (§5.5: "any declaration (maneuver, command, card)").
enum class Declared : std::uint8_t {
  kManeuver,    // a maneuver with its attached cards, or a Countermand answering a declaration
  kCrew,        // a crew card tabled from the hand, free (§14.3)
  kHitAnswer,   // a defense card, Event Block or Countermand the hit's target played (A28)
  kEventBlock,  // Event Block against a hex's blow before it is rolled (T48)
  kEscape,      // a Shuttle craft played as its player's vessel is destroyed (§11.4)
};

// A declaration open to responses (§5.5): a maneuver with its attached cards, or a card played
// on its own.
struct Declaration {
  Seat seat = kNoSeat;
  Action action;
  std::vector<CardId> cards;
  Seat asked = kNoSeat;  // the last seat offered a window; the declarer before the first
  Declared what = Declared::kManeuver;

  // A card against a blow on its player, rolled or not (IncursionsDeclaration.answers_hit).
  bool answers_hit() const { return what == Declared::kHitAnswer || what == Declared::kEventBlock; }
};

struct Vessel {
  ShipIndex ship = 0;  // the ship card, or the craft the player escaped in (§11.4)
  v1::Race race = v1::RACE_UNSPECIFIED;  // its make: a craft keeps its parent ship's
  CardId craft = kNoCard;                // the card of that craft
  TileIndex tile = 0;
  std::int16_t hull = 0;
  std::int16_t shields = 0;
  Power power;
  bool aux = true;
  bool cloaked = false;
  bool sweep = false;
  bool eliminated = false;
  Seat holding = kNoSeat;  // the vessel this one holds in a tractor beam
  std::uint8_t beam = 0;   // that beam's strength
  std::array<CardId, kPositions> officers = filled(kNoCard);  // by position; 0 is the captain
  // Hex events (EVENTS and FULL modes).
  bool stayed = false;        // on this tile since its turn began: the remain trigger (§4.4)
  std::uint8_t layer = 0;     // what is left of a hex's temporary shield layer (§9.5)
  std::uint8_t impulse = 0;   // free hexes for its next warp (Collective Impulse)
  bool impulse_aged = false;  // the impulse has lasted into a turn of this vessel's already
};

// Denizen ids (index + 1) are 8-bit; objects are refused a record past this many.
inline constexpr std::size_t kMaxDenizens = 250;

// A hex's monster or station (§10). Kept after it dies, so that indices stay stable and the hex
// knows its denizen may spawn again.
// An object a card placed in a hex (§11.1) is kept here too: it acts like a denizen of its
// tile, but belongs to the card rather than to the hex; a new object takes over the record of
// one destroyed or recovered.
struct Denizen {
  TileIndex home = 0;  // the hex it belongs to
  TileIndex tile = 0;  // where it is: a dominated denizen may move (§4.6)
  std::int16_t life = 0;
  bool alive = false;
  Seat dominated_by = kNoSeat;
  CardId card = kNoCard;          // a placed object: the card that placed it
  Seat owner = kNoSeat;           // a placed object: its placer, whom it never harms
  std::uint16_t placed_turn = 0;  // a placed object: armed from the next turn on (§11.1)

  bool placed() const { return card != kNoCard; }
};

// A player's cards off the vessel.
struct Zones {
  std::vector<CardId> discard;         // face up, oldest first
  std::vector<CardId> extra_captains;  // assimilated captains kept without bonuses (A39)
  std::vector<CardId> hand;            // FULL; in the order the cards came
  std::vector<CardId> deck;            // FULL; face down, the top is the back
};

struct Mine {
  TileIndex tile = 0;
  Seat owner = kNoSeat;
  std::uint8_t dice = 1;
  std::int8_t flat = 0;
  std::uint16_t laid_turn = 0;  // armed from the next turn on
  CardId card = kNoCard;        // the card it was laid with (Large Mines), discarded when used
};

struct PileHex {
  HexIndex hex = 0;
  Seat owner = kNoSeat;
};

// A face-down hexpile; the top is the back of `hexes`.
struct Pile {
  Seat owner = kNoSeat;  // kNoSeat: the shared pile
  std::uint16_t hexpoints = 0;
  std::vector<PileHex> hexes;
};

// What the open decision is about.
enum class Step : std::uint8_t {
  kNone,
  kCut,
  kKeepCloak,
  kKeepTractor,
  kManeuver,
  kDefend,
  kTractorLock,
  kAbsorb,
  kEventRepair,   // a hex's repair: hull or shields?
  kRespond,       // FULL: a window to answer the top declaration (§5.5)
  kDiscard,       // FULL: down to the hand limit (§4.5)
  kSearchDeck,    // FULL: take a card of your deck
  kTakeFromHand,  // FULL: take a card of State::taking_from's hand
  kEscape,        // FULL: the decider's vessel is destroyed: escape in a shuttle? (§11.4)
  kBlockEvent,    // FULL: the decider's hex is about to strike it: block it before the roll?
  kSabotage,      // FULL: which of State::sabotaged's equipment does the decider turn down?
  kReward,        // FULL: the decider's kill reward: spent Pwr face up, or cards? (§10.4)
};

// A hit being resolved: an attack, or a mine going off (automatic: no evasion, no defense slot).
struct Hit {
  Seat attacker = kNoSeat;  // kNoSeat: a hex event or a denizen
  Seat target = kNoSeat;
  std::uint8_t officer = 0;  // position + 1 of the officer aimed at; 0: the vessel
  std::uint8_t denizen = 0;  // index + 1 of the attacking denizen; 0: none
  Weapon weapon = Weapon::kW1;
  bool automatic = false;
  std::int16_t damage = 0;
  bool evasion_open = true;
  bool evaded = false;
  std::uint8_t shield_power = 0;
  bool repair_chosen = false;  // the Defense slot is used (A07)
  std::uint8_t repair_system = 0;
  std::uint8_t repair_power = 0;
  std::uint8_t card_absorb = 0;  // a defense card's absorption (Reinforce Shields)
  std::uint8_t card_repair = 0;  // a defense card's repair after the hit (Repair Crew)
  bool blocked = false;          // an Event Block cancelled it: nothing is left to answer
};

// A tractor beam waiting for the target's answer (§12.2 initial lock).
struct PendingLock {
  Seat holder = kNoSeat;
  Seat target = kNoSeat;
  std::uint8_t strength = 0;
};

// A move in progress; it can pause for mines on the way.
struct Travel {
  Seat mover = kNoSeat;
  Seat towed = kNoSeat;  // dragged along by the mover's tractor beam
  std::uint8_t length = 0;
  std::uint8_t next = 0;
  std::uint8_t power = 0;  // Pwr paid for the move, reported with its first leg
  TileIndex from = 0;      // where the current leg started
  std::array<TileIndex, kMaxTravel> path{};
};

// Work queued while resolving something that may stop for decisions. Runs last in, first out.
struct Task {
  enum class Kind : std::uint8_t {
    kTravelStep,
    kDetonate,
    kArrive,
    kRemain,         // the remain trigger of `seat` on `tile` (§4.4)
    kEndTurn,        // after the remain trigger
    kEventDamage,    // the hex's automatic damage to `seat`
    kDenizenAttack,  // denizen `index` attacks `seat`
    kWormhole,       // `seat` rolls at the wormhole on `tile`
    kDraw,           // FULL: `seat`'s draw step (§4.2)
    kKillReward,     // `seat` destroyed a denizen or a placed object (§10.4)
    kResumeHit,      // `seat`, the hit's target, answers on after its card's windows (§5.5)
  };
  Kind kind = Kind::kTravelStep;
  Seat seat = kNoSeat;  // kDetonate: the victim; kArrive: the arriving vessel
  TileIndex tile = 0;
  Seat owner = kNoSeat;    // kDetonate: the mine's owner
  std::uint8_t index = 0;  // kDenizenAttack: the denizen
};

// The §23 readings a match may switch (v1::IncursionsRuleOptions); false is the default.
struct RuleOptions {
  bool red_alert_costs_maneuver = false;     // A10
  bool round_cards_until_round_end = false;  // A11
  bool cloak_sight_only = false;             // A14
  bool timestorm_every_arrival = false;      // A20
  bool gather_intelligence_blind = false;    // A27
  bool spacestation_flat_damage = false;     // A44
  bool torpedo_one_choice = false;           // A09
  bool range_over_tiles = false;             // A49
};

// Match options with defaults applied.
struct Options {
  int players = 2;
  v1::IncursionsMode mode = v1::INCURSIONS_MODE_BASIC;
  v1::HexpileMode hexpile_mode = v1::HEXPILE_MODE_PER_PLAYER;
  v1::MineLimit mine_limit = v1::MINE_LIMIT_PER_PLAYER;
  int turn_cap = 100;
  int hexpoint_budget = 30;
  RuleOptions rules;
};

// The complete state of an Incursions game: a plain value, copied for snapshots and look-ahead.
struct State {
  const Content* content = nullptr;
  Options options;
  core::Rng rng;

  std::uint8_t players = 0;
  std::array<Vessel, kMaxPlayers> vessels{};
  std::vector<Card> cards;
  std::array<Zones, kMaxPlayers> zones{};
  std::vector<Pile> piles;
  Board board;
  std::vector<Mine> mines;

  // Turn structure.
  Seat active = 0;
  Seat starting = 0;
  std::uint16_t round = 0;
  std::uint16_t turn = 0;
  std::uint8_t maneuvers_used = 0;
  std::uint8_t maneuvers_allowed = kBaseManeuvers;
  std::uint8_t cuts_done = 0;

  // What is being resolved.
  Step step = Step::kNone;
  core::Decision decision;
  std::uint32_t decisions_made = 0;
  Hit hit;
  PendingLock lock;
  Travel travel;
  std::vector<Task> tasks;
  bool remain_resolved = false;  // this turn's remain trigger has run (or been queued)

  // Hex events (EVENTS and FULL modes).
  std::vector<Denizen> denizens;
  std::vector<HexIndex> uniques_fired;  // unique events fire once per game per hex (§9.5)
  std::uint8_t event_repair = 0;        // points of the pending kEventRepair
  std::uint8_t domination_off = 0;      // bit per seat: gave up its domination slots

  // Game cards (FULL mode).
  std::vector<Tabled> tabled;
  std::vector<CardId> attached;          // to the active player's next maneuver (§5.2-§5.3)
  std::vector<CardId> committed;         // the cards of the maneuver being resolved
  std::vector<Declaration> responses;    // open to responses, the newest last (§5.5)
  std::uint16_t maneuvers_declared = 0;  // in the whole game
  Seat taking_from = kNoSeat;            // whose hand kTakeFromHand takes from
  Seat sabotaged = kNoSeat;              // whose equipment kSabotage turns face down

  // The end.
  bool time_called = false;  // scored once the resolution under way is finished (A52)
  bool over = false;
  std::uint8_t winners = 0;  // bit per seat
  v1::ResultReason reason = v1::RESULT_REASON_UNSPECIFIED;

  std::vector<Event> events;

  const ShipDef& ship(Seat seat) const { return content->ship(vessels[seat].ship); }
  v1::Race race(Seat seat) const { return vessels[seat].race; }
  const CardDef& def(CardId card) const { return content->card(cards[card].def); }
  // A denizen's figures: its home hex's, or its card's for a placed object.
  const DenizenDef& def(const Denizen& d) const {
    if (d.placed()) return *def(d.card).effect.placed;
    return *content->hex(board.tile(d.home).hex).event.denizen;
  }
  // The officer in a position of a seat's vessel, or kNoCard.
  CardId officer(Seat seat, int position) const {
    return vessels[seat].officers[static_cast<std::size_t>(position)];
  }
  Coord position(Seat seat) const { return board.tile(vessels[seat].tile).coord; }
  bool in_game(Seat seat) const { return seat < players && !vessels[seat].eliminated; }
  bool events_on() const {
    return options.mode == v1::INCURSIONS_MODE_EVENTS || options.mode == v1::INCURSIONS_MODE_FULL;
  }
  bool full() const { return options.mode == v1::INCURSIONS_MODE_FULL; }
  // Whether a tabled card has taken effect: from the maneuver after its own (§5.2), so also
  // while that next maneuver is being chosen; never while turned face down (§13.4).
  bool in_effect(const Tabled& t) const {
    if (!cards[t.card].face_up) return false;
    return maneuvers_declared > t.since || (step == Step::kManeuver && responses.empty());
  }
  Pile& pile_for(Seat explorer);
  const Pile& pile_for(Seat explorer) const;

  std::uint64_t hash() const;
};

// A position for rules scenarios: a start tile at (0, 0), the given ships on it at full strength
// with 4 Pwr up and AUX, empty hexpiles, seat 0 to move with 2 maneuvers. Edit it, add tiles
// with add_tile, table officers with add_officer, then start play with Game::from_position.
State make_position(const Content& content, std::initializer_list<std::string_view> ship_ids);
TileIndex add_tile(State& state, Coord coord, std::string_view hex_id, Seat owner = 0);
// Tables a captain or crew card (by id) on a seat's vessel, in its own position or, for a crew
// card standing in, as captain; shield bonuses raise the maximum and the current shields.
CardId add_officer(State& state, Seat seat, std::string_view card_id, bool as_captain = false);
// Gives a seat a game or crew card (by id): into its hand, or under its deck (so cards added in
// order are drawn in that order). Turns the position into a FULL game.
CardId add_card(State& state, Seat seat, std::string_view card_id, bool to_deck = false);

}  // namespace spacedock::incursions
