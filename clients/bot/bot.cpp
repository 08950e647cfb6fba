#include "clients/bot/bot.h"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/system/system_error.hpp>
#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <vector>

#include "clients/bot/support.h"
#include "clients/common/client.h"

namespace spacedock::bot {
namespace {

namespace asio = boost::asio;
using asio::awaitable;
using asio::use_awaitable;
using client::Client;
using client::ClientError;
using client::expect_ok;
using Clock = std::chrono::steady_clock;

struct Account {
  std::string name;
  std::string token;
};

// What all the bots of one run share; everything runs on one thread.
struct Run {
  Run(const BotOptions& o, std::vector<client::Url> u, Clock::time_point d)
      : options(o), urls(std::move(u)), deadline(d) {}
  const BotOptions& options;
  std::vector<client::Url> urls;  // --server first, then the --failover nodes
  Clock::time_point deadline;
  std::vector<Account> players;
  std::vector<Account> spectators;
  std::ofstream ack_log;
  std::uint64_t acknowledged = 0;
  std::uint64_t stale = 0;
  std::uint64_t reconnects = 0;
  int finished = 0;
  std::vector<std::string> failures;
  // The matches this run has created and plays (all its coroutines share one thread).
  std::set<std::uint64_t> created;
  // True while a participant creates a match; creates take turns (see Participant::create).
  bool creating = false;
  Pushback pushback;
};

// The node a bot reached no longer runs its match (cluster mode): another node does, or will
// once it adopts the match. Like a lost connection, it sends the bot to the next node.
class NotOnThisNode : public client::ClientError {
 public:
  using ClientError::ClientError;
};

// One viewer of one match, player or spectator, following the match's event stream to its end
// and checking it has no gaps. A lost connection is re-opened and the stream resumed.
class Participant {
 public:
  enum class Entry { kCreated, kJoin, kSpectate };

  // `node`: which of the run's nodes it connects to first. A player joins once the `order`
  // players before it have sat down, as `seated` counts them (a spectator: neither).
  Participant(Run& run, const Account& account, std::uint64_t seed, std::size_t node,
              std::shared_ptr<int> seated = nullptr, int order = 0)
      : run_(run),
        account_(account),
        random_(seed),
        node_(node % run.urls.size()),
        seated_(std::move(seated)),
        order_(order) {}

  // Creates the match. A connection lost on the way (a server restart, say) is re-opened; if
  // the server had created the match already, the retry takes that one, a waiting match of this
  // account's that no other match of the run uses, instead of leaving it orphaned.
  awaitable<std::uint64_t> create() {
    // One create at a time: otherwise a retry could adopt, as its orphan, the match another
    // participant has just made and is still being told about, and both would play its seat.
    while (run_.creating)
      co_await sleep_for(std::chrono::milliseconds(5));
    run_.creating = true;
    const struct Done {
      bool& creating;
      ~Done() { creating = false; }
    } done{run_.creating};
    for (;;) {
      try {
        co_await open();
        if (auto orphan = co_await orphaned_match()) {
          match_id_ = *orphan;
          run_.created.insert(match_id_);
          co_await resume();
          co_return match_id_;
        }
        v1::ClientMessage request;
        auto* create = request.mutable_create_match();
        if (stccg()) {
          create->set_game(v1::GAME_STCCG);
          create->mutable_stccg();
          create->mutable_stccg_seat()->set_sample_deck(sample_deck());
        } else {
          create->set_game(v1::GAME_INCURSIONS);
          create->mutable_incursions()->set_players(
              static_cast<std::uint32_t>(run_.options.players));
        }
        const auto response = co_await client_->call(std::move(request));
        learn_seat(expect_ok(response, "CreateMatch").match());
        match_id_ = response.match().match_id();
        run_.created.insert(match_id_);
        co_return match_id_;
      } catch (const boost::system::system_error& e) {
        reconnecting(e.what());
      } catch (const client::ConnectionRefused& e) {
        run_.pushback.refused(e);
        reconnecting(e.what());
      }
      co_await sleep_for(std::chrono::milliseconds(200));
    }
  }

