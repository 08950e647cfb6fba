// spacedock-load: a load generator for a Spacedock server (and for spacedock-echo, its
// baseline). It keeps a number of Star Trek: Incursions matches live, each with two players and
// two spectators on their own connections, from their own loopback address (127.10.x.y), so
// that the server's per-address limits apply as they would to strangers. Players answer every
// prompt with a random offered option, at once (closed loop) or paced to a total rate (--rate,
// open loop); a match that ends is followed by a new one on the same connections.
//
// After a warm-up it measures, for --seconds: decisions acknowledged, the latency from sending a
// decision to its answer and to its first event, the server's CPU time (from /proc, --server-pid),
// the server's memory per live match, and its own CPU time, so that a run whose generator is
// saturated can be told apart. Spectators' frames are counted, not parsed, and events are parsed
// only on the connection that needs them, to keep the generator lighter than the server.
//
// In --echo mode it drives spacedock-echo instead: rooms of four connections, one of which
// sends a message of a decision's size and waits for it to come back, as the deciding player does.
//
// usage: spacedock-load --server ws://127.0.0.1:PORT/ws [--matches N] [--seconds S]
//        [--warmup S] [--rate DECISIONS_PER_SECOND] [--server-pid PID] [--echo] [--seed N]
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdio>
#include <deque>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "clients/common/client.h"
#include "spacedock/v1/envelope.pb.h"
#include "support/cli.h"

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace v1 = spacedock::v1;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

constexpr const char* kPassword = "load-password-not-secret";
// Accounts are shared by this many matches; fewer than the server's cap on the waiting matches
// one account may sit in, since a match waits from its creation to its second player's join.
constexpr int kMatchesPerAccount = 4;
constexpr int kAccountChains = 16;  // accounts registered at the same time
constexpr int kSetupsAtOnce = 64;   // matches connecting at the same time
constexpr std::size_t kEchoMessageBytes = 64;

struct Options {
  // The server, or the nodes of a cluster: match i is created on node i mod N, and in every
  // other match its second player and second spectator connect to the next node (relayed).
  std::vector<std::string> servers{"ws://127.0.0.1:8080/ws"};
  int matches = 50;
  double seconds = 10;
  double warmup = 3;
  double rate = 0;               // decisions per second in all; 0: as fast as answers come back
  std::vector<int> server_pids;  // CPU and memory summed over them
  std::vector<int> db_pids;      // PostgreSQL's processes: their CPU, reported apart
  std::vector<int> bus_pids;     // Redis's
  bool echo = false;
  std::uint64_t seed = 1;
};

// The CPU-seconds process `pid` has used; nullopt once it has exited.
std::optional<double> cpu_seconds_of(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), {});
  const auto name_end = stat.rfind(')');
  if (name_end == std::string::npos) return std::nullopt;
  // Fields after the command name, which is in parentheses and may hold spaces.
  std::istringstream fields(stat.substr(name_end + 2));
  std::string field;
  double ticks = 0;
  for (int i = 3; i <= 15 && fields >> field; ++i) {
    if (i == 14 || i == 15) ticks += std::stod(field);  // utime, stime
  }
  return ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
}

double own_cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const auto seconds = [](timeval t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

double rss_kib_of(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stod(line.substr(6));
  }
  return 0;
}

// Latency samples in microseconds, kept whole so the percentiles are exact.
class Latencies {
 public:
  void add(Clock::duration d) {
    samples_.push_back(static_cast<std::uint32_t>(
        std::chrono::duration_cast<std::chrono::microseconds>(d).count()));
  }
  void clear() { samples_.clear(); }
  // The p-th percentile in milliseconds (p in [0, 1]).
  double ms(double p) {
    if (samples_.empty()) return 0;
    const auto k = static_cast<std::size_t>(p * static_cast<double>(samples_.size() - 1));
    std::nth_element(samples_.begin(), samples_.begin() + static_cast<std::ptrdiff_t>(k),
                     samples_.end());
    return samples_[k] / 1000.0;
  }

