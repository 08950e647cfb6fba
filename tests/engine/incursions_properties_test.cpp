// Properties of the Incursions engine over many random games: determinism, consistency of the
// offered options with the rules, termination, and hidden information.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/core/random_play.h"
#include "engine/games.h"
#include "engine/incursions/game.h"
#include "engine/incursions/setup.h"
#include "engine/incursions/view.h"

namespace sd = spacedock;
namespace inc = sd::incursions;
using sd::core::Rng;
using sd::core::Viewer;

namespace {

const char* kPresets[] = {"standard", "federation", "klingon", "romulan", "borg"};
const sd::v1::IncursionsMode kModes[] = {
    sd::v1::INCURSIONS_MODE_BASIC, sd::v1::INCURSIONS_MODE_CREW, sd::v1::INCURSIONS_MODE_EVENTS,
    sd::v1::INCURSIONS_MODE_FULL};

// Outside BASIC, a random ship (or none: dealt at random), captain and up to three crew; in
// FULL a deck instead of crew.
void choose_officers(Rng& rng, bool full, sd::v1::IncursionsSeatOptions* seat) {
  const auto& content = inc::Content::standard();
  if (rng.below(4) != 0) {
    seat->set_ship(
        content.ships()[rng.below(static_cast<std::uint32_t>(content.ships().size()))].id);
  }
  std::vector<std::string> captains;
  std::vector<std::string> crew;
  for (const auto& card : content.cards()) {
    if (card.captain()) captains.push_back(card.id);
    if (card.crew()) crew.push_back(card.id);
  }
  const auto pick = rng.below(static_cast<std::uint32_t>(captains.size()) + 2);
  if (pick == captains.size()) seat->set_captain("none");
  if (pick < captains.size()) seat->set_captain(captains[pick]);
  rng.shuffle(std::span(crew));
  // In FULL crew come from the deck, a preset one.
  if (full) {
    seat->set_deck_preset(rng.below(2) == 0 ? "standard" : "klingon");
    return;
  }
  for (std::uint32_t i = 0, n = rng.below(4); i < n; ++i)
    seat->add_crew(crew[i]);
}

// A random but legal setup: any mode (or the one given), 2 to 6 players, random piles and
// variants.
inc::Setup random_setup(Rng& rng,
                        sd::v1::IncursionsMode mode = sd::v1::INCURSIONS_MODE_UNSPECIFIED) {
  const auto& content = inc::Content::standard();
  sd::v1::MatchSetup match;
  auto* options = match.mutable_incursions();
  options->set_players(2 + rng.below(5));
  options->set_mode(
      mode != sd::v1::INCURSIONS_MODE_UNSPECIFIED ? mode : kModes[rng.below(std::size(kModes))]);
  if (rng.below(3) == 0) options->set_hexpile_mode(sd::v1::HEXPILE_MODE_SHARED);
  if (rng.below(3) == 0) options->set_mine_limit(sd::v1::MINE_LIMIT_PER_HEX);
  options->set_turn_cap(20 + rng.below(60));
  for (std::uint32_t i = 0; i < options->players(); ++i) {
    auto* seat = match.add_seats()->mutable_incursions();
    seat->set_hexpile_preset(kPresets[rng.below(5)]);
    if (options->mode() != sd::v1::INCURSIONS_MODE_BASIC) {
      choose_officers(rng, options->mode() == sd::v1::INCURSIONS_MODE_FULL, seat);
    }
  }
  auto setup = inc::make_setup(content, match);
  REQUIRE(std::holds_alternative<inc::Setup>(setup));
  return std::get<inc::Setup>(setup);
}

sd::core::OptionId random_option(const inc::Game& game, Rng& chooser) {
  const auto& options = game.decision()->options;
  return options[chooser.below(static_cast<std::uint32_t>(options.size()))];
}

void step(inc::Game& game, sd::core::OptionId option) {
  const auto* d = game.decision();
  REQUIRE(game.submit(d->seat, d->id, option).accepted());
}

std::string view_bytes(const inc::Game& game, Viewer viewer) {
  sd::v1::IncursionsView view;
  inc::project_view(game, viewer, &view);
  return view.SerializeAsString();
}

std::string events_bytes(const inc::Game& game, std::size_t from, Viewer viewer) {
  std::string out;
  for (std::size_t i = from; i < game.events().size(); ++i) {
    sd::v1::GameEvent event;
    if (inc::project_event(game, i, viewer, inc::SeatNames(), &event))
      out += event.SerializeAsString();
  }
  return out;
}

std::string prompt_bytes(const inc::Game& game) {
  if (!game.decision()) return "";
  sd::v1::DecisionPrompt prompt;
  inc::project_prompt(game, inc::SeatNames(), &prompt);
  return prompt.SerializeAsString();
}

// Whether the step that began at event `from` emitted an event of one of these kinds.
template <typename... Kinds>
bool emitted(const inc::Game& game, std::size_t from) {
  const auto& events = game.events();
  return std::any_of(events.begin() + static_cast<long>(from), events.end(),
                     [](const auto& e) { return (std::holds_alternative<Kinds>(e) || ...); });
}

// A game and its twin, after the same step from event `from`, look alike to every player and
// the spectator: the same events and prompt, and the same view (costly to compare, so one
// viewer per step, in turn).
void check_twins_look_alike(const inc::Game& game, const inc::Game& twin, std::size_t from,
                            int step_number) {
  const int viewers = game.state().players + 1;
  auto viewer_of = [&](int i) {
    return i < game.state().players ? Viewer::player(static_cast<sd::core::Seat>(i))
                                    : Viewer::spectator();
  };
  for (int i = 0; i < viewers; ++i)
    CHECK(events_bytes(game, from, viewer_of(i)) == events_bytes(twin, from, viewer_of(i)));
  const Viewer sampled = viewer_of(step_number % viewers);
  CHECK(view_bytes(game, sampled) == view_bytes(twin, sampled));
  CHECK(prompt_bytes(game) == prompt_bytes(twin));
}

}  // namespace

