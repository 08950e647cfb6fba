#pragma once

#include <array>
#include <bitset>
#include <boost/container/deque.hpp>
#include <boost/container/options.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/decision.h"
#include "engine/core/rng.h"
#include "engine/stccg/cards/card_db.h"
#include "engine/stccg/state/effects.h"
#include "engine/stccg/state/events.h"
#include "engine/stccg/state/frames.h"
#include "engine/stccg/state/ids.h"
#include "engine/stccg/state/options.h"

namespace spacedock::stccg {

inline constexpr int kPlayers = 2;
inline constexpr int kOpeningHand = 7;
inline constexpr int kWinningScore = 100;
// Loop guard: a game needing more decisions than this ends as a work-cap abort.
inline constexpr std::uint32_t kMaxDecisionsPerGame = 100000;
inline constexpr std::uint32_t kMaxStepsPerDecision = 1000000;

// One card of the game. Only what the rules say of every card lives here; what a particular
// card does while it lasts is an entry in State::effects.
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
  // Shown to everyone where it stays hidden (a card taken from Q's Tent): its next move gives
  // it a new handle, so that what was shown does not follow it.
  bool shown = false;
  // Ships: RANGE spent this turn.
  std::uint8_t range_used = 0;
  // Ships: cloaked (§3.15), and whether they cloaked or decloaked this turn; declared undocked
  // at the location of their own facility, where they would otherwise be docked (§3.5).
  bool cloaked = false;
  bool cloak_changed = false;
  bool undocked = false;
  // Ships: docked since this turn began, which repairs count (§3.13).
  bool docked_all_turn = false;
  // A card face down in a public place (a current tactic before it is revealed).
  bool face_down = false;
  // Personnel under house arrest (§3.2): not part of the crew, no actions.
  bool arrested = false;
  // Personnel disabled (§3.15), as captives are: no skills, attributes or actions; moved like
  // equipment.
  bool disabled = false;
  // When it last entered play (State::enter_play): State::in_play is in this order.
  std::uint32_t entered = 0;
  // A copy of another card, made for one encounter elsewhere (a dilemma met again by another
  // ship: Receptacle Stones). It belongs to no deck: it scores nothing, leaves the game wherever
  // else than play it would go, and leaves play at the end of the turn unless it counts down.
  bool copy = false;
};

struct Location {
  CardId mission = kNoCard;
  Seat seeder = 0;
  // The other player's copy of the same unique mission, sharing the location; its
  // owner uses its seeder end.
  CardId copy = kNoCard;
  // Face-down seed cards; the front is encountered first.
  std::vector<CardId> seeds;
  Seat completed_by = kNoSeat;
  // A bit per player who has attempted it this game.
  std::uint8_t attempted = 0;
  // Whether its mission's handler has a state check (Nebula), run after every step that changed
  // something: set as the location is made (State::set_mission), held by State::check.
  bool mission_checks = false;
};

// The three side decks (§3.19).
enum class SideDeckKind : std::uint8_t { kQContinuum, kQTent, kBattleBridge };
inline constexpr int kSideDeckKinds = 3;

struct SideDeck {
  // The doorway seeded on it: the deck is open while it is there.
  CardId door = kNoCard;
  std::vector<CardId> cards;  // face down; the top is the back
  std::vector<CardId> used;   // face up under the deck, shuffled back when the others run out
};

// Which side deck a card belongs in: tactics in the Battle Bridge, Q-icon cards in the
// Q-Continuum, anything else in Q's Tent (deck validation keeps them there).
inline SideDeckKind side_deck_of(const CardDef& def) {
  if (def.type() == v1::STCCG_CARD_TYPE_TACTIC) return SideDeckKind::kBattleBridge;
  if (def.icons & (1u << v1::STCCG_ICON_Q)) return SideDeckKind::kQContinuum;
  return SideDeckKind::kQTent;
}

struct PlayerState {
  std::vector<CardId> seed_pile;  // seed cards not seeded yet
  std::vector<CardId> draw;       // the top is the back
  std::vector<CardId> hand;
  std::vector<CardId> discard;  // the top is the back
  int score = 0;
  // This turn: the one normal card play was made, or orders have begun (which forfeits it).
  bool card_played = false;
  bool orders_begun = false;
  // Every card play this turn was a report (with Red Alert, more may follow).
  bool only_reports = true;
  bool seeded_outpost = false;
  // Took part in a battle this game, and the points a battle would take back (Mordock).
  bool battled = false;
  int battle_forfeit = 0;
  std::array<SideDeck, kSideDeckKinds> side;
  SideDeck& side_deck(SideDeckKind kind) { return side[static_cast<std::size_t>(kind)]; }
  const SideDeck& side_deck(SideDeckKind kind) const {
    return side[static_cast<std::size_t>(kind)];
  }

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
      case Zone::kOutOfPlay:
      case Zone::kBonus:
      case Zone::kSideDeck:
      case Zone::kSideUsed:
      case Zone::kStored:
      case Zone::kHeld:
      case Zone::kMission:
      case Zone::kSeed:
      case Zone::kPlay:
      case Zone::kResolving:
        return nullptr;
    }
    return nullptr;
  }
};

