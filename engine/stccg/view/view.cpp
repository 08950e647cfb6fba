#include "engine/stccg/view/view.h"

#include <algorithm>
#include <tuple>

#include "engine/stccg/match.h"

namespace spacedock::stccg {

bool may_see(const Game& game, CardId c, core::Viewer viewer) {
  if (viewer.role == core::Viewer::Role::kJudge || game.rules().all_see(c)) return true;
  // A view granted to one player of a side deck (Tarmin), of a mission's seed cards (Scan), or
  // of cards aboard a ship, or in the opponent's hand or deck (Long-Range Scan, Life-form Scan).
  if (viewer.role == core::Viewer::Role::kPlayer &&
      (game.rules().views_side_deck_card(viewer.seat, c) ||
       game.rules().views_scanned_seed(viewer.seat, c) ||
       game.rules().views_granted(viewer.seat, c)))
    return true;
  const CardState& card = game.state().cards[c];
  // A card in play, or in a hand, is its controller's: an earned artifact goes to the earner's
  // hand whoever seeded it (StccgArtifact.to_hand).
  const Seat holder =
      card.zone == Zone::kPlay || card.zone == Zone::kHand ? card.controller : card.owner;
  return (viewer.is_seat(holder) || (viewer.role == core::Viewer::Role::kPlayer &&
                                     game.rules().knows_as_crew(viewer.seat, c))) &&
         game.rules().owner_sees(c);
}

void identity_to_proto(const State& s, CardId c, v1::StccgCardRef* out) {
  const CardDef& def = s.def(c);
  out->set_card_id(def.id());
  out->set_title(def.title());
  out->set_type(def.type());
}

void ref_to_proto(const Game& game, CardId c, core::Viewer viewer, v1::StccgCardRef* out) {
  const State& s = game.state();
  out->set_owner(s.cards[c].owner);
  if (!may_see(game, c, viewer)) return;
  out->set_handle(s.cards[c].handle);
  identity_to_proto(s, c, out);
}

const std::string& mission_title(const State& s, LocIndex loc) {
  return s.def(s.spaceline[loc].mission).title();
}

namespace {

v1::StccgPhase phase_of(const State& s) {
  if (s.over) return v1::STCCG_PHASE_GAME_OVER;
  for (const Frame& frame : s.frames) {
    const auto* seeding = std::get_if<SeedFrame>(&frame);
    if (!seeding) continue;
    switch (seeding->step) {
      case SeedFrame::Step::kDoorways:
        return v1::STCCG_PHASE_SEED_DOORWAYS;
      case SeedFrame::Step::kMissions:
        return v1::STCCG_PHASE_SEED_MISSIONS;
      case SeedFrame::Step::kDilemmas:
        return v1::STCCG_PHASE_SEED_DILEMMAS;
      default:
        return v1::STCCG_PHASE_SEED_OUTPOSTS;
    }
  }
  return v1::STCCG_PHASE_PLAYING;
}

// Who acts next at the top level: the next seeder while seeding, else the active player.
Seat active_seat(const State& s) {
  for (const Frame& frame : s.frames) {
    if (const auto* seeding = std::get_if<SeedFrame>(&frame)) return seeding->next;
  }
  return s.active;
}

class ViewWriter {
 public:
  ViewWriter(const Game& game, core::Viewer viewer)
      : game_(game),
        s_(game.state()),
        viewer_(viewer),
        children_(s_.cards.size()),
        stored_(s_.cards.size()) {
    for (CardId c : s_.in_play) {
      const CardId host = s_.cards[c].host;
      if (host != kNoCard) children_[host].push_back(c);
    }
    for (std::size_t i = 0; i < s_.cards.size(); ++i) {
      const CardState& card = s_.cards[i];
      if (card.zone == Zone::kStored && card.host != kNoCard)
        stored_[card.host].push_back(static_cast<CardId>(i));
    }
    // By handle, which is random: the order says nothing of which card was stored when.
    for (auto& stored : stored_) {
      std::sort(stored.begin(), stored.end(),
                [&](CardId a, CardId b) { return s_.cards[a].handle < s_.cards[b].handle; });
    }
  }