 private:
  std::vector<std::uint32_t> samples_;
};

struct Run;

// One WebSocket connection. Messages are queued and written one at a time; every message read
// goes to `on_message`. For the Spacedock protocol, call() sends a request and routes its
// Response (recognised by its first byte, without parsing anything else) to a callback.
class Connection : public std::enable_shared_from_this<Connection> {
 public:
  using Handler = std::function<void(std::string_view)>;
  using Answer = std::function<void(const v1::Response&)>;

  Connection(Run& run, asio::io_context& io) : run_(run), ws_(io) {}

  void open(const tcp::endpoint& server, const asio::ip::address& source, std::string path,
            std::function<void()> ready);
  void send(std::string bytes) {
    queue_.push_back(std::move(bytes));
    if (queue_.size() == 1) write();
  }
  void call(v1::ClientMessage request, Answer answer) {
    request.set_request_id(next_request_++);
    pending_.emplace_back(request.request_id(), std::move(answer));
    send(request.SerializeAsString());
  }
  // Closes the socket at once: pending operations end quietly.
  void close() {
    closed_ = true;
    beast::get_lowest_layer(ws_).socket().close();
  }
  Handler on_message;

 private:
  void read();
  void write();
  void fail(const char* what, const beast::error_code& ec);

  Run& run_;
  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  std::vector<std::pair<std::uint64_t, Answer>> pending_;
  std::uint64_t next_request_ = 1;
  bool closed_ = false;
};

// A player's side of a match: its seat, and the answer it owes or has just sent.
struct Player {
  int seat = -1;
  v1::ClientMessage answer;
  Clock::time_point sent;
  bool awaiting_event = false;
};

// One match (or echo room): two players and two spectators, in that order.
struct Slot {
  int index = 0;
  // Its second player and spectator play through another node than the match's own.
  bool relayed = false;
  std::array<std::shared_ptr<Connection>, 4> connections;
  std::array<Player, 2> players;
  std::uint64_t match_id = 0;
  std::mt19937_64 random;
};

struct Run {
  Options options;
  asio::io_context io{1};
  std::vector<tcp::endpoint> servers;
  std::string path;
  std::vector<std::string> tokens;  // per account: player 0, player 1, spectator 0, spectator 1
  std::vector<std::unique_ptr<Slot>> slots;
  // Answers waiting: for the pacer (open loop), or until every match is set up.
  std::deque<std::pair<Slot*, int>> ready;
  bool playing = false;  // every match is set up: answers go out
  double tokens_available = 0;
  bool measuring = false;
  std::uint64_t decisions = 0, echoes = 0, matches_finished = 0, frames = 0, refusals = 0;
  std::vector<std::string> failures;
  Latencies to_reply, to_event;
  // With several nodes: the players on their match's node, and those who play through another.
  Latencies local_to_reply, relayed_to_reply;
};

// The node a match's connection `role` (players 0 and 1, spectators 2 and 3) uses.
const tcp::endpoint& server_for(const Run& run, const Slot& slot, int role) {
  const std::size_t nodes = run.servers.size();
  const bool moved = slot.relayed && (role == 1 || role == 3);
  return run.servers[(static_cast<std::size_t>(slot.index) + (moved ? 1 : 0)) % nodes];
}

void Connection::open(const tcp::endpoint& server, const asio::ip::address& source,
                      std::string path, std::function<void()> ready) {
  auto& socket = beast::get_lowest_layer(ws_).socket();
  socket.open(tcp::v4());
  socket.bind({source, 0});
  beast::get_lowest_layer(ws_).async_connect(
      server, [self = shared_from_this(), path = std::move(path),
               ready = std::move(ready)](beast::error_code ec) mutable {
        if (ec) return self->fail("connect", ec);
        beast::get_lowest_layer(self->ws_).socket().set_option(tcp::no_delay(true));
        self->ws_.binary(true);
        self->ws_.async_handshake("127.0.0.1", path,
                                  [self, ready = std::move(ready)](beast::error_code shaken) {
                                    if (shaken) return self->fail("handshake", shaken);
                                    self->read();
                                    ready();
                                  });
      });
}

