// Alternate Universe events whose play or effect the data cannot say (cards/abilities/
// au-events.md): Baryon Buildup goes when its ship sits empty at home, Captain's Log follows the
// matching commanders aboard, Interrogation scores a captive's answers, Klim Dokachin withholds
// a draw, Mot's Advice is played on a personnel, Rishon Uxbridge on an event that Kevin Uxbridge
// may then not touch, The Mask of Korgano turns the AU icon over, Thermal Deflectors nullify the
// fire cards; Engage Shuttle Operations lands and carries shuttles, Intruder Force Field turns the
// Kidnappers round and holds off Rogue Borg, Particle Scattering Field blocks beaming, Revolving
// Door closes a doorway, The Charybdis leaves artifacts behind, Wartime Conditions lifts the
// Federation's battle limit.
#include <algorithm>
#include <span>
#include <string_view>
#include <utility>
#include <variant>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/cards/handlers/revolving_door.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kCaptainsLog, kRishonUxbridge, kRevolvingDoor, kTelepathicAlienKidnappers,
    kIconianGateway, kWartimeConditions, kEngageShuttleOperations;

// Its own namespace: the engine is built in unity chunks, where two files' anonymous
// namespaces are one.
namespace au_events {
namespace {

// Played as the turn's card play onto a card in play `fits` accepts, either player's.
template <typename Fits>
void au_event_plays_onto(const Engine& e, CardId self, const WindowFrame* window,
                         std::vector<Action>& out, Fits fits) {
  if (window) return;
  for (CardId c : e.state().in_play) {
    if (c != self && fits(c)) out.push_back({ActionKind::kPlayEvent, self, c});
  }
}

void au_event_onto_target(Engine& e, ActionFrame& f) {
  place(e, f.action.a, f.actor, f.action.b);
}

// --- Baryon Buildup: RANGE -2 on any ship (data). At the start of a turn of the ship's owner it
// goes if nobody is aboard and the ship is docked at that player's facility (au.md AMBIGUOUS;
// rule option baryon_buildup_owners_turn off: a turn of the player who played it, the ship at
// that player's facility).

void baryon_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                  std::vector<Action>& out) {
  au_event_plays_onto(e, self, window, out, [&](CardId c) { return e.is_ship(c); });
}

void baryon_start_of_turn(Engine& e, CardId self) {
  const State& s = e.state();
  const CardId ship = s.cards[self].host;
  if (!s.in_play_at(ship)) return;
  const Seat owner = s.cards[ship].controller;
  const Seat home = s.options.baryon_buildup_owners_turn ? owner : s.cards[self].controller;
  if (s.active != home || e.facility_of(home, s.cards[ship].loc) == kNoCard) return;
  if (home == owner && !e.docked(ship)) return;
  const auto& aboard = s.in_play_where(Where::kAboard);
  const bool anyone = std::any_of(aboard.begin(), aboard.end(), [&](CardId c) {
    return s.cards[c].host == ship && e.is_personnel(c);
  });
  if (!anyone) e.nullify(self);
}

// --- Captain's Log: WEAPONS +3 and SHIELDS +3 for each of its player's ships with a matching
// commander aboard, kept up to date as crews change; one copy per player has effect.

constexpr int kCaptainsLogBonus = 3;

void captains_log_state_check(Engine& e, CardId self) {
  const State& s = e.state();
  const Seat seat = s.cards[self].controller;
  const bool acts = first_copy(e, kCaptainsLog, seat) == self;
  const auto boosted = [&](CardId ship) {
    return std::any_of(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
      return x.kind == EffectKind::kAttribute && x.source == self && x.card == ship;
    });
  };
  for (CardId ship : std::vector<CardId>(s.in_play_where(Where::kSpace))) {
    if (!e.is_ship(ship)) continue;
    const bool due = acts && s.cards[ship].controller == seat && e.matching_commander_aboard(ship);
    if (due && !boosted(ship)) {
      add_attribute_while(e, self, ship, Attribute::kWeapons, kCaptainsLogBonus);
      add_attribute_while(e, self, ship, Attribute::kShields, kCaptainsLogBonus);
    } else if (!due && boosted(ship)) {
      e.end_effects([&](const Effect& x) {
        return x.kind == EffectKind::kAttribute && x.source == self && x.card == ship;
      });
    }
  }
}

// --- Interrogation: played on an opponent's personnel its player holds captive. At the start of
// each later turn of that player the captive's owner chooses: give in (the interrogator scores 10,
// the captive goes home to one of its owner's facilities, the event goes with its release) or
// resist (the interrogator scores 1). Points scored stay scored (CRD IV.7). Madred aboard the
// facility that holds the captive adds 1 to each answer's points, as to a Torture's.

