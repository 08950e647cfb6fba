// The bot's reading of its own snapshot (board.h), and its estimate of what a group of its
// personnel meets: the engine's condition language run on facts built from the printed cards.
#include "engine/stccg/bot/board.h"

#include <algorithm>

namespace spacedock::stccg::bot {
namespace {

// What the bot computes once from the card database: personnel facts as printed.
struct Tables {
  std::vector<MemberFacts> facts;  // by DefIndex; personnel only
  std::unordered_map<std::string, const CardDef*> by_id;
};

MemberFacts printed_facts(const CardDef& def) {
  const auto& p = def.card.personnel();
  MemberFacts m;
  m.persona = def.persona;
  m.unique = def.unique();
  m.classification = static_cast<Classification>(p.classification());
  m.gender = printed_gender(def);
  m.kind = printed_kind(def);
  m.integrity = p.integrity();
  m.cunning = p.cunning();
  m.strength = p.strength();
  for (const SkillEntry& s : def.skills) {
    if (s.box == 0) m.skills[s.skill] += s.halves;  // a box per affiliation depends on play
  }
  if (m.classification != Classification::kNone) m.skills[SkillTable::of(m.classification)] += 2;
  return m;
}

const Tables& tables() {
  static const Tables t = [] {
    const CardDb& db = CardDb::standard();
    Tables out;
    out.facts.resize(db.defs().size());
    for (const CardDef& def : db.defs()) {
      out.by_id.emplace(def.id(), &def);
      if (def.type() == v1::STCCG_CARD_TYPE_PERSONNEL) out.facts[def.index] = printed_facts(def);
    }
    return out;
  }();
  return t;
}

// The group's facts: printed personnel plus what the equipment among them grants or adds.
GroupFacts group_facts(const std::vector<const Member*>& group, const Vessel* vessel) {
  GroupFacts g;
  std::vector<const CardDef*> equipment;
  for (const Member* m : group) {
    if (m->personnel()) {
      g.members.push_back(tables().facts[m->def->index]);
    } else {
      equipment.push_back(m->def);
    }
  }
  for (const CardDef* e : equipment) {
    for (const ModifierDef& mod : e->modifiers) {
      if (mod.scope != v1::STCCG_SCOPE_PRESENT) continue;
      for (MemberFacts& m : g.members) {
        if (!mod.filter.empty() && !mod.filter.holds_for_member(m)) continue;
        if (mod.grant_skill) m.skills[*mod.grant_skill] += 2;
        if (mod.attribute == Attribute::kStrength) m.strength += mod.add;
        if (mod.attribute == Attribute::kCunning) m.cunning += mod.add;
        if (mod.attribute == Attribute::kIntegrity) m.integrity += mod.add;
      }
    }
  }
  if (vessel) {
    g.has_vessel = true;
    if (vessel->ship) {
      const auto& ship = vessel->def->card.ship();
      g.shields = ship.shields();
      g.weapons = ship.weapons();
      g.range = ship.range();
    } else {
      const auto& facility = vessel->def->card.facility();
      g.shields = facility.shields();
      g.weapons = facility.weapons();
    }
  }
  return g;
}

bool matches_icon(const Site& site, const std::vector<const Member*>& group) {
  return std::any_of(group.begin(), group.end(), [&](const Member* m) {
    return m->personnel() && (m->def->affiliations & site.end->affiliations);
  });
}

const MissionEndDef& end_for(const CardDef& mission, const v1::StccgLocation& l, std::uint32_t me) {
  if (l.seeder() == me) return mission.ends[0];
  if (l.copy().owner() == me && !l.copy().card_id().empty()) {
    if (const CardDef* copy = def_of(l.copy().card_id())) return copy->ends[0];
  }
  return mission.ends[1];
}

void add_cards(const v1::StccgCardInPlay& card, std::vector<Member>& out) {
  const CardDef* def = def_of(card.card().card_id());
  if (!def) return;
  const auto type = def->type();
  if (type != v1::STCCG_CARD_TYPE_PERSONNEL && type != v1::STCCG_CARD_TYPE_EQUIPMENT &&
      type != v1::STCCG_CARD_TYPE_ARTIFACT)
    return;
  if (card.captive() || card.house_arrest()) return;
  out.push_back({card.card().handle(), def, card.stopped()});
}

}  // namespace

const CardDef* def_of(const std::string& card_id) {
  const auto& by_id = tables().by_id;
  const auto it = by_id.find(card_id);
  return it == by_id.end() ? nullptr : it->second;
}

bool Site::has_facility() const {
  return std::any_of(vessels.begin(), vessels.end(), [](const Vessel& v) { return !v.ship; });
}

const Place* Board::place(std::uint32_t handle) const {
  const auto it = places.find(handle);
  return it == places.end() ? nullptr : &it->second;
}

std::vector<const Member*> Board::ready_at(int site) const {
  std::vector<const Member*> out;
  const Site& s = sites[static_cast<std::size_t>(site)];
  auto add = [&](const std::vector<Member>& cards) {
    for (const Member& m : cards) {
      if (!m.stopped) out.push_back(&m);
    }
  };
  for (const Vessel& v : s.vessels)
    add(v.aboard);
  add(s.surface);
  return out;
}

std::vector<const Member*> Board::everyone() const {
  std::vector<const Member*> out;
  for (const Site& s : sites) {
    for (const Vessel& v : s.vessels) {
      for (const Member& m : v.aboard)
        out.push_back(&m);
    }
    for (const Member& m : s.surface)
      out.push_back(&m);
  }
  return out;
}

int Board::distance(int from, int to) const {
  int cost = 0;
  const int step = to > from ? 1 : -1;
  for (int loc = from; loc != to;) {
    loc += step;
    cost += sites[static_cast<std::size_t>(loc)].span;
  }
  return cost;
}

int Board::home() const {
  for (std::size_t i = 0; i < sites.size(); ++i) {
    if (sites[i].has_facility()) return static_cast<int>(i);
  }
  return -1;
}

Board read_board(const v1::GameSnapshot& snapshot) {
  const v1::StccgView& view = snapshot.stccg();
  Board b;
  b.me = snapshot.seat();
  for (const v1::StccgPlayer& p : view.players()) {
    if (p.seat() == b.me) {
      b.score = p.score();
      b.draw_left = static_cast<int>(p.draw_count());
      for (const v1::StccgCardRef& c : p.hand()) {
        if (const CardDef* def = def_of(c.card_id())) {
          b.hand.emplace_back(c.handle(), def);
          b.places[c.handle()] = {Place::Kind::kHand, -1, -1, def};
          b.affiliations |= def->affiliations;
        }
      }
      for (const v1::StccgCardRef& c : p.seed_pile()) {
        const CardDef* def = def_of(c.card_id());
        if (!def) continue;
        b.places[c.handle()] = {Place::Kind::kOther, -1, -1, def};
        if (def->type() == v1::STCCG_CARD_TYPE_FACILITY) b.affiliations |= bit(def->affiliation);
      }
    } else {
      b.opponent_score = p.score();
    }
  }
  b.sites.reserve(static_cast<std::size_t>(view.spaceline_size()));
  for (const v1::StccgLocation& l : view.spaceline()) {
    Site s;
    const int index = static_cast<int>(b.sites.size());
    s.mission = def_of(l.mission().card_id());
    if (!s.mission) continue;
    s.end = &end_for(*s.mission, l, b.me);
    s.placement = l.placement();
    s.mine = l.seeder() == b.me;
    s.completed = l.has_completed_by();
    s.seeds = l.seeds_size();
    for (const v1::StccgCardRef& seed : l.seeds()) {
      if (const CardDef* def = def_of(seed.card_id())) s.known_seeds.push_back(def);
    }
    s.span = (l.seeder() == b.me ? l.seeder_end() : l.other_end()).span();
    for (const auto* list : {&l.facilities(), &l.ships()}) {
      for (const v1::StccgCardInPlay& c : *list) {
        if (c.controller() != b.me) {
          if (list == &l.ships()) ++s.opponent_ships;
          continue;
        }
        const CardDef* def = def_of(c.card().card_id());
        if (!def) continue;
        Vessel v{c.card().handle(),
                 def,
                 def->type() == v1::STCCG_CARD_TYPE_SHIP,
                 c.stopped(),
                 c.cloaked(),
                 c.range_left(),
                 {}};
        for (const v1::StccgCardInPlay& a : c.aboard()) {
          if (a.controller() == b.me) add_cards(a, v.aboard);
        }
        s.vessels.push_back(std::move(v));
      }
    }
    for (const v1::StccgCardInPlay& c : l.surface()) {
      if (c.controller() == b.me) add_cards(c, s.surface);
    }
    b.sites.push_back(std::move(s));
    Site& placed = b.sites.back();
    for (std::size_t v = 0; v < placed.vessels.size(); ++v) {
      const Vessel& vessel = placed.vessels[v];
      b.places[vessel.handle] = {Place::Kind::kVessel, index, static_cast<int>(v), vessel.def};
      for (const Member& m : vessel.aboard)
        b.places[m.handle] = {Place::Kind::kAboard, index, static_cast<int>(v), m.def};
    }
    for (const Member& m : placed.surface)
      b.places[m.handle] = {Place::Kind::kSurface, index, -1, m.def};
    for (const Vessel& v : placed.vessels)
      b.affiliations |= v.ship ? 0 : bit(v.def->affiliation);
  }
  return b;
}

bool meets(const Site& site, const std::vector<const Member*>& group, const Vessel* vessel) {
  if (!matches_icon(site, group)) return false;
  return site.end->requirements.holds_for_group(group_facts(group, vessel));
}

bool completes(const Site& site, const std::vector<const Member*>& group, const Vessel* vessel) {
  if (!meets(site, group, vessel)) return false;
  const GroupFacts facts = group_facts(group, vessel);
  const bool away_team = !site.space();
  for (const CardDef* seed : site.known_seeds) {
    if (seed->type() != v1::STCCG_CARD_TYPE_DILEMMA) continue;
    const auto& dilemma = seed->card.dilemma();
    if (!dilemma.stops_on_fail()) continue;
    if (!seed->trigger.empty() && !seed->trigger.holds_for_group(facts)) continue;
    const Formula& condition =
        away_team && !seed->planet_condition.empty() ? seed->planet_condition : seed->condition;
    if (!condition.empty() && !condition.holds_for_group(facts)) return false;
  }
  return true;
}

bool staffs(const CardDef& ship, const std::vector<const Member*>& crew) {
  int command_needed = 0, staff_needed = 0;
  for (const auto& staffing : ship.card.ship().staffing()) {
    if (staffing.icon() == v1::STCCG_ICON_COMMAND) ++command_needed;
    if (staffing.icon() == v1::STCCG_ICON_STAFF) ++staff_needed;
  }
  int command = 0, staff = 0;
  for (const Member* m : crew) {
    if (!m->personnel()) continue;
    if (m->def->icons & (1u << v1::STCCG_ICON_COMMAND)) {
      ++command;
    } else if (m->def->icons & (1u << v1::STCCG_ICON_STAFF)) {
      ++staff;
    }
  }
  // A COMMAND personnel may fill a STAFF icon too.
  return command >= command_needed && command - command_needed + staff >= staff_needed;
}

double progress(const Site& site, const std::vector<const Member*>& group) {
  const GroupFacts g = group_facts(group, nullptr);
  double best = 0;
  for (const std::vector<Formula>& terms : site.end->alternatives) {
    int held = 0;
    for (const Formula& f : terms)
      held += f.holds_for_group(g) ? 1 : 0;
    best = std::max(best, static_cast<double>(held) / static_cast<double>(terms.size()));
  }
  return matches_icon(site, group) ? best : best * 0.8;
}

bool worth_attempting(const Board& b, const Site& site) {
  return !site.completed && site.end->points.value_or(0) > 0 && !site.end->requirements.empty() &&
         (site.end->affiliations & b.affiliations);
}

double personnel_worth(const CardDef& def) {
  const auto& p = def.card.personnel();
  return static_cast<double>(def.skills.size()) * 2 +
         (p.integrity() + p.cunning() + p.strength()) / 6.0;
}

}  // namespace spacedock::stccg::bot
