// The seeding phase (§1.3): doorways, missions, cards under missions, outposts. Players seed one
// card at a time, alternating; a step ends when both pass in a row.
#include <algorithm>

#include "engine/stccg/cards/deck.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {
namespace {

ev::Step event_step(SeedFrame::Step step) {
  switch (step) {
    case SeedFrame::Step::kDoorways:
      return ev::Step::kSeedDoorways;
    case SeedFrame::Step::kMissions:
      return ev::Step::kSeedMissions;
    case SeedFrame::Step::kDilemmas:
      return ev::Step::kSeedDilemmas;
    default:
      return ev::Step::kSeedFacilities;
  }
}

bool fits_placement(v1::StccgPlacement card, v1::StccgPlacement mission) {
  return card == v1::STCCG_PLACEMENT_DUAL || mission == v1::STCCG_PLACEMENT_DUAL || card == mission;
}

// A personnel that is a seed card (Data's Body, qc.md) reports for duty aboard its player's
// outpost in the facility step, or goes under a seed card that holds personnel (Cryosatellite).
bool reports_when_seeded(const CardDef& def) {
  return def.type() == v1::STCCG_CARD_TYPE_PERSONNEL && is_seed_card(def);
}

}  // namespace

// `seat`'s seed card under the mission at `loc` that holds `c` and has room left for it
// (Handler::holds_seed: personnel under a Cryosatellite), or kNoCard.
static CardId seed_holder_for(const State& s, Seat seat, CardId c, LocIndex loc) {
  const CardDef& card = s.def(c);
  for (CardId holder : s.spaceline[loc].seeds) {
    const Handler* handler = s.handler(holder);
    if (s.cards[holder].owner != seat || !handler || !handler->holds_seed ||
        !handler->holds_seed(card))
      continue;
    int held = 0;
    for (CardId other = 0; other < s.cards.size(); ++other) {
      if (s.cards[other].zone == Zone::kStored && s.cards[other].host == holder &&
          handler->holds_seed(s.def(other)))
        ++held;
    }
    if (held < handler->seeds_held) return holder;
  }
  return kNoCard;
}

void Engine::step(SeedFrame& f) {
  if (f.step == SeedFrame::Step::kCleanup) {
    finish_seeding();
    return;
  }
  if (auto answer = take_answer()) {
    if (answer->kind == ActionKind::kPass) {
      ++f.passes;
      emit(ev::Passed{f.next});
    } else {
      seed(f.next, *answer);
      f.passes = 0;
    }
    f.next = State::other(f.next);
    if (f.passes >= kPlayers) {
      f.step = static_cast<SeedFrame::Step>(static_cast<int>(f.step) + 1);
      f.passes = 0;
      f.next = s_.first_seeder;
      if (f.step != SeedFrame::Step::kCleanup) emit(ev::StepStarted{event_step(f.step), f.next, 0});
    }
    return;
  }
  ask(f.next, seed_options(f, f.next));
}

std::vector<Action> Engine::seed_options(const SeedFrame& f, Seat seat) const {
  std::vector<Action> options;
  auto offer = [&](Action a) {
    if (check_seed(f, seat, a) == Rule::kOk) options.push_back(a);
  };
  const auto locations = static_cast<LocIndex>(s_.spaceline.size());
  if (f.step == SeedFrame::Step::kDoorways) options = doorway_seeds(seat);
  for (CardId c : s_.players[seat].seed_pile) {
    switch (f.step) {
      case SeedFrame::Step::kMissions:
        if (const LocIndex shared = shared_location(seat, c); shared != kNoLoc) {
          // A copy of a unique mission the opponent seeded joins it.
          offer({ActionKind::kSeedMission, c, s_.spaceline[shared].mission, shared});
          break;
        }
        offer({ActionKind::kSeedMission, c, kNoCard, 0});
        if (locations > 0) offer({ActionKind::kSeedMission, c, kNoCard, 1});
        for (LocIndex between = 1; between < locations; ++between)
          offer({ActionKind::kInsertMission, c, kNoCard, between});
        break;
      case SeedFrame::Step::kDilemmas: {
        // What check_seed asks of the card itself holds for every card of the seed pile, in
        // this step: only check_seed_under's tests depend on where it goes. For a dilemma with
        // no say of its own, that is only whether its placement fits the mission's.
        const CardDef& def = s_.def(c);
        const bool plain_dilemma = def.type() == v1::STCCG_CARD_TYPE_DILEMMA &&
                                   !def.unsupported() && is_seed_card(def) &&
                                   !(def.handler && def.handler->may_seed_under);
        for (LocIndex loc = 0; loc < locations; ++loc) {
          const bool fits = plain_dilemma
                                ? fits_placement(def.card.dilemma().placement(),
                                                 s_.traits(s_.spaceline[loc].mission).placement)
                                : check_seed_under(seat, c, loc) == Rule::kOk;
          if (fits) options.push_back({ActionKind::kSeedUnder, c, kNoCard, loc});
        }
        break;
      }
      case SeedFrame::Step::kFacilities:
        if (reports_when_seeded(s_.def(c))) {
          for (CardId outpost : s_.in_play_where(Where::kSpace))
            offer({ActionKind::kReport, c, outpost});
          break;
        }
        for (LocIndex loc = 0; loc < locations; ++loc)
          offer({ActionKind::kSeedFacility, c, kNoCard, loc});
        offer({ActionKind::kSeedFacility, c});  // on the table (check_seed)
        offer({ActionKind::kPlayFaceDown, c});  // a hidden agenda (hidden_agendas.cpp)
        break;
      default:
        break;
    }
  }
  if (check_seed(f, seat, {ActionKind::kPass}) == Rule::kOk) options.push_back({ActionKind::kPass});
  return options;
}