void Connection::read() {
  ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t bytes) {
    if (ec) return self->fail("read", ec);
    ++self->run_.frames;
    const auto data = self->buffer_.cdata();
    const std::string_view message(static_cast<const char*>(data.data()), bytes);
    // ServerMessage field 1, length-delimited: a Response.
    if (!self->pending_.empty() && !message.empty() && message[0] == '\x0a') {
      v1::ServerMessage reply;
      reply.ParseFromArray(message.data(), static_cast<int>(message.size()));
      auto waiting = std::find_if(self->pending_.begin(), self->pending_.end(), [&](const auto& p) {
        return p.first == reply.response().request_id();
      });
      if (waiting != self->pending_.end()) {
        Answer answer = std::move(waiting->second);
        self->pending_.erase(waiting);
        answer(reply.response());
      }
    } else if (self->on_message) {
      self->on_message(message);
    }
    self->buffer_.consume(bytes);
    self->read();
  });
}

void Connection::write() {
  ws_.async_write(asio::buffer(queue_.front()),
                  [self = shared_from_this()](beast::error_code ec, std::size_t) {
                    if (ec) return self->fail("write", ec);
                    self->queue_.pop_front();
                    if (!self->queue_.empty()) self->write();
                  });
}

void Connection::fail(const char* what, const beast::error_code& ec) {
  if (closed_ || run_.io.stopped() || ec == asio::error::operation_aborted) return;
  run_.failures.push_back(std::string(what) + ": " + ec.message());
  run_.io.stop();
}

v1::ClientMessage message_with(auto set) {
  v1::ClientMessage m;
  set(m);
  return m;
}

bool ok(Run& run, const v1::Response& response, const char* what) {
  if (response.code() == v1::OK) return true;
  run.failures.push_back(std::string(what) + ": " + v1::ErrorCode_Name(response.code()) + " " +
                         response.message());
  run.io.stop();
  return false;
}

// Each match talks from its own loopback address, four connections on it.
asio::ip::address source_address(int index) {
  const auto i = static_cast<unsigned>(index);
  return asio::ip::make_address_v4((127u << 24) | ((10u + i / 62500) << 16) |
                                   ((i / 250 % 250) << 8) | (i % 250 + 1));
}

// --- The Spacedock protocol ---

void send_answer(Run& run, Slot& slot, int player) {
  Player& p = slot.players[static_cast<std::size_t>(player)];
  p.sent = Clock::now();
  p.awaiting_event = true;
  const bool relayed = slot.relayed && player == 1;
  slot.connections[static_cast<std::size_t>(player)]->call(
      p.answer, [&run, sent = p.sent, relayed](const v1::Response& response) {
        if (response.code() != v1::OK) {
          ++run.refusals;  // counted, not fatal: the report says how many
          return;
        }
        if (run.measuring) {
          ++run.decisions;
          run.to_reply.add(Clock::now() - sent);
          (relayed ? run.relayed_to_reply : run.local_to_reply).add(Clock::now() - sent);
        }
      });
}

void start_match(Run& run, Slot& slot);

void match_over(Run& run, Slot& slot) {
  ++run.matches_finished;
  const std::uint64_t finished = slot.match_id;
  slot.players = {};
  auto left = std::make_shared<int>(0);
  for (auto& c : slot.connections) {
    c->call(message_with([&](auto& m) { m.mutable_leave_match()->set_match_id(finished); }),
            [&run, &slot, left](const v1::Response&) {
              if (++*left == 4) start_match(run, slot);
            });
  }
}

