// Current attributes and skills: printed values, then the modifiers in play (§3.22).
#include <algorithm>
#include <array>
#include <boost/container/small_vector.hpp>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {
namespace {

int printed(const CardDef& def, Attribute a) {
  const auto& card = def.card;
  switch (a) {
    case Attribute::kIntegrity:
      return card.personnel().integrity();
    case Attribute::kCunning:
      return card.personnel().cunning();
    case Attribute::kStrength:
      return card.personnel().strength();
    case Attribute::kRange:
      return card.ship().range();
    case Attribute::kWeapons:
      return card.has_facility() ? card.facility().weapons() : card.ship().weapons();
    case Attribute::kShields:
      return card.has_facility() ? card.facility().shields() : card.ship().shields();
  }
  return 0;
}

// A classification swapped while an effect lasts (Military Privilege); the skill box keeps what
// is printed there. Copies of the same swap count once (not cumulative, §3.17).
Classification after_swaps(const std::vector<Effect>& effects, Classification classification,
                           AffiliationSet affiliations) {
  std::vector<const Effect*> swaps;
  for (const Effect& x : effects) {
    if (x.kind != EffectKind::kClassificationSwap ||
        (x.affiliations && !(x.affiliations & affiliations)))
      continue;
    const auto same = [&](const Effect* y) {
      return y->value == x.value && y->affiliations == x.affiliations;
    };
    if (std::any_of(swaps.begin(), swaps.end(), same)) continue;
    swaps.push_back(&x);
    const auto one = static_cast<Classification>(x.value & 0xff);
    const auto other = static_cast<Classification>((x.value >> 8) & 0xff);
    if (classification == one) {
      classification = other;
    } else if (classification == other) {
      classification = one;
    }
  }
  return classification;
}

}  // namespace

bool Engine::may_use(CardId equipment, CardId personnel) const {
  const auto& users = s_.def(equipment).card.equipment().usable_by();
  if (users.empty()) return true;
  AffiliationSet allowed = 0;
  for (int a : users)
    allowed |= bit(static_cast<Affiliation>(a));
  const AffiliationSet mine = affiliations(personnel);
  return (mine & allowed) != 0 || treaty(s_.cards[personnel].controller, mine, allowed);
}

bool Engine::modifier_holds(const ModifierDef& m, CardId source, CardId target) const {
  const CardState& s = s_.cards[source];
  const bool aboard_ship = s.where == Where::kAboard && is_ship(s.host);
  switch (m.aboard) {
    case v1::STCCG_ABOARD_SHIP:
      if (!aboard_ship) return false;
      break;
    case v1::STCCG_ABOARD_FACILITY:
      if (s.where != Where::kAboard || !is_facility(s.host)) return false;
      break;
    case v1::STCCG_ABOARD_NOT_SHIP:
      if (aboard_ship) return false;
      break;
    default:
      break;
  }
  if (m.aboard_title && (s.where != Where::kAboard || s_.traits(s.host).title != *m.aboard_title))
    return false;
  if (m.affiliations != 0 && !(affiliations(target) & m.affiliations)) return false;
  if (!m.while_with.empty()) {
    // Printed figures only, so that no modifier waits on another (two Navoks together).
    GroupFacts with;
    for (CardId c : s_.in_play_where(s.where)) {
      const CardState& o = s_.cards[c];
      if (c != source && is_personnel(c) && o.controller == s.controller && o.where == s.where &&
          o.host == s.host && o.loc == s.loc)
        with.members.push_back(base_facts(c));
    }
    if (!m.while_with.holds_for_group(with)) return false;
  }
  return true;
}