Rule Engine::check_seed(const SeedFrame& f, Seat seat, const Action& a) const {
  const PlayerState& player = s_.players[seat];
  if (a.kind == ActionKind::kPass) {
    // Every mission is seeded (the deck's six make the spaceline), and an outpost must be seeded
    // when one can be: passing is refused while either is still possible.
    if (f.step == SeedFrame::Step::kMissions ||
        (f.step == SeedFrame::Step::kFacilities && !player.seeded_outpost)) {
      for (CardId c : player.seed_pile) {
        const ActionKind kind = f.step == SeedFrame::Step::kMissions ? ActionKind::kSeedMission
                                                                     : ActionKind::kSeedFacility;
        if (kind == ActionKind::kSeedMission && s_.type(c) == v1::STCCG_CARD_TYPE_MISSION &&
            shared_location(seat, c) != kNoLoc)
          return Rule::kWrongStep;  // it can join the opponent's copy
        for (LocIndex loc = 0; loc < std::max<std::size_t>(1, s_.spaceline.size()); ++loc) {
          if (check_seed(f, seat, {kind, c, kNoCard, loc}) == Rule::kOk) {
            return f.step == SeedFrame::Step::kMissions ? Rule::kWrongStep : Rule::kMustSeedOutpost;
          }
        }
      }
    }
    return Rule::kOk;
  }
  if (a.a == kNoCard || s_.cards[a.a].owner != seat || s_.cards[a.a].zone != Zone::kSeedPile) {
    return Rule::kNotYours;
  }
  const CardDef& def = s_.def(a.a);
  const auto type = def.type();
  // A card whose abilities the engine does not play yet (StccgCard.unsupported) stays in the seed
  // pile, as it stays in the hand; its missions still make the spaceline every deck needs.
  if (def.unsupported() && type != v1::STCCG_CARD_TYPE_MISSION) return Rule::kNotPlayableNow;
  switch (a.kind) {
    case ActionKind::kSeedDoorway: {
      if (f.step != SeedFrame::Step::kDoorways) return Rule::kWrongStep;
      if (type != v1::STCCG_CARD_TYPE_DOORWAY) return Rule::kWrongCardType;
      const auto seeds = doorway_seeds(seat);
      return std::find(seeds.begin(), seeds.end(), a) != seeds.end() ? Rule::kOk
                                                                     : Rule::kFacilityLimit;
    }
    case ActionKind::kSeedMission: {
      if (f.step != SeedFrame::Step::kMissions) return Rule::kWrongStep;
      if (type != v1::STCCG_CARD_TYPE_MISSION) return Rule::kWrongCardType;
      if (def.unique()) {
        for (const Location& l : s_.spaceline) {
          if (l.seeder == seat && s_.traits(l.mission).title == s_.traits(a.a).title)
            return Rule::kAlreadyInPlay;
        }
      }
      const LocIndex shared = shared_location(seat, a.a);
      if (shared != kNoLoc || a.b != kNoCard) {
        return shared != kNoLoc && a.loc == shared && a.b == s_.spaceline[shared].mission
                   ? Rule::kOk
                   : Rule::kSpacelineEnd;
      }
      if (a.loc > 1 || (a.loc == 1 && s_.spaceline.empty())) return Rule::kSpacelineEnd;
      return Rule::kOk;
    }
    case ActionKind::kInsertMission: {  // between two missions: a.loc is the index it takes
      if (f.step != SeedFrame::Step::kMissions) return Rule::kWrongStep;
      if (type != v1::STCCG_CARD_TYPE_MISSION) return Rule::kWrongCardType;
      if (!def.handler || !def.handler->seeds_between_missions) return Rule::kSpacelineEnd;
      return a.loc > 0 && a.loc < s_.spaceline.size() ? Rule::kOk : Rule::kSpacelineEnd;
    }
    case ActionKind::kSeedUnder:
      if (f.step != SeedFrame::Step::kDilemmas) return Rule::kWrongStep;
      return check_seed_under(seat, a.a, a.loc);
    case ActionKind::kSeedFacility:
      if (f.step != SeedFrame::Step::kFacilities) return Rule::kWrongStep;
      if (a.loc == kNoLoc) {
        // Face up on the table, with the outposts: an event, incident or objective whose data
        // says it seeds and that is no hidden agenda (those go face down). A handler changes
        // nothing here: seeded, the card does what it does on the table (Ultimatum), and what it
        // does when played on a target (Commandeer Ship) is for a play from hand.
        const bool table_card = type == v1::STCCG_CARD_TYPE_EVENT ||
                                type == v1::STCCG_CARD_TYPE_INCIDENT ||
                                type == v1::STCCG_CARD_TYPE_OBJECTIVE;
        const auto rule = def.card.seed_rule();
        const bool seeds =
            rule == v1::STCCG_SEED_RULE_SEEDS || rule == v1::STCCG_SEED_RULE_SEEDS_OR_PLAYS;
        return table_card && seeds && !def.unsupported() && !hidden_agenda(a.a)
                   ? Rule::kOk
                   : Rule::kWrongCardType;
      }
      if (type != v1::STCCG_CARD_TYPE_FACILITY) return Rule::kWrongCardType;
      return check_build(seat, a.a, a.loc, /*seeding=*/true);
    case ActionKind::kPlayFaceDown:
      if (f.step != SeedFrame::Step::kFacilities) return Rule::kWrongStep;
      return check_play_face_down(seat, a.a, /*seeding=*/true);
    case ActionKind::kReport: {
      if (f.step != SeedFrame::Step::kFacilities) return Rule::kWrongStep;
      if (!reports_when_seeded(def)) return Rule::kWrongCardType;
      if (Rule r = check_entering(seat, a.a); r != Rule::kOk) return r;
      // Aboard one of the player's own outposts, as it would report there from the hand.
      const CardId outpost = a.b;
      if (outpost == kNoCard || !s_.in_play_at(outpost) || !is_facility(outpost) ||
          s_.def(outpost).card.facility().kind() != v1::STCCG_FACILITY_KIND_OUTPOST ||
          s_.cards[outpost].controller != seat || a.loc != kNoLoc)
        return Rule::kNowhereToReport;
      return report_destination(seat, a.a, outpost, a.loc);
    }
    default:
      return Rule::kWrongStep;
  }
}

