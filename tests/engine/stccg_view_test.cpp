// The STCCG engine behind the MatchEngine interface: matches started the way the server starts
// them and played at random to their end, their events, prompts and snapshots checked against what
// the engine says each viewer may see.
#include <doctest/doctest.h>
#include <google/protobuf/arena.h>
#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/core/rng.h"
#include "engine/games.h"
#include "engine/stccg/cards/deck.h"
#include "engine/stccg/match.h"
#include "engine/stccg/scenario/position.h"

namespace spacedock::stccg {
namespace {

using core::Viewer;
using google::protobuf::Arena;
using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::Reflection;

v1::MatchSetup sample_setup(const std::string& first, const std::string& second) {
  v1::MatchSetup setup;
  setup.set_game(v1::GAME_STCCG);
  setup.mutable_stccg();
  for (auto [name, deck] : {std::pair{"alice", first}, std::pair{"bob", second}}) {
    auto* seat = setup.add_seats();
    seat->set_name(name);
    seat->mutable_stccg()->set_sample_deck(deck);
  }
  return setup;
}

std::unique_ptr<StccgMatch> start(const v1::MatchSetup& setup, std::uint64_t seed) {
  auto engine = engine::start_match(setup, seed);
  auto* match = dynamic_cast<StccgMatch*>(engine.get());
  REQUIRE(match != nullptr);
  engine.release();
  return std::unique_ptr<StccgMatch>(match);
}

// Answers the open decision with one of its options, drawn by `chooser`.
void answer_at_random(StccgMatch& match, core::Rng& chooser) {
  const auto open = match.open_decisions();
  REQUIRE_FALSE(open.empty());
  const core::OptionId choice[] = {
      open.front().options[chooser.below(static_cast<std::uint32_t>(open.front().options.size()))]};
  REQUIRE(match.submit(open.front().seat, open.front().id, choice).accepted());
}

// Each check builds the projection it checks on an arena that starts in this block, one check at a
// time: allocating and freeing every message of every projection took much of this test's time.
Arena scratch_arena() {
  static std::vector<char> block(std::size_t{1} << 18);
  return Arena(block.data(), block.size());
}

// For the checks made of every card, option and event at every decision, a hundred million in all:
// doctest's bookkeeping of a passing check costs more than the checking, so only a failing one is
// handed to doctest, which reports it as it reports any other.
#define CHECK_EACH(...)                     \
  do {                                      \
    if (!(__VA_ARGS__)) CHECK(__VA_ARGS__); \
  } while (false)
#define CHECK_EACH_MESSAGE(cond, ...)              \
  do {                                             \
    if (!(cond)) CHECK_MESSAGE(cond, __VA_ARGS__); \
  } while (false)
#define REQUIRE_EACH(...)                     \
  do {                                        \
    if (!(__VA_ARGS__)) REQUIRE(__VA_ARGS__); \
  } while (false)

// The truth, from the engine: the viewer may know the card where it is now (§1.5).
bool may_know(const Game& game, CardId c, Viewer viewer) {
  if (viewer.role == Viewer::Role::kJudge || game.rules().all_see(c)) return true;
  // What a card lets one player look at: a side deck (Tarmin), a mission's seed cards (Scan,
  // Full Planet Scan), a crew, a hand or a deck (Long-Range Scan, Life-form Scan).
  if (viewer.role == Viewer::Role::kPlayer && (game.rules().views_side_deck_card(viewer.seat, c) ||
                                               game.rules().views_scanned_seed(viewer.seat, c) ||
                                               game.rules().views_granted(viewer.seat, c)))
    return true;
  const CardState& card = game.state().cards[c];
  // What is aboard a ship or facility is known to its controller too, whoever controls it (an
  // infiltrator in their crew).
  const bool aboard_theirs = card.zone == Zone::kPlay && card.where == Where::kAboard &&
                             viewer.is_seat(game.state().cards[card.host].controller);
  const bool held = card.zone == Zone::kPlay || card.zone == Zone::kHand;  // an earned artifact
  return (viewer.is_seat(held ? card.controller : card.owner) || aboard_theirs) &&
         game.rules().owner_sees(c);
}

bool knows_end(Viewer viewer, Seat owner, const ev::Place& place, bool all, bool owner_sees) {
  return viewer.role == Viewer::Role::kJudge || all ||
         (viewer.is_seat(place.zone == Zone::kPlay ? place.controller : owner) && owner_sees);
}

CardId by_handle(const State& s, std::uint32_t handle) {
  for (std::size_t c = 0; c < s.cards.size(); ++c) {
    if (s.cards[c].handle == handle) return static_cast<CardId>(c);
  }
  return kNoCard;
}

// Every card ref in a message, however deep, and how many cards in play it lists.
struct Found {
  std::vector<const v1::StccgCardRef*> refs;
  std::size_t in_play = 0;
};

// Whether a message of this type can hold a card ref or a card in play, however deep.
bool may_hold_cards(const Descriptor* type) {
  std::vector<const Descriptor*> seen = {type};
  for (std::size_t i = 0; i < seen.size(); ++i) {
    if (seen[i] == v1::StccgCardRef::descriptor() || seen[i] == v1::StccgCardInPlay::descriptor())
      return true;
    for (int f = 0; f < seen[i]->field_count(); ++f) {
      const Descriptor* inner = seen[i]->field(f)->message_type();
      if (inner && std::find(seen.begin(), seen.end(), inner) == seen.end()) seen.push_back(inner);
    }
  }
  return false;
}

// What collect needs of a message type, found once per type: listing every message's fields by
// reflection at every check took much of this test's time.
struct Shape {
  bool holds_cards = false;
  const Reflection* reflection = nullptr;
  // The message fields that may hold cards: outside oneofs, and the oneofs with any.
  std::vector<const FieldDescriptor*> fields;
  std::vector<const google::protobuf::OneofDescriptor*> oneofs;
};

const Shape& shape_of(const Message& m, const Descriptor* type) {
  static std::unordered_map<const Descriptor*, Shape> shapes;
  auto [it, added] = shapes.try_emplace(type);
  Shape& shape = it->second;
  if (!added) return shape;
  shape.holds_cards = may_hold_cards(type);
  shape.reflection = m.GetReflection();
  for (int i = 0; i < type->field_count(); ++i) {
    const FieldDescriptor* field = type->field(i);
    if (!field->message_type() || !may_hold_cards(field->message_type())) continue;
    const auto* oneof = field->real_containing_oneof();
    if (!oneof) {
      shape.fields.push_back(field);
    } else if (std::find(shape.oneofs.begin(), shape.oneofs.end(), oneof) == shape.oneofs.end()) {
      shape.oneofs.push_back(oneof);
    }
  }
  return shape;
}

void collect(const Message& m, const Descriptor* type, Found& found) {
  static const Descriptor* const card_ref = v1::StccgCardRef::descriptor();
  static const Descriptor* const card_in_play = v1::StccgCardInPlay::descriptor();
  if (type == card_ref) {
    found.refs.push_back(static_cast<const v1::StccgCardRef*>(&m));
    return;
  }
  if (type == card_in_play) ++found.in_play;
  const Shape& shape = shape_of(m, type);
  if (!shape.holds_cards) return;
  const Reflection& reflection = *shape.reflection;
  for (const FieldDescriptor* field : shape.fields) {
    if (!field->is_repeated()) {
      if (reflection.HasField(m, field))
        collect(reflection.GetMessage(m, field), field->message_type(), found);
      continue;
    }
    for (int i = 0; i < reflection.FieldSize(m, field); ++i)
      collect(reflection.GetRepeatedMessage(m, field, i), field->message_type(), found);
  }
  for (const auto* oneof : shape.oneofs) {
    const FieldDescriptor* field = reflection.GetOneofFieldDescriptor(m, oneof);
    if (field && field->message_type())
      collect(reflection.GetMessage(m, field), field->message_type(), found);
  }
}

void collect(const Message& m, Found& found) {
  collect(m, m.GetDescriptor(), found);
}

// The side decks' secrets, checked from the state alone and not from the engine's own rules
// of who may know what: the opponent and spectators never learn a face-down Q-Continuum or
// Battle Bridge card, a card waiting in Q's Tent, a card stored under a card in play, or a
// tactic drawn in a battle before the tactics are revealed; both players always know a captive.
// A player may look through the other's side deck while an effect of the state says so
// (kViewingSideDeck: Tarmin).
void check_secrets(const State& s, Viewer viewer, const Found& found) {
  if (viewer.role == Viewer::Role::kJudge) return;
  std::vector<bool> named(s.cards.size(), false);
  for (const v1::StccgCardRef* ref : found.refs) {
    if (ref->handle() == 0) continue;
    const CardId c = by_handle(s, ref->handle());
    if (c != kNoCard) named[c] = true;
  }
  const auto viewing = [&](Seat owner, std::size_t kind) {
    return viewer.role == Viewer::Role::kPlayer &&
           std::any_of(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
             return x.kind == EffectKind::kViewingSideDeck && x.player == viewer.seat &&
                    x.value == static_cast<int>(owner * kSideDeckKinds + kind);
           });
  };
  for (Seat seat = 0; seat < kPlayers; ++seat) {
    if (viewer.is_seat(seat)) continue;
    for (std::size_t kind = 0; kind < kSideDeckKinds; ++kind) {
      if (viewing(seat, kind)) continue;
      for (CardId c : s.players[seat].side[kind].cards)
        CHECK_EACH(!named[c]);
    }
  }
  // A card stored face down under a card in play (the Zalkonian Storage Capsule's) is its
  // owner's alone.
  for (CardId c = 0; c < s.cards.size(); ++c) {
    if (s.cards[c].zone == Zone::kStored && !viewer.is_seat(s.cards[c].owner))
      CHECK_EACH(!named[c]);
  }
  for (const Frame& frame : s.frames) {
    const auto* b = std::get_if<ShipBattleFrame>(&frame);
    if (!b || b->step > ShipBattleFrame::Step::kReveal) continue;
    for (int side = 0; side < 2; ++side) {
      if (viewer.is_seat(b->seat[side])) continue;
      for (CardId c : b->drawn[side])
        CHECK_EACH(!named[c]);
      if (b->tactic[side] != kNoCard) CHECK_EACH(!named[b->tactic[side]]);
    }
  }
  if (viewer.role != Viewer::Role::kPlayer) return;
  for (const Effect& x : s.effects) {
    if (x.kind == EffectKind::kCaptive) CHECK_EACH(named[x.card]);
  }
}

void check_snapshot(const StccgMatch& match, Viewer viewer) {
  const Game& game = match.game();
  const State& s = game.state();
  Arena arena = scratch_arena();
  v1::GameSnapshot& snapshot = *Arena::CreateMessage<v1::GameSnapshot>(&arena);
  match.project_snapshot(viewer, &snapshot);
  const v1::StccgView& view = snapshot.stccg();
  Found found;
  collect(snapshot, found);
  for (const v1::StccgCardRef* ref : found.refs) {
    if (ref->handle() == 0) {
      // (a) a face-down card says nothing but whose it is.
      CHECK_EACH(ref->card_id().empty());
      CHECK_EACH(ref->title().empty());
      CHECK_EACH(viewer.role != Viewer::Role::kJudge);
      continue;
    }
    const CardId c = by_handle(s, ref->handle());
    REQUIRE_EACH(c != kNoCard);
    CHECK_EACH_MESSAGE(may_know(game, c, viewer),
                       s.def(c).title()
                           << " (zone " << static_cast<int>(s.cards[c].zone) << ", owner "
                           << int(s.cards[c].owner) << ", exposed " << s.cards[c].exposed
                           << ", loc " << int(s.cards[c].loc) << ", viewer " << int(viewer.seat)
                           << ", turn " << s.turn << ")");
    CHECK_EACH(ref->card_id() == s.def(c).id());
    CHECK_EACH(ref->title() == s.def(c).title());
    CHECK_EACH(ref->owner() == s.cards[c].owner);
  }
  // Every card in play is listed once, face down or not.
  CHECK(found.in_play == s.in_play.size());
  check_secrets(s, viewer, found);
  for (Seat seat = 0; seat < kPlayers; ++seat) {
    const auto& hand = s.players[seat].hand;
    const v1::StccgPlayer& player = view.players(seat);
    CHECK(player.hand_count() == hand.size());
    if (viewer.is_seat(seat) || viewer.role == Viewer::Role::kJudge) {
      // (b) your own hand, whole.
      REQUIRE(player.hand_size() == static_cast<int>(hand.size()));
      for (std::size_t i = 0; i < hand.size(); ++i) {
        CHECK_EACH(player.hand(static_cast<int>(i)).handle() == s.cards[hand[i]].handle);
        CHECK_EACH(player.hand(static_cast<int>(i)).card_id() == s.def(hand[i]).id());
      }
    } else {
      // A hand laid open on the table (Alien Probe) or looked at (Life-form Scan) is shown
      // whole; any other not at all.
      const bool open = !hand.empty() && std::all_of(hand.begin(), hand.end(), [&](CardId c) {
        return may_know(game, c, viewer);
      });
      CHECK(player.hand_size() == (open ? static_cast<int>(hand.size()) : 0));
    }
  }
  // (c) everyone sees how many cards are seeded under each mission.
  REQUIRE(view.spaceline_size() == static_cast<int>(s.spaceline.size()));
  for (std::size_t loc = 0; loc < s.spaceline.size(); ++loc)
    CHECK_EACH(view.spaceline(static_cast<int>(loc)).seeds_size() ==
               static_cast<int>(s.spaceline[loc].seeds.size()));
}

// Follows one viewer through the event stream: what it knows of each card, as events told it.
class EventChecker {
 public:
  EventChecker(const StccgMatch& match, Viewer viewer)
      : match_(match), viewer_(viewer), known_(match.game().state().cards.size(), false) {}

