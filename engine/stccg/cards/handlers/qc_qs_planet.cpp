// Q's Planet (cards/ABILITIES.md "Q's Planet"; CRD IV.2A; QC supplement): a mission never seeded
// that comes onto the spaceline mid-game, wherever its owner puts it (Engine::insert_mission):
// drawn by the opponent from its owner's Q-Continuum, or played from the hand as the card play
// (kInsertMission). The players then take turns, the owner's opponent first, putting seed cards
// under it, up to three each, from hand, discard pile or open Q's Tent. While it is unsolved on
// the spaceline every player needs 40 points more to win.
#include "engine/stccg/cards/handlers/q_continuum.h"

namespace spacedock::stccg::handlers {
namespace {

constexpr int kQsPlanetSeedsEach = 3;
constexpr int kQsPlanetExtraPoints = 40;

// Not duplicatable: one Q's Planet on the spaceline at a time.
bool qs_planet_on_spaceline(const Engine& e, CardId self) {
  const State& s = e.state();
  return std::any_of(s.spaceline.begin(), s.spaceline.end(), [&](const Location& l) {
    return s.def(l.mission).title() == s.def(self).title();
  });
}

// Every place on the spaceline it may go: left of each location, and at the right end.
std::vector<Action> qs_planet_insertions(const Engine& e, CardId self) {
  std::vector<Action> out;
  for (std::size_t at = 0; at <= e.state().spaceline.size(); ++at)
    out.push_back({ActionKind::kInsertMission, self, kNoCard, static_cast<LocIndex>(at)});
  return out;
}

// The seeding under it, one CardFrame: `player` places next; `sub` keeps each player's count
// (two bits each) and whether they have stopped (bits 4 and 5).
int qs_planet_placed(const CardFrame& f, Seat seat) {
  return (f.sub >> (2 * seat)) & 0b11;
}
bool qs_planet_stopped(const CardFrame& f, Seat seat) {
  return (f.sub >> (4 + seat)) & 1;
}
void qs_planet_stop(CardFrame& f, Seat seat) {
  f.sub = static_cast<std::uint8_t>(f.sub | 1u << (4 + seat));
}

void qs_planet_begin_seeding(Engine& e, CardId self, Seat first) {
  e.state().frames.emplace_back(CardFrame{.card = self, .player = first});
}

// The seed cards `seat` may put under it now: from hand, discard pile or open Q's Tent, no
// special card play needed (CRD IV.2A). Artifacts: one under it in all (tournament), or each
// player's three may all be (casual: rule option qs_planet_one_artifact).
std::vector<CardId> qs_planet_seedable(const Engine& e, CardId self, Seat seat) {
  const State& s = e.state();
  const LocIndex here = s.cards[self].loc;
  const auto& under = s.spaceline[here].seeds;
  const bool artifact_under = std::any_of(under.begin(), under.end(), [&](CardId c) {
    return s.type(c) == v1::STCCG_CARD_TYPE_ARTIFACT;
  });
  const PlayerState& player = s.players[seat];
  std::vector<CardId> from = player.hand;
  from.insert(from.end(), player.discard.begin(), player.discard.end());
  if (e.side_deck_open(seat, SideDeckKind::kQTent)) {
    const auto& tent = player.side_deck(SideDeckKind::kQTent).cards;
    from.insert(from.end(), tent.begin(), tent.end());
  }
  std::vector<CardId> out;
  for (CardId c : from) {
    const bool artifact = s.type(c) == v1::STCCG_CARD_TYPE_ARTIFACT;
    const bool fits =
        artifact ? !(s.options.qs_planet_one_artifact && artifact_under) && !s.def(c).unsupported()
                 : e.check_seed_under(seat, c, here) == Rule::kOk;
    if (fits) out.push_back(c);
  }
  return out;
}

void qs_planet_step(Engine& e, CardFrame& f) {
  State& s = e.state();
  const CardId self = f.card;
  for (;;) {
    const Seat seat = f.player;
    const Seat other = State::other(seat);
    if (s.cards[self].zone != Zone::kMission ||
        (qs_planet_stopped(f, seat) && qs_planet_stopped(f, other))) {
      s.frames.pop_back();  // `f` is gone from here on
      return;
    }
    if (!qs_planet_stopped(f, seat)) {
      const std::vector<CardId> seedable = qs_planet_seedable(e, self, seat);
      std::optional<CardId> chosen = kNoCard;
      if (qs_planet_placed(f, seat) < kQsPlanetSeedsEach && !seedable.empty())
        chosen = e.pick_or_done(seat, seedable);
      if (!chosen) return;
      if (*chosen == kNoCard) {
        qs_planet_stop(f, seat);  // done, or nothing left to put there: they place no more
      } else {
        const LocIndex here = s.cards[self].loc;
        e.move_card(*chosen, Zone::kSeed, Where::kNone, here);
        s.spaceline[here].seeds.push_back(*chosen);
        f.sub = static_cast<std::uint8_t>(f.sub + (1u << (2 * seat)));
      }
    }
    // Turns alternate while both still place.
    if (!qs_planet_stopped(f, other)) f.player = other;
  }
}

// --- Drawn from its owner's Q-Continuum in a Q-Flash: the owner puts it on the spaceline.

void qs_planet_encounter(Engine& e, AttemptFrame& f) {
  const CardId self = f.current;
  const Seat owner = q_owner(f);
  if (qs_planet_on_spaceline(e, self)) return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
  const std::optional<Action> answer = e.take_answer();
  if (!answer) return e.ask(owner, qs_planet_insertions(e, self));
  e.emit(ev::DilemmaResolved{self, e.state().cards[self].def, ev::Outcome::kApplied});
  e.insert_mission(owner, self, answer->loc);
  f.step = e.after_card(f);  // the Q-Flash goes on once the seeding under it is done
  qs_planet_begin_seeding(e, self, State::other(owner));
}

// --- Played from the hand (taken from Q's Tent), as the card play.

void qs_planet_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                     std::vector<Action>& out) {
  if (window || qs_planet_on_spaceline(e, self)) return;
  const std::vector<Action> insertions = qs_planet_insertions(e, self);
  out.insert(out.end(), insertions.begin(), insertions.end());
}

void qs_planet_resolve(Engine& e, ActionFrame& f) {
  // The rules have put it on the spaceline (kInsertMission); the seeding follows once.
  if (f.sub != 1) return;
  f.sub = 2;
  qs_planet_begin_seeding(e, f.action.a, State::other(f.actor));
}

int qs_planet_winning_score(const Engine& e, CardId self, Seat) {
  const State& s = e.state();
  const bool unsolved = s.cards[self].zone == Zone::kMission &&
                        s.spaceline[s.cards[self].loc].completed_by == kNoSeat;
  return kWinningScore + (unsolved ? kQsPlanetExtraPoints : 0);
}

}  // namespace

extern const Handler kQsPlanet{
    .name = "q_s_planet",
    .test = "tests/scenarios/card-qc-qs-planet.scn",
    .plays = qs_planet_plays,
    .resolve = qs_planet_resolve,
    .winning_score = qs_planet_winning_score,
    .step = qs_planet_step,
    .encounter = qs_planet_encounter,
    .choose_label = "choose a seed card to put under Q's Planet",
};

}  // namespace spacedock::stccg::handlers
