// More Q-icon cards met in a Q-Flash (cards/ABILITIES.md §8; CRD IV.12), with the same
// conventions as q_continuum.cpp: `f.player` faces them, the other player owns them, and a used
// one goes face up under its owner's Q-Continuum. Also the cards that put personnel in stasis
// (Off Switch, Frigid, You Will in Time: a kStasis effect, ABILITIES.md §8 "Stasis") and Mortal Q
// with Immortal Again.
#include <algorithm>
#include <optional>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/cards/handlers/q_continuum.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kAmandaRogers, kCalamarain, kFrigid, kMortalQ, kOffSwitch, kQ2, kTheNakedTruth;

namespace {

bool in_group(const AttemptFrame& f, CardId c) {
  return std::find(f.members.begin(), f.members.end(), c) != f.members.end();
}

bool has_species(const CardDef& def, std::string_view species) {
  const auto& all = def.card.personnel().species();
  return std::find(all.begin(), all.end(), species) != all.end();
}

// The point value printed on a card, if it is a number (a dilemma's or an artifact's points, a
// Q-interrupt's worth); none for the others and for a variable value (Mandarin Bailiff's X).
std::optional<int> printed_points(const CardDef& def) {
  switch (def.type()) {
    case v1::STCCG_CARD_TYPE_DILEMMA:
      if (def.card.dilemma().points() != 0) return def.card.dilemma().points();
      break;
    case v1::STCCG_CARD_TYPE_INTERRUPT:
      if (def.card.interrupt().has_points()) return def.card.interrupt().points();
      break;
    case v1::STCCG_CARD_TYPE_ARTIFACT:
      if (def.card.artifact().has_points()) return def.card.artifact().points();
      break;
    default:
      break;
  }
  return std::nullopt;
}

// --- Wesley Gets the Point: the player's Wesley Crusher in the group or on any planet dies,
// and the card goes to that player's bonus area for its worth (data).

constexpr std::string_view kWesley = "Wesley Crusher";

void wesley_gets_the_point(Engine& e, AttemptFrame& f) {
  const State& s = e.state();
  const auto it = std::find_if(s.in_play.begin(), s.in_play.end(), [&](CardId c) {
    const CardState& card = s.cards[c];
    return e.is_personnel(c) && s.def(c).title() == kWesley && card.controller == f.player &&
           !card.disabled && !e.in_stasis(c) && (in_group(f, c) || card.where == Where::kSurface);
  });
  if (it == s.in_play.end()) return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
  e.kill(*it);
  e.prune(f);
  to_bonus(e, f, f.player, s.def(f.current).card.interrupt().points());
}

// --- Are These Truly Your Friends, Brother?: with more cards in the player's discard pile than
// personnel in the group, one of them at random goes to the owner's bonus area for its printed
// points, or out of play when it has none.

void are_these_truly_your_friends(Engine& e, AttemptFrame& f) {
  const std::vector<CardId> pile = e.state().players[f.player].discard;
  if (pile.size() <= f.members.size()) return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
  const CardId picked = e.random_member(pile);
  if (const auto points = printed_points(e.state().def(picked))) {
    e.score(q_owner(f), *points, picked);
    e.move_card(picked, Zone::kBonus, Where::kNone, kNoLoc, kNoCard, q_owner(f));
  } else {
    e.move_card(picked, Zone::kOutOfPlay);
  }
  e.finish_dilemma(f, ev::Outcome::kApplied);
}

// --- Scottish Setter: unless the group has an ANIMAL, it goes on a member picked at random,
// whose classification is ANIMAL until any Q-Flash (card data); the skill box is untouched.

void scottish_setter(Engine& e, AttemptFrame& f) {
  const SkillId animal = SkillTable::of(Classification::kAnimal);
  if (f.members.empty() || has_skill(e, f.members, animal, 1))
    return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
  const CardId victim = e.random_member(f.members);
  Effect becomes{.kind = EffectKind::kClassification, .until = Until::kSourceLeaves};
  becomes.card = victim;
  becomes.source = f.current;
  becomes.value = static_cast<std::int16_t>(Classification::kAnimal);
  e.add_effect(becomes);
  stay(e, f, victim);
}

// --- Dr. Q, Medicine Entity: the owner picks one of the player's events at a spaceline
// location and moves it to another location, onto a card like the one it is on where the event
// could legally be (qc.md).

std::vector<CardId> events_at_locations(const Engine& e, Seat seat) {
  const State& s = e.state();
  std::vector<CardId> out;
  for (CardId c : s.in_play) {
    if (s.type(c) == v1::STCCG_CARD_TYPE_EVENT && s.cards[c].controller == seat &&
        s.cards[c].where == Where::kOn && e.location_of(c) != kNoLoc)
      out.push_back(c);
  }
  return out;
}

// Whether its controller could play `event` onto `host`: as its handler's plays say, or as its
// data's target says (Engine::check_event). A Q-event is met, never played: any such card will
// do.
bool could_be_played_on(const Engine& e, CardId event, CardId host) {
  const State& s = e.state();
  const Seat seat = s.cards[event].controller;
  if (const Handler* handler = s.handler(event)) {
    if (!handler->plays) return true;
    std::vector<Action> plays;
    handler->plays(e, seat, event, nullptr, plays);
    return std::find(plays.begin(), plays.end(), Action{ActionKind::kPlayEvent, event, host}) !=
           plays.end();
  }
  const auto& data = s.def(event).card.event();
  switch (data.plays_on()) {
    case v1::STCCG_PLAYS_ON_YOUR_SHIP:
      return s.cards[host].controller == seat;
    case v1::STCCG_PLAYS_ON_MISSION: {
      const LocIndex loc = s.cards[host].loc;
      if (s.spaceline[loc].completed_by != kNoSeat) return false;
      if (!data.has_espionage()) return true;
      const auto spied = static_cast<Affiliation>(data.espionage().target());
      return (e.end_for(seat, loc).affiliations & bit(spied)) != 0;
    }
    default:
      return true;
  }
}

// Where the event may go: a card of the same type as its host at another location (a mission,
// or a ship or personnel of the host's controller) where it could be played.
std::vector<CardId> new_hosts(const Engine& e, CardId event) {
  const State& s = e.state();
  const CardId host = s.cards[event].host;
  const LocIndex here = e.location_of(event);
  std::vector<CardId> out;
  if (s.type(host) == v1::STCCG_CARD_TYPE_MISSION) {
    for (LocIndex loc = 0; loc < s.spaceline.size(); ++loc) {
      if (loc != here) out.push_back(s.spaceline[loc].mission);
    }
  } else {
    for (CardId c : s.in_play) {
      if (s.type(c) == s.type(host) && s.cards[c].zone == Zone::kPlay && e.location_of(c) != here &&
          s.cards[c].controller == s.cards[host].controller)
        out.push_back(c);
    }
  }
  std::erase_if(out, [&](CardId c) { return !could_be_played_on(e, event, c); });
  return out;
}

void dr_q(Engine& e, AttemptFrame& f) {
  std::vector<CardId> events = events_at_locations(e, f.player);
  std::erase_if(events, [&](CardId c) { return new_hosts(e, c).empty(); });
  if (f.sub == DilemmaStep::kEntry) {
    if (events.empty()) return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
    f.sub = DilemmaStep::kAsking;
  }
  if (f.sub == DilemmaStep::kAsking) {
    auto event = e.pick(q_owner(f), events);
    if (!event) return;
    f.picked =
        static_cast<std::uint8_t>(std::find(events.begin(), events.end(), *event) - events.begin());
    f.sub = DilemmaStep::kChosen;
  }
  const CardId event = events[f.picked];
  auto host = e.pick(q_owner(f), new_hosts(e, event));
  if (!host) return;
  e.move_card(event, Zone::kPlay, Where::kOn, kNoLoc, *host, e.state().cards[event].controller);
  e.finish_dilemma(f, ev::Outcome::kApplied);
}

// --- Where's Guinan?: with Guinan (either persona) in the group, the owner sends each
// El-Aurian of the group, one at a time, to a planet of their choice.

bool is_guinan(const CardDef& def) {
  return def.title() == "Guinan" || def.title() == "Madam Guinan";
}

std::vector<CardId> el_aurians(const Engine& e, const AttemptFrame& f) {
  std::vector<CardId> out;
  for (CardId c : f.members) {
    if (has_species(e.state().def(c), "El-Aurian")) out.push_back(c);
  }
  return out;
}

std::vector<CardId> planets(const Engine& e) {
  std::vector<CardId> out;
  for (LocIndex loc = 0; loc < e.state().spaceline.size(); ++loc) {
    if (e.planet(loc)) out.push_back(e.state().spaceline[loc].mission);
  }
  return out;
}

void wheres_guinan(Engine& e, AttemptFrame& f) {
  if (f.sub == DilemmaStep::kEntry) {
    const bool guinan = std::any_of(f.members.begin(), f.members.end(),
                                    [&](CardId c) { return is_guinan(e.state().def(c)); });
    if (!guinan || planets(e).empty()) return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
    f.sub = DilemmaStep::kAsking;
  }
  // Each one sent leaves the group, so the next is always the first left.
  for (std::vector<CardId> left = el_aurians(e, f); !left.empty(); left = el_aurians(e, f)) {
    auto where = e.pick(q_owner(f), planets(e));
    if (!where) return;
    const CardId c = left.front();
    e.move_card(c, Zone::kPlay, Where::kSurface, e.state().cards[*where].loc, kNoCard,
                e.state().cards[c].controller);
    e.prune(f);
  }
  e.finish_dilemma(f, ev::Outcome::kApplied);
}

// --- Off Switch: an android of either player is in stasis for the rest of the turn; or it
// nullifies another Off Switch being played.

bool android(const Engine& e, CardId c) {
  return e.is_personnel(c) && printed_kind(e.state().def(c)) == PersonnelKind::kAndroid;
}

void off_switch_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                      std::vector<Action>& out) {
  const State& s = e.state();
  if (window) {
    answer_plays(e, seat, self, out, [&](CardId c) { return s.handler(c) == &kOffSwitch; });
    if (window->kind == WindowKind::kDilemma) return;  // only cancellers there
  }
  for (CardId c : s.in_play) {
    if (s.cards[c].zone == Zone::kPlay && android(e, c) && !e.in_stasis(c))
      out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule off_switch_still_legal(const Engine& e, Seat, const Action& play) {
  const CardState& target = e.state().cards[play.b];
  if (e.state().handler(play.b) == &kOffSwitch)
    return target.zone == Zone::kResolving ? Rule::kOk : Rule::kNoTarget;
  return target.zone == Zone::kPlay && !e.in_stasis(play.b) ? Rule::kOk : Rule::kNoTarget;
}

void off_switch(Engine& e, ActionFrame& f) {
  const CardId target = f.action.b;
  if (e.state().handler(target) == &kOffSwitch) {
    if (e.state().cards[target].zone == Zone::kResolving) e.nullify(target);
    return;
  }
  if (off_switch_still_legal(e, f.actor, f.action) != Rule::kOk) return;
  Effect stasis{.kind = EffectKind::kStasis, .until = Until::kEndOfTurn};
  stasis.card = target;
  stasis.source = f.action.a;
  e.add_effect(stasis);
}

// --- Stasis held by a card placed on the personnel (Frigid, You Will in Time): it ends when
// that card leaves play (Effect::flag).

void hold_in_stasis(Engine& e, CardId holder, CardId personnel, Until until) {
  Effect stasis{.kind = EffectKind::kStasis, .until = until};
  stasis.card = personnel;
  stasis.source = holder;
  stasis.flag = true;
  e.add_effect(stasis);
}

bool holds_stasis(const Engine& e, CardId holder) {
  const auto& all = e.state().effects;
  return std::any_of(all.begin(), all.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kStasis && x.source == holder;
  });
}

// --- Frigid: waits on its owner's table. The first time the player who faced it plays an
// interrupt in the owner's turn, the owner either puts it on a SECURITY personnel of that player,
// in stasis until any Q-Flash, or discards it. Once on a personnel it goes when the stasis ends.

void frigid_encounter(Engine& e, AttemptFrame& f) {
  stay(e, f);
}

// An interrupt `seat` is playing from hand now, waiting to resolve.
bool playing_interrupt(const Engine& e, Seat seat) {
  const State& s = e.state();
  return std::any_of(s.frames.begin(), s.frames.end(), [&](const Frame& frame) {
    const auto* f = std::get_if<ActionFrame>(&frame);
    return f && f->actor == seat && f->action.kind == ActionKind::kPlayInterrupt &&
           s.cards[f->action.a].zone == Zone::kResolving;
  });
}

void frigid_state_check(Engine& e, CardId self) {
  const State& s = e.state();
  const CardState& card = s.cards[self];
  if (card.where == Where::kOn) {
    if (!holds_stasis(e, self)) e.to_discard(self);  // a Q-Flash ended the stasis
    return;
  }
  const Seat victim = State::other(card.controller);
  if (s.active == victim || !playing_interrupt(e, victim) || !may_start_card_frame(e, self)) return;
  e.state().frames.emplace_back(CardFrame{.card = self, .player = card.controller});
}

std::vector<CardId> security_of(const Engine& e, Seat seat) {
  const State& s = e.state();
  std::vector<CardId> out;
  for (CardId c : s.in_play) {
    if (e.is_personnel(c) && s.cards[c].zone == Zone::kPlay && s.cards[c].controller == seat &&
        !s.cards[c].disabled && !e.in_stasis(c) &&
        e.base_facts(c).classification == Classification::kSecurity)
      out.push_back(c);
  }
  return out;
}

void frigid_step(Engine& e, CardFrame& f) {
  const std::vector<CardId> security = security_of(e, State::other(f.player));
  auto chosen =
      security.empty() ? std::optional<CardId>(kNoCard) : e.pick_or_done(f.player, security);
  if (!chosen) return;
  const CardId self = f.card;
  const Seat owner = f.player;
  e.state().frames.pop_back();  // `f` is gone from here on
  if (*chosen == kNoCard) return e.to_discard(self);
  e.move_card(self, Zone::kPlay, Where::kOn, kNoLoc, *chosen, owner);
  hold_in_stasis(e, self, *chosen, Until::kAnyQFlash);
}

// --- You Will in Time: a player who began the attempt alone may have any unique personnel of
// theirs put in stasis by the owner, the card on it; each turn the owner may make a request
// which, granted, frees it (option you_will_in_time_requests).

std::vector<CardId> unique_personnel_of(const Engine& e, Seat seat) {
  const State& s = e.state();
  std::vector<CardId> out;
  for (CardId c : s.in_play) {
    if (e.is_personnel(c) && s.cards[c].zone == Zone::kPlay && s.cards[c].controller == seat &&
        !s.def(c).card.universal() && !s.cards[c].disabled && !e.in_stasis(c))
      out.push_back(c);
  }
  return out;
}

void you_will_in_time_encounter(Engine& e, AttemptFrame& f) {
  const std::vector<CardId> unique = unique_personnel_of(e, f.player);
  if (f.started_with != 1 || unique.empty()) return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
  auto chosen = e.pick_or_done(q_owner(f), unique);
  if (!chosen) return;
  if (*chosen == kNoCard) return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
  hold_in_stasis(e, f.current, *chosen, Until::kRemoved);
  stay(e, f, *chosen);
  e.prune(f);
}

void you_will_in_time_start_of_turn(Engine& e, CardId self) {
  if (!e.state().options.you_will_in_time_requests) return;
  e.state().frames.emplace_back(
      CardFrame{.card = self, .player = e.state().cards[self].controller});
}

void you_will_in_time_step(Engine& e, CardFrame& f) {
  if (f.sub == 0) {
    auto ask = e.yes_no(f.player);  // the owner makes a request, or not
    if (!ask) return;
    if (!*ask) return e.state().frames.pop_back();
    f.sub = 1;
  }
  auto granted = e.yes_no(State::other(f.player));
  if (!granted) return;
  const CardId self = f.card;
  e.state().frames.pop_back();  // `f` is gone from here on
  if (*granted) e.to_discard(self);
}

// --- Mortal Q: his CUNNING is undefined (card data). Once he is in play, the Q-Continuum of
// the player who controls him is inactive for the rest of the game, even after he leaves, until
// Immortal Again nullifies him.

bool closes_q_continuum(const Effect& x, CardId mortal_q) {
  return x.kind == EffectKind::kSideDeckInactive && x.source == mortal_q;
}

void mortal_q_state_check(Engine& e, CardId self) {
  const auto& all = e.state().effects;
  if (std::any_of(all.begin(), all.end(),
                  [&](const Effect& x) { return closes_q_continuum(x, self); }))
    return;
  Effect inactive{.kind = EffectKind::kSideDeckInactive, .until = Until::kRemoved};
  inactive.player = e.state().cards[self].controller;
  inactive.source = self;
  inactive.value = static_cast<std::int16_t>(SideDeckKind::kQContinuum);
  e.add_effect(inactive);
}

// --- Immortal Again: either it nullifies a Mortal Q in play (and every Calamarain), making the
// Q-Continuum he closed active again; or it is exchanged for an Amanda Rogers or a Q2 of its
// player's discard pile, which goes to the hand.

bool amanda_or_q2(const Engine& e, CardId c) {
  const Handler* h = e.state().handler(c);
  return h == &kAmandaRogers || h == &kQ2;
}

void immortal_again_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                          std::vector<Action>& out) {
  if (window) return;  // an event: its player's card play
  const State& s = e.state();
  for (CardId c : s.in_play) {
    if (s.handler(c) == &kMortalQ && s.cards[c].zone == Zone::kPlay)
      out.push_back({ActionKind::kPlayEvent, self, c});
  }
  for (CardId c : s.players[seat].discard) {
    if (amanda_or_q2(e, c)) out.push_back({ActionKind::kPlayEvent, self, c});
  }
}