  void check_new_events() {
    const Game& game = match_.game();
    for (; next_ < game.events().size(); ++next_) {
      REQUIRE_EACH(match_.event_visible(next_, viewer_));
      Arena arena = scratch_arena();
      v1::GameEvent& out = *Arena::CreateMessage<v1::GameEvent>(&arena);
      REQUIRE_EACH(match_.project_event(next_, viewer_, &out));
      CHECK_EACH(!out.text().empty());
      check(game.events()[next_], out);
    }
  }

 private:
  // The cards an event names, and whether this viewer may know each.
  std::vector<std::pair<CardId, bool>> named(const Event& event) const {
    std::vector<std::pair<CardId, bool>> out;
    auto add = [&](CardId c) {
      if (c != kNoCard) out.emplace_back(c, known_[c]);
    };
    std::visit(
        [&](const auto& e) {
          using E = std::decay_t<decltype(e)>;
          if constexpr (std::is_same_v<E, ev::CardMoved>) {
            out.emplace_back(e.card, seen_before(e) || seen_after(e));
            add(e.from.host);
            add(e.to.host);
          } else if constexpr (std::is_same_v<E, ev::ShipMoved>) {
            add(e.ship);
          } else if constexpr (std::is_same_v<E, ev::AttemptStarted>) {
            add(e.vessel);
          } else if constexpr (std::is_same_v<E, ev::DilemmaResolved> ||
                               std::is_same_v<E, ev::Stopped> || std::is_same_v<E, ev::Revealed> ||
                               std::is_same_v<E, ev::Nullified> || std::is_same_v<E, ev::Damaged> ||
                               std::is_same_v<E, ev::Captured> || std::is_same_v<E, ev::Rescued> ||
                               std::is_same_v<E, ev::Commandeered>) {
            add(e.card);
          } else if constexpr (std::is_same_v<E, ev::BattleStarted> ||
                               std::is_same_v<E, ev::Fired>) {
            add(e.target);
          } else if constexpr (std::is_same_v<E, ev::Scored>) {
            add(e.source);
          }
        },
        event);
    if (std::holds_alternative<ev::Revealed>(event)) out.back().second = true;  // shown to all
    return out;
  }