  awaitable<void> play(std::uint64_t match_id, Entry entry) {
    match_id_ = match_id;
    bool entered = entry == Entry::kCreated;
    for (;;) {
      try {
        if (!client_) {
          co_await open();
          if (entered) co_await resume();
        }
        if (!entered) {
          // Players sit down in their order, the creator first, so that each seat's choices
          // (the bot of that seat, by --seed) repeat from run to run.
          while (entry == Entry::kJoin && *seated_ < order_)
            co_await sleep_for(std::chrono::milliseconds(1));
          co_await enter(entry);
          entered = true;
          if (entry == Entry::kJoin) ++*seated_;
        }
        co_await follow();
        co_await client_->close();
        co_return;
      } catch (const boost::system::system_error& e) {
        // The connection dropped (a server restart, say): reconnect and resume.
        if (abandoned_) throw ClientError("stopped: " + abandoned_reason_);
        reconnecting(e.what());
      } catch (const NotOnThisNode& e) {
        reconnecting(e.what());
      } catch (const client::ConnectionRefused& e) {
        run_.pushback.refused(e);
        reconnecting(e.what());
      }
      co_await sleep_for(std::chrono::milliseconds(200));
    }
  }

  // Another participant of the match failed: this one stops too, rather than wait for a game
  // that will not go on.
  void abandon(std::string why) {
    abandoned_ = true;
    abandoned_reason_ = std::move(why);
    if (client_) client_->abort();
  }

  std::uint64_t last_seq() const { return last_seq_; }
  bool finished() const { return finished_; }
  const std::string& result() const { return result_; }

 private:
  // The connection is gone: a new one is tried, on the next node if there are several, until
  // the run's deadline.
  void reconnecting(const std::string& why) {
    client_.reset();
    node_ = (node_ + 1) % run_.urls.size();
    ++run_.reconnects;
    std::fprintf(stderr, "%s (match %llu, event %llu): %s; reconnecting to %s\n",
                 account_.name.c_str(), static_cast<unsigned long long>(match_id_),
                 static_cast<unsigned long long>(last_seq_), why.c_str(),
                 (run_.urls[node_].host + ":" + run_.urls[node_].port).c_str());
    if (Clock::now() > run_.deadline) throw ClientError("gave up reconnecting: " + why);
  }

  awaitable<void> open() {
    if (abandoned_) throw ClientError("stopped: " + abandoned_reason_);
    client_ = std::make_unique<Client>(co_await asio::this_coro::executor);
    run_.pushback.watch(*client_);
    co_await client_->connect(run_.urls[node_], "spacedock-bot");
    const auto response = co_await client_->call(
        message_with([&](auto& m) { m.mutable_authenticate()->set_token(account_.token); }));
    expect_ok(response, "Authenticate");
  }

  awaitable<void> enter(Entry entry) {
    v1::ClientMessage request;
    if (entry == Entry::kJoin) {
      request.mutable_join_match()->set_match_id(match_id_);
      if (stccg())
        request.mutable_join_match()->mutable_stccg_seat()->set_sample_deck(sample_deck());
    } else {
      request.mutable_spectate()->set_match_id(match_id_);
    }
    const auto response = co_await client_->call(std::move(request));
    learn_seat(expect_ok(response, "JoinMatch/Spectate").match());
  }

  // A match waiting for players in which this account sits alone, unknown to the run.
  awaitable<std::optional<std::uint64_t>> orphaned_match() {
    const auto response = co_await client_->call(message_with(
        [&](auto& m) { m.mutable_list_matches()->add_statuses(v1::MATCH_STATUS_WAITING); }));
    for (const auto& info : expect_ok(response, "ListMatches").matches().matches()) {
      const bool mine_alone = info.seats_size() == 1 && info.seats(0).username() == account_.name;
      if (mine_alone && !run_.created.contains(info.match_id())) co_return info.match_id();
    }
    co_return std::nullopt;
  }

