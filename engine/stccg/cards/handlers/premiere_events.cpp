// Premiere events beyond the starter pool (cards/abilities/premiere-events.md): cards that
// change a hand or a draw (Masaka Transformations, The Traveler: Transcendence, Alien Probe),
// count down to a mass death (Anti-Time Anomaly) or prevent deaths (Genetronic Replicator), act
// on ships moving (Tetryon Field, Subspace Warp Rift, Where No One Has Gone Before) or on beaming
// (Distortion Field, Atmospheric Ionization, Pattern Enhancers, Holo-Projectors), change
// affiliations or control (Lore's Fingernail, Neural Servo Device), destroy a location
// (Supernova), or offer a concession (Raise the Stakes).
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kPatternEnhancers, kStaticWarpBubble, kTheTravelerTranscendence;

// Its own namespace: the engine is built in unity chunks, where two files' anonymous
// namespaces are one.
namespace premiere_events {
namespace {

// A card's own counter (a counter of the card naming no card): the turns counted, the side it
// shows, the player it acts on. Made on first use, so that a card put in play by a scenario's
// position, never played, has one too.
const Effect* own_counter(const Engine& e, CardId self) {
  for (const Effect& x : e.state().effects) {
    if (x.kind == EffectKind::kCounter && x.source == self && x.card == kNoCard) return &x;
  }
  return nullptr;
}

Effect& own_counter(Engine& e, CardId self) {
  for (Effect& x : e.state().effects) {
    if (x.kind == EffectKind::kCounter && x.source == self && x.card == kNoCard) return x;
  }
  Effect counter{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
  counter.source = self;
  counter.player = e.state().cards[self].controller;
  return e.add_effect(counter);
}

// --- Masaka Transformations: the player named puts their whole hand, in random order, under
// their draw deck and draws as many cards (CRD IV.7). Draws a Q's Tent forbids are not made
// (CRD IV.6): Engine::draw sees to it.

void masaka_resolve(Engine& e, ActionFrame& f) {
  auto you = e.yes_no(f.actor);
  if (!you) return;
  State& s = e.state();
  const Seat player = *you ? f.actor : State::other(f.actor);
  std::vector<CardId> hand = s.players[player].hand;
  const std::size_t count = hand.size();
  while (!hand.empty()) {
    const CardId c = e.random_member(hand);
    std::erase(hand, c);
    e.move_card(c, Zone::kDrawDeck);  // on top (the back), then rotated to the bottom below
  }
  auto& deck = s.players[player].draw;
  std::rotate(deck.begin(), deck.end() - static_cast<std::ptrdiff_t>(count), deck.end());
  for (std::size_t i = 0; i < count && !s.over; ++i)
    e.draw(player);
}

// --- The Traveler: Transcendence: beside the draw deck of the player named, who draws one more
// card at the end of each of their turns (not cumulative: one Traveler a player counts); while
// it is in play every Static Warp Bubble is nullified, those played later too (CRD IV.7).

void traveler_resolve(Engine& e, ActionFrame& f) {
  auto you = e.yes_no(f.actor);
  if (!you) return;
  place(e, f.action.a, f.actor);
  own_counter(e, f.action.a).player = *you ? f.actor : State::other(f.actor);
}

Seat traveler_subject(const Engine& e, CardId self) {
  const Effect* mark = own_counter(e, self);
  return mark ? mark->player : e.state().cards[self].controller;
}

void traveler_end_of_turn(Engine& e, CardId self) {
  const State& s = e.state();
  const Seat subject = traveler_subject(e, self);
  if (s.active != subject) return;
  for (CardId c : s.handled_in_play) {
    if (s.handler(c) == &kTheTravelerTranscendence && traveler_subject(e, c) == subject)
      return c == self ? e.draw(subject) : void();  // the first Traveler of the subject draws
  }
}

void traveler_state_check(Engine& e, CardId) {
  const State& s = e.state();
  for (CardId c : std::vector<CardId>(s.handled_in_play)) {
    if (s.cards[c].zone == Zone::kPlay && s.handler(c) == &kStaticWarpBubble) e.nullify(c);
  }
}

// --- Anti-Time Anomaly: at the end of its player's third full turn after the one it was played
// in, every personnel in play dies, both players' (holograms, androids and Exocomps too), and
// the Anomaly is discarded (CRD II.2 "full turn", IV.7).

constexpr int kAnomalyFullTurns = 3;

void anomaly_end_of_turn(Engine& e, CardId self) {
  State& s = e.state();
  if (s.active != s.cards[self].controller || s.turn <= placed_on_turn(e, self)) return;
  Effect& turns = own_counter(e, self);
  if (++turns.value < kAnomalyFullTurns) return;
  std::vector<CardId> everyone;
  for (CardId c : s.in_play) {
    if (e.is_personnel(c) && !e.in_stasis(c)) everyone.push_back(c);
  }
  for (CardId c : everyone) {
    if (s.in_play_at(c)) e.kill(c, everyone);
  }
  e.to_discard(self);
}

// --- Genetronic Replicator: a member of its player's Away Team does not die while two MEDICAL
// of that Away Team are untouched by the killing effect (neither the victim nor one the same
// effect kills) (CRD IV.7). Every kill, a battle's too (the AMBIGUOUS reading's default);
// with replicator_any_kill off, only a dilemma's.

// Whether the kill under way is a dilemma's (for the dilemma-only reading).
bool meeting_dilemma(const Engine& e) {
  const AttemptFrame* f = e.top_frame<AttemptFrame>();
  return f && f->current != kNoCard && e.state().type(f->current) == v1::STCCG_CARD_TYPE_DILEMMA &&
         !e.top_frame<PersonnelBattleFrame>() && !e.top_frame<ShipBattleFrame>();
}

bool replicator_prevents(Engine& e, CardId self, CardId victim,
                         std::span<const CardId> killed_with) {
  const State& s = e.state();
  const Seat player = s.cards[self].controller;
  if (s.cards[victim].controller != player || s.cards[victim].where != Where::kSurface)
    return false;
  if (!s.options.replicator_any_kill && !meeting_dilemma(e)) return false;
  const auto medical = s.db->skills().find("MEDICAL");
  if (!medical) return false;
  for (const std::vector<CardId>& team : e.away_teams(player, s.cards[victim].loc)) {
    if (std::find(team.begin(), team.end(), victim) == team.end()) continue;
    std::vector<CardId> untouched;
    for (CardId c : team) {
      if (c != victim && !s.cards[c].stopped &&
          std::find(killed_with.begin(), killed_with.end(), c) == killed_with.end())
        untouched.push_back(c);
    }
    return has_skill(e, untouched, *medical, 4);
  }
  return false;
}

// --- Cards placed on a spaceline location (held on its mission): Tetryon Field and Subspace
// Warp Rift, played on any location, either player's.

void on_location_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                       std::vector<Action>& out) {
  if (window) return;
  for (const Location& at : e.state().spaceline)
    out.push_back({ActionKind::kPlayEvent, self, at.mission});
}

Rule on_location_still_legal(const Engine& e, Seat, const Action& play) {
  return e.state().cards[play.b].zone == Zone::kMission ? Rule::kOk : Rule::kNoTarget;
}

void on_location_resolve(Engine& e, ActionFrame& f) {
  place(e, f.action.a, f.actor, f.action.b);
}

LocIndex location_held(const Engine& e, CardId self) {
  const State& s = e.state();
  return s.cards[s.cards[self].host].loc;
}

bool navigation_aboard(const Engine& e, CardId ship) {
  const auto navigation = e.state().db->skills().find("Navigation");
  std::vector<CardId> crew = e.crew(ship);
  std::erase_if(crew, [&](CardId c) { return e.state().cards[c].stopped; });
  return navigation && has_skill(e, crew, *navigation, 2);
}

// Tetryon Field: a ship may not move through its location, and one that entered it ends its
// move there for the turn; a ship with Navigation aboard is exempt (CRD IV.7). A ship that
// started its turn there leaves freely.

bool held_by_field(const Engine& e, CardId self, CardId ship) {
  const auto& effects = e.state().effects;
  return std::any_of(effects.begin(), effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kUsed && x.source == self && x.card == ship;
  });
}

bool tetryon_blocks(const Engine& e, CardId self, CardId ship, LocIndex from, LocIndex to,
                    Passage) {
  const LocIndex field = location_held(e, self);
  const bool held_here = from == field && held_by_field(e, self, ship);
  return (e.move_crosses(ship, from, to, field) || held_here) && !navigation_aboard(e, ship);
}

void tetryon_ship_moved(Engine& e, CardId self, CardId ship, LocIndex, LocIndex to) {
  if (to != location_held(e, self) || held_by_field(e, self, ship)) return;
  Effect held{.kind = EffectKind::kUsed, .until = Until::kEndOfTurn};
  held.source = self;
  held.card = ship;
  e.add_effect(held);
}

// Subspace Warp Rift: a ship whose move crosses its location without stopping there is damaged
// (normal damage, by the Rift's player); starting or ending the move there is safe (CRD IV.7).

void rift_ship_moved(Engine& e, CardId self, CardId ship, LocIndex from, LocIndex to) {
  if (e.move_crosses(ship, from, to, location_held(e, self)))
    e.damage(ship, e.state().cards[self].controller);
}

// --- Beaming limits on a planet location: Distortion Field and Atmospheric Ionization, played
// on any planet (either player's), and Pattern Enhancers, which lets its player's cards through
// both (CRD IV.7). Special beaming cards are limited too (CRD III.5): every transfer is checked.

void on_planet_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                     std::vector<Action>& out) {
  if (window) return;
  const auto& line = e.state().spaceline;
  for (LocIndex loc = 0; loc < line.size(); ++loc) {
    if (e.planet(loc)) out.push_back({ActionKind::kPlayEvent, self, line[loc].mission});
  }
}