  void write(v1::StccgView* out) const {
    options_to(s_.options, out->mutable_options());
    out->set_phase(phase_of(s_));
    out->set_turn(s_.turn);
    out->set_active_seat(active_seat(s_));
    out->set_first_seeder(s_.first_seeder);
    for (Seat seat = 0; seat < kPlayers; ++seat)
      player(seat, out->add_players());
    for (std::size_t loc = 0; loc < s_.spaceline.size(); ++loc)
      location(static_cast<LocIndex>(loc), out->add_spaceline());
    for (std::size_t c = 0; c < s_.cards.size(); ++c) {
      if (s_.cards[c].zone == Zone::kResolving) ref(static_cast<CardId>(c), out->add_resolving());
    }
    for (const Frame& frame : s_.frames) {  // the plays on hold, the first held first
      const auto* play = std::get_if<ActionFrame>(&frame);
      if (!play) continue;
      if (play->held && s_.cards[play->action.a].zone == Zone::kHeld)
        ref(play->action.a, out->add_held());
      for (const auto& response : play->responses) {  // a response held in its window
        if (s_.cards[response.second.a].zone == Zone::kHeld)
          ref(response.second.a, out->add_held());
      }
    }
    for (auto it = s_.frames.rbegin(); it != s_.frames.rend(); ++it) {
      if (const auto* attempt = std::get_if<AttemptFrame>(&*it)) {
        this->attempt(*attempt, out->mutable_attempt());
        break;
      }
    }
    for (Seat seat = 0; seat < kPlayers; ++seat) {
      if (s_.winners & (1u << seat)) out->add_winners(seat);
    }
  }

 private:
  void ref(CardId c, v1::StccgCardRef* out) const { ref_to_proto(game_, c, viewer_, out); }

  // Hidden cards are listed only to be counted.
  void listed(const std::vector<CardId>& cards,
              google::protobuf::RepeatedPtrField<v1::StccgCardRef>* out) const {
    for (CardId c : cards) {
      if (may_see(game_, c, viewer_)) ref(c, out->Add());
    }
  }

  void player(Seat seat, v1::StccgPlayer* out) const {
    const PlayerState& p = s_.players[seat];
    out->set_seat(seat);
    out->set_score(p.score);
    out->set_hand_count(static_cast<std::uint32_t>(p.hand.size()));
    out->set_draw_count(static_cast<std::uint32_t>(p.draw.size()));
    out->set_seed_pile_count(static_cast<std::uint32_t>(p.seed_pile.size()));
    listed(p.hand, out->mutable_hand());
    listed(p.seed_pile, out->mutable_seed_pile());
    listed(std::vector<CardId>(p.draw.rbegin(), p.draw.rend()), out->mutable_draw_deck());
    listed(p.discard, out->mutable_discard());
    for (std::size_t i = 0; i < s_.cards.size(); ++i) {
      const auto c = static_cast<CardId>(i);
      const CardState& card = s_.cards[c];
      if (card.zone == Zone::kBonus && card.controller == seat) ref(c, out->add_bonus());
      if (card.zone == Zone::kOutOfPlay && card.owner == seat) ref(c, out->add_out_of_play());
    }
    for (CardId c : s_.in_play) {
      if (s_.cards[c].where == Where::kTable && s_.cards[c].controller == seat)
        in_play(c, out->add_table());
    }
    out->set_card_play_used(p.card_played || p.orders_begun);
    for (int k = 0; k < kSideDeckKinds; ++k) {
      const SideDeck& side = p.side[static_cast<std::size_t>(k)];
      if (side.door == kNoCard && side.cards.empty() && side.used.empty()) continue;
      auto* deck = out->add_side_decks();
      deck->set_kind(static_cast<v1::StccgSideDeck>(k + 1));
      if (side.door != kNoCard) in_play(side.door, deck->mutable_door());
      deck->set_face_down(static_cast<std::uint32_t>(side.cards.size()));
      listed(side.cards, deck->mutable_cards());
      for (CardId c : side.used)
        ref(c, deck->add_used());
    }
  }

  void location(LocIndex loc, v1::StccgLocation* out) const {
    const Location& l = s_.spaceline[loc];
    const auto& mission = s_.def(l.mission).card.mission();
    out->set_index(loc);
    ref(l.mission, out->mutable_mission());
    out->set_seeder(l.seeder);
    if (l.completed_by != kNoSeat) out->set_completed_by(l.completed_by);
    out->set_placement(mission.placement());
    *out->mutable_seeder_end() = mission.seeder_end();
    *out->mutable_other_end() =
        mission.has_opponent_end() ? mission.opponent_end() : mission.seeder_end();
    if (l.copy != kNoCard) {
      ref(l.copy, out->mutable_copy());
      *out->mutable_other_end() = s_.def(l.copy).card.mission().seeder_end();
    }
    for (CardId c : l.seeds) {
      ref(c, out->add_seeds());
      for (CardId held : stored_[c]) {
        auto* entry = out->add_held_seeds();
        ref(c, entry->mutable_holder());
        ref(held, entry->mutable_card());
      }
    }
    std::vector<CardId> here;
    for (CardId c : s_.in_play) {
      const CardState& card = s_.cards[c];
      if (card.loc == loc && (card.where == Where::kSpace || card.where == Where::kSurface))
        here.push_back(c);
    }
    for (CardId c : ordered(here)) {
      const CardState& card = s_.cards[c];
      if (card.where == Where::kSurface) {
        in_play(c, out->add_surface());
      } else if (s_.type(c) == v1::STCCG_CARD_TYPE_FACILITY) {
        in_play(c, out->add_facilities());
      } else {
        in_play(c, out->add_ships());
      }
    }
    for (CardId c : ordered(children_[l.mission]))
      in_play(c, out->add_attached());
    if (viewer_.role != core::Viewer::Role::kPlayer) return;
    if (auto lacking = game_.rules().requirements_lacking(viewer_.seat, loc)) {
      auto* group = out->mutable_your_group();
      for (std::string& term : lacking->terms)
        group->add_lacking(std::move(term));
      group->set_matching_affiliation(lacking->matching);
    }
  }

