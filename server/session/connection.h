#pragma once

#include <atomic>
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/ip/address.hpp>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "server/common/recipient.h"
#include "server/common/services.h"
#include "server/common/throttle.h"
#include "server/match/match.h"
#include "server/quick_match/queue.h"
#include "spacedock/v1/envelope.pb.h"
#include "storage/accounts.h"
#include "storage/decks.h"

namespace spacedock::server {

// The protocol side of one client connection: who it is, which matches it follows, and its
// requests, handled one at a time in arrival order. Its state lives on the connection's strand.
class Connection : public Recipient, public std::enable_shared_from_this<Connection> {
 public:
  // Queues serialized bytes for the client; callable from any thread.
  using Send = std::function<void(std::shared_ptr<const std::string>)>;

  // Closes the transport, telling the client why; callable from any thread.
  using Close = std::function<void(std::string reason)>;

  Connection(Services& services, boost::asio::any_io_executor strand, Send send, Close close,
             std::string peer, boost::asio::ip::address address);

  // Handles one frame, on the strand; `next` runs once its Response is queued.
  void handle(std::string_view frame, std::function<void()> next);
  void push(const v1::ServerMessage& message) override;
  // The transport closed: stop following matches. On the strand.
  void closed();
  void end_session() override;
  void follow_elsewhere(std::int64_t match_id) override;
  void resume_stored(const v1::Resume& resume) override;
  void host_quick_match(SeatPartner seat_partner) override;
  void push_chat(const v1::ServerMessage& message, std::int64_t speaker) override;

 private:
  using Message = v1::ClientMessage;
  // Who may send a kind of request: anyone, a connection that said Hello, or a logged-in one.
  enum class Access : std::uint8_t { kAnyone, kGreeted, kAccount };
  // The handler of one kind of request (dispatch.cpp).
  struct Route {
    Message::BodyCase body;
    Access access;
    void (*handle)(Connection& connection, const Message& request, const Reply& reply);
  };
  static const Route kRoutes[];
  // The route of a body case; null for one this server does not route.
  static const Route* route_for(int body);
  static void route_tournament(Connection& connection, const Message& request, const Reply& reply);
  // Answers the request by its route, once the connection may send it.
  void dispatch(const Message& request, const Reply& reply);

  // The session's own (connection.cpp).
  void on_hello(const v1::Hello& hello, const Reply& reply);
  void on_ping(const v1::Ping& ping, const Reply& reply);
  Reply reply_for(std::uint64_t request_id, std::function<void()> next);
  bool require_login(const Reply& reply) const;
  // The match, run here or, in a cluster with Redis, relayed to the node that runs it.
  std::shared_ptr<MatchPort> find_match(std::uint64_t id, const Reply& reply);
  // In a cluster with Redis, the match as this connection follows it, if it does: a match
  // followed goes on the way it was followed (through the relay even once this node has adopted
  // it), so that the connection is never two followers of it.
  std::shared_ptr<MatchPort> followed_through_relay(std::uint64_t id) const;
  // Stops following every match and the lobby chat: on close, and when the account on this
  // connection changes, so that nothing meant for one account reaches another.
  void unfollow_all();
  // Wraps a reply so that on success this connection remembers it follows the match.
  Reply tracking(const std::shared_ptr<MatchPort>& match, Reply reply);

  // Accounts (accounts/requests.cpp).
  void on_register(const v1::Register& request, Reply reply);
  void on_login(const v1::Login& request, Reply reply);
  void on_authenticate(const v1::Authenticate& request, Reply reply);
  void on_logout(Reply reply);
  void on_logout_everywhere(Reply reply);
  void on_list_sessions(Reply reply);
  // Logs this connection out and ends the others in `others`.
  void logged_out(std::vector<std::shared_ptr<Recipient>> others);
  void logged_in(storage::Account account, std::string token, std::int64_t expires_at_ms,
                 const Reply& reply);
  bool password_job(std::function<void()> work);

  // Play (match/requests.cpp).
  void on_list_matches(const v1::ListMatches& filter, const Reply& reply);
  // ListMatches for matches that are over: answered from the database.
  void list_stored(const v1::ListMatches& filter, Reply reply);
  void on_join(const v1::JoinMatch& request, const Reply& reply);
  void on_spectate(const v1::Spectate& request, const Reply& reply);
  void on_resume(const v1::Resume& request, const Reply& reply);
  void on_leave(const v1::LeaveMatch& request, const Reply& reply);
  void on_submit(const v1::SubmitDecision& request, const Reply& reply);
  void on_concede(const v1::Concede& request, const Reply& reply);
  void on_get_snapshot(const v1::GetSnapshot& request, const Reply& reply);
  // The match, from memory or, for one that is over, rebuilt from the database (after a restart
  // or once reaped), or in a cluster with Redis relayed to the node that runs it; `then` runs
  // on this connection's strand. NOT_FOUND otherwise.
  void with_match(std::uint64_t id, const Reply& reply,
                  std::function<void(std::shared_ptr<MatchPort>)> then);
  void on_create(const v1::CreateMatch& request, Reply reply);
  // Creates the match once its first seat's deck is known; `bots`: a server bot of that strength
  // takes every other seat (CreateMatch.bot_opponents).
  void create(v1::MatchSetup setup, Identity who, Reply reply, v1::BotStrength bots);

