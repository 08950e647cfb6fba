// Downloads (GLO "Downloading", "Special Download"; cards/ABILITIES.md §0.6): a card in play
// names cards its controller may take from their draw deck and play at once, as if played
// normally but without the turn's card play; the deck is shuffled after the search. The card
// data says what may be downloaded, when and where (StccgCard.downloads); the plays offered are
// the ones the normal rules offer for the card found, so everything a play needs still holds.
#include <algorithm>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {
namespace {

const v1::StccgDownload* entry_of(const CardDef& def, LocIndex entry) {
  if (entry >= def.card.downloads_size()) return nullptr;
  return &def.card.downloads(entry);
}

bool any_time(const v1::StccgDownload& d) {
  return d.when() == v1::STCCG_DOWNLOAD_WHEN_UNSPECIFIED ||
         d.when() == v1::STCCG_DOWNLOAD_WHEN_ANY_TIME;
}

}  // namespace

void Engine::download_options(Seat seat, const WindowFrame* window,
                              std::vector<Action>& out) const {
  (void)window;  // offered alike in every window; what may be played there is found later
  for (CardId c : s_.downloading_in_play) {
    if (s_.cards[c].controller != seat) continue;
    const int entries = s_.traits(c).downloads;
    for (int i = 0; i < entries; ++i) {
      const Action a{ActionKind::kDownload, c, kNoCard, static_cast<LocIndex>(i)};
      if (check_download(seat, a) == Rule::kOk) out.push_back(a);
    }
  }
}

Rule Engine::check_download(Seat seat, const Action& a) const {
  if (a.a == kNoCard || a.a >= s_.cards.size() || !s_.in_play_at(a.a)) return Rule::kNoTarget;
  if (s_.cards[a.a].controller != seat) return Rule::kNotYours;
  if (captivity(a.a)) return Rule::kNotPlayableNow;         // a captive acts for nobody
  if (face_down_agenda(a.a)) return Rule::kNotPlayableNow;  // a hidden agenda does nothing yet
  const v1::StccgDownload* d = entry_of(s_.def(a.a), a.loc);
  if (!d || a.b != kNoCard) return Rule::kNoTarget;
  if (!any_time(*d)) return Rule::kWrongStep;  // its trigger starts it (begin_download)
  for (const Effect& x : s_.effects) {
    if (x.kind == EffectKind::kDownloading && x.player == seat) return Rule::kWrongStep;
    if (x.source != a.a || x.loc != a.loc) continue;
    if (x.kind == EffectKind::kDownloadUsed) return Rule::kOncePerTurn;
    // A download that found nothing waits until the deck is replenished.
    if (x.kind == EffectKind::kDownloadFailed &&
        s_.players[seat].draw.size() <= static_cast<std::size_t>(x.value))
      return Rule::kNotPlayableNow;
  }
  return Rule::kOk;
}

void Engine::begin_download(Seat seat, CardId source, LocIndex entry, CardId onto) {
  s_.frames.emplace_back(ActionFrame{Action{ActionKind::kDownload, source, onto, entry}, seat,
                                     ActionFrame::Step::kResolving});
}

bool Engine::taken_by(CardId source, std::string_view title) const {
  return std::any_of(s_.effects.begin(), s_.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kCounter && x.source == source && x.card != kNoCard &&
           s_.def(x.card).title() == title;
  });
}

bool Engine::downloadable(Seat seat, CardId c) const {
  const CardState& card = s_.cards[c];
  if (card.zone != Zone::kDrawDeck || card.owner != seat) return false;
  for (const Effect& x : s_.effects) {
    if (x.kind != EffectKind::kDownloading || x.player != seat) continue;
    const v1::StccgDownload* d = entry_of(s_.def(x.source), x.loc);
    if (!d) return false;
    const CardDef& def = s_.def(c);
    if (d->each_title() && taken_by(x.source, def.title())) return false;
    return std::find(d->titles().begin(), d->titles().end(), def.title()) != d->titles().end() ||
           std::find(d->types().begin(), d->types().end(), def.type()) != d->types().end();
  }
  return false;
}