Rule immortal_again_still_legal(const Engine& e, Seat seat, const Action& play) {
  const State& s = e.state();
  if (s.handler(play.b) == &kMortalQ) return s.in_play_at(play.b) ? Rule::kOk : Rule::kNoTarget;
  const auto& pile = s.players[seat].discard;
  return std::find(pile.begin(), pile.end(), play.b) != pile.end() ? Rule::kOk : Rule::kNoTarget;
}

void immortal_again(Engine& e, ActionFrame& f) {
  if (immortal_again_still_legal(e, f.actor, f.action) != Rule::kOk) return;
  const CardId target = f.action.b;
  if (!amanda_or_q2(e, target)) {
    e.end_effects([&](const Effect& x) { return closes_q_continuum(x, target); });
    e.nullify(target);
    for (CardId c : std::vector<CardId>(e.state().in_play)) {
      if (e.state().handler(c) == &kCalamarain && e.state().in_play_at(c)) e.nullify(c);
    }
    return;
  }
  e.move_card(target, Zone::kHand);
  e.reveal(target);
}

// --- Tijuana Crass: on its owner's table for good; while it is there, live points (Ressikan
// Flute) are scored by both players.

void tijuana_crass(Engine& e, AttemptFrame& f) {
  Effect shared{.kind = EffectKind::kLivePointsShared, .until = Until::kSourceLeaves};
  shared.source = f.current;
  e.add_effect(shared);
  stay(e, f);
}