bool has_pattern_enhancers(const Engine& e, Seat player) {
  const State& s = e.state();
  return std::any_of(s.handled_in_play.begin(), s.handled_in_play.end(), [&](CardId c) {
    return s.handler(c) == &kPatternEnhancers && s.cards[c].controller == player;
  });
}

// Whether moving `card` to `to` (kNoCard: down to the planet) beams it to or from the surface of
// the planet `self` is on, for a player without Pattern Enhancers.
bool beams_through(const Engine& e, CardId self, CardId card, CardId to) {
  const State& s = e.state();
  const bool surface = to == kNoCard || s.cards[card].where == Where::kSurface;
  return surface && e.location_of(card) == location_held(e, self) &&
         !has_pattern_enhancers(e, s.cards[card].controller);
}

// Distortion Field: face up as played, turned over once in each of its player's later turns
// (CRD IV.4 Pocketwatch: the flip is mandatory); face up, nobody beams to or from the planet.

// The counter's value: 0 face up, 1 face down.
void distortion_flip(Engine& e, CardId self) {
  Effect& side = own_counter(e, self);
  side.value = static_cast<std::int16_t>(side.value == 0 ? 1 : 0);
}

// Samuel Clemens' Pocketwatch may make the flip of its player's next turn now; that turn then
// makes none. The early flip is marked as a use of the Field, in the turn it was made.
void distortion_start_of_turn(Engine& e, CardId self) {
  const State& s = e.state();
  if (s.active != s.cards[self].controller || s.turn <= placed_on_turn(e, self)) return;
  const auto early = [&](const Effect& x) {
    return x.kind == EffectKind::kUsed && x.source == self && x.turn < s.turn;
  };
  if (std::any_of(s.effects.begin(), s.effects.end(), early)) return e.end_effects(early);
  distortion_flip(e, self);
}

