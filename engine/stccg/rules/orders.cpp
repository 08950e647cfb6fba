// What the active player may do: the one normal card play, then orders (§1.4, §3.3-§3.8).
// Every option offered is a candidate that its check accepts, so offering and refusing can
// never disagree.
#include <algorithm>
#include <bit>
#include <bitset>
#include <boost/container/small_vector.hpp>
#include <iterator>
#include <optional>
#include <span>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {
namespace {

// A hologram may not stand on a planet unless a card there projects it (Holo-Projectors,
// CRD IV.10.A). Aboard, it is carried anywhere but used only with a Holodeck (Engine::crew).
bool hologram_confined(const Engine& e, CardId personnel, LocIndex here) {
  const State& s = e.state();
  if (!e.is_personnel(personnel) ||
      s.def(personnel).card.personnel().kind() != v1::STCCG_PERSONNEL_KIND_HOLOGRAM)
    return false;
  return std::none_of(s.handled_in_play.begin(), s.handled_in_play.end(), [&](CardId c) {
    const Handler* handler = s.handler(c);
    return handler && handler->holodeck_on_planet && s.cards[c].where == Where::kOn &&
           s.cards[s.cards[c].host].zone == Zone::kMission &&
           s.cards[s.cards[c].host].loc == here &&
           (s.options.holo_projectors_any_player ||
            s.cards[c].controller == s.cards[personnel].controller);
  });
}

}  // namespace

