#include "server/persistence/persistence.h"

#include <spdlog/spdlog.h>

#include <algorithm>

namespace spacedock::server {
namespace {

constexpr std::size_t kMaxBatch = 512;

}  // namespace

Persistence::Persistence(storage::Database db, prometheus::Histogram* commit_latency,
                         std::chrono::microseconds window, std::string fencing_node)
    : db_(std::move(db)),
      commit_latency_(commit_latency),
      fencing_node_(std::move(fencing_node)),
      window_(window),
      thread_([this] { run(); }) {}

Persistence::~Persistence() {
  stop();
}

void Persistence::submit(Work work, Done done) {
  enqueue({std::move(work), std::move(done), std::nullopt});
}

void Persistence::submit_fenced(storage::Lease lease, Work work, Done done) {
  enqueue({std::move(work), std::move(done), lease});
}

void Persistence::enqueue(Job job) {
  bool wake = false;
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(std::move(job));
    // The thread waits for a first job, or for a full batch: waking it for any other is waste.
    wake = queue_.size() == 1 || queue_.size() == kMaxBatch;
  }
  if (wake) wake_.notify_one();
}

void Persistence::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && !thread_.joinable()) return;
    stopping_ = true;
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
}

std::size_t Persistence::batches() const {
  std::lock_guard lock(mutex_);
  return batches_;
}

std::size_t Persistence::queued() const {
  std::lock_guard lock(mutex_);
  return queue_.size();
}

std::size_t Persistence::jobs() const {
  std::lock_guard lock(mutex_);
  return jobs_;
}

void Persistence::run() {
  std::vector<Job> batch;
  std::vector<std::exception_ptr> errors;
  std::size_t last_batch = 0;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and everything is written
      if (last_batch > 1 && window_.count() > 0) {
        const auto until = std::chrono::steady_clock::now() + window_;
        wake_.wait_until(lock, until, [&] { return stopping_ || queue_.size() >= kMaxBatch; });
      }
      const std::size_t take = std::min(queue_.size(), kMaxBatch);
      batch.assign(std::make_move_iterator(queue_.begin()),
                   std::make_move_iterator(queue_.begin() + static_cast<long>(take)));
      queue_.erase(queue_.begin(), queue_.begin() + static_cast<long>(take));
    }
    errors.assign(batch.size(), nullptr);
    const auto started = std::chrono::steady_clock::now();
    try {
      db_.transaction([&](storage::Database& db) {
        fence(db, batch, errors);
        for (std::size_t i = 0; i < batch.size(); ++i) {
          if (errors[i]) continue;  // fenced out
          try {
            db.savepoint(batch[i].work);
          } catch (...) {
            errors[i] = std::current_exception();
          }
        }
      });
    } catch (const std::exception& e) {
      spdlog::error("database commit failed: {}", e.what());
      const auto failure = std::current_exception();
      for (auto& error : errors)
        error = failure;
    }
    if (commit_latency_)
      Metrics::observe(*commit_latency_, std::chrono::steady_clock::now() - started);
    {
      std::lock_guard lock(mutex_);
      ++batches_;
      jobs_ += batch.size();
    }
    for (std::size_t i = 0; i < batch.size(); ++i)
      batch[i].done(errors[i]);
    last_batch = batch.size();
    batch.clear();
  }
}

void Persistence::fence(storage::Database& db, const std::vector<Job>& batch,
                        std::vector<std::exception_ptr>& errors) const {
  if (fencing_node_.empty()) return;
  std::vector<storage::Lease> leases;
  for (const Job& job : batch) {
    if (job.lease) leases.push_back(*job.lease);
  }
  const std::vector<std::int64_t> lost = storage::lost_leases(db, fencing_node_, leases);
  if (lost.empty()) return;
  for (std::size_t i = 0; i < batch.size(); ++i) {
    const auto& lease = batch[i].lease;
    if (lease && std::find(lost.begin(), lost.end(), lease->match_id) != lost.end())
      errors[i] = std::make_exception_ptr(storage::NotOwnerError(lease->match_id));
  }
}

std::string describe(const std::exception_ptr& error) {
  try {
    std::rethrow_exception(error);
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "an error that is not a std::exception";
  }
}

}  // namespace spacedock::server