template <typename Visit>
void Engine::for_each_modifier(CardId target, Visit&& visit) const {
  const CardState& t = s_.cards[target];
  const bool person = is_personnel(target);
  // Copies of a card that is not cumulative count once (§3.17). This runs for every attribute
  // and skill looked at: the few definitions counted stay off the heap.
  boost::container::small_vector<DefIndex, 16> counted;
  auto offer = [&](CardId source, v1::StccgScope scope) {
    const CardDef& def = s_.def(source);
    if (suspended_where_present(source)) return;  // Sakkath and Bendii Syndrome
    // Damage markers add up, copies of the same one included (BoG).
    const bool cumulative = def.card.cumulative() || def.type() == v1::STCCG_CARD_TYPE_TACTIC;
    bool any = false;
    for (const ModifierDef& m : def.modifiers) {
      if (m.scope != scope) continue;
      if (!cumulative && std::find(counted.begin(), counted.end(), def.index) != counted.end()) {
        continue;
      }
      if (!modifier_holds(m, source, target)) continue;
      visit(m, source);
      any = true;
    }
    if (any && !cumulative) counted.push_back(def.index);
  };
  offer(target, v1::STCCG_SCOPE_SELF);
  const auto at_location = [](const CardState& c) {
    return c.where == Where::kSpace || c.where == Where::kSurface || c.where == Where::kAboard;
  };
  for (CardId source : s_.modifying_in_play) {
    const CardState& s = s_.cards[source];
    if (source == target || s.face_down) continue;
    if (s.controller == t.controller && at_location(s) && at_location(t) &&
        location_of(source) == location_of(target)) {
      offer(source, v1::STCCG_SCOPE_LOCATION);
    }
    // A personnel's table-wide modifiers reach wherever it is (Kareen Brianon's to Ira Graves).
    if (s.where == Where::kTable || is_personnel(source)) {
      if (s.controller == t.controller) offer(source, v1::STCCG_SCOPE_ALL_YOURS);
      offer(source, v1::STCCG_SCOPE_ALL);
    }
    if (s.where == Where::kOn && s.host == target) {
      offer(source, v1::STCCG_SCOPE_HOST);
    } else if (s.where == Where::kAboard && s.host == target) {
      offer(source, v1::STCCG_SCOPE_VESSEL);
    } else if (person && s.controller == t.controller && s.where == t.where && s.host == t.host &&
               s.loc == t.loc && may_use(source, target)) {
      offer(source, v1::STCCG_SCOPE_PRESENT);  // equipment with the personnel
    }
  }
}

int Engine::attribute(CardId card, Attribute a) const {
  return attributes(card, attribute_bit(a))[static_cast<std::size_t>(a)];
}

Engine::Attributes Engine::attributes(CardId card, unsigned wanted) const {
  const CardDef& def = s_.def(card);
  const bool person = is_personnel(card);
  Attributes value{};
  Attributes multiplier;
  multiplier.fill(1);
  // A letter: 0, and never changed.
  unsigned undefined = 0;
  if (person) {
    for (int letter : def.card.personnel().undefined()) {
      if (letter >= 1 && letter <= static_cast<int>(kAttributeCount))
        undefined |= attribute_bit(static_cast<Attribute>(letter - 1));
    }
  }
  wanted &= ~undefined;
  const Handler* handler = def.handler;
  const Effect* copy = find_effect(EffectKind::kCopies, card);
  for (std::size_t i = 0; i < kAttributeCount; ++i) {
    const auto a = static_cast<Attribute>(i);
    if (!(wanted & attribute_bit(a))) continue;
    value[i] = handler && handler->figures ? handler->figures(*this, card, a) : printed(def, a);
    // A morphed copy takes the copied card's CUNNING and STRENGTH, not its INTEGRITY.
    if (copy && (a == Attribute::kCunning || a == Attribute::kStrength))
      value[i] = printed(s_.def(static_cast<CardId>(copy->value)), a);
    if (a == Attribute::kRange && damaged(card))
      value[i] = std::min(value[i], 5);  // set before adding
  }
  if (s_.may_have(EffectKind::kAttribute) || s_.may_have(EffectKind::kAttributeTimes)) {
    for (const Effect& x : s_.effects) {
      if (x.card != card || !(wanted & attribute_bit(x.attribute))) continue;
      const auto i = static_cast<std::size_t>(x.attribute);
      if (x.kind == EffectKind::kAttribute) value[i] += x.value;
      if (x.kind == EffectKind::kAttributeTimes)
        multiplier[i] = std::max<int>(multiplier[i], x.value);
    }
  }
  // Modifiers change a personnel's attributes, or a ship's or facility's.
  const unsigned modified = wanted & (person ? kPersonnelAttributes : ~kPersonnelAttributes);
  if (modified) {
    // A damage marker may put every enhancement of an attribute off line (BoG "Off line").
    unsigned no_enhancements = 0;
    for (std::size_t i = 0; i < kAttributeCount && !person; ++i) {
      const auto a = static_cast<Attribute>(i);
      if ((modified & attribute_bit(a)) && enhancements_off_line(card, a))
        no_enhancements |= attribute_bit(a);
    }
    std::optional<MemberFacts> base;  // the card's printed facts, for filtered modifiers
    for_each_modifier(card, [&](const ModifierDef& m, CardId source) {
      if (!m.attribute || !(modified & attribute_bit(*m.attribute)) ||
          ((no_enhancements & attribute_bit(*m.attribute)) && m.add > 0))
        return;
      // A card with figures of its own is no ship: only what is played on it (markers) counts.
      if (handler && handler->figures && m.scope != v1::STCCG_SCOPE_HOST) return;
      // A table-wide (or location-wide) modifier of a ship attribute is for "your ships":
      // facilities keep theirs (CRD IV.5B, IV.5C).
      if (!person && !is_ship(card) &&
          (m.scope == v1::STCCG_SCOPE_ALL_YOURS || m.scope == v1::STCCG_SCOPE_ALL ||
           m.scope == v1::STCCG_SCOPE_LOCATION))
        return;
      if (person && !m.filter.empty()) {
        if (!base) base = base_facts(card);
        if (!m.filter.holds_for_member(*base)) return;
      }
      int add = m.add;
      if (!m.per_filter.empty()) {
        const auto aboard =
            crew(s_.cards[source].where == Where::kOn ? s_.cards[source].host : card);
        add *= static_cast<int>(std::count_if(aboard.begin(), aboard.end(), [&](CardId c) {
          return m.per_filter.holds_for_member(base_facts(c));
        }));
      }
      const auto i = static_cast<std::size_t>(*m.attribute);
      value[i] += add;
      if (m.multiply > 1) multiplier[i] = std::max(multiplier[i], m.multiply);
    });
  }
  for (std::size_t i = 0; i < kAttributeCount; ++i)
    value[i] = std::max(0, value[i]) * multiplier[i];
  return value;
}