namespace {

// The location a play happens at, or kNoLoc for a play tied to none (the table).
LocIndex play_location(const Engine& e, const Action& play, const WindowFrame* window) {
  const State& s = e.state();
  switch (play.kind) {
    case ActionKind::kBuild:
      return play.loc;
    case ActionKind::kReport:  // to a card, or a ship to a spaceline end (StccgReportsAt)
      return play.b == kNoCard ? play.loc : e.location_of(play.b);
    default:
      break;
  }
  if (play.b != kNoCard) {
    const CardState& target = s.cards[play.b];
    if (target.zone == Zone::kMission) return target.loc;
    if (target.zone == Zone::kPlay) return e.location_of(play.b);
    return kNoLoc;  // a card being played (a nullifier's target)
  }
  return window ? window->loc : kNoLoc;
}

// The plays of `c`, a card being downloaded, that the normal rules offer for it (in `window`,
// or as an order), less the turn's card play.
void normal_plays(const Engine& e, Seat seat, CardId c, const WindowFrame* window,
                  std::vector<Action>& out) {
  const State& s = e.state();
  const Handler* handler = s.handler(c);
  if (handler && handler->plays) {
    if (e.may_play_from_hand(seat, c, window) == Rule::kOk) handler->plays(e, seat, c, window, out);
    return;
  }
  if (e.check_from_hand(seat, c) != Rule::kOk) return;
  e.card_plays(seat, c, e.vessels_of(seat), out);
}

// A download to a specific destination (`to` HERE: the downloading card's location; TARGET: the
// card named) by a card that is neither a facility nor a site: that destination overrides the
// normal requirements on where a personnel, ship or equipment reports (a compatible facility),
// but not those on the card itself (check_from_hand: an open AU door, uniqueness, personas).
// The card found goes with `anchor`, the downloading card or the target, when that is its
// player's personnel (its crew or Away Team) or ship (aboard; a ship found, in space there).
// GLO "Downloading": a facility's or site's download obeys all the normal requirements.
void destination_plays(const Engine& e, Seat seat, CardId source, CardId anchor, CardId c,
                       std::vector<Action>& out) {
  const State& s = e.state();
  const v1::StccgCardType by = s.type(source);
  if (by == v1::STCCG_CARD_TYPE_FACILITY || by == v1::STCCG_CARD_TYPE_SITE) return;
  const v1::StccgCardType type = s.type(c);
  if (type != v1::STCCG_CARD_TYPE_PERSONNEL && type != v1::STCCG_CARD_TYPE_SHIP &&
      type != v1::STCCG_CARD_TYPE_EQUIPMENT)
    return;
  if (anchor == kNoCard || !s.in_play_at(anchor) || s.cards[anchor].controller != seat) return;
  const CardState& at = s.cards[anchor];
  const bool placed_personnel =
      e.is_personnel(anchor) && (at.where == Where::kSurface || at.where == Where::kAboard);
  const bool ship = e.is_ship(anchor) && at.where == Where::kSpace;
  if ((!placed_personnel && !ship) || e.check_from_hand(seat, c) != Rule::kOk) return;
  Action play{ActionKind::kReport, c, anchor};
  if (type == v1::STCCG_CARD_TYPE_SHIP) {
    play = {ActionKind::kReport, c, kNoCard, e.location_of(anchor)};  // undocked
  } else if (type == v1::STCCG_CARD_TYPE_PERSONNEL) {
    // Mixing with the crew or Away Team is no reporting requirement: it still holds.
    const bool fits =
        ship ? e.fits_with_crew(c, anchor) : e.joins_group(seat, c, anchor) == Rule::kOk;
    if (!fits) return;
  }
  // Not when a normal report already goes there (aboard the facility where he is).
  const Action aboard{ActionKind::kReport, c, at.host};
  if (placed_personnel && at.where == Where::kAboard && type != v1::STCCG_CARD_TYPE_SHIP &&
      std::find(out.begin(), out.end(), aboard) != out.end())
    return;
  if (std::find(out.begin(), out.end(), play) == out.end()) out.push_back(play);
}

// The window a download was made in, if any: the frame just below its own.
const WindowFrame* window_below(const State& s, const ActionFrame& f) {
  for (std::size_t i = s.frames.size(); i-- > 1;) {
    if (std::get_if<ActionFrame>(&s.frames[i]) == &f)
      return std::get_if<WindowFrame>(&s.frames[i - 1]);
  }
  return nullptr;
}

}  // namespace