  bool seen_before(const ev::CardMoved& e) const {
    return knows_end(viewer_, e.owner, e.from, e.all_see_before, e.owner_sees_before);
  }
  bool seen_after(const ev::CardMoved& e) const {
    return knows_end(viewer_, e.owner, e.to, e.all_see_after, e.owner_sees_after);
  }

  void check(const Event& event, const v1::GameEvent& out) {
    const State& s = match_.game().state();
    const auto cards = named(event);
    Found found;
    collect(out, found);
    // (a) an identity shown is that of a card the event names and the viewer may know.
    for (const v1::StccgCardRef* ref : found.refs) {
      if (ref->card_id().empty() && ref->handle() == 0) continue;
      const bool allowed = std::any_of(cards.begin(), cards.end(), [&](const auto& named) {
        return named.second && s.def(named.first).id() == ref->card_id();
      });
      CHECK_EACH_MESSAGE(allowed, out.text());
    }
    // Nor does the text name a card the viewer may not know, unless a known card shares its title.
    // The titles of the missions and of the cards the viewer knows are taken out of the text
    // first: the dilemma Q is not named by "Qualor II Rendezvous", nor Fek'lhr by "I.K.C.
    // Fek'lhr".
    std::string text = out.text();
    const auto strike = [&](const std::string& known) {
      for (auto at = text.find(known); at != std::string::npos; at = text.find(known, at))
        text.replace(at, known.size(), "#");
    };
    for (const Location& l : s.spaceline)
      strike(s.def(l.mission).title());
    for (CardId c : s.in_play) {
      if (may_know(match_.game(), c, viewer_)) strike(s.def(c).title());
    }
    for (auto [c, allowed] : cards) {
      if (allowed) strike(s.def(c).title());
    }
    for (auto [c, allowed] : cards) {
      if (!allowed) {
        const std::string& title = s.def(c).title();
        CHECK_EACH_MESSAGE(text.find(title) == std::string::npos, out.text() << " names " << title);
      }
    }
    if (const auto* moved = std::get_if<ev::CardMoved>(&event)) {
      const auto& m = out.stccg().card_moved();
      CHECK_EACH(m.handle_before() == (seen_before(*moved) ? moved->handle_before : 0));
      CHECK_EACH(m.card().handle() == (seen_after(*moved) ? moved->handle_after : 0));
      known_[moved->card] = seen_after(*moved);
    }
    if (const auto* shown = std::get_if<ev::Revealed>(&event)) known_[shown->card] = true;
  }