struct State;

// What it takes to put the game back as each of the active player's orders of this turn began,
// so that a card may undo the last ones (Handler::undoes_orders: Temporal Causality Loop). Kept
// only in a game holding such a card. One copy of the state a turn, as its first order began;
// each later order is found again by replaying the answers given since (the engine is
// deterministic: the random generator is part of the state).
struct OrderJournal {
  struct Entry {
    std::size_t answers = 0;  // how many of `answers` were given before this order's own
    std::size_t events = 0;   // how many events the game had as it began
  };
  bool kept = false;
  std::vector<Entry> orders;           // this turn's, in order
  std::shared_ptr<const State> first;  // as the turn's first order began, its answer taken
  std::optional<Action> first_order;   // that order
  std::vector<Action> answers;         // every answer given since, in order
  // A rewind asked for (Engine::rewind_orders), made once the current step is over, and the card
  // that asked for it.
  std::optional<std::size_t> rewind_to;
  CardId rewind_source = kNoCard;

  // Forgets the turn's orders, as a new turn begins.
  void clear() {
    orders.clear();
    first.reset();
    first_order.reset();
    answers.clear();
  }
};

// The complete state of a game: a plain value.
struct State {
  const CardDb* db = nullptr;
  Options options;
  core::Rng rng;
  std::uint64_t handle_key = 0;
  std::uint32_t handle_counter = 0;
  // A bit for every handle given out, by its low bits (kHandleBits): a new handle whose bit is
  // clear is no card's, and only one whose bit is set is looked for among the cards.
  static constexpr std::size_t kHandleBits = 4096;
  std::bitset<kHandleBits> handles_given;
  void note_handle(std::uint32_t handle) { handles_given.set(handle % kHandleBits); }

  std::vector<CardState> cards;
  std::vector<CardId> in_play;  // cards in Zone::kPlay, in the order they entered
  // The cards of in_play that have a native handler, in the same order: the loops that ask the
  // cards in play for a hook walk these, a handful, not the whole table.
  std::vector<CardId> handled_in_play;
  // Of those, the ones whose handler has a hook asked very often, each in the same order: a
  // transfer's blockers (asked for every card that could beam), the state checks and the live
  // scores (after every step), and the cards forbidding plays (at every window).
  std::vector<CardId> transfer_blocking_in_play;
  std::vector<CardId> state_checking_in_play;
  std::vector<CardId> live_scoring_in_play;
  std::vector<CardId> play_forbidding_in_play;
  // The cards of in_play with a hook nullifying plays as they resolve (Handler::nullifies_play).
  std::vector<CardId> play_nullifying_in_play;
  // The cards of in_play that give personnel infiltration icons (Handler::adds_infiltration_
  // icons), asked for every card that could beam; nearly always none.
  std::vector<CardId> infiltration_granting_in_play;
  // The cards of in_play whose definition has modifiers, in the same order: what every current
  // attribute and skill is worked out from (attributes.cpp).
  std::vector<CardId> modifying_in_play;
  // The cards of in_play whose definition lets them download (StccgCard.downloads), in order.
  std::vector<CardId> downloading_in_play;
  // The cards of in_play whose definition adds affiliation icons to missions (Donald Varley).
  std::vector<CardId> icon_adding_in_play;
  // The hologram personnel of in_play (rules/holograms.cpp checks them after every step).
  std::vector<CardId> holograms_in_play;
  // The cards of in_play by where they are, a list per Where, each in in_play's order: a walk
  // for the ships in space or an Away Team on a planet reads a handful of cards, not the table.
  std::array<std::vector<CardId>, kWhereKinds> placed;
  std::uint32_t entries = 0;      // cards that have entered play, for CardState::entered
  std::vector<CardId> resolving;  // cards in Zone::kResolving (being played or met), in order
  std::array<PlayerState, kPlayers> players;
  std::vector<Location> spaceline;
  std::vector<Effect> effects;  // in the order they began
  // A bit per EffectKind, set for every kind among `effects` (and maybe for a kind whose effects
  // have all ended): most lookups ask for a kind nobody has in play, and skip the scan.
  std::uint64_t effect_kinds = 0;

  Seat first_seeder = 0;
  Seat active = 0;
  std::uint16_t turn = 0;

  // A deque: pushing a frame leaves references to the others valid. Its blocks hold 16 frames
  // (std::deque's hold one frame this size), so that pushing and popping a frame, as every
  // action does, seldom allocates.
  boost::container::deque<Frame, void,
                          boost::container::deque_options_t<boost::container::block_size<16u>>>
      frames;
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
  OrderJournal journal;

