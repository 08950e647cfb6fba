#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "server/common/address_ranges.h"
#include "server/common/crypto.h"

namespace spacedock::server {

// Every setting of a server (spacedock serve's options and configuration file), with its default.
struct ServerConfig {
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;
  std::string db_path = "var/spacedock.db";
  int threads = 2;
  std::uint32_t max_frame_bytes = 64 * 1024;
  // A WebSocket silent this long is closed; the server pings it at half of it, and a client's
  // pong counts as traffic.
  std::chrono::seconds idle_timeout{300};
  // A connection whose unsent messages exceed this is cut off (it may reconnect and resume).
  std::size_t max_queued_bytes = 8 * 1024 * 1024;
  PasswordCost password_cost = PasswordCost::kInteractive;
  // Under load, how long a group commit waits for more decisions to share its fsync.
  std::chrono::microseconds commit_window{1000};
  // Cluster mode (server/cluster/): this node's id among the nodes sharing one PostgreSQL
  // database; empty, the server runs alone and owns every match in its database. A node
  // heartbeats every `heartbeat`; a node silent for `owner_timeout` loses its matches to the
  // others, which look for such orphans every `heartbeat` and adopt up to `adopt_batch` a time.
  std::string node_id;
  std::chrono::milliseconds heartbeat{2000};
  std::chrono::milliseconds owner_timeout{10'000};
  int adopt_batch = 100;
  // The Redis server the nodes relay requests and streams through (server/relay/), as
  // redis://HOST[:PORT] or unix:PATH; empty, a match is served only by the node that runs it.
  // A relayed request unanswered after `relay_timeout` is answered UNAVAILABLE.
  std::string redis_url;
  std::chrono::milliseconds relay_timeout{2000};
  // The node is a GameServer of an Agones fleet: it reports to the SDK sidecar
  // (server/cluster/agones.h). Cluster mode only.
  bool agones = false;
  // Testing only: every match's game seed follows from this number and the match id, so that
  // the same matches, played the same way, end the same on any server. Shuffles become
  // predictable: never on a server people play on. Unset, seeds are random.
  std::optional<std::uint64_t> repeatable_seeds;
  // A state-hash checkpoint is stored every this many inputs of a match, and at its end.
  std::uint32_t snapshot_every = 50;
  // Open connections (HTTP and WebSocket), in total and per client address. By default as many
  // as the file descriptors the process may open allow, 10000 at most; when set, as set.
  std::optional<std::size_t> max_connections;
  std::size_t max_connections_per_address = 64;
  // Requests per second, steady and in a burst, from one connection and from one address.
  double requests_per_second = 200;
  double request_burst = 400;
  double address_requests_per_second = 1000;
  double address_request_burst = 2000;
  // Failed logins allowed before each further attempt must wait (LoginThrottle), for one
  // account name and from one address; and password hashing jobs queued at most.
  int free_login_failures = 5;
  int free_login_failures_per_address = 20;
  int max_password_jobs = 32;
  // A venue's addresses, each shared by many players (a NAT): each gets this many failed logins
  // instead, so that a few players mistyping their passwords do not lock the room out.
  AddressRanges venue_addresses;
  int free_login_failures_per_venue_address = 200;
  // Reverse proxies (terminating TLS, say) whose connections carry their client's address in
  // Forwarded or X-Forwarded-For: that address is then the client's, for every limit, throttle
  // and log line. Nobody else's headers are read.
  AddressRanges trusted_proxies;
  // Where the web client finds card images (Welcome.card_image_template): a URL with {id},
  // {set}, {number} and {slug}; empty: none. The server sends no image; the page may load
  // images from this URL's origin only.
  std::string card_image_template;
  std::string card_image_origin;  // the template's origin, for the Content-Security-Policy
  // TLS on the game port (https:// and wss://) when both are set: PEM files.
  std::string tls_certificate_file;
  std::string tls_key_file;
  // How long a session token works after its Login.
  std::chrono::seconds session_ttl{30 * 24 * 3600};
  // Matches waiting for players that one account may sit in at once.
  std::uint32_t max_waiting_matches = 5;
  // Decks one account may store, and the largest deck list taken (SaveDeck, ValidateDeck).
  int max_decks_per_account = 100;
  std::size_t max_deck_list_bytes = 16 * 1024;
  // Judges see a match as it stood this long ago, refreshed this often (Spectate.as_judge).
  std::chrono::milliseconds judge_delay{120'000};
  std::chrono::milliseconds judge_interval{10'000};
  // A player of a timed match may be away this long before its DisconnectOutcome applies.
  std::chrono::milliseconds disconnect_grace{60'000};
  // How long a server bot waits before it answers, so that people can follow its moves.
  std::chrono::milliseconds bot_think{400};
  // A player waiting in the quick-match queue this long is offered a bot.
  std::chrono::milliseconds quick_match_bot_offer{20'000};
  // A replay page's events stop once they pass this (GetReplay).
  std::size_t replay_page_bytes = 48 * 1024;
  // How long a minute of a tournament's settings (round time, no-show time) lasts: a minute,
  // but tests shorten it so that a round's time can run out while they wait.
  std::chrono::milliseconds tournament_minute{60'000};
  // Finished matches nobody follows leave memory after this long.
  std::chrono::seconds finished_match_ttl{600};
  std::string port_file;
  // The browser client served at "/" (clients/web, built by the normal build).
  std::string web_root = SPACEDOCK_WEB_ROOT;
};

}  // namespace spacedock::server