bool distortion_due_next_turn(const Engine& e, CardId self, Seat seat) {
  return e.state().cards[self].controller == seat && !use_spent(e, self);
}

void distortion_bring_forward(Engine& e, CardId self, Seat seat) {
  distortion_flip(e, self);
  spend_use(e, self, seat, Until::kRemoved);
}

bool distortion_blocks(const Engine& e, CardId self, CardId card, CardId to) {
  const Effect* side = own_counter(e, self);
  return (!side || side->value == 0) && beams_through(e, self, card, to);
}

// Atmospheric Ionization: at most three personnel a turn, both players together (the 1997
// wording: one count), beam to or from the planet, each once; equipment is not counted.

constexpr std::size_t kIonizationBeams = 3;

// The personnel that beamed to or from the surface at `loc` this turn and count against the
// limit: those of `player` only, or of both players when kNoSeat; not those of a player with
// Pattern Enhancers.
std::vector<CardId> beamed_this_turn(const Engine& e, LocIndex loc, Seat player) {
  const State& s = e.state();
  std::vector<CardId> out;
  for (auto it = s.events.rbegin(); it != s.events.rend(); ++it) {
    if (const auto* step = std::get_if<ev::StepStarted>(&*it);
        step && step->step == ev::Step::kTurn)
      break;
    const auto* moved = std::get_if<ev::CardMoved>(&*it);
    if (!moved || moved->from.zone != Zone::kPlay || moved->to.zone != Zone::kPlay) continue;
    const bool down = moved->from.where == Where::kAboard && moved->to.where == Where::kSurface &&
                      moved->to.loc == loc;
    const bool up = moved->from.where == Where::kSurface && moved->to.where == Where::kAboard &&
                    moved->from.loc == loc;
    const Seat mover = moved->from.controller;
    if ((down || up) && e.is_personnel(moved->card) && (player == kNoSeat || mover == player) &&
        !has_pattern_enhancers(e, mover) &&
        std::find(out.begin(), out.end(), moved->card) == out.end())
      out.push_back(moved->card);
  }
  return out;
}