  const CardDef& def(CardId c) const { return db->def(cards[c].def); }
  const CardTraits& traits(CardId c) const { return db->traits(cards[c].def); }
  v1::StccgCardType type(CardId c) const { return traits(c).type; }
  const Handler* handler(CardId c) const { return def(c).handler; }
  // Lists a card that has just entered Zone::kPlay, or unlists one that has left it (then
  // place() puts one that entered where it is).
  void enter_play(CardId c);
  void leave_play(CardId c);
  // Sets where a card is, listing it in `placed` if it is in play.
  void place(CardId c, Where where);
  // The cards in play that are `where`, in in_play's order.
  const std::vector<CardId>& in_play_where(Where where) const {
    return placed[static_cast<std::size_t>(where)];
  }
  // Calls visit(c) for every card in play that is `first` or `second`, in in_play's order.
  template <typename Visit>
  void for_each_in_play_where(Where first, Where second, Visit&& visit) const {
    const auto& a = in_play_where(first);
    const auto& b = in_play_where(second);
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < a.size() || j < b.size()) {
      const bool from_a =
          j == b.size() || (i < a.size() && cards[a[i]].entered < cards[b[j]].entered);
      visit(from_a ? a[i++] : b[j++]);
    }
  }
  static std::uint64_t kind_bit(EffectKind kind) {
    return std::uint64_t{1} << static_cast<unsigned>(kind);
  }
  // Whether some effect of `kind` may be in play: false means there is none.
  bool may_have(EffectKind kind) const { return (effect_kinds & kind_bit(kind)) != 0; }
  // Adds an effect to the list, as the last to begin.
  void push_effect(const Effect& effect) {
    effects.push_back(effect);
    effect_kinds |= kind_bit(effect.kind);
  }
  // Ends every effect for which `ends` is true.
  template <typename Pred>
  void end_effects(Pred ends) {
    std::erase_if(effects, ends);
    effect_kinds = 0;
    for (const Effect& x : effects)
      effect_kinds |= kind_bit(x.kind);
  }
  bool in_play_at(CardId c) const { return c < cards.size() && cards[c].zone == Zone::kPlay; }
  // Whether `a` and `b` are present together: on the same planet, or aboard the same ship or
  // facility.
  bool present_together(CardId a, CardId b) const {
    const CardState& x = cards[a];
    const CardState& y = cards[b];
    if (x.where != y.where) return false;
    if (x.where == Where::kSurface) return x.loc == y.loc;
    return x.where == Where::kAboard && x.host == y.host;
  }
  static Seat other(Seat s) { return static_cast<Seat>(1 - s); }
  // The seats with the higher score (both when level): who wins a game scored as it stands.
  std::uint8_t leaders() const {
    const int a = players[0].score;
    const int b = players[1].score;
    return a == b ? 0b11 : a > b ? 0b01 : 0b10;
  }

  // Puts `location` on the spaceline at index `at` (0: the left end; spaceline.size(): the right
  // end). Every location index the game keeps (cards, effects, frames, actions) that names a
  // location from `at` on moves one to the right, so each still names the same place. The
  // location's mission and copy get their index here; the caller moves those cards there. Past
  // events keep the indices they were recorded with.
  void insert_location(LocIndex at, Location location);
  // Makes `mission` the mission of `location`.
  void set_mission(Location& location, CardId mission) const;
  // Exchanges the locations at `a` and `b`, each with everything at it, under it and on it
  // (Q rearranges the spaceline): every location index the game keeps follows its place, as for
  // insert_location.
  void swap_locations(LocIndex a, LocIndex b);

  // A copy for the journal of orders: without the events, which are never rewound, the journal
  // itself, nor the lists kept from the cards in play, which relist() rebuilds (each would cost
  // the copy an allocation).
  std::shared_ptr<const State> snapshot();
  // Rebuilds the lists kept from the cards in play (the per-hook lists and `placed`) from in_play,
  // for a state put back from a snapshot.
  void relist();

  std::uint64_t hash() const;
  // The first broken invariant, or an empty string: every card is listed exactly once, in the
  // list its zone names (piles, side decks, seed stacks, cards in play, cards resolving), and
  // nowhere else; the cards in play with a handler, modifiers, downloads or mission icons to
  // add, and the holograms, are listed as handled_in_play (and by hook in the lists after it),
  // modifying_in_play, downloading_in_play, icon_adding_in_play and holograms_in_play, and each
  // by where it is in `placed`; effect_kinds has the kind of every effect; every mission and seed
  // card names the location that holds it, and every card in space or on a planet names a
  // location on the spaceline.
  std::string check() const;
};

}  // namespace spacedock::stccg