void Engine::resolve_download(ActionFrame& f) {
  const Seat seat = f.actor;
  const CardId source = f.action.a;
  const LocIndex entry = f.action.loc;
  const v1::StccgDownload* d = entry_of(s_.def(source), entry);
  if (!d) return;
  if (f.sub == 0 && d->when() == v1::STCCG_DOWNLOAD_WHEN_DAMAGE_MARKER) {
    // A damage marker's download is the player's to make or not: searching shuffles the deck.
    const auto wanted = yes_no(seat);
    if (!wanted || !*wanted) return;
  }
  if (f.sub == 0) {
    f.sub = 1;
    // A damage marker's download is made in no window, whatever frame lies below.
    const WindowFrame* window =
        d->when() == v1::STCCG_DOWNLOAD_WHEN_DAMAGE_MARKER ? nullptr : window_below(s_, f);
    if (d->once_per_turn()) {
      Effect used{.kind = EffectKind::kDownloadUsed, .until = Until::kEndOfTurn};
      used.player = seat;
      used.source = source;
      used.loc = entry;
      add_effect(used);
    }
    search_deck(seat, true);
    Effect downloading{.kind = EffectKind::kDownloading, .until = Until::kRemoved};
    downloading.player = seat;
    downloading.source = source;
    downloading.loc = entry;
    add_effect(downloading);
    // The plays of each card found (one copy of each card: the copies are alike), at the
    // download's destination.
    std::vector<Action> plays;
    std::vector<DefIndex> seen;
    const LocIndex here = location_of(source);
    for (CardId c : s_.players[seat].draw) {
      if (!downloadable(seat, c) ||
          std::find(seen.begin(), seen.end(), s_.cards[c].def) != seen.end())
        continue;
      seen.push_back(s_.cards[c].def);
      std::vector<Action> found;
      normal_plays(*this, seat, c, window, found);
      for (const Action& play : found) {
        if (d->to() == v1::STCCG_DOWNLOAD_TO_TARGET) {
          if (play.b != f.action.b) continue;
        } else {
          const LocIndex at = play_location(*this, play, window);
          if (at != kNoLoc && here != kNoLoc && at != here) continue;
        }
        plays.push_back(play);
      }
      const CardId anchor = d->to() == v1::STCCG_DOWNLOAD_TO_TARGET ? f.action.b : source;
      destination_plays(*this, seat, source, anchor, c, plays);
    }
    plays.push_back({ActionKind::kDone});
    ask(seat, std::move(plays));
    return;
  }
  const auto answer = take_answer();
  if (!answer) return;
  end_effects(
      [&](const Effect& x) { return x.kind == EffectKind::kDownloading && x.player == seat; });
  if (answer->kind == ActionKind::kDone) {
    // Nothing played: the download may not be tried again until the deck is replenished (a
    // damage marker's comes again with the next such marker).
    if (d->when() != v1::STCCG_DOWNLOAD_WHEN_DAMAGE_MARKER) {
      Effect failed{.kind = EffectKind::kDownloadFailed, .until = Until::kRemoved};
      failed.player = seat;
      failed.source = source;
      failed.loc = entry;
      failed.value = static_cast<std::int16_t>(s_.players[seat].draw.size());
      add_effect(failed);
    }
    search_deck(seat, false);
    return;
  }
  // The card found is played: face up, waiting to resolve, as a card played from the hand.
  announce_play(seat, *answer);
  search_deck(seat, false);
  if (s_.players[seat].draw.empty()) {
    finish(s_.leaders(), v1::RESULT_REASON_DECK_EXHAUSTED);  // as taking the last card (S-66)
    return;
  }
  if (d->each_title()) {
    // Any or all of its titles: the search comes again once this card has resolved, for the
    // titles still to come (marked taken by a counter of the source on the card).
    Effect taken{.kind = EffectKind::kCounter, .until = Until::kEndOfTurn};
    taken.source = source;
    taken.card = answer->a;
    add_effect(taken);
    begin_download(seat, source, entry, f.action.b);
  }
  s_.frames.emplace_back(ActionFrame{*answer, seat});
}

}  // namespace spacedock::stccg
