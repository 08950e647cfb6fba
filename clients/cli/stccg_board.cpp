#include "clients/cli/stccg_board.h"

#include <initializer_list>

#include "clients/cli/format.h"

namespace spacedock::cli {
namespace {

std::string seat_name(const v1::MatchInfo& info, std::uint32_t seat) {
  for (const auto& s : info.seats()) {
    if (s.seat() == seat) return s.username();
  }
  return "seat " + std::to_string(seat);
}

// A card by title; a face-down card (no identity for this viewer) as "?".
std::string card(const v1::StccgCardRef& ref) {
  return ref.title().empty() ? "?" : ref.title();
}

std::vector<std::string> titles(const google::protobuf::RepeatedPtrField<v1::StccgCardRef>& refs) {
  std::vector<std::string> out;
  for (const auto& ref : refs)
    out.push_back(card(ref));
  return out;
}

// A card in play with its state and, in brackets, what is aboard and attached to it.
std::string in_play(const v1::StccgCardInPlay& c) {
  std::string text = card(c.card());
  std::string flags;
  auto flag = [&](const std::string& f) { flags += (flags.empty() ? "" : " ") + f; };
  if (c.card().type() == v1::STCCG_CARD_TYPE_SHIP && !c.card().title().empty())
    flag("RANGE " + std::to_string(c.range_left()));
  if (c.stopped()) flag("stopped");
  if (c.damaged()) flag("damaged");
  if (c.hull() > 0 && c.hull() < 100) flag("HULL " + std::to_string(c.hull()) + "%");
  if (c.cloaked()) flag("cloaked");
  if (c.undocked()) flag("undocked");
  if (c.captive()) flag(c.unattended() ? "captive, unattended" : "captive");
  if (c.house_arrest()) flag("house arrest");
  if (!flags.empty()) text += " (" + flags + ")";
  std::string inside;
  for (const auto& a : c.aboard())
    inside += (inside.empty() ? "" : ", ") + in_play(a);
  for (const auto& a : c.attached())
    inside += (inside.empty() ? "" : ", ") + ("on it: " + in_play(a));
  if (!inside.empty()) text += " [" + inside + "]";
  return text;
}

// A side deck: its doorway, how many cards wait face down (named for their owner), and how many
// were used.
std::string side_deck(const v1::StccgSideDeckView& deck) {
  std::string text = deck.kind() == v1::STCCG_SIDE_DECK_BATTLE_BRIDGE ? "Battle Bridge side deck"
                     : deck.kind() == v1::STCCG_SIDE_DECK_Q_TENT      ? "Q's Tent"
                                                                      : "Q-Continuum side deck";
  text += deck.has_door() ? " (open)" : " (not open)";
  text += ": " + std::to_string(deck.face_down()) + " face down";
  if (!deck.used().empty()) text += ", " + std::to_string(deck.used_size()) + " used";
  std::string names;
  for (const auto& c : deck.cards())
    names += (names.empty() ? " [" : ", ") + card(c);
  return text + (names.empty() ? "" : names + "]");
}

std::string phase_text(const v1::StccgView& view, const v1::MatchInfo& info) {
  const std::string active = seat_name(info, view.active_seat());
  switch (view.phase()) {
    case v1::STCCG_PHASE_SEED_DOORWAYS:
      return "seeding doorways, " + active + " next";
    case v1::STCCG_PHASE_SEED_MISSIONS:
      return "seeding missions, " + active + " next";
    case v1::STCCG_PHASE_SEED_DILEMMAS:
      return "seeding dilemmas, " + active + " next";
    case v1::STCCG_PHASE_SEED_OUTPOSTS:
      return "seeding outposts, " + active + " next";
    case v1::STCCG_PHASE_GAME_OVER: {
      std::vector<std::string> winners;
      for (auto seat : view.winners())
        winners.push_back(seat_name(info, seat));
      return "game over, " + outcome_text(winners);
    }
    default:
      return "turn " + std::to_string(view.turn()) + ", " + active + " to play";
  }
}

// The cards in play at a location that `seat` controls, if any, as one labelled list.
void add_side(std::vector<std::string>& lines, const v1::StccgLocation& loc, std::uint32_t seat,
              const std::string& label) {
  std::vector<std::string> items;
  for (const auto* group : {&loc.facilities(), &loc.ships(), &loc.surface()}) {
    for (const auto& c : *group) {
      if (c.controller() != seat) continue;
      items.push_back((group == &loc.surface() ? "planet: " : "") + in_play(c));
    }
  }
  add_list(lines, "     " + label, items);
}

}  // namespace

std::vector<std::string> render_stccg_board(const v1::GameSnapshot& snapshot,
                                            const v1::MatchInfo& info, std::uint64_t seq) {
  const auto& view = snapshot.stccg();
  const bool player = snapshot.role() == v1::VIEWER_ROLE_PLAYER;
  const std::uint32_t me = player ? snapshot.seat() : 0;
  std::vector<std::string> lines{"Match " + std::to_string(info.match_id()) + ", event " +
                                 std::to_string(seq) + ": " + phase_text(view, info) +
                                 (player ? "; you are seat " + std::to_string(me) : "; you watch")};
  for (const auto& p : view.players()) {
    lines.push_back("  " + seat_name(info, p.seat()) + " (seat " + std::to_string(p.seat()) +
                    "): " + std::to_string(p.score()) + " points, hand " +
                    std::to_string(p.hand_count()) + ", draw deck " +
                    std::to_string(p.draw_count()) +
                    (p.seed_pile_count() ? ", seed pile " + std::to_string(p.seed_pile_count())
                                         : std::string()) +
                    (p.card_play_used() ? ", card play used" : ""));
  }
  lines.push_back(view.spaceline().empty() ? "Spaceline: empty" : "Spaceline:");
  // A player sees "you" and the opponent's name; a spectator both names, seat 0 first.
  const std::uint32_t other = 1 - me;
  const std::string mine = player ? "you:" : seat_name(info, me) + ":";
  const std::string theirs = seat_name(info, other) + ":";
  for (const auto& loc : view.spaceline()) {
    std::string head = "  " + std::to_string(loc.index()) + ") " + card(loc.mission()) + " (" +
                       seat_name(info, loc.seeder()) + ")";
    if (loc.has_completed_by()) head += " COMPLETED by " + seat_name(info, loc.completed_by());
    if (loc.seeds_size()) {
      head += ", " + std::to_string(loc.seeds_size()) + " seeded";
      std::string known;
      for (const auto& s : loc.seeds()) {
        if (!s.title().empty()) known += (known.empty() ? ": " : ", ") + s.title();
      }
      head += known;
    }
    lines.push_back(head);
    add_side(lines, loc, me, mine);
    add_side(lines, loc, other, theirs);
    std::vector<std::string> attached;
    for (const auto& a : loc.attached())
      attached.push_back(in_play(a));
    add_list(lines, "     dilemmas:", attached);
  }
  for (const auto& p : view.players()) {
    const std::string who = player && p.seat() == me ? "Your" : seat_name(info, p.seat()) + "'s";
    if (player && p.seat() == me && p.hand().empty()) {
      lines.push_back(who + " hand: empty");
    } else {
      add_list(lines, who + " hand:", titles(p.hand()));
    }
    if (!p.discard().empty()) lines.push_back(who + " discard top: " + card(*p.discard().rbegin()));
    add_list(lines, who + " bonus area:", titles(p.bonus()));
    std::vector<std::string> table;
    for (const auto& c : p.table())
      table.push_back(in_play(c));
    add_list(lines, who + " table:", table);
    for (const auto& deck : p.side_decks())
      lines.push_back(who + " " + side_deck(deck));
  }
  add_list(lines, "Resolving:", titles(view.resolving()));
  if (view.has_attempt()) {
    const auto& a = view.attempt();
    std::string text =
        "Attempt: " + seat_name(info, a.seat()) + " at location " + std::to_string(a.location());
    if (a.has_vessel()) text += " with " + card(a.vessel());
    if (a.has_dilemma()) text += ", facing " + card(a.dilemma());
    lines.push_back(text);
    add_list(lines, "  members:", titles(a.members()));
  }
  return lines;
}

}  // namespace spacedock::cli