std::vector<Action> Engine::order_options(Seat seat) const {
  std::vector<Action> options;
  options.reserve(64);  // room for a typical turn's options: one allocation, not a growth series
  // The turn and the required moves are checked once for all, below; none of these candidates is
  // a card's own order.
  auto offer = [&](Action a) {
    if (check_order_rules(seat, a) == Rule::kOk) options.push_back(a);
  };
  const PlayerState& player = s_.players[seat];
  const auto locations = static_cast<LocIndex>(s_.spaceline.size());
  // The player's vessels, and their crews below, are gathered without an allocation: this runs
  // at every order decision.
  const auto vessels = vessels_of(seat);
  std::bitset<kMaxLocations> foreign_vessel_at;  // where the other player has one
  for (CardId c : s_.in_play_where(Where::kSpace)) {
    if (s_.cards[c].controller != seat) foreign_vessel_at[s_.cards[c].loc] = true;
  }
  // Free reports (D'k Tahg) may follow the card play, until orders begin.
  const bool card_play = may_play_card(seat, /*report=*/true);
  if (card_play || !player.orders_begun) {
    for (CardId c : player.hand) {
      if (!card_play && !free_report(c)) continue;
      // What every card play needs is checked once per card, not once per place to play it.
      if (check_from_hand(seat, c) != Rule::kOk) continue;
      card_plays(seat, c, vessels, options);
    }
  }
  // Each vessel's crew (as crew() gives it), gathered once for the movement and transfer checks:
  // one buffer holds the crews in the order of `vessels`.
  const auto& aboard = s_.in_play_where(Where::kAboard);
  boost::container::small_vector<CardId, 32> crew_members;
  boost::container::small_vector<std::size_t, 16> crew_ends;
  for (CardId v : vessels) {
    for (CardId c : aboard) {
      if (s_.cards[c].host == v && crew_member(c, v)) crew_members.push_back(c);
    }
    crew_ends.push_back(crew_members.size());
  }
  const auto crew_of = [&](std::size_t i) {
    const std::size_t begin = i == 0 ? 0 : crew_ends[i - 1];
    return std::span<const CardId>(crew_members.data() + begin, crew_ends[i] - begin);
  };
  for (std::size_t i = 0; i < vessels.size(); ++i) {
    const CardId ship = vessels[i];
    if (!is_ship(ship) || can_move(seat, ship, crew_of(i)) != Rule::kOk) continue;
    // The same tests as check_move, with the ship's RANGE worked out once. A move costs more
    // the farther it goes (spans are never negative), so each direction is walked once, as far
    // as the RANGE reaches; the moves are offered from the left end of the spaceline.
    const int range = range_left(ship);
    const LocIndex from = s_.cards[ship].loc;
    std::bitset<kMaxLocations> reachable;
    for (int step : {-1, 1}) {
      int cost = 0;
      for (int to = from + step; to >= 0 && to < locations; to += step) {
        cost += span_for(ship, static_cast<LocIndex>(to));
        if (cost > range) break;
        reachable[static_cast<std::size_t>(to)] = true;
      }
    }
    // Round the spaceline's ends, for a ship that may go that way (Lakanta, Where No One Has
    // Gone Before): move_cost takes the cheaper way.
    if (goes_round_spaceline(ship)) {
      for (LocIndex to = 0; to < locations; ++to) {
        if (!reachable[to] && to != from && move_cost(ship, from, to) <= range)
          reachable[to] = true;
      }
    }
    for (LocIndex to = 0; to < locations; ++to) {
      if (reachable[to] && !move_blocked(ship, from, to))
        options.push_back({ActionKind::kMove, ship, kNoCard, to});
    }
  }
  // Beaming is rarely blocked: only where a planet is cloaked or its mission forbids some, or
  // anywhere once a card played on a card may (transporters off line, Distortion Field).
  // beaming_blocked is asked only there, not for every card and vessel.
  std::bitset<kMaxLocations> beaming_watched;
  const auto& on_cards = s_.in_play_where(Where::kOn);
  if (std::any_of(on_cards.begin(), on_cards.end(), [&](CardId c) {
        const Handler* handler = s_.handler(c);
        return (s_.type(c) == v1::STCCG_CARD_TYPE_TACTIC &&
                s_.def(c).card.tactic().transporters_off_line()) ||
               (handler && handler->blocks_beaming);
      })) {
    beaming_watched.set();
  }
  if (s_.may_have(EffectKind::kPlanetCloaked)) {
    for (const Effect& x : s_.effects) {
      if (x.kind != EffectKind::kPlanetCloaked) continue;
      if (x.loc < kMaxLocations)
        beaming_watched[x.loc] = true;
      else
        beaming_watched.set();
    }
  }
  for (LocIndex loc = 0; loc < locations; ++loc) {
    const Handler* handler = s_.handler(s_.spaceline[loc].mission);
    if (handler && handler->blocks_beaming) beaming_watched[loc] = true;  // Quash Conspiracy
  }
  // What boarding each vessel asks, worked out when a card first might board it.
  boost::container::small_vector<std::optional<Boarding>, 16> boardings(vessels.size());
  // Only cards aboard or on a planet beam or walk (may_transfer).
  s_.for_each_in_play_where(Where::kAboard, Where::kSurface, [&](CardId c) {
    // may_transfer's first refusal, asked here: half the cards are the other player's.
    if (s_.cards[c].controller == seat && may_transfer(seat, c) == Rule::kOk) {
      const LocIndex here = location_of(c);
      for (std::size_t i = 0; i < vessels.size(); ++i) {
        // Only the vessels where it is: may_board refuses the others.
        if (s_.cards[vessels[i]].loc != here) continue;
        if (!boardings[i]) boardings[i] = boarding(vessels[i], crew_of(i));
        if (may_board(seat, c, *boardings[i], here) == Rule::kOk &&
            !(beaming_watched[here] && beaming_blocked(c, vessels[i])))
          options.push_back({ActionKind::kTransfer, c, vessels[i], here});
      }
      // Into the other player's crews (infiltration.cpp).
      if (foreign_vessel_at[here] && infiltration_icons(c)) {
        for (CardId v : s_.in_play_where(Where::kSpace)) {
          if (s_.cards[v].loc == here && may_infiltrate(c, v))
            offer({ActionKind::kTransfer, c, v, here});
        }
      }
      // Down to the planet: check_transfer's test, the card's own part done above.
      if (s_.cards[c].where == Where::kAboard && beam_down_allowed(c, here) == Rule::kOk &&
          !(beaming_watched[here] && beaming_blocked(c, kNoCard))) {
        options.push_back({ActionKind::kTransfer, c, kNoCard, here});
        // Into the other player's Away Teams there, each named by its first member
        // (infiltration.cpp).
        if (infiltration_icons(c) && !s_.cards[c].disabled) {
          for (const auto& team : away_teams(State::other(seat), here)) {
            if (may_infiltrate_team(c, team))
              options.push_back({ActionKind::kTransfer, c, team.front(), here});
          }
        }
      }
    }
  });
  // Where your vessels are, and where either player has anyone on the planet: most locations
  // have neither, and nothing there is looked at further.
  std::bitset<kMaxLocations> vessel_at;
  for (CardId v : vessels)
    vessel_at[s_.cards[v].loc] = true;
  std::bitset<kMaxLocations> anyone_on_surface;
  std::bitset<kMaxLocations> foe_on_surface;
  for (CardId c : s_.in_play_where(Where::kSurface)) {
    const CardState& card = s_.cards[c];
    if (card.controller == seat) {
      anyone_on_surface[card.loc] = true;
    } else if (stands_on(card.controller, card.loc, c)) {
      foe_on_surface[card.loc] = true;
    }
  }
  // Your Away Teams at each location, gathered once for the attempts and battles below, when
  // first needed.
  boost::container::small_vector<std::optional<std::vector<std::vector<CardId>>>, 16> teams(
      anyone_on_surface.any() ? locations : 0);
  const auto teams_at = [&](LocIndex loc) -> const std::vector<std::vector<CardId>>& {
    if (!teams[loc]) teams[loc] = away_teams(seat, loc);
    return *teams[loc];
  };
  // A team less its stopped members: who attempts (§3.7), and who the active player battles
  // with (as battle_team gives them).
  std::vector<CardId> ready;
  const auto ready_of = [&](const std::vector<CardId>& team) -> const std::vector<CardId>& {
    ready.clear();
    ready.reserve(team.size());
    std::copy_if(team.begin(), team.end(), std::back_inserter(ready),
                 [&](CardId c) { return !s_.cards[c].stopped; });
    return ready;
  };
  for (LocIndex loc = 0; loc < locations; ++loc) {
    if (!vessel_at[loc] && !anyone_on_surface[loc]) continue;
    if (mission_open(seat, loc) != Rule::kOk) continue;
    if (dual(loc)) {
      // A ship's crew and an Away Team together (§3.20).
      if (!anyone_on_surface[loc]) continue;
      for (CardId v : vessels) {
        if (s_.cards[v].loc != loc || !is_ship(v)) continue;
        for (const auto& team : teams_at(loc))
          offer({ActionKind::kAttempt, v, team.front(), loc});
      }
      continue;
    }
    if (space(loc)) {
      // The same test as check_attempt, with each crew gathered once above.
      for (std::size_t i = 0; i < vessels.size(); ++i) {
        const CardId v = vessels[i];
        if (s_.cards[v].loc != loc || s_.cards[v].stopped) continue;
        if (is_ship(v) ? space_attempts_blocked(v) : !is_facility(v)) continue;
        ready.clear();
        for (CardId c : crew_of(i)) {
          if (!s_.cards[c].stopped) ready.push_back(c);
        }
        if (group_may_attempt(seat, loc, ready) == Rule::kOk)
          options.push_back({ActionKind::kAttempt, v, kNoCard, loc});
      }
    }
    if (planet(loc) && anyone_on_surface[loc]) {
      if (const CardId treaty = attempt_treaty(seat, loc); treaty != kNoCard) {
        // Everyone there as one Away Team (Diplomatic Conference), named by its first ready
        // member with the mission as the treaty: rare, so check_attempt itself decides.
        const std::vector<CardId> everyone = on_surface(seat, loc);
        const auto first = std::find_if(everyone.begin(), everyone.end(),
                                        [&](CardId c) { return !s_.cards[c].stopped; });
        if (first != everyone.end()) offer({ActionKind::kAttempt, *first, treaty, loc});
      }
      // The same test as check_attempt, with each team gathered once: a team is named by its
      // first ready member.
      for (const auto& team : teams_at(loc)) {
        const auto& members = ready_of(team);
        if (group_may_attempt(seat, loc, members) == Rule::kOk)
          options.push_back({ActionKind::kAttempt, members.front(), kNoCard, loc});
      }
    }
  }
  const bool self_controlled_in_play =
      std::any_of(on_cards.begin(), on_cards.end(), [&](CardId c) { return self_controlling(c); });
  // Battles (§3.11, §3.12), cloaking and docking (§3.15, §3.5). A stopped or cloaked vessel
  // does not fire; of the others, targets are looked for first: most vessels have none, and
  // whether one may fire (a leader aboard) costs far more.
  for (std::size_t i = 0; i < vessels.size(); ++i) {
    const CardId v = vessels[i];
    const CardState& vessel = s_.cards[v];
    // Targets are looked for only where there may be some (ship_targets): the other player's
    // vessels, or a card that controls itself.
    if (!vessel.stopped && !vessel.cloaked &&
        (foreign_vessel_at[vessel.loc] || self_controlled_in_play)) {
      const auto targets = ship_targets(seat, vessel.loc);
      if (!targets.empty() && may_fire(v, /*initiating=*/true) == Rule::kOk) {
        for (CardId target : targets) {
          if (may_target(seat, v, target) == Rule::kOk)
            options.push_back({ActionKind::kAttack, v, target});
        }
      }
    }
    if (!is_ship(v) || vessel.stopped) continue;
    // Only a ship with a cloaking device cloaks, once a turn, with someone or something aboard
    // to run it (check_cloak); only one at your facility docks (check_dock).
    if (!vessel.cloak_changed &&
        has_special_equipment(v, v1::STCCG_SHIP_EQUIPMENT_CLOAKING_DEVICE) &&
        (vessel.cloaked || !docked(v)) && (!crew_of(i).empty() || crewed_by_cards(v)))
      options.push_back({vessel.cloaked ? ActionKind::kDecloak : ActionKind::kCloak, v});
    if (!vessel.cloaked && facility_of(seat, vessel.loc) != kNoCard)
      options.push_back({vessel.undocked ? ActionKind::kDock : ActionKind::kUndock, v});
  }
  for (LocIndex loc = 0; loc < locations; ++loc) {
    if (!anyone_on_surface[loc] || !foe_on_surface[loc] || !planet(loc)) continue;
    const auto foes = away_teams(State::other(seat), loc);
    if (foes.empty()) continue;
    // The teams as battle_team() gives them (check_battle's test with each gathered once):
    // yours ready, theirs whole. A team is named by its first member.
    for (const auto& team : teams_at(loc)) {
      const auto& members = ready_of(team);
      if (members.empty()) continue;
      for (const auto& foe : foes) {
        if (may_battle(seat, loc, members, foe) == Rule::kOk)
          options.push_back({ActionKind::kBattle, members.front(), foe.front(), loc});
      }
    }
  }
  captive_options(seat, options);
  agenda_options(seat, /*orders=*/true, options);
  download_options(seat, nullptr, options);
  card_orders(seat, options);
  // Only a card whose handler says so is taken back from the discard pile (check_take_back).
  for (CardId c : player.discard) {
    const Handler* handler = s_.handler(c);
    if (handler && handler->may_take_back) offer({ActionKind::kTakeBack, c});
  }
  // Interrupts, doorways and the events whose handlers say where they go.
  hand_plays(seat, nullptr, options);
  options.push_back({ActionKind::kEndTurn});
  if (has_effect(EffectKind::kRequiredMove) || has_effect(EffectKind::kRequiredAttempt)) {
    std::erase_if(options,
                  [&](const Action& a) { return check_required_moves(seat, a) != Rule::kOk; });
  }
  return options;
}