constexpr int kInterrogationGiveIn = 10;
constexpr int kInterrogationResist = 1;

bool held_by(const Engine& e, CardId c, Seat captor) {
  const Effect* captive = e.captivity(c);
  return e.is_personnel(c) && captive && captive->player == captor &&
         e.state().cards[c].owner != captor;
}

void interrogation_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                         std::vector<Action>& out) {
  au_event_plays_onto(e, self, window, out, [&](CardId c) { return held_by(e, c, seat); });
}

Rule interrogation_still_legal(const Engine& e, Seat seat, const Action& play) {
  return held_by(e, play.b, seat) ? Rule::kOk : Rule::kNoTarget;
}

void interrogation_start_of_turn(Engine& e, CardId self) {
  State& s = e.state();
  const CardId captive = s.cards[self].host;
  const Seat interrogator = s.cards[self].controller;
  if (s.active != interrogator || s.turn <= placed_on_turn(e, self) ||
      !held_by(e, captive, interrogator))
    return;
  s.frames.emplace_back(CardFrame{.card = self, .player = s.cards[captive].owner});
}

void interrogation_step(Engine& e, CardFrame& f) {
  const auto give_in = e.yes_no(f.player);
  if (!give_in) return;
  State& s = e.state();
  const CardId self = f.card;
  const CardId captive = s.cards[self].host;
  const Seat interrogator = s.cards[self].controller;
  s.frames.pop_back();  // `f` is gone from here on
  const int madred = madred_bonus(e, self, captive);
  if (!*give_in) {
    e.score(interrogator, kInterrogationResist + madred, self);
    return;
  }
  e.score(interrogator, kInterrogationGiveIn + madred, self);
  if (s.over) return;
  e.release(captive);  // the event on it is discarded
  const auto home = std::find_if(s.in_play.begin(), s.in_play.end(), [&](CardId c) {
    return e.is_facility(c) && s.cards[c].controller == f.player;
  });
  if (home != s.in_play.end())
    e.move_card(captive, Zone::kPlay, Where::kAboard, kNoLoc, *home, s.cards[captive].owner);
}

// --- Klim Dokachin: in a turn in which its player's opponent played a unique personnel (from
// the hand, or downloaded), that player draws no card as the turn ends. The turn's events are
// read back to its start.

bool unique_personnel_played(const State& s, Seat seat) {
  for (auto it = s.events.rbegin(); it != s.events.rend(); ++it) {
    const auto* step = std::get_if<ev::StepStarted>(&*it);
    if (step && step->step == ev::Step::kTurn) return false;
    const auto* moved = std::get_if<ev::CardMoved>(&*it);
    if (!moved || moved->to.zone != Zone::kPlay || moved->to.controller != seat) continue;
    const bool played = moved->from.zone == Zone::kHand || moved->from.zone == Zone::kResolving ||
                        moved->from.zone == Zone::kDrawDeck;
    const CardDef& def = s.db->def(moved->def);
    if (played && def.type() == v1::STCCG_CARD_TYPE_PERSONNEL && !def.card.universal()) return true;
  }
  return false;
}

void klim_dokachin_state_check(Engine& e, CardId self) {
  const State& s = e.state();
  const Seat opponent = s.active;
  if (opponent == s.cards[self].controller) return;
  const bool barred = std::any_of(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kNoDraws && x.player == opponent && x.source == self;
  });
  if (barred || !unique_personnel_played(s, opponent)) return;
  Effect no_draw{.kind = EffectKind::kNoDraws, .until = Until::kEndOfTurn};
  no_draw.player = opponent;
  no_draw.source = self;
  e.add_effect(no_draw);
}

// --- Mot's Advice: on any personnel in play, either player's; the Barbering is its modifier.

void mots_advice_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                       std::vector<Action>& out) {
  au_event_plays_onto(e, self, window, out, [&](CardId c) { return e.is_personnel(c); });
}

// --- Rishon Uxbridge: on an event in play other than a Rishon Uxbridge (CRD II.4 errata); the
// event is then immune to the Kevin Uxbridge colon group, Convergence included, but Rishon
// herself is not (CRD IV.8).

void rishon_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                  std::vector<Action>& out) {
  const State& s = e.state();
  au_event_plays_onto(e, self, window, out, [&](CardId c) {
    return s.type(c) == v1::STCCG_CARD_TYPE_EVENT && s.handler(c) != &kRishonUxbridge;
  });
}

bool rishon_shields(const Engine& e, CardId self, CardId target, CardId nullifier) {
  const State& s = e.state();
  return target == s.cards[self].host && s.def(nullifier).title_group == "Kevin Uxbridge";
}

