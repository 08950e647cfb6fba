// Who may fight whom (§3.11, §3.12, BoG "Using WEAPONS"): leaders, the affiliations a force
// carries, the attack restrictions, and what a ship or facility needs to fire.
#include <algorithm>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {
namespace {

constexpr AffiliationSet kFederation = bit(Affiliation::kFederation);
constexpr AffiliationSet kRomulan = bit(Affiliation::kRomulan);

int skill(const MemberFacts& m, std::optional<SkillId> id) {
  return id ? m.skills[*id] : 0;
}

}  // namespace

int Engine::leaders(const std::vector<CardId>& group, int enough) const {
  // A leader has OFFICER or Leadership (§3.11); half Leaderships count only together (Toral,
  // S-50); Tal Shiar leads only where nobody else does (QC).
  const auto leadership = s_.db->skills().find("Leadership");
  const auto tal_shiar = s_.db->skills().find("Tal Shiar");
  const SkillId officer = SkillTable::of(Classification::kOfficer);
  int whole = 0;
  int halves = 0;
  bool shiar = false;
  for (CardId c : group) {
    if (s_.cards[c].arrested) continue;
    const MemberFacts m = skilled_facts(c);
    if (m.skills[officer] >= 2 || skill(m, leadership) >= 2) {
      ++whole;
    } else {
      halves += skill(m, leadership);
    }
    shiar = shiar || skill(m, tal_shiar) > 0;
    if (whole + halves / 2 >= enough) break;
  }
  const int count = whole + halves / 2;
  return count == 0 && shiar ? 1 : count;
}

bool Engine::group_has_skill(const std::vector<CardId>& group, std::string_view name) const {
  const auto id = s_.db->skills().find(name);
  if (!id) return false;
  return std::any_of(group.begin(), group.end(),
                     [&](CardId c) { return skilled_facts(c).skills[*id] > 0; });
}

AffiliationSet Engine::force(CardId card) const {
  // A force carries the affiliations of its cards and the personnel aboard, Non-Aligned aside:
  // Non-Aligned personnel on a Federation ship make a Federation force (CRD II.1 "Forces").
  AffiliationSet out = affiliations(card);
  if (!is_personnel(card)) {
    for (CardId c : crew(card)) {
      if (!s_.cards[c].arrested) out |= affiliations(c);
    }
  }
  return out & static_cast<AffiliationSet>(~kUnaligned);
}

Rule Engine::may_attack(Seat seat, AffiliationSet attackers, bool tal_shiar, LocIndex loc,
                        AffiliationSet defenders) const {
  // Forces attacked by the opponent on the previous turn may fight back at that location
  // whatever their affiliation (the continuing-battle exception, §3.11).
  for (const Effect& x : s_.effects) {
    if (x.kind == EffectKind::kAttacked && x.player == seat && x.loc == loc && x.card == kNoCard &&
        x.turn + 1 == s_.turn)
      return Rule::kOk;
  }
  // Never without a special card: one of the player's in play may lift the limit against the
  // defenders (Wartime Conditions).
  const auto lifted = [&] {
    return std::any_of(s_.handled_in_play.begin(), s_.handled_in_play.end(), [&](CardId c) {
      const Handler* handler = s_.handler(c);
      return handler && handler->lifts_battle_limits && s_.cards[c].controller == seat &&
             handler->lifts_battle_limits(*this, c, seat, defenders);
    });
  };
  if ((attackers & kFederation) && !lifted()) return Rule::kMayNotAttack;
  if ((attackers & kRomulan) && (defenders & kRomulan) && !tal_shiar) return Rule::kMayNotAttack;
  return Rule::kOk;
}

