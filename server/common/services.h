#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/thread_pool.hpp>
#include <cstdint>

#include "server/common/config.h"
#include "server/common/now.h"

namespace spacedock::server {

class Admission;
class BotAccounts;
class Chat;
class Lobby;
class MatchObserver;
class Metrics;
class Persistence;
class QuickMatchQueue;
class Relay;
class SessionRegistry;
struct Throttles;
class Tournaments;
class WebRoot;

// What every part of the server shares.
struct Services {
  const ServerConfig& config;
  boost::asio::io_context& io;
  boost::asio::thread_pool& cpu;  // slow CPU work (password hashing) off the network threads
  Persistence& db;
  Lobby& lobby;
  Metrics& metrics;
  Admission& admission;
  Throttles& throttles;
  SessionRegistry& sessions;
  Chat& chat;
  const BotAccounts& bots;
  QuickMatchQueue& quick_matches;
  const WebRoot& web;
  Tournaments& tournaments;
  // Hears every match that ends: the tournaments, whose tables they may be.
  MatchObserver& match_observer;
  // The game port's TLS, when the server holds a certificate; null: plain HTTP and WebSocket.
  boost::asio::ssl::context* tls;
  // In a cluster with Redis (--redis): requests about matches other nodes run go to them.
  Relay* relay = nullptr;
};

}  // namespace spacedock::server