// --- The Mask of Korgano: on a personnel its player owns, who then counts as bearing the AU
// icon if it does not, and as not bearing it if it does (CRD IV.7: no other icon), for as long
// as the Mask stays (a toggled kIcon effect).

void mask_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                std::vector<Action>& out) {
  au_event_plays_onto(e, self, window, out, [&](CardId c) {
    return e.is_personnel(c) && e.state().cards[c].owner == seat;
  });
}

void mask_resolve(Engine& e, ActionFrame& f) {
  place(e, f.action.a, f.actor, f.action.b);
}

// The turned icon lasts as long as the Mask is on its personnel.
void mask_state_check(Engine& e, CardId self) {
  const State& s = e.state();
  const CardId personnel = s.cards[self].host;
  if (s.cards[self].where != Where::kOn || !e.is_personnel(personnel)) return;
  const bool worn = std::any_of(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kIcon && x.source == self && x.card == personnel;
  });
  if (worn) return;
  Effect icon{.kind = EffectKind::kIcon, .until = Until::kSourceLeaves};
  icon.card = personnel;
  icon.source = self;
  icon.value = static_cast<std::int16_t>(v1::STCCG_ICON_AU);
  icon.flag = true;
  e.add_effect(icon);
}

// --- Thermal Deflectors: while it is in play every Firestorm, Thought Fire, Plasma Fire, Fire
// Sculptor and Phaser Burns, either player's, is nullified (CRD IV.7; for Firestorm it needs only
// to be in play, CRD IV.5A). Dilemmas are nullified as they are met, a Plasma Fire in play at
// once; the interrupts and the Plasma Fire, which it would nullify as they are played, are not
// offered.

constexpr std::string_view kDeflectedDilemmas[] = {"Firestorm", "Thought Fire"};
constexpr std::string_view kDeflectedPlays[] = {"Plasma Fire", "Fire Sculptor", "Phaser Burns"};

bool deflected(std::span<const std::string_view> titles, const std::string& title) {
  return std::find(titles.begin(), titles.end(), title) != titles.end();
}

bool deflectors_nullify_met(const Engine& e, CardId, const AttemptFrame& f) {
  return deflected(kDeflectedDilemmas, e.state().def(f.current).title());
}

bool deflectors_forbid_play(const Engine& e, CardId, Seat, CardId card) {
  return deflected(kDeflectedPlays, e.state().def(card).title());
}

void deflectors_state_check(Engine& e, CardId) {
  const State& s = e.state();
  for (CardId c : std::vector<CardId>(s.in_play)) {
    if (s.def(c).title() == kDeflectedPlays[0]) e.nullify(c);
  }
}

// --- Engage Shuttle Operations: while on the table, its player's Shuttlecraft-class ships (CRD
// IV.7: Type VI Shuttlecraft, Yridian Shuttle; runabouts are not) may land on the planet where
// they are and take off again, each an order that uses all of the shuttle's RANGE (so only with
// none used this turn); and any ship of the player's with a Tractor Beam and an ENGINEER aboard
// may take a shuttle of theirs at its location aboard, carry it as it moves and release it,
// spending no RANGE. Each shuttle so held is a counter of the card on it: value kLandedShuttle
// landed (Handler::lands: the crew walks to and from the surface past any beaming block; not in
// orbit, so Loss of Orbital Stability misses it), or 1 + the carrier. A held shuttle does not
// move by itself (blocks_move); carried, it goes where its carrier goes (ship_moved). The order
// is kUseCard, `b` the shuttle (land, take off, release) or the carrier (take a shuttle aboard).
// Leaving play, the card lets them all go: in orbit where they are.

constexpr std::int16_t kLandedShuttle = 0;

// Of class Shuttlecraft: the Type VI Shuttlecraft says so in its keywords (its class line
// names the type), the Yridian Shuttle in its class.
bool is_shuttle(const Engine& e, CardId c) {
  if (!e.is_ship(c)) return false;
  const v1::StccgCard& card = e.state().def(c).card;
  const auto& keywords = card.keywords();
  return card.ship().ship_class() == "Shuttlecraft" ||
         std::find(keywords.begin(), keywords.end(), "Shuttlecraft") != keywords.end();
}

// The counter of an Engage Shuttle Operations in play holding `shuttle`, if any.
const Effect* shuttle_hold(const Engine& e, CardId shuttle) {
  const State& s = e.state();
  for (const Effect& x : s.effects) {
    if (x.kind == EffectKind::kCounter && x.card == shuttle && x.source != shuttle &&
        s.handler(x.source) == &kEngageShuttleOperations)
      return &x;
  }
  return nullptr;
}

