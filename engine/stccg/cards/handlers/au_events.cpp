// Alternate Universe events whose play or effect the data cannot say (cards/abilities/
// au-events.md): Baryon Buildup goes when its ship sits empty at home, Captain's Log follows the
// matching commanders aboard, Interrogation scores a captive's answers, Klim Dokachin withholds
// a draw, Mot's Advice is played on a personnel, Rishon Uxbridge on an event that Kevin Uxbridge
// may then not touch, The Mask of Korgano turns the AU icon over, Thermal Deflectors nullify the
// fire cards.
#include <algorithm>
#include <span>
#include <string_view>
#include <variant>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kCaptainsLog, kRishonUxbridge;

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
// resist (the interrogator scores 1). Points scored stay scored (CRD IV.7).

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
  s.frames.push_back(CardFrame{.card = self, .player = s.cards[captive].owner});
}

void interrogation_step(Engine& e, CardFrame& f) {
  const auto give_in = e.yes_no(f.player);
  if (!give_in) return;
  State& s = e.state();
  const CardId self = f.card;
  const CardId captive = s.cards[self].host;
  const Seat interrogator = s.cards[self].controller;
  s.frames.pop_back();  // `f` is gone from here on
  if (!*give_in) {
    e.score(interrogator, kInterrogationResist, self);
    return;
  }
  e.score(interrogator, kInterrogationGiveIn, self);
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

}  // namespace

extern const Handler kBaryonBuildup{
    .name = "baryon_buildup",
    .test = "tests/scenarios/card-au-events.scn",
    .plays = baryon_plays,
    .still_legal = target_in_play,
    .resolve = au_event_onto_target,
    .start_of_turn = baryon_start_of_turn,
};

extern const Handler kCaptainsLog{
    .name = "captains_log",
    .test = "tests/scenarios/card-au-events.scn",
    .plays = plays_on_table,
    .resolve = place_on_table,
    .state_check = captains_log_state_check,
};

extern const Handler kInterrogation{
    .name = "interrogation",
    .test = "tests/scenarios/card-au-events.scn",
    .plays = interrogation_plays,
    .still_legal = interrogation_still_legal,
    .resolve = au_event_onto_target,
    .start_of_turn = interrogation_start_of_turn,
    .step = interrogation_step,
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
    .state_check = klim_dokachin_state_check,
};

extern const Handler kMotsAdvice{
    .name = "mots_advice",
    .test = "tests/scenarios/card-au-events.scn",
    .plays = mots_advice_plays,
    .still_legal = target_in_play,
    .resolve = au_event_onto_target,
};

extern const Handler kTheMaskOfKorgano{
    .name = "the_mask_of_korgano",
    .test = "tests/scenarios/card-au-events.scn",
    .plays = mask_plays,
    .still_legal = target_in_play,
    .resolve = mask_resolve,
    .state_check = mask_state_check,
};

extern const Handler kThermalDeflectors{
    .name = "thermal_deflectors",
    .test = "tests/scenarios/card-au-events.scn",
    .plays = plays_on_table,
    .resolve = place_on_table,
    .state_check = deflectors_state_check,
    .forbids_play = deflectors_forbid_play,
    .nullifies_met = deflectors_nullify_met,
};

extern const Handler kRishonUxbridge{
    .name = "rishon_uxbridge",
    .test = "tests/scenarios/card-au-events.scn",
    .plays = rishon_plays,
    .still_legal = target_in_play,
    .resolve = au_event_onto_target,
    .shields_from_nullifier = rishon_shields,
};

}  // namespace spacedock::stccg::handlers