int Engine::lost_skill_entry(CardId personnel) const {
  // Not cumulative: two losses of the first entry take one entry (CRD II.4 Tsiolkovsky).
  const CardState& p = s_.cards[personnel];
  const CardId host = p.where == Where::kAboard ? p.host : kNoCard;
  if (!s_.may_have(EffectKind::kSkillEntryLost)) return -1;
  for (const Effect& x : s_.effects) {
    if (x.kind == EffectKind::kSkillEntryLost && (x.card == personnel || x.card == host))
      return x.value;
  }
  return -1;
}

bool Engine::in_skill_box(CardId personnel, const SkillEntry& skill) const {
  // A personnel with one skill box per affiliation uses the box of the one it is of.
  return skill.box == 0 || (skill.box & affiliations(personnel)) != 0;
}

int Engine::skill_box_size(CardId personnel) const {
  const CardDef& def = s_.def(personnel);
  const auto entries =
      std::count_if(def.skills.begin(), def.skills.end(),
                    [&](const SkillEntry& s) { return in_skill_box(personnel, s); });
  return static_cast<int>(entries) + (def.card.personnel().special_skill() ? 1 : 0);
}

Gender Engine::gender(CardId personnel) const {
  // One chosen on arrival (a Soong-type Android, kGender) stands in for the printed one.
  if (const Effect* chosen = find_effect(EffectKind::kGender, personnel))
    return static_cast<Gender>(chosen->value);
  return printed_gender(s_.def(personnel));
}