bool ready_shuttle(const Engine& e, Seat seat, CardId c) {
  const CardState& card = e.state().cards[c];
  return is_shuttle(e, c) && card.where == Where::kSpace && card.controller == seat &&
         !card.stopped && !card.cloaked;
}

// Landing and taking off use the whole RANGE: none of it used yet, and free to move.
bool may_fly(const Engine& e, Seat seat, CardId shuttle) {
  return e.state().cards[shuttle].range_used == 0 && e.range_left(shuttle) > 0 &&
         e.can_move(seat, shuttle, e.crew(shuttle)) == Rule::kOk;
}

bool carrier(const Engine& e, Seat seat, CardId c) {
  const State& s = e.state();
  const auto& keywords = s.def(c).card.keywords();
  return e.is_ship(c) && !is_shuttle(e, c) && s.cards[c].where == Where::kSpace &&
         s.cards[c].controller == seat && !s.cards[c].cloaked &&
         std::find(keywords.begin(), keywords.end(), "Tractor Beam") != keywords.end() &&
         has_skill(e, e.crew(c), SkillTable::of(Classification::kEngineer), 2);
}

std::vector<CardId> shuttles_to_carry(const Engine& e, Seat seat, CardId by) {
  std::vector<CardId> out;
  for (CardId c : e.state().in_play_where(Where::kSpace)) {
    if (ready_shuttle(e, seat, c) && e.state().cards[c].loc == e.state().cards[by].loc &&
        !shuttle_hold(e, c))
      out.push_back(c);
  }
  return out;
}

// The order `b` allows now: whether a use of the card on it is legal. No shuttle lands on or
// takes off from a cloaked planet (Investigate Legend).
bool shuttle_order(const Engine& e, Seat seat, CardId b) {
  if (carrier(e, seat, b)) return !shuttles_to_carry(e, seat, b).empty();
  if (!ready_shuttle(e, seat, b)) return false;
  const Effect* hold = shuttle_hold(e, b);
  const LocIndex loc = e.state().cards[b].loc;
  if (!hold) return e.planet(loc) && !e.planet_cloaked(loc) && may_fly(e, seat, b);
  if (hold->value != kLandedShuttle) return true;
  return !e.planet_cloaked(loc) && may_fly(e, seat, b);
}

void shuttle_orders(const Engine& e, Seat seat, CardId self, std::vector<Action>& out) {
  for (CardId c : e.state().in_play_where(Where::kSpace)) {
    if (shuttle_order(e, seat, c)) out.push_back({ActionKind::kUseCard, self, c});
  }
}