  awaitable<void> resume() {
    const auto response = co_await client_->call(message_with([&](auto& m) {
      m.mutable_resume()->set_match_id(match_id_);
      m.mutable_resume()->set_last_seq(last_seq_);
    }));
    const bool elsewhere = response.code() == v1::NOT_FOUND || response.code() == v1::UNAVAILABLE;
    if (elsewhere && run_.urls.size() > 1) throw NotOnThisNode("Resume: " + response.message());
    learn_seat(expect_ok(response, "Resume").match());
  }

  bool stccg() const { return run_.options.game == "stccg"; }

  // Each STCCG bot brings one of the server's sample decks, picked by its seed, or asks the
  // server for a random legal deck.
  const char* sample_deck() {
    if (run_.options.decks == "random") return "random";
    static constexpr const char* kDecks[] = {"federation", "klingon", "romulan"};
    return kDecks[random_() % 3];
  }

  void learn_seat(const v1::MatchInfo& info) {
    for (const auto& seat : info.seats()) {
      if (seat.username() == account_.name) seat_ = static_cast<int>(seat.seat());
    }
  }

  awaitable<void> follow() {
    while (!finished_) {
      v1::Event event = co_await client_->next_event();
      if (event.match_id() != match_id_) continue;
      if (event.has_snapshot()) {
        last_seq_ = event.seq();
        const auto& snapshot = event.snapshot();
        if (snapshot.incursions().phase() == v1::INCURSIONS_PHASE_GAME_OVER ||
            snapshot.stccg().phase() == v1::STCCG_PHASE_GAME_OVER) {
          finished_ = true;
        }
      } else if (event.has_game_event()) {
        if (event.seq() != last_seq_ + 1) {
          throw ClientError(account_.name + " saw event " + std::to_string(event.seq()) +
                            " after " + std::to_string(last_seq_));
        }
        last_seq_ = event.seq();
        const auto& body = event.game_event();
        if (body.incursions().has_game_ended() || body.stccg().has_game_ended()) {
          result_ = event.game_event().text();
          finished_ = true;
        }
      } else if (event.has_seat_moved()) {
        // No other connection of this bot's plays its seat: the server gave it away.
        throw ClientError(account_.name + "'s seat in match " + std::to_string(match_id_) +
                          " moved to another connection");
      } else if (event.has_match_update()) {
        learn_seat(event.match_update());
        if (event.match_update().status() == v1::MATCH_STATUS_ABORTED) {
          throw ClientError("match " + std::to_string(match_id_) + " was aborted");
        }
      } else if (event.has_prompt() && static_cast<int>(event.prompt().seat()) == seat_) {
        co_await answer(event.prompt());
      }
    }
  }

  awaitable<void> answer(const v1::DecisionPrompt& prompt) {
    if (prompt.options().empty()) throw ClientError("a prompt without options");
    if (run_.options.think.count() > 0) co_await sleep_for(run_.options.think);
    std::uniform_int_distribution<int> pick(0, prompt.options_size() - 1);
    const std::uint64_t option = prompt.options(pick(random_)).id();
    const auto response = co_await client_->call(message_with([&](auto& m) {
      auto* submit = m.mutable_submit_decision();
      submit->set_match_id(match_id_);
      submit->set_decision_id(prompt.decision_id());
      submit->add_option_ids(option);
    }));
    if (response.code() == v1::STALE_DECISION) {
      ++run_.stale;  // answered before a reconnect, or superseded
      co_return;
    }
    // On a cluster node, UNAVAILABLE says another node runs the match now; INTERNAL, that the
    // node could not store the decision (its database session ended while it was frozen, say):
    // either way nothing was stored, and the match goes on where it is run.
    const bool elsewhere = response.code() == v1::UNAVAILABLE || response.code() == v1::INTERNAL;
    if (elsewhere && run_.urls.size() > 1)
      throw NotOnThisNode("SubmitDecision: " + response.message());
    expect_ok(response, "SubmitDecision");
    ++run_.acknowledged;
    if (run_.ack_log.is_open()) {
      run_.ack_log << match_id_ << ' ' << prompt.decision_id() << ' ' << option << '\n'
                   << std::flush;
    }
  }

