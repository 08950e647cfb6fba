#include "clients/cli/board.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <initializer_list>

#include "clients/cli/format.h"
#include "clients/cli/hex_map.h"
#include "clients/cli/stccg_board.h"

namespace spacedock::cli {
namespace {

class Names {
 public:
  explicit Names(const v1::MatchInfo& info) : info_(info) {}
  std::string operator()(std::uint32_t seat) const {
    for (const auto& s : info_.seats()) {
      if (s.seat() == seat) return s.username();
    }
    return "seat " + std::to_string(seat);
  }

 private:
  const v1::MatchInfo& info_;
};

std::string coord(const v1::HexCoord& c) {
  return "(" + std::to_string(c.q()) + "," + std::to_string(c.r()) + ")";
}

std::string dice(std::uint32_t count, std::int32_t flat) {
  return std::to_string(count) + "D6" + (flat ? (flat > 0 ? "+" : "") + std::to_string(flat) : "");
}

std::string header(const v1::IncursionsView& view, const v1::GameSnapshot& snapshot,
                   const Names& name, std::uint64_t match_id, std::uint64_t seq) {
  std::string text = "Match " + std::to_string(match_id) + ", event " + std::to_string(seq) + ": ";
  switch (view.phase()) {
    case v1::INCURSIONS_PHASE_SETUP:
      text += "setting up";
      break;
    case v1::INCURSIONS_PHASE_GAME_OVER: {
      std::vector<std::string> winners;
      for (auto seat : view.winners())
        winners.push_back(name(seat));
      text += "game over, " + outcome_text(winners);
      break;
    }
    default:
      text += "round " + std::to_string(view.round()) + ", turn " + std::to_string(view.turn()) +
              ", " + name(view.active_seat()) + " (seat " + std::to_string(view.active_seat()) +
              ") to act, maneuvers used " + std::to_string(view.maneuvers_used()) + "/" +
              std::to_string(view.maneuvers_allowed());
  }
  text += snapshot.role() == v1::VIEWER_ROLE_PLAYER
              ? "; you are seat " + std::to_string(snapshot.seat())
              : "; you watch";
  return text;
}

// One row of the vessel table; the header uses it too, so the columns line up.
std::string row(const std::string& seat, const std::string& player, const std::string& ship,
                const std::string& at, const std::string& hull, const std::string& shields,
                const std::string& power, const std::string& aux, const std::string& status) {
  char line[256];
  std::snprintf(line, sizeof line, "%-2s %-10.10s %-22.22s %-7s %-6s %-7s %-18s %-3s %s",
                seat.c_str(), player.c_str(), ship.c_str(), at.c_str(), hull.c_str(),
                shields.c_str(), power.c_str(), aux.c_str(), status.c_str());
  std::string text = line;
  text.erase(text.find_last_not_of(' ') + 1);
  return text;
}

std::string vessel_line(const v1::IncursionsView& view, const v1::IncursionsVessel& v,
                        const Names& name) {
  const auto& p = v.power();
  std::string power;
  for (auto value : {p.up(), p.spent(), p.cloak(), p.tractor(), p.diverted()})
    power += (power.empty() ? "" : "/") + std::to_string(value);
  std::string status;
  auto add = [&](const std::string& s) { status += (status.empty() ? "" : ", ") + s; };
  if (v.eliminated()) add("ELIMINATED");
  if (v.cloaked()) add("cloaked");
  if (v.sweep_active()) add("sweep");
  if (v.has_tractoring_seat()) {
    add("beam on " + name(v.tractoring_seat()) + " (" + std::to_string(v.tractor_strength()) + ")");
  }
  for (const auto& holder : view.vessels()) {
    if (holder.has_tractoring_seat() && holder.tractoring_seat() == v.seat())
      add("held by " + name(holder.seat()));
  }
  auto out_of = [](std::int32_t value, std::int32_t max) {
    return std::to_string(value) + "/" + std::to_string(max);
  };
  return row(std::to_string(v.seat()), name(v.seat()), v.ship().name(), coord(v.position()),
             out_of(v.hull(), v.ship().hull()), out_of(v.shields(), v.figures().shields_max()),
             power, v.aux_available() ? "yes" : "no", status);
}

std::string position_word(v1::IncursionsPosition position) {
  std::string word = v1::IncursionsPosition_Name(position).substr(sizeof("INCURSIONS_POSITION"));
  std::transform(word.begin(), word.end(), word.begin(),
                 [](unsigned char ch) { return ch == '_' ? ' ' : std::tolower(ch); });
  return word;
}

// "CRW-HELM Helm Officer (face down, esp 6)".
std::string officer_text(const v1::IncursionsOfficer& officer, const Names& name) {
  std::string text = officer.card().id() + " " + officer.card().title();
  std::vector<std::string> notes;
  if (officer.position() == v1::INCURSIONS_POSITION_CAPTAIN &&
      officer.card().position() != v1::INCURSIONS_POSITION_CAPTAIN)
    notes.push_back("as captain");
  if (officer.position() == v1::INCURSIONS_POSITION_UNSPECIFIED) notes.push_back("no bonuses");
  if (!officer.face_up()) notes.push_back("face down");
  if (officer.assimilated()) notes.push_back("assimilated from " + name(officer.owner_seat()));
  if (officer.position() != v1::INCURSIONS_POSITION_UNSPECIFIED)
    notes.push_back("esp " + std::to_string(officer.espionage_evasion()));
  std::string joined;
  for (const auto& note : notes)
    joined += (joined.empty() ? "" : ", ") + note;
  return text + " (" + joined + ")";
}

std::string hit_line(const v1::IncursionsHit& hit, const Names& name) {
  static const char* const kWeapons[] = {"?", "W1", "W2", "mine"};
  const std::string by = hit.event() ? std::string("the hex")
                         : hit.has_attacking_denizen()
                             ? "denizen #" + std::to_string(hit.attacking_denizen())
                             : name(hit.attacker());
  std::string text = "Hit: " + by + " on " + name(hit.target()) +
                     (hit.target_officer() != v1::INCURSIONS_POSITION_UNSPECIFIED
                          ? "'s " + position_word(hit.target_officer())
                          : std::string()) +
                     " with " + kWeapons[hit.weapon() < 4 ? hit.weapon() : 0] + " for " +
                     std::to_string(hit.damage());
  if (hit.evaded()) text += ", evaded";
  if (hit.evasion_open()) text += ", evasion still open";
  if (hit.shield_power()) {
    text += ", shields " + std::to_string(hit.shield_power()) + " Pwr absorb " +
            std::to_string(hit.absorbed());
  }
  if (hit.defense_slot_used()) text += ", defensive repair chosen";
  return text;
}

}  // namespace

std::vector<std::string> render_board(const v1::GameSnapshot& snapshot, const v1::MatchInfo& info,
                                      std::uint64_t seq) {
  if (snapshot.view_case() == v1::GameSnapshot::kStccg)
    return render_stccg_board(snapshot, info, seq);
  const auto& view = snapshot.incursions();
  const Names name(info);
  std::vector<std::string> lines{header(view, snapshot, name, info.match_id(), seq)};
  for (auto& line : draw_hex_map(view))
    lines.push_back("  " + line);
  lines.push_back(std::string("  (") + kHexMapLegend + ")");
  lines.push_back(
      row("#", "player", "ship", "at", "hull", "shields", "Pwr up/sp/cl/tr/dv", "AUX", ""));
  for (const auto& vessel : view.vessels())
    lines.push_back(vessel_line(view, vessel, name));
  for (const auto& vessel : view.vessels()) {
    if (vessel.officers_size() == 0 && vessel.discard_size() == 0 && vessel.cards_in_deck() == 0)
      continue;
    const auto& f = vessel.figures();
    std::vector<std::string> officers;
    for (const auto& officer : vessel.officers())
      officers.push_back(officer_text(officer, name));
    add_list(lines, name(vessel.seat()) + "'s officers:", officers);
    std::string held;
    if (vessel.shield_layer() > 0)
      held += ", shield layer " + std::to_string(vessel.shield_layer());
    if (vessel.escape_threshold() > 0)
      held += ", held: escapes on 2D6 <= " + std::to_string(vessel.escape_threshold());
    if (vessel.power().out_of_play() > 0)
      held += ", " + std::to_string(vessel.power().out_of_play()) + " Pwr out of play";
    lines.push_back("  figures: shields max " + std::to_string(f.shields_max()) + ", evasion " +
                    std::to_string(f.evasion()) + ", weapons +" + std::to_string(f.weapon_bonus()) +
                    ", repair " + std::to_string(f.repair_points()) + ", espionage evasion " +
                    std::to_string(f.espionage_evasion()) + held);
    std::vector<std::string> discard;
    for (const auto& card : vessel.discard())
      discard.push_back(card.title());
    if (!discard.empty()) add_list(lines, "  discard:", discard);
    if (view.options().mode() != v1::INCURSIONS_MODE_FULL) continue;
    lines.push_back("  cards: " + std::to_string(vessel.cards_in_hand()) + " in hand, " +
                    std::to_string(vessel.cards_in_deck()) + " in the deck");
    std::vector<std::string> hand;
    for (const auto& card : vessel.hand())
      hand.push_back("#" + std::to_string(card.id()) + " " + card.card().title());
    if (!hand.empty()) add_list(lines, "  your hand:", hand);
    std::vector<std::string> tabled;
    for (const auto& t : vessel.tabled()) {
      const std::string state = t.face_down() ? " (face down: out of action)"
                                : t.active()  ? ""
                                              : " (from the next maneuver)";
      tabled.push_back(
          t.card().card().title() +
          (t.controller_seat() != vessel.seat() ? " (" + name(t.controller_seat()) + "'s)" : "") +
          (t.life() > 0 ? ", armour " + std::to_string(t.life()) + " LP" : "") +
          (t.locks() != v1::INCURSIONS_WEAPON_SLOT_UNSPECIFIED
               ? ", locks W" + std::to_string(static_cast<int>(t.locks()))
               : "") +
          state);
    }
    if (!tabled.empty()) add_list(lines, "  tabled:", tabled);
  }
  std::vector<std::string> attached;
  for (const auto& card : view.attached())
    attached.push_back(card.card().title());
  if (!attached.empty()) add_list(lines, "Attached to the next maneuver:", attached);
  std::vector<std::string> declared;
  for (const auto& d : view.responses()) {
    std::string text = name(d.seat()) + ":";
    for (const auto& card : d.cards())
      text += " " + card.card().title();
    declared.push_back(text + " (" + v1::IncursionsActionKind_Name(d.action().kind()) + ")");
  }
  if (!declared.empty()) add_list(lines, "Awaiting responses:", declared);
  std::vector<std::string> piles;
  std::vector<std::string> own;
  for (const auto& pile : view.hexpiles()) {
    piles.push_back((pile.has_owner_seat() ? name(pile.owner_seat()) : std::string("shared")) +
                    " " + std::to_string(pile.remaining()) + " left (" +
                    std::to_string(pile.hexpoints()) + " hexpoints)");
    for (const auto& hex : pile.own_hexes())
      own.push_back(hex.starts_with("hex.") ? hex.substr(4) : hex);
  }
  add_list(lines, "Hexpiles:", piles);
  if (!own.empty()) add_list(lines, "Your hexes left:", own);
  std::vector<std::string> mines;
  for (const auto& mine : view.mines()) {
    mines.push_back(coord(mine.coord()) + " " + name(mine.owner_seat()) + " " +
                    dice(mine.dice(), mine.flat()) + (mine.armed() ? " armed" : " not armed"));
  }
  if (!mines.empty()) add_list(lines, "Mines:", mines);
  std::vector<std::string> denizens;
  for (const auto& d : view.denizens()) {
    std::string text = "#" + std::to_string(d.id()) + " " + d.name() + " " + coord(d.coord()) +
                       " life " + std::to_string(d.life()) + "/" + std::to_string(d.life_max()) +
                       ", " + dice(d.weapon_dice(), d.weapon_flat()) +
                       (d.evasion() ? ", evades on " + std::to_string(d.evasion()) : "");
    if (d.has_dominated_by()) text += ", under " + name(d.dominated_by());
    denizens.push_back(text);
  }
  if (!denizens.empty()) add_list(lines, "Denizens:", denizens);
  if (view.has_hit()) lines.push_back(hit_line(view.hit(), name));
  return lines;
}

}  // namespace spacedock::cli