void hold_shuttle(Engine& e, CardId self, CardId shuttle, std::int16_t value) {
  Effect hold{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
  hold.source = self;
  hold.card = shuttle;
  hold.value = value;
  e.add_effect(hold);
}

void use_all_range(Engine& e, CardId shuttle) {
  const int range = std::clamp(e.attribute(shuttle, Attribute::kRange), 0, 255);
  e.state().cards[shuttle].range_used = static_cast<std::uint8_t>(range);
}

void shuttle_resolve(Engine& e, ActionFrame& f) {
  const CardId self = f.action.a;
  if (f.action.kind == ActionKind::kPlayEvent) return place(e, self, f.actor);
  const CardId b = f.action.b;
  if (!shuttle_order(e, f.actor, b)) return;
  if (!is_shuttle(e, b)) {
    const auto shuttle = e.pick(f.actor, shuttles_to_carry(e, f.actor, b));
    if (shuttle) hold_shuttle(e, self, *shuttle, static_cast<std::int16_t>(b + 1));
    return;
  }
  const Effect* hold = shuttle_hold(e, b);
  if (!hold) {
    hold_shuttle(e, self, b, kLandedShuttle);
    return use_all_range(e, b);
  }
  const bool landed = hold->value == kLandedShuttle;
  const Effect held = *hold;
  e.end_effects([&](const Effect& x) {
    return x.kind == EffectKind::kCounter && x.source == held.source && x.card == b;
  });
  if (landed) use_all_range(e, b);
}

const Effect* own_hold(const Engine& e, CardId self, CardId shuttle) {
  const Effect* hold = shuttle_hold(e, shuttle);
  return hold && hold->source == self ? hold : nullptr;
}

bool shuttle_lands(const Engine& e, CardId self, CardId ship) {
  const Effect* hold = own_hold(e, self, ship);
  return hold && hold->value == kLandedShuttle;
}

bool shuttle_held(const Engine& e, CardId self, CardId ship, LocIndex, LocIndex, Passage) {
  return own_hold(e, self, ship) != nullptr;
}

void carrier_moved(Engine& e, CardId self, CardId ship, LocIndex, LocIndex to) {
  State& s = e.state();
  for (const Effect& x : s.effects) {
    if (x.kind == EffectKind::kCounter && x.source == self && x.card != self &&
        x.value == static_cast<std::int16_t>(ship + 1)) {
      s.cards[x.card].loc = to;
      s.cards[x.card].undocked = false;  // as a ship arriving at its facility (move_ship)
    }
  }
}

// A hold ends with its shuttle, and a carried one is let go when its carrier is gone.
void shuttle_state_check(Engine& e, CardId self) {
  const State& s = e.state();
  const auto gone = [&](const Effect& x) {
    if (x.kind != EffectKind::kCounter || x.source != self || x.card == self) return false;
    if (!s.in_play_at(x.card) || s.cards[x.card].where != Where::kSpace) return true;
    if (x.value == kLandedShuttle) return false;
    const auto by = static_cast<CardId>(x.value - 1);
    return !s.in_play_at(by) || s.cards[by].where != Where::kSpace ||
           s.cards[by].loc != s.cards[x.card].loc;
  };
  if (std::any_of(s.effects.begin(), s.effects.end(), gone)) e.end_effects(gone);
}

// --- Intruder Force Field: a Telepathic Alien Kidnappers used against its player guesses at its
// user's hand instead (Handler::turns_against_user, asked by that card's handler); Rogue Borg
// Mercenaries invading its player's ships do nothing while fewer than three are aboard
// (Handler::holds_off_invaders, asked as each Rogue Borg battle would begin), and all of them
// fight once the third arrives (CRD IV.7).

constexpr int kInvadersNeeded = 3;

bool force_field_reverses(const Engine& e, CardId, CardId card) {
  return e.state().handler(card) == &kTelepathicAlienKidnappers;
}

bool force_field_holds_off(const Engine&, CardId, CardId, int invaders) {
  return invaders < kInvadersNeeded;
}

// --- Particle Scattering Field: on one of its player's ships with a Particle Scattering Device
// (the Tama); while there, nobody beams to or from the surface of a planet where that ship is.
// Its player may discard it as an order in their turn.

bool scattering_ship(const Engine& e, Seat seat, CardId c) {
  const State& s = e.state();
  const auto& keywords = s.def(c).card.keywords();
  return e.is_ship(c) && s.cards[c].where == Where::kSpace && s.cards[c].controller == seat &&
         std::find(keywords.begin(), keywords.end(), "Particle Scattering Device") !=
             keywords.end();
}

void scattering_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                      std::vector<Action>& out) {
  au_event_plays_onto(e, self, window, out, [&](CardId c) { return scattering_ship(e, seat, c); });
}

