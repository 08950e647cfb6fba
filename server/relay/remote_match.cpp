#include "server/relay/remote_match.h"

#include <utility>

namespace spacedock::server {

RemoteMatch::RemoteMatch(Relay& relay, std::int64_t match_id, std::uint64_t connection,
                         Identity who)
    : relay_(relay), id_(match_id), connection_(connection), who_(std::move(who)) {}

relay::MatchCall RemoteMatch::call_for(const Identity& who) const {
  relay::MatchCall call;
  call.set_match_id(id_);
  relay::Caller* caller = call.mutable_caller();
  caller->set_node(relay_.address());
  caller->set_connection(connection_);
  caller->set_account_id(who.account_id);
  caller->set_username(who.username);
  caller->set_organiser(who.organiser);
  return call;
}

void RemoteMatch::follow(relay::MatchCall call, v1::Resume resume, Reply reply, bool judging) {
  resume.set_match_id(static_cast<std::uint64_t>(id_));
  // Where the client's stream stands: a Resume's last event, or nothing yet.
  resume.set_last_seq(call.has_resume() ? call.resume().last_seq() : 0);
  // Tracked before the call goes, so that the first event, which may overtake the answer on
  // this node's threads, finds its stream.
  const bool created = relay_.track(connection_, id_, call.caller(), std::move(resume), judging);
  relay_.call(std::move(call),
              [this_relay = &relay_, connection = connection_, id = id_, gone = gone_call(),
               created, reply = std::move(reply)](v1::Response response) mutable {
                if (response.code() != v1::OK && created) {
                  // Refused, or not answered in time: if the owner ran it after all, it lets go.
                  this_relay->untrack(connection, id);
                  this_relay->call(std::move(gone), nullptr);
                }
                reply(std::move(response));
              });
}

void RemoteMatch::join(std::shared_ptr<Recipient>, Identity who, v1::SeatSetup seat,
                       std::string invite_code, Reply reply) {
  relay::MatchCall call = call_for(who);
  *call.mutable_join()->mutable_seat() = std::move(seat);
  call.mutable_join()->set_invite_code(invite_code);
  v1::Resume resume;
  resume.set_invite_code(std::move(invite_code));
  follow(std::move(call), std::move(resume), std::move(reply));
}

void RemoteMatch::spectate(std::shared_ptr<Recipient>, std::int64_t, std::string invite_code,
                           Reply reply) {
  relay::MatchCall call = call_for(who_);
  call.mutable_spectate()->set_invite_code(invite_code);
  v1::Resume resume;
  resume.set_as_spectator(true);
  resume.set_invite_code(std::move(invite_code));
  follow(std::move(call), std::move(resume), std::move(reply));
}

void RemoteMatch::judge(std::shared_ptr<Recipient>, Identity who, Reply reply) {
  relay::MatchCall call = call_for(who);
  call.mutable_judge();
  follow(std::move(call), v1::Resume(), std::move(reply), true);
}

void RemoteMatch::resume(std::shared_ptr<Recipient>, Identity who, const v1::Resume& request,
                         Reply reply) {
  relay::MatchCall call = call_for(who);
  *call.mutable_resume() = request;
  follow(std::move(call), request, std::move(reply));
}

void RemoteMatch::leave(std::shared_ptr<Recipient>, Identity who, Reply reply) {
  relay_.untrack(connection_, id_);
  relay::MatchCall call = call_for(who);
  call.mutable_leave();
  relay_.call(std::move(call), std::move(reply));
}

void RemoteMatch::submit(const Recipient*, Identity who, v1::SubmitDecision request, Reply reply) {
  relay::MatchCall call = call_for(who);
  *call.mutable_submit() = std::move(request);
  relay_.call(std::move(call), std::move(reply));
}

void RemoteMatch::concede(const Recipient*, Identity who, Reply reply) {
  relay::MatchCall call = call_for(who);
  call.mutable_concede();
  relay_.call(std::move(call), std::move(reply));
}

void RemoteMatch::snapshot(std::shared_ptr<Recipient>, Reply reply) {
  relay::MatchCall call = call_for(who_);
  call.mutable_snapshot();
  relay_.call(std::move(call), std::move(reply));
}

void RemoteMatch::chat(const Recipient*, Identity who, std::string text, Reply reply) {
  relay::MatchCall call = call_for(who);
  call.set_chat(std::move(text));
  relay_.call(std::move(call), std::move(reply));
}

void RemoteMatch::disconnected(const Recipient*) {
  relay_.untrack(connection_, id_);
  relay_.call(gone_call(), nullptr);
}

relay::MatchCall RemoteMatch::gone_call() const {
  relay::MatchCall call = call_for(who_);
  call.mutable_gone();
  return call;
}

}  // namespace spacedock::server
