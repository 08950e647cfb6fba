// Moving ships (§3.3): staffing, RANGE and span; docking at your facilities (§3.5), which is
// where damaged ships are repaired (§3.13).
#include <algorithm>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {
namespace {

// A staffing requirement nobody aboard can fill, in words for the player.
std::string staffing_need_words(const v1::StccgStaffing& need) {
  if (!need.skill().empty())
    return (need.count() > 1 ? std::to_string(need.count()) + " " : "") + need.skill();
  if (need.affiliation()) {
    std::string name =
        v1::StccgAffiliation_Name(need.affiliation()).substr(18);  // STCCG_AFFILIATION_
    std::replace(name.begin(), name.end(), '_', '-');
    for (std::size_t i = 1; i < name.size(); ++i)
      if (name[i - 1] != '-') name[i] = static_cast<char>(std::tolower(name[i]));
    return "a " + name + " personnel";
  }
  switch (need.icon()) {
    case v1::STCCG_ICON_COMMAND:
      return "a Command personnel";
    case v1::STCCG_ICON_BORG_COMMUNICATIONS:
      return "a Borg Communications drone";
    case v1::STCCG_ICON_BORG_DEFENSE:
      return "a Borg Defense drone";
    case v1::STCCG_ICON_BORG_NAVIGATION:
      return "a Borg Navigation drone";
    default:
      return "a Staff personnel";
  }
}

}  // namespace

bool Engine::fills(const StaffingNeed& need, CardId personnel) const {
  if (need.skill) return skilled_facts(personnel).skills[*need.skill] >= need.halves;
  if (need.affiliation) return (affiliations(personnel) & need.affiliation) != 0;
  const std::uint32_t icons = s_.def(personnel).icons;
  return (icons & (1u << need.icon)) ||
         (need.icon == v1::STCCG_ICON_STAFF && s_.options.command_fills_staff &&
          (icons & (1u << v1::STCCG_ICON_COMMAND)));
}

Engine::Staffing Engine::staffing(CardId ship, std::span<const CardId> aboard) const {
  const auto ready = [&](CardId c) { return !s_.cards[c].stopped; };
  // Cards on the ship may meet all its staffing (Lore Returns' Rogue Borg: CRD IV.7).
  if (crewed_by_cards(ship)) return Staffing::kStaffed;
  if (std::none_of(aboard.begin(), aboard.end(), ready)) return Staffing::kNobodyReady;
  // Someone aboard must match the ship's affiliation, or be allowed to by a treaty (§3.2).
  const CardDef& def = s_.def(ship);
  const Seat seat = s_.cards[ship].controller;
  const AffiliationSet ship_affiliation = affiliations(ship);  // a commandeered ship's new one
  const bool matched = ship_affiliation == bit(Affiliation::kNonAligned) ||
                       std::any_of(aboard.begin(), aboard.end(), [&](CardId c) {
                         return ready(c) && ((affiliations(c) & ship_affiliation) ||
                                             treaty(seat, affiliations(c), ship_affiliation));
                       });
  if (!matched) return Staffing::kNoAffiliation;
  // Each requirement needs a different personnel, unless a card on one lets them fill several
  // (Commandeer Ship: Handler::staffs_icons): a small exact matching. Of those who can fill a
  // requirement, the first as many as there are requirements are enough to try: any other could
  // only stand in for one of them.
  const auto& needs = def.staffing;
  const std::size_t n = needs.size();
  const auto icons = [&](CardId c) {
    int most = 1;
    for (CardId on : s_.in_play_where(Where::kOn)) {
      const Handler* handler = s_.handler(on);
      if (s_.cards[on].host == c && handler && handler->staffs_icons)
        most = std::max(most, handler->staffs_icons(*this, on, c, ship));
    }
    return most;
  };
  std::array<std::array<CardId, kMostStaffingNeeds>, kMostStaffingNeeds> candidates{};
  std::array<std::size_t, kMostStaffingNeeds> found{};
  for (CardId c : aboard) {
    if (!ready(c)) continue;
    for (std::size_t i = 0; i < n; ++i) {
      if (found[i] < n && fills(needs[i], c)) candidates[i][found[i]++] = c;
    }
  }
  std::array<CardId, kMostStaffingNeeds> taken{};
  const auto assign = [&](const auto& self, std::size_t i) -> bool {
    if (i == n) return true;
    for (std::size_t k = 0; k < found[i]; ++k) {
      const CardId c = candidates[i][k];
      const auto filled =
          std::count(taken.begin(), taken.begin() + static_cast<std::ptrdiff_t>(i), c);
      if (filled > 0 && filled >= icons(c)) continue;
      taken[i] = c;
      if (self(self, i + 1)) return true;
    }
    return false;
  };
  return assign(assign, 0) ? Staffing::kStaffed : Staffing::kUnfilled;
}

bool Engine::staffed(CardId ship, std::span<const CardId> aboard) const {
  return staffing(ship, aboard) == Staffing::kStaffed;
}