Rule scattering_still_legal(const Engine& e, Seat seat, const Action& play) {
  return scattering_ship(e, seat, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void scattering_resolve(Engine& e, ActionFrame& f) {
  if (f.action.kind == ActionKind::kUseCard) return e.to_discard(f.action.a);
  place(e, f.action.a, f.actor, f.action.b);
}

void scattering_orders(const Engine&, Seat, CardId self, std::vector<Action>& out) {
  out.push_back({ActionKind::kUseCard, self});
}

bool scattering_blocks(const Engine& e, CardId self, CardId card, CardId to) {
  const State& s = e.state();
  const CardId ship = s.cards[self].host;
  const bool surface = to == kNoCard || s.cards[card].where == Where::kSurface;
  return surface && s.in_play_at(ship) && s.cards[ship].where == Where::kSpace &&
         e.location_of(card) == s.cards[ship].loc;
}

// --- Revolving Door: played on any doorway, either player's (seeded on a side deck, on the
// table or on a mission) or on an Iconian Gateway, never on an Alternate Universe Door played
// from the hand (CRD IV.6); or played to nullify a Revolving Door. Face up, the door is closed:
// its side deck gives nothing by any means (CRD IV.7; kSideDeckInactive), a doorway in play
// admits nothing and does nothing (kDoorwayClosed). As each turn begins, the player whose turn
// it is may discard a non-personnel card from hand to turn it over: face down (no closing
// effect) the door works again, face up once more it is closed.

// The doorways seeded on the side decks, both players'.
std::vector<CardId> side_deck_doors(const State& s) {
  std::vector<CardId> out;
  for (Seat seat : {Seat{0}, Seat{1}}) {
    for (int k = 0; k < kSideDeckKinds; ++k) {
      const CardId door = s.players[seat].side_deck(static_cast<SideDeckKind>(k)).door;
      if (door != kNoCard) out.push_back(door);
    }
  }
  return out;
}

// The side deck `door` is seeded on, and whose: kNoSeat if none.
std::pair<Seat, SideDeckKind> side_deck_of(const State& s, CardId door) {
  for (Seat seat : {Seat{0}, Seat{1}}) {
    for (int k = 0; k < kSideDeckKinds; ++k) {
      const auto kind = static_cast<SideDeckKind>(k);
      if (s.players[seat].side_deck(kind).door == door) return {seat, kind};
    }
  }
  return {kNoSeat, SideDeckKind::kQContinuum};
}

bool played_from_hand(const State& s, CardId c) {
  for (auto it = s.events.rbegin(); it != s.events.rend(); ++it) {
    const auto* moved = std::get_if<ev::CardMoved>(&*it);
    if (moved && moved->card == c && moved->to.zone == Zone::kPlay)
      return moved->from.zone == Zone::kHand || moved->from.zone == Zone::kResolving;
  }
  return false;
}

bool door_target(const Engine& e, CardId c) {
  const State& s = e.state();
  if (side_deck_of(s, c).first != kNoSeat) return true;
  if (!s.in_play_at(c)) return false;
  if (s.handler(c) == &kIconianGateway) return s.cards[c].where == Where::kOn;
  const CardDef& def = s.def(c);
  if (def.type() != v1::STCCG_CARD_TYPE_DOORWAY) return false;
  if (s.cards[c].where != Where::kTable && s.cards[c].where != Where::kOn) return false;
  return def.card.doorway().admits() != v1::STCCG_ICON_AU || !played_from_hand(s, c);
}

void revolving_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                     std::vector<Action>& out) {
  if (window) return;
  const State& s = e.state();
  for (CardId door : side_deck_doors(s))
    out.push_back({ActionKind::kPlayEvent, self, door});
  au_event_plays_onto(e, self, window, out, [&](CardId c) {
    return (door_target(e, c) && side_deck_of(s, c).first == kNoSeat) ||
           revolving_door_in_play(e, c);
  });
}

Rule revolving_still_legal(const Engine& e, Seat, const Action& play) {
  return door_target(e, play.b) || revolving_door_in_play(e, play.b) ? Rule::kOk : Rule::kNoTarget;
}

bool closed_by(const Effect& x, CardId self) {
  return (x.kind == EffectKind::kSideDeckInactive || x.kind == EffectKind::kDoorwayClosed) &&
         x.source == self;
}

void close_door(Engine& e, CardId self) {
  const State& s = e.state();
  const CardId door = s.cards[self].host;
  Effect closed{.kind = EffectKind::kDoorwayClosed, .until = Until::kSourceLeaves};
  closed.source = self;
  closed.card = door;
  if (const auto [seat, kind] = side_deck_of(s, door); seat != kNoSeat) {
    closed.kind = EffectKind::kSideDeckInactive;
    closed.player = seat;
    closed.value = static_cast<std::int16_t>(kind);
  }
  e.add_effect(closed);
}

void revolving_resolve(Engine& e, ActionFrame& f) {
  if (revolving_door_in_play(e, f.action.b)) return e.nullify(f.action.b);
  place(e, f.action.a, f.actor, f.action.b);
  close_door(e, f.action.a);
}

bool revolving_fee(const Engine& e, CardId c) {
  return !e.is_personnel(c);
}

void revolving_start_of_turn(Engine& e, CardId self) {
  State& s = e.state();
  const auto& hand = s.players[s.active].hand;
  if (std::any_of(hand.begin(), hand.end(), [&](CardId c) { return revolving_fee(e, c); }))
    s.frames.emplace_back(CardFrame{.card = self, .player = s.active});
}

void revolving_step(Engine& e, CardFrame& f) {
  State& s = e.state();
  std::vector<CardId> fees;
  for (CardId c : s.players[f.player].hand) {
    if (revolving_fee(e, c)) fees.push_back(c);
  }
  const auto paid = e.pick_or_done(f.player, fees);
  if (!paid) return;
  const CardId self = f.card;
  s.frames.pop_back();  // `f` is gone from here on
  if (*paid == kNoCard) return;
  e.to_discard(*paid);
  const bool face_up = std::any_of(s.effects.begin(), s.effects.end(),
                                   [&](const Effect& x) { return closed_by(x, self); });
  if (face_up) {
    e.end_effects([&](const Effect& x) { return closed_by(x, self); });
  } else {
    close_door(e, self);
  }
}

// --- The Charybdis: while on the table, a group without Archaeology, either player's, takes no
// artifact: those under a mission it completes stay there, shown, and a later group there takes
// them as an order, with Archaeology while the Charybdis is in play, any group once it is gone
// (CRD IV.7; Engine::artifacts_left_by, Engine::left_artifact_orders).

bool charybdis_leaves(const Engine& e, CardId, Seat, const std::vector<CardId>& group) {
  return !e.group_has_skill(group, "Archaeology");
}

// --- Wartime Conditions: played once one of its player's Federation ships has been attacked by
// a ship of the opponent's (any time after, CRD IV.7), naming that ship's affiliation, never
// Non-Aligned; one play per affiliation named, and not one its player's Wartime Conditions in
// play names already. While on the table, that player's Federation forces may start battles
// against forces of that affiliation (Handler::lifts_battle_limits). The affiliation named is a
// counter on the card (value: an AffiliationSet).

AffiliationSet wartime_named(const Engine& e, CardId self) {
  for (const Effect& x : e.state().effects) {
    if (x.kind == EffectKind::kCounter && x.source == self && x.card == kNoCard)
      return static_cast<AffiliationSet>(x.value);
  }
  return 0;
}

// The affiliations named by the ships that attacked `seat`'s Federation ships, the first such
// ship for each, less those named already by `seat`'s Wartime Conditions in play.
std::vector<CardId> wartime_attackers(const Engine& e, Seat seat) {
  const State& s = e.state();
  AffiliationSet named = 0;
  for (CardId c : s.in_play) {
    if (s.handler(c) == &kWartimeConditions && s.cards[c].controller == seat)
      named |= wartime_named(e, c);
  }
  std::vector<CardId> out;
  for (const Event& event : s.events) {
    const auto* battle = std::get_if<ev::BattleStarted>(&event);
    if (!battle || battle->kind != ev::BattleKind::kShip || battle->attacker == kNoSeat ||
        battle->attacker == seat || !e.is_ship(battle->by) || !e.is_ship(battle->target) ||
        !(e.affiliations(battle->target) & bit(Affiliation::kFederation)))
      continue;
    const AffiliationSet theirs =
        e.affiliations(battle->by) & static_cast<AffiliationSet>(~kUnaligned);
    if (theirs == 0 || (theirs & named) == theirs) continue;
    named |= theirs;
    out.push_back(battle->by);
  }
  return out;
}

void wartime_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                   std::vector<Action>& out) {
  if (window) return;
  for (CardId attacker : wartime_attackers(e, seat))
    out.push_back({ActionKind::kPlayEvent, self, attacker});
}

