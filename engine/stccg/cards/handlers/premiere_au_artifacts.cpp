// Premiere and Alternate Universe artifacts (cards/abilities/artifacts.md). Kept in the hand once
// earned and played from there: Kurlan Naiskos on a ship, Vulcan Stone of Gol on an Away Team,
// Thought Maker reordering the opponent's draw deck, Iconian Gateway on a planet. And AU's Echo
// Papa 607 Killer Drone, equipment whose STRENGTH in battle grows from battle to battle. Data's
// Head is with Data's Body (datas_body_and_head.cpp).
#include <algorithm>
#include <array>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

// --- Kurlan Naiskos: played as an event on any ship, either player's; while the personnel
// aboard cover the seven original classifications (a classification in a skill box counts),
// the ship's RANGE, WEAPONS and SHIELDS are tripled. Not cumulative (multipliers take the
// highest). CRD IV.4.

constexpr int kNaiskosTimes = 3;
constexpr std::array kNaiskosClasses{Classification::kOfficer,  Classification::kEngineer,
                                     Classification::kScience,  Classification::kMedical,
                                     Classification::kSecurity, Classification::kCivilian,
                                     Classification::kVip};
constexpr std::array kNaiskosAttributes{Attribute::kRange, Attribute::kWeapons,
                                        Attribute::kShields};

void naiskos_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                   std::vector<Action>& out) {
  if (window) return;
  for (CardId c : e.state().in_play) {
    if (e.is_ship(c)) out.push_back({ActionKind::kPlayEvent, self, c});
  }
}

void naiskos_resolve(Engine& e, ActionFrame& f) {
  place(e, f.action.a, f.actor, f.action.b);
}

bool naiskos_classes_aboard(const Engine& e, CardId ship) {
  const std::vector<CardId> aboard = e.crew(ship);
  return std::all_of(kNaiskosClasses.begin(), kNaiskosClasses.end(), [&](Classification c) {
    const SkillId skill = SkillTable::of(c);
    return std::any_of(aboard.begin(), aboard.end(),
                       [&](CardId p) { return e.facts(p).skills[skill] > 0; });
  });
}

void naiskos_state_check(Engine& e, CardId self) {
  const CardState& card = e.state().cards[self];
  if (card.where != Where::kOn) return;
  const CardId ship = card.host;
  const auto tripling = [&](const Effect& x) {
    return x.kind == EffectKind::kAttributeTimes && x.source == self;
  };
  const bool tripled = std::any_of(e.state().effects.begin(), e.state().effects.end(), tripling);
  // Checked continuously: the bonus switches off when a classification leaves.
  const bool covered = naiskos_classes_aboard(e, ship);
  if (covered == tripled) return;
  if (!covered) return e.end_effects(tripling);
  for (Attribute attribute : kNaiskosAttributes) {
    Effect times{.kind = EffectKind::kAttributeTimes, .until = Until::kSourceLeaves};
    times.attribute = attribute;
    times.source = self;
    times.card = ship;
    times.value = kNaiskosTimes;
    e.add_effect(times);
  }
}

// --- Vulcan Stone of Gol: played as an event on any Away Team, either player's: each member
// with neither Youth nor CUNNING over 7 dies; the Stone is then discarded. The rule option
// vulcan_stone_per_member off takes the team as a whole (premiere-a.md, AMBIGUOUS).

constexpr int kStoneCunning = 7;

std::vector<CardId> stone_team(const Engine& e, CardId member) {
  if (!e.state().in_play_at(member) || e.state().cards[member].where != Where::kSurface) return {};
  return e.group_of(member);
}

void stone_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                 std::vector<Action>& out) {
  if (window) return;
  for (LocIndex loc = 0; loc < e.state().spaceline.size(); ++loc) {
    for (Seat seat : {Seat{0}, Seat{1}}) {
      for (const std::vector<CardId>& team : e.away_teams(seat, loc))
        out.push_back({ActionKind::kPlayEvent, self, team.front()});
    }
  }
}

Rule stone_still_legal(const Engine& e, Seat, const Action& play) {
  return stone_team(e, play.b).empty() ? Rule::kNoTarget : Rule::kOk;
}

