// Q-icon cards met one at a time in a Q-Flash (cards/ABILITIES.md §8; CRD IV.12): `f.player`
// faces them and the other player owns them. Those that stay go on their owner's table (or on
// the mission) and leave, like every used Q-card, face up under their owner's Q-Continuum.
#include "engine/stccg/cards/handlers/q_continuum.h"

#include <algorithm>
#include <climits>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kIntoTheBreach, kPenaltyBox, kWarpCoreBreach;

namespace {

CardId mission_at(const Engine& e, LocIndex loc) {
  return e.state().spaceline[loc].mission;
}

// --- Lemon-Aid: its points (data) to the owner if the player facing it leads by 20 or more.

constexpr int kLemonAidLead = 20;

void lemon_aid(Engine& e, AttemptFrame& f) {
  const auto& players = e.state().players;
  if (players[f.player].score - players[q_owner(f)].score < kLemonAidLead)
    return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
  to_bonus(e, f, q_owner(f), e.state().def(f.current).card.interrupt().points());
}

// --- Subsection Q, Paragraph 10: each player loses a point per card in hand above ten (S-65).

constexpr std::size_t kHandAllowed = 10;

void subsection_q(Engine& e, AttemptFrame& f) {
  for (Seat seat = 0; seat < kPlayers && !e.state().over; ++seat) {
    const std::size_t hand = e.state().players[seat].hand.size();
    if (hand > kHandAllowed) e.score(seat, -static_cast<int>(hand - kHandAllowed), f.current);
  }
  e.finish_dilemma(f, ev::Outcome::kApplied);
}

// --- Go Back Whence Thou Camest: its condition failed, it waits on the mission for the end of
// the turn, when its owner may send one of the facing player's ships there to one of that
// player's outposts (CRD IV.12.B: any outpost, whatever its affiliation).

void go_back_encounter(Engine& e, AttemptFrame& f) {
  if (e.condition_met(f, e.state().def(f.current).condition)) return e.overcome(f);
  stay(e, f, mission_at(e, f.loc));
}

std::vector<CardId> go_back_ships(const Engine& e, CardId self) {
  const State& s = e.state();
  const Seat facing = State::other(s.cards[self].controller);
  const LocIndex loc = s.cards[s.cards[self].host].loc;
  std::vector<CardId> out;
  for (CardId c : s.in_play) {
    const CardState& card = s.cards[c];
    if (e.is_ship(c) && card.controller == facing && card.where == Where::kSpace && card.loc == loc)
      out.push_back(c);
  }
  return out;
}

std::vector<CardId> outposts_of(const Engine& e, Seat seat) {
  const State& s = e.state();
  std::vector<CardId> out;
  for (CardId c : s.in_play) {
    if (e.is_facility(c) && s.cards[c].controller == seat &&
        s.def(c).card.facility().kind() == v1::STCCG_FACILITY_KIND_OUTPOST)
      out.push_back(c);
  }
  return out;
}

void go_back_end_of_turn(Engine& e, CardId self) {
  State& s = e.state();
  s.frames.emplace_back(CardFrame{.card = self, .player = s.cards[self].controller});
}

void go_back_step(Engine& e, CardFrame& f) {
  State& s = e.state();
  const std::vector<CardId> outposts = outposts_of(e, State::other(f.player));
  if (f.sub == 0) {
    const std::vector<CardId> ships = go_back_ships(e, f.card);
    auto ship = ships.empty() || outposts.empty() ? std::optional<CardId>(kNoCard)
                                                  : e.pick_or_done(f.player, ships);
    if (!ship) return;
    f.chosen = *ship;
    f.sub = 1;
  }
  if (f.chosen != kNoCard) {
    auto outpost = e.pick(f.player, outposts);
    if (!outpost) return;
    e.move_card(f.chosen, Zone::kPlay, Where::kSpace, s.cards[*outpost].loc, kNoCard,
                s.cards[f.chosen].controller);
  }
  const CardId self = f.card;
  s.frames.pop_back();  // `f` is gone from here on
  e.to_discard(self);
}

// --- Guilty - Provisionally: a member picked at random dies unless its player accepts the
// plea, which lets the opponent cancel the next battle that player initiates.

void guilty(Engine& e, AttemptFrame& f) {
  if (f.sub == DilemmaStep::kEntry) {
    if (f.members.empty()) return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
    const CardId victim = e.random_member(f.members);
    f.picked = static_cast<std::uint8_t>(std::find(f.members.begin(), f.members.end(), victim) -
                                         f.members.begin());
    f.sub = DilemmaStep::kAsking;
  }
  // The player sees who was picked: choosing them lets them die, done accepts the plea.
  auto dies = e.pick_or_done(f.player, {f.members[f.picked]});
  if (!dies) return;
  if (*dies == kNoCard) {
    Effect right{.kind = EffectKind::kBattleCancellable, .until = Until::kRemoved};
    right.player = f.player;
    right.source = f.current;
    e.add_effect(right);
  } else {
    e.kill(f.members[f.picked]);
    e.prune(f);
  }
  e.finish_dilemma(f, ev::Outcome::kApplied);
}

// --- Aldebaran Serpent: a group no larger than its lowest attribute value is stopped after
// the rest of the Q-Flash and may not attempt this mission again before attempting another;
// the card waits on the mission until then (S-42).

void serpent_encounter(Engine& e, AttemptFrame& f) {
  int lowest = INT_MAX;
  for (CardId c : f.members) {
    const MemberFacts m = e.facts(c);
    lowest = std::min({lowest, m.integrity, m.cunning, m.strength});
  }
  if (static_cast<int>(f.members.size()) > lowest)
    return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
  const CardId self = f.current;
  Effect blocked{.kind = EffectKind::kMissionBlocked, .until = Until::kMissionAttempted};
  blocked.player = f.player;
  blocked.loc = f.loc;
  blocked.source = self;
  blocked.card = self;  // on the card: nullifying it lifts the block
  e.add_effect(blocked);
  f.stop_after_q_flash = true;
  stay(e, f, mission_at(e, f.loc));
}

void serpent_state_check(Engine& e, CardId self) {
  // The block is over (another mission was attempted): the card goes.
  for (const Effect& x : e.state().effects) {
    if (x.kind == EffectKind::kMissionBlocked && x.source == self) return;
  }
  e.to_discard(self);
}

// --- The Higher... The Q-er: unless a CIVILIAN is present, one more Q-card per member with a
// command icon.

void higher_q_er(Engine& e, AttemptFrame& f) {
  const SkillId civilian = SkillTable::of(Classification::kCivilian);
  const bool has_civilian = std::any_of(f.members.begin(), f.members.end(),
                                        [&](CardId c) { return e.facts(c).skills[civilian] > 0; });
  if (has_civilian) return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
  const auto command =
      static_cast<int>(std::count_if(f.members.begin(), f.members.end(), [&](CardId c) {
        return (e.state().def(c).icons & (1u << v1::STCCG_ICON_COMMAND)) != 0;
      }));
  f.q_left = static_cast<std::uint8_t>(std::min(0xff, f.q_left + command));
  e.finish_dilemma(f, ev::Outcome::kApplied);
}

// --- Military Privilege: until any Q-Flash (card data), Federation and Non-Aligned OFFICERs
// are CIVILIANs and the other way round, for both players (CRD IV.12.A).

void military_privilege(Engine& e, AttemptFrame& f) {
  Effect swap{.kind = EffectKind::kClassificationSwap, .until = Until::kSourceLeaves};
  swap.source = f.current;
  swap.value = static_cast<std::int16_t>(static_cast<int>(Classification::kOfficer) |
                                         static_cast<int>(Classification::kCivilian) << 8);
  swap.affiliations = bit(Affiliation::kFederation) | bit(Affiliation::kNonAligned);
  e.add_effect(swap);
  stay(e, f);
}

// --- Into the Breach: not duplicatable; on arrival every damaged ship is fully repaired (a
// Borg Ship is a dilemma, never a ship in play); while it is in play every Warp Core Breach is
// nullified (CRD IV.12.C). Under `breach_repairs_once` off, a ship damaged while it is in play
// is repaired at once too, unless the damage destroys it (IV.12.C).

void breach_encounter(Engine& e, AttemptFrame& f) {
  const State& s = e.state();
  const bool another = std::any_of(s.in_play.begin(), s.in_play.end(),
                                   [&](CardId c) { return s.handler(c) == &kIntoTheBreach; });
  if (another) return e.finish_dilemma(f, ev::Outcome::kDuplicate);
  for (CardId c : std::vector<CardId>(s.in_play)) {
    if (e.is_ship(c) && (e.damaged(c) || e.has_markers(c))) e.repair(c);
  }
  stay(e, f);
}

void breach_state_check(Engine& e, CardId) {
  const State& s = e.state();
  if (!s.options.breach_repairs_once) {
    for (CardId c : std::vector<CardId>(s.in_play)) {
      if (e.is_ship(c) && e.hull(c) > 0 && (e.damaged(c) || e.has_markers(c))) e.repair(c);
    }
  }
  for (CardId c : std::vector<CardId>(s.in_play)) {
    if (s.cards[c].zone != Zone::kPlay || s.handler(c) != &kWarpCoreBreach) continue;
    e.emit(ev::Nullified{c, s.cards[c].def});
    e.to_discard(c);
  }
}

// --- Penalty Box: a member picked at random is set aside on the box (not a captive). A box
// already in play (either player's) takes the new victim instead, its occupant going out of
// play, and the new card is discarded. The box leaving play sends its occupant to its owner's
// hand.

std::vector<CardId> occupants(const Engine& e, CardId box) {
  std::vector<CardId> out;
  for (CardId c : e.state().in_play) {
    if (e.state().cards[c].host == box && e.is_personnel(c)) out.push_back(c);
  }
  return out;
}

void penalty_box(Engine& e, AttemptFrame& f) {
  const State& s = e.state();
  if (f.members.empty()) return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
  const CardId victim = e.random_member(f.members);
  const auto it = std::find_if(s.in_play.begin(), s.in_play.end(),
                               [&](CardId c) { return s.handler(c) == &kPenaltyBox; });
  const CardId box = it != s.in_play.end() ? *it : f.current;
  for (CardId c : occupants(e, box))
    e.move_card(c, Zone::kOutOfPlay);
  if (box == f.current) stay(e, f);
  e.move_card(victim, Zone::kPlay, Where::kOn, kNoLoc, box, s.cards[victim].controller);
  e.prune(f);
  if (box != f.current) e.finish_dilemma(f, ev::Outcome::kApplied);
}

void penalty_box_leaving(Engine& e, CardId self) {
  for (CardId c : occupants(e, self))
    e.move_card(c, Zone::kHand);
}

// --- Incoming Message - The Continuum: its owner may end this Q-Flash now and put the Q-Flash
// at the bottom of the seed cards of another mission, or let it go on.

void incoming_message(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  std::vector<CardId> missions;
  for (LocIndex loc = 0; loc < s.spaceline.size(); ++loc) {
    if (loc != f.loc) missions.push_back(s.spaceline[loc].mission);
  }
  if (f.sub == DilemmaStep::kEntry) {
    if (missions.empty()) return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
    f.sub = DilemmaStep::kAsking;
  }
  if (f.sub == DilemmaStep::kAsking) {
    auto end = e.yes_no(q_owner(f));
    if (!end) return;
    if (!*end) return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
    f.sub = DilemmaStep::kChosen;
  }
  auto where = e.pick(q_owner(f), missions);
  if (!where) return;
  const LocIndex loc = s.cards[*where].loc;
  const CardId flash = f.q_flash;
  s.cards[flash].exposed = true;  // both players have seen it
  e.move_card(flash, Zone::kSeed, Where::kNone, loc);
  s.spaceline[loc].seeds.push_back(flash);  // met last there
  f.q_left = 0;
  e.finish_dilemma(f, ev::Outcome::kApplied);
}

// --- Gift of the Tormentor: 100 points to a player facing it with exactly 0, which wins;
// otherwise into that player's own discard pile, not under the side deck (S-43).

void gift_of_the_tormentor(Engine& e, AttemptFrame& f) {
  if (e.state().players[f.player].score == 0)
    return to_bonus(e, f, f.player, e.state().def(f.current).card.interrupt().points());
  const CardId c = f.current;
  e.emit(ev::DilemmaResolved{c, e.state().cards[c].def, ev::Outcome::kNoTrigger});
  e.move_card(c, Zone::kDiscard, Where::kNone, kNoLoc, kNoCard, f.player);
  f.step = e.after_card(f);
}

}  // namespace