// --- Door-Net: the facing player picks one of their doorways, on a side deck or on the table; it
// goes there until any Q-Flash (card data) and that doorway is closed meanwhile.

void door_net(Engine& e, AttemptFrame& f) {
  std::vector<CardId> doors;
  std::vector<SideDeckKind> kinds;
  for (int k = 0; k < kSideDeckKinds; ++k) {
    const auto kind = static_cast<SideDeckKind>(k);
    const CardId door = e.state().players[f.player].side_deck(kind).door;
    if (door != kNoCard) {
      doors.push_back(door);
      kinds.push_back(kind);
    }
  }
  const std::size_t side_doors = doors.size();
  // Doorways on the table (Alternate Universe Door) or on a mission (Manheim's Dimensional Door).
  for (CardId c : e.state().in_play) {
    const CardDef& def = e.state().def(c);
    const Where where = e.state().cards[c].where;
    if (def.type() == v1::STCCG_CARD_TYPE_DOORWAY &&
        (where == Where::kTable || where == Where::kOn) &&
        e.state().cards[c].controller == f.player)
      doors.push_back(c);
  }
  if (doors.empty()) return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
  auto door = e.pick(f.player, doors);
  if (!door) return;
  const auto index =
      static_cast<std::size_t>(std::find(doors.begin(), doors.end(), *door) - doors.begin());
  Effect closed{.kind = EffectKind::kSideDeckInactive, .until = Until::kSourceLeaves};
  closed.player = f.player;
  closed.source = f.current;
  if (index < side_doors) {
    closed.value = static_cast<std::int16_t>(kinds[index]);
  } else {
    closed.kind = EffectKind::kDoorwayClosed;
    closed.card = *door;
  }
  e.add_effect(closed);
  stay(e, f, *door);
}

