#include "engine/stccg/game.h"

#include <algorithm>
#include <stdexcept>

#include "engine/core/hash.h"

namespace spacedock::stccg {

using core::SubmitResult;
using core::Verdict;

namespace {

constexpr std::uint64_t kHandleMask = 0xffffff;

}  // namespace

Game Game::create(const CardDb& db, const Setup& setup, std::uint64_t seed) {
  State s;
  s.db = &db;
  s.options = setup.options;
  s.rng = core::Rng(seed);
  s.handle_key = s.rng.next();
  Game game(std::move(s));
  State& st = game.s_;
  for (Seat seat = 0; seat < kPlayers; ++seat) {
    for (DefIndex def : setup.decks[seat].cards) {
      const auto id = static_cast<CardId>(st.cards.size());
      CardState card;
      card.def = def;
      card.owner = seat;
      card.controller = seat;
      const auto& printed = db.def(def).card;
      const bool seeds = printed.seed_rule() == v1::STCCG_SEED_RULE_SEEDS ||
                         printed.seed_rule() == v1::STCCG_SEED_RULE_SEEDS_OR_PLAYS ||
                         printed.seed_rule() == v1::STCCG_SEED_RULE_SEEDS_LIKE_DILEMMA ||
                         printed.type() == v1::STCCG_CARD_TYPE_FACILITY;
      card.zone = seeds ? Zone::kSeedPile : Zone::kDrawDeck;
      st.cards.push_back(card);
      st.cards.back().handle = game.new_handle();
      (seeds ? st.players[seat].seed_pile : st.players[seat].draw).push_back(id);
    }
  }
  st.first_seeder = static_cast<Seat>(st.rng.below(kPlayers));
  st.frames.push_back(SeedFrame{SeedFrame::Step::kDoorways, st.first_seeder});
  game.run();
  return game;
}

Game Game::from_position(State position) {
  Game game(std::move(position));
  game.run();
  return game;
}

core::OptionId Game::option_id(const Action& a) const {
  auto handle = [&](CardId c) -> std::uint64_t { return c == kNoCard ? 0 : s_.cards[c].handle; };
  return static_cast<core::OptionId>(a.kind) | (handle(a.a) << 8) | (handle(a.b) << 32) |
         (std::uint64_t{a.loc} << 56);
}

std::optional<Action> Game::action_of(core::OptionId id) const {
  const int kind = static_cast<int>(id & 0xff);
  if (kind < 1 || kind > kLastActionKind) return std::nullopt;
  Action a;
  a.kind = static_cast<ActionKind>(kind);
  for (auto [field, shift] : {std::pair{&a.a, 8}, std::pair{&a.b, 32}}) {
    const auto handle = static_cast<std::uint32_t>((id >> shift) & kHandleMask);
    if (handle == 0) continue;
    *field = find_handle(handle);
    if (*field == kNoCard) return std::nullopt;
  }
  a.loc = static_cast<LocIndex>(id >> 56);
  return a;
}

SubmitResult Game::submit(Seat seat, core::DecisionId id, core::OptionId option) {
  if (s_.over) return SubmitResult::refuse(Verdict::kGameOver);
  if (!s_.decision_open || id != s_.decision.id) return SubmitResult::refuse(Verdict::kNotOpen);
  if (seat != s_.decision.seat) return SubmitResult::refuse(Verdict::kNotYourDecision);
  const auto& ids = s_.decision.options;
  const auto offered = std::find(ids.begin(), ids.end(), option);
  if (offered == ids.end()) {
    const Rule why = check(option);
    return SubmitResult::refuse(Verdict::kNotOffered,
                                rule_name(why == Rule::kOk ? Rule::kUnknownOption : why));
  }
  s_.answer = s_.offered[static_cast<std::size_t>(offered - ids.begin())];
  s_.decision_open = false;
  run();
  return SubmitResult::ok();
}

Rule Game::check(core::OptionId option) const {
  auto action = action_of(option);
  if (!action || option_id(*action) != option) return Rule::kUnknownOption;
  return check_action(*action);
}

SubmitResult Game::concede(Seat seat) {
  if (s_.over) return SubmitResult::refuse(Verdict::kGameOver);
  if (seat >= kPlayers) return SubmitResult::refuse(Verdict::kNotAPlayer);
  finish(static_cast<std::uint8_t>(1u << State::other(seat)), v1::RESULT_REASON_CONCESSION);
  return SubmitResult::ok();
}

void Game::ask(Seat seat, std::vector<Action> options, bool forced_ok) {
  if (options.empty()) throw std::logic_error("stccg: a decision without options");
  if (options.size() == 1 && forced_ok) {
    s_.answer = options.front();  // nothing to choose
    return;
  }
  s_.decision.id = ++s_.decisions_made;
  s_.decision.seat = seat;
  s_.decision.options.clear();
  for (const Action& a : options)
    s_.decision.options.push_back(option_id(a));
  s_.offered = std::move(options);
  s_.decision_open = true;
  if (s_.decisions_made > kMaxDecisionsPerGame) finish(0, v1::RESULT_REASON_WORK_CAP);
}

std::optional<Action> Game::take_answer() {
  std::optional<Action> answer = s_.answer;
  s_.answer.reset();
  return answer;
}

void Game::run() {
  // A position where nobody ever owes a decision (both decks empty, say) must not spin forever.
  std::uint32_t steps = 0;
  while (!s_.over && !s_.decision_open) {
    if (++steps > kMaxStepsPerDecision) {
      finish(0, v1::RESULT_REASON_WORK_CAP);
      return;
    }
    if (s_.frames.empty()) s_.frames.push_back(TurnFrame{});
    // A step may push frames (the deque keeps `f` valid) and pops its own frame last.
    std::visit([this](auto& f) { step(f); }, s_.frames.back());
    after_change();
  }
}

void Game::after_change() {
  // Cures and live scores can only change when something happened.
  if (s_.over || s_.events.size() == s_.events_checked) return;
  s_.events_checked = s_.events.size();
  check_cures();
  update_live_scores();
}

void Game::update_live_scores() {
  // Ressikan Flute: 5 points per personnel of yours with Music, recomputed as they come and go.
  for (CardId c : s_.in_play) {
    CardState& card = s_.cards[c];
    if (card.where != Where::kTable || s_.def(c).card.artifact().native() != "ressikan_flute")
      continue;
    const auto music = s_.db->skills().find("Music");
    if (!music) continue;
    int players_with_music = 0;
    for (CardId p : s_.in_play) {
      if (is_personnel(p) && s_.cards[p].controller == card.controller &&
          base_facts(p).skills[*music] > 0) {
        ++players_with_music;
      }
    }
    const int value = 5 * players_with_music;
    if (value != card.live_points) {
      const int change = value - card.live_points;
      card.live_points = static_cast<std::int16_t>(value);
      score(card.controller, change, c);
      if (s_.over) return;
    }
  }
}

Rule Game::check_action(const Action& a) const {
  if (!s_.decision_open || s_.frames.empty()) return Rule::kWrongStep;
  return std::visit(
      [&](const auto& f) -> Rule {
        using F = std::decay_t<decltype(f)>;
        const Seat seat = s_.decision.seat;
        if constexpr (std::is_same_v<F, SeedFrame>) {
          return check_seed(f, seat, a);
        } else if constexpr (std::is_same_v<F, TurnFrame>) {
          return check_order(seat, a);
        } else if constexpr (std::is_same_v<F, WindowFrame>) {
          return a.kind == ActionKind::kPass ? Rule::kOk : check_response(seat, a);
        } else {
          // Choices inside a resolution: only the offered cards will do.
          return Rule::kNoTarget;
        }
      },
      s_.frames.back());
}

void Game::finish(std::uint8_t winners, v1::ResultReason reason) {
  if (s_.over) return;
  s_.over = true;
  s_.winners = winners;
  s_.reason = reason;
  s_.decision_open = false;
  emit(ev::GameEnded{winners, reason});
}

std::uint64_t State::hash() const {
  core::StateHasher h;
  rng.hash_into(h);
  h.add(handle_key);
  h.add(handle_counter);
  for (const CardState& c : cards) {
    h.add(c.def | std::uint64_t{c.owner} << 16 | std::uint64_t{c.controller} << 24 |
          std::uint64_t{static_cast<std::uint8_t>(c.zone)} << 32 |
          std::uint64_t{static_cast<std::uint8_t>(c.where)} << 40 | std::uint64_t{c.loc} << 48);
    h.add(c.host | std::uint64_t{c.handle} << 16 | std::uint64_t{c.stopped} << 48 |
          std::uint64_t{c.exposed} << 49 | std::uint64_t{c.damaged} << 50 |
          std::uint64_t{c.abandoned_by} << 52 | std::uint64_t{c.docked_all_turn} << 60);
    h.add(c.range_used | c.range_lost << 8 | c.repair_turns << 12 |
          static_cast<std::uint64_t>(static_cast<std::uint16_t>(c.live_points)) << 16);
  }
  auto add_list = [&](const std::vector<CardId>& list) {
    h.add(list.size());
    for (CardId c : list)
      h.add(c);
  };
  for (const PlayerState& p : players) {
    add_list(p.seed_pile);
    add_list(p.draw);
    add_list(p.hand);
    add_list(p.discard);
    h.add(static_cast<std::uint64_t>(p.score));
    h.add(p.card_played | p.orders_begun << 1 | p.seeded_outpost << 2 |
          std::uint64_t{p.blocked_mission} << 8);
  }
  for (const Location& l : spaceline) {
    h.add(l.mission | std::uint64_t{l.seeder} << 16 | std::uint64_t{l.completed_by} << 24);
    add_list(l.seeds);
  }
  add_list(in_play);
  h.add(first_seeder | active << 8 | std::uint64_t{turn} << 16 |
        std::uint64_t{frames.size()} << 32);
  h.add(decision.id);
  for (core::OptionId o : decision.options)
    h.add(o);
  h.add(over | std::uint64_t{winners} << 8 |
        std::uint64_t{static_cast<std::uint32_t>(reason)} << 16);
  h.add(events.size());
  return h.value();
}

void Game::check_victory() {
  for (Seat seat = 0; seat < kPlayers; ++seat) {
    if (s_.players[seat].score >= kWinningScore) {
      finish(static_cast<std::uint8_t>(1u << seat), v1::RESULT_REASON_POINTS);
      return;
    }
  }
}

}  // namespace spacedock::stccg