Rule Engine::check_seed_under(Seat seat, CardId c, LocIndex loc) const {
  if (loc >= s_.spaceline.size()) return Rule::kNoTarget;
  const CardDef& def = s_.def(c);
  const auto type = def.type();
  if (def.unsupported()) return Rule::kNotPlayableNow;
  // Only a card that is no seed card by itself, or a personnel that seeds, is seeded under
  // another (Deck::seeded).
  if (!is_seed_card(def) || reports_when_seeded(def))
    return seed_holder_for(s_, seat, c, loc) != kNoCard ? Rule::kOk : Rule::kWrongCardType;
  if (def.handler && def.handler->may_seed_under && !def.handler->may_seed_under(*this, loc))
    return Rule::kWrongPlacement;
  const auto mission = s_.traits(s_.spaceline[loc].mission).placement;
  if (type == v1::STCCG_CARD_TYPE_DILEMMA) {
    return fits_placement(def.card.dilemma().placement(), mission) ? Rule::kOk
                                                                   : Rule::kWrongPlacement;
  }
  if (type == v1::STCCG_CARD_TYPE_ARTIFACT) {
    // Tournament rule: one artifact of yours per mission (CRD IV.4), a Cryosatellite excepted:
    // a seed card that holds seeds does not count (the one more artifact it brings is the one).
    const auto holds = [&](CardId x) {
      const Handler* handler = s_.handler(x);
      return handler && handler->holds_seed;
    };
    if (holds(c)) return Rule::kOk;
    for (CardId under : s_.spaceline[loc].seeds) {
      if (s_.cards[under].owner == seat && s_.type(under) == v1::STCCG_CARD_TYPE_ARTIFACT &&
          !holds(under)) {
        return Rule::kFacilityLimit;
      }
    }
    return Rule::kOk;
  }
  // Q-Flash doorways and cards seeded like dilemmas go under missions too (§1.3 step 3).
  const bool q_flash = type == v1::STCCG_CARD_TYPE_DOORWAY &&
                       def.card.doorway().opens() == v1::STCCG_SIDE_DECK_Q_CONTINUUM;
  return q_flash || def.card.seed_rule() == v1::STCCG_SEED_RULE_SEEDS_LIKE_DILEMMA
             ? Rule::kOk
             : Rule::kWrongCardType;
}