void stone_resolve(Engine& e, ActionFrame& f) {
  const std::vector<CardId> team = stone_team(e, f.action.b);
  const auto youth = e.state().db->skills().find("Youth");
  const auto spared = [&](CardId c) {
    return (youth && e.facts(c).skills[*youth] > 0) ||
           e.attribute(c, Attribute::kCunning) > kStoneCunning;
  };
  std::vector<CardId> victims;
  if (e.state().options.vulcan_stone_per_member) {
    std::copy_if(team.begin(), team.end(), std::back_inserter(victims),
                 [&](CardId c) { return !spared(c); });
  } else {
    int cunning = 0;
    for (CardId c : team)
      cunning += e.attribute(c, Attribute::kCunning);
    const bool any_youth = std::any_of(
        team.begin(), team.end(), [&](CardId c) { return youth && e.facts(c).skills[*youth] > 0; });
    if (!any_youth && cunning <= kStoneCunning) victims = team;
  }
  for (CardId c : victims) {
    if (e.state().in_play_at(c)) e.kill(c, victims);
  }
}

// --- Thought Maker: played as an interrupt whenever one may be (not while a dilemma is met):
// its player sees the opponent's draw deck and puts it back in the order they choose, naming
// the cards from the top down (`done` leaves the rest as they lie); it is then discarded. The
// draw deck only, never a side deck (CRD IV.4).

bool thought_maker_time(const WindowFrame* window) {
  return !window ||
         (window->kind != WindowKind::kDilemma && window->kind != WindowKind::kBetweenDilemmas);
}

void thought_maker_plays(const Engine&, Seat, CardId self, const WindowFrame* window,
                         std::vector<Action>& out) {
  if (thought_maker_time(window)) out.push_back({ActionKind::kPlayInterrupt, self});
}

void thought_maker_resolve(Engine& e, ActionFrame& f) {
  State& s = e.state();
  const CardId self = f.action.a;
  const auto viewing = [&](const Effect& x) {
    return x.kind == EffectKind::kViewing && x.source == self;
  };
  if (std::none_of(s.effects.begin(), s.effects.end(), viewing)) {
    Effect view{.kind = EffectKind::kViewing, .until = Until::kRemoved, .flag = true};
    view.player = f.actor;
    view.source = self;
    e.add_effect(view);
  }
  // The top `f.sub` cards (the back of the pile) are those already put in order.
  std::vector<CardId>& deck = s.players[State::other(f.actor)].draw;
  while (f.sub + 1u < deck.size()) {
    const std::vector<CardId> rest(deck.begin(), deck.end() - f.sub);
    const auto chosen = e.pick_or_done(f.actor, rest);
    if (!chosen) return;
    if (*chosen == kNoCard) break;
    deck.erase(std::find(deck.begin(), deck.end(), *chosen));
    deck.insert(deck.end() - f.sub, *chosen);
    ++f.sub;
  }
  e.end_effects(viewing);
}

// --- Iconian Gateway (AU): played as an event on a planet location. While it is there, either
// player, as an order in their turn, may send one of their unstopped personnel or equipment
// cards on that planet to the surface of any other planet, one way, one card per order (CRD
// IV.4: they must first be on the Gateway's planet).

std::vector<CardId> gateway_planets(const Engine& e, LocIndex except) {
  std::vector<CardId> out;
  for (LocIndex loc = 0; loc < e.state().spaceline.size(); ++loc) {
    if (loc != except && e.planet(loc)) out.push_back(e.state().spaceline[loc].mission);
  }
  return out;
}

void gateway_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                   std::vector<Action>& out) {
  if (window) return;
  for (CardId mission : gateway_planets(e, kNoLoc))
    out.push_back({ActionKind::kPlayEvent, self, mission});
}

Rule gateway_still_legal(const Engine& e, Seat, const Action& play) {
  return e.state().cards[play.b].zone == Zone::kMission ? Rule::kOk : Rule::kNoTarget;
}

LocIndex gateway_location(const Engine& e, CardId self) {
  const CardState& card = e.state().cards[self];
  return card.where == Where::kOn ? e.state().cards[card.host].loc : kNoLoc;
}

// A card played on the traveller that keeps it from beaming keeps it from the Gateway too
// (Barclay Transporter Phobia: no transport by either means); what holds a planet's beaming
// (Distortion Field) does not, the Gateway being no transporter.
bool held_by_card_on(const Engine& e, CardId c) {
  const State& s = e.state();
  for (CardId on : s.in_play_where(Where::kOn)) {
    const Handler* handler = s.handler(on);
    if (s.cards[on].host == c && handler && handler->blocks_beaming &&
        handler->blocks_beaming(e, on, c, kNoCard))
      return true;
  }
  return false;
}

bool gateway_traveller(const Engine& e, Seat seat, CardId c, LocIndex loc) {
  const CardState& card = e.state().cards[c];
  const auto type = e.state().type(c);
  return card.controller == seat && card.where == Where::kSurface && card.loc == loc &&
         !card.stopped && !card.disabled && !e.in_stasis(c) &&
         (type == v1::STCCG_CARD_TYPE_PERSONNEL || type == v1::STCCG_CARD_TYPE_EQUIPMENT) &&
         !held_by_card_on(e, c);
}