// A player's events: prompts for its seat are answered, the end of the game starts another.
void on_player_message(Run& run, Slot& slot, int player, std::string_view bytes) {
  v1::ServerMessage message;
  message.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()));
  const v1::Event& event = message.event();
  if (event.match_id() != slot.match_id) return;
  Player& p = slot.players[static_cast<std::size_t>(player)];
  if (p.awaiting_event) {
    p.awaiting_event = false;
    if (run.measuring) run.to_event.add(Clock::now() - p.sent);
  }
  if (event.has_prompt() && static_cast<int>(event.prompt().seat()) == p.seat) {
    const auto& prompt = event.prompt();
    if (prompt.options().empty()) return;
    p.answer = message_with([&](auto& m) {
      auto* submit = m.mutable_submit_decision();
      submit->set_match_id(slot.match_id);
      submit->set_decision_id(prompt.decision_id());
      const auto pick = slot.random() % static_cast<std::uint64_t>(prompt.options_size());
      submit->add_option_ids(prompt.options(static_cast<int>(pick)).id());
    });
    if (run.options.rate > 0 || !run.playing) {
      run.ready.emplace_back(&slot, player);
    } else {
      send_answer(run, slot, player);
    }
  } else if (player == 0 && event.has_game_event() &&
             event.game_event().incursions().has_game_ended()) {
    match_over(run, slot);
  }
}

void learn_seat(Slot& slot, int player, const v1::MatchInfo& info, const std::string& name) {
  for (const auto& seat : info.seats()) {
    if (seat.username() == name)
      slot.players[static_cast<std::size_t>(player)].seat = static_cast<int>(seat.seat());
  }
}

std::string account_name(int slot, int role) {
  return "load-" + std::to_string(slot / kMatchesPerAccount) + "-" + std::to_string(role);
}

void start_match(Run& run, Slot& slot) {
  slot.connections[0]->call(
      message_with([](auto& m) {
        auto* create = m.mutable_create_match();
        create->set_game(v1::GAME_INCURSIONS);
        create->mutable_incursions()->set_players(2);
      }),
      [&run, &slot](const v1::Response& created) {
        if (!ok(run, created, "CreateMatch")) return;
        slot.match_id = created.match().match_id();
        learn_seat(slot, 0, created.match(), account_name(slot.index, 0));
        // Spectators first, so that they see the game from its start.
        auto& c = slot.connections;
        for (int s = 2; s < 4; ++s) {
          c[static_cast<std::size_t>(s)]->call(
              message_with([&](auto& m) { m.mutable_spectate()->set_match_id(slot.match_id); }),
              [&run](const v1::Response& r) { ok(run, r, "Spectate"); });
        }
        c[1]->call(
            message_with([&](auto& m) { m.mutable_join_match()->set_match_id(slot.match_id); }),
            [&run, &slot](const v1::Response& joined) {
              if (!ok(run, joined, "JoinMatch")) return;
              learn_seat(slot, 1, joined.match(), account_name(slot.index, 1));
            });
      });
}

// Connects the four connections of a match, authenticates them and starts its first game.
void set_up_match(Run& run, Slot& slot, std::function<void()> done) {
  auto open = std::make_shared<int>(0);
  for (int role = 0; role < 4; ++role) {
    auto& connection = slot.connections[static_cast<std::size_t>(role)];
    connection = std::make_shared<Connection>(run, run.io);
    if (role < 2) {
      connection->on_message = [&run, &slot, role](std::string_view bytes) {
        on_player_message(run, slot, role, bytes);
      };
    }
    const std::string token =
        run.tokens[static_cast<std::size_t>(slot.index / kMatchesPerAccount * 4 + role)];
    connection->open(server_for(run, slot, role), source_address(slot.index), run.path,
                     [&run, &slot, connection = connection.get(), token, open, done] {
                       connection->call(message_with([](auto& m) {
                                          m.mutable_hello()->set_protocol_version(1);
                                          m.mutable_hello()->set_client_name("spacedock-load");
                                        }),
                                        [&run](const v1::Response& r) { ok(run, r, "Hello"); });
                       connection->call(message_with([&](auto& m) {
                                          m.mutable_authenticate()->set_token(token);
                                        }),
                                        [&run, &slot, open, done](const v1::Response& r) {
                                          if (!ok(run, r, "Authenticate")) return;
                                          if (++*open < 4) return;
                                          start_match(run, slot);
                                          done();
                                        });
                     });
  }
}