void Engine::card_plays(Seat seat, CardId c, std::span<const CardId> vessels,
                        std::vector<Action>& out) const {
  // The checks of check_order without its turn test: a download plays cards in any turn. The
  // card itself passed check_from_hand (every caller asks first), so a report asks only where.
  auto offer = [&](Action a) {
    const Rule r = a.kind == ActionKind::kReport  ? report_destination(seat, a.a, a.b, a.loc)
                   : a.kind == ActionKind::kBuild ? check_build(seat, a.a, a.loc, /*seeding=*/false)
                                                  : check_event(seat, a.a, a.b);
    if (r == Rule::kOk) out.push_back(a);
  };
  const CardDef& def = s_.def(c);
  switch (def.type()) {
    case v1::STCCG_CARD_TYPE_PERSONNEL:
    case v1::STCCG_CARD_TYPE_SHIP:
    case v1::STCCG_CARD_TYPE_EQUIPMENT:
      for (CardId v : vessels) {
        if (is_facility(v) || reporting_point(v)) offer({ActionKind::kReport, c, v});
      }
      if (!def.reports_with.empty()) {  // beside a personnel (Mek'leth)
        for (CardId p : s_.in_play) {
          if (is_personnel(p)) offer({ActionKind::kReport, c, p});
        }
      }
      switch (def.card.reports_at().place()) {  // somewhere unusual (check_report)
        case v1::STCCG_REPORT_PLACE_SPACELINE_END:
          offer({ActionKind::kReport, c, kNoCard, 0});
          if (s_.spaceline.size() > 1)
            offer(
                {ActionKind::kReport, c, kNoCard, static_cast<LocIndex>(s_.spaceline.size() - 1)});
          break;
        case v1::STCCG_REPORT_PLACE_ANY_LOCATION:
        case v1::STCCG_REPORT_PLACE_MISSION:  // report_destination keeps that mission's
          for (LocIndex loc = 0; loc < s_.spaceline.size(); ++loc)
            offer({ActionKind::kReport, c, kNoCard, loc});
          break;
        case v1::STCCG_REPORT_PLACE_EMPTY_SHIP:
          for (CardId ship : s_.in_play) {
            // Its player's reporting points were offered above.
            if (is_ship(ship) && !(s_.cards[ship].controller == seat && reporting_point(ship)))
              offer({ActionKind::kReport, c, ship});
          }
          break;
        default:
          break;
      }
      if (def.type() == v1::STCCG_CARD_TYPE_PERSONNEL) {
        const bool infiltrator = infiltration_icons(c) != 0;
        for (CardId host : s_.in_play) {
          // Only personnel take reports to their group (Mr. Homn).
          if (s_.traits(host).takes_reports) offer({ActionKind::kReport, c, host});
          // An infiltrator reports into the crew of the other player's facility
          // (infiltration.cpp).
          if (infiltrator && is_facility(host) && s_.cards[host].controller != seat)
            offer({ActionKind::kReport, c, host});
        }
      }
      break;
    case v1::STCCG_CARD_TYPE_FACILITY:
      for (LocIndex loc = 0; loc < s_.spaceline.size(); ++loc)
        offer({ActionKind::kBuild, c, kNoCard, loc});
      break;
    case v1::STCCG_CARD_TYPE_EVENT:
      if (def.handler) break;  // its handler offers its plays (hand_plays)
      switch (def.card.event().plays_on()) {
        case v1::STCCG_PLAYS_ON_TABLE:
          offer({ActionKind::kPlayEvent, c});
          break;
        case v1::STCCG_PLAYS_ON_SHIP:
        case v1::STCCG_PLAYS_ON_YOUR_SHIP:
          for (CardId target : s_.in_play) {
            if (is_ship(target)) offer({ActionKind::kPlayEvent, c, target});
          }
          break;
        case v1::STCCG_PLAYS_ON_MISSION:
          for (const Location& at : s_.spaceline)
            offer({ActionKind::kPlayEvent, c, at.mission});
          break;
        default:
          break;
      }
      break;
    default:
      break;
  }
}

Rule Engine::check_order(Seat seat, const Action& a) const {
  if (seat != s_.active) return Rule::kNotYours;
  if (Rule r = check_required_moves(seat, a); r != Rule::kOk) return r;
  if (is_card_order(a)) return check_card_order(seat, a);
  return check_order_rules(seat, a);
}

Rule Engine::check_order_rules(Seat seat, const Action& a) const {
  switch (a.kind) {
    case ActionKind::kReport:
      return check_report(seat, a.a, a.b, a.loc);
    case ActionKind::kBuild:
      return check_build(seat, a.a, a.loc, /*seeding=*/false);
    case ActionKind::kPlayEvent:
      return check_event(seat, a.a, a.b);
    case ActionKind::kMove:
      return check_move(seat, a.a, a.loc);
    case ActionKind::kTransfer:
      return check_transfer(seat, a.a, a.b, a.loc);
    case ActionKind::kAttempt:
      return check_attempt(seat, a.loc, a.a, a.b);
    case ActionKind::kAttack:
      return check_attack(seat, a.a, a.b);
    case ActionKind::kBattle:
      return check_battle(seat, a.a, a.b, a.loc);
    case ActionKind::kCloak:
    case ActionKind::kDecloak:
      return check_cloak(seat, a);
    case ActionKind::kDock:
    case ActionKind::kUndock:
      return check_dock(seat, a);
    case ActionKind::kRescue:
      return check_rescue(seat, a.a);
    case ActionKind::kTakeCustody:
      return check_custody(seat, a.a, a.b);
    case ActionKind::kLeaveCaptive:
      return check_leave_captive(seat, a.a);
    case ActionKind::kBrig:
      return check_brig(seat, a.a);
    case ActionKind::kDownload:
      return check_download(seat, a);
    case ActionKind::kTakeBack:
      return check_take_back(seat, a.a);
    case ActionKind::kPlayFaceDown:
      return check_play_face_down(seat, a.a, /*seeding=*/false);
    case ActionKind::kReveal:
      return check_reveal(seat, a.a);
    case ActionKind::kPlayInterrupt:
    case ActionKind::kPlayDoorway:
    case ActionKind::kInsertMission:
      return check_hand_play(seat, a);
    case ActionKind::kEndTurn:
      return Rule::kOk;
    default:
      return Rule::kWrongStep;
  }
}