TEST_CASE("determinism: the same seed and inputs give the same game, 1000 random games") {
  Rng dealer(2026);
  for (int g = 0; g < 1000; ++g) {
    const inc::Setup setup = random_setup(dealer);
    const std::uint64_t seed = dealer.next();
    inc::Game original = inc::Game::create(inc::Content::standard(), setup, seed);
    Rng chooser(seed ^ 0x5eed);
    std::vector<sd::core::OptionId> inputs;
    std::uint64_t midgame_hash = 0;
    inc::Game midgame = original;
    while (!original.over()) {
      inputs.push_back(random_option(original, chooser));
      step(original, inputs.back());
      if (inputs.size() == 40) {
        midgame = original;
        midgame_hash = original.state().hash();
      }
    }
    inc::Game replay = inc::Game::create(inc::Content::standard(), setup, seed);
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      if (i == 40) CHECK(replay.state().hash() == midgame_hash);
      step(replay, inputs[i]);
    }
    REQUIRE(replay.over());
    CHECK(replay.state().hash() == original.state().hash());
    CHECK(replay.events().size() == original.events().size());
    // A copy taken mid-game continues exactly like the original.
    if (inputs.size() > 40) {
      for (std::size_t i = 40; i < inputs.size(); ++i)
        step(midgame, inputs[i]);
      CHECK(midgame.state().hash() == original.state().hash());
    }
  }
}

TEST_CASE("another seed deals another game") {
  Rng dealer(7);
  const inc::Setup setup = random_setup(dealer);
  auto a = inc::Game::create(inc::Content::standard(), setup, 1);
  auto b = inc::Game::create(inc::Content::standard(), setup, 2);
  CHECK(a.state().hash() != b.state().hash());
}

