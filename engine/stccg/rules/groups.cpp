// Who is where, who may work with whom, and what it costs a ship to move (§3.2, §3.3, §3.7).
#include <algorithm>
#include <boost/container/small_vector.hpp>

#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {

AffiliationSet Engine::affiliations(CardId c) const {
  // A commandeered ship or facility takes its new affiliation (BoG), and a personnel who lost
  // his (Discommendation). A multi-affiliation personnel uses the one it chose (its own effect,
  // cards/handlers/dual_affiliation.cpp) unless another card imposes one (Frame of Mind).
  if (!s_.may_have(EffectKind::kAffiliation)) return s_.traits(c).affiliations;
  const Effect* own = nullptr;
  for (const Effect& x : s_.effects) {
    if (x.kind != EffectKind::kAffiliation || x.card != c) continue;
    if (x.source != c) return bit(static_cast<Affiliation>(x.value));
    if (!own) own = &x;
  }
  return own ? bit(static_cast<Affiliation>(own->value)) : s_.traits(c).affiliations;
}

bool Engine::treaty(Seat seat, AffiliationSet a, AffiliationSet b) const {
  for (CardId c : s_.in_play_where(Where::kTable)) {  // treaties play on the table
    if (s_.cards[c].controller != seat || s_.type(c) != v1::STCCG_CARD_TYPE_EVENT) continue;
    const auto& pair = s_.def(c).card.event().treaty();
    if (pair.size() != 2) continue;
    const AffiliationSet first = bit(static_cast<Affiliation>(pair[0]));
    const AffiliationSet second = bit(static_cast<Affiliation>(pair[1]));
    if (((a & first) && (b & second)) || ((a & second) && (b & first))) return true;
  }
  return false;
}

bool Engine::compatible(Seat seat, AffiliationSet a, AffiliationSet b) const {
  return (a & b) != 0 || (a & kUnaligned) != 0 || (b & kUnaligned) != 0 || treaty(seat, a, b);
}

bool Engine::fits_with(CardId personnel, std::span<const CardId> group) const {
  const Seat seat = s_.cards[personnel].controller;
  const AffiliationSet mine = affiliations(personnel);
  // A brainwashed captive mixes with its captor's personnel whatever its affiliation (CRD IV.7).
  if (brainwashed(personnel)) return true;
  return std::all_of(group.begin(), group.end(), [&](CardId other) {
    return other == personnel || brainwashed(other) || compatible(seat, mine, affiliations(other));
  });
}

bool Engine::fits_with_crew(CardId personnel, CardId vessel) const {
  const Seat seat = s_.cards[personnel].controller;
  const AffiliationSet mine = affiliations(personnel);
  for (CardId other : s_.in_play_where(Where::kAboard)) {
    const CardState& card = s_.cards[other];
    if (other != personnel && card.where == Where::kAboard && card.host == vessel &&
        is_personnel(other) && !card.disabled && !card.arrested && !in_stasis(other) &&
        !brainwashed(personnel) && !brainwashed(other) &&
        !compatible(seat, mine, affiliations(other))) {
      return false;
    }
  }
  return true;
}

bool Engine::suspended_where_present(CardId card) const {
  const CardDef& def = s_.def(card);
  if (!def.suspendable) return false;
  // A card played on another is where its host is (Bendii Syndrome on a Vulcan).
  CardId at = card;
  while (s_.cards[at].where == Where::kOn && s_.cards[at].host != kNoCard)
    at = s_.cards[at].host;
  return suspends_where_present(at, def.title(), card);
}

bool Engine::suspends_where_present(CardId at, std::string_view title, CardId except) const {
  const CardState& place = s_.cards[at];
  if (place.where != Where::kAboard && place.where != Where::kSurface) return false;
  for (CardId c : s_.in_play_where(place.where)) {
    if (c == except || !is_personnel(c) || s_.cards[c].disabled || !s_.present_together(c, at))
      continue;
    for (const auto& entry : s_.def(c).card.personnel().where_present()) {
      if (entry.title() == title && (entry.effect() == v1::STCCG_PRESENCE_EFFECT_SUSPENDS ||
                                     entry.effect() == v1::STCCG_PRESENCE_EFFECT_NULLIFIES))
        return true;
    }
  }
  return false;
}