void Engine::card_orders(Seat seat, std::vector<Action>& out) const {
  for (CardId c : s_.handled_in_play) {
    const Handler* handler = s_.handler(c);
    if (handler && handler->orders &&
        (s_.cards[c].controller == seat || handler->orders_for_either_player))
      handler->orders(*this, seat, c, out);
  }
  left_artifact_orders(seat, out);
}

bool Engine::is_card_order(const Action& a) const {
  if (a.kind != ActionKind::kMove && a.kind != ActionKind::kAttack &&
      a.kind != ActionKind::kUseCard)
    return false;
  if (a.a >= s_.cards.size()) return false;
  if (a.kind == ActionKind::kUseCard && left_behind(a.a)) return true;  // The Charybdis
  const Handler* handler = s_.handler(a.a);
  return handler && (handler->orders || (a.kind == ActionKind::kUseCard && handler->responses));
}

Rule Engine::check_card_order(Seat seat, const Action& a) const {
  if (left_behind(a.a)) {
    std::vector<Action> orders;
    left_artifact_orders(seat, orders);
    return std::find(orders.begin(), orders.end(), a) != orders.end() ? Rule::kOk : Rule::kNoTarget;
  }
  if (!s_.in_play_at(a.a)) return Rule::kNoTarget;
  if (s_.cards[a.a].controller != seat && !s_.handler(a.a)->orders_for_either_player)
    return Rule::kNotYours;
  std::vector<Action> orders;
  card_orders(seat, orders);
  return std::find(orders.begin(), orders.end(), a) != orders.end() ? Rule::kOk : Rule::kNoTarget;
}

Rule Engine::check_take_back(Seat seat, CardId card) const {
  if (card >= s_.cards.size() || s_.cards[card].zone != Zone::kDiscard) return Rule::kNoTarget;
  if (s_.cards[card].owner != seat) return Rule::kNotYours;
  const Handler* handler = s_.handler(card);
  return handler && handler->may_take_back && handler->may_take_back(*this, seat, card)
             ? Rule::kOk
             : Rule::kNoTarget;
}

Rule Engine::check_hand_play(Seat seat, const Action& a) const {
  if (a.a == kNoCard || a.a >= s_.cards.size()) return Rule::kNoTarget;
  if (Rule r = may_play_from_hand(seat, a.a, nullptr); r != Rule::kOk) return r;
  std::vector<Action> plays;
  hand_plays(seat, nullptr, plays);
  return std::find(plays.begin(), plays.end(), a) != plays.end() ? Rule::kOk : Rule::kNoTarget;
}

AffiliationSet Engine::affiliations_played(Seat seat) const {
  // An affiliation is played when a card of the deck other than a facility has it; Non-Aligned
  // is not one (§1.2).
  AffiliationSet played = 0;
  for (const CardState& card : s_.cards) {
    if (card.owner != seat) continue;
    const CardDef& def = s_.db->def(card.def);
    if (def.type() == v1::STCCG_CARD_TYPE_PERSONNEL) played |= def.affiliations;
    if (def.type() == v1::STCCG_CARD_TYPE_SHIP) played |= bit(def.affiliation);
  }
  return played & static_cast<AffiliationSet>(~bit(Affiliation::kNonAligned));
}

bool Engine::may_play_card(Seat seat, bool report) const {
  const PlayerState& player = s_.players[seat];
  if (player.orders_begun) return false;
  if (!player.card_played) return true;
  // Red Alert: the card play may be a group of reports, with no other card play that turn.
  return report && player.only_reports && reports_as_group(seat);
}

bool Engine::free_report(CardId card) const {
  const CardDef& def = s_.def(card);
  return def.type() == v1::STCCG_CARD_TYPE_EQUIPMENT && def.card.equipment().reports_free();
}

bool Engine::reports_as_group(Seat seat) const {
  for (CardId c : s_.handled_in_play) {
    const Handler* handler = s_.handler(c);
    if (handler && handler->reports_as_group && s_.cards[c].controller == seat) return true;
  }
  return false;
}

Rule Engine::check_from_hand(Seat seat, CardId card) const {
  if (card == kNoCard || card >= s_.cards.size()) return Rule::kNoTarget;
  const CardState& c = s_.cards[card];
  // A card being downloaded is played from the draw deck, without the turn's card play.
  const bool downloading = c.zone == Zone::kDrawDeck && downloadable(seat, card);
  // A play on hold is checked again as it resumes, as if from the hand: its card play was made.
  const bool held = c.zone == Zone::kHeld;
  // A hand is its controller's: an artifact earned from the opponent's seeds is in the earner's.
  const Seat holder = c.zone == Zone::kHand ? c.controller : c.owner;
  if (holder != seat || (c.zone != Zone::kHand && !downloading && !held)) return Rule::kNotInHand;
  const CardDef& def = s_.def(card);
  const bool report = def.type() == v1::STCCG_CARD_TYPE_PERSONNEL ||
                      def.type() == v1::STCCG_CARD_TYPE_SHIP ||
                      def.type() == v1::STCCG_CARD_TYPE_EQUIPMENT;
  // A play through a hold is outside the numeric limits on card plays (CRD IV.6).
  if (!downloading && !held &&
      (free_report(card) ? s_.players[seat].orders_begun : !may_play_card(seat, report)) &&
      !playing_free(seat))
    return Rule::kCardPlayUsed;
  return check_entering(seat, card);
}

Rule Engine::check_entering(Seat seat, CardId card) const {
  const CardDef& def = s_.def(card);
  // Alternate Universe cards need an open Alternate Universe Door of the player's (CRD IV.6).
  if (!doorway_admits(seat, def)) return Rule::kNotPlayableNow;
  // A card the engine does not play yet is never offered: reports and builds too, not only the
  // plays of events and interrupts (StccgCard.unsupported).
  if (def.unsupported()) return Rule::kNotPlayableNow;
  if (duplicate_barred(card)) return Rule::kNotDuplicatable;
  if (def.persona != kNoPersona && def.unique() && persona_in_play(seat, def.persona, kNoCard)) {
    return Rule::kAlreadyInPlay;
  }
  if (def.persona != kNoPersona && persona_barred(def.persona)) return Rule::kNotPlayableNow;
  return Rule::kOk;
}