bool ionization_blocks(const Engine& e, CardId self, CardId card, CardId to) {
  if (!e.is_personnel(card) || !beams_through(e, self, card, to)) return false;
  const Seat counted =
      e.state().options.ionization_shared_count ? kNoSeat : e.state().cards[card].controller;
  const std::vector<CardId> beamed = beamed_this_turn(e, location_held(e, self), counted);
  return beamed.size() >= kIonizationBeams ||
         std::find(beamed.begin(), beamed.end(), card) != beamed.end();
}

// --- Holo-Projectors: on a planet mission, holograms may beam down there and act as if a
// Holodeck reached it (Handler::holodeck_on_planet, read by the beaming rules); played with
// on_planet_plays.

// --- Lore's Fingernail: while it is in play every Soong-type android and Exocomp, both
// players', is Non-Aligned (an affiliation effect that ends when the card leaves play).

void fingernail_state_check(Engine& e, CardId self) {
  const State& s = e.state();
  std::vector<CardId> changed;
  for (CardId c : s.in_play) {
    const auto kind = s.traits(c).kind;
    if (!e.is_personnel(c) ||
        (kind != v1::STCCG_PERSONNEL_KIND_ANDROID && kind != v1::STCCG_PERSONNEL_KIND_EXOCOMP))
      continue;
    const bool done = std::any_of(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
      return x.kind == EffectKind::kAffiliation && x.source == self && x.card == c;
    });
    if (!done) changed.push_back(c);
  }
  for (CardId c : changed) {
    Effect aligned{.kind = EffectKind::kAffiliation, .until = Until::kSourceLeaves};
    aligned.source = self;
    aligned.card = c;
    aligned.value = static_cast<std::int16_t>(Affiliation::kNonAligned);
    e.add_effect(aligned);
  }
}

// --- Supernova: with its player's Tox Uthat on the table, played on a mission: everything at
// that location is destroyed (ships and facilities with all aboard, what is on the planet, the
// cards played on the mission and the seed cards under it); the mission stays, under the
// Supernova, for its span only: nobody may attempt it (the recommended AMBIGUOUS reading). The
// Tox Uthat goes as the Supernova is played, even if it is then nullified (CRD IV.4, IV.7).

