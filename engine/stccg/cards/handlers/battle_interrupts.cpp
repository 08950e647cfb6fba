// Interrupts played inside battles (cards/ABILITIES.md §6): Escape Pod saves a crew from a ship
// being destroyed; Honor Challenge, Phaser Burns and Klingon Right of Vengeance act in personnel
// battles; Rogue Borg Mercenaries start one against a ship's crew, and again every turn.
#include <algorithm>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

// The personnel battle below the window, if any.
const PersonnelBattleFrame* battle_below(const Engine& e) {
  const auto& frames = e.state().frames;
  for (auto it = frames.rbegin(); it != frames.rend(); ++it) {
    if (const auto* b = std::get_if<PersonnelBattleFrame>(&*it)) return b;
    if (std::holds_alternative<TurnFrame>(*it)) break;
  }
  return nullptr;
}

PersonnelBattleFrame* battle_below(Engine& e) {
  return const_cast<PersonnelBattleFrame*>(battle_below(std::as_const(e)));
}

// Which side of the battle `seat` fights on: 0 the initiator, 1 the defender.
int side_of(const PersonnelBattleFrame& b, Seat seat) {
  return seat == b.attacker ? 0 : 1;
}

bool has(const Engine& e, CardId personnel, std::string_view skill) {
  const auto id = e.state().db->skills().find(skill);
  return id && e.skilled_facts(personnel).skills[*id] > 0;
}

bool klingon(const Engine& e, CardId personnel) {
  return (e.affiliations(personnel) & bit(Affiliation::kKlingon)) != 0;
}

std::vector<CardId> alive(const Engine& e, const std::vector<CardId>& side) {
  std::vector<CardId> out;
  for (CardId c : side) {
    if (e.state().in_play_at(c)) out.push_back(c);
  }
  return out;
}

// --- Escape Pod: played on your ship as it is destroyed, its personnel survive in the pod,
// which stays at the location until your ship takes them aboard (then it is discarded).

void pod_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
               std::vector<Action>& out) {
  if (!window || window->kind != WindowKind::kDestroyed) return;
  const CardId ship = window->about;
  if (e.is_ship(ship) && e.state().cards[ship].controller == seat && e.crewed(ship))
    out.push_back({ActionKind::kPlayInterrupt, self, ship});
}

Rule pod_still_legal(const Engine& e, Seat, const Action& play) {
  return e.state().in_play_at(play.b) ? Rule::kOk : Rule::kNoTarget;
}

void pod_resolve(Engine& e, ActionFrame& f) {
  const State& s = e.state();
  const CardId pod = f.action.a;
  const CardId ship = f.action.b;
  e.move_card(pod, Zone::kPlay, Where::kSpace, s.cards[ship].loc, kNoCard, f.actor);
  // Its personnel and what they carry (ABILITIES.md: equipment is saved too).
  for (CardId c : std::vector<CardId>(s.in_play)) {
    const CardState& card = s.cards[c];
    if (card.where == Where::kAboard && card.host == ship)
      e.move_card(c, Zone::kPlay, Where::kAboard, kNoLoc, pod, card.controller);
  }
}

void pod_state_check(Engine& e, CardId self) {
  // Emptied: everyone taken aboard a ship.
  const State& s = e.state();
  if (s.cards[self].where != Where::kSpace) return;
  const bool empty = std::none_of(s.in_play.begin(), s.in_play.end(), [&](CardId c) {
    return s.cards[c].where == Where::kAboard && s.cards[c].host == self;
  });
  if (empty) e.to_discard(self);
}

// --- Honor Challenge: just after a personnel battle starts, each Klingon with Honor on your
// side kills one opposing personnel with Treachery, of your choice.

struct Duel {
  std::vector<CardId> challengers;
  std::vector<CardId> traitors;
};

Duel duel(const Engine& e, const PersonnelBattleFrame& b, Seat seat) {
  Duel d;
  const int side = side_of(b, seat);
  for (CardId c : alive(e, b.sides[side])) {
    if (klingon(e, c) && has(e, c, "Honor")) d.challengers.push_back(c);
  }
  for (CardId c : alive(e, b.sides[1 - side])) {
    if (has(e, c, "Treachery")) d.traitors.push_back(c);
  }
  return d;
}