bool Engine::duplicate_barred(CardId card) const {
  if (!s_.def(card).card.not_duplicatable()) return false;
  const TitleKey title = s_.traits(card).title;
  return std::any_of(s_.in_play.begin(), s_.in_play.end(),
                     [&](CardId other) { return s_.traits(other).title == title; });
}

Rule Engine::check_report(Seat seat, CardId card, CardId facility, LocIndex loc) const {
  if (Rule r = check_from_hand(seat, card); r != Rule::kOk) return r;
  return report_destination(seat, card, facility, loc);
}

Rule Engine::report_destination(Seat seat, CardId card, CardId facility, LocIndex loc) const {
  // Somewhere besides its player's facilities (StccgCard.reports_at: Kavok, I.K.C. T'Ong).
  const v1::StccgReportsAt& at = s_.def(card).card.reports_at();
  if (at.place() == v1::STCCG_REPORT_PLACE_SPACELINE_END && facility == kNoCard) {
    const bool end = !s_.spaceline.empty() &&
                     (loc == 0 || static_cast<std::size_t>(loc) + 1 == s_.spaceline.size());
    return is_ship(card) && end ? Rule::kOk : Rule::kNowhereToReport;
  }
  if (at.place() == v1::STCCG_REPORT_PLACE_ANY_LOCATION && facility == kNoCard) {
    // Anywhere on the spaceline, facility or not (U.S.S. Enterprise-C).
    return is_ship(card) && loc < s_.spaceline.size() ? Rule::kOk : Rule::kNowhereToReport;
  }
  if (at.place() == v1::STCCG_REPORT_PLACE_MISSION && facility == kNoCard) {
    // At one mission's location, facility or not (T'Pau at Qualor II).
    return is_ship(card) && loc < s_.spaceline.size() &&
                   s_.def(s_.spaceline[loc].mission).title() == at.mission()
               ? Rule::kOk
               : Rule::kNowhereToReport;
  }
  if (at.place() == v1::STCCG_REPORT_PLACE_EMPTY_SHIP && facility != kNoCard &&
      s_.in_play_at(facility) && is_ship(facility) &&
      s_.def(facility).affiliation == static_cast<Affiliation>(at.affiliation()) &&
      (s_.cards[facility].controller == seat || s_.options.report_aboard_opponents_empty_ship)) {
    const bool empty = std::none_of(s_.in_play.begin(), s_.in_play.end(), [&](CardId c) {
      return is_personnel(c) && s_.cards[c].where == Where::kAboard && s_.cards[c].host == facility;
    });
    if (empty) return Rule::kOk;
  }
  if (at.only() || facility == kNoCard) return Rule::kNowhereToReport;
  if (facility != kNoCard && s_.in_play_at(facility) && is_personnel(facility)) {
    // Beside one of the player's personnel that the card may report with (Mek'leth), or to the
    // group of a personnel that takes reports (Mr. Homn).
    const Formula& with = s_.def(card).reports_with;
    if (with.empty()) return check_report_to_group(seat, card, facility);
    const CardState& p = s_.cards[facility];
    const bool placed = p.where == Where::kSurface || p.where == Where::kAboard;
    return placed && p.controller == seat && with.holds_for_member(facts(facility))
               ? Rule::kOk
               : Rule::kNowhereToReport;
  }
  if (facility == kNoCard || !s_.in_play_at(facility) ||
      !(is_facility(facility) || reporting_point(facility)))
    return Rule::kNowhereToReport;
  if (s_.cards[facility].controller != seat) {
    // An infiltrator joins a matching crew whatever its compatibility (infiltration.cpp).
    return is_personnel(card) && may_infiltrate(card, facility) ? Rule::kOk
                                                                : Rule::kNowhereToReport;
  }
  // A ship that is a reporting point takes personnel and equipment, never another ship.
  if (!is_facility(facility) && s_.type(card) == v1::STCCG_CARD_TYPE_SHIP)
    return Rule::kNowhereToReport;
  switch (s_.type(card)) {
    case v1::STCCG_CARD_TYPE_PERSONNEL: {
      if (!compatible(seat, affiliations(card), affiliations(facility))) return Rule::kIncompatible;
      return fits_with_crew(card, facility) ? Rule::kOk : Rule::kIncompatible;
    }
    case v1::STCCG_CARD_TYPE_SHIP:
      return compatible(seat, affiliations(card), affiliations(facility)) ? Rule::kOk
                                                                          : Rule::kIncompatible;
    case v1::STCCG_CARD_TYPE_EQUIPMENT:
      return Rule::kOk;
    default:
      return Rule::kWrongCardType;
  }
}

Rule Engine::check_report_to_group(Seat seat, CardId card, CardId personnel) const {
  const CardState& host = s_.cards[personnel];
  const Formula& who = s_.def(personnel).reports_to_group;
  if (host.controller != seat || who.empty() || !is_personnel(card) ||
      !who.holds_for_member(base_facts(card)) ||
      (host.where != Where::kAboard && host.where != Where::kSurface)) {
    return Rule::kNowhereToReport;
  }
  return joins_group(seat, card, personnel);
}

Rule Engine::joins_group(Seat seat, CardId card, CardId personnel) const {
  const CardState& host = s_.cards[personnel];
  // It joins the group: compatible with every member, as if beamed there.
  if (host.where == Where::kAboard) {
    return fits_with_crew(card, host.host) ? Rule::kOk : Rule::kIncompatible;
  }
  const AffiliationSet mine = affiliations(card);
  for (CardId other : s_.in_play) {
    const CardState& c = s_.cards[other];
    if (is_personnel(other) && c.controller == seat && c.where == Where::kSurface &&
        c.loc == host.loc && !compatible(seat, mine, affiliations(other))) {
      return Rule::kIncompatible;
    }
  }
  return Rule::kOk;
}