CardId tox_uthat_of(const Engine& e, Seat seat) {
  const State& s = e.state();
  for (CardId c : s.in_play_where(Where::kTable)) {
    if (s.cards[c].controller == seat && s.def(c).title() == "Tox Uthat") return c;
  }
  return kNoCard;
}

void supernova_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                     std::vector<Action>& out) {
  if (!window && tox_uthat_of(e, seat) != kNoCard) on_location_plays(e, seat, self, window, out);
}

void supernova_announced(Engine& e, Seat seat, const Action&) {
  if (const CardId tox = tox_uthat_of(e, seat); tox != kNoCard) e.to_discard(tox);
}

void supernova_resolve(Engine& e, ActionFrame& f) {
  State& s = e.state();
  const CardId mission = f.action.b;
  const LocIndex loc = s.cards[mission].loc;
  std::vector<CardId> doomed;
  for (CardId c : s.in_play) {
    const CardState& card = s.cards[c];
    const bool here =
        (card.where == Where::kSpace || card.where == Where::kSurface) && card.loc == loc;
    if (here || (card.where == Where::kOn && card.host == mission)) doomed.push_back(c);
  }
  for (CardId c : doomed) {
    if (!s.in_play_at(c)) continue;  // gone with its host
    // Immune, it stays with everyone aboard (Gomtuu, staffed).
    const Handler* handler = s.handler(c);
    if (handler && handler->immune_to && handler->immune_to(e, c, f.action.a)) continue;
    if (e.is_ship(c) || e.is_facility(c)) {
      e.destroy_vessel(c, f.actor);
    } else {
      e.to_discard(c, ev::MoveCause::kDestroyed);
    }
  }
  for (CardId c : std::vector<CardId>(s.spaceline[loc].seeds))
    e.to_discard(c, ev::MoveCause::kDestroyed);
  place(e, f.action.a, f.actor, mission);
  for (Seat seat : {Seat{0}, Seat{1}}) {
    Effect closed{.kind = EffectKind::kMissionBlocked, .until = Until::kSourceLeaves};
    closed.source = f.action.a;
    closed.player = seat;
    closed.loc = loc;
    e.add_effect(closed);
  }
}

// --- Neural Servo Device: played on another player's Non-Aligned ship with personnel aboard.
// Unless 2 SECURITY are aboard, its player uses the ship and everyone aboard as their own until
// the end of the turn; neither side's personnel may beam between that ship and its player's other
// ships and facilities meanwhile (CRD IV.7, as Alien Parasites IV.5B). Then it is discarded. The
// cards taken are recorded as counters of the device naming them, with their controller before.

bool servo_target(const Engine& e, Seat seat, CardId ship) {
  const State& s = e.state();
  return s.in_play_at(ship) && e.is_ship(ship) && s.cards[ship].where == Where::kSpace &&
         s.cards[ship].controller != seat &&
         e.affiliations(ship) == bit(Affiliation::kNonAligned) && e.crewed(ship);
}

void servo_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                 std::vector<Action>& out) {
  if (window) return;
  for (CardId c : e.state().in_play_where(Where::kSpace)) {
    if (servo_target(e, seat, c)) out.push_back({ActionKind::kPlayEvent, self, c});
  }
}

