// The replay command: every page of a finished match's replay, shown as event lines and, if
// asked, saved to a file as one Replay in protobuf's JSON form.
#include <google/protobuf/util/json_util.h>

#include <fstream>

#include "clients/cli/format.h"
#include "clients/cli/session.h"

namespace spacedock::cli {

namespace asio = boost::asio;

asio::awaitable<void> Session::run_replay(const Command& c) {
  v1::Replay whole;  // the pages joined
  std::uint32_t next = 0;
  do {
    v1::ClientMessage message;
    auto* get = message.mutable_get_replay();
    get->set_match_id(c.match_id);
    get->set_first_event(next);
    if (c.filter == "own") get->set_view(v1::REPLAY_VIEW_PLAYER);
    if (c.filter == "public") get->set_view(v1::REPLAY_VIEW_PUBLIC);
    if (c.filter == "full") get->set_view(v1::REPLAY_VIEW_FULL);
    auto response = co_await request(std::move(message), "replay");
    if (!ok(response)) co_return;
    v1::Replay& page = *response->mutable_replay();
    next = page.next_event();
    for (auto& event : *page.mutable_events())
      *whole.add_events() = std::move(event);
    page.clear_events();
    page.clear_next_event();
    page.clear_first_event();
    if (whole.has_match()) page.clear_match();  // every page repeats the header
    whole.MergeFrom(page);  // the header, views and check, from whichever page carries them
  } while (next != 0);

  say("replay of " + describe_match(whole.match()));
  for (int i = 0; i < whole.events_size(); ++i)
    say("[" + std::to_string(i + 1) + "] " + whole.events(i).text());
  say(whole.check().reproduced()
          ? "the replay reproduces the game's recorded end"
          : "the replay does not reproduce the game: " + whole.check().message());
  if (c.path.empty()) co_return;
  std::string json;
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  if (!google::protobuf::util::MessageToJsonString(whole, &json, options).ok()) {
    co_return say("error: the replay could not be written as JSON");
  }
  std::ofstream out(c.path, std::ios::binary);
  out << json;
  if (!out.flush()) co_return say("error: cannot write " + c.path);
  say("saved the replay to " + c.path);
}

}  // namespace spacedock::cli