  const StccgMatch& match_;
  Viewer viewer_;
  std::vector<bool> known_;  // cards not moved yet are still in their decks: unknown
  std::size_t next_ = 0;
};

// Options that named a card hidden from their player, by a stand-in: the test's proof that
// such options were met at all.
int hidden_in_options = 0;

void check_prompt(const StccgMatch& match, const core::Decision& d) {
  Arena arena = scratch_arena();
  v1::DecisionPrompt& prompt = *Arena::CreateMessage<v1::DecisionPrompt>(&arena);
  match.project_prompt(d, &prompt);
  CHECK(prompt.decision_id() == d.id);
  CHECK(prompt.seat() == d.seat);
  CHECK_FALSE(prompt.title().empty());
  CHECK(prompt.has_stccg());
  CHECK(prompt.stccg().what() != v1::STCCG_DECISION_UNSPECIFIED);
  REQUIRE(prompt.options_size() == static_cast<int>(d.options.size()));
  for (int i = 0; i < prompt.options_size(); ++i) {
    const v1::Option& option = prompt.options(i);
    // (d) an English label and the structured action for every option.
    CHECK_EACH(option.id() == d.options[static_cast<std::size_t>(i)]);
    CHECK_EACH(!option.label().empty());
    REQUIRE_EACH(option.has_stccg());
    CHECK_EACH(static_cast<std::uint64_t>(option.stccg().kind()) == (option.id() & 0xff));
    // (e) an option names by its handle only a card the player may know: a hidden card by a
    // stand-in that is no card's handle, in the id and in the structured action alike.
    const State& s = match.game().state();
    const std::uint32_t in_id[] = {static_cast<std::uint32_t>((option.id() >> 8) & 0xffffff),
                                   static_cast<std::uint32_t>((option.id() >> 32) & 0xffffff)};
    CHECK_EACH(in_id[0] == option.stccg().card());
    CHECK_EACH(in_id[1] == option.stccg().target());
    for (std::uint32_t handle : in_id) {
      const CardId c = handle == 0 ? kNoCard : by_handle(s, handle);
      if (c != kNoCard)
        CHECK_EACH_MESSAGE(may_know(match.game(), c, Viewer::player(d.seat)),
                           s.def(c).title() << " in " << option.label());
      if (handle != 0 && c == kNoCard) ++hidden_in_options;
    }
  }
  Found found;
  collect(prompt, found);
  for (const v1::StccgCardRef* ref : found.refs) {
    if (ref->handle() == 0) continue;
    const CardId c = by_handle(match.game().state(), ref->handle());
    REQUIRE_EACH(c != kNoCard);
    CHECK_EACH(may_know(match.game(), c, Viewer::player(d.seat)));
  }
}

struct Played {
  int decisions = 0;
  int snapshots = 0;  // the decisions at which the snapshots were checked
  v1::ResultReason reason = v1::RESULT_REASON_UNSPECIFIED;
};

// Far more than a random game takes: a game must end by the rules well before.
constexpr int kDecisionCap = 5000;

// One match played at random to its end and checked as it goes, the way clients follow it: every
// new event for each viewer and the prompt at every decision; the snapshots of all viewers, the
// costliest check, at the first decision, every `snapshot_every` decisions and at the end.
Played play_checked(const v1::MatchSetup& setup, std::uint64_t seed, int snapshot_every) {
  const Viewer viewers[] = {Viewer::player(0), Viewer::player(1), Viewer::spectator(),
                            Viewer::judge()};
  auto match = start(setup, seed);
  std::vector<EventChecker> events;
  for (Viewer viewer : viewers)
    events.emplace_back(*match, viewer);
  auto check_snapshots = [&] {
    for (Viewer viewer : viewers)
      check_snapshot(*match, viewer);
  };
  core::Rng chooser(seed * 7 + 1);
  Played played;
  // Staggered from game to game, so that samples fall on every stage of the game.
  const int offset = static_cast<int>(seed % static_cast<std::uint64_t>(snapshot_every));
  for (; played.decisions < kDecisionCap && !match->over(); ++played.decisions) {
    if (played.decisions == 0 || (played.decisions + offset) % snapshot_every == 0) {
      check_snapshots();
      ++played.snapshots;
    }
    for (EventChecker& checker : events)
      checker.check_new_events();
    const auto open = match->open_decisions();
    REQUIRE(open.size() == 1);
    check_prompt(*match, open.front());
    const auto& options = open.front().options;
    const core::OptionId choice[] = {
        options[chooser.below(static_cast<std::uint32_t>(options.size()))]};
    REQUIRE(match->submit(open.front().seat, open.front().id, choice).accepted());
  }
  // Played to its end by the rules: not cut off here, nor stopped by the engine's work cap.
  REQUIRE(match->over());
  CHECK(match->open_decisions().empty());
  played.reason = match->result().reason();
  CHECK_MESSAGE((played.reason == v1::RESULT_REASON_POINTS ||
                 played.reason == v1::RESULT_REASON_DECK_EXHAUSTED ||
                 played.reason == v1::RESULT_REASON_CONCESSION),  // Raise the Stakes
                v1::ResultReason_Name(played.reason));
  check_snapshots();
  for (EventChecker& checker : events)
    checker.check_new_events();
  return played;
}

TEST_CASE("stccg view: random matches never show a viewer what it may not see") {
  // Every ordered pairing of the sample decks in turn, mirror matches too, each game its own
  // seed. The first game of each pairing has its snapshots checked at every decision, the others
  // every kSnapshotEvery decisions.
  const auto& decks = sample_decks();
  const int kDecks = static_cast<int>(decks.size());
  const int kPairings = kDecks * kDecks;
  constexpr int kGames = 1000;
  constexpr int kSnapshotEvery = 24;
  int decisions = 0;
  int longest = 0;
  int snapshots = 0;
  int by_points = 0;
  for (int game = 0; game < kGames; ++game) {
    const std::uint64_t seed = 11 + static_cast<std::uint64_t>(game);
    const int pairing = game % kPairings;
    CAPTURE(seed);
    const Played played =
        play_checked(sample_setup(decks[pairing / kDecks].name, decks[pairing % kDecks].name), seed,
                     game < kPairings ? 1 : kSnapshotEvery);
    decisions += played.decisions;
    longest = std::max(longest, played.decisions);
    snapshots += played.snapshots;
    by_points += played.reason == v1::RESULT_REASON_POINTS;
  }
  MESSAGE(kGames << " games to their end, " << decisions << " decisions (the longest game "
                 << longest << "), snapshots checked at " << snapshots
                 << " of them and at every end, " << by_points << " games won on points, "
                 << hidden_in_options << " options naming a hidden card by a stand-in");
  CHECK(hidden_in_options > 0);
}

TEST_CASE("stccg view: random matches between random legal decks never leak either") {
  // Any legal deck of the four sets must play: 300 matches, each player with a random legal
  // deck the engine draws from the match's seed ("random"), snapshots every 24 decisions.
  constexpr int kGames = 300;
  int decisions = 0;
  int by_points = 0;
  for (int game = 0; game < kGames; ++game) {
    const std::uint64_t seed = 5000 + static_cast<std::uint64_t>(game);
    CAPTURE(seed);
    const Played played = play_checked(sample_setup("random", "random"), seed, game < 10 ? 1 : 24);
    decisions += played.decisions;
    by_points += played.reason == v1::RESULT_REASON_POINTS;
  }
  MESSAGE(kGames << " games between random decks to their end, " << decisions << " decisions, "
                 << by_points << " won on points");
  CHECK(decisions > kGames);
}

TEST_CASE("stccg view: a snapshot of the opening shows each player only their own hand") {
  auto match = start(sample_setup("federation", "romulan"), 3);
  while (match->game().state().turn == 0) {
    const core::Decision& d = match->open_decisions().front();
    const core::OptionId choice[] = {d.options.front()};
    REQUIRE(match->submit(d.seat, d.id, choice).accepted());
  }
  v1::GameSnapshot mine;
  v1::GameSnapshot spectator;
  match->project_snapshot(Viewer::player(0), &mine);
  match->project_snapshot(Viewer::spectator(), &spectator);
  CHECK(mine.role() == v1::VIEWER_ROLE_PLAYER);
  CHECK(mine.stccg().phase() == v1::STCCG_PHASE_PLAYING);
  CHECK(mine.stccg().players(0).hand_size() >= kOpeningHand - 1);
  CHECK(mine.stccg().players(1).hand_size() == 0);
  CHECK(spectator.stccg().players(0).hand_size() == 0);
  CHECK(spectator.stccg().players(0).hand_count() == mine.stccg().players(0).hand_count());
  CHECK(mine.stccg().spaceline_size() == 12);
}

TEST_CASE("stccg view: a concession ends the match with a summary") {
  auto match = start(sample_setup("klingon", "federation"), 5);
  CHECK(match->concede(0).accepted());
  REQUIRE(match->over());
  const v1::MatchResult result = match->result();
  REQUIRE(result.winners_size() == 1);
  CHECK(result.winners(0) == 1);
  CHECK(result.reason() == v1::RESULT_REASON_CONCESSION);
  CHECK(result.summary() == "alice conceded");
  CHECK(match->open_decisions().empty());
  v1::GameEvent last;
  REQUIRE(match->project_event(match->event_count() - 1, Viewer::spectator(), &last));
  CHECK(last.text() == "The game is over: alice conceded; bob won");
}

TEST_CASE("stccg view: a card taken from Q's Tent is hidden again under a new handle") {
  // Random games until a few cards have been taken from Q's Tent: each is shown to everyone,
  // then goes into the hand under another handle, which the opponent never sees.
  int taken = 0;
  for (std::uint64_t seed = 1; seed < 400 && taken < 3; ++seed) {
    auto match = start(sample_setup("federation", "klingon"), seed);
    core::Rng chooser(seed);
    std::size_t seen = 0;
    while (!match->over() && taken < 3) {
      answer_at_random(*match, chooser);
      const auto events = match->game().events();
      for (; seen + 1 < events.size(); ++seen) {
        const auto* shown = std::get_if<ev::Revealed>(&events[seen]);
        const auto* moved = std::get_if<ev::CardMoved>(&events[seen + 1]);
        if (!shown || !moved || moved->card != shown->card || moved->to.zone != Zone::kHand)
          continue;
        CAPTURE(seed);
        ++taken;
        CHECK(moved->from.zone == Zone::kSideDeck);
        CHECK(moved->handle_before == shown->handle);
        CHECK(moved->handle_after != shown->handle);
        // The opponent's view of the move does not name the card in the hand.
        v1::GameEvent projected;
        REQUIRE(
            match->project_event(seen + 1, Viewer::player(State::other(moved->owner)), &projected));
        CHECK(projected.stccg().card_moved().card().handle() == 0);
      }
    }
  }
  CHECK(taken > 0);
}

TEST_CASE("stccg view: a forfeit and a ruling end the match, each with its own reason") {
  auto forfeited = start(sample_setup("klingon", "federation"), 5);
  CHECK(forfeited->forfeit(1).accepted());
  REQUIRE(forfeited->over());
  CHECK(forfeited->result().reason() == v1::RESULT_REASON_FORFEIT);
  CHECK(forfeited->result().summary() == "bob forfeited: away longer than the grace");
  v1::GameEvent last;
  REQUIRE(forfeited->project_event(forfeited->event_count() - 1, Viewer::spectator(), &last));
  CHECK(last.text() == "The game is over: bob forfeited, away longer than the grace; alice won");

  auto ruled = start(sample_setup("klingon", "federation"), 5);
  CHECK(ruled->rule(0b11).accepted());  // a draw
  REQUIRE(ruled->over());
  CHECK(ruled->result().reason() == v1::RESULT_REASON_RULING);
  CHECK(ruled->result().winners_size() == 2);
  CHECK(ruled->result().summary() == "the organiser ruled a draw between alice and bob");
  CHECK(ruled->rule(0b01).verdict == core::Verdict::kGameOver);  // one ruling ends it
  CHECK(ruled->open_decisions().empty());

  auto lost = start(sample_setup("klingon", "federation"), 6);
  CHECK(lost->rule(0).accepted());  // a double loss
  CHECK(lost->result().winners_size() == 0);
  CHECK(lost->result().summary() == "the organiser ruled that nobody won");
}

// Every card in play in a view, crews and attached cards included.
void each_in_play(const v1::StccgView& view,
                  const std::function<void(const v1::StccgCardInPlay&)>& visit) {
  std::function<void(const v1::StccgCardInPlay&)> walk = [&](const v1::StccgCardInPlay& c) {
    visit(c);
    for (const auto& aboard : c.aboard())
      walk(aboard);
    for (const auto& attached : c.attached())
      walk(attached);
  };
  for (const auto& location : view.spaceline()) {
    for (const auto* list :
         {&location.facilities(), &location.ships(), &location.surface(), &location.attached()})
      for (const auto& c : *list)
        walk(c);
  }
}

TEST_CASE("stccg view: current figures and staffing for the cards one holds, nobody else's") {
  int own = 0;
  int unstaffed = 0;
  int killed = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    auto match = start(sample_setup("federation", "klingon"), seed);
    core::Rng chooser(seed);
    for (int step = 0; !match->over() && step < 600; ++step) {
      answer_at_random(*match, chooser);
      if (step % 25 != 0) continue;
      for (const Viewer viewer : {Viewer::player(0), Viewer::player(1), Viewer::spectator()}) {
        v1::GameSnapshot snapshot;
        match->project_snapshot(viewer, &snapshot);
        each_in_play(snapshot.stccg(), [&](const v1::StccgCardInPlay& c) {
          const bool held = viewer.role == Viewer::Role::kPlayer && c.controller() == viewer.seat &&
                            c.card().handle() != 0;
          const auto type = c.card().type();
          const bool figured = type == v1::STCCG_CARD_TYPE_PERSONNEL ||
                               type == v1::STCCG_CARD_TYPE_SHIP ||
                               type == v1::STCCG_CARD_TYPE_FACILITY;
          CHECK(c.has_now() == (held && figured));
          CHECK(c.has_staffed() == (held && type == v1::STCCG_CARD_TYPE_SHIP));
          if (c.has_staffed()) {
            CHECK(c.staffed() == c.staffing_missing().empty());
            unstaffed += !c.staffed();
          }
          own += c.has_now();
        });
      }
    }
    for (std::size_t i = 0; i < match->event_count(); ++i) {
      v1::GameEvent event;
      REQUIRE(match->project_event(i, Viewer::spectator(), &event));
      if (event.stccg().card_moved().cause() != v1::STCCG_MOVE_CAUSE_KILLED) continue;
      ++killed;
      CHECK(event.text().find(" is killed") != std::string::npos);
    }
  }
  CHECK(own > 0);
  CHECK(unstaffed > 0);  // a ship left without its staffing says what it lacks
  CHECK(killed > 0);     // a death reads "killed", not "discarded"
}