Rule wartime_still_legal(const Engine& e, Seat seat, const Action& play) {
  const auto attackers = wartime_attackers(e, seat);
  return std::find(attackers.begin(), attackers.end(), play.b) != attackers.end() ? Rule::kOk
                                                                                  : Rule::kNoTarget;
}

void wartime_resolve(Engine& e, ActionFrame& f) {
  const CardId self = f.action.a;
  const AffiliationSet named =
      e.affiliations(f.action.b) & static_cast<AffiliationSet>(~kUnaligned);
  place(e, self, f.actor);
  Effect counter{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
  counter.source = self;
  counter.value = static_cast<std::int16_t>(named);
  e.add_effect(counter);
}

bool wartime_lifts(const Engine& e, CardId self, Seat, AffiliationSet defenders) {
  return (wartime_named(e, self) & defenders) != 0;
}

}  // namespace

bool revolving_door_in_play(const Engine& e, CardId c) {
  return e.state().handler(c) == &kRevolvingDoor && e.state().in_play_at(c);
}

std::vector<CardId> revolving_door_moves(const Engine& e, CardId revolving) {
  const State& s = e.state();
  std::vector<CardId> out = side_deck_doors(s);
  for (CardId c : s.in_play) {
    if (door_target(e, c) && side_deck_of(s, c).first == kNoSeat) out.push_back(c);
  }
  std::erase(out, s.cards[revolving].host);  // its own doorway
  return out;
}

void move_revolving_door(Engine& e, CardId revolving, CardId to) {
  const bool face_up = std::any_of(e.state().effects.begin(), e.state().effects.end(),
                                   [&](const Effect& x) { return closed_by(x, revolving); });
  e.end_effects([&](const Effect& x) { return closed_by(x, revolving); });
  place(e, revolving, e.state().cards[revolving].controller, to);
  if (face_up) close_door(e, revolving);
}

}  // namespace au_events

extern const Handler kBaryonBuildup{
    .name = "baryon_buildup",
    .test = "tests/scenarios/card-au-events.scn",
    .plays = au_events::baryon_plays,
    .still_legal = target_in_play,
    .resolve = au_events::au_event_onto_target,
    .start_of_turn = au_events::baryon_start_of_turn,
};

extern const Handler kCaptainsLog{
    .name = "captains_log",
    .test = "tests/scenarios/card-au-events.scn",
    .plays = plays_on_table,
    .resolve = place_on_table,
    .state_check = au_events::captains_log_state_check,
};