void honor_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                 std::vector<Action>& out) {
  if (!window || window->kind != WindowKind::kBattleStart) return;
  const PersonnelBattleFrame* b = battle_below(e);
  if (!b || b->rogue_host != kNoCard) return;
  const Duel d = duel(e, *b, seat);
  if (!d.challengers.empty() && !d.traitors.empty())
    out.push_back({ActionKind::kPlayInterrupt, self});
}

void honor_resolve(Engine& e, ActionFrame& f) {
  const PersonnelBattleFrame* b = battle_below(e);
  if (!b) return;
  for (;;) {
    const Duel d = duel(e, *b, f.actor);
    if (f.sub >= d.challengers.size() || d.traitors.empty()) return;
    auto victim = e.pick(f.actor, d.traitors);
    if (!victim) return;
    e.kill(*victim);
    ++f.sub;
  }
}

// --- Phaser Burns: in a personnel battle where you have a phaser or disruptor present, before
// the winner is known, two of the opponent's personnel in it, picked at random, die (CRD IV.8;
// with the Model A battles there is no stunning, so any two of them). A defender that does not
// fight back may not play it (§3.11). A personnel's built-in phaser counts (Tasha Yar -
// Alternate, CRD IV.10.B).

bool armed(const Engine& e, const std::vector<CardId>& side) {
  const State& s = e.state();
  for (CardId c : s.in_play) {
    const CardDef& def = s.def(c);
    const bool weapon = std::any_of(
        def.card.keywords().begin(), def.card.keywords().end(), [](const std::string& k) {
          return k == "phaser" || k == "disruptor" || k == "built-in phaser";
        });
    if (!weapon || side.empty()) continue;
    const CardState& holder = s.cards[side.front()];
    const CardState& item = s.cards[c];
    if (item.controller == holder.controller && item.where == holder.where &&
        item.loc == holder.loc && item.host == holder.host)
      return true;
  }
  return false;
}

void burns_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                 std::vector<Action>& out) {
  if (!window || (window->kind != WindowKind::kBattleStart && window->kind != WindowKind::kBattle))
    return;
  const PersonnelBattleFrame* b = battle_below(e);
  if (!b || b->rogue_host != kNoCard || b->step == PersonnelBattleFrame::Step::kEnd) return;
  const int side = side_of(*b, seat);
  if (side == 1 && !b->retaliates) return;
  if (armed(e, alive(e, b->sides[side])) && !alive(e, b->sides[1 - side]).empty())
    out.push_back({ActionKind::kPlayInterrupt, self});
}

void burns_resolve(Engine& e, ActionFrame& f) {
  const PersonnelBattleFrame* b = battle_below(e);
  if (!b) return;
  std::vector<CardId> targets = alive(e, b->sides[1 - side_of(*b, f.actor)]);
  // An opposing Elim there picks them instead (Engine::random_chooser): one question each, the
  // first answer kept in `f.chosen` while the second is asked.
  if (const Seat chooser = e.random_chooser(targets); chooser != kNoSeat) {
    std::vector<CardId> victims;
    if (f.chosen != kNoCard) {
      victims.push_back(f.chosen);
      std::erase(targets, f.chosen);
    }
    while (victims.size() < 2 && !targets.empty()) {
      const auto victim = e.pick(chooser, targets);
      if (!victim) return;  // runs again with the answer
      f.chosen = *victim;
      victims.push_back(*victim);
      std::erase(targets, *victim);
    }
    for (CardId victim : victims)
      e.picked_at_random(victim, WindowKind::kPickedToDie);
    return;
  }
  for (int i = 0; i < 2 && !targets.empty(); ++i) {
    const CardId victim = e.random_member(targets);
    std::erase(targets, victim);
    e.picked_at_random(victim, WindowKind::kPickedToDie);
  }
}

// --- Klingon Right of Vengeance: when a Klingon of yours is killed in a personnel battle, your
// other Klingons in it attack again at once, STRENGTH x2 for that attack.

void vengeance_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                     std::vector<Action>& out) {
  if (!window || window->kind != WindowKind::kKilled) return;
  const PersonnelBattleFrame* b = battle_below(e);
  const CardId fallen = window->about;
  if (!b || e.state().cards[fallen].owner != seat || !klingon(e, fallen)) return;
  const auto avengers = alive(e, b->sides[side_of(*b, seat)]);
  if (std::any_of(avengers.begin(), avengers.end(), [&](CardId c) { return klingon(e, c); }))
    out.push_back({ActionKind::kPlayInterrupt, self});
}

