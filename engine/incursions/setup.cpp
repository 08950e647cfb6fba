#include "engine/incursions/setup.h"

#include <algorithm>
#include <array>
#include <optional>

#include "engine/incursions/cards/deck_rules.h"

namespace spacedock::incursions {
namespace {

SetupError error(std::string rule, std::string message) {
  return {std::move(rule), std::move(message)};
}

// The ship and officers a seat chose (§3.1): none in BASIC, where ships are dealt at random.
std::optional<SetupError> choose_ship_and_officers(const Content& content, const Options& options,
                                                   const v1::IncursionsSeatOptions& seat,
                                                   SeatSetup& out) {
  if (options.mode == v1::INCURSIONS_MODE_BASIC) {
    if (!seat.ship().empty()) {
      return error("SHIP_CHOICE_NOT_IN_BASIC", "the basic game deals ships at random");
    }
    if (!seat.captain().empty() || seat.crew_size() > 0) {
      return error("OFFICERS_NOT_IN_BASIC", "the basic game has no captains or crew");
    }
    return std::nullopt;
  }
  if (!seat.ship().empty()) {
    out.ship = content.find_ship(seat.ship());
    if (!out.ship) return error("UNKNOWN_SHIP", "no ship with id " + seat.ship());
  }
  std::array<bool, kPositions> taken{};
  if (seat.captain().empty()) {
    out.captain_of_ship_race = true;
    taken[kCaptain] = true;
  } else if (seat.captain() != "none") {
    out.captain = content.find_card(seat.captain());
    if (!out.captain) return error("UNKNOWN_CARD", "no captain or crew card " + seat.captain());
    taken[kCaptain] = true;  // a crew card named here stands in as captain
  }
  if (options.mode == v1::INCURSIONS_MODE_FULL && seat.crew_size() > 0) {
    return error("CREW_FROM_DECK", "in the full game crew come from the deck (§3.2)");
  }
  if (seat.crew_size() > kMaxCrew) {
    return error("TOO_MANY_CREW", "a vessel starts with at most 3 crew besides its captain");
  }
  for (const auto& id : seat.crew()) {
    auto card = content.find_card(id);
    if (!card) return error("UNKNOWN_CARD", "no crew card " + id);
    const CardDef& def = content.card(*card);
    if (def.captain()) return error("NOT_CREW", def.id + " is a captain; name it as captain");
    if (taken[static_cast<std::size_t>(def.position)]) {
      return error("POSITION_OCCUPIED", "two officers for the position of " + def.id);
    }
    taken[static_cast<std::size_t>(def.position)] = true;
    out.crew.push_back(*card);
  }
  return std::nullopt;
}

// The deck (§3.1): FULL only, listed or a preset.
std::optional<SetupError> choose_deck(const Content& content, const Options& options,
                                      const v1::IncursionsSeatOptions& seat, SeatSetup& out) {
  if (options.mode != v1::INCURSIONS_MODE_FULL) {
    if (seat.deck_size() > 0 || !seat.deck_preset().empty()) {
      return error("DECK_NOT_IN_MODE", "decks are played in the FULL mode only");
    }
    return std::nullopt;
  }
  if (seat.deck_size() > 0) {
    if (seat.deck_size() > kMaxDeck) {
      return error("DECK_TOO_LARGE", "this server takes decks of at most 120 cards");
    }
    for (const auto& id : seat.deck()) {
      auto card = content.find_card(id);
      if (!card) return error("UNKNOWN_CARD", "no card with id " + id);
      out.deck.push_back(*card);
    }
  } else {
    const std::string& id = seat.deck_preset().empty() ? "standard" : seat.deck_preset();
    const DeckPreset* preset = content.find_deck_preset(id);
    if (!preset) return error("UNKNOWN_PRESET", "no deck preset with id " + id);
    out.deck = preset->cards;
    return std::nullopt;  // presets were validated when the content loaded
  }
  return validate_deck(content, out.deck);
}

}  // namespace

std::variant<Options, SetupError> normalize_options(const Content& content,
                                                    const v1::IncursionsMatchOptions& in) {
  Options out;
  out.players = in.players() == 0 ? 2 : static_cast<int>(in.players());
  if (out.players < kMinPlayers || out.players > kMaxPlayers) {
    return error("PLAYERS_OUT_OF_RANGE", "an Incursions match has 2 to 6 players");
  }
  switch (in.mode()) {
    case v1::INCURSIONS_MODE_UNSPECIFIED:
    case v1::INCURSIONS_MODE_BASIC:
      out.mode = v1::INCURSIONS_MODE_BASIC;
      break;
    case v1::INCURSIONS_MODE_CREW:
    case v1::INCURSIONS_MODE_EVENTS:
    case v1::INCURSIONS_MODE_FULL:
      out.mode = in.mode();
      break;
    default:
      return error("UNSUPPORTED_MODE", "the modes are BASIC, CREW, EVENTS and FULL");
  }
  out.hexpile_mode = in.hexpile_mode() == v1::HEXPILE_MODE_SHARED ? v1::HEXPILE_MODE_SHARED
                                                                  : v1::HEXPILE_MODE_PER_PLAYER;
  out.mine_limit = in.mine_limit() == v1::MINE_LIMIT_PER_HEX ? v1::MINE_LIMIT_PER_HEX
                                                             : v1::MINE_LIMIT_PER_PLAYER;
  const auto& r = in.rules();
  out.rules = {r.red_alert_costs_maneuver(),  r.round_cards_until_round_end(),
               r.cloak_sight_only(),          r.timestorm_every_arrival(),
               r.gather_intelligence_blind(), r.spacestation_flat_damage(),
               r.torpedo_one_choice(),        r.range_over_tiles()};
  out.turn_cap = in.turn_cap() == 0 ? 100 : static_cast<int>(in.turn_cap());
  if (out.turn_cap > 1000) return error("TURN_CAP_OUT_OF_RANGE", "turn_cap is at most 1000 rounds");
  out.hexpoint_budget = in.hexpoint_budget() == 0 ? 30 : static_cast<int>(in.hexpoint_budget());
  if (out.hexpoint_budget < 10 || out.hexpoint_budget > 60) {
    return error("BUDGET_OUT_OF_RANGE", "hexpoint_budget must be 10 to 60");
  }
  for (const auto& id : in.ship_pool()) {
    if (!content.find_ship(id)) return error("UNKNOWN_SHIP", "no ship with id " + id);
  }
  if (in.ship_pool_size() > 0 && in.ship_pool_size() < out.players) {
    return error("SHIP_POOL_TOO_SMALL", "the ship pool needs a ship for every player");
  }
  return out;
}

std::variant<SeatSetup, SetupError> make_seat(const Content& content, const Options& options,
                                              const v1::IncursionsSeatOptions& seat) {
  SeatSetup out;
  if (seat.hexes_size() > 0) {
    for (const auto& id : seat.hexes()) {
      auto hex = content.find_hex(id);
      if (!hex) return error("UNKNOWN_HEX", "no hex with id " + id);
      out.hexes.push_back(*hex);
    }
  } else {
    const std::string& id = seat.hexpile_preset().empty() ? "standard" : seat.hexpile_preset();
    const HexpilePreset* preset = content.find_preset(id);
    if (!preset) return error("UNKNOWN_PRESET", "no hexpile preset with id " + id);
    out.hexes = preset->hexes;
  }
  if (out.hexes.size() > kMaxContribution) {
    return error("TOO_MANY_HEXES", "a contribution holds at most 40 hexes");
  }
  int wormholes = 0;
  for (std::size_t i = 0; i < out.hexes.size(); ++i) {
    const HexDef& def = content.hex(out.hexes[i]);
    const bool repeated = std::find(out.hexes.begin(), out.hexes.begin() + static_cast<long>(i),
                                    out.hexes[i]) != out.hexes.begin() + static_cast<long>(i);
    if (repeated && !def.repeatable) {
      return error("DUPLICATE_HEX", def.name + " appears twice; only fillers may repeat");
    }
    if (def.wormhole && wormholes++ > 0) {
      out.hexpoints += content.extra_wormhole_hexpoints();
    } else {
      out.hexpoints += def.hexpoints;
    }
  }
  if (wormholes == 0) return error("NO_WORMHOLE", "every contribution needs a wormhole");
  if (auto problem = choose_ship_and_officers(content, options, seat, out)) return *problem;
  if (auto problem = choose_deck(content, options, seat, out)) return *problem;
  if (std::abs(out.hexpoints - options.hexpoint_budget) > 2) {
    return error("HEXPOINTS_OUT_OF_RANGE",
                 "the contribution is worth " + std::to_string(out.hexpoints) +
                     " hexpoints; the budget is " + std::to_string(options.hexpoint_budget) +
                     " plus or minus 2");
  }
  return out;
}

std::variant<Setup, SetupError> make_setup(const Content& content, const v1::MatchSetup& match) {
  auto options = normalize_options(content, match.incursions());
  if (auto* e = std::get_if<SetupError>(&options)) return *e;
  Setup setup;
  setup.options = std::get<Options>(options);
  if (match.seats_size() != setup.options.players) {
    return error("SEATS_MISMATCH",
                 "the match needs exactly " + std::to_string(setup.options.players) + " seats");
  }
  for (const auto& seat : match.seats()) {
    auto made = make_seat(content, setup.options, seat.incursions());
    if (auto* e = std::get_if<SetupError>(&made)) return *e;
    setup.seats.push_back(std::get<SeatSetup>(std::move(made)));
  }
  if (match.incursions().ship_pool_size() > 0) {
    for (const auto& id : match.incursions().ship_pool())
      setup.ship_pool.push_back(*content.find_ship(id));
  } else {
    setup.ship_pool = content.standard_pool();
  }
  if (setup.ship_pool.size() < static_cast<std::size_t>(setup.options.players)) {
    return error("SHIP_POOL_TOO_SMALL", "the ship pool needs a ship for every player");
  }
  return setup;
}

}  // namespace spacedock::incursions