TEST_CASE("stccg view: a player sees what a mission still lacks for their own group there") {
  int met = 0;
  int short_of = 0;
  int nothing_left = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    auto match = start(sample_setup("federation", "klingon"), seed);
    core::Rng chooser(seed);
    for (int step = 0; !match->over() && step < 600; ++step) {
      answer_at_random(*match, chooser);
      if (step % 10 != 0) continue;
      for (const Viewer viewer : {Viewer::player(0), Viewer::player(1), Viewer::spectator()}) {
        v1::GameSnapshot snapshot;
        match->project_snapshot(viewer, &snapshot);
        for (const v1::StccgLocation& loc : snapshot.stccg().spaceline()) {
          if (!loc.has_your_group()) continue;
          REQUIRE(viewer.role == Viewer::Role::kPlayer);
          CHECK_FALSE(loc.has_completed_by());
          // Their own end: the one they seeded, else the other.
          const bool theirs = loc.seeder() == viewer.seat;
          const std::string& requirements =
              theirs ? loc.seeder_end().requirements() : loc.other_end().requirements();
          for (const std::string& term : loc.your_group().lacking())
            CHECK(requirements.find(term) != std::string::npos);
          if (loc.your_group().lacking().empty()) {
            ++met;
          } else {
            ++short_of;
          }
        }
      }
    }
    for (std::size_t i = 0; i < match->event_count(); ++i) {
      v1::GameEvent event;
      REQUIRE(match->project_event(i, Viewer::spectator(), &event));
      if (!event.stccg().step_started().nothing_left()) continue;
      ++nothing_left;
      CHECK(event.text().find("nothing left to do") != std::string::npos);
    }
  }
  CHECK(met > 0);           // a group that could complete it is told so
  CHECK(short_of > 0);      // and one that could not, what it lacks
  CHECK(nothing_left > 0);  // a turn ended by itself says why
}