bool Engine::idle_hologram(CardId personnel, CardId vessel) const {
  // Carried aboard a facility or a ship without a Holodeck, a hologram is not used (CRD
  // IV.10.A item 7).
  return s_.traits(personnel).kind == v1::STCCG_PERSONNEL_KIND_HOLOGRAM &&
         !(is_ship(vessel) && has_special_equipment(vessel, v1::STCCG_SHIP_EQUIPMENT_HOLODECK));
}

bool Engine::crew_member(CardId c, CardId vessel) const {
  const CardState& card = s_.cards[c];
  // Captives, personnel under house arrest and in stasis are aboard but not crew (§3.2, §3.14),
  // nor is an exposed infiltrator (an intruder: infiltration.cpp).
  return card.where == Where::kAboard && card.host == vessel && is_personnel(c) && !card.disabled &&
         !card.arrested && !in_stasis(c) && !intruder(c) && !idle_hologram(c, vessel);
}

std::vector<CardId> Engine::crew(CardId vessel) const {
  const auto& aboard = s_.in_play_where(Where::kAboard);
  std::vector<CardId> out;
  out.reserve(aboard.size());  // one allocation, not a growth series
  // The host first, inline: most cards aboard are on other vessels.
  for (CardId c : aboard) {
    if (s_.cards[c].host == vessel && crew_member(c, vessel)) out.push_back(c);
  }
  return out;
}

bool Engine::crewed(CardId vessel) const {
  const auto& aboard = s_.in_play_where(Where::kAboard);
  return std::any_of(aboard.begin(), aboard.end(), [&](CardId c) {
    return s_.cards[c].host == vessel && crew_member(c, vessel);
  });
}

bool Engine::crewed_by_cards(CardId vessel) const {
  // Asked for every ship's staffing: only the cards played on a card, few, are looked at.
  for (CardId c : s_.in_play_where(Where::kOn)) {
    if (s_.cards[c].host != vessel) continue;
    const Handler* handler = s_.handler(c);
    if (handler && handler->crews_host && handler->crews_host(*this, c, vessel)) return true;
  }
  return false;
}

bool Engine::stands_on(Seat seat, LocIndex loc, CardId c) const {
  const CardState& card = s_.cards[c];
  return card.where == Where::kSurface && card.loc == loc && team_player(c) == seat &&
         is_personnel(c) && !card.disabled && !in_stasis(c);
}

std::vector<CardId> Engine::on_surface(Seat seat, LocIndex loc) const {
  std::vector<CardId> out;
  for (CardId c : s_.in_play_where(Where::kSurface)) {
    if (stands_on(seat, loc, c)) out.push_back(c);
  }
  return out;
}

std::vector<CardId> Engine::group_of(CardId member) const {
  const CardState& card = s_.cards[member];
  if (card.zone != Zone::kPlay) return {};
  if (card.where == Where::kAboard) return crew(card.host);
  if (card.where != Where::kSurface) return {};
  for (auto& team : away_teams(team_player(member), card.loc)) {
    if (std::find(team.begin(), team.end(), member) != team.end()) return team;
  }
  return {};
}