extern const Handler kLemonAid{
    .name = "lemon_aid",
    .test = "tests/scenarios/q-continuum.scn",
    .encounter = lemon_aid,
};

extern const Handler kSubsectionQParagraph10{
    .name = "subsection_q_paragraph_10",
    .test = "tests/scenarios/S-65-point-arithmetic.scn",
    .encounter = subsection_q,
};

extern const Handler kGoBackWhenceThouCamest{
    .name = "go_back_whence_thou_camest",
    .test = "tests/scenarios/q-continuum.scn",
    .end_of_turn = go_back_end_of_turn,
    .step = go_back_step,
    .encounter = go_back_encounter,
    .choose_label = "choose a ship to send back to one of its player's outposts, then the outpost",
};

extern const Handler kGuiltyProvisionally{
    .name = "guilty_provisionally",
    .test = "tests/scenarios/q-continuum.scn",
    .encounter = guilty,
    .choose_label =
        "the personnel picked at random dies (choose them), unless you accept the plea "
        "(done): then the opponent may cancel the next battle you initiate",
};

extern const Handler kAldebaranSerpent{
    .name = "aldebaran_serpent",
    .test = "tests/scenarios/S-42-aldebaran-serpent.scn",
    .state_check = serpent_state_check,
    .encounter = serpent_encounter,
};