void gateway_orders(const Engine& e, Seat seat, CardId self, std::vector<Action>& out) {
  const LocIndex loc = gateway_location(e, self);
  // Closed (Revolving Door on it), nobody goes through.
  if (loc == kNoLoc || e.has_effect(EffectKind::kDoorwayClosed, self) ||
      gateway_planets(e, loc).empty())
    return;
  for (CardId c : e.state().in_play) {
    if (gateway_traveller(e, seat, c, loc)) out.push_back({ActionKind::kUseCard, self, c});
  }
}

void gateway_resolve(Engine& e, ActionFrame& f) {
  const CardId self = f.action.a;
  if (f.action.kind == ActionKind::kPlayEvent) return place(e, self, f.actor, f.action.b);
  const LocIndex loc = gateway_location(e, self);
  if (loc == kNoLoc || !gateway_traveller(e, f.actor, f.action.b, loc)) return;
  const auto to = e.pick(f.actor, gateway_planets(e, loc));
  if (!to) return;
  const CardState& traveller = e.state().cards[f.action.b];
  e.move_card(f.action.b, Zone::kPlay, Where::kSurface, e.state().cards[*to].loc, kNoCard,
              traveller.controller);
}

// --- Echo Papa 607 Killer Drone (AU equipment): in a personnel battle, Rogue Borg battles too,
// it adds STRENGTH to the side of its player's personnel it is with: 10 the first battle it is
// used in, 10 more in each later, separate battle (not between rounds of one). CRD IV.9.

constexpr int kDroneStep = 10;

bool drone_with(const Engine& e, CardId self, const std::vector<CardId>& fighters) {
  const State& s = e.state();
  const CardState& drone = s.cards[self];
  if (drone.where != Where::kSurface && drone.where != Where::kAboard) return false;
  return std::any_of(fighters.begin(), fighters.end(), [&](CardId c) {
    const CardState& p = s.cards[c];
    if (p.controller != drone.controller || p.where != drone.where) return false;
    return drone.where == Where::kSurface ? p.loc == drone.loc : p.host == drone.host;
  });
}

// Its count of battles fought: a counter naming it as its source only.
const Effect* drone_battles(const Engine& e, CardId self) {
  for (const Effect& x : e.state().effects) {
    if (x.kind == EffectKind::kCounter && x.source == self && x.card == kNoCard) return &x;
  }
  return nullptr;
}

int drone_strength(const Engine& e, CardId self, const std::vector<CardId>& fighters) {
  if (!drone_with(e, self, fighters)) return 0;
  const Effect* fought = drone_battles(e, self);
  return kDroneStep * (1 + (fought ? fought->value : 0));
}

void drone_fought(Engine& e, CardId self) {
  for (Effect& x : e.state().effects) {
    if (x.kind == EffectKind::kCounter && x.source == self && x.card == kNoCard) {
      ++x.value;
      return;
    }
  }
  Effect count{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
  count.source = self;
  count.value = 1;
  e.add_effect(count);
}

}  // namespace

extern const Handler kEchoPapa607KillerDrone{
    .name = "echo_papa_607_killer_drone",
    .test = "tests/scenarios/card-artifacts.scn",
    .battle_strength = drone_strength,
    .fought_in_battle = drone_fought,
};

extern const Handler kIconianGateway{
    .name = "iconian_gateway",
    .test = "tests/scenarios/card-artifacts.scn",
    .plays = gateway_plays,
    .still_legal = gateway_still_legal,
    .resolve = gateway_resolve,
    .orders = gateway_orders,
    .orders_for_either_player = true,
    .choose_label = "choose the planet the traveller goes to",
    .use_label = "go through the Iconian Gateway to another planet",
};

extern const Handler kKurlanNaiskos{
    .name = "kurlan_naiskos",
    .test = "tests/scenarios/card-artifacts.scn",
    .plays = naiskos_plays,
    .still_legal = target_in_play,
    .resolve = naiskos_resolve,
    .state_check = naiskos_state_check,
};

extern const Handler kThoughtMaker{
    .name = "thought_maker",
    .test = "tests/scenarios/card-artifacts.scn",
    .plays = thought_maker_plays,
    .resolve = thought_maker_resolve,
    .choose_label = "choose the next card of the opponent's draw deck, from the top down",
};

extern const Handler kVulcanStoneOfGol{
    .name = "vulcan_stone_of_gol",
    .test = "tests/scenarios/card-artifacts.scn",
    .plays = stone_plays,
    .still_legal = stone_still_legal,
    .resolve = stone_resolve,
};

}  // namespace spacedock::stccg::handlers