// --- The echo baseline ---

void send_echo(Slot& slot) {
  slot.players[0].sent = Clock::now();
  slot.connections[0]->send(std::string(kEchoMessageBytes, 'd'));
}

void set_up_room(Run& run, Slot& slot, std::function<void()> done) {
  auto open = std::make_shared<int>(0);
  for (int role = 0; role < 4; ++role) {
    auto& connection = slot.connections[static_cast<std::size_t>(role)];
    connection = std::make_shared<Connection>(run, run.io);
    if (role == 0) {
      connection->on_message = [&run, &slot](std::string_view) {
        if (run.measuring) {
          ++run.echoes;
          run.to_reply.add(Clock::now() - slot.players[0].sent);
        }
        if (run.options.rate > 0 || !run.playing) {
          run.ready.emplace_back(&slot, 0);
        } else {
          send_echo(slot);
        }
      };
    }
    connection->open(run.servers.front(), source_address(slot.index), run.path,
                     [&run, &slot, connection = connection.get(), open, done] {
                       connection->send("room " + std::to_string(slot.index));
                       if (++*open < 4) return;
                       // Let the other members join before the first message goes out.
                       auto timer = std::make_shared<asio::steady_timer>(
                           run.io, std::chrono::milliseconds(50));
                       timer->async_wait([&run, &slot, timer, done](beast::error_code) {
                         run.ready.emplace_back(&slot, 0);
                         done();
                       });
                     });
  }
}

// --- Running ---

// Registers and logs in the accounts the matches share: `chain` does every kAccountChains-th
// account, one after another, on a connection of its own; `done` runs once all are ready.
void make_accounts(Run& run, int account, std::shared_ptr<int> chains_left,
                   std::function<void()> done) {
  const int accounts = (run.options.matches + kMatchesPerAccount - 1) / kMatchesPerAccount * 4;
  if (account >= accounts) {
    if (--*chains_left == 0) done();
    return;
  }
  auto c = std::make_shared<Connection>(run, run.io);
  c->open(run.servers.front(), source_address(100000 + account), run.path,
          [&run, c, account, chains_left, done] {
            const std::string name = account_name(account / 4 * kMatchesPerAccount, account % 4);
            c->call(message_with([](auto& m) {
                      m.mutable_hello()->set_protocol_version(1);
                      m.mutable_hello()->set_client_name("spacedock-load");
                    }),
                    [](const v1::Response&) {});
            c->call(message_with([&](auto& m) {
                      m.mutable_register_()->set_username(name);
                      m.mutable_register_()->set_password(kPassword);
                    }),
                    [](const v1::Response&) {});  // ALREADY_EXISTS from an earlier run is fine
            c->call(message_with([&](auto& m) {
                      m.mutable_login()->set_username(name);
                      m.mutable_login()->set_password(kPassword);
                    }),
                    [&run, c, account, chains_left, done](const v1::Response& r) {
                      if (!ok(run, r, "Login")) return;
                      run.tokens[static_cast<std::size_t>(account)] = r.login().token();
                      c->close();
                      make_accounts(run, account + kAccountChains, chains_left, done);
                    });
          });
}