TEST_CASE("offered options are exactly the actions the rules allow") {
  // Every offered option passes the rules check, and every candidate action over a broad range
  // of parameters that passes the check is offered.
  Rng dealer(11);
  int decisions = 0;
  for (int g = 0; g < 25; ++g) {
    inc::Game game =
        inc::Game::create(inc::Content::standard(), random_setup(dealer), dealer.next());
    Rng chooser(g);
    while (!game.over()) {
      const auto& offered = game.decision()->options;
      for (auto id : offered)
        REQUIRE(game.check(id) == inc::Rule::kOk);
      for (int kind = 1; kind <= inc::kLastActionKind; ++kind) {
        for (int subject = 0; subject < 8; ++subject) {
          for (int power = 0; power <= 6; ++power) {
            for (int range = 0; range <= 3; ++range) {
              const inc::Action a{
                  static_cast<inc::ActionKind>(kind), static_cast<std::uint8_t>(subject),
                  static_cast<std::uint8_t>(power), static_cast<std::uint8_t>(range)};
              const bool allowed = game.check(inc::encode(a)) == inc::Rule::kOk;
              const bool listed =
                  std::find(offered.begin(), offered.end(), inc::encode(a)) != offered.end();
              if (allowed != listed) {
                FAIL_CHECK("kind " << kind << " subject " << subject << " power " << power
                                   << " range " << range << ": allowed=" << allowed
                                   << " listed=" << listed);
              }
            }
          }
        }
      }
      // Aiming at officers and denizens: the kinds that take them, every fourth decision.
      for (int kind : {1, 2, 22, 23}) {
        for (int subject = 0; subject < 6 && decisions % 4 == 0; ++subject) {
          for (int power = 0; power <= 4; ++power) {
            for (int range = 0; range <= 2; ++range) {
              for (int officer = 0; officer <= inc::kPositions; ++officer) {
                for (int denizen = 0; denizen <= 3; ++denizen) {
                  const inc::Action a{
                      static_cast<inc::ActionKind>(kind), static_cast<std::uint8_t>(subject),
                      static_cast<std::uint8_t>(power),   static_cast<std::uint8_t>(range),
                      static_cast<std::uint8_t>(officer), static_cast<std::uint8_t>(denizen)};
                  const bool allowed = game.check(inc::encode(a)) == inc::Rule::kOk;
                  const bool listed =
                      std::find(offered.begin(), offered.end(), inc::encode(a)) != offered.end();
                  if (allowed != listed) {
                    FAIL_CHECK("kind " << kind << " subject " << subject << " power " << power
                                       << " range " << range << " officer " << officer
                                       << " denizen " << denizen << ": allowed=" << allowed
                                       << " listed=" << listed);
                  }
                }
              }
            }
          }
        }
      }
      ++decisions;
      step(game, random_option(game, chooser));
    }
  }
  CHECK(decisions > 1000);
}

TEST_CASE("refused answers change nothing and say why") {
  Rng dealer(3);
  inc::Game game = inc::Game::create(inc::Content::standard(), random_setup(dealer), 99);
  Rng chooser(4);
  for (int i = 0; i < 300 && !game.over(); ++i) {
    const auto before = game.state().hash();
    const auto* d = game.decision();
    const auto other = static_cast<sd::core::Seat>((d->seat + 1) % game.state().players);
    CHECK(game.submit(other, d->id, d->options.front()).verdict ==
          sd::core::Verdict::kNotYourDecision);
    CHECK(game.submit(d->seat, d->id + 1, d->options.front()).verdict ==
          sd::core::Verdict::kNotOpen);
    const auto bogus = game.submit(d->seat, d->id, 0xffffffff);
    CHECK(bogus.verdict == sd::core::Verdict::kNotOffered);
    CHECK(bogus.rule == "UNKNOWN_OPTION");
    CHECK(game.state().hash() == before);
    step(game, random_option(game, chooser));
  }
}

TEST_CASE("random games always end, by the rules, for every player count") {
  Rng dealer(5);
  int by_reason[8] = {};
  int escapes = 0;
  for (int g = 0; g < 1500; ++g) {
    inc::Game game =
        inc::Game::create(inc::Content::standard(), random_setup(dealer), dealer.next());
    Rng chooser(dealer.next());
    int decisions = 0;
    while (!game.over() && decisions < 100000) {
      step(game, random_option(game, chooser));
      ++decisions;
    }
    REQUIRE(game.over());
    CHECK(game.state().reason != sd::v1::RESULT_REASON_WORK_CAP);
    CHECK(game.decision() == nullptr);
    ++by_reason[game.state().reason];
    escapes += static_cast<int>(std::count_if(
        game.events().begin(), game.events().end(),
        [](const auto& e) { return std::holds_alternative<inc::ev::EscapeCraftLaunched>(e); }));
  }
  // Random FULL games reach the rarer paths too: a destroyed vessel escaping in a shuttle.
  CHECK(escapes > 0);
  // All three natural endings occur.
  CHECK(by_reason[sd::v1::RESULT_REASON_WORMHOLE] > 0);
  CHECK(by_reason[sd::v1::RESULT_REASON_LAST_SHIP_STANDING] > 0);
  CHECK(by_reason[sd::v1::RESULT_REASON_TURN_CAP] > 0);
}