// The player whose doorway it closes may nullify it in their own turn, as an order, by showing
// personnel from hand with Diplomacy x2 between them (qc.md; CRD IV.12.A). The order names the
// first card shown; a second is chosen when the first has Diplomacy only once.

Seat door_net_victim(const Engine& e, CardId self) {
  for (const Effect& x : e.state().effects) {
    if (x.source == self &&
        (x.kind == EffectKind::kSideDeckInactive || x.kind == EffectKind::kDoorwayClosed))
      return x.player;
  }
  return kNoSeat;
}

int diplomacy_in(const Engine& e, CardId c) {
  const auto diplomacy = e.state().db->skills().find("Diplomacy");
  if (!diplomacy || e.state().type(c) != v1::STCCG_CARD_TYPE_PERSONNEL) return 0;
  int halves = 0;
  for (const SkillEntry& entry : e.state().def(c).skills) {
    if (entry.skill == *diplomacy) halves += entry.halves;
  }
  return halves;
}

std::vector<CardId> diplomats_in_hand(const Engine& e, Seat seat, CardId besides = kNoCard) {
  std::vector<CardId> out;
  for (CardId c : e.state().players[seat].hand) {
    if (c != besides && diplomacy_in(e, c) > 0) out.push_back(c);
  }
  return out;
}