  Run& run_;
  const Account& account_;
  std::mt19937_64 random_;
  std::unique_ptr<Client> client_;
  std::size_t node_ = 0;         // which of the run's urls this participant uses
  std::shared_ptr<int> seated_;  // the match's players seated so far
  int order_ = 0;                // this player's place among them
  std::uint64_t match_id_ = 0;
  std::uint64_t last_seq_ = 0;
  int seat_ = -1;
  bool finished_ = false;
  std::string result_;
  bool abandoned_ = false;
  std::string abandoned_reason_;
};

awaitable<Account> make_account(Run& run, std::string name) {
  Client c(co_await asio::this_coro::executor);
  run.pushback.watch(c);
  co_await c.connect(run.urls.front(), "spacedock-bot");
  const auto registered = co_await c.call(message_with([&](auto& m) {
    m.mutable_register_()->set_username(name);
    m.mutable_register_()->set_password(kPassword);
  }));
  if (registered.code() != v1::ALREADY_EXISTS) expect_ok(registered, "Register");
  const auto login = co_await c.call(message_with([&](auto& m) {
    m.mutable_login()->set_username(name);
    m.mutable_login()->set_password(kPassword);
  }));
  Account account{name, expect_ok(login, "Login").login().token()};
  co_await c.close();
  co_return account;
}

// Runs `body` for every participant at once and returns when all are done; the first to fail
// stops the others, whose game cannot go on without it.
awaitable<void> all_of(std::vector<std::unique_ptr<Participant>>& participants,
                       const std::vector<std::function<awaitable<void>(Participant&)>>& bodies,
                       std::vector<std::string>& errors) {
  auto executor = co_await asio::this_coro::executor;
  asio::steady_timer all_done(executor, Clock::time_point::max());
  std::size_t running = participants.size();
  for (std::size_t i = 0; i < participants.size(); ++i) {
    asio::co_spawn(executor, bodies[i](*participants[i]), [&](std::exception_ptr error) {
      if (error) {
        try {
          std::rethrow_exception(error);
        } catch (const std::exception& e) {
          if (errors.empty()) {
            for (auto& other : participants)
              other->abandon(std::string("another viewer of the match failed: ") + e.what());
          }
          errors.push_back(e.what());
        }
      }
      if (--running == 0) all_done.cancel();
    });
  }
  co_await all_done.async_wait(asio::as_tuple(use_awaitable));
}

awaitable<void> play_match(Run& run, int index) {
  const auto seed = run.options.seed * 1000003 + static_cast<std::uint64_t>(index);
  std::vector<std::unique_ptr<Participant>> participants;
  // Spread over the nodes, each viewer of a match starts on the node after the previous one's.
  std::size_t node = 0;
  const auto first_node = [&] { return run.options.spread ? node++ : 0; };
  auto seated = std::make_shared<int>(1);  // the creator's seat
  for (int p = 0; p < run.options.players; ++p) {
    participants.push_back(std::make_unique<Participant>(
        run, run.players[static_cast<std::size_t>(p)], seed + p, first_node(), seated, p));
  }
  for (const auto& spectator : run.spectators) {
    participants.push_back(std::make_unique<Participant>(run, spectator, seed, first_node()));
  }
  const std::uint64_t match_id = co_await participants.front()->create();
  std::vector<std::function<awaitable<void>(Participant&)>> bodies;
  for (std::size_t i = 0; i < participants.size(); ++i) {
    const auto entry = i == 0 ? Participant::Entry::kCreated
                       : i < static_cast<std::size_t>(run.options.players)
                           ? Participant::Entry::kJoin
                           : Participant::Entry::kSpectate;
    bodies.push_back([match_id, entry](Participant& p) { return p.play(match_id, entry); });
  }
  std::vector<std::string> errors;
  co_await all_of(participants, bodies, errors);
  for (const auto& p : participants) {
    if (p->last_seq() != participants.front()->last_seq()) {
      errors.push_back("viewers disagree on the number of events");
    }
  }
  if (!errors.empty()) {
    for (auto& e : errors)
      run.failures.push_back("match " + std::to_string(match_id) + ": " + e);
    co_return;
  }
  ++run.finished;
  std::printf("match %llu finished after %llu events: %s\n",
              static_cast<unsigned long long>(match_id),
              static_cast<unsigned long long>(participants.front()->last_seq()),
              participants.front()->result().c_str());
  std::fflush(stdout);
}

awaitable<void> run_all(Run& run) {
  const std::string tag = "bot" + std::to_string(std::random_device{}() % 1000000) + "-";
  for (int p = 0; p < run.options.players; ++p) {
    run.players.push_back(co_await make_account(run, tag + "p" + std::to_string(p)));
  }
  for (int s = 0; s < run.options.spectators; ++s) {
    run.spectators.push_back(co_await make_account(run, tag + "s" + std::to_string(s)));
  }
  auto executor = co_await asio::this_coro::executor;
  int next = 0;
  int working = std::max(1, run.options.parallel);
  asio::steady_timer all_done(executor, Clock::time_point::max());
  for (int worker = 0; worker < std::max(1, run.options.parallel); ++worker) {
    asio::co_spawn(
        executor,
        [&]() -> awaitable<void> {
          while (next < run.options.matches) {
            const int index = next++;
            try {
              co_await play_match(run, index);
            } catch (const std::exception& e) {
              run.failures.push_back("match " + std::to_string(index) + ": " + e.what());
            }
          }
        },
        [&](std::exception_ptr) {
          if (--working == 0) all_done.cancel();
        });
  }
  co_await all_done.async_wait(asio::as_tuple(use_awaitable));
}

}  // namespace

int run_bots(const BotOptions& options) {
  if (options.game != "incursions" && options.game != "stccg") {
    std::fprintf(stderr, "spacedock-bot: unknown game '%s' (incursions or stccg)\n",
                 options.game.c_str());
    return 2;
  }
  if (options.game == "stccg" && options.players != 2) {
    std::fprintf(stderr, "spacedock-bot: the Star Trek CCG is a two-player game\n");
    return 2;
  }
  std::vector<client::Url> urls{client::Url::parse(options.server)};
  for (const std::string& node : options.failover)
    urls.push_back(client::Url::parse(node));
  Run run(options, std::move(urls), Clock::now() + options.deadline);
  if (!options.ack_log.empty()) run.ack_log.open(options.ack_log, std::ios::app);
  asio::io_context io;
  // Never a silent hang: at the deadline the run stops and says what was left.
  asio::steady_timer deadline(io, run.deadline);
  asio::co_spawn(io, run_all(run), [&](std::exception_ptr error) {
    deadline.cancel();
    if (!error) return;
    try {
      std::rethrow_exception(error);
    } catch (const std::exception& e) {
      run.failures.push_back(std::string("setup: ") + e.what());
    }
  });
  deadline.async_wait([&](boost::system::error_code error) {
    if (error) return;
    run.failures.push_back("the deadline of " + std::to_string(options.deadline.count()) +
                           " s passed with " + std::to_string(options.matches - run.finished) +
                           " matches unfinished");
    io.stop();
  });
  io.run();
  std::printf(
      "%d of %d matches finished; %llu decisions acknowledged, %llu stale, %llu reconnects\n",
      run.finished, options.matches, static_cast<unsigned long long>(run.acknowledged),
      static_cast<unsigned long long>(run.stale), static_cast<unsigned long long>(run.reconnects));
  run.pushback.report();
  for (const auto& failure : run.failures)
    std::fprintf(stderr, "failure: %s\n", failure.c_str());
  return run.finished == options.matches && run.failures.empty() ? 0 : 1;
}

}  // namespace spacedock::bot