std::vector<std::vector<CardId>> Engine::away_teams(Seat seat, LocIndex loc) const {
  // Everyone who can be joined together forms one team (§3.7). Non-Aligned personnel are placed
  // last, so that they join an existing team rather than found one.
  const auto& surface = s_.in_play_where(Where::kSurface);
  std::vector<std::vector<CardId>> teams;
  if (s_.may_have(EffectKind::kAttemptTreaty) &&
      std::any_of(s_.effects.begin(), s_.effects.end(), [&](const Effect& x) {
        return x.kind == EffectKind::kAttemptTreaty && x.player == seat && x.loc == loc;
      })) {
    std::vector<CardId>& everyone = teams.emplace_back();
    for (CardId c : surface) {
      if (stands_on(seat, loc, c)) everyone.push_back(c);
    }
    return teams;
  }
  // The player's own personnel here, each with what mixing asks of it worked out once: the
  // grouping below compares every pair (fits_with's test).
  struct Member {
    CardId card;
    AffiliationSet affiliations;
    bool brainwashed;  // mixes with its captor's personnel whatever its affiliation
  };
  boost::container::small_vector<Member, 16> members;
  for (CardId c : surface) {
    if (s_.cards[c].controller == seat && stands_on(seat, loc, c))
      members.push_back({c, affiliations(c), brainwashed(c)});
  }
  const auto member = [&](CardId c) -> const Member& {
    return *std::find_if(members.begin(), members.end(),
                         [&](const Member& m) { return m.card == c; });
  };
  const auto fits = [&](const Member& m, const std::vector<CardId>& team) {
    return m.brainwashed || std::all_of(team.begin(), team.end(), [&](CardId other) {
             const Member& o = member(other);
             return o.brainwashed || compatible(seat, m.affiliations, o.affiliations);
           });
  };
  for (const bool non_aligned : {false, true}) {
    for (const Member& m : members) {
      if ((m.affiliations == bit(Affiliation::kNonAligned)) != non_aligned) continue;
      auto team = std::find_if(teams.begin(), teams.end(),
                               [&](const std::vector<CardId>& t) { return fits(m, t); });
      if (team == teams.end()) {
        team = teams.insert(teams.end(), std::vector<CardId>{});
        team->reserve(members.size());  // one allocation per team, not a growth series
      }
      team->push_back(m.card);
    }
  }
  if (!s_.may_have(EffectKind::kInTeam) || teams.empty()) return teams;
  // The other player's infiltrators last, whatever their compatibility: each in a team it may
  // infiltrate, or the first if its members changed since it joined (infiltration.cpp).
  for (CardId c : surface) {
    if (s_.cards[c].controller == seat || !stands_on(seat, loc, c)) continue;
    auto team = std::find_if(teams.begin(), teams.end(), [&](const std::vector<CardId>& t) {
      return may_infiltrate_team(c, t);
    });
    (team == teams.end() ? teams.front() : *team).push_back(c);
  }
  return teams;
}

boost::container::small_vector<CardId, 16> Engine::vessels_of(Seat seat) const {
  boost::container::small_vector<CardId, 16> out;
  for (CardId c : s_.in_play_where(Where::kSpace)) {
    if (s_.cards[c].controller == seat) out.push_back(c);
  }
  return out;
}

CardId Engine::facility_of(Seat seat, LocIndex loc) const {
  for (CardId c : s_.in_play_where(Where::kSpace)) {
    const CardState& card = s_.cards[c];
    if (card.controller == seat && card.loc == loc && card.where == Where::kSpace && is_facility(c))
      return c;
  }
  return kNoCard;
}

LocIndex Engine::location_of(CardId c) const {
  const CardState& card = s_.cards[c];
  if (card.where == Where::kAboard || card.where == Where::kOn) return location_of(card.host);
  return card.loc;
}

bool Engine::planet(LocIndex loc) const {
  const auto placement = s_.traits(s_.spaceline[loc].mission).placement;
  return placement == v1::STCCG_PLACEMENT_PLANET || placement == v1::STCCG_PLACEMENT_DUAL;
}

bool Engine::space(LocIndex loc) const {
  const auto placement = s_.traits(s_.spaceline[loc].mission).placement;
  return placement == v1::STCCG_PLACEMENT_SPACE || placement == v1::STCCG_PLACEMENT_DUAL;
}