constexpr int kDoorNetDiplomacy = 4;  // Diplomacy x2, in halves

void door_net_orders(const Engine& e, Seat seat, CardId self, std::vector<Action>& out) {
  if (e.state().active != seat || door_net_victim(e, self) != seat) return;
  const std::vector<CardId> diplomats = diplomats_in_hand(e, seat);
  int total = 0;
  for (CardId c : diplomats)
    total += diplomacy_in(e, c);
  if (total < kDoorNetDiplomacy) return;
  for (CardId c : diplomats)
    out.push_back({ActionKind::kUseCard, self, c});
}

void door_net_resolve(Engine& e, ActionFrame& f) {
  const CardId self = f.action.a;
  const CardId first = f.action.b;
  if (f.sub == 0) {
    e.expose(first);
    f.sub = 1;
  }
  if (diplomacy_in(e, first) < kDoorNetDiplomacy) {
    const auto second = e.pick(f.actor, diplomats_in_hand(e, f.actor, first));
    if (!second) return;
    e.expose(*second);
  }
  if (e.state().in_play_at(self)) e.nullify(self);
}

// --- The Naked Truth: the owner may drop a unique personnel from their hand into the group,
// where the facing player controls it from then on; it arrives stopped. Each personnel (persona)
// only once per game for each owner, whichever copy of the card gives it (CRD IV.12.A): a
// kUsed mark per persona given, kept for the game.