TEST_CASE(
    "stccg view: a card stored under a Zalkonian Storage Capsule is named for its owner only") {
  Position position(CardDb::standard());
  position.add_mission(0, "Test Mission");
  position.add_mission(1, "Investigate Anomaly");
  const CardId capsule = position.add_on_table(0, "Zalkonian Storage Capsule");
  const CardId worf = position.add_stored(capsule, "Worf");
  const Game game = Game::from_position(position.build());
  for (const Viewer viewer :
       {Viewer::player(0), Viewer::player(1), Viewer::spectator(), Viewer::judge()}) {
    CAPTURE(static_cast<int>(viewer.role));
    CAPTURE(viewer.seat);
    const bool knows = viewer.role == Viewer::Role::kJudge || viewer.is_seat(0);
    CHECK(may_see(game, worf, viewer) == knows);
    v1::StccgView view;
    project_view(game, viewer, &view);
    REQUIRE(view.players(0).table_size() == 1);
    const auto& table = view.players(0).table(0);
    CHECK(table.card().title() == "Zalkonian Storage Capsule");
    REQUIRE(table.stored_size() == 1);  // how many it holds is public
    CHECK(table.stored(0).owner() == 0);
    CHECK((table.stored(0).handle() != 0) == knows);
    CHECK(table.stored(0).title() == (knows ? "Worf" : ""));
    CHECK(view.players(0).hand_size() == 0);  // stored is not in the hand
  }
}