extern const Handler kInterrogation{
    .name = "interrogation",
    .test = "tests/scenarios/card-au-events.scn",
    .plays = au_events::interrogation_plays,
    .still_legal = au_events::interrogation_still_legal,
    .resolve = au_events::au_event_onto_target,
    .start_of_turn = au_events::interrogation_start_of_turn,
    .step = au_events::interrogation_step,
    .question =
        "give in to the interrogation (the interrogator scores 10 and the captive goes "
        "home), or resist (1 point)?",
    .yes_label = "give in",
    .no_label = "resist",
};

extern const Handler kKlimDokachin{
    .name = "klim_dokachin",
    .test = "tests/scenarios/card-au-events.scn",
    .plays = plays_on_table,
    .resolve = place_on_table,
    .state_check = au_events::klim_dokachin_state_check,
};

extern const Handler kMotsAdvice{
    .name = "mots_advice",
    .test = "tests/scenarios/card-au-events.scn",
    .plays = au_events::mots_advice_plays,
    .still_legal = target_in_play,
    .resolve = au_events::au_event_onto_target,
};

extern const Handler kTheMaskOfKorgano{
    .name = "the_mask_of_korgano",
    .test = "tests/scenarios/card-au-events.scn",
    .plays = au_events::mask_plays,
    .still_legal = target_in_play,
    .resolve = au_events::mask_resolve,
    .state_check = au_events::mask_state_check,
};

extern const Handler kThermalDeflectors{
    .name = "thermal_deflectors",
    .test = "tests/scenarios/card-au-events.scn",
    .plays = plays_on_table,
    .resolve = place_on_table,
    .state_check = au_events::deflectors_state_check,
    .forbids_play = au_events::deflectors_forbid_play,
    .nullifies_met = au_events::deflectors_nullify_met,
};

extern const Handler kRishonUxbridge{
    .name = "rishon_uxbridge",
    .test = "tests/scenarios/card-au-events.scn",
    .plays = au_events::rishon_plays,
    .still_legal = target_in_play,
    .resolve = au_events::au_event_onto_target,
    .shields_from_nullifier = au_events::rishon_shields,
};

extern const Handler kEngageShuttleOperations{
    .name = "engage_shuttle_operations",
    .test = "tests/scenarios/card-au-events-2.scn",
    .plays = plays_on_table,
    .resolve = au_events::shuttle_resolve,
    .state_check = au_events::shuttle_state_check,
    .lands = au_events::shuttle_lands,
    .blocks_move = au_events::shuttle_held,
    .orders = au_events::shuttle_orders,
    .ship_moved = au_events::carrier_moved,
    .choose_label = "choose the shuttle to take aboard",
    .use_label = "land, take off, take a shuttle aboard or release it",
};

extern const Handler kIntruderForceField{
    .name = "intruder_force_field",
    .test = "tests/scenarios/card-au-events-2.scn",
    .plays = plays_on_table,
    .resolve = place_on_table,
    .holds_off_invaders = au_events::force_field_holds_off,
    .turns_against_user = au_events::force_field_reverses,
};

extern const Handler kParticleScatteringField{
    .name = "particle_scattering_field",
    .test = "tests/scenarios/card-au-events-2.scn",
    .plays = au_events::scattering_plays,
    .still_legal = au_events::scattering_still_legal,
    .resolve = au_events::scattering_resolve,
    .orders = au_events::scattering_orders,
    .blocks_beaming = au_events::scattering_blocks,
    .use_label = "discard Particle Scattering Field",
};

extern const Handler kRevolvingDoor{
    .name = "revolving_door",
    .test = "tests/scenarios/card-au-events-2.scn",
    .plays = au_events::revolving_plays,
    .still_legal = au_events::revolving_still_legal,
    .resolve = au_events::revolving_resolve,
    .start_of_turn = au_events::revolving_start_of_turn,
    .step = au_events::revolving_step,
    .choose_label = "discard a non-personnel card to turn Revolving Door over, or done",
};

extern const Handler kTheCharybdis{
    .name = "the_charybdis",
    .test = "tests/scenarios/card-au-events-2.scn",
    .plays = plays_on_table,
    .resolve = place_on_table,
    .leaves_artifacts = au_events::charybdis_leaves,
};

extern const Handler kWartimeConditions{
    .name = "wartime_conditions",
    .test = "tests/scenarios/card-au-events-2.scn",
    .plays = au_events::wartime_plays,
    .still_legal = au_events::wartime_still_legal,
    .resolve = au_events::wartime_resolve,
    .lifts_battle_limits = au_events::wartime_lifts,
};

}  // namespace spacedock::stccg::handlers