AffiliationSet Engine::mission_icons(Seat seat, LocIndex loc) const {
  AffiliationSet icons = end_for(seat, loc).affiliations;
  const std::string& title = s_.def(s_.spaceline[loc].mission).title();
  for (CardId c : s_.icon_adding_in_play) {
    if (!is_personnel(c)) continue;
    for (const auto& icon : s_.def(c).card.personnel().adds_mission_icons()) {
      const bool here = icon.at_own_mission()
                            ? s_.cards[c].controller == seat && s_.spaceline[loc].seeder == seat &&
                                  location_of(c) == loc &&
                                  (end_for(seat, loc).affiliations &
                                   bit(static_cast<Affiliation>(icon.if_icon())))
                            : icon.mission() == title;
      if (here) icons |= bit(static_cast<Affiliation>(icon.affiliation()));
    }
  }
  return icons;
}

const MissionEndDef& Engine::end_for(Seat seat, LocIndex loc) const {
  const Location& location = s_.spaceline[loc];
  // Each player uses their own copy's end where two copies share the location.
  if (location.copy != kNoCard && s_.cards[location.copy].owner == seat)
    return s_.def(location.copy).ends[0];
  return s_.def(location.mission).ends[location.seeder == seat ? 0 : 1];
}

bool Engine::persona_in_play(Seat seat, PersonaId persona, CardId except) const {
  for (CardId c : s_.in_play) {
    // Your captives are still yours in play, brainwashed ones too (CRD IV.7 Brainwash).
    if (c == except || s_.traits(c).persona != persona) continue;
    const CardState& card = s_.cards[c];
    const Seat whose = card.disabled || captivity(c) ? card.owner : card.controller;
    if (whose == seat) return true;
  }
  return false;
}

void Engine::arrest_incompatible() {
  // When a treaty ends, a mixed crew cannot stay mixed: personnel who may not work with their
  // ship or facility, and on a Non-Aligned or Neutral one the affiliation with fewer personnel
  // (a random one on a tie), go under house arrest (§3.2, S-57). Away Teams just split.
  for (CardId vessel : std::vector<CardId>(s_.in_play)) {
    const CardState& v = s_.cards[vessel];
    if (v.where != Where::kSpace || (!is_ship(vessel) && !is_facility(vessel))) continue;
    const Seat seat = v.controller;
    for (CardId c : crew(vessel)) {
      if (s_.cards[c].controller == seat &&
          !compatible(seat, affiliations(c), affiliations(vessel)))
        s_.cards[c].arrested = true;
    }
    for (;;) {
      const std::vector<CardId> people = crew(vessel);
      CardId a = kNoCard;
      CardId b = kNoCard;
      for (std::size_t i = 0; i < people.size() && a == kNoCard; ++i) {
        for (std::size_t j = i + 1; j < people.size(); ++j) {
          if (!compatible(seat, affiliations(people[i]), affiliations(people[j]))) {
            a = people[i];
            b = people[j];
            break;
          }
        }
      }
      if (a == kNoCard) break;
      const auto side = [&](CardId who) {
        std::vector<CardId> out;
        for (CardId c : people) {
          if (affiliations(c) & affiliations(who)) out.push_back(c);
        }
        return out;
      };
      const std::vector<CardId> of_a = side(a);
      const std::vector<CardId> of_b = side(b);
      const bool arrest_a =
          of_a.size() != of_b.size() ? of_a.size() < of_b.size() : s_.rng.below(2) == 0;
      for (CardId c : arrest_a ? of_a : of_b)
        s_.cards[c].arrested = true;
    }
  }
}

void Engine::release_if_compatible(CardId personnel) {
  // House arrest ends when the personnel is deposited where it may work (§3.2).
  CardState& p = s_.cards[personnel];
  if (!p.arrested) return;
  if (p.zone != Zone::kPlay || p.where != Where::kAboard) {
    p.arrested = false;
    return;
  }
  if (compatible(p.controller, affiliations(personnel), affiliations(p.host)) &&
      fits_with(personnel, crew(p.host)))
    p.arrested = false;
}

}  // namespace spacedock::stccg
