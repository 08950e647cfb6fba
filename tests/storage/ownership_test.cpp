// Match ownership for cluster mode (storage/ownership.h): leases, adoption and the fence that
// keeps a node that lost a match out of its log. Two or three "nodes" here are connections of
// their own to the same PostgreSQL database, as separate server processes would be.
#include "storage/ownership.h"

#include <doctest/doctest.h>

#include <chrono>
#include <string>

#include "storage/accounts.h"
#include "storage/matches.h"
#include "storage/tournament_host.h"
#include "tests/storage/raw_query.h"
#include "tests/test_database.h"

namespace spacedock::storage {
namespace {

using namespace std::chrono_literals;
using testing::query_int;
using testing::TestDatabase;

constexpr auto kOwnerTimeout = 10s;

// The rest of the cases run where the suite runs on PostgreSQL (SPACEDOCK_TEST_DB=postgresql).
bool on_sqlite() {
  return testing::test_backend() == Backend::kSqlite;
}

InputRecord decision(std::uint32_t seq) {
  return {seq, 0, InputKind::kDecision, seq, {seq}, 1'000 + std::int64_t{seq}, {}, {}};
}

// Nodes a and b, and `matches` live matches that a started and owns.
struct Cluster {
  TestDatabase t;
  Database a = t.open();
  Database b = t.open();
  std::int64_t alice = create_account(a, "alice", "hash", 1);
  std::vector<Lease> leases;

  explicit Cluster(int matches = 1) {
    register_node(a, "a", "10.0.0.1:8080");
    register_node(b, "b", "10.0.0.2:8080");
    for (int i = 0; i < matches; ++i) {
      const std::int64_t id = create_match(a, 2, 1, "setup", alice, 10);
      set_seats(a, id, {{0, alice}}, "setup");
      leases.push_back(claim_match(a, id, "a"));
    }
  }

  // Node a stops answering: its heartbeat is a minute old by the database's clock.
  void silence(const std::string& node) {
    execute_raw("UPDATE nodes SET heartbeat_at = now() - interval '1 minute' WHERE node_id = '" +
                node + "'");
  }
  void execute_raw(const std::string& sql) {
    Database raw = t.open();
    raw.execute(sql);
  }
  // What a node's persistence thread does for each input: the fence, then the append, in one
  // transaction.
  static void commit_input(Database& db, const std::string& node, const Lease& lease,
                           std::uint32_t seq) {
    db.transaction([&](Database& tx) {
      check_owner(tx, node, lease);
      append_input(tx, lease.match_id, decision(seq));
    });
  }
  std::int64_t inputs(std::int64_t match) {
    return query_int(t,
                     "SELECT count(*) FROM match_inputs WHERE match_id = " + std::to_string(match));
  }
};

TEST_CASE("cluster mode refuses an SQLite database with a clear error" *
          doctest::skip(!on_sqlite())) {
  TestDatabase t;
  Database db = t.open();
  CHECK_THROWS_WITH_AS(register_node(db, "a", "here"),
                       "cluster mode (match ownership) needs a PostgreSQL database", StorageError);
  CHECK_THROWS_AS(adopt_orphans(db, "a", kOwnerTimeout, 10), StorageError);
}

TEST_CASE("a new match is its starter's under epoch 1, and nobody adopts it while that node lives" *
          doctest::skip(on_sqlite())) {
  Cluster c;
  const Lease lease = c.leases.front();
  CHECK(lease.epoch == 1);
  CHECK(owner_of(c.b, lease.match_id) == "a");
  CHECK(owned_matches(c.a, "a") == std::vector<Lease>{lease});
  CHECK(adopt_orphans(c.b, "b", kOwnerTimeout, 10).empty());
  Cluster::commit_input(c.a, "a", lease, 1);
  CHECK(c.inputs(lease.match_id) == 1);
  CHECK_THROWS_AS(claim_match(c.b, lease.match_id, "b"), ConstraintError);
}

TEST_CASE("a silent node's matches are adopted under a new epoch, and its next commit fails" *
          doctest::skip(on_sqlite())) {
  Cluster c(2);
  Cluster::commit_input(c.a, "a", c.leases[0], 1);
  c.silence("a");
  const std::vector<Lease> adopted = adopt_orphans(c.b, "b", kOwnerTimeout, 10);
  REQUIRE(adopted.size() == 2);
  CHECK(adopted[0] == Lease{c.leases[0].match_id, 2});
  CHECK(adopted[1] == Lease{c.leases[1].match_id, 2});
  CHECK(owner_of(c.a, c.leases[0].match_id) == "b");

  // Node a wakes up and commits as if nothing happened: the fence refuses, nothing is stored.
  CHECK_THROWS_AS(Cluster::commit_input(c.a, "a", c.leases[0], 2), NotOwnerError);
  CHECK(c.inputs(c.leases[0].match_id) == 1);
  // Its heartbeat comes back, but the matches stay with b; b commits under epoch 2.
  heartbeat(c.a, "a", 2);
  CHECK(adopt_orphans(c.a, "a", kOwnerTimeout, 10).empty());
  Cluster::commit_input(c.b, "b", adopted[0], 2);
  CHECK(c.inputs(c.leases[0].match_id) == 2);
}

TEST_CASE("a commit in flight holds off the adoption, so the adopter's log has it" *
          doctest::skip(on_sqlite())) {
  Cluster c;
  const Lease lease = c.leases.front();
  c.silence("a");
  std::vector<Lease> during;
  c.a.transaction([&](Database& tx) {
    check_owner(tx, "a", lease);
    append_input(tx, lease.match_id, decision(1));
    // The row is locked by the fence: a scan now passes it by rather than waiting.
    during = adopt_orphans(c.b, "b", kOwnerTimeout, 10);
  });
  CHECK(during.empty());
  const std::vector<Lease> after = adopt_orphans(c.b, "b", kOwnerTimeout, 10);
  REQUIRE(after.size() == 1);
  CHECK(after[0].epoch == 2);
  const std::optional<MatchLog> log = load_match_log(c.b, lease.match_id);
  REQUIRE(log);
  CHECK(log->inputs.size() == 1);
}

TEST_CASE("a batch's fence names the leases lost, in one statement, and holds the rest" *
          doctest::skip(on_sqlite())) {
  Cluster c(3);
  c.silence("a");
  // b adopts the first match only.
  c.execute_raw("UPDATE match_owner SET node_id = 'b', epoch = 2 WHERE match_id = " +
                std::to_string(c.leases[0].match_id));
  std::vector<std::int64_t> lost;
  std::vector<Lease> during;
  c.a.transaction([&](Database& tx) {
    lost = lost_leases(tx, "a", c.leases);
    // The rows a still holds are locked until its batch commits: b's scan passes them by.
    during = adopt_orphans(c.b, "b", kOwnerTimeout, 10);
  });
  CHECK(lost == std::vector<std::int64_t>{c.leases[0].match_id});
  CHECK(during.empty());
  CHECK(lost_leases(c.a, "a", {}).empty());
  CHECK(lost_leases(c.a, "a", {Lease{c.leases[1].match_id, 5}}) ==
        std::vector<std::int64_t>{c.leases[1].match_id});
  CHECK(adopt_orphans(c.b, "b", kOwnerTimeout, 10).size() == 2);
}

TEST_CASE("nodes scanning together share the orphans out, each adopted once" *
          doctest::skip(on_sqlite())) {
  Cluster c(5);
  Database node_c = c.t.open();
  register_node(node_c, "c", "10.0.0.3:8080");
  c.silence("a");
  const std::vector<Lease> by_b = adopt_orphans(c.b, "b", kOwnerTimeout, 3);
  const std::vector<Lease> by_c = adopt_orphans(node_c, "c", kOwnerTimeout, 3);
  CHECK(by_b.size() == 3);
  CHECK(by_c.size() == 2);
  for (const Lease& lease : by_c) {
    CHECK(lease.epoch == 2);
    CHECK(std::find_if(by_b.begin(), by_b.end(), [&](const Lease& other) {
            return other.match_id == lease.match_id;
          }) == by_b.end());
  }
  CHECK(query_int(c.t, "SELECT count(*) FROM match_owner WHERE node_id = 'a'") == 0);
}

TEST_CASE("a draining node gives up its matches and adopts none; another takes them" *
          doctest::skip(on_sqlite())) {
  Cluster c(2);
  CHECK(hand_over(c.a, "a") == 2);
  CHECK(owner_of(c.b, c.leases[0].match_id) == std::nullopt);
  CHECK_THROWS_AS(Cluster::commit_input(c.a, "a", c.leases[0], 1), NotOwnerError);
  CHECK(adopt_orphans(c.a, "a", kOwnerTimeout, 10).empty());
  const std::vector<Lease> adopted = adopt_orphans(c.b, "b", kOwnerTimeout, 10);
  REQUIRE(adopted.size() == 2);
  CHECK(adopted[0].epoch == 3);  // one change to nobody, one to b
  const std::vector<NodeRecord> nodes = load_nodes(c.b);
  REQUIRE(nodes.size() == 2);
  CHECK(nodes[0].node_id == "a");
  CHECK(nodes[0].draining);
  CHECK_FALSE(nodes[1].draining);
  // Registering again (a restart) ends the drain.
  register_node(c.a, "a", "10.0.0.1:8080");
  CHECK_FALSE(load_nodes(c.b)[0].draining);
}

TEST_CASE("a finished match's owner row goes, only for the lease that holds it" *
          doctest::skip(on_sqlite())) {
  Cluster c;
  const Lease lease = c.leases.front();
  CHECK_THROWS_AS(release_match(c.b, "b", lease), NotOwnerError);
  CHECK_THROWS_AS(release_match(c.a, "a", Lease{lease.match_id, 7}), NotOwnerError);
  release_match(c.a, "a", lease);
  CHECK(owner_of(c.b, lease.match_id) == std::nullopt);
  CHECK(owned_matches(c.a, "a").empty());
}

TEST_CASE("a heartbeat finds the leases taken or handed over, not those of matches that ended" *
          doctest::skip(on_sqlite())) {
  Cluster c(3);
  release_match(c.a, "a", c.leases[1]);  // its game ended
  // Held, or released by a itself: none taken, although lost_leases counts the released one.
  CHECK(taken_leases(c.a, "a", c.leases).empty());
  CHECK(lost_leases(c.a, "a", c.leases) == std::vector<std::int64_t>{c.leases[1].match_id});
  c.silence("a");
  REQUIRE(adopt_orphans(c.b, "b", kOwnerTimeout, 10).size() == 2);
  CHECK(taken_leases(c.a, "a", c.leases) ==
        std::vector<std::int64_t>{c.leases[0].match_id, c.leases[2].match_id});
}

TEST_CASE("heartbeats keep the database's clock and refuse an unknown node" *
          doctest::skip(on_sqlite())) {
  Cluster c;
  c.silence("a");
  CHECK(load_nodes(c.a)[0].heartbeat_age_ms >= 59'000);
  heartbeat(c.a, "a", 4);
  const NodeRecord a = load_nodes(c.a)[0];
  CHECK(a.heartbeat_age_ms < 59'000);
  CHECK(a.live_matches == 4);
  CHECK_THROWS_AS(heartbeat(c.a, "nobody", 0), StorageError);
}

TEST_CASE("a match offered to a node is that node's to take up, or anyone's once it is silent" *
          doctest::skip(on_sqlite())) {
  Cluster c;
  const std::int64_t first = create_match(c.a, 2, 1, "setup", c.alice, 10);
  const std::int64_t second = create_match(c.a, 2, 1, "setup", c.alice, 10);
  offer_match(c.a, first, "b");
  offer_match(c.a, second, "b");
  CHECK(owner_of(c.a, first) == "b");
  CHECK(owned_matches(c.b, "b").empty());  // offered, not held
  CHECK(adopt_orphans(c.a, "a", kOwnerTimeout, 10).empty());
  const std::vector<Lease> taken = adopt_orphans(c.b, "b", kOwnerTimeout, 1);
  CHECK(taken == std::vector<Lease>{{first, 1}});
  // b falls silent before it takes up the second: a adopts it.
  c.silence("b");
  const std::vector<Lease> adopted = adopt_orphans(c.a, "a", kOwnerTimeout, 10);
  REQUIRE(adopted.size() == 2);
  CHECK(adopted[0] == Lease{first, 2});
  CHECK(adopted[1] == Lease{second, 1});
}

TEST_CASE("the tournament host is one live node, under an epoch the old host cannot write under" *
          doctest::skip(on_sqlite())) {
  Cluster c;
  const TournamentHost first = hold_tournament_host(c.a, "a", kOwnerTimeout);
  CHECK(first.node_id == "a");
  CHECK(first.epoch == 1);
  CHECK(hold_tournament_host(c.b, "b", kOwnerTimeout).node_id == "a");
  CHECK(hold_tournament_host(c.a, "a", kOwnerTimeout).epoch == 1);  // kept, not taken again
  c.a.transaction([&](Database& tx) { check_tournament_host(tx, "a", 1); });

  c.silence("a");
  const TournamentHost second = hold_tournament_host(c.b, "b", kOwnerTimeout);
  CHECK(second.node_id == "b");
  CHECK(second.epoch == 2);
  CHECK_THROWS_AS(c.a.transaction([&](Database& tx) { check_tournament_host(tx, "a", 1); }),
                  StorageError);
  // a wakes up: the role stays with b.
  heartbeat(c.a, "a", 0);
  CHECK(hold_tournament_host(c.a, "a", kOwnerTimeout).node_id == "b");

  // b drains: it gives the role up and cannot take it back; a takes it at once.
  hand_over(c.b, "b");
  release_tournament_host(c.b, "b");
  CHECK(hold_tournament_host(c.b, "b", kOwnerTimeout).node_id.empty());
  const TournamentHost third = hold_tournament_host(c.a, "a", kOwnerTimeout);
  CHECK(third.node_id == "a");
  CHECK(third.epoch == 4);
}

}  // namespace
}  // namespace spacedock::storage