Rule Engine::check_build(Seat seat, CardId card, LocIndex loc, bool seeding) const {
  if (!seeding) {
    if (Rule r = check_from_hand(seat, card); r != Rule::kOk) return r;
  }
  const CardDef& def = s_.def(card);
  if (def.type() != v1::STCCG_CARD_TYPE_FACILITY) return Rule::kWrongCardType;
  if (loc >= s_.spaceline.size()) return Rule::kNoTarget;
  const auto& mission = s_.def(s_.spaceline[loc].mission).card.mission();
  if (mission.homeworld() || mission.no_facilities()) return Rule::kWrongPlacement;
  const auto& facility = def.card.facility();
  // A station of QC stands on a planet: Colony, Terraforming Station (QC rules, CRD IV.3).
  const bool station = facility.kind() == v1::STCCG_FACILITY_KIND_STATION;
  if (station) {
    if (!planet(loc)) return Rule::kWrongPlacement;
    if (facility.built_where_completed() && s_.spaceline[loc].completed_by != seat)
      return Rule::kWrongPlacement;
  } else if (def.affiliation == Affiliation::kNeutral) {
    if (!space(loc)) return Rule::kNoSpaceMission;  // the Neutral Outpost: any space location
  } else if (!(mission_icons(seat, loc) & bit(def.affiliation))) {
    return Rule::kNoAffiliationIcon;
  }
  // One facility of yours per location; one outpost per affiliation you play, the
  // Neutral Outpost standing in for one of them (§1.3 step 4).
  // The count applies to seeding; building later only needs the location free.
  const AffiliationSet played = seeding ? affiliations_played(seat) : AffiliationSet{0};
  if (seeding && !station && def.affiliation != Affiliation::kNeutral &&
      !(played & bit(def.affiliation))) {
    return Rule::kFacilityLimit;
  }
  int outposts = 0;
  for (CardId c : s_.in_play) {
    if (s_.cards[c].controller != seat || !is_facility(c)) continue;
    if (s_.cards[c].loc == loc && s_.options.one_facility_per_location) return Rule::kFacilityLimit;
    // A station is not an outpost: it counts toward no outpost limit, nor they toward it.
    const bool other_station = s_.def(c).card.facility().kind() == v1::STCCG_FACILITY_KIND_STATION;
    if (station || other_station) continue;
    if (seeding && s_.def(c).affiliation == def.affiliation) return Rule::kFacilityLimit;
    ++outposts;
  }
  // A deck that plays no affiliation (all Non-Aligned) may still seed its one Neutral Outpost:
  // the deck must seed an outpost it holds (§1.3 step 4), and the validator accepts it.
  const int outpost_limit = std::max(1, std::popcount(played));
  if (seeding && !station && outposts >= outpost_limit) return Rule::kFacilityLimit;
  if (seeding || def.build_requires.empty()) return Rule::kOk;
  // Building needs its requirement present at the location: your unstopped personnel there
  // who are compatible with the facility (GLO "Downloading").
  std::vector<CardId> present;
  for (CardId c : s_.in_play) {
    if (s_.cards[c].controller == seat && is_personnel(c) && !s_.cards[c].stopped &&
        location_of(c) == loc && compatible(seat, affiliations(c), bit(def.affiliation))) {
      present.push_back(c);
    }
  }
  return def.build_requires.holds_for_group(group_facts(present, kNoCard)) ? Rule::kOk
                                                                           : Rule::kNoEngineer;
}

Rule Engine::check_event(Seat seat, CardId card, CardId target) const {
  if (Rule r = check_from_hand(seat, card); r != Rule::kOk) return r;
  const CardDef& def = s_.def(card);
  if (def.unsupported()) return Rule::kNotPlayableNow;
  // Incidents and objectives play like events; their handlers say where.
  if (def.handler) return check_hand_play(seat, {ActionKind::kPlayEvent, card, target});
  if (def.type() != v1::STCCG_CARD_TYPE_EVENT) return Rule::kWrongCardType;
  const auto& event = def.card.event();
  switch (event.plays_on()) {
    case v1::STCCG_PLAYS_ON_TABLE:
      return target == kNoCard ? Rule::kOk : Rule::kNoTarget;
    case v1::STCCG_PLAYS_ON_SHIP:
    case v1::STCCG_PLAYS_ON_YOUR_SHIP:
      if (target == kNoCard || !s_.in_play_at(target) || !is_ship(target)) return Rule::kNoTarget;
      if (event.plays_on() == v1::STCCG_PLAYS_ON_YOUR_SHIP && s_.cards[target].controller != seat) {
        return Rule::kNotYours;
      }
      return Rule::kOk;
    case v1::STCCG_PLAYS_ON_MISSION: {
      if (target == kNoCard || target >= s_.cards.size() || s_.cards[target].zone != Zone::kMission)
        return Rule::kNoTarget;
      const LocIndex loc = s_.cards[target].loc;
      // Cards that help attempt a mission are pointless on one that is done.
      if (s_.spaceline[loc].completed_by != kNoSeat) return Rule::kMissionCompleted;
      if (event.has_espionage() && !(end_for(seat, loc).affiliations &
                                     bit(static_cast<Affiliation>(event.espionage().target()))))
        return Rule::kNoAffiliationIcon;
      return Rule::kOk;
    }
    default:
      return Rule::kNotPlayableNow;
  }
}

Rule Engine::can_move(Seat seat, CardId ship, std::span<const CardId> aboard) const {
  if (ship == kNoCard || !s_.in_play_at(ship) || !is_ship(ship)) return Rule::kNoTarget;
  const CardState& card = s_.cards[ship];
  if (card.controller != seat) return Rule::kNotYours;
  if (card.stopped) return Rule::kStopped;
  return staffed(ship, aboard) ? Rule::kOk : Rule::kNotStaffed;
}

Rule Engine::check_move(Seat seat, CardId ship, LocIndex to) const {
  if (Rule r = can_move(seat, ship, crew(ship)); r != Rule::kOk) return r;
  const CardState& card = s_.cards[ship];
  if (to >= s_.spaceline.size() || to == card.loc) return Rule::kNoTarget;
  if (move_cost(ship, card.loc, to) > range_left(ship)) return Rule::kOutOfRange;
  return move_blocked(ship, card.loc, to) ? Rule::kBlocked : Rule::kOk;
}

Rule Engine::check_transfer(Seat seat, CardId card, CardId to, LocIndex loc) const {
  if (Rule r = may_transfer(seat, card); r != Rule::kOk) return r;
  const LocIndex here = location_of(card);
  if (loc != here) return Rule::kNotSameLocation;
  if (to == kNoCard) return may_beam_down(card, here);
  if (!s_.in_play_at(to)) return Rule::kNoTarget;
  if (s_.cards[to].where == Where::kSurface) return may_join_team(card, to, here);
  if (Rule r = may_board(seat, card, to, here, crew(to)); r != Rule::kOk) return r;
  return beaming_blocked(card, to) ? Rule::kBlocked : Rule::kOk;
}

Rule Engine::may_beam_down(CardId card, LocIndex here) const {
  if (Rule r = beam_down_allowed(card, here); r != Rule::kOk) return r;
  return beaming_blocked(card, kNoCard) ? Rule::kBlocked : Rule::kOk;
}

Rule Engine::beam_down_allowed(CardId card, LocIndex here) const {
  if (!planet(here)) return Rule::kNoPlanet;
  // Personnel under house arrest may not be beamed to a planet (§3.2).
  if (s_.cards[card].arrested) return Rule::kIncompatible;
  if (s_.cards[card].where == Where::kSurface) return Rule::kNoTarget;
  if (hologram_confined(*this, card, here) && !s_.cards[card].disabled) return Rule::kBlocked;
  return Rule::kOk;
}

Rule Engine::may_transfer(Seat seat, CardId card) const {
  if (card == kNoCard || !s_.in_play_at(card)) return Rule::kNoTarget;
  const CardState& c = s_.cards[card];
  if (c.controller != seat) return Rule::kNotYours;
  if (c.where != Where::kAboard && c.where != Where::kSurface) return Rule::kWrongCardType;
  if (!is_personnel(card) && s_.type(card) != v1::STCCG_CARD_TYPE_EQUIPMENT &&
      s_.type(card) != v1::STCCG_CARD_TYPE_ARTIFACT)
    return Rule::kWrongCardType;
  // Nobody beams to or from a cloaked ship (§3.6).
  if (c.where == Where::kAboard && s_.cards[c.host].cloaked) return Rule::kCloaked;
  if (in_stasis(card)) return Rule::kBlocked;  // it stays where it is
  for (CardId other : s_.transfer_blocking_in_play) {
    if (s_.handler(other)->blocks_transfer(*this, other, card)) return Rule::kBlocked;
  }
  return c.stopped ? Rule::kStopped : Rule::kOk;  // a stopped personnel cannot beam (§3.6)
}

