// spacedock-bot --tournament: bot players in an event. Each registers, then, round after round,
// finds its table (asking the server, so that a news item missed while the server restarted
// costs nothing), plays its match with random answers (the same for the same decision: see
// tournament.h), and waits for the next round, until the event is over or it has dropped.
#include "clients/bot/tournament.h"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/system/system_error.hpp>
#include <cstdio>
#include <random>
#include <set>

#include "clients/bot/support.h"
#include "clients/common/client.h"

namespace spacedock::bot {
namespace {

namespace asio = boost::asio;
using asio::awaitable;
using client::Client;
using client::ClientError;
using client::expect_ok;
using Clock = std::chrono::steady_clock;

struct TournamentRun {
  TournamentRun(const TournamentBotOptions& o, Clock::time_point d) : options(o), deadline(d) {
    urls.push_back(client::Url::parse(o.server));
    for (const auto& node : o.failover)
      urls.push_back(client::Url::parse(node));
  }
  const TournamentBotOptions& options;
  std::vector<client::Url> urls;  // the server, then the other nodes of a cluster
  Clock::time_point deadline;
  int done = 0;
  int dropped = 0;
  std::uint64_t matches = 0;
  std::uint64_t decisions = 0;
  std::uint64_t reconnects = 0;
  std::vector<std::string> failures;
  Pushback pushback;
};

class Entrant {
 public:
  // `node`: which of the run's urls it connects to first.
  Entrant(TournamentRun& run, std::string name, std::uint64_t seed, std::size_t node)
      : run_(run),
        name_(std::move(name)),
        seed_(seed),
        random_(seed),
        node_(node % run.urls.size()) {}

  awaitable<void> play_event() {
    for (;;) {
      bool dropped_link = false;
      try {
        if (!client_) co_await open();
        if (co_await step()) co_return;
      } catch (const boost::system::system_error&) {
        // The connection dropped (a server restart, its node's death): open another, on the
        // next node if there are several, and carry on.
        client_.reset();
        ++run_.reconnects;
        dropped_link = true;
        node_ = (node_ + 1) % run_.urls.size();
      } catch (const client::ConnectionRefused& e) {
        run_.pushback.refused(e);
        client_.reset();
        dropped_link = true;
        node_ = (node_ + 1) % run_.urls.size();
      }
      if (Clock::now() > run_.deadline)
        throw ClientError(name_ + ": the event did not end in time");
      co_await sleep_for(std::chrono::milliseconds(dropped_link ? 250 : 400));
    }
  }

 private:
  // A request; one refused while the server is busy (UNAVAILABLE) is sent again a little later,
  // until the run's deadline. RATE_LIMITED is waited out by the client itself, as the answer
  // says; if it gives up, its answer says so and stands.
  awaitable<v1::Response> call(auto setter) {
    for (;;) {
      auto response = co_await client_->call(message_with(setter));
      if (response.code() != v1::UNAVAILABLE || Clock::now() > run_.deadline) co_return response;
      co_await sleep_for(std::chrono::milliseconds(100 + random_() % 200));
    }
  }

  awaitable<void> open() {
    client_ = std::make_unique<Client>(co_await asio::this_coro::executor);
    run_.pushback.watch(*client_);
    co_await client_->connect(run_.urls[node_], "spacedock-bot");
    const auto registered = co_await call([&](auto& m) {
      m.mutable_register_()->set_username(name_);
      m.mutable_register_()->set_password(kPassword);
    });
    if (registered.code() != v1::ALREADY_EXISTS) expect_ok(registered, "Register");
    expect_ok(co_await call([&](auto& m) {
                m.mutable_login()->set_username(name_);
                m.mutable_login()->set_password(kPassword);
              }),
              "Login");
  }

  // One look at the event: registers, plays the table this bot has in the current round if its
  // match is still on, and says whether the bot is done (the event is over, or it dropped).
  awaitable<bool> step() {
    const std::uint64_t id = run_.options.tournament;
    auto info = co_await call([&](auto& m) { m.mutable_get_tournament()->set_tournament_id(id); });
    expect_ok(info, "GetTournament");
    if (!info.tournament().registered()) {
      const auto r = co_await call([&](auto& m) {
        m.mutable_register_for_tournament()->set_tournament_id(id);
        if (run_.options.stccg) {
          static constexpr const char* kDecks[] = {"federation", "klingon", "romulan"};
          m.mutable_register_for_tournament()->mutable_stccg_seat()->set_sample_deck(
              kDecks[random_() % 3]);
        } else {
          m.mutable_register_for_tournament()->mutable_incursions_seat();
        }
      });
      expect_ok(r, "RegisterForTournament");
      std::printf("%s registered\n", name_.c_str());
      std::fflush(stdout);
      co_return false;
    }
    for (const auto& e : info.tournament().entrants()) {
      if (e.username() == name_ && e.dropped_after() != 0) {
        ++run_.dropped;
        co_return true;
      }
    }
    if (info.tournament().status() == v1::TOURNAMENT_STATUS_FINISHED) {
      ++run_.done;
      co_return true;
    }
    co_await drain();
    if (info.tournament().rounds_paired() == 0) co_return false;
    auto round = co_await call([&](auto& m) { m.mutable_get_round()->set_tournament_id(id); });
    expect_ok(round, "GetRound");
    for (const auto& t : round.round().tables()) {
      const bool mine = t.first().username() == name_ || t.second().username() == name_;
      if (!mine || t.match_id() == 0 || finished_.contains(t.match_id())) continue;
      if (t.match_status() == v1::MATCH_STATUS_ACTIVE) co_await play(t.match_id());
      finished_.insert(t.match_id());
    }
    co_return false;
  }