void vengeance_resolve(Engine& e, ActionFrame& f) {
  if (PersonnelBattleFrame* b = battle_below(e))
    b->vengeance = static_cast<std::uint8_t>(side_of(*b, f.actor) + 1);
}

// --- Rogue Borg Mercenaries: played onto an opponent's uncloaked ship with personnel aboard;
// they battle its crew at once and again at the start of every turn (CRD IV.8; S-46).

void rogue_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                 std::vector<Action>& out) {
  if (window &&
      (window->kind == WindowKind::kDilemma || window->kind == WindowKind::kBetweenDilemmas))
    return;
  const State& s = e.state();
  for (CardId c : s.in_play) {
    const CardState& ship = s.cards[c];
    if (e.is_ship(c) && ship.where == Where::kSpace && ship.controller != seat && !ship.cloaked &&
        e.crewed(c))
      out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule rogue_still_legal(const Engine& e, Seat seat, const Action& play) {
  const State& s = e.state();
  const CardState& ship = s.cards[play.b];
  return s.in_play_at(play.b) && ship.controller != seat && !ship.cloaked && e.crewed(play.b)
             ? Rule::kOk
             : Rule::kNoTarget;
}

void rogue_resolve(Engine& e, ActionFrame& f) {
  const CardId self = f.action.a;
  e.move_card(self, Zone::kPlay, Where::kOn, kNoLoc, f.action.b, f.actor);
  e.begin_rogue_borg_battle(f.actor, f.action.b, e.state().cards[self].def);
}

void rogue_start_of_turn(Engine& e, CardId self) {
  // One battle per ship: the first Rogue Borg aboard starts it.
  const State& s = e.state();
  const CardId ship = s.cards[self].host;
  for (CardId c : s.in_play) {
    if (c == self) break;
    if (s.cards[c].where == Where::kOn && s.cards[c].host == ship &&
        s.cards[c].def == s.cards[self].def)
      return;
  }
  if (e.crewed(ship)) e.begin_rogue_borg_battle(s.cards[self].controller, ship, s.cards[self].def);
}

// Once nobody of the crew is left aboard they hold the ship (CRD IV.8): a hologram of that ship
// deactivated under it does not come back, but is lost for good.
void rogue_state_check(Engine& e, CardId self) {
  State& s = e.state();
  const CardId ship = s.cards[self].host;
  if (s.cards[self].where != Where::kOn || !s.may_have(EffectKind::kHologramShip) || e.crewed(ship))
    return;
  std::vector<CardId> lost;
  for (const Effect& x : s.effects) {
    if (x.kind == EffectKind::kHologramShip && x.flag && x.source == ship &&
        s.cards[x.card].zone == Zone::kStored)
      lost.push_back(x.card);
  }
  for (CardId c : lost) {
    e.end_effects(
        [&](const Effect& x) { return x.kind == EffectKind::kHologramShip && x.card == c; });
    e.move_card(c, Zone::kDiscard, Where::kNone, kNoLoc, kNoCard, kNoSeat, ev::MoveCause::kKilled);
  }
}

}  // namespace

extern const Handler kEscapePod{
    .name = "escape_pod",
    .test = "tests/scenarios/battle-interrupts.scn",
    .plays = pod_plays,
    .still_legal = pod_still_legal,
    .resolve = pod_resolve,
    .state_check = pod_state_check,
};

extern const Handler kHonorChallenge{
    .name = "honor_challenge",
    .test = "tests/scenarios/battle-interrupts.scn",
    .plays = honor_plays,
    .resolve = honor_resolve,
    .choose_label = "choose an opponent with Treachery to die",
};

extern const Handler kPhaserBurns{
    .name = "phaser_burns",
    .test = "tests/scenarios/S-49-personnel-battle-model-a.scn",
    .plays = burns_plays,
    .resolve = burns_resolve,
};

extern const Handler kKlingonRightOfVengeance{
    .name = "klingon_right_of_vengeance",
    .test = "tests/scenarios/battle-interrupts.scn",
    .plays = vengeance_plays,
    .resolve = vengeance_resolve,
};

extern const Handler kRogueBorgMercenaries{
    .name = "rogue_borg_mercenaries",
    .test = "tests/scenarios/S-46-responses-after-the-action.scn",
    .plays = rogue_plays,
    .still_legal = rogue_still_legal,
    .resolve = rogue_resolve,
    .start_of_turn = rogue_start_of_turn,
    .state_check = rogue_state_check,
};

}  // namespace spacedock::stccg::handlers
