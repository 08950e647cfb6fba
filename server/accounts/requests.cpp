// Account requests of a Connection: register, log in, authenticate with a token, log out.
// Password hashing runs on the CPU pool and database work on the persistence thread, so the
// network threads never wait for either.
#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <cctype>

#include "engine/core/text.h"
#include "server/common/metrics.h"
#include "server/common/sessions.h"
#include "server/persistence/persistence.h"
#include "server/relay/relay.h"
#include "server/session/connection.h"
#include "storage/accounts.h"

namespace spacedock::server {
namespace {

namespace asio = boost::asio;

bool valid_username(std::string_view name) {
  if (name.size() < 3 || name.size() > 32) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
  });
}

bool valid_password(std::string_view password) {
  return password.size() >= 8 && password.size() <= 256;
}

v1::Response bad_credentials() {
  return error_response(v1::INVALID_CREDENTIALS, "wrong user name or password");
}

v1::Response busy() {
  return rate_limited("the server is busy checking passwords; retry shortly",
                      std::chrono::milliseconds(200));
}

// The throttles' key for an account name: names are compared case-insensitively.
std::string account_key(std::string_view username) {
  return "account:" + core::lower(username);
}

// A session's public name: the start of its token's digest, in hex. It reveals nothing of the
// token, which the digest is a one-way hash of.
std::string session_id(std::string_view digest) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < 8 && i < digest.size(); ++i) {
    const auto byte = static_cast<unsigned char>(digest[i]);
    out += kHex[byte >> 4];
    out += kHex[byte & 15];
  }
  return out;
}

}  // namespace

LoginThrottle& Connection::address_throttle() const {
  auto& throttles = services_.throttles;
  return services_.config.venue_addresses.contains(address_) ? throttles.by_venue_address
                                                             : throttles.by_address;
}

std::optional<v1::Response> Connection::login_wait(const std::string& username) const {
  const auto now = SteadyClock::now();
  const auto seconds = [](std::chrono::milliseconds wait) {
    return std::to_string(std::chrono::ceil<std::chrono::seconds>(wait).count()) + " s";
  };
  if (auto wait = services_.throttles.by_account.wait(account_key(username), now);
      wait.count() > 0) {
    return rate_limited("too many failed logins for this account; try again in " + seconds(wait),
                        wait);
  }
  if (auto wait = address_throttle().wait(address_.to_string(), now); wait.count() > 0) {
    return rate_limited("too many failed logins from your address; try again in " + seconds(wait),
                        wait);
  }
  return std::nullopt;
}

// Runs `work` on the CPU pool unless too much password work is queued already (then false).
bool Connection::password_job(std::function<void()> work) {
  auto& jobs = services_.throttles.password_jobs;
  if (jobs.fetch_add(1) >= services_.config.max_password_jobs) {
    jobs.fetch_sub(1);
    return false;
  }
  asio::post(services_.cpu, [self = shared_from_this(), work = std::move(work)] {
    work();
    self->services_.throttles.password_jobs.fetch_sub(1);
  });
  return true;
}

void Connection::on_register(const v1::Register& request, Reply reply) {
  if (!valid_username(request.username())) {
    return reply(error_response(v1::BAD_REQUEST,
                                "a user name has 3 to 32 letters, digits, '_', '-' or '.'"));
  }
  if (!valid_password(request.password())) {
    return reply(error_response(v1::BAD_REQUEST, "a password has 8 to 256 bytes"));
  }
  const bool queued = password_job([self = shared_from_this(), username = request.username(),
                                    password = request.password(), reply] {
    std::string hash;
    try {
      hash = hash_password(password, self->services_.config.password_cost);
    } catch (const std::exception& e) {
      spdlog::error("password hashing failed: {}", e.what());
      return reply(internal_error());
    }
    self->services_.db.submit(
        [username, hash](storage::Database& db) {
          storage::create_account(db, username, hash, now_ms());
        },
        [username, reply](std::exception_ptr error) {
          if (!error) {
            spdlog::info("user={} registered", username);
            return reply(v1::Response());
          }
          try {
            std::rethrow_exception(error);
          } catch (const storage::ConstraintError&) {
            reply(error_response(v1::ALREADY_EXISTS, "that user name is taken"));
          } catch (...) {
            reply(internal_error());
          }
        });
  });
  if (!queued) reply(busy());
}