Rule servo_still_legal(const Engine& e, Seat seat, const Action& play) {
  return servo_target(e, seat, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void take_control(Engine& e, CardId self, CardId c, Seat player) {
  State& s = e.state();
  const CardState card = s.cards[c];
  Effect taken{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
  taken.source = self;
  taken.card = c;
  taken.player = card.controller;
  e.add_effect(taken);
  e.move_card(c, Zone::kPlay, card.where, card.loc, card.host, player);
}

void servo_resolve(Engine& e, ActionFrame& f) {
  State& s = e.state();
  const CardId ship = f.action.b;
  const auto security = s.db->skills().find("SECURITY");
  if (!security || has_skill(e, e.crew(ship), *security, 4)) return;  // it does nothing
  std::vector<CardId> aboard;
  for (CardId c : s.in_play_where(Where::kAboard)) {
    if (s.cards[c].host == ship) aboard.push_back(c);
  }
  place(e, f.action.a, f.actor, ship);
  take_control(e, f.action.a, ship, f.actor);
  for (CardId c : aboard)
    take_control(e, f.action.a, c, f.actor);
}

// Every card taken goes back to its controller, wherever it is now.
void servo_leaving(Engine& e, CardId self) {
  State& s = e.state();
  std::vector<std::pair<CardId, Seat>> taken;
  for (const Effect& x : s.effects) {
    if (x.kind == EffectKind::kCounter && x.source == self && x.card != self && x.card != kNoCard)
      taken.emplace_back(x.card, x.player);
  }
  for (auto [c, controller] : taken) {
    const CardState card = s.cards[c];
    if (s.in_play_at(c)) e.move_card(c, Zone::kPlay, card.where, card.loc, card.host, controller);
  }
}

void servo_end_of_turn(Engine& e, CardId self) {
  e.to_discard(self);
}

bool servo_blocks(const Engine& e, CardId self, CardId card, CardId to) {
  const State& s = e.state();
  const CardId ship = s.cards[self].host;
  if (s.cards[ship].controller != s.cards[self].controller) return false;
  const bool taken = std::any_of(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kCounter && x.source == self && x.card == card;
  });
  if (!taken) return to == ship;  // its player's own personnel may not board it
  return to != kNoCard && to != ship && s.cards[to].owner == s.cards[self].controller;
}

// --- Raise the Stakes: the opponent concedes the game at once, or plays on with the stakes
// raised, the card staying on the table as the record of the wager (CRD IV.7). The wager itself
// (a card of the loser's deck to the winner's collection) is outside the game.

void stakes_resolve(Engine& e, ActionFrame& f) {
  auto concede = e.yes_no(State::other(f.actor));
  if (!concede) return;
  if (*concede)
    return e.finish(static_cast<std::uint8_t>(1u << f.actor), v1::RESULT_REASON_CONCESSION);
  place(e, f.action.a, f.actor);
}

}  // namespace
}  // namespace premiere_events

extern const Handler kMasakaTransformations{
    .name = "masaka_transformations",
    .test = "tests/scenarios/card-premiere-events.scn",
    .plays = plays_on_table,
    .resolve = premiere_events::masaka_resolve,
    .question = "whose hand goes under their draw deck?",
    .yes_label = "Your hand",
    .no_label = "Your opponent's hand",
};

extern const Handler kTheTravelerTranscendence{
    .name = "the_traveler_transcendence",
    .test = "tests/scenarios/card-premiere-events.scn",
    .plays = plays_on_table,
    .resolve = premiere_events::traveler_resolve,
    .end_of_turn = premiere_events::traveler_end_of_turn,
    .state_check = premiere_events::traveler_state_check,
    .question = "beside whose draw deck does it go?",
    .yes_label = "Yours",
    .no_label = "Your opponent's",
};

extern const Handler kAntiTimeAnomaly{
    .name = "anti_time_anomaly",
    .test = "tests/scenarios/card-premiere-events.scn",
    .plays = plays_on_table,
    .resolve = place_on_table,
    .end_of_turn = premiere_events::anomaly_end_of_turn,
};

extern const Handler kGenetronicReplicator{
    .name = "genetronic_replicator",
    .test = "tests/scenarios/card-premiere-events.scn",
    .plays = plays_on_table,
    .resolve = place_on_table,
    .prevents_death = premiere_events::replicator_prevents,
};

extern const Handler kTetryonField{
    .name = "tetryon_field",
    .test = "tests/scenarios/card-premiere-events.scn",
    .plays = premiere_events::on_location_plays,
    .still_legal = premiere_events::on_location_still_legal,
    .resolve = premiere_events::on_location_resolve,
    .blocks_move = premiere_events::tetryon_blocks,
    .ship_moved = premiere_events::tetryon_ship_moved,
};

