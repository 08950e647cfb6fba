#include "engine/games.h"

#include <stdexcept>

#include "engine/incursions/match.h"
#include "engine/incursions/setup.h"

namespace spacedock::engine {
namespace {

core::SetupError unsupported() {
  return {"UNSUPPORTED_GAME", "this server does not host that game"};
}

}  // namespace

std::uint32_t rules_version(v1::Game game) {
  return game == v1::GAME_INCURSIONS ? 1 : 0;
}

std::variant<int, core::SetupError> check_match(const v1::MatchSetup& setup) {
  if (setup.game() != v1::GAME_INCURSIONS) return unsupported();
  auto options = incursions::normalize_options(incursions::Content::standard(), setup.incursions());
  if (auto* e = std::get_if<core::SetupError>(&options)) return *e;
  return std::get<incursions::Options>(options).players;
}

std::optional<core::SetupError> check_seat(const v1::MatchSetup& setup, const v1::SeatSetup& seat) {
  if (setup.game() != v1::GAME_INCURSIONS) return unsupported();
  const auto& content = incursions::Content::standard();
  auto options = incursions::normalize_options(content, setup.incursions());
  if (auto* e = std::get_if<core::SetupError>(&options)) return *e;
  auto made =
      incursions::make_seat(content, std::get<incursions::Options>(options), seat.incursions());
  if (auto* e = std::get_if<core::SetupError>(&made)) return *e;
  return std::nullopt;
}

std::unique_ptr<core::MatchEngine> start_match(const v1::MatchSetup& setup, std::uint64_t seed) {
  if (setup.game() != v1::GAME_INCURSIONS) throw std::invalid_argument(unsupported().message);
  const auto& content = incursions::Content::standard();
  auto made = incursions::make_setup(content, setup);
  if (auto* e = std::get_if<core::SetupError>(&made)) throw std::invalid_argument(e->message);
  std::vector<std::string> names;
  for (const auto& seat : setup.seats())
    names.push_back(seat.name());
  return std::make_unique<incursions::IncursionsMatch>(
      incursions::Game::create(content, std::get<incursions::Setup>(made), seed),
      incursions::SeatNames(std::move(names)));
}

}  // namespace spacedock::engine