bool given_before(const State& s, Seat owner, PersonaId persona) {
  return std::any_of(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kUsed && x.player == owner && x.value == persona &&
           s.handler(x.source) == &kTheNakedTruth;
  });
}

void naked_truth(Engine& e, AttemptFrame& f) {
  const State& s = e.state();
  std::vector<CardId> offered;
  for (CardId c : s.players[q_owner(f)].hand) {
    if (e.is_personnel(c) && !s.def(c).card.universal() &&
        !e.persona_in_play(f.player, s.def(c).persona, kNoCard) &&
        !given_before(s, q_owner(f), s.def(c).persona))
      offered.push_back(c);
  }
  if (offered.empty()) return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
  auto given = e.pick_or_done(q_owner(f), offered);
  if (!given) return;
  if (*given == kNoCard) return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
  Effect once{.kind = EffectKind::kUsed, .until = Until::kRemoved};
  once.source = f.current;
  once.player = q_owner(f);
  once.value = static_cast<std::int16_t>(s.def(*given).persona);
  e.add_effect(once);
  if (f.vessel != kNoCard) {
    e.move_card(*given, Zone::kPlay, Where::kAboard, kNoLoc, f.vessel, f.player);
    e.arrest_incompatible();  // one who may not work with the crew is under house arrest
  } else {
    e.move_card(*given, Zone::kPlay, Where::kSurface, f.loc, kNoCard, f.player);
  }
  e.stop(*given);
  e.finish_dilemma(f, ev::Outcome::kApplied);
}

// --- Amanda's Parents: on its owner's table until any Q-Flash. When the player who faced it
// uses an Amanda Rogers on a card without the Q icon, then once that Amanda is in their discard
// pile the owner may put it out of play with two more cards of that pile of the owner's choice.
// The Amanda seen is remembered in a counter on it until then.

void amandas_parents_encounter(Engine& e, AttemptFrame& f) {
  stay(e, f);
}

void amandas_parents_state_check(Engine& e, CardId self) {
  State& s = e.state();
  const Seat user = State::other(s.cards[self].controller);
  for (const Frame& frame : s.frames) {
    const auto* play = std::get_if<ActionFrame>(&frame);
    if (!play || play->actor != user || play->action.kind != ActionKind::kPlayInterrupt ||
        s.handler(play->action.a) != &kAmandaRogers || play->action.b == kNoCard ||
        has_q_icon(e, play->action.b) || e.find_effect(EffectKind::kCounter, play->action.a))
      continue;
    Effect seen{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
    seen.source = self;
    seen.card = play->action.a;
    e.add_effect(seen);
    return;
  }
  const auto seen = std::find_if(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kCounter && x.source == self && x.card != self;
  });
  if (seen == s.effects.end() || s.cards[seen->card].zone != Zone::kDiscard ||
      !may_start_card_frame(e, self))
    return;
  const Effect record = *seen;
  e.end_effects([&](const Effect& x) { return x == record; });
  s.frames.emplace_back(
      CardFrame{.card = self, .player = s.cards[self].controller, .chosen = record.card});
}