TEST_CASE(
    "stccg view: a Cryosatellite's personnel are listed under its mission, named for their owner") {
  Position position(CardDb::standard());
  position.add_mission(0, "Investigate Anomaly");
  position.add_mission(1, "Test Mission");
  const CardId cryosatellite = position.add_under(0, 0, "Cryosatellite");
  const CardId held = position.add_stored(cryosatellite, "Lursa");
  const Game game = Game::from_position(position.build());
  for (const Viewer viewer :
       {Viewer::player(0), Viewer::player(1), Viewer::spectator(), Viewer::judge()}) {
    CAPTURE(static_cast<int>(viewer.role));
    CAPTURE(viewer.seat);
    const bool knows = viewer.role == Viewer::Role::kJudge || viewer.is_seat(0);
    CHECK(may_see(game, held, viewer) == knows);
    v1::StccgView view;
    project_view(game, viewer, &view);
    const auto& location = view.spaceline(0);
    REQUIRE(location.seeds_size() == 1);
    REQUIRE(location.held_seeds_size() == 1);  // how many it holds is public
    const auto& entry = location.held_seeds(0);
    CHECK(entry.holder().handle() == location.seeds(0).handle());
    CHECK(entry.holder().title() == (knows ? "Cryosatellite" : ""));
    CHECK((entry.card().handle() != 0) == knows);
    CHECK(entry.card().title() == (knows ? "Lursa" : ""));
    CHECK(view.spaceline(1).held_seeds_size() == 0);
  }
}

TEST_CASE("stccg view: Trust Me's cards from outside the game are public discard-pile cards") {
  // A plays Amanda Rogers against B's Off Switch; B, with Trust Me on the table, takes Nagilum
  // from outside the game: a new card of B's, offered and moved with no handle of its past.
  Position position(CardDb::standard());
  position.add_mission(0, "First Contact");
  position.add_mission(1, "Evacuation");
  position.set_active(1);
  position.add_on_table(1, "Trust Me");
  const CardId data = position.add_on_planet(0, 0, "Data");
  const CardId off_switch = position.add_to_pile(1, Zone::kHand, "Off Switch");
  const CardId amanda = position.add_to_pile(0, Zone::kHand, "Amanda Rogers");
  position.add_to_pile(0, Zone::kDrawDeck, "Riva");
  position.add_to_pile(1, Zone::kDrawDeck, "Taitt");
  Game game = Game::from_position(position.build());
  const auto answer = [&](const Action& action) {
    const core::Decision* d = game.decision();
    REQUIRE(d != nullptr);
    REQUIRE(game.submit(d->seat, d->id, game.option_id(action)).accepted());
  };
  answer({ActionKind::kPlayInterrupt, off_switch, data});
  answer({ActionKind::kPlayInterrupt, amanda, off_switch});
  const SeatNames names(std::vector<std::string>{"A", "B"});
  v1::DecisionPrompt prompt;
  project_prompt(game, names, &prompt);
  CHECK(prompt.title().find("Trust Me: choose a card from outside the game") == 0);
  const auto nagilum = CardDb::standard().find_title("Nagilum");
  REQUIRE(nagilum);
  bool offered = false;
  for (const auto& option : prompt.options()) {
    if (option.stccg().kind() != v1::STCCG_ACTION_CHOOSE_FROM_OUTSIDE ||
        option.stccg().card_id() != CardDb::standard().def(*nagilum).id())
      continue;
    offered = true;
    CHECK(option.label() == "Take Nagilum from outside the game");
    CHECK(option.stccg().card() == 0);
  }
  CHECK(offered);
  const std::size_t cards_before = game.state().cards.size();
  answer({ActionKind::kChooseFromOutside, kNoCard, static_cast<CardId>(*nagilum)});
  answer({ActionKind::kDone});
  REQUIRE(game.state().cards.size() == cards_before + 1);
  const auto taken = static_cast<CardId>(cards_before);
  CHECK(game.state().check().empty());
  CHECK(game.state().cards[taken].owner == 1);
  CHECK(game.state().players[1].discard.back() == taken);
  for (const Viewer viewer : {Viewer::player(0), Viewer::player(1), Viewer::spectator()}) {
    CHECK(may_see(game, taken, viewer));
    v1::StccgView view;
    project_view(game, viewer, &view);
    const auto& pile = view.players(1).discard();
    CHECK(std::any_of(pile.begin(), pile.end(),
                      [](const v1::StccgCardRef& c) { return c.title() == "Nagilum"; }));
  }
  bool told = false;
  for (std::size_t i = 0; i < game.events().size(); ++i) {
    const auto* moved = std::get_if<ev::CardMoved>(&game.events()[i]);
    if (!moved || moved->card != taken) continue;
    v1::GameEvent event;
    project_event(game, i, Viewer::player(0), names, &event);
    CHECK(event.stccg().card_moved().cause() == v1::STCCG_MOVE_CAUSE_FROM_OUTSIDE_GAME);
    CHECK(event.text() == "Nagilum is brought from outside the game into B's discard pile");
    told = true;
  }
  CHECK(told);
}

TEST_CASE("stccg view: Mordock's bonus forfeited by battling names no card") {
  // A completes First Contact with Mordock in play (30 + 5), then battles at Plunder Site: the
  // 5 are lost. That score has no one card for its source, and says why instead.
  Position position(CardDb::standard());
  position.add_mission(0, "First Contact");
  position.add_mission(1, "Study Stellar Collision");
  position.add_mission(1, "Plunder Site");
  const CardId mordock = position.add_on_planet(0, 0, "Mordock");  // names the Away Team
  position.add_on_planet(0, 0, "Deanna Troi");
  const CardId korris = position.add_on_planet(2, 0, "Korris");
  const CardId worf = position.add_on_planet(2, 1, "Worf");
  const CardId idle = position.add_in_space(1, 0, "I.K.C. K'Vort");  // A's turn stays open
  position.add_aboard(idle, "Kargan");
  position.add_to_pile(0, Zone::kDrawDeck, "Riva");
  position.add_to_pile(1, Zone::kDrawDeck, "Taitt");
  Game game = Game::from_position(position.build());
  // Answers `wanted` at the first decision offering it, passing the windows before it.
  const auto answer = [&](const Action& wanted) {
    for (int passes = 0; passes < 8; ++passes) {
      const core::Decision* d = game.decision();
      REQUIRE(d != nullptr);
      const auto id = game.option_id(wanted);
      if (game.submit(d->seat, d->id, id).accepted()) return;
      REQUIRE(game.submit(d->seat, d->id, game.option_id({ActionKind::kPass})).accepted());
    }
    FAIL("never offered");
  };
  answer({ActionKind::kAttempt, mordock, kNoCard, 0});
  REQUIRE(game.state().players[0].score == 35);
  answer({ActionKind::kBattle, korris, worf, 2});
  answer({ActionKind::kYes});
  REQUIRE(game.state().players[0].score == 30);
  const SeatNames names(std::vector<std::string>{"A", "B"});
  int forfeits = 0;
  for (std::size_t i = 0; i < game.events().size(); ++i) {
    const auto* scored = std::get_if<ev::Scored>(&game.events()[i]);
    if (!scored || scored->source != kNoCard) continue;
    for (const Viewer viewer : {Viewer::player(0), Viewer::player(1), Viewer::spectator()}) {
      v1::GameEvent event;
      project_event(game, i, viewer, names, &event);
      CHECK(event.text() == "A loses 5 points for battling (total 30)");
      CHECK_FALSE(event.stccg().scored().has_source());
    }
    ++forfeits;
  }
  CHECK(forfeits == 1);
}

