// Blaze of Glory's hidden agendas (cards/ABILITIES.md "Hidden agendas"; the mechanism is
// rules/hidden_agendas.cpp): each may be played face up like an event, or seeded or played face
// down and revealed later. Face down, a card here does nothing: every hook first asks whether its
// card is in effect.
#include "engine/stccg/cards/handlers/hidden_agendas.h"

#include <algorithm>
#include <array>
#include <bitset>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

namespace {

// --- Fajo's Gallery: whenever a unique personnel becomes its controller's captive, they may
// draw two cards; whenever their Mona Lisa comes into play, one. Each draw is offered once what
// triggered it is over (a marker of the Gallery waits for it, its value the cards owed), as a
// yes-or-no choice. Its controller's Mona Lisas in play are marked as seen by the Gallery (a
// marker on the Gallery whose source is the Mona Lisa, gone when she leaves play), those already
// there when it comes into effect without a draw. (Fajo-icon cards are in none of the sets.)

constexpr int kGalleryDraws = 2;
constexpr int kGalleryMonaLisaDraws = 1;

bool gallery_marker(const Effect& x, CardId gallery, CardId source) {
  return x.kind == EffectKind::kCounter && x.flag && x.card == gallery && x.source == source;
}

// Marks the Gallery's controller's Mona Lisas not seen yet; with `owing`, each owes a draw.
void gallery_sees_mona_lisas(Engine& e, CardId self, bool owing) {
  const State& s = e.state();
  // Runs at every state check: the type is asked before the title. Adding an effect leaves
  // the list of cards in play alone.
  for (CardId c : s.in_play) {
    if (s.type(c) != v1::STCCG_CARD_TYPE_ARTIFACT || s.def(c).title() != "Mona Lisa" ||
        s.cards[c].controller != s.cards[self].controller ||
        std::any_of(s.effects.begin(), s.effects.end(),
                    [&](const Effect& x) { return gallery_marker(x, self, c); }))
      continue;
    Effect seen{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves, .flag = true};
    seen.source = c;
    seen.card = self;
    e.add_effect(seen);
    if (!owing) continue;
    Effect owed{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
    owed.source = self;
    owed.card = c;
    owed.value = kGalleryMonaLisaDraws;
    e.add_effect(owed);
  }
}

void gallery_captive_taken(Engine& e, CardId self, CardId personnel, Seat captor) {
  const State& s = e.state();
  if (!agenda_in_effect(e, self) || s.cards[self].controller != captor ||
      !s.def(personnel).unique())
    return;
  Effect owed{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
  owed.source = self;
  owed.card = personnel;
  owed.value = kGalleryDraws;
  e.add_effect(owed);
}

void gallery_state_check(Engine& e, CardId self) {
  State& s = e.state();
  if (s.decision_open || !agenda_in_effect(e, self)) return;
  // The first check in effect marks the Mona Lisas already there (the marker on itself says so).
  const bool first = std::none_of(s.effects.begin(), s.effects.end(),
                                  [&](const Effect& x) { return gallery_marker(x, self, self); });
  if (first) {
    Effect looking{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves, .flag = true};
    looking.source = self;
    looking.card = self;
    e.add_effect(looking);
  }
  gallery_sees_mona_lisas(e, self, !first);
  const auto owed = std::find_if(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kCounter && !x.flag && x.source == self && x.card != self;
  });
  if (owed == s.effects.end()) return;
  const auto draws = static_cast<std::uint8_t>(owed->value);
  s.effects.erase(owed);
  s.frames.emplace_back(CardFrame{.card = self, .player = s.cards[self].controller, .sub = draws});
}

// `f.sub`: the cards the draw takes.
void gallery_step(Engine& e, CardFrame& f) {
  auto draw = e.yes_no(f.player);
  if (!draw) return;
  const Seat player = f.player;
  const int draws = f.sub;
  e.state().frames.pop_back();  // `f` is gone from here on
  if (!*draw) return;
  for (int i = 0; i < draws && !e.state().over; ++i)
    e.draw(player);
}

// --- Prepare the Prisoner: once per turn, its controller may put a capturing-related card from
// their hand at the bottom of their draw deck or in their discard pile (their choice, asked as a
// yes-or-no question), then draw one card. Its two other functions are read by Brainwash and
// Rescue Captives (prisoner_prepared).

void prepare_prisoner_orders(const Engine& e, Seat seat, CardId self, std::vector<Action>& out) {
  if (!agenda_in_effect(e, self) || use_spent(e, self)) return;
  for (CardId c : e.state().players[seat].hand) {
    if (agenda_has_keyword(e, c, "Capturing-related card"))
      out.push_back({ActionKind::kUseCard, self, c});
  }
}

void prepare_prisoner_resolve(Engine& e, ActionFrame& f) {
  if (f.action.kind != ActionKind::kUseCard) return place_on_table(e, f);  // played face up
  const CardId self = f.action.a;
  const CardId card = f.action.b;
  spend_use(e, self, f.actor, Until::kEndOfTurn);
  if (!agenda_in_effect(e, self) || e.state().cards[card].zone != Zone::kHand) return;
  e.state().frames.emplace_back(CardFrame{.card = self, .player = f.actor, .chosen = card});
}

void prepare_prisoner_step(Engine& e, CardFrame& f) {
  auto to_deck = e.yes_no(f.player);
  if (!to_deck) return;
  const Seat player = f.player;
  const CardId card = f.chosen;
  e.state().frames.pop_back();  // `f` is gone from here on
  if (*to_deck) {
    e.move_card(card, Zone::kDrawDeck);
    auto& deck = e.state().players[player].draw;
    std::rotate(deck.begin(), deck.end() - 1, deck.end());  // the top is the back: to the bottom
  } else {
    e.move_card(card, Zone::kDiscard);
  }
  e.draw(player);
}

// --- Captured: in its controller's turn, an Away Team of theirs with no Borg in it takes one
// opposing personnel on the same planet captive, picked at random, when it outnumbers the
// opposing personnel there in SECURITY or in hand weapons; the incident is then discarded. Its
// other use, after a stun in personnel battle, waits for battles that stun (the 1997 battle has
// none).

int captured_incident_security(const Engine& e, const std::vector<CardId>& group) {
  const SkillId security = SkillTable::of(Classification::kSecurity);
  int halves = 0;
  for (CardId c : group)
    halves += e.facts(c).skills[security];
  return halves;
}

int captured_incident_hand_weapons(const Engine& e, Seat seat, LocIndex loc) {
  int weapons = 0;
  for (CardId c : e.state().in_play) {
    const CardState& card = e.state().cards[c];
    if (card.controller == seat && card.where == Where::kSurface && card.loc == loc &&
        agenda_has_keyword(e, c, "hand weapon"))
      ++weapons;
  }
  return weapons;
}

// The team of `seat`'s on the planet at `loc` that holds `member`, if it may capture there.
std::vector<CardId> captured_incident_team(const Engine& e, Seat seat, LocIndex loc,
                                           CardId member) {
  for (const auto& team : e.away_teams(seat, loc)) {
    if (std::find(team.begin(), team.end(), member) == team.end()) continue;
    const bool borg = std::any_of(team.begin(), team.end(), [&](CardId c) {
      return (e.affiliations(c) & bit(Affiliation::kBorg)) != 0;
    });
    if (borg) return {};
    const Seat other = State::other(seat);
    const auto foes = e.on_surface(other, loc);
    if (foes.empty()) return {};
    const bool outnumbers =
        captured_incident_security(e, team) > captured_incident_security(e, foes) ||
        captured_incident_hand_weapons(e, seat, loc) >
            captured_incident_hand_weapons(e, other, loc);
    return outnumbers ? team : std::vector<CardId>{};
  }
  return {};
}

void captured_incident_orders(const Engine& e, Seat seat, CardId self, std::vector<Action>& out) {
  if (!agenda_in_effect(e, self)) return;
  // Only a planet where both players have someone: most have neither.
  const State& s = e.state();
  std::array<std::bitset<kMaxLocations>, kPlayers> present;
  for (CardId c : s.in_play_where(Where::kSurface)) {
    if (s.cards[c].controller < kPlayers) present[s.cards[c].controller][s.cards[c].loc] = true;
  }
  const auto both = present[seat] & present[State::other(seat)];
  for (LocIndex loc = 0; loc < s.spaceline.size(); ++loc) {
    if (!both[loc]) continue;
    for (const auto& team : e.away_teams(seat, loc)) {
      if (!captured_incident_team(e, seat, loc, team.front()).empty())
        out.push_back({ActionKind::kUseCard, self, team.front()});
    }
  }
}

void captured_incident_resolve(Engine& e, ActionFrame& f) {
  if (f.action.kind != ActionKind::kUseCard) return place_on_table(e, f);  // played face up
  const CardId self = f.action.a;
  const CardId member = f.action.b;
  if (!agenda_in_effect(e, self) || !e.state().in_play_at(member)) return;
  const LocIndex loc = e.location_of(member);
  if (captured_incident_team(e, f.actor, loc, member).empty()) return;
  const CardId victim = e.random_member(e.on_surface(State::other(f.actor), loc));
  if (e.state().cards[self].zone == Zone::kPlay && e.state().cards[self].where == Where::kTable)
    e.to_discard(self);
  // A random pick to be captured: its controller may answer it (Security Sacrifice), and the
  // team escorts the captive.
  e.picked_at_random(victim, WindowKind::kPickedForCapture);
}

// --- Prisoner Exchange: in its controller's turn, they free one of their captives at a location
// where its owner and they both have a ship or facility; it boards its owner's. In return (their
// choice, yes or no) they either free every personnel of theirs held captive at that location,
// who board their ship or facility there, or download one personnel of theirs aboard it; then
// the incident is discarded. "As many as you like" is read as all of them: keeping one of your
// own personnel captive is never wanted.

// A ship or facility of `seat`'s in space at `loc`, or kNoCard.
CardId exchange_vessel(const Engine& e, Seat seat, LocIndex loc) {
  for (CardId c : e.state().in_play) {
    const CardState& v = e.state().cards[c];
    if (v.controller == seat && v.where == Where::kSpace && v.loc == loc && !v.cloaked &&
        (e.is_ship(c) || e.is_facility(c)))
      return c;
  }
  return kNoCard;
}

void exchange_orders(const Engine& e, Seat seat, CardId self, std::vector<Action>& out) {
  if (!agenda_in_effect(e, self)) return;
  for (const Effect& x : e.state().effects) {
    if (x.kind != EffectKind::kCaptive || x.player != seat) continue;
    // Both players need a ship or facility there: the freed board them.
    const Seat owner = e.state().cards[x.card].owner;
    const LocIndex loc = e.location_of(x.card);
    if (owner != seat && exchange_vessel(e, owner, loc) != kNoCard &&
        exchange_vessel(e, seat, loc) != kNoCard)
      out.push_back({ActionKind::kUseCard, self, x.card});
  }
}

void exchange_resolve(Engine& e, ActionFrame& f) {
  if (f.action.kind != ActionKind::kUseCard) return place_on_table(e, f);  // played face up
  const CardId self = f.action.a;
  const CardId captive = f.action.b;
  const Effect* held = e.captivity(captive);
  if (!agenda_in_effect(e, self) || !held || held->player != f.actor) return;
  const Seat owner = e.state().cards[captive].owner;
  const LocIndex loc = e.location_of(captive);
  const CardId home = exchange_vessel(e, owner, loc);
  if (home == kNoCard) return;
  e.release(captive);
  e.move_card(captive, Zone::kPlay, Where::kAboard, kNoLoc, home);
  e.state().frames.emplace_back(CardFrame{.card = self, .player = f.actor, .chosen = captive});
}

// The personnel of `seat`'s held captive by the opponent at `loc`.
std::vector<CardId> exchange_held(const Engine& e, Seat seat, LocIndex loc) {
  std::vector<CardId> held;
  for (const Effect& x : e.state().effects) {
    if (x.kind == EffectKind::kCaptive && x.player != seat &&
        e.state().cards[x.card].owner == seat && e.location_of(x.card) == loc)
      held.push_back(x.card);
  }
  return held;
}

void exchange_step(Engine& e, CardFrame& f) {
  State& s = e.state();
  const LocIndex loc = e.location_of(f.chosen);
  const CardId vessel = exchange_vessel(e, f.player, loc);
  if (f.sub == 0) {
    auto free_them = e.yes_no(f.player);
    if (!free_them) return;
    if (*free_them) {
      for (CardId p : exchange_held(e, f.player, loc)) {
        e.release(p);
        if (vessel != kNoCard) e.move_card(p, Zone::kPlay, Where::kAboard, kNoLoc, vessel);
      }
    } else if (vessel != kNoCard) {
      f.sub = 1;
      e.search_deck(f.player, true);
      return;
    }
  } else {
    std::vector<CardId> personnel;
    for (CardId c : s.players[f.player].draw) {
      if (e.is_personnel(c) && !s.def(c).unsupported() && e.fits_with_crew(c, vessel))
        personnel.push_back(c);
    }
    auto chosen = e.pick_or_done(f.player, personnel);
    if (!chosen) return;
    if (*chosen != kNoCard) e.move_card(*chosen, Zone::kPlay, Where::kAboard, kNoLoc, vessel);
    e.search_deck(f.player, false);  // and shuffled
  }
  const CardId self = f.card;
  s.frames.pop_back();  // `f` is gone from here on
  if (s.cards[self].zone == Zone::kPlay) e.to_discard(self);
}

}  // namespace

extern const Handler kFajosGallery{
    .name = "fajos_gallery",
    .test = "tests/scenarios/card-hidden-agendas.scn",
    .plays = plays_on_table,
    .resolve = place_on_table,
    .state_check = gallery_state_check,
    .captive_taken = gallery_captive_taken,
    .step = gallery_step,
    .question = "draw two cards for your new captive?",
    .yes_label = "Draw two cards",
    .no_label = "Do not draw",
};

extern const Handler kCaptured{
    .name = "captured",
    .test = "tests/scenarios/card-hidden-agendas.scn",
    .plays = plays_on_table,
    .resolve = captured_incident_resolve,
    .orders = captured_incident_orders,
    .use_label = "take one opposing personnel present captive, at random",
};

extern const Handler kPrisonerExchange{
    .name = "prisoner_exchange",
    .test = "tests/scenarios/card-hidden-agendas.scn",
    .plays = plays_on_table,
    .resolve = exchange_resolve,
    .orders = exchange_orders,
    .step = exchange_step,
    .question = "in return for the captive you freed?",
    .yes_label = "Free your personnel held captive at that location",
    .no_label = "Download a personnel of yours aboard your ship or facility there",
    .choose_label = "Download this personnel",
    .use_label = "free this captive to its owner's ship or facility, in exchange",
};

extern const Handler kPrepareThePrisoner{
    .name = "prepare_the_prisoner",
    .test = "tests/scenarios/card-hidden-agendas.scn",
    .plays = plays_on_table,
    .resolve = prepare_prisoner_resolve,
    .orders = prepare_prisoner_orders,
    .step = prepare_prisoner_step,
    .question = "where does the capturing-related card go before you draw?",
    .yes_label = "To the bottom of your draw deck",
    .no_label = "To your discard pile",
    .use_label = "put this capturing-related card away and draw a card",
};

bool prisoner_prepared(const Engine& e, Seat seat) {
  const State& s = e.state();
  return std::any_of(s.handled_in_play.begin(), s.handled_in_play.end(), [&](CardId c) {
    return s.handler(c) == &kPrepareThePrisoner && s.cards[c].controller == seat &&
           agenda_in_effect(e, c);
  });
}

}  // namespace spacedock::stccg::handlers