  // The quick-match queue (quick_match/requests.cpp).
  void on_quick_match(const v1::QuickMatch& request, Reply reply);
  // Pairs this player with a waiting one, or queues them; `seat` is checked.
  void queue_for_match(v1::MatchSetup setup, v1::SeatSetup seat, const v1::QuickMatch& request,
                       Identity who, Reply reply);
  // Makes the match of this player (`mine`) and `partner`, both waiting on this node, and
  // seats both in random order.
  void pair_here(v1::MatchSetup setup, QuickMatchQueue::Entry mine, QuickMatchQueue::Entry partner,
                 Reply reply);
  // In a cluster with Redis: pairs this player with the oldest place of every node's queue
  // (storage/quick_match_queue.h), or queues them there; `attempt` counts places found given up.
  void queue_in_cluster(QuickMatchQueue::Entry mine, v1::MatchSetup setup, Reply reply,
                        int attempt);
  // Seated by the node of the player this one was paired with: follows the match from there.
  void follow_quick_match(std::uint64_t id, const QuickMatchQueue::Entry& mine, Reply reply);
  // Offers a bot (Event.quick_match) once the configured wait is over, if still queued.
  void offer_bot_later(v1::Game game, std::int64_t since);
  void on_leave_queue(const Reply& reply);
  // Gives up this connection's place in the queue, here and across the nodes; whether it had one.
  bool leave_quick_match_queue();

  // Tournaments (tournament/requests.cpp): every tournament request.
  void on_tournament(const v1::ClientMessage& request, Reply reply);

  // Replays (replays/requests.cpp).
  void on_get_replay(const v1::GetReplay& request, Reply reply);

  // Chat (chat/requests.cpp).
  void on_follow_lobby_chat(const v1::FollowLobbyChat& request, const Reply& reply);
  void on_send_chat(const v1::SendChat& request, const Reply& reply);
  void on_mute_user(const v1::MuteUser& request, Reply reply);

  // Decks (decks/requests.cpp).
  void on_save_deck(const v1::SaveDeck& request, Reply reply);
  void on_list_decks(Reply reply);
  void on_get_deck(const v1::GetDeck& request, Reply reply);
  void on_rename_deck(const v1::RenameDeck& request, Reply reply);
  void on_delete_deck(const v1::DeleteDeck& request, Reply reply);
  void on_validate_deck(const v1::ValidateDeck& request, Reply reply);
  void on_export_deck(const v1::ExportDeck& request, Reply reply);
  void on_list_cards(const v1::ListCards& request, Reply reply);
  // BAD_REQUEST for a deck list over the size limit.
  std::optional<v1::Response> deck_list_problem(std::string_view list) const;
  // One of this account's decks, handed to `then` on the strand; NOT_FOUND otherwise.
  void with_deck(std::uint64_t deck_id, Reply reply,
                 std::function<void(storage::DeckRecord, Reply)> then);
  // The seat with the stored deck it names (StccgSeatOptions.deck_id) put in as its list.
  void with_seat_deck(v1::SeatSetup seat, Reply reply,
                      std::function<void(v1::SeatSetup, Reply)> then);

  // The answer to a request over this connection's or its address's rate, if it is.
  std::optional<v1::Response> over_rate();
  // The answer to a login that must wait (the account name's or the address's failures), if
  // it must.
  std::optional<v1::Response> login_wait(const std::string& username) const;
  // The failed-login throttle of this connection's address: a venue's, or everyone's.
  LoginThrottle& address_throttle() const;

  Services& services_;
  boost::asio::any_io_executor strand_;
  Send send_;
  Close close_;
  std::string peer_;
  boost::asio::ip::address address_;
  TokenBucket requests_;
  bool greeted_ = false;
  std::optional<Identity> identity_;
  // identity_'s account (0: none), for threads other than the strand: chat delivery.
  std::atomic<std::int64_t> account_id_{0};
  TokenBucket chat_{0.5, 5};  // chat messages: a burst of 5, then one every 2 s
  std::string token_digest_;
  std::map<std::int64_t, std::shared_ptr<MatchPort>> following_;
  // Recent answers by request id, so a retried request is answered, not run, again.
  std::deque<std::pair<std::uint64_t, std::shared_ptr<const std::string>>> answered_;
};

}  // namespace spacedock::server