std::string Engine::staffing_shortfall(CardId ship, std::span<const CardId> aboard) const {
  switch (staffing(ship, aboard)) {
    case Staffing::kStaffed:
      return {};
    case Staffing::kNobodyReady:
      return "personnel aboard who are not stopped";
    case Staffing::kNoAffiliation:
      return "a personnel of its affiliation aboard (or one a treaty allows)";
    case Staffing::kUnfilled:
      break;
  }
  // What nobody aboard can fill; if each could be filled, it is a hand short.
  const auto& needs = s_.def(ship).card.ship().staffing();
  const auto& compiled = s_.def(ship).staffing;
  std::string missing;
  for (int i = 0; i < needs.size(); ++i) {
    const bool someone = std::any_of(aboard.begin(), aboard.end(), [&](CardId c) {
      return !s_.cards[c].stopped && fills(compiled[static_cast<std::size_t>(i)], c);
    });
    if (!someone) missing += (missing.empty() ? "" : "; ") + staffing_need_words(needs[i]);
  }
  return missing.empty() ? "a different personnel for each of its " + std::to_string(needs.size()) +
                               " staffing requirements"
                         : missing;
}

bool Engine::docked(CardId ship) const {
  // A ship at the location of one of your facilities is docked unless you undocked it (§3.5).
  const CardState& s = s_.cards[ship];
  return s.where == Where::kSpace && is_ship(ship) && !s.undocked && !s.cloaked &&
         facility_of(s.controller, s.loc) != kNoCard;
}

bool Engine::docked_for_repair(CardId ship) const {
  // Docked at your outpost there, one that repairs this ship: its own affiliation or a treaty
  // partner's; Non-Aligned ships need a Spacedock.
  if (!docked(ship)) return false;
  const CardState& s = s_.cards[ship];
  const CardId outpost = facility_of(s.controller, s.loc);
  if (s_.def(outpost).card.facility().no_repairs()) return false;
  const AffiliationSet mine = affiliations(ship);
  if (mine == bit(Affiliation::kNonAligned)) return false;
  const AffiliationSet theirs = affiliations(outpost);
  return (mine & theirs) != 0 || treaty(s.controller, mine, theirs);
}

int Engine::span_for(CardId mover, LocIndex loc) const {
  // From the mover's end of the mission (Warped Space), or worked out for the mover (FGC-47
  // Research).
  const CardId mission = s_.spaceline[loc].mission;
  const Handler* handler = s_.handler(mission);
  return handler && handler->span ? handler->span(*this, mission, mover)
                                  : end_for(s_.cards[mover].controller, loc).span;
}

// Whether a personnel in `ship`'s crew (Lakanta), or a card on its player's table (Where No One
// Has Gone Before), lets it go round the spaceline (Handler::wraps_spaceline).
bool Engine::goes_round_spaceline(CardId ship) const {
  const auto wraps = [&](CardId c) {
    const Handler* handler = s_.handler(c);
    return handler && handler->wraps_spaceline;
  };
  // Most games have no such card in play: the crew is gathered only when one is.
  if (std::none_of(s_.handled_in_play.begin(), s_.handled_in_play.end(), wraps)) return false;
  const auto aboard = crew(ship);
  if (std::any_of(aboard.begin(), aboard.end(), wraps)) return true;
  return std::any_of(s_.handled_in_play.begin(), s_.handled_in_play.end(), [&](CardId c) {
    return s_.cards[c].where == Where::kTable &&
           s_.cards[c].controller == s_.cards[ship].controller && wraps(c);
  });
}

namespace {

// The direct way, with the spans of every location entered, the starting one excluded (§3.3);
// and, if asked, the other way round: off the near end, back in at the far one, then on to `to`.
struct WayCosts {
  int direct = 0;
  int round = 0;
};

WayCosts way_costs(const Engine& e, CardId mover, LocIndex from, LocIndex to, bool round) {
  WayCosts costs;
  const int step = to > from ? 1 : -1;
  for (int loc = from + step; loc != to + step; loc += step)
    costs.direct += e.span_for(mover, static_cast<LocIndex>(loc));
  if (!round) return costs;
  const int last = static_cast<int>(e.state().spaceline.size()) - 1;
  for (int loc = from - step; loc >= 0 && loc <= last; loc -= step)
    costs.round += e.span_for(mover, static_cast<LocIndex>(loc));
  for (int loc = step > 0 ? last : 0; loc != to - step; loc -= step)
    costs.round += e.span_for(mover, static_cast<LocIndex>(loc));
  return costs;
}

}  // namespace

bool Engine::moves_round(CardId mover, LocIndex from, LocIndex to) const {
  if (from == to || !is_ship(mover) || !goes_round_spaceline(mover)) return false;
  const WayCosts costs = way_costs(*this, mover, from, to, /*round=*/true);
  return costs.round < costs.direct;
}

int Engine::move_cost(CardId mover, LocIndex from, LocIndex to) const {
  const bool may_go_round = is_ship(mover) && goes_round_spaceline(mover);
  const WayCosts costs = way_costs(*this, mover, from, to, may_go_round);
  return may_go_round ? std::min(costs.direct, costs.round) : costs.direct;
}