TEST_CASE(
    "players who concede, run out of time or forfeit mid-decision leave a game that goes on") {
  // Any seat may leave at any moment: owing the decision (a defence, a response window, a
  // discard) or not. The game must go on for the others and end by the rules.
  Rng dealer(37);
  int left = 0;
  for (int g = 0; g < 600; ++g) {
    inc::Game game =
        inc::Game::create(inc::Content::standard(), random_setup(dealer), dealer.next());
    Rng chooser(dealer.next());
    for (int i = 0; !game.over() && i < static_cast<int>(sd::core::kMaxDecisionsPerGame); ++i) {
      if (chooser.below(40) == 0) {
        const auto seat = static_cast<sd::core::Seat>(chooser.below(game.state().players));
        const std::uint32_t how = chooser.below(3);
        const auto result = how == 0   ? game.concede(seat)
                            : how == 1 ? game.time_out(seat)
                                       : game.forfeit(seat);
        left += result.accepted();
        if (game.over()) break;
      }
      REQUIRE(game.decision() != nullptr);
      step(game, random_option(game, chooser));
    }
    CHECK(game.over());
  }
  CHECK(left > 600);
}

TEST_CASE("hidden information: no player or spectator view depends on the hexpiles' order") {
  // Before every step, make a twin of the game whose hexpiles hold the same hexes in another
  // order (keeping the hexes this step will draw). Players' and spectators' views, events and
  // prompts must be identical in both; only the judge may see a difference.
  Rng dealer(17);
  int judge_differences = 0;
  int steps = 0;
  for (int g = 0; g < 1000; ++g) {
    inc::Game game =
        inc::Game::create(inc::Content::standard(), random_setup(dealer), dealer.next());
    Rng chooser(dealer.next());
    Rng permuter(g);
    while (!game.over()) {
      inc::State twin_state = game.state();
      const std::size_t from = twin_state.events.size();
      const auto option = random_option(game, chooser);
      step(game, option);
      // The roll-off at the turn cap draws the first wormhole in pile order (R15): the rules
      // reveal that much of the order on purpose, and the twin could not keep it.
      if (emitted<inc::ev::WormholeDrawn>(game, from)) continue;

      for (std::size_t p = 0; p < twin_state.piles.size(); ++p) {
        auto& hexes = twin_state.piles[p].hexes;
        const auto kept = game.state().piles[p].hexes.size();  // hexes still hidden after the step
        permuter.shuffle(std::span(hexes.data(), kept));
      }
      inc::Game twin = inc::Game::from_position(twin_state);
      REQUIRE(twin.decision() != nullptr);
      step(twin, option);

      check_twins_look_alike(game, twin, from, steps);
      if (steps % 8 == 0) {
        judge_differences += view_bytes(game, Viewer::judge()) != view_bytes(twin, Viewer::judge());
      }
      ++steps;
    }
  }
  // The twins really differed: the judge, who sees the order, could tell them apart.
  CHECK(judge_differences > steps / 8 / 4);
}