// Sets the matches up a few at a time (a burst of thousands of connections would overflow the
// listen queue), then calls `done`.
void set_up_all(Run& run, std::function<void()> done) {
  auto next = std::make_shared<int>(0);
  auto finished = std::make_shared<int>(0);
  auto start_next = std::make_shared<std::function<void()>>();
  *start_next = [&run, next, finished, start_next, done] {
    if (*next == run.options.matches) return;
    Slot& slot = *run.slots[static_cast<std::size_t>((*next)++)];
    auto after = [&run, finished, start_next, done] {
      if (++*finished == run.options.matches) return done();
      (*start_next)();
    };
    run.options.echo ? set_up_room(run, slot, after) : set_up_match(run, slot, after);
  };
  for (int i = 0; i < kSetupsAtOnce; ++i)
    (*start_next)();
}

// Open loop: releases answers at the configured rate, a millisecond's worth at a time.
void pace(Run& run, std::shared_ptr<asio::steady_timer> timer, Clock::time_point last) {
  timer->expires_after(std::chrono::milliseconds(1));
  timer->async_wait([&run, timer, last](beast::error_code ec) {
    if (ec) return;
    const auto now = Clock::now();
    run.tokens_available =
        std::min(run.options.rate / 100,  // a burst of 10 ms at most
                 run.tokens_available +
                     run.options.rate * std::chrono::duration<double>(now - last).count());
    while (run.tokens_available >= 1 && !run.ready.empty()) {
      const auto [slot, player] = run.ready.front();
      run.ready.pop_front();
      run.tokens_available -= 1;
      run.options.echo ? send_echo(*slot) : send_answer(run, *slot, player);
    }
    pace(run, timer, now);
  });
}

struct Report {
  double server_cpu = 0, own_cpu = 0, rss_before_kib = 0, rss_kib = 0, db_cpu = 0, bus_cpu = 0;
};

// The CPU-seconds a set of processes uses from start() to spent(). One that exits in between (a
// PostgreSQL worker, say) is left out, with what it used.
class CpuMeter {
 public:
  explicit CpuMeter(std::vector<int> pids) : pids_(std::move(pids)) {}
  void start() {
    for (int pid : pids_) {
      if (auto seconds = cpu_seconds_of(pid)) at_start_[pid] = *seconds;
    }
  }
  double spent() const {
    double sum = 0;
    for (const auto& [pid, start] : at_start_) {
      if (auto seconds = cpu_seconds_of(pid)) sum += *seconds - start;
    }
    return sum;
  }
  // How many of the processes that were there at start() have exited since.
  std::size_t exited() const {
    return static_cast<std::size_t>(std::count_if(at_start_.begin(), at_start_.end(), [](auto& p) {
      return !cpu_seconds_of(p.first).has_value();
    }));
  }

 private:
  std::vector<int> pids_;
  std::map<int, double> at_start_;
};

void measure(Run& run, Report& report) {
  auto timer = std::make_shared<asio::steady_timer>(
      run.io, std::chrono::duration_cast<Clock::duration>(
                  std::chrono::duration<double>(run.options.warmup)));
  timer->async_wait([&run, &report, timer](beast::error_code) {
    run.measuring = true;
    run.frames = 0;
    struct Meters {
      CpuMeter server, db, bus;
    };
    auto meters = std::make_shared<Meters>(Meters{CpuMeter(run.options.server_pids),
                                                  CpuMeter(run.options.db_pids),
                                                  CpuMeter(run.options.bus_pids)});
    meters->server.start();
    meters->db.start();
    meters->bus.start();
    for (int pid : run.options.server_pids)
      report.rss_kib += rss_kib_of(pid);
    report.own_cpu = -own_cpu_seconds();
    timer->expires_after(std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(run.options.seconds)));
    timer->async_wait([&run, &report, timer, meters](beast::error_code) {
      report.server_cpu = meters->server.spent();
      if (const std::size_t exited = meters->server.exited())
        std::fprintf(stderr, "load: %zu server processes exited while measured\n", exited);
      report.own_cpu += own_cpu_seconds();
      report.db_cpu = meters->db.spent();
      report.bus_cpu = meters->bus.spent();
      run.io.stop();
    });
  });
}

