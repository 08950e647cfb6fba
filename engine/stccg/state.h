#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <optional>
#include <variant>
#include <vector>

#include "engine/core/decision.h"
#include "engine/core/rng.h"
#include "engine/stccg/card_db.h"
#include "engine/stccg/events.h"
#include "engine/stccg/ids.h"

namespace spacedock::stccg {

inline constexpr int kPlayers = 2;
inline constexpr int kOpeningHand = 7;
inline constexpr int kWinningScore = 100;
// Loop guard: a game needing more decisions than this ends as a work-cap abort.
inline constexpr std::uint32_t kMaxDecisionsPerGame = 100000;
inline constexpr std::uint32_t kMaxStepsPerDecision = 1000000;

struct CardState {
  DefIndex def = 0;
  Seat owner = 0;
  // Who uses it while in play (an earned artifact), or whose bonus area holds it; else the owner.
  Seat controller = 0;
  Zone zone = Zone::kDrawDeck;
  Where where = Where::kNone;
  LocIndex loc = kNoLoc;
  CardId host = kNoCard;
  // What clients call the card: unguessable, and replaced whenever the card moves between
  // hidden and public places, so a face-down card cannot be followed.
  std::uint32_t handle = 0;
  bool stopped = false;
  // Shown to the opponent while in a place that is normally hidden (a crew, an Away Team).
  bool exposed = false;
  // Ships: RANGE spent this turn.
  std::uint8_t range_used = 0;
  // Ships: RANGE lost for good (Birth of "Junior").
  std::uint8_t range_lost = 0;
  // Ships: rotation damage taken (a second hit destroys), and full turns spent docked since.
  bool damaged = false;
  bool docked_all_turn = false;
  std::uint8_t repair_turns = 0;
  // Edo Probe: players (bits) who abandoned the mission rather than face it.
  std::uint8_t abandoned_by = 0;
  // Cards whose value is live (Ressikan Flute): the points they currently give.
  std::int16_t live_points = 0;
};

struct Location {
  CardId mission = kNoCard;
  Seat seeder = 0;
  // Face-down seed cards; the front is encountered first.
  std::vector<CardId> seeds;
  Seat completed_by = kNoSeat;
};

struct PlayerState {
  std::vector<CardId> seed_pile;  // seed cards not seeded yet
  std::vector<CardId> draw;       // the top is the back
  std::vector<CardId> hand;
  std::vector<CardId> discard;  // the top is the back
  int score = 0;
  // This turn: the one normal card play was made, or orders have begun (which forfeits it).
  bool card_played = false;
  bool orders_begun = false;
  bool seeded_outpost = false;
  // Edo Probe: a mission this player abandoned may not be attempted until another is completed.
  LocIndex blocked_mission = kNoLoc;

  // The player's list of cards in `zone` (seed pile, draw deck, hand, discard pile); nullptr
  // for the zones without one.
  std::vector<CardId>* pile(Zone zone) {
    switch (zone) {
      case Zone::kSeedPile:
        return &seed_pile;
      case Zone::kDrawDeck:
        return &draw;
      case Zone::kHand:
        return &hand;
      case Zone::kDiscard:
        return &discard;
      default:
        return nullptr;
    }
  }
};

// Rule profile: where the rules documents leave a choice, the reading is an option.
struct Options {
  // A COMMAND personnel may fill a STAFF staffing icon.
  bool command_fills_staff = true;
  // Personnel in an Away Team on a planet are hidden from the opponent like a crew.
  bool hidden_away_teams = true;
};

// --- The timing engine: frames of work, resolved last in, first out. ---

// The seeding phase's four steps (§1.3), each alternating until both players pass in a row.
struct SeedFrame {
  enum class Step : std::uint8_t { kDoorways, kMissions, kDilemmas, kFacilities, kCleanup };
  Step step = Step::kDoorways;
  Seat next = 0;
  std::uint8_t passes = 0;
};

// One turn (§1.4): start, card play and orders, end, draw.
struct TurnFrame {
  enum class Step : std::uint8_t { kStart, kOrders, kEnd, kDraw };
  Step step = Step::kStart;
};

// An announced action: it waits for responses, then resolves, then its responses resolve in
// the order they were announced (§3.16).
struct ActionFrame {
  enum class Step : std::uint8_t { kAnnounced, kResolving, kResponses };
  ActionFrame(Action a, Seat by, Step from = Step::kAnnounced) : action(a), actor(by), step(from) {}
  Action action;
  Seat actor = 0;
  Step step = Step::kAnnounced;
  // Responses announced to this action, resolved after it (FIFO).
  std::vector<std::pair<Seat, Action>> responses;
  std::uint8_t next_response = 0;
};

// A response window: players in turn may announce responses until both pass in a row.
struct WindowFrame {
  static constexpr std::uint16_t kNoCollector = 0xffff;
  Seat asking = 0;
  std::uint8_t passes = 0;
  // 1 when only the first player is asked before the window closes (after an announcement the
  // actor has just acted); 2 when both must pass (between dilemmas).
  std::uint8_t passes_to_close = 2;
  // The action frame collecting responses, as an index into the frame stack; none between dilemmas.
  std::uint16_t collector = kNoCollector;
};

// A mission attempt (§3.8) and the dilemmas met in it (§3.9).
struct AttemptFrame {
  LocIndex loc = kNoLoc;
  Seat player = 0;
  CardId vessel = kNoCard;  // the ship or facility attempting a space mission
  std::vector<CardId> members;
  enum class Step : std::uint8_t { kReveal, kResolve, kBetween, kRequirements };
  Step step = Step::kReveal;
  std::size_t cursor = 0;     // the next seed card to meet, as an index into the stack
  CardId current = kNoCard;   // the seed card being resolved
  std::vector<DefIndex> met;  // cards met this attempt, for duplicates
  bool stopped = false;
  bool abandoned = false;  // Edo Probe: the group goes no further here
  // How far the current dilemma got, so that it can pause for a choice and resume.
  std::uint8_t sub = 0;
  std::uint8_t effect = 0;
  std::uint8_t picked = 0;
  bool scored = false;  // it scored points: it goes to the bonus area
};

using Frame = std::variant<SeedFrame, TurnFrame, ActionFrame, WindowFrame, AttemptFrame>;

// The complete state of a game: a plain value.
struct State {
  const CardDb* db = nullptr;
  Options options;
  core::Rng rng;
  std::uint64_t handle_key = 0;
  std::uint32_t handle_counter = 0;

  std::vector<CardState> cards;
  std::vector<CardId> in_play;  // cards in Zone::kPlay, in the order they entered
  std::array<PlayerState, kPlayers> players;
  std::vector<Location> spaceline;

  Seat first_seeder = 0;
  Seat active = 0;
  std::uint16_t turn = 0;

  std::deque<Frame> frames;  // a deque: pushing a frame leaves references to the others valid
  core::Decision decision;
  std::vector<Action> offered;  // the actions behind decision.options, index for index
  bool decision_open = false;
  std::optional<Action> answer;
  std::uint32_t decisions_made = 0;

  bool over = false;
  std::uint8_t winners = 0;
  v1::ResultReason reason = v1::RESULT_REASON_UNSPECIFIED;

  std::vector<Event> events;
  std::size_t events_checked = 0;  // state-based checks have seen the events before this one

  const CardDef& def(CardId c) const { return db->def(cards[c].def); }
  bool in_play_at(CardId c) const { return c < cards.size() && cards[c].zone == Zone::kPlay; }
  static Seat other(Seat s) { return static_cast<Seat>(1 - s); }

  std::uint64_t hash() const;
};

}  // namespace spacedock::stccg