void Engine::insert_mission(Seat seat, CardId mission, LocIndex at) {
  Location location;
  s_.set_mission(location, mission);
  location.seeder = seat;
  s_.insert_location(at, std::move(location));
  s_.cards[mission].loc = kNoLoc;  // move_card puts it there, and says so
  move_card(mission, Zone::kMission, Where::kNone, at);
}

void Engine::seed(Seat seat, const Action& a) {
  switch (a.kind) {
    case ActionKind::kSeedDoorway:
      seed_doorway(seat, a.a);
      break;
    case ActionKind::kSeedMission: {
      if (a.b != kNoCard) {
        s_.spaceline[a.loc].copy = a.a;  // onto the opponent's copy: one location
        move_card(a.a, Zone::kMission, Where::kNone, a.loc);
        break;
      }
      // a.loc names an end: 0 the left, 1 the right.
      insert_mission(seat, a.a, static_cast<LocIndex>(a.loc == 0 ? 0 : s_.spaceline.size()));
      break;
    }
    case ActionKind::kInsertMission:
      insert_mission(seat, a.a, a.loc);
      break;
    case ActionKind::kSeedUnder:
      if (const CardId holder = seed_holder_for(s_, seat, a.a, a.loc); holder != kNoCard) {
        move_card(a.a, Zone::kStored, Where::kNone, kNoLoc, holder);  // under it, face down
        break;
      }
      move_card(a.a, Zone::kSeed, Where::kNone, a.loc);
      s_.spaceline[a.loc].seeds.push_back(a.a);  // the first seeded is met first
      break;
    case ActionKind::kSeedFacility:
      if (a.loc == kNoLoc) {  // an event on the table (check_seed)
        move_card(a.a, Zone::kPlay, Where::kTable, kNoLoc, kNoCard, seat);
        break;
      }
      move_card(a.a, Zone::kPlay, Where::kSpace, a.loc);
      // A station seeded (Terraforming Station) is not the outpost every player must seed.
      if (s_.def(a.a).card.facility().kind() != v1::STCCG_FACILITY_KIND_STATION)
        s_.players[seat].seeded_outpost = true;
      break;
    case ActionKind::kPlayFaceDown:
      play_face_down(seat, a.a, /*seeding=*/true);
      break;
    case ActionKind::kReport:  // a personnel that seeds, aboard its player's outpost
      move_card(a.a, Zone::kPlay, Where::kAboard, kNoLoc, a.b, seat);
      break;
    default:
      break;
  }
}

void Engine::finish_seeding() {
  for (Seat seat = 0; seat < kPlayers; ++seat) {
    // Leftover seed cards go out of play; outposts can still be built from hand (A-05 reading).
    const std::vector<CardId> leftovers = s_.players[seat].seed_pile;
    for (CardId c : leftovers) {
      move_card(c, s_.type(c) == v1::STCCG_CARD_TYPE_FACILITY ? Zone::kDrawDeck : Zone::kOutOfPlay);
    }
    shuffle_deck(seat);
  }
  for (int i = 0; i < kOpeningHand; ++i) {
    for (Seat seat = 0; seat < kPlayers; ++seat)
      draw(seat);
  }
  // The player who seeded second takes the first turn (§1.3).
  s_.active = State::other(s_.first_seeder);
  s_.turn = 0;
  s_.frames.pop_back();
}

LocIndex Engine::shared_location(Seat seat, CardId mission) const {
  // Where a copy of a unique mission the opponent seeded already is, when copies share a
  // location.
  const CardDef& def = s_.def(mission);
  if (!s_.options.shared_duplicate_missions || !def.unique()) return kNoLoc;
  for (std::size_t loc = 0; loc < s_.spaceline.size(); ++loc) {
    const Location& l = s_.spaceline[loc];
    if (l.seeder != seat && l.copy == kNoCard &&
        s_.traits(l.mission).title == s_.traits(mission).title)
      return static_cast<LocIndex>(loc);
  }
  return kNoLoc;
}

}  // namespace spacedock::stccg
