#include <doctest/doctest.h>

#include <string>
#include <variant>

#include "engine/games.h"
#include "engine/incursions/content.h"
#include "engine/incursions/setup.h"

namespace sd = spacedock;
using sd::incursions::Content;
using sd::incursions::ContentError;
using sd::incursions::Options;
using sd::incursions::SeatSetup;
using sd::incursions::SetupError;

namespace {

const char* kShip = R"(ships { id: "X" name: "X" race: RACE_FEDERATION hull: 10 shields: 5
  evasion: 3 drive: 1 w1 { dice: 1 } w2 { dice: 1 range: 1 } w3 { dice: 1 } shield_absorb: 5 }
  ships { id: "Y" name: "Y" race: RACE_KLINGON hull: 10 shields: 5
  evasion: 3 drive: 1 w1 { dice: 1 } w2 { dice: 1 range: 1 } w3 { dice: 1 } shield_absorb: 5 }
  standard_ship_pool: ["X", "Y"])";

std::string load_error(std::string_view text) {
  try {
    Content::load({{"test.txtpb", text}});
  } catch (const ContentError& e) {
    return e.what();
  }
  return "";
}

// A contribution of the given hexes, checked against a budget of 30.
std::variant<SeatSetup, SetupError> contribute(std::initializer_list<std::string> hexes) {
  sd::v1::IncursionsSeatOptions seat;
  for (const auto& hex : hexes)
    seat.add_hexes(hex);
  return sd::incursions::make_seat(Content::standard(), Options{}, seat);
}

std::string rule_of(const std::variant<SeatSetup, SetupError>& result) {
  return std::holds_alternative<SetupError>(result) ? std::get<SetupError>(result).rule : "OK";
}

const std::string kWormhole = "hex.001.wormhole_i";
const std::string kOpen = "hex.p1.open_space";            // 1 hexpoint, repeatable
const std::string kDoomsday = "hex.015.doomsday_device";  // 5 hexpoints

}  // namespace

TEST_CASE("the built-in content loads and every preset is a legal contribution") {
  const Content& content = Content::standard();
  CHECK(content.ships().size() == 12);
  CHECK(content.standard_pool().size() == 8);
  CHECK(content.find_ship("ROM-1").has_value());
  CHECK(content.ship(*content.find_ship("ROM-1")).drive == 2);
  CHECK(content.ship(*content.find_ship("FED-2")).shield_absorb == 6);
  CHECK(content.find_hex("hex.045b.com_beacon").has_value());
  CHECK_FALSE(content.find_hex("hex.006.nothing").has_value());
  REQUIRE(content.presets().size() >= 5);
  for (const auto& preset : content.presets()) {
    sd::v1::IncursionsSeatOptions seat;
    seat.set_hexpile_preset(preset.id);
    auto made = sd::incursions::make_seat(content, Options{}, seat);
    INFO(preset.id);
    REQUIRE(std::holds_alternative<SeatSetup>(made));
    CHECK(std::get<SeatSetup>(made).hexpoints == 30);
  }
}

TEST_CASE("content files are loaded strictly") {
  CHECK(load_error(kShip).empty());
  CHECK(load_error(std::string(kShip) + " colour: 3").find("test.txtpb:") == 0);
  CHECK(load_error(std::string(kShip) + R"( hexpile_presets { id: "p" hexes: ["hex.nope"] })")
            .find("unknown hex hex.nope") != std::string::npos);
  CHECK(load_error(std::string(kShip) + R"( standard_ship_pool: ["Z"])").find("unknown ship Z") !=
        std::string::npos);
  CHECK(load_error(std::string(kShip) +
                   R"( hexes { id: "hex.a" name: "A" } hexes { id: "hex.a" name: "B" })")
            .find("duplicate hex id") != std::string::npos);
  CHECK(load_error(std::string(kShip) +
                   R"( hexes { id: "hex.w" name: "W" wormhole: true hexpoints: 2 })")
            .find("wormholes cost 0") != std::string::npos);
  CHECK(load_error(R"(ships { id: "X" name: "X" race: RACE_FEDERATION hull: 0 })").find("hull") !=
        std::string::npos);
}

