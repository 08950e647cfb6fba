#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <memory>
#include <numeric>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core/guarded.h"
#include "engine/core/hash.h"
#include "engine/core/match_engine.h"
#include "engine/core/rng.h"
#include "engine/core/viewer.h"

using spacedock::core::Audience;
using spacedock::core::can_see;
using spacedock::core::Rng;
using spacedock::core::StateHasher;
using spacedock::core::Viewer;

TEST_CASE("the same seed gives the same numbers, another seed others") {
  Rng a(42), b(42), c(43);
  int same_as_c = 0;
  for (int i = 0; i < 1000; ++i) {
    const auto x = a.next();
    CHECK(x == b.next());
    same_as_c += x == c.next();
  }
  CHECK(same_as_c == 0);
}

TEST_CASE("below() stays in range and spreads evenly") {
  Rng rng(1);
  std::array<int, 6> counts{};
  for (int i = 0; i < 60000; ++i) {
    const auto v = rng.below(6);
    REQUIRE(v < 6);
    ++counts[v];
  }
  for (int count : counts)
    CHECK(std::abs(count - 10000) < 400);
  for (std::uint32_t bound : {1u, 2u, 7u, 1000u, 0x80000001u}) {
    for (int i = 0; i < 1000; ++i)
      CHECK(rng.below(bound) < bound);
  }
}

TEST_CASE("shuffle permutes") {
  Rng rng(9);
  std::vector<int> items(50);
  std::iota(items.begin(), items.end(), 0);
  auto shuffled = items;
  rng.shuffle(std::span(shuffled));
  CHECK(shuffled != items);
  std::sort(shuffled.begin(), shuffled.end());
  CHECK(shuffled == items);
}

TEST_CASE("scripted dice come first, then the generator takes over") {
  Rng scripted(5), plain(5);
  const int values[] = {6, 6, 1};
  scripted.script_d6(values);
  CHECK(scripted.scripted_d6_left() == 3);
  CHECK(scripted.d6() == 6);
  CHECK(scripted.d6() == 6);
  CHECK(scripted.d6() == 1);
  CHECK(scripted.scripted_d6_left() == 0);
  for (int i = 0; i < 100; ++i) {
    const int die = scripted.d6();
    CHECK(die == plain.d6());
    CHECK((die >= 1 && die <= 6));
  }
  const int bad[] = {7};
  CHECK_THROWS_AS(scripted.script_d6(bad), std::invalid_argument);
}

TEST_CASE("the state hasher tells orders and values apart") {
  StateHasher ab, ba, a2;
  ab.add(1);
  ab.add(2);
  ba.add(2);
  ba.add(1);
  a2.add(1);
  a2.add(2);
  CHECK(ab.value() != ba.value());
  CHECK(ab.value() == a2.value());
}

TEST_CASE("one visibility rule for players, spectators and judges") {
  CHECK(can_see(Viewer::spectator(), Audience::everyone()));
  CHECK_FALSE(can_see(Viewer::spectator(), Audience::only(0)));
  CHECK(can_see(Viewer::player(0), Audience::only(0)));
  CHECK_FALSE(can_see(Viewer::player(1), Audience::only(0)));
  CHECK_FALSE(can_see(Viewer::player(0), Audience::judge()));
  CHECK(can_see(Viewer::judge(), Audience::only(3)));
  CHECK(can_see(Viewer::judge(), Audience::judge()));
}

namespace {

// A counter behind the MatchEngine interface: each accepted input adds one; the state counts as
// broken at `broken_at`.
class Counter final : public spacedock::core::MatchEngine {
 public:
  explicit Counter(int broken_at) : broken_at_(broken_at) {}
  std::unique_ptr<MatchEngine> clone() const override { return std::make_unique<Counter>(*this); }
  std::span<const spacedock::core::Decision> open_decisions() const override { return {}; }
  spacedock::core::SubmitResult submit(spacedock::core::Seat, spacedock::core::DecisionId,
                                       std::span<const spacedock::core::OptionId>) override {
    ++value_;
    return spacedock::core::SubmitResult::ok();
  }
  spacedock::core::SubmitResult concede(spacedock::core::Seat) override {
    return spacedock::core::SubmitResult::ok();
  }
  spacedock::core::SubmitResult time_out(spacedock::core::Seat) override {
    return spacedock::core::SubmitResult::ok();
  }
  spacedock::core::SubmitResult forfeit(spacedock::core::Seat) override {
    return spacedock::core::SubmitResult::ok();
  }
  spacedock::core::SubmitResult call_time() override { return spacedock::core::SubmitResult::ok(); }
  spacedock::core::SubmitResult rule(std::uint8_t) override {
    return spacedock::core::SubmitResult::ok();
  }
  bool over() const override { return false; }
  bool playing(spacedock::core::Seat) const override { return true; }
  spacedock::v1::MatchResult result() const override { return {}; }
  std::uint64_t state_hash() const override { return static_cast<std::uint64_t>(value_); }
  std::string broken_invariant() const override {
    return value_ == broken_at_ ? "the counter hit " + std::to_string(value_) : std::string();
  }
  std::size_t event_count() const override { return 0; }
  bool event_visible(std::size_t, Viewer) const override { return false; }
  bool project_event(std::size_t, Viewer, spacedock::v1::GameEvent*) const override {
    return false;
  }
  void project_snapshot(Viewer, spacedock::v1::GameSnapshot*) const override {}
  void project_prompt(const spacedock::core::Decision&,
                      spacedock::v1::DecisionPrompt*) const override {}

 private:
  int value_ = 0;
  int broken_at_;
};

}  // namespace

TEST_CASE("an engine that throws or breaks an invariant is put back as it was") {
  using spacedock::core::apply_guarded;
  using spacedock::core::MatchEngine;
  std::unique_ptr<MatchEngine> engine = std::make_unique<Counter>(3);
  auto submit = [](MatchEngine& e) { return e.submit(0, 1, {}); };
  for (int i = 0; i < 2; ++i) {
    auto before = engine->clone();
    const auto applied = apply_guarded(
        engine, [&] { return before->clone(); }, submit);
    CHECK(applied.failure.empty());
    CHECK(applied.result.accepted());
  }
  CHECK(engine->state_hash() == 2);
  SUBCASE("a broken invariant") {
    auto before = engine->clone();
    const auto applied = apply_guarded(
        engine, [&] { return before->clone(); }, submit);
    CHECK(applied.failure == "the counter hit 3");
    CHECK(engine->state_hash() == 2);
  }
  SUBCASE("a throw after the state changed") {
    auto before = engine->clone();
    const auto applied = apply_guarded(
        engine, [&] { return before->clone(); },
        [](MatchEngine& e) {
          e.submit(0, 1, {});
          throw std::out_of_range("index 7");
          return spacedock::core::SubmitResult::ok();
        });
    CHECK(applied.failure == "the engine threw: index 7");
    CHECK(engine->state_hash() == 2);
  }
  // Either way the engine goes on.
  engine->submit(0, 1, {});  // to 3, the broken value, unguarded
  auto again = engine->clone();
  CHECK(apply_guarded(
            engine, [&] { return again->clone(); }, submit)
            .failure.empty());
  CHECK(engine->state_hash() == 4);
}