extern const Handler kTheHigherTheQEr{
    .name = "the_higher_the_q_er",
    .test = "tests/scenarios/q-continuum.scn",
    .encounter = higher_q_er,
};

extern const Handler kMilitaryPrivilege{
    .name = "military_privilege",
    .test = "tests/scenarios/q-events.scn",
    .encounter = military_privilege,
};

extern const Handler kIntoTheBreach{
    .name = "into_the_breach",
    .test = "tests/scenarios/q-events.scn",
    .state_check = breach_state_check,
    .encounter = breach_encounter,
};

extern const Handler kPenaltyBox{
    .name = "penalty_box",
    .test = "tests/scenarios/q-events.scn",
    .leaving_play = penalty_box_leaving,
    .encounter = penalty_box,
};

extern const Handler kIncomingMessageTheContinuum{
    .name = "incoming_message_the_continuum",
    .test = "tests/scenarios/q-continuum.scn",
    .encounter = incoming_message,
    .question = "end this Q-Flash now and seed the Q-Flash under another mission?",
    .yes_label = "End the Q-Flash and seed it under another mission",
    .no_label = "Let the Q-Flash go on",
    .choose_label = "choose the mission whose seed cards the Q-Flash goes beneath",
};

extern const Handler kGiftOfTheTormentor{
    .name = "gift_of_the_tormentor",
    .test = "tests/scenarios/S-43-gift-of-the-tormentor.scn",
    .encounter = gift_of_the_tormentor,
};

}  // namespace spacedock::stccg::handlers