  // Events that came with the answers, unread: not needed between matches.
  awaitable<void> drain() {
    while (client_->has_event())
      co_await client_->next_event();
  }

  awaitable<void> play(std::uint64_t match) {
    const auto joined =
        co_await call([&](auto& m) { m.mutable_join_match()->set_match_id(match); });
    if (joined.code() == v1::GAME_OVER) co_return;
    expect_ok(joined, "JoinMatch");
    int seat = -1;
    for (const auto& s : joined.match().seats()) {
      if (s.username() == name_) seat = static_cast<int>(s.seat());
    }
    for (;;) {
      const v1::Event event = co_await client_->next_event();
      if (event.match_id() != match) continue;
      if (event.has_snapshot() &&
          (event.snapshot().incursions().phase() == v1::INCURSIONS_PHASE_GAME_OVER ||
           event.snapshot().stccg().phase() == v1::STCCG_PHASE_GAME_OVER))
        break;
      if (event.has_game_event() && (event.game_event().incursions().has_game_ended() ||
                                     event.game_event().stccg().has_game_ended()))
        break;
      if (event.has_match_update() && event.match_update().status() != v1::MATCH_STATUS_ACTIVE)
        break;
      if (!event.has_prompt() || static_cast<int>(event.prompt().seat()) != seat ||
          event.prompt().options().empty())
        continue;
      const auto& prompt = event.prompt();
      if (run_.options.think.count() > 0) co_await sleep_for(run_.options.think);
      const int pick = static_cast<int>(choice(match, prompt.decision_id()) %
                                        static_cast<std::uint64_t>(prompt.options_size()));
      const auto answer = co_await call([&](auto& m) {
        m.mutable_submit_decision()->set_match_id(match);
        m.mutable_submit_decision()->set_decision_id(prompt.decision_id());
        m.mutable_submit_decision()->add_option_ids(prompt.options(pick).id());
      });
      if (answer.code() == v1::OK) ++run_.decisions;
      if (answer.code() == v1::GAME_OVER) break;
    }
    ++run_.matches;
    co_await call([&](auto& m) { m.mutable_leave_match()->set_match_id(match); });
  }

  // A random number for a decision, the same every time it is asked for: this bot's choice.
  std::uint64_t choice(std::uint64_t match, std::uint64_t decision) const {
    std::seed_seq mixed{seed_, match, decision};
    std::mt19937_64 once(mixed);
    return once();
  }

  TournamentRun& run_;
  std::string name_;
  const std::uint64_t seed_;
  std::mt19937_64 random_;  // deck picks and retry pauses
  std::size_t node_ = 0;    // which of the run's urls it uses now
  std::unique_ptr<Client> client_;
  std::set<std::uint64_t> finished_;  // matches this bot has played out
};

}  // namespace

int run_tournament_bots(const TournamentBotOptions& options) {
  TournamentRun run(options, Clock::now() + options.deadline);
  asio::io_context io;
  std::vector<std::unique_ptr<Entrant>> entrants;
  for (int i = 0; i < options.entrants; ++i) {
    const auto index = static_cast<std::size_t>(i);
    entrants.push_back(std::make_unique<Entrant>(run, options.prefix + std::to_string(i),
                                                 options.seed * 1000003 + index,
                                                 options.spread ? index : 0));
    asio::co_spawn(io, entrants.back()->play_event(), [&run](std::exception_ptr error) {
      if (!error) return;
      try {
        std::rethrow_exception(error);
      } catch (const std::exception& e) {
        run.failures.push_back(e.what());
      }
    });
  }
  io.run();
  std::printf(
      "%d of %d entrants saw the event end (%d dropped); they played %llu seats, %llu decisions, "
      "%llu reconnects\n",
      run.done, options.entrants, run.dropped, static_cast<unsigned long long>(run.matches),
      static_cast<unsigned long long>(run.decisions),
      static_cast<unsigned long long>(run.reconnects));
  run.pushback.report();
  for (const auto& failure : run.failures)
    std::fprintf(stderr, "failure: %s\n", failure.c_str());
  return run.done + run.dropped == options.entrants && run.failures.empty() ? 0 : 1;
}

}  // namespace spacedock::bot
