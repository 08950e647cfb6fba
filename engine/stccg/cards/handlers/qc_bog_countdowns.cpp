// Cards of Q-Continuum and Blaze of Glory with a countdown icon or a turn-ending effect
// (cards/ABILITIES.md §10): End Transmission, which ends its player's turn at once, Ferengi
// Ingenuity, which holds one personnel stopped for its countdown, and The Sheliak, which
// travels down the spaceline to the mission where it was met.
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kEndTransmission;

namespace {

// --- End Transmission: played on the table as one of its player's orders in their turn, it
// stays there and the turn ends at once: the end-of-turn effects, then the draw (unless the
// rule option end_transmission_draws is off). It is unique: while a copy of its player's is on
// the table, they may play no other.

void end_transmission_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                            std::vector<Action>& out) {
  if (window || e.state().active != seat) return;
  if (first_copy(e, kEndTransmission, seat) != kNoCard) return;
  out.push_back({ActionKind::kPlayInterrupt, self});
}

void end_transmission_resolve(Engine& e, ActionFrame& f) {
  place(e, f.action.a, f.actor);
  if (!e.state().options.end_transmission_draws) {
    Effect no_draw{.kind = EffectKind::kNoDraws, .until = Until::kEndOfTurn};
    no_draw.player = f.actor;
    no_draw.source = f.action.a;
    e.add_effect(no_draw);
  }
  // The turn goes straight to its end once this play is over.
  if (TurnFrame* turn = e.top_frame<TurnFrame>()) turn->step = TurnFrame::Step::kEnd;
}

// --- Ferengi Ingenuity: a member with Computer Skill x2 sees through it: discarded at once.
// Otherwise it goes on the member with Computer Skill of the highest CUNNING (the encountering
// player breaks a tie), who is stopped while it is there, and the others go on. It stays for
// its countdown: it is discarded at the end of the encountering player's third turn after the
// one it was met in. A group without Computer Skill meets a wall (rule option
// ferengi_ingenuity_wall): stopped, the dilemma back under the mission; or it goes on.

