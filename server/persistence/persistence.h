#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "server/common/metrics.h"
#include "storage/database.h"
#include "storage/ownership.h"

namespace spacedock::server {

// The one thread that talks to SQLite. Jobs queue up while a batch commits; each batch runs in
// one transaction (group commit, one fsync), every job in its own savepoint so a failing job
// rolls back alone. Under load (the last batch held more than one job) a batch is held open for
// up to `window` after its first job, so that one fsync serves more jobs; an idle server commits
// each job at once. A job's completion runs on this thread after its batch committed, or failed:
// completions must hand their work to the right strand and return at once.
class Persistence {
 public:
  using Work = std::function<void(storage::Database&)>;
  using Done = std::function<void(std::exception_ptr error)>;

  // `commit_latency`, if given, observes each batch's commit. `fencing_node`: in a cluster, this
  // node's id, under which submit_fenced's leases are checked; empty, they are not.
  explicit Persistence(storage::Database db, prometheus::Histogram* commit_latency = nullptr,
                       std::chrono::microseconds window = std::chrono::microseconds(0),
                       std::string fencing_node = {});
  ~Persistence();
  Persistence(const Persistence&) = delete;
  Persistence& operator=(const Persistence&) = delete;

  void submit(Work work, Done done);
  // A write of a match that this node holds under `lease` (cluster mode, storage/ownership.h):
  // the batch's one fence checks every such lease first, and a job whose lease no longer holds
  // does not run; its `done` gets storage::NotOwnerError. Without a fencing node, as submit().
  void submit_fenced(storage::Lease lease, Work work, Done done);

  // Finishes every queued job, then stops the thread.
  void stop();

  // Batches committed and jobs run so far, for metrics.
  std::size_t batches() const;
  std::size_t jobs() const;
  // Jobs waiting.
  std::size_t queued() const;

 private:
  struct Job {
    Work work;
    Done done;
    std::optional<storage::Lease> lease;
  };

  void enqueue(Job job);
  void run();
  // In the batch's transaction: fails, in `errors`, the jobs whose leases no longer hold.
  void fence(storage::Database& db, const std::vector<Job>& batch,
             std::vector<std::exception_ptr>& errors) const;

  storage::Database db_;
  prometheus::Histogram* commit_latency_;
  const std::string fencing_node_;
  const std::chrono::microseconds window_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::vector<Job> queue_;
  bool stopping_ = false;
  std::size_t batches_ = 0;
  std::size_t jobs_ = 0;
  std::thread thread_;
};

// What a failed job's error says, for a log line.
std::string describe(const std::exception_ptr& error);

}  // namespace spacedock::server