TEST_CASE("hidden information: other players see pile sizes, never pile contents") {
  Rng dealer(23);
  for (int g = 0; g < 200; ++g) {
    inc::Game game =
        inc::Game::create(inc::Content::standard(), random_setup(dealer), dealer.next());
    Rng chooser(g);
    for (int i = 0; i < 50 && !game.over(); ++i)
      step(game, random_option(game, chooser));
    for (int seat = 0; seat <= game.state().players; ++seat) {
      const bool spectator = seat == game.state().players;
      const Viewer viewer =
          spectator ? Viewer::spectator() : Viewer::player(static_cast<sd::core::Seat>(seat));
      sd::v1::IncursionsView view;
      inc::project_view(game, viewer, &view);
      REQUIRE(view.hexpiles_size() == static_cast<int>(game.state().piles.size()));
      for (const auto& pile : view.hexpiles()) {
        CHECK(pile.draw_order_size() == 0);
        const bool own = !spectator && pile.has_owner_seat() &&
                         pile.owner_seat() == static_cast<std::uint32_t>(seat);
        if (own) {
          CHECK(pile.own_hexes_size() == static_cast<int>(pile.remaining()));
          CHECK(std::is_sorted(pile.own_hexes().begin(), pile.own_hexes().end()));
        } else {
          CHECK(pile.own_hexes_size() == 0);
        }
      }
    }
  }
}

TEST_CASE("hidden information: no player or spectator view depends on a deck's order") {
  // Like the hexpile twins: before every step of FULL games, a twin whose decks hold the same
  // cards in another order (keeping the cards this step draws). Deck order is hidden from
  // everyone, its owner included (§20.1), so every view, event and prompt must match.
  Rng dealer(29);
  int differed = 0;
  int steps = 0;
  for (int g = 0; g < 150; ++g) {
    inc::Game game =
        inc::Game::create(inc::Content::standard(),
                          random_setup(dealer, sd::v1::INCURSIONS_MODE_FULL), dealer.next());
    Rng chooser(dealer.next());
    Rng permuter(g);
    while (!game.over()) {
      inc::State twin_state = game.state();
      const std::size_t from = twin_state.events.size();
      const auto option = random_option(game, chooser);
      step(game, option);
      // A cut or shuffle reorders a deck before the draws of the same step, which the twin
      // cannot follow; what those draws show is covered by the step after.
      if (emitted<inc::ev::DeckCut, inc::ev::DeckShuffled>(game, from)) continue;
      for (int seat = 0; seat < twin_state.players; ++seat) {
        auto& deck = twin_state.zones[static_cast<std::size_t>(seat)].deck;
        // The bottom cards are still hidden after the step; the top ones it drew are kept.
        const auto kept =
            std::min(deck.size(), game.state().zones[static_cast<std::size_t>(seat)].deck.size());
        permuter.shuffle(std::span(deck.data(), kept));
        differed += deck != game.state().zones[static_cast<std::size_t>(seat)].deck;
      }
      inc::Game twin = inc::Game::from_position(twin_state);
      REQUIRE(twin.decision() != nullptr);
      step(twin, option);
      check_twins_look_alike(game, twin, from, steps);
      ++steps;
    }
  }
  CHECK(differed > steps / 2);  // the twins really differed
}

TEST_CASE("hidden information: other players see hand sizes, never hands or drawn cards") {
  Rng dealer(31);
  int cards_seen = 0;
  for (int g = 0; g < 200; ++g) {
    inc::Game game =
        inc::Game::create(inc::Content::standard(),
                          random_setup(dealer, sd::v1::INCURSIONS_MODE_FULL), dealer.next());
    Rng chooser(g);
    for (int i = 0; i < 120 && !game.over(); ++i)
      step(game, random_option(game, chooser));
    const auto& s = game.state();
    for (int v = 0; v <= s.players; ++v) {
      const bool spectator = v == s.players;
      const Viewer viewer =
          spectator ? Viewer::spectator() : Viewer::player(static_cast<sd::core::Seat>(v));
      sd::v1::IncursionsView view;
      inc::project_view(game, viewer, &view);
      for (const auto& vessel : view.vessels()) {
        const auto seat = vessel.seat();
        CHECK(vessel.cards_in_hand() == s.zones[seat].hand.size());
        CHECK(vessel.cards_in_deck() == s.zones[seat].deck.size());
        const bool own = !spectator && seat == static_cast<std::uint32_t>(v);
        CHECK(vessel.hand_size() == (own ? vessel.cards_in_hand() : 0u));
        cards_seen += vessel.hand_size();
      }
      // Drawn cards are named to their drawer only; a shown hand to its viewer only.
      for (std::size_t e = 0; e < game.events().size(); ++e) {
        sd::v1::GameEvent event;
        if (!inc::project_event(game, e, viewer, inc::SeatNames(), &event)) continue;
        const auto& body = event.incursions();
        if (body.has_cards_drawn() &&
            (spectator || body.cards_drawn().seat() != static_cast<std::uint32_t>(v))) {
          CHECK(body.cards_drawn().cards_size() == 0);
        }
        if (body.has_hand_revealed())
          CHECK(body.hand_revealed().to_seat() == static_cast<std::uint32_t>(v));
        if (body.has_card_taken() && body.card_taken().has_card()) {
          CHECK(!spectator);
          CHECK((body.card_taken().seat() == static_cast<std::uint32_t>(v) ||
                 body.card_taken().from_seat() == static_cast<std::uint32_t>(v)));
        }
      }
    }
  }
  CHECK(cards_seen > 0);
}