// The options, on `app`, into `o`.
void add_options(CLI::App& app, Options& o) {
  using spacedock::support::at_least;
  app.add_option("--server", o.servers,
                 "the server (or spacedock-echo) to load; repeated, the nodes of a cluster: "
                 "match i is created on node i mod N, and in every other match the second "
                 "player and spectator connect to the next node")
      ->type_name("URL");
  app.add_option("--matches", o.matches, "matches (or echo rooms) kept live, 1 to 60000")
      ->type_name("N")
      ->check(spacedock::support::between(1, 60000));
  app.add_option("--seconds", o.seconds, "how long to measure")
      ->type_name("S")
      ->check(at_least(0.001));
  app.add_option("--warmup", o.warmup, "seconds played before measuring")
      ->type_name("S")
      ->check(at_least(0.0));
  app.add_option("--rate", o.rate,
                 "decisions per second in all, paced (open loop); 0: each as soon as the last "
                 "was answered (closed loop)")
      ->type_name("R")
      ->check(at_least(0.0));
  app.add_option("--server-pid", o.server_pids,
                 "the server's process, to measure its CPU and memory; repeated, summed")
      ->type_name("PID");
  app.add_option("--db-pid", o.db_pids,
                 "a PostgreSQL process, repeatable: their CPU is reported apart from the server's")
      ->type_name("PID");
  app.add_option("--bus-pid", o.bus_pids, "the Redis server, its CPU reported apart")
      ->type_name("PID");
  app.add_option("--seed", o.seed, "seed of the players' choices")->type_name("N");
  app.add_flag("--echo", o.echo, "drive spacedock-echo: rooms of four, one sender each");
}

}  // namespace