extern const Handler kSubspaceWarpRift{
    .name = "subspace_warp_rift",
    .test = "tests/scenarios/card-premiere-events.scn",
    .plays = premiere_events::on_location_plays,
    .still_legal = premiere_events::on_location_still_legal,
    .resolve = premiere_events::on_location_resolve,
    .ship_moved = premiere_events::rift_ship_moved,
};

extern const Handler kRaiseTheStakes{
    .name = "raise_the_stakes",
    .test = "tests/scenarios/card-premiere-events.scn",
    .plays = plays_on_table,
    .resolve = premiere_events::stakes_resolve,
    .question = "concede the game now, or play on with the stakes raised?",
    .yes_label = "Concede the game",
    .no_label = "Play on for the stakes",
};

extern const Handler kWhereNoOneHasGoneBefore{
    .name = "where_no_one_has_gone_before",
    .test = "tests/scenarios/card-premiere-events.scn",
    .plays = plays_on_table,
    .resolve = place_on_table,
    .wraps_spaceline = true,
};

extern const Handler kSupernova{
    .name = "supernova",
    .test = "tests/scenarios/card-premiere-events.scn",
    .plays = premiere_events::supernova_plays,
    .still_legal = premiere_events::on_location_still_legal,
    .announced = premiere_events::supernova_announced,
    .resolve = premiere_events::supernova_resolve,
};

extern const Handler kNeuralServoDevice{
    .name = "neural_servo_device",
    .test = "tests/scenarios/card-premiere-events.scn",
    .plays = premiere_events::servo_plays,
    .still_legal = premiere_events::servo_still_legal,
    .resolve = premiere_events::servo_resolve,
    .end_of_turn = premiere_events::servo_end_of_turn,
    .leaving_play = premiere_events::servo_leaving,
    .blocks_beaming = premiere_events::servo_blocks,
};

extern const Handler kAlienProbe{
    .name = "alien_probe",
    .test = "tests/scenarios/card-premiere-events.scn",
    .plays = plays_on_table,
    .resolve = place_on_table,
    .hands_face_up = true,
};

extern const Handler kDistortionField{
    .name = "distortion_field",
    .test = "tests/scenarios/card-premiere-events.scn",
    .plays = premiere_events::on_planet_plays,
    .still_legal = premiere_events::on_location_still_legal,
    .resolve = premiere_events::on_location_resolve,
    .start_of_turn = premiere_events::distortion_start_of_turn,
    .blocks_beaming = premiere_events::distortion_blocks,
    .due_next_turn = premiere_events::distortion_due_next_turn,
    .bring_forward = premiere_events::distortion_bring_forward,
};

extern const Handler kAtmosphericIonization{
    .name = "atmospheric_ionization",
    .test = "tests/scenarios/card-premiere-events.scn",
    .plays = premiere_events::on_planet_plays,
    .still_legal = premiere_events::on_location_still_legal,
    .resolve = premiere_events::on_location_resolve,
    .blocks_beaming = premiere_events::ionization_blocks,
};

extern const Handler kPatternEnhancers{
    .name = "pattern_enhancers",
    .test = "tests/scenarios/card-premiere-events.scn",
    .plays = plays_on_table,
    .resolve = place_on_table,
};

extern const Handler kHoloProjectors{
    .name = "holo_projectors",
    .test = "tests/scenarios/card-premiere-events.scn",
    .plays = premiere_events::on_planet_plays,
    .still_legal = premiere_events::on_location_still_legal,
    .resolve = premiere_events::on_location_resolve,
    .holodeck_on_planet = true,
};

extern const Handler kLoresFingernail{
    .name = "lores_fingernail",
    .test = "tests/scenarios/card-premiere-events.scn",
    .plays = plays_on_table,
    .resolve = place_on_table,
    .state_check = premiere_events::fingernail_state_check,
};

}  // namespace spacedock::stccg::handlers