TEST_CASE("stccg view: Jealous Amanda's choice names the personnel relocated and the planets") {
  Position position(CardDb::standard());
  position.add_mission(0, "First Contact");
  position.add_mission(1, "Evacuation");
  position.add_on_table(1, "Jealous Amanda");
  position.add_under(0, 1, "Male's Love Interest");
  const CardId worf = position.add_on_planet(0, 0, "Worf");
  position.add_to_pile(0, Zone::kDrawDeck, "Riva");
  position.add_to_pile(1, Zone::kDrawDeck, "Taitt");
  Game game = Game::from_position(position.build());
  const core::Decision* d = game.decision();
  REQUIRE(d != nullptr);
  REQUIRE(game.submit(d->seat, d->id, game.option_id({ActionKind::kAttempt, worf, kNoCard, 0}))
              .accepted());
  d = game.decision();
  REQUIRE(d != nullptr);
  CHECK(d->seat == 1);
  v1::DecisionPrompt prompt;
  project_prompt(game, SeatNames(std::vector<std::string>{"A", "B"}), &prompt);
  // The group attempting has shown itself: B knows whom the Love Interest picked.
  CHECK(prompt.title() ==
        "Male's Love Interest: choose the planet Worf is relocated to (done: where the card sends "
        "them)");
  CHECK(prompt.options_size() == 3);  // the two planets, or done
}

TEST_CASE("stccg: a card the engine does not play yet is never seeded") {
  // A card waiting for its mechanism stays in the seed pile. No printed card waits any longer:
  // the fixture Test Unfinished Dilemma stands in, put in place of an Archer below the deck
  // checks (a fixture is in no deck a player may bring).
  const CardDb& db = CardDb::standard();
  const auto waiting = db.find_title("Test Unfinished Dilemma");
  const auto archer = db.find_title("Archer");
  REQUIRE(waiting);
  REQUIRE(archer);
  REQUIRE(db.def(*waiting).unsupported());
  Setup setup;
  setup.decks = {*sample_deck("federation"), *sample_deck("klingon")};
  auto& cards = setup.decks[0].cards;
  const auto replaced = std::find(cards.begin(), cards.end(), *archer);
  REQUIRE(replaced != cards.end());
  *replaced = *waiting;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    Game game = Game::create(db, setup, seed);
    core::Rng chooser(seed);
    int seeded_dilemmas = 0;
    while (!game.over() && game.state().turn == 0) {
      const core::Decision* decision = game.decision();
      REQUIRE(decision);
      const auto pick = chooser.below(static_cast<std::uint32_t>(decision->options.size()));
      REQUIRE(game.submit(decision->seat, decision->id, decision->options[pick]).accepted());
    }
    const State& s = game.state();
    for (std::size_t c = 0; c < s.cards.size(); ++c) {
      const DefIndex def = s.cards[c].def;
      if (def == *waiting) CHECK(s.cards[c].zone != Zone::kSeed);
      if (s.cards[c].zone == Zone::kSeed && db.def(def).type() == v1::STCCG_CARD_TYPE_DILEMMA)
        ++seeded_dilemmas;
    }
    CHECK(seeded_dilemmas > 0);  // the contrast: the other dilemmas were seeded
  }
}

TEST_CASE("stccg setup: decks are checked seat by seat") {
  v1::MatchSetup setup = sample_setup("federation", "klingon");
  CHECK(engine::rules_version(v1::GAME_STCCG) == 16);
  const auto seats = engine::check_match(setup);
  REQUIRE(std::holds_alternative<int>(seats));
  CHECK(std::get<int>(seats) == 2);
  CHECK_FALSE(engine::check_seat(setup, setup.seats(0)).has_value());

  v1::SeatSetup seat;
  auto error = engine::check_seat(setup, seat);
  REQUIRE(error.has_value());
  CHECK(error->rule == "DECK_REQUIRED");

  seat.mutable_stccg()->set_sample_deck("borg");
  error = engine::check_seat(setup, seat);
  REQUIRE(error.has_value());
  CHECK(error->rule == "UNKNOWN_DECK");
  CHECK(error->message.find("borg") != std::string::npos);

  // A full list exported from a sample deck is accepted; its missions alone are not a deck.
  const CardDb& db = CardDb::standard();
  const std::string list = export_deck_text(*sample_deck("romulan"), db);
  seat.mutable_stccg()->set_sample_deck("");
  seat.mutable_stccg()->set_deck_list(list);
  CHECK_FALSE(engine::check_seat(setup, seat).has_value());
  seat.mutable_stccg()->set_deck_list(list.substr(0, list.find("Seed:")));
  error = engine::check_seat(setup, seat);
  REQUIRE(error.has_value());
  CHECK(error->rule == "INVALID_DECK");
  CHECK_FALSE(error->message.empty());

  seat.mutable_stccg()->set_deck_list("3\tNo Such Card Anywhere\n");
  error = engine::check_seat(setup, seat);
  REQUIRE(error.has_value());
  CHECK(error->rule == "INVALID_DECK");
  CHECK(error->message.find("No Such Card Anywhere") != std::string::npos);

  seat.mutable_stccg()->set_sample_deck("klingon");
  error = engine::check_seat(setup, seat);
  REQUIRE(error.has_value());
  CHECK(error->rule == "DECK_REQUIRED");
}

}  // namespace
}  // namespace spacedock::stccg