Engine::Boarding Engine::boarding(CardId vessel, std::span<const CardId> crew_of_vessel) const {
  Boarding b;
  b.vessel = vessel;
  b.affiliations = affiliations(vessel);
  b.crew = crew_of_vessel;
  for (CardId member : crew_of_vessel) {
    if (brainwashed(member)) continue;  // mixes with its captor's personnel (CRD IV.7)
    const AffiliationSet theirs = affiliations(member);
    const auto known = b.crew_affiliations.begin() + b.kinds;
    if (std::find(b.crew_affiliations.begin(), known, theirs) != known) continue;
    if (b.kinds == b.crew_affiliations.size()) {
      b.too_many_kinds = true;
      break;
    }
    b.crew_affiliations[b.kinds++] = theirs;
  }
  return b;
}

Rule Engine::may_board(Seat seat, CardId card, const Boarding& boarding, LocIndex here) const {
  const CardState& c = s_.cards[card];
  const CardId to = boarding.vessel;
  if (s_.cards[to].where != Where::kSpace || (!is_ship(to) && !is_facility(to)))
    return Rule::kNoTarget;
  // Only aboard your own ships and facilities (§3.6), at the same location; an infiltrator
  // also aboard the other player's that match its icons (infiltration.cpp).
  const bool infiltrates = s_.cards[to].controller != seat && is_personnel(card) && !c.disabled &&
                           may_infiltrate(card, to);
  if (s_.cards[to].controller != seat && !infiltrates) return Rule::kNotYours;
  if (s_.cards[to].loc != here) return Rule::kNotSameLocation;
  if (s_.cards[to].cloaked) return Rule::kCloaked;
  if (c.where == Where::kAboard && c.host == to) return Rule::kNoTarget;
  // Back up the turn it beamed down: not for Katherine Pulaski (CRD III.5).
  if (c.where == Where::kSurface && has_effect(EffectKind::kBeamedDown, card))
    return Rule::kBlocked;
  // A landed shuttle is boarded by no one of the other player's (CRD IV.7 Engage Shuttle
  // Operations).
  if (infiltrates) return landed(to) ? Rule::kBlocked : Rule::kOk;
  // Equipment, and captives, who are carried like it (§3.14).
  if (!is_personnel(card) || c.disabled) return Rule::kOk;
  // Nobody boards where they could not work with the crew or the vessel (no voluntary house
  // arrest).
  // A brainwashed captive mixes with its captor's personnel whatever its affiliation.
  if (brainwashed(card)) return Rule::kOk;
  const AffiliationSet mine = affiliations(card);
  if (!compatible(seat, mine, boarding.affiliations)) return Rule::kIncompatible;
  if (boarding.too_many_kinds)
    return fits_with(card, boarding.crew) ? Rule::kOk : Rule::kIncompatible;
  const auto kinds = boarding.crew_affiliations.begin() + boarding.kinds;
  return std::all_of(boarding.crew_affiliations.begin(), kinds,
                     [&](AffiliationSet theirs) { return compatible(seat, mine, theirs); })
             ? Rule::kOk
             : Rule::kIncompatible;
}

bool Engine::landed(CardId ship) const {
  if (ship == kNoCard || !is_ship(ship)) return false;
  return std::any_of(s_.handled_in_play.begin(), s_.handled_in_play.end(), [&](CardId c) {
    const Handler* handler = s_.handler(c);
    return handler && handler->lands && handler->lands(*this, c, ship);
  });
}

bool Engine::planet_cloaked(LocIndex loc) const {
  return s_.may_have(EffectKind::kPlanetCloaked) &&
         std::any_of(s_.effects.begin(), s_.effects.end(), [&](const Effect& x) {
           return x.kind == EffectKind::kPlanetCloaked && x.loc == loc;
         });
}

bool Engine::beaming_blocked(CardId card, CardId to) const {
  // Nobody beams or shuttles to or from the surface of a cloaked planet (Investigate Legend):
  // not even the crew of a shuttle that landed before it cloaked.
  const CardState& moving = s_.cards[card];
  const bool surface = to == kNoCard || moving.where == Where::kSurface;
  const LocIndex here = location_of(card);
  if (surface && planet_cloaked(here)) return true;
  // The crew of a ship landed on the planet walks to and from its surface: no beaming.
  if ((to == kNoCard && moving.where == Where::kAboard && landed(moving.host)) ||
      (moving.where == Where::kSurface && landed(to)))
    return false;
  // The mission here may forbid some beaming (Quash Conspiracy: not from ship to ship), and so
  // may a card played on it (Distortion Field) or on a ship (Neural Servo Device).
  if (here != kNoLoc) {
    const CardId mission = s_.spaceline[here].mission;
    const Handler* handler = s_.handler(mission);
    if (handler && handler->blocks_beaming && handler->blocks_beaming(*this, mission, card, to))
      return true;
    for (CardId c : s_.in_play_where(Where::kOn)) {
      const Handler* on = s_.handler(c);
      if (on && on->blocks_beaming && on->blocks_beaming(*this, c, card, to)) return true;
    }
  }
  // A damage marker may stop beaming to or from a vessel (Maximum Firepower); a docked ship's
  // crew walks to and from its facility without beaming.
  const CardId from = s_.cards[card].where == Where::kAboard ? s_.cards[card].host : kNoCard;
  const bool off_line = (from != kNoCard && transporters_off_line(from)) ||
                        (to != kNoCard && transporters_off_line(to));
  if (!off_line) return false;
  const auto walks = [&](CardId ship, CardId facility) {
    return ship != kNoCard && facility != kNoCard && is_ship(ship) && docked(ship) &&
           facility_of(s_.cards[ship].controller, s_.cards[ship].loc) == facility;
  };
  return !walks(from, to) && !walks(to, from);
}

bool Engine::dual(LocIndex loc) const {
  return s_.def(s_.spaceline[loc].mission).card.mission().placement() == v1::STCCG_PLACEMENT_DUAL;
}