int main(int argc, char** argv) {
  Run run;
  CLI::App app("a load generator for a Spacedock server, or for spacedock-echo, its baseline.",
               "spacedock-load");
  spacedock::support::configure(app);
  add_options(app, run.options);
  if (auto status = spacedock::support::parse(app, argc, argv)) return *status;
  rlimit files{};
  if (getrlimit(RLIMIT_NOFILE, &files) == 0) {
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
  }
  for (const std::string& server : run.options.servers) {
    const auto url = spacedock::client::Url::parse(server);
    run.servers.emplace_back(asio::ip::make_address(url.host),
                             static_cast<unsigned short>(std::stoi(url.port)));
    run.path = url.path;
  }
  for (int i = 0; i < run.options.matches; ++i) {
    run.slots.push_back(std::make_unique<Slot>());
    run.slots.back()->index = i;
    run.slots.back()->relayed = run.servers.size() > 1 && i % 2 == 1;
    run.slots.back()->random.seed(run.options.seed * 1000003 + static_cast<std::uint64_t>(i));
  }
  Report report;
  const auto started = Clock::now();
  auto go = [&] {
    if (!run.options.echo) {
      std::printf("load: %zu accounts ready in %.1f s\n", run.tokens.size(),
                  std::chrono::duration<double>(Clock::now() - started).count());
    }
    for (int pid : run.options.server_pids)
      report.rss_before_kib += rss_kib_of(pid);
    set_up_all(run, [&] {
      std::printf("load: %d %s set up in %.1f s\n", run.options.matches,
                  run.options.echo ? "rooms" : "matches",
                  std::chrono::duration<double>(Clock::now() - started).count());
      std::fflush(stdout);
      run.playing = true;
      if (run.options.rate > 0) {
        pace(run, std::make_shared<asio::steady_timer>(run.io), Clock::now());
      } else {
        for (const auto& [slot, player] : std::exchange(run.ready, {}))
          run.options.echo ? send_echo(*slot) : send_answer(run, *slot, player);
      }
      measure(run, report);
    });
  };
  if (run.options.echo) {
    go();
  } else {
    run.tokens.resize(static_cast<std::size_t>((run.options.matches + kMatchesPerAccount - 1) /
                                               kMatchesPerAccount * 4));
    auto chains = std::make_shared<int>(kAccountChains);
    for (int chain = 0; chain < kAccountChains; ++chain)
      make_accounts(run, chain, chains, go);
  }
  run.io.run();
  for (const auto& failure : run.failures)
    std::fprintf(stderr, "spacedock-load: %s\n", failure.c_str());
  if (!run.failures.empty()) return 1;

  const double seconds = run.options.seconds;
  const std::uint64_t done = run.options.echo ? run.echoes : run.decisions;
  const char* unit = run.options.echo ? "messages" : "decisions";
  const std::string pacing =
      run.options.rate > 0
          ? "open loop at " + std::to_string(static_cast<long>(run.options.rate)) + "/s"
          : "closed loop";
  std::printf("load: %s, %d %s of 2 players + 2 spectators (%d connections), %s, %.0f s measured\n",
              run.options.echo ? "echo baseline" : "incursions", run.options.matches,
              run.options.echo ? "rooms" : "matches", run.options.matches * 4, pacing.c_str(),
              seconds);
  std::printf("%s: %llu (%.0f/s); %llu frames received; %llu refused; %llu matches finished\n",
              unit, static_cast<unsigned long long>(done), static_cast<double>(done) / seconds,
              static_cast<unsigned long long>(run.frames),
              static_cast<unsigned long long>(run.refusals),
              static_cast<unsigned long long>(run.matches_finished));
  std::printf("latency to reply ms: p50 %.2f p99 %.2f p999 %.2f\n", run.to_reply.ms(0.5),
              run.to_reply.ms(0.99), run.to_reply.ms(0.999));
  if (!run.options.echo) {
    std::printf("latency to first event ms: p50 %.2f p99 %.2f p999 %.2f\n", run.to_event.ms(0.5),
                run.to_event.ms(0.99), run.to_event.ms(0.999));
  }
  if (run.servers.size() > 1) {
    std::printf("latency to reply ms, local players: p50 %.2f p99 %.2f p999 %.2f\n",
                run.local_to_reply.ms(0.5), run.local_to_reply.ms(0.99),
                run.local_to_reply.ms(0.999));
    std::printf("latency to reply ms, relayed players: p50 %.2f p99 %.2f p999 %.2f\n",
                run.relayed_to_reply.ms(0.5), run.relayed_to_reply.ms(0.99),
                run.relayed_to_reply.ms(0.999));
  }
  if (!run.options.server_pids.empty()) {
    std::printf(
        "server: %.2f CPU-s, %.0f %s per server CPU-second, %.1f CPU-ms per 1000 %s; RSS %.0f MiB, "
        "%.1f KiB per live %s\n",
        report.server_cpu,
        report.server_cpu > 0 ? static_cast<double>(done) / report.server_cpu : 0, unit,
        done ? report.server_cpu * 1e6 / static_cast<double>(done) : 0, unit, report.rss_kib / 1024,
        (report.rss_kib - report.rss_before_kib) / run.options.matches,
        run.options.echo ? "room" : "match");
  }
  if (!run.options.db_pids.empty() || !run.options.bus_pids.empty()) {
    const double per_k = done ? 1e6 / static_cast<double>(done) : 0;
    std::printf("apart: PostgreSQL %.2f CPU-s (%.1f CPU-ms per 1000 %s), Redis %.2f CPU-s (%.1f)\n",
                report.db_cpu, report.db_cpu * per_k, unit, report.bus_cpu, report.bus_cpu * per_k);
  }
  std::printf("generator: %.2f CPU-s (%.0f%% of one core)\n", report.own_cpu,
              100 * report.own_cpu / seconds);
  return 0;
}