bool Engine::move_crosses(CardId mover, LocIndex from, LocIndex to, LocIndex loc) const {
  if (loc == from || loc == to || from == to) return false;
  const bool between = loc > std::min(from, to) && loc < std::max(from, to);
  return between != moves_round(mover, from, to);
}

bool Engine::move_passes_gap(CardId mover, LocIndex from, LocIndex to, LocIndex gap) const {
  if (from == to) return false;
  const bool between = gap >= std::min(from, to) && gap < std::max(from, to);
  return between != moves_round(mover, from, to);
}

int Engine::range_left(CardId ship) const {
  return attribute(ship, Attribute::kRange) - s_.cards[ship].range_used;
}

bool Engine::move_blocked(CardId ship, LocIndex from, LocIndex to, Passage passage) const {
  for (CardId c : s_.handled_in_play) {
    const Handler* handler = s_.handler(c);
    if (handler && handler->blocks_move && handler->blocks_move(*this, c, ship, from, to, passage))
      return true;
  }
  return false;
}

void Engine::move_ship(CardId ship, LocIndex to) {
  CardState& card = s_.cards[ship];
  const LocIndex from = card.loc;
  const int cost = move_cost(ship, from, to);
  card.loc = to;
  card.range_used = static_cast<std::uint8_t>(card.range_used + cost);
  card.undocked = false;         // a ship arriving at one of your facilities docks there
  card.docked_all_turn = false;  // leaving breaks this turn's repair (§3.13)
  emit(ev::ShipMoved{ship, from, to, static_cast<std::uint8_t>(cost)});
  // Cards acting on the locations the move crossed (Subspace Warp Rift).
  for (CardId c : std::vector<CardId>(s_.handled_in_play)) {
    const Handler* handler = s_.handler(c);
    if (handler && handler->ship_moved && s_.cards[c].zone == Zone::kPlay && s_.in_play_at(ship))
      handler->ship_moved(*this, c, ship, from, to);
  }
  if (!s_.in_play_at(ship)) return;
  ship_arrived(ship);
}

void Engine::ship_arrived(CardId ship) {
  // Cards in play that act on a ship stopping where they are (a move ends where it stops).
  for (CardId c : std::vector<CardId>(s_.handled_in_play)) {
    const Handler* handler = s_.handler(c);
    if (handler && handler->ship_arrived && s_.cards[c].zone == Zone::kPlay && s_.in_play_at(ship))
      handler->ship_arrived(*this, c, ship);
  }
  // And the mission where it stopped (Paxan "Wormhole").
  if (!s_.in_play_at(ship)) return;
  const LocIndex loc = location_of(ship);
  if (loc >= s_.spaceline.size()) return;
  const CardId mission = s_.spaceline[loc].mission;
  const Handler* handler = s_.handler(mission);
  if (handler && handler->ship_arrived) handler->ship_arrived(*this, mission, ship);
}

Rule Engine::check_dock(Seat seat, const Action& a) const {
  const CardId ship = a.a;
  if (ship == kNoCard || !s_.in_play_at(ship) || !is_ship(ship)) return Rule::kNoTarget;
  const CardState& card = s_.cards[ship];
  if (card.controller != seat) return Rule::kNotYours;
  if (card.stopped) return Rule::kStopped;
  if (card.cloaked) return Rule::kCloaked;
  if (facility_of(seat, card.loc) == kNoCard) return Rule::kNoTarget;
  const bool docking = a.kind == ActionKind::kDock;
  return docking == card.undocked ? Rule::kOk : Rule::kNoTarget;
}

Rule Engine::check_cloak(Seat seat, const Action& a) const {
  // Once per turn, with personnel aboard; never docked (§3.15, CRD IV.11.A).
  const CardId ship = a.a;
  if (ship == kNoCard || !s_.in_play_at(ship) || !is_ship(ship)) return Rule::kNoTarget;
  const CardState& card = s_.cards[ship];
  if (card.controller != seat) return Rule::kNotYours;
  if (!has_special_equipment(ship, v1::STCCG_SHIP_EQUIPMENT_CLOAKING_DEVICE))
    return Rule::kNoTarget;
  if (card.stopped) return Rule::kStopped;
  if (card.cloak_changed) return Rule::kOncePerTurn;
  const bool possible =
      a.kind == ActionKind::kCloak ? !card.cloaked && !docked(ship) : card.cloaked;
  return possible && (crewed(ship) || crewed_by_cards(ship)) ? Rule::kOk : Rule::kNoTarget;
}

bool Engine::has_special_equipment(CardId ship, v1::StccgShipEquipment equipment) const {
  const auto& special = s_.def(ship).card.ship().special_equipment();
  if (std::find(special.begin(), special.end(), equipment) == special.end()) return false;
  // A damage marker may have put it off line; rotation damage takes the Cloaking Device off
  // line (§3.13).
  if (equipment == v1::STCCG_SHIP_EQUIPMENT_CLOAKING_DEVICE && damaged(ship) && !has_markers(ship))
    return false;
  return !equipment_off_line(ship, equipment);
}

}  // namespace spacedock::stccg