void Connection::on_login(const v1::Login& request, Reply reply) {
  // A throttled attempt is refused before any work, so guessing costs the server nothing.
  if (auto wait = login_wait(request.username())) {
    services_.metrics.logins_throttled_total.Increment();
    return reply(*std::move(wait));
  }
  auto account = std::make_shared<std::optional<storage::Account>>();
  services_.db.submit(
      [account, username = request.username()](storage::Database& db) {
        *account = storage::find_account(db, username);
      },
      [self = shared_from_this(), account, username = request.username(),
       password = request.password(), reply = std::move(reply)](std::exception_ptr error) {
        if (error) return reply(internal_error());
        const bool queued = self->password_job([self, account, username, password, reply] {
          // An unknown name costs the same hashing work as a wrong password, so response times
          // do not reveal which names exist.
          static const std::string decoy =
              hash_password("decoy password", self->services_.config.password_cost);
          const bool known = account->has_value();
          const bool ok =
              verify_password(known ? (*account)->password_hash : decoy, password) && known;
          auto& throttles = self->services_.throttles;
          const std::string key = account_key(username);
          const std::string address = self->address_.to_string();
          if (auto* relay = self->services_.relay) relay->login_attempted(key, address, !ok);
          if (!ok) {
            throttles.login_failed(key, address,
                                   self->services_.config.venue_addresses.contains(self->address_),
                                   SteadyClock::now());
            return reply(bad_credentials());
          }
          throttles.by_account.succeeded(key);
          auto token = new_token();
          const std::int64_t now = now_ms();
          const std::int64_t expires = now + std::chrono::duration_cast<std::chrono::milliseconds>(
                                                 self->services_.config.session_ttl)
                                                 .count();
          self->services_.db.submit(
              [digest = token_digest(token), id = (*account)->id, now, expires](
                  storage::Database& db) { storage::create_session(db, digest, id, now, expires); },
              [self, account, token, expires, reply](std::exception_ptr stored) {
                if (stored) return reply(internal_error());
                asio::post(self->strand_, [self, account, token, expires, reply] {
                  self->logged_in(**account, token, expires, reply);
                });
              });
        });
        if (!queued) reply(busy());
      });
}

void Connection::on_authenticate(const v1::Authenticate& request, Reply reply) {
  auto account = std::make_shared<std::optional<storage::Account>>();
  auto expires = std::make_shared<std::int64_t>(0);
  services_.db.submit(
      [account, expires, digest = token_digest(request.token())](storage::Database& db) {
        const std::int64_t now = now_ms();
        const auto id = storage::find_session(db, digest, now);
        if (!id) return;
        *account = storage::find_account(db, *id);
        for (const auto& session : storage::live_sessions(db, *id, now)) {
          if (session.token_hash == digest) *expires = session.expires_at_ms;
        }
      },
      [self = shared_from_this(), account, expires, token = request.token(),
       reply = std::move(reply)](std::exception_ptr error) {
        if (error) return reply(internal_error());
        if (!account->has_value()) {
          return reply(
              error_response(v1::INVALID_CREDENTIALS, "unknown, revoked or expired token"));
        }
        asio::post(self->strand_, [self, account, expires, token, reply] {
          self->logged_in(**account, token, *expires, reply);
        });
      });
}

void Connection::logged_in(storage::Account account, std::string token, std::int64_t expires_at_ms,
                           const Reply& reply) {
  if (identity_ && identity_->account_id != account.id) unfollow_all();
  identity_ = Identity{account.id, account.username, account.organiser};
  account_id_ = account.id;
  token_digest_ = token_digest(token);
  services_.sessions.add(shared_from_this(), token_digest_, account.id);
  spdlog::info("{}: account={} user={} logged in", peer_, account.id, account.username);
  v1::Response response;
  auto* login = response.mutable_login();
  login->set_token(std::move(token));
  login->set_account_id(static_cast<std::uint64_t>(account.id));
  login->set_username(account.username);
  login->set_expires_at_ms(expires_at_ms);
  login->set_organiser(account.organiser);
  reply(std::move(response));
}

void Connection::logged_out(std::vector<std::shared_ptr<Recipient>> others) {
  services_.sessions.remove(this);
  unfollow_all();
  identity_.reset();
  account_id_ = 0;
  token_digest_.clear();
  for (auto& other : others)
    other->end_session();
}

void Connection::on_logout(Reply reply) {
  if (!require_login(reply)) return;
  services_.db.submit(
      [digest = token_digest_](storage::Database& db) { storage::revoke_session(db, digest); },
      [self = shared_from_this(), reply = std::move(reply)](std::exception_ptr error) {
        if (error) return reply(internal_error());
        asio::post(self->strand_, [self, reply] {
          self->logged_out(self->services_.sessions.with_session(self->token_digest_, self.get()));
          reply(v1::Response());
        });
      });
}

void Connection::on_logout_everywhere(Reply reply) {
  if (!require_login(reply)) return;
  const std::int64_t account = identity_->account_id;
  services_.db.submit(
      [account](storage::Database& db) { storage::revoke_sessions(db, account); },
      [self = shared_from_this(), account, reply = std::move(reply)](std::exception_ptr error) {
        if (error) return reply(internal_error());
        asio::post(self->strand_, [self, account, reply] {
          spdlog::info("{}: account={} logged out everywhere", self->peer_, account);
          self->logged_out(self->services_.sessions.of_account(account, self.get()));
          if (self->services_.relay) self->services_.relay->sessions_revoked(account);
          reply(v1::Response());
        });
      });
}

void Connection::on_list_sessions(Reply reply) {
  auto sessions = std::make_shared<std::vector<storage::Session>>();
  services_.db.submit(
      [sessions, account = identity_->account_id](storage::Database& db) {
        *sessions = storage::live_sessions(db, account, now_ms());
      },
      [sessions, current = token_digest_, reply = std::move(reply)](std::exception_ptr error) {
        if (error) return reply(internal_error());
        v1::Response response;
        auto* list = response.mutable_sessions();
        for (const auto& s : *sessions) {
          auto* info = list->add_sessions();
          info->set_session_id(session_id(s.token_hash));
          info->set_created_at_ms(s.created_at_ms);
          info->set_expires_at_ms(s.expires_at_ms);
          info->set_current(s.token_hash == current);
        }
        reply(std::move(response));
      });
}

}  // namespace spacedock::server