MemberFacts Engine::base_facts(CardId personnel) const {
  const CardDef& def = s_.def(personnel);
  const auto& p = def.card.personnel();
  // A morphed copy (EffectKind::kCopies) has the copied card's classification, skill box,
  // staffing icons, CUNNING and STRENGTH.
  const Effect* copy = find_effect(EffectKind::kCopies, personnel);
  const CardDef& shape = copy ? s_.def(static_cast<CardId>(copy->value)) : def;
  MemberFacts facts;
  facts.persona = def.persona;
  facts.unique = def.unique();
  facts.disabled = s_.cards[personnel].disabled;
  facts.classification = static_cast<Classification>(shape.card.personnel().classification());
  if (s_.may_have(EffectKind::kClassificationSwap))
    facts.classification = after_swaps(s_.effects, facts.classification, def.affiliations);
  // A classification set by a card on it (Scottish Setter) comes after any swap.
  if (const Effect* set = find_effect(EffectKind::kClassification, personnel))
    facts.classification = static_cast<Classification>(set->value);
  facts.gender = gender(personnel);
  facts.kind = printed_kind(def);
  facts.integrity = p.integrity();
  facts.cunning = shape.card.personnel().cunning();
  facts.strength = shape.card.personnel().strength();
  facts.affiliations = def.affiliations;
  // An affiliation a card imposes (Frame of Mind, Discommendation) is the one formulas read; a
  // multi-affiliation personnel's own choice is not: it still counts as any of its icons.
  if (s_.may_have(EffectKind::kAffiliation)) {
    for (const Effect& x : s_.effects) {
      if (x.kind == EffectKind::kAffiliation && x.card == personnel && x.source != personnel) {
        facts.affiliations = bit(static_cast<Affiliation>(x.value));
        break;
      }
    }
  }
  constexpr std::uint32_t kStaffing = (1u << v1::STCCG_ICON_STAFF) | (1u << v1::STCCG_ICON_COMMAND);
  facts.icons = (def.icons & ~kStaffing) | (shape.icons & kStaffing);
  if (s_.may_have(EffectKind::kIcon)) {
    for (const Effect& x : s_.effects) {
      if (x.kind != EffectKind::kIcon || x.card != personnel) continue;
      if (x.flag) {
        facts.icons ^= 1u << x.value;  // toggled
      } else {
        facts.icons |= 1u << x.value;
      }
    }
  }
  facts.tags = &def.tags;
  const int lost = lost_skill_entry(personnel);
  int entry = 0;
  for (const SkillEntry& skill : shape.skills) {
    if (!in_skill_box(personnel, skill)) continue;
    if (entry++ != lost) facts.skills[skill.skill] += skill.halves;
  }
  if (facts.classification != Classification::kNone) {
    facts.skills[SkillTable::of(facts.classification)] += 2;  // the classification is a skill too
  }
  return facts;
}

MemberFacts Engine::skilled_facts(CardId personnel) const {
  // Skill grants need the printed classification and do not chain (§3.2 equipment use).
  const MemberFacts base = base_facts(personnel);
  MemberFacts facts = base;
  // Losses per skill, applied after every grant so that the order of the cards in play does not
  // matter. Counted in place: this runs for every personnel looked at, and a list would allocate.
  std::array<std::uint8_t, kMaxSkills> losses{};
  bool lost = false;
  const auto lose = [&](SkillId skill) {
    ++losses[skill];
    lost = true;
  };
  for_each_modifier(personnel, [&](const ModifierDef& m, CardId) {
    if (!m.filter.empty() && !m.filter.holds_for_member(base)) return;
    if (m.grant_skill) facts.skills[*m.grant_skill] += 2;
    if (m.lose_skill) lose(*m.lose_skill);
  });
  if (s_.may_have(EffectKind::kSkillChanged)) {
    for (const Effect& x : s_.effects) {
      if (x.kind != EffectKind::kSkillChanged || x.card != personnel) continue;
      const auto skill = static_cast<SkillId>(x.value);
      if (x.flag) {
        lose(skill);
      } else {
        facts.skills[skill] = static_cast<SkillHalves>(facts.skills[skill] + 2);
      }
    }
  }
  if (lost) {
    for (int skill = 0; skill < kMaxSkills; ++skill) {
      facts.skills[skill] =
          static_cast<SkillHalves>(std::max(0, facts.skills[skill] - 2 * losses[skill]));
    }
  }
  return facts;
}

MemberFacts Engine::facts(CardId personnel) const {
  MemberFacts facts = skilled_facts(personnel);
  const Attributes current = attributes(personnel, kPersonnelAttributes);
  facts.integrity = current[static_cast<std::size_t>(Attribute::kIntegrity)];
  facts.cunning = current[static_cast<std::size_t>(Attribute::kCunning)];
  facts.strength = current[static_cast<std::size_t>(Attribute::kStrength)];
  return facts;
}