void amandas_parents_step(Engine& e, CardFrame& f) {
  std::vector<CardId> pile = e.state().players[State::other(f.player)].discard;
  std::erase(pile, f.chosen);
  auto taken = pile.empty() ? std::optional<CardId>(kNoCard)
               : f.sub == 0 ? e.pick_or_done(f.player, pile)
                            : e.pick(f.player, pile);
  if (!taken) return;
  if (f.sub == 0 && *taken != kNoCard) e.move_card(f.chosen, Zone::kOutOfPlay);
  if (*taken != kNoCard) e.move_card(*taken, Zone::kOutOfPlay);
  if (f.sub == 0 && *taken != kNoCard) {
    f.sub = 1;  // and a second one
    return;
  }
  e.state().frames.pop_back();  // `f` is gone from here on
}

// --- Pla-Net: the facing player decides, without looking, whether the next seed card under the
// mission is cancelled. Yes: it goes to its owner's discard pile, and Pla-Net to the player's
// bonus area for its points (data). No: Pla-Net waits on the mission watching that card (a
// counter on it: `flag` once it is met, `value` how many of the player's personnel were held
// back then); if meeting it left more of them stopped, disabled or in stasis, Pla-Net goes to
// that bonus area, otherwise, or when the attempt ends before it, it is discarded.

CardId next_seed(const Engine& e, const AttemptFrame& f) {
  const auto& seeds = e.state().spaceline[f.loc].seeds;
  for (std::size_t i = f.cursor; i < seeds.size(); ++i) {
    if (e.state().def(seeds[i]).type() != v1::STCCG_CARD_TYPE_ARTIFACT) return seeds[i];
  }
  return kNoCard;
}

int held_back(const Engine& e, Seat seat) {
  const State& s = e.state();
  return static_cast<int>(std::count_if(s.in_play.begin(), s.in_play.end(), [&](CardId c) {
    const CardState& card = s.cards[c];
    return e.is_personnel(c) && card.owner == seat &&
           (card.stopped || card.disabled || e.in_stasis(c));
  }));
}

void pla_net(Engine& e, AttemptFrame& f) {
  const CardId next = next_seed(e, f);
  if (next == kNoCard) return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
  auto cancel = e.yes_no(f.player);
  if (!cancel) return;
  if (*cancel) {
    e.emit(ev::Nullified{next, e.state().cards[next].def});
    e.move_card(next, Zone::kDiscard, Where::kNone, kNoLoc, kNoCard, e.state().cards[next].owner);
    return to_bonus(e, f, f.player, e.state().def(f.current).card.dilemma().points());
  }
  Effect watch{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
  watch.source = f.current;
  watch.card = next;
  watch.player = f.player;
  e.add_effect(watch);
  stay(e, f, e.state().spaceline[f.loc].mission);
}

void pla_net_state_check(Engine& e, CardId self) {
  State& s = e.state();
  const auto watch = std::find_if(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kCounter && x.source == self && x.card != self;
  });
  if (watch == s.effects.end()) return;
  const Zone zone = s.cards[watch->card].zone;
  if (zone == Zone::kResolving) {
    if (!watch->flag) {
      watch->flag = true;
      watch->value = static_cast<std::int16_t>(held_back(e, watch->player));
    }
    return;
  }
  const Seat player = watch->player;
  if (zone == Zone::kSeed) {
    const LocIndex loc = e.location_of(self);
    const bool attempting = std::any_of(s.frames.begin(), s.frames.end(), [&](const Frame& frame) {
      const auto* f = std::get_if<AttemptFrame>(&frame);
      return f && f->loc == loc && f->player == player;
    });
    if (!attempting) e.to_discard(self);
    return;
  }
  if (!watch->flag || held_back(e, player) <= watch->value) return e.to_discard(self);
  e.score(player, s.def(self).card.dilemma().points(), self);
  e.move_card(self, Zone::kBonus, Where::kNone, kNoLoc, kNoCard, player);
}

}  // namespace

extern const Handler kWesleyGetsThePoint{
    .name = "wesley_gets_the_point",
    .test = "tests/scenarios/card-q-flash-cards.scn",
    .encounter = wesley_gets_the_point,
};