// How many of its player's turns have ended with `self` on its host.
Effect& ingenuity_turns(Engine& e, CardId self) {
  for (Effect& x : e.state().effects) {
    if (x.kind == EffectKind::kCounter && x.source == self && x.card != self) return x;
  }
  Effect turns{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
  turns.source = self;
  turns.card = e.state().cards[self].host;
  return e.add_effect(turns);
}

void ferengi_ingenuity(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  // Past its entry: a tie asked about comes back here, not to the duplicate check.
  f.sub = DilemmaStep::kAsking;
  const auto computer = s.db->skills().find("Computer Skill");
  std::vector<CardId> cleverest;
  int top = 0;
  for (CardId c : f.members) {
    const int halves = computer ? e.facts(c).skills[*computer] : 0;
    if (halves >= 4) return e.finish_dilemma(f, ev::Outcome::kOvercome);
    if (halves == 0) continue;
    const int cunning = e.attribute(c, Attribute::kCunning);
    if (cleverest.empty() || cunning > top) cleverest.clear(), top = cunning;
    if (cunning == top) cleverest.push_back(c);
  }
  if (cleverest.empty()) {
    if (!s.options.ferengi_ingenuity_wall) return e.finish_dilemma(f, ev::Outcome::kFailed);
    e.stop_group(f);
    return e.replace_dilemma(f, ev::Outcome::kFailed);
  }
  const auto held = e.pick(f.player, cleverest);
  if (!held) return;
  const CardId self = f.current;
  e.emit(ev::DilemmaResolved{self, s.cards[self].def, ev::Outcome::kApplied});
  place(e, self, f.player, *held);
  ingenuity_turns(e, self);
  e.stop(*held);
  std::erase(f.members, *held);
  std::erase(f.group, *held);
  f.step = e.after_card(f);
}

void ferengi_ingenuity_start_of_turn(Engine& e, CardId self) {
  // Every turn unstops everyone; its host stays stopped while it is there.
  e.stop(e.state().cards[self].host);
}

void ferengi_ingenuity_end_of_turn(Engine& e, CardId self) {
  State& s = e.state();
  if (s.active != s.cards[self].controller) return;
  if (s.turn <= placed_on_turn(e, self)) return;  // the turn it was met in does not count
  Effect& turns = ingenuity_turns(e, self);
  if (++turns.value >= static_cast<int>(s.def(self).card.countdown())) e.to_discard(self);
}

// --- The Sheliak: met, it does not stop the group; it is placed at the far end of the
// spaceline from its mission and, at the end of every turn, moves toward that mission with
// RANGE 6, paying its owner's spans. Arriving there it destroys every facility (outposts,
// stations) and kills every Away Team there, the mission is worth 0 points from then on if
// nobody has solved it (1997 errata; a solved one keeps its points), and it is discarded.

constexpr int kSheliakRange = 6;

// The mission it is heading for: a counter effect of it naming that mission.
CardId sheliak_target(const Engine& e, CardId self) {
  for (const Effect& x : e.state().effects) {
    if (x.kind == EffectKind::kCounter && x.source == self && x.card != self) return x.card;
  }
  return kNoCard;
}

void sheliak_arrives(Engine& e, CardId self, LocIndex loc) {
  State& s = e.state();
  for (CardId c : std::vector<CardId>(s.in_play)) {
    if (!s.in_play_at(c) || s.cards[c].loc != loc) continue;
    if (e.is_facility(c)) {
      e.destroy_vessel(c);
    } else if (s.cards[c].where == Where::kSurface) {
      if (e.is_personnel(c)) {
        e.kill(c);
      } else {
        e.to_discard(c);  // the Away Team's equipment
      }
    }
  }
  if (s.spaceline[loc].completed_by == kNoSeat) {
    Effect worthless{.kind = EffectKind::kMissionPoints, .until = Until::kRemoved};
    worthless.loc = loc;
    worthless.source = self;
    e.add_effect(worthless);
  }
  e.to_discard(self);
}

void the_sheliak(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  const CardId self = f.current;
  const LocIndex last = static_cast<LocIndex>(s.spaceline.size() - 1);
  const LocIndex start = f.loc * 2 <= last ? last : 0;
  e.emit(ev::DilemmaResolved{self, s.cards[self].def, ev::Outcome::kApplied});
  e.move_card(self, Zone::kPlay, Where::kOn, kNoLoc, s.spaceline[start].mission,
              s.cards[self].owner);
  Effect heading{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
  heading.source = self;
  heading.card = s.spaceline[f.loc].mission;
  e.add_effect(heading);
  const LocIndex loc = f.loc;
  f.step = e.after_card(f);
  if (start == loc) sheliak_arrives(e, self, loc);
}

void sheliak_end_of_turn(Engine& e, CardId self) {
  State& s = e.state();
  const CardId target = sheliak_target(e, self);
  if (target == kNoCard || s.cards[self].where != Where::kOn) return;
  const LocIndex goal = e.location_of(target);
  LocIndex here = e.location_of(self);
  int range = kSheliakRange;
  while (here != goal) {
    const auto next = static_cast<LocIndex>(goal > here ? here + 1 : here - 1);
    const int cost = e.move_cost(self, here, next);
    if (cost > range) break;
    range -= cost;
    here = next;
  }
  e.move_card(self, Zone::kPlay, Where::kOn, kNoLoc, s.spaceline[here].mission,
              s.cards[self].controller);
  if (here == goal) sheliak_arrives(e, self, goal);
}

}  // namespace

extern const Handler kTheSheliak{
    .name = "the_sheliak",
    .test = "tests/scenarios/card-countdowns.scn",
    .end_of_turn = sheliak_end_of_turn,
    .encounter = the_sheliak,
};

extern const Handler kFerengiIngenuity{
    .name = "ferengi_ingenuity",
    .test = "tests/scenarios/card-countdowns.scn",
    .start_of_turn = ferengi_ingenuity_start_of_turn,
    .end_of_turn = ferengi_ingenuity_end_of_turn,
    .encounter = ferengi_ingenuity,
    .choose_label = "choose who holds the Ferengi Ingenuity",
};

extern const Handler kEndTransmission{
    .name = "end_transmission",
    .test = "tests/scenarios/card-countdowns.scn",
    .plays = end_transmission_plays,
    .resolve = end_transmission_resolve,
};

}  // namespace spacedock::stccg::handlers