TEST_CASE("T04: the hexpoint budget is 30 plus or minus 2 and needs a wormhole") {
  // Wormhole (0) + Doomsday Device (5) + n Open Space fillers (1 each).
  auto with_open = [&](int fillers, bool doomsday) {
    std::vector<std::string> hexes{kWormhole};
    if (doomsday) hexes.push_back(kDoomsday);
    for (int i = 0; i < fillers; ++i)
      hexes.push_back(kOpen);
    sd::v1::IncursionsSeatOptions seat;
    for (const auto& hex : hexes)
      seat.add_hexes(hex);
    return sd::incursions::make_seat(Content::standard(), Options{}, seat);
  };
  CHECK(rule_of(with_open(22, true)) == "HEXPOINTS_OUT_OF_RANGE");  // 27
  CHECK(rule_of(with_open(23, true)) == "OK");                      // 28
  CHECK(rule_of(with_open(27, true)) == "OK");                      // 32
  CHECK(rule_of(with_open(28, true)) == "HEXPOINTS_OUT_OF_RANGE");  // 33
  CHECK(std::get<SeatSetup>(with_open(23, true)).hexpoints == 28);

  sd::v1::IncursionsSeatOptions no_wormhole;
  no_wormhole.add_hexes(kDoomsday);
  for (int i = 0; i < 25; ++i)
    no_wormhole.add_hexes(kOpen);  // 30 without a wormhole
  auto made = sd::incursions::make_seat(Content::standard(), Options{}, no_wormhole);
  CHECK(rule_of(made) == "NO_WORMHOLE");
}

TEST_CASE("contributions: printed hexes once, extra wormholes cost 3, known ids only") {
  std::initializer_list<std::string> twice{kWormhole, kDoomsday, kDoomsday};
  CHECK(rule_of(contribute(twice)) == "DUPLICATE_HEX");
  sd::v1::IncursionsSeatOptions seat;
  seat.add_hexes(kWormhole);
  seat.add_hexes("hex.002.wormhole_ii");
  for (int i = 0; i < 27; ++i)
    seat.add_hexes(kOpen);
  auto made = sd::incursions::make_seat(Content::standard(), Options{}, seat);
  REQUIRE(std::holds_alternative<SeatSetup>(made));
  CHECK(std::get<SeatSetup>(made).hexpoints == 30);  // 0 + 3 + 27
  CHECK(rule_of(contribute({kWormhole, "hex.999"})) == "UNKNOWN_HEX");
  sd::v1::IncursionsSeatOptions preset;
  preset.set_hexpile_preset("nowhere");
  CHECK(rule_of(sd::incursions::make_seat(Content::standard(), Options{}, preset)) ==
        "UNKNOWN_PRESET");
}

TEST_CASE("match options are checked with clear rule codes") {
  auto rule = [](auto configure) {
    sd::v1::MatchSetup setup;
    setup.set_game(sd::v1::GAME_INCURSIONS);
    configure(*setup.mutable_incursions());
    auto checked = sd::engine::check_match(setup);
    return std::holds_alternative<int>(checked) ? "seats=" + std::to_string(std::get<int>(checked))
                                                : std::get<sd::core::SetupError>(checked).rule;
  };
  CHECK(rule([](auto&) {}) == "seats=2");
  CHECK(rule([](auto& o) { o.set_players(6); }) == "seats=6");
  CHECK(rule([](auto& o) { o.set_players(7); }) == "PLAYERS_OUT_OF_RANGE");
  CHECK(rule([](auto& o) { o.set_players(1); }) == "PLAYERS_OUT_OF_RANGE");
  CHECK(rule([](auto& o) { o.add_ship_pool("NOPE"); }) == "UNKNOWN_SHIP");
  CHECK(rule([](auto& o) {
          o.set_players(3);
          o.add_ship_pool("FED-1");
          o.add_ship_pool("KLI-1");
        }) == "SHIP_POOL_TOO_SMALL");
  CHECK(rule([](auto& o) { o.set_hexpoint_budget(5); }) == "BUDGET_OUT_OF_RANGE");
  CHECK(rule([](auto& o) { o.set_turn_cap(5000); }) == "TURN_CAP_OUT_OF_RANGE");

  sd::v1::MatchSetup other;
  other.set_game(sd::v1::GAME_UNSPECIFIED);
  CHECK(std::get<sd::core::SetupError>(sd::engine::check_match(other)).rule == "UNSUPPORTED_GAME");
}