extern const Handler kAreTheseTrulyYourFriendsBrother{
    .name = "are_these_truly_your_friends_brother",
    .test = "tests/scenarios/card-q-flash-cards.scn",
    .encounter = are_these_truly_your_friends,
};

extern const Handler kScottishSetter{
    .name = "scottish_setter",
    .test = "tests/scenarios/card-q-flash-cards.scn",
    .encounter = scottish_setter,
};

extern const Handler kDrQMedicineEntity{
    .name = "dr_q_medicine_entity",
    .test = "tests/scenarios/card-q-flash-cards.scn",
    .encounter = dr_q,
    .choose_label = "choose an event of the opponent's at a spaceline location, then where it goes",
};

extern const Handler kWheresGuinan{
    .name = "wheres_guinan",
    .test = "tests/scenarios/card-q-flash-cards.scn",
    .encounter = wheres_guinan,
    .choose_label = "choose the planet the next El-Aurian of the group goes to",
};

extern const Handler kOffSwitch{
    .name = "off_switch",
    .test = "tests/scenarios/card-stasis.scn",
    .plays = off_switch_plays,
    .still_legal = off_switch_still_legal,
    .resolve = off_switch,
};

extern const Handler kFrigid{
    .name = "frigid",
    .test = "tests/scenarios/card-stasis.scn",
    .state_check = frigid_state_check,
    .step = frigid_step,
    .encounter = frigid_encounter,
    .choose_label =
        "choose a SECURITY personnel of the opponent's to put in stasis under Frigid, or done to "
        "discard Frigid",
};

extern const Handler kYouWillInTime{
    .name = "you_will_in_time",
    .test = "tests/scenarios/card-stasis.scn",
    .start_of_turn = you_will_in_time_start_of_turn,
    .step = you_will_in_time_step,
    .encounter = you_will_in_time_encounter,
    .question =
        "You Will in Time: the owner makes a request (yes/no); the player whose "
        "personnel is in stasis grants it, freeing the personnel (yes/no)",
    .yes_label = "Yes",
    .no_label = "No",
    .choose_label = "choose a unique personnel of the opponent's to put in stasis, or done",
};

extern const Handler kMortalQ{
    .name = "mortal_q",
    .test = "tests/scenarios/card-mortal-q.scn",
    .state_check = mortal_q_state_check,
};

extern const Handler kImmortalAgain{
    .name = "immortal_again",
    .test = "tests/scenarios/card-mortal-q.scn",
    .plays = immortal_again_plays,
    .still_legal = immortal_again_still_legal,
    .resolve = immortal_again,
};

extern const Handler kTijuanaCrass{
    .name = "tijuana_crass",
    .test = "tests/scenarios/card-q-flash-cards.scn",
    .encounter = tijuana_crass,
};

extern const Handler kDoorNet{
    .name = "door_net",
    .test = "tests/scenarios/card-q-flash-cards.scn",
    .resolve = door_net_resolve,
    .orders = door_net_orders,
    .orders_for_either_player = true,
    .encounter = door_net,
    .choose_label =
        "choose the doorway of yours Door-Net closes until any Q-Flash (nullifying it: the "
        "second personnel with Diplomacy you show)",
    .use_label = "show personnel with Diplomacy x2 from your hand to nullify Door-Net",
};

extern const Handler kTheNakedTruth{
    .name = "the_naked_truth",
    .test = "tests/scenarios/card-q-flash-cards.scn",
    .encounter = naked_truth,
    .choose_label =
        "choose a unique personnel of your hand to drop into the opponent's group, or "
        "done",
};

extern const Handler kAmandasParents{
    .name = "amandas_parents",
    .test = "tests/scenarios/card-q-flash-cards.scn",
    .state_check = amandas_parents_state_check,
    .step = amandas_parents_step,
    .encounter = amandas_parents_encounter,
    .choose_label =
        "choose two more cards of the opponent's discard pile to put out of play with "
        "the Amanda Rogers used (done: none of them)",
};

extern const Handler kPlaNet{
    .name = "pla_net",
    .test = "tests/scenarios/card-q-flash-cards.scn",
    .state_check = pla_net_state_check,
    .encounter = pla_net,
    .question = "cancel the next seed card under this mission, unseen?",
    .yes_label = "Cancel it: Pla-Net scores its points for you now",
    .no_label = "Meet it: Pla-Net scores only if that card holds back your personnel",
};

}  // namespace spacedock::stccg::handlers