Rule Engine::check_attempt(Seat seat, LocIndex loc, CardId anchor, CardId team) const {
  if (Rule r = mission_open(seat, loc); r != Rule::kOk) return r;
  if (anchor == kNoCard || !s_.in_play_at(anchor) || s_.cards[anchor].controller != seat)
    return Rule::kNoTarget;
  if (location_of(anchor) != loc) return Rule::kNotSameLocation;
  if (s_.cards[anchor].stopped) return Rule::kStopped;
  if (is_ship(anchor) && space_attempts_blocked(anchor)) return Rule::kBlocked;
  if (dual(loc)) {
    // Both a ship's crew and an Away Team, each ready, one of them matching (§3.20).
    if (!is_ship(anchor) || s_.cards[anchor].where != Where::kSpace) return Rule::kNoPlanet;
    if (team == kNoCard || !s_.in_play_at(team) || s_.cards[team].controller != seat ||
        s_.cards[team].where != Where::kSurface || s_.cards[team].loc != loc)
      return Rule::kNoPlanet;
    std::vector<CardId> group = attempt_group(seat, loc, anchor);
    const std::vector<CardId> away = attempt_group(seat, loc, team);
    if (group.empty() || away.empty()) return Rule::kCannotAttempt;
    if (away.front() != team) return Rule::kNoTarget;  // the team is named by its first
    group.insert(group.end(), away.begin(), away.end());
    return group_may_attempt(seat, loc, group);
  }
  if (team != kNoCard) {
    // Everyone on the planet as one Away Team under the mission's treaty, named by its first
    // ready member (Diplomatic Conference); the usual teams may attempt on their own too.
    if (team != attempt_treaty(seat, loc) || s_.cards[anchor].where != Where::kSurface)
      return Rule::kNoTarget;
    std::vector<CardId> everyone = on_surface(seat, loc);
    std::erase_if(everyone, [&](CardId c) { return s_.cards[c].stopped; });
    if (everyone.empty() || everyone.front() != anchor) return Rule::kNoTarget;
    return group_may_attempt(seat, loc, everyone);
  }
  const bool from_vessel = s_.cards[anchor].where == Where::kSpace;
  if (from_vessel && !is_ship(anchor) && !is_facility(anchor)) return Rule::kNoTarget;
  if (from_vessel ? !space(loc) : !planet(loc))
    return from_vessel ? Rule::kNoSpaceMission : Rule::kNoPlanet;
  if (!from_vessel && s_.cards[anchor].where != Where::kSurface) return Rule::kNoPlanet;
  const std::vector<CardId> group = attempt_group(seat, loc, anchor);
  // An Away Team is named by its first ready member, so that each attempt has one option id.
  if (!from_vessel && !group.empty() && group.front() != anchor) return Rule::kNoTarget;
  return group_may_attempt(seat, loc, group);
}

Rule Engine::mission_open(Seat seat, LocIndex loc) const {
  if (loc >= s_.spaceline.size()) return Rule::kNoTarget;
  if (s_.spaceline[loc].completed_by != kNoSeat) return Rule::kMissionCompleted;
  if (end_for(seat, loc).requirements.empty()) return Rule::kCannotAttempt;
  if (mission_blocked(seat, loc)) return Rule::kCannotAttempt;
  return Rule::kOk;
}

CardId Engine::attempt_treaty(Seat seat, LocIndex loc) const {
  if (!planet(loc) || dual(loc)) return kNoCard;
  const CardId mission = s_.spaceline[loc].mission;
  const Handler* handler = s_.handler(mission);
  if (!handler || !handler->attempted_by_all) return kNoCard;
  // Only where it joins what the usual teams could not: several teams of the player there.
  return away_teams(seat, loc).size() > 1 ? mission : kNoCard;
}

Rule Engine::group_may_attempt(Seat seat, LocIndex loc, const std::vector<CardId>& group) const {
  if (group.empty()) return Rule::kCannotAttempt;
  return has_matching(seat, loc, group) ? Rule::kOk : Rule::kNoMatchingPersonnel;
}

std::vector<CardId> Engine::attempt_group(Seat seat, LocIndex loc, CardId anchor) const {
  std::vector<CardId> group;
  if (s_.cards[anchor].where == Where::kSpace) {
    group = crew(anchor);
  } else {
    for (auto& team : away_teams(seat, loc)) {
      if (std::find(team.begin(), team.end(), anchor) != team.end()) group = std::move(team);
    }
  }
  // Stopped personnel are not present (§3.7).
  std::erase_if(group, [&](CardId c) { return s_.cards[c].stopped; });
  return group;
}

std::optional<Engine::Lacking> Engine::requirements_lacking(Seat seat, LocIndex loc) const {
  if (mission_open(seat, loc) != Rule::kOk) return std::nullopt;
  // The groups that could attempt: each vessel's crew (with the Away Teams too at a dual
  // mission, §3.20), or each Away Team; stopped personnel are not present (§3.7).
  std::vector<std::pair<std::vector<CardId>, CardId>> groups;
  if (space(loc)) {
    std::vector<CardId> on_planet;
    if (dual(loc)) {
      for (const auto& team : away_teams(seat, loc))
        on_planet.insert(on_planet.end(), team.begin(), team.end());
    }
    for (CardId c : s_.in_play) {
      const CardState& card = s_.cards[c];
      if (card.controller != seat || card.loc != loc || card.where != Where::kSpace) continue;
      if (!is_ship(c) && !is_facility(c)) continue;
      std::vector<CardId> group = crew(c);
      group.insert(group.end(), on_planet.begin(), on_planet.end());
      groups.emplace_back(std::move(group), c);
    }
  } else {
    for (auto& team : away_teams(seat, loc))
      groups.emplace_back(std::move(team), kNoCard);
    if (attempt_treaty(seat, loc) != kNoCard) groups.emplace_back(on_surface(seat, loc), kNoCard);
  }
  std::optional<Lacking> nearest;
  for (auto& [group, vessel] : groups) {
    std::erase_if(group, [&](CardId c) { return s_.cards[c].stopped; });
    if (group.empty()) continue;
    const GroupFacts facts = group_facts(group, vessel);
    Lacking lacking{{}, has_matching(seat, loc, group)};
    bool first = true;
    for (const std::vector<Formula>& terms : end_for(seat, loc).alternatives) {
      std::vector<std::string> missing;
      for (const Formula& term : terms) {
        if (!term.holds_for_group(facts)) missing.push_back(term.text());
      }
      if (first || missing.size() < lacking.terms.size()) lacking.terms = std::move(missing);
      first = false;
    }
    const auto distance = [](const Lacking& l) { return l.terms.size() + (l.matching ? 0 : 1); };
    if (!nearest || distance(lacking) < distance(*nearest)) nearest = std::move(lacking);
  }
  return nearest;
}

bool Engine::has_matching(Seat seat, LocIndex loc, const std::vector<CardId>& group) const {
  // Treaties never stand in for a matching affiliation icon (§3.2); an Espionage card of the
  // player on the mission does, for its spies' affiliation (CRD IV.10).
  if (end_for(seat, loc).any_affiliation) return !group.empty();
  AffiliationSet icons = mission_icons(seat, loc);
  const CardId mission = s_.spaceline[loc].mission;
  for (CardId c : s_.in_play_where(Where::kOn)) {
    const CardState& card = s_.cards[c];
    if (card.host != mission || card.controller != seat) continue;
    const CardDef& def = s_.def(c);
    if (def.type() != v1::STCCG_CARD_TYPE_EVENT || !def.card.event().has_espionage()) continue;
    const auto& spying = def.card.event().espionage();
    if (icons & bit(static_cast<Affiliation>(spying.target())))
      icons |= bit(static_cast<Affiliation>(spying.spy()));
  }
  return std::any_of(group.begin(), group.end(),
                     [&](CardId c) { return (affiliations(c) & icons) != 0; });
}

}  // namespace spacedock::stccg