TEST_CASE("perft: fixed seeds play to fixed decision counts and state hashes") {
  // Like a chess engine's perft: any change to the rules, the content or the order of random
  // draws changes these numbers. Update them only for an intended change, and say so.
  // CREW and EVENTS games seat every player with a First Officer and a Chief Engineer under the
  // captain of their ship's race; FULL games give every player the standard deck.
  struct Pinned {
    sd::v1::IncursionsMode mode;
    std::uint32_t players;
    std::uint64_t seed;
    std::size_t decisions;
    std::uint64_t hash;
  };
  const Pinned pinned[] = {
      {sd::v1::INCURSIONS_MODE_BASIC, 2, 1, 159, 1720582507944613004ULL},
      {sd::v1::INCURSIONS_MODE_BASIC, 3, 2, 106, 17186787122068865268ULL},
      {sd::v1::INCURSIONS_MODE_BASIC, 6, 3, 296, 12435681694825957329ULL},
      {sd::v1::INCURSIONS_MODE_CREW, 2, 1, 38, 13420640980742851629ULL},
      {sd::v1::INCURSIONS_MODE_CREW, 4, 2, 366, 16163339044912959371ULL},
      {sd::v1::INCURSIONS_MODE_CREW, 6, 3, 637, 11817575143644911644ULL},
      {sd::v1::INCURSIONS_MODE_EVENTS, 2, 1, 83, 7044020832289394866ULL},
      {sd::v1::INCURSIONS_MODE_EVENTS, 4, 2, 244, 13345539548735622605ULL},
      {sd::v1::INCURSIONS_MODE_EVENTS, 6, 3, 345, 9680470603493865621ULL},
      {sd::v1::INCURSIONS_MODE_FULL, 2, 1, 482, 991526914318521541ULL},
      {sd::v1::INCURSIONS_MODE_FULL, 4, 2, 1237, 13857278326257380152ULL},
      {sd::v1::INCURSIONS_MODE_FULL, 6, 3, 1588, 16196692844031093668ULL},
  };
  for (const auto& p : pinned) {
    CAPTURE(p.mode);
    CAPTURE(p.players);
    sd::v1::MatchSetup setup;
    setup.set_game(sd::v1::GAME_INCURSIONS);
    setup.mutable_incursions()->set_players(p.players);
    setup.mutable_incursions()->set_mode(p.mode);
    for (std::uint32_t i = 0; i < p.players; ++i) {
      auto* seat = setup.add_seats();
      seat->set_name("P" + std::to_string(i));
      if (p.mode != sd::v1::INCURSIONS_MODE_BASIC && p.mode != sd::v1::INCURSIONS_MODE_FULL) {
        seat->mutable_incursions()->add_crew("CRW-XO");
        seat->mutable_incursions()->add_crew("CRW-ENG");
      }
    }
    auto match = sd::engine::start_match(setup, p.seed);
    Rng chooser(p.seed);
    const auto played = sd::core::play_randomly(*match, chooser, sd::core::kMaxDecisionsPerGame);
    CHECK(match->over());
    CHECK(played.decisions == p.decisions);
    CHECK(match->state_hash() == p.hash);
  }
}