Rule Engine::weapons_usable(CardId card) const {
  // Uncloaked, WEAPONS above 0, and a matching personnel aboard (a compatible one for a
  // Neutral or Non-Aligned card) (BoG "Using WEAPONS").
  if (!s_.in_play_at(card) || s_.cards[card].where != Where::kSpace) return Rule::kNoTarget;
  if (!is_ship(card) && !is_facility(card)) return Rule::kNoTarget;
  if (s_.cards[card].cloaked && !cloak_pierced(card, /*attacked=*/true)) return Rule::kCloaked;
  // A facility printed without WEAPONS has 0 unless a card gives it some (Defense System
  // Upgrade). A "*" WEAPONS box fires without any (Handler::fires_otherwise: Gomtuu).
  const Handler* handler = s_.handler(card);
  if (attribute(card, Attribute::kWeapons) <= 0 && !(handler && handler->fires_otherwise))
    return Rule::kCannotFire;
  if (crewed_by_cards(card)) return Rule::kOk;  // Lore Returns' Rogue Borg (CRD IV.7)
  const AffiliationSet mine = affiliations(card);
  const bool unaffiliated = (mine & kUnaligned) != 0;
  const Seat seat = s_.cards[card].controller;
  for (CardId c : crew(card)) {
    if (s_.cards[c].arrested) continue;
    const AffiliationSet theirs = affiliations(c);
    if (unaffiliated ? compatible(seat, mine, theirs) : (mine & theirs) != 0) return Rule::kOk;
  }
  return Rule::kCannotFire;
}

Rule Engine::may_fire(CardId card, bool initiating, const BattleTerms& terms) const {
  if (Rule r = weapons_usable(card); r != Rule::kOk) return r;
  if (s_.cards[card].stopped && !terms.stopped_may_fight) return Rule::kStopped;
  // Return fire needs no leader (BoG; A-02).
  // Cards crewing it need no leader (Lore Returns' Rogue Borg).
  if (initiating && !terms.no_leader_needed && !crewed_by_cards(card) &&
      leaders(crew(card), /*enough=*/1) == 0)
    return Rule::kNoLeader;
  return Rule::kOk;
}

Rule Engine::may_return_fire(CardId card, const BattleTerms& terms) const {
  // BoG: not stopped, no leader needed. CRD: a leader needed, stopped or not.
  if (s_.options.bog_return_fire) return may_fire(card, /*initiating=*/false, terms);
  if (Rule r = weapons_usable(card); r != Rule::kOk) return r;
  return terms.no_leader_needed || crewed_by_cards(card) || leaders(crew(card), /*enough=*/1) > 0
             ? Rule::kOk
             : Rule::kNoLeader;
}

bool Engine::self_controlling(CardId c) const {
  const Handler* handler = s_.handler(c);
  return handler && handler->self_controlling && s_.in_play_at(c);
}

bool Engine::cloak_pierced(CardId ship, bool attacked) const {
  if (!s_.may_have(EffectKind::kCloakPierced)) return false;
  return std::any_of(s_.effects.begin(), s_.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kCloakPierced && x.card == ship && (x.flag || !attacked);
  });
}

std::vector<CardId> Engine::ship_targets(Seat seat, LocIndex loc) const {
  // The opponent's ships and facilities at the location that may be fired at: not cloaked;
  // and the self-controlling cards there, which anyone may fire at (the Borg Ship dilemma).
  std::vector<CardId> out;
  for (CardId c : s_.in_play_where(Where::kSpace)) {
    const CardState& card = s_.cards[c];
    if (card.loc == loc && card.controller != seat && (is_ship(c) || is_facility(c)) &&
        (!card.cloaked || cloak_pierced(c, /*attacked=*/false)))
      out.push_back(c);
  }
  const auto vessels = out.size();
  for (CardId c : s_.in_play_where(Where::kOn)) {
    if (self_controlling(c) && location_of(c) == loc) out.push_back(c);
  }
  // Both kinds, in the order they entered play.
  if (vessels > 0 && out.size() > vessels) {
    std::sort(out.begin(), out.end(),
              [&](CardId a, CardId b) { return s_.cards[a].entered < s_.cards[b].entered; });
  }
  return out;
}

bool Engine::battle_forbidden(Seat seat, LocIndex loc) const {
  for (const Location& at : s_.spaceline) {
    const Handler* handler = s_.handler(at.mission);
    if (handler && handler->forbids_battle && handler->forbids_battle(*this, at.mission, seat, loc))
      return true;
  }
  return false;
}

// A card forbids these two ships to battle each other (Hail).
bool Engine::truce_between(CardId one, CardId other) const {
  if (!s_.may_have(EffectKind::kNoBattleBetween)) return false;
  return std::any_of(s_.effects.begin(), s_.effects.end(), [&](const Effect& x) {
    const auto paired = static_cast<CardId>(x.value);
    return x.kind == EffectKind::kNoBattleBetween &&
           ((x.card == one && paired == other) || (x.card == other && paired == one));
  });
}