void Engine::lend_to_group(const std::vector<CardId>& members, GroupFacts& group) const {
  // Only the group of the attempt, while it faces the dilemma the loan was made for.
  const AttemptFrame* attempt = top_frame<AttemptFrame>();
  if (!attempt || std::find(attempt->members.begin(), attempt->members.end(), members.front()) ==
                      attempt->members.end())
    return;
  for (const Effect& x : s_.effects) {
    // Under the other reading the loan lasts for the rest of the attempt at `loc`.
    const bool lasts = s_.options.eyes_in_the_dark_one_dilemma ? x.source == attempt->current
                                                               : x.loc == attempt->loc;
    if (x.kind != EffectKind::kLentToGroup || !lasts || x.player != attempt->player ||
        !s_.in_play_at(x.card))
      continue;
    // One of each skill, whatever its multiplier (CRD II.3B).
    const MemberFacts lender = facts(x.card);
    for (std::size_t k = 0; k < group.extra_skills.size(); ++k) {
      group.extra_skills[k] =
          static_cast<SkillHalves>(group.extra_skills[k] + std::min<int>(lender.skills[k], 2));
    }
    group.extra_attributes[static_cast<std::size_t>(Attribute::kIntegrity)] += lender.integrity;
    group.extra_attributes[static_cast<std::size_t>(Attribute::kCunning)] += lender.cunning;
    group.extra_attributes[static_cast<std::size_t>(Attribute::kStrength)] += lender.strength;
  }
}

GroupFacts Engine::group_facts(const std::vector<CardId>& members, CardId vessel) const {
  GroupFacts group;
  group.members.reserve(members.size());
  for (CardId c : members) {
    group.members.push_back(facts(c));
    group.members.back().against = has_effect(EffectKind::kCountsAgainst, c);
  }
  if (vessel != kNoCard) {
    group.has_vessel = true;
    const bool ship = is_ship(vessel);
    const Attributes current =
        attributes(vessel, attribute_bit(Attribute::kShields) | attribute_bit(Attribute::kWeapons) |
                               (ship ? attribute_bit(Attribute::kRange) : 0u));
    group.shields = current[static_cast<std::size_t>(Attribute::kShields)];
    group.weapons = current[static_cast<std::size_t>(Attribute::kWeapons)];
    group.range = current[static_cast<std::size_t>(Attribute::kRange)];
  }
  if (!members.empty() && s_.may_have(EffectKind::kLentToGroup)) lend_to_group(members, group);
  // The equipment and artifacts of the members' controller where a member is (on the planet
  // or aboard the same ship or facility): Bat'leth Tournament's bat'leth.
  if (!members.empty()) {
    const Seat owner = s_.cards[members.front()].controller;
    const auto with_a_member = [&](const CardState& item) {
      return std::any_of(members.begin(), members.end(), [&](CardId m) {
        const CardState& member = s_.cards[m];
        return member.where == item.where &&
               (item.where == Where::kSurface ? member.loc == item.loc : member.host == item.host);
      });
    };
    // Sorted below: the order the items are found in does not matter.
    for (const Where where : {Where::kSurface, Where::kAboard}) {
      for (CardId c : s_.in_play_where(where)) {
        const CardState& item = s_.cards[c];
        const auto type = s_.type(c);
        if ((type != v1::STCCG_CARD_TYPE_EQUIPMENT && type != v1::STCCG_CARD_TYPE_ARTIFACT) ||
            item.controller != owner || !with_a_member(item))
          continue;
        const CardDef& def = s_.def(c);
        if (def.handler && def.handler->adds_to_group) def.handler->adds_to_group(*this, c, group);
        // Unless an artifact counts by its keywords too ("any bat'leth" takes in the Sword of
        // Kahless), it counts only as itself.
        if (type == v1::STCCG_CARD_TYPE_ARTIFACT && !s_.options.tournament_any_batleth) {
          if (def.title_tag) group.equipment.push_back(*def.title_tag);
          continue;
        }
        group.equipment.insert(group.equipment.end(), def.tags.begin(), def.tags.end());
      }
    }
    // The special equipment of the ship they are on counts as theirs (Tarchannen Study's
    // Holodeck).
    if (vessel != kNoCard) {
      const auto& special = s_.def(vessel).special_equipment;
      group.equipment.insert(group.equipment.end(), special.begin(), special.end());
    }
    std::sort(group.equipment.begin(), group.equipment.end());
  }
  return group;
}

}  // namespace spacedock::stccg
