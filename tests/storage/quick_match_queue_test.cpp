// The quick-match queue across cluster nodes (storage/quick_match_queue.h). The "nodes" are
// connections of their own to one PostgreSQL database, as separate server processes would be.
#include "storage/quick_match_queue.h"

#include <doctest/doctest.h>

#include <chrono>
#include <string>

#include "storage/accounts.h"
#include "storage/ownership.h"
#include "tests/test_database.h"

namespace spacedock::storage {
namespace {

using namespace std::chrono_literals;
using testing::TestDatabase;

constexpr int kIncursions = 1;
constexpr int kStccg = 2;
constexpr int kNoClock = 0;
constexpr auto kNodeTimeout = 10s;

bool on_sqlite() {
  return testing::test_backend() == Backend::kSqlite;
}

struct Nodes {
  TestDatabase t;
  Database a = t.open();
  Database b = t.open();
  std::int64_t alice = create_account(a, "alice", "hash", 1);
  std::int64_t bob = create_account(a, "bob", "hash", 1);
  std::int64_t carol = create_account(a, "carol", "hash", 1);

  Nodes() {
    register_node(a, "a", "10.0.0.1:8080");
    register_node(b, "b", "10.0.0.2:8080");
  }
  static QueuePlace on_a(std::uint64_t connection, std::int64_t account) {
    return {"a", "a#1", connection, account};
  }
  static QueuePlace on_b(std::uint64_t connection, std::int64_t account) {
    return {"b", "b#1", connection, account};
  }
};

TEST_CASE("the queue across nodes refuses an SQLite database" * doctest::skip(!on_sqlite())) {
  TestDatabase t;
  Database db = t.open();
  CHECK_THROWS_AS(pair_or_queue(db, {"a", "a#1", 1, 1}, kIncursions, kNoClock, kNodeTimeout),
                  StorageError);
}

TEST_CASE(
    "players on two nodes are paired oldest first, by game and clock, never with "
    "themselves" *
    doctest::skip(on_sqlite())) {
  Nodes n;
  const Pairing first =
      pair_or_queue(n.a, Nodes::on_a(1, n.alice), kIncursions, kNoClock, kNodeTimeout);
  CHECK_FALSE(first.partner);
  CHECK(first.waiting == 1);
  // Alice again, on another connection: not her own partner. Another game: another queue.
  CHECK_FALSE(
      pair_or_queue(n.b, Nodes::on_b(7, n.alice), kIncursions, kNoClock, kNodeTimeout).partner);
  CHECK_FALSE(pair_or_queue(n.b, Nodes::on_b(8, n.carol), kStccg, kNoClock, kNodeTimeout).partner);
  CHECK_FALSE(pair_or_queue(n.b, Nodes::on_b(9, n.carol), kIncursions, 3, kNodeTimeout).partner);

  const Pairing paired =
      pair_or_queue(n.b, Nodes::on_b(2, n.bob), kIncursions, kNoClock, kNodeTimeout);
  REQUIRE(paired.partner);
  CHECK(*paired.partner == Nodes::on_a(1, n.alice));
  CHECK(paired.waiting == 1);  // alice's second place
  const Pairing next =
      pair_or_queue(n.a, Nodes::on_a(3, n.bob), kIncursions, kNoClock, kNodeTimeout);
  REQUIRE(next.partner);
  CHECK(*next.partner == Nodes::on_b(7, n.alice));
}

TEST_CASE("a place given up, replaced, on a silent node or of a node's earlier run pairs nobody" *
          doctest::skip(on_sqlite())) {
  Nodes n;
  pair_or_queue(n.a, Nodes::on_a(1, n.alice), kIncursions, kNoClock, kNodeTimeout);
  CHECK(leave_queue(n.b, "a#1", 1));
  CHECK_FALSE(leave_queue(n.b, "a#1", 1));

  // A connection asking again keeps one place, for its last request.
  pair_or_queue(n.a, Nodes::on_a(2, n.alice), kIncursions, kNoClock, kNodeTimeout);
  CHECK(pair_or_queue(n.a, Nodes::on_a(2, n.alice), kStccg, kNoClock, kNodeTimeout).waiting == 1);
  CHECK_FALSE(
      pair_or_queue(n.b, Nodes::on_b(5, n.bob), kIncursions, kNoClock, kNodeTimeout).partner);

  // b goes silent: its place goes; a restarts: its earlier run's places go.
  n.b.execute("UPDATE nodes SET heartbeat_at = now() - interval '1 minute' WHERE node_id = 'b'");
  const Pairing after_b =
      pair_or_queue(n.a, Nodes::on_a(3, n.carol), kIncursions, kNoClock, kNodeTimeout);
  CHECK_FALSE(after_b.partner);
  CHECK(after_b.waiting == 1);
  clear_queue_of_node(n.a, "a");
  CHECK_FALSE(pair_or_queue(n.b, Nodes::on_b(6, n.bob), kStccg, kNoClock, kNodeTimeout).partner);
}

}  // namespace
}  // namespace spacedock::storage