  void in_play(CardId c, v1::StccgCardInPlay* out) const {
    const CardState& card = s_.cards[c];
    ref(c, out->mutable_card());
    out->set_controller(card.controller);
    out->set_stopped(card.stopped);
    const Engine& rules = game_.rules();
    out->set_damaged(rules.damaged(c));
    const auto type = s_.type(c);
    if (type == v1::STCCG_CARD_TYPE_SHIP && may_see(game_, c, viewer_))
      out->set_range_left(rules.range_left(c));
    if (type == v1::STCCG_CARD_TYPE_SHIP || type == v1::STCCG_CARD_TYPE_FACILITY)
      out->set_hull(rules.hull(c));
    out->set_cloaked(card.cloaked);
    out->set_undocked(card.undocked);
    out->set_face_down(card.face_down);
    out->set_house_arrest(card.arrested);
    if (card.disabled && rules.captivity(c)) {
      out->set_captive(true);
      out->set_unattended(rules.unattended(c));
    } else {
      out->set_disabled(card.disabled);
    }
    if (holds(c)) now(c, out);
    for (CardId child : ordered(children_[c])) {
      in_play(child, s_.cards[child].where == Where::kOn ? out->add_attached() : out->add_aboard());
    }
    for (CardId stored : stored_[c])
      ref(stored, out->add_stored());
  }

  // The viewer holds the card (or judges): its figures as they stand are theirs to know, and a
  // ship's crew too. Anyone else's may owe something to cards they may not see.
  bool holds(CardId c) const {
    return viewer_.role == core::Viewer::Role::kJudge ||
           (viewer_.is_seat(s_.cards[c].controller) && may_see(game_, c, viewer_));
  }

  // The attributes as they stand now and, for a ship, whether its crew staffs it.
  void now(CardId c, v1::StccgCardInPlay* out) const {
    const Engine& rules = game_.rules();
    auto* figures = out->mutable_now();
    if (rules.is_personnel(c)) {
      figures->set_integrity(rules.attribute(c, Attribute::kIntegrity));
      figures->set_cunning(rules.attribute(c, Attribute::kCunning));
      figures->set_strength(rules.attribute(c, Attribute::kStrength));
    } else if (rules.is_ship(c) || rules.is_facility(c)) {
      figures->set_range(rules.attribute(c, Attribute::kRange));
      figures->set_weapons(rules.attribute(c, Attribute::kWeapons));
      figures->set_shields(rules.attribute(c, Attribute::kShields));
    } else {
      out->clear_now();
    }
    if (!rules.is_ship(c)) return;
    const std::string missing = rules.staffing_shortfall(c, rules.crew(c));
    out->set_staffed(missing.empty());
    out->set_staffing_missing(missing);
  }

  // The cards the viewer may see, in the order they entered play, then the hidden ones in an
  // order that tells nothing about which is which.
  std::vector<CardId> ordered(std::vector<CardId> cards) const {
    const auto hidden = std::stable_partition(cards.begin(), cards.end(),
                                              [&](CardId c) { return may_see(game_, c, viewer_); });
    std::sort(hidden, cards.end(), [&](CardId a, CardId b) {
      const CardState& x = s_.cards[a];
      const CardState& y = s_.cards[b];
      return std::tie(x.owner, x.controller, x.stopped) <
             std::tie(y.owner, y.controller, y.stopped);
    });
    return cards;
  }

  void attempt(const AttemptFrame& f, v1::StccgAttempt* out) const {
    out->set_location(f.loc);
    out->set_seat(f.player);
    if (f.vessel != kNoCard) ref(f.vessel, out->mutable_vessel());
    for (CardId c : f.members) {
      if (s_.cards[c].zone == Zone::kPlay) ref(c, out->add_members());
    }
    if (f.current != kNoCard && s_.cards[f.current].zone == Zone::kResolving)
      ref(f.current, out->mutable_dilemma());
  }

  const Game& game_;
  const State& s_;
  core::Viewer viewer_;
  std::vector<std::vector<CardId>> children_;  // cards aboard or played on each card
  std::vector<std::vector<CardId>> stored_;    // cards stored under each card
};

}  // namespace

void project_view(const Game& game, core::Viewer viewer, v1::StccgView* out) {
  ViewWriter(game, viewer).write(out);
}

}  // namespace spacedock::stccg