Rule Engine::may_target(Seat seat, CardId firing, CardId target, const BattleTerms& terms) const {
  const LocIndex loc = s_.cards[firing].loc;
  if (battle_forbidden(seat, loc)) return Rule::kBlocked;
  // A card shelters the target from battles this turn (Asteroid Sanctuary).
  if (has_effect(EffectKind::kBattleShielded, target)) return Rule::kBlocked;
  if (truce_between(firing, target)) return Rule::kBlocked;
  if (terms.no_affiliation_limits) return Rule::kOk;
  const bool tal_shiar = group_has_skill(crew(firing), "Tal Shiar");
  if (!self_controlling(target))
    return may_attack(seat, force(firing), tal_shiar, loc, force(target));
  // A self-controlling card that attacked this player's forces here on the previous turn may
  // be fought back by any affiliation, the Federation too (CRD III.4, IV.5C).
  for (const Effect& x : s_.effects) {
    if (x.kind == EffectKind::kAttacked && x.player == seat && x.loc == loc && x.card == target &&
        x.turn + 1 == s_.turn)
      return Rule::kOk;
  }
  return may_attack(seat, force(firing), tal_shiar, loc, AffiliationSet{0});
}

Rule Engine::check_attack(Seat seat, CardId firing, CardId target, const BattleTerms& terms) const {
  if (firing == kNoCard || !s_.in_play_at(firing) || s_.cards[firing].controller != seat)
    return Rule::kNotYours;
  if (Rule r = may_fire(firing, /*initiating=*/true, terms); r != Rule::kOk) return r;
  const LocIndex loc = s_.cards[firing].loc;
  const auto targets = ship_targets(seat, loc);
  if (std::find(targets.begin(), targets.end(), target) == targets.end()) return Rule::kNoTarget;
  return may_target(seat, firing, target, terms);
}

Rule Engine::check_battle(Seat seat, CardId member, CardId opponent, LocIndex loc,
                          const BattleTerms& terms) const {
  // A personnel battle: your Away Team against one of the opponent's on the same planet.
  if (loc >= s_.spaceline.size() || !planet(loc)) return Rule::kNoPlanet;
  if (member == kNoCard || opponent == kNoCard || !s_.in_play_at(member) ||
      !s_.in_play_at(opponent))
    return Rule::kNoTarget;
  const CardState& mine = s_.cards[member];
  const CardState& theirs = s_.cards[opponent];
  if (mine.controller != seat || theirs.controller == seat) return Rule::kNotYours;
  if (mine.where != Where::kSurface || mine.loc != loc || theirs.where != Where::kSurface ||
      theirs.loc != loc)
    return Rule::kNotSameLocation;
  const std::vector<CardId> team = battle_team(member, terms);
  const std::vector<CardId> foes = battle_team(opponent, terms);
  if (team.empty() || team.front() != member || foes.empty() || foes.front() != opponent)
    return Rule::kNoTarget;  // each team is named by its first ready member
  return may_battle(seat, loc, team, foes, terms);
}

Rule Engine::may_battle(Seat seat, LocIndex loc, const std::vector<CardId>& team,
                        const std::vector<CardId>& foes, const BattleTerms& terms) const {
  if (battle_forbidden(seat, loc)) return Rule::kBlocked;
  AffiliationSet attackers = 0;
  AffiliationSet defenders = 0;
  for (CardId c : team)
    attackers |= force(c);
  for (CardId c : foes)
    defenders |= force(c);
  if (!terms.no_affiliation_limits) {
    if (Rule r = may_attack(seat, attackers, group_has_skill(team, "Tal Shiar"), loc, defenders);
        r != Rule::kOk)
      return r;
  }
  // Against an Away Team with Guramba it takes two leaders to initiate (QC).
  if (!terms.no_leader_needed && group_has_skill(foes, "Guramba") && leaders(team) < 2)
    return Rule::kNoLeader;
  return Rule::kOk;
}

std::vector<CardId> Engine::battle_team(CardId member, const BattleTerms& terms) const {
  // The unstopped members of the Away Team `member` belongs to; the opposing team fights whole.
  const CardState& card = s_.cards[member];
  const Seat seat = team_player(member);  // an infiltrator's team is the other player's
  for (auto& team : away_teams(seat, card.loc)) {
    if (std::find(team.begin(), team.end(), member) == team.end()) continue;
    if (seat == s_.active && !terms.stopped_may_fight)
      std::erase_if(team, [&](CardId c) { return s_.cards[c].stopped; });
    return team;
  }
  return {};
}

}  // namespace spacedock::stccg
