// More of Blaze of Glory's hidden agendas (cards/ABILITIES.md §16; the mechanism is
// rules/hidden_agendas.cpp): an incident discarded to download the cards it names (Access Denied,
// Scanner Interference), and E-Band Emissions, which shields Brainwash and lets a brainwashed
// captive infiltrate its own side, and Impersonate Captive, which morphs a Founder into a copy of
// a captive, and Sniper, which probes at the start of its player's personnel battles. Face down,
// none of them does anything.
#include <algorithm>
#include <optional>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/cards/handlers/hidden_agendas.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kSniper;

namespace {

// --- Discard to download: at any time, face up, the card is discarded and its first
// `downloads` entry starts (the cards it names, from the draw deck): an order of its
// controller's turn, or a response in a window of either turn, suspending what is under way.

// Face up on its player's table, where its functions act.
bool face_up_on_table(const Engine& e, CardId self) {
  return agenda_in_effect(e, self) && e.state().cards[self].where == Where::kTable;
}

void discard_download_orders(const Engine& e, Seat, CardId self, std::vector<Action>& out) {
  if (face_up_on_table(e, self)) out.push_back({ActionKind::kUseCard, self});
}

void discard_download_responses(const Engine& e, Seat seat, CardId self, const WindowFrame&,
                                std::vector<Action>& out) {
  discard_download_orders(e, seat, self, out);
}

void discard_download_resolve(Engine& e, ActionFrame& f) {
  if (f.action.kind != ActionKind::kUseCard) return place_on_table(e, f);  // played face up
  const CardId self = f.action.a;
  if (!agenda_in_effect(e, self)) return;
  e.to_discard(self);
  e.begin_download(f.actor, self, 0, kNoCard);
}

// --- Scanner Interference: discarded to download, as above. Face up, it nullifies every Scan
// and Full Planet Scan, either player's, unless that card's player has at the mission it names a
// staffed ship whose crew has Computer Skill x2. And once the opponent's scan has acted
// (Engine::card_acted), it may be discarded to seed one card at that mission, face down under it,
// from its player's hand, discard pile or Q's Tent: a dilemma, an artifact or a card seeded like
// one, that may go there (Engine::check_seed_under); it is met after the cards already there.

constexpr std::string_view kScans[] = {"Scan", "Full Planet Scan"};

bool is_scan(const State& s, CardId c) {
  return std::find(std::begin(kScans), std::end(kScans), s.def(c).title()) != std::end(kScans);
}

bool interference_nullifies(const Engine& e, CardId self, Seat seat, const Action& play) {
  const State& s = e.state();
  if (!face_up_on_table(e, self) || !is_scan(s, play.a)) return false;
  const LocIndex loc = play.b == kNoCard ? kNoLoc : mission_location(s, play.b);
  const auto computer = s.db->skills().find("Computer Skill");
  for (CardId ship : s.in_play_where(Where::kSpace)) {
    if (!e.is_ship(ship) || s.cards[ship].loc != loc || s.cards[ship].controller != seat) continue;
    const std::vector<CardId> crew = e.crew(ship);
    if (computer && e.staffed(ship, crew) && has_skill(e, crew, *computer, 4)) return false;
  }
  return true;
}

std::vector<CardId> seedable_after_scan(const Engine& e, Seat seat, LocIndex loc) {
  const State& s = e.state();
  const PlayerState& p = s.players[seat];
  std::vector<CardId> out;
  for (const auto* pile : {&p.hand, &p.discard, &p.side_deck(SideDeckKind::kQTent).cards}) {
    for (CardId c : *pile) {
      const CardDef& def = s.def(c);
      const bool like_dilemma = def.type() == v1::STCCG_CARD_TYPE_DILEMMA ||
                                def.type() == v1::STCCG_CARD_TYPE_ARTIFACT ||
                                def.card.seed_rule() == v1::STCCG_SEED_RULE_SEEDS_LIKE_DILEMMA;
      if (like_dilemma && e.check_seed_under(seat, c, loc) == Rule::kOk) out.push_back(c);
    }
  }
  return out;
}

// The mission `scan`, still resolving, names: its play's target.
LocIndex scanned_location(const Engine& e, CardId scan) {
  for (const Frame& frame : e.state().frames) {
    const auto* play = std::get_if<ActionFrame>(&frame);
    if (play && play->action.a == scan && play->action.b != kNoCard)
      return mission_location(e.state(), play->action.b);
  }
  return kNoLoc;
}

void interference_responses(const Engine& e, Seat seat, CardId self, const WindowFrame& window,
                            std::vector<Action>& out) {
  discard_download_responses(e, seat, self, window, out);
  const State& s = e.state();
  if (window.kind != WindowKind::kCardActed || window.about == kNoCard ||
      !face_up_on_table(e, self) || !is_scan(s, window.about) ||
      s.cards[window.about].controller == seat)
    return;
  const LocIndex loc = scanned_location(e, window.about);
  if (loc != kNoLoc && !seedable_after_scan(e, seat, loc).empty())
    out.push_back({ActionKind::kUseCard, self, window.about});
}

void interference_resolve(Engine& e, ActionFrame& f) {
  if (f.action.kind != ActionKind::kUseCard || f.action.b == kNoCard)
    return discard_download_resolve(e, f);
  const CardId self = f.action.a;
  const LocIndex loc = scanned_location(e, f.action.b);
  if (loc == kNoLoc) return;
  if (f.sub == 0) {
    if (!face_up_on_table(e, self)) return;
    e.to_discard(self);
    f.sub = 1;
  }
  const std::vector<CardId> seedable = seedable_after_scan(e, f.actor, loc);
  if (seedable.empty()) return;
  const auto seeded = e.pick(f.actor, seedable);
  if (!seeded) return;
  // The scan's look is over by now ("once the seed cards have gone back"): the scanner does not
  // see the card seeded after it.
  const Seat scanner = State::other(f.actor);
  e.end_effects([&](const Effect& x) {
    return x.kind == EffectKind::kScanned && x.player == scanner && x.loc == loc;
  });
  e.move_card(*seeded, Zone::kSeed, Where::kNone, loc);
  e.state().spaceline[loc].seeds.push_back(*seeded);
}

// --- E-Band Emissions: while it is in play, no Brainwash may be nullified by Kevin Uxbridge (any
// card of that colon group), nor the event itself while Kell, Taibak or Entek is in play; a
// brainwashed captive has infiltration icons for its own affiliations.

constexpr std::string_view kEBandGuardians[] = {"Kell", "Taibak", "Entek"};

bool e_band_shields(const Engine& e, CardId self, CardId target, CardId nullifier) {
  if (!agenda_in_effect(e, self)) return false;
  const State& s = e.state();
  if (target == self) {
    return std::any_of(s.in_play.begin(), s.in_play.end(), [&](CardId c) {
      return std::find(std::begin(kEBandGuardians), std::end(kEBandGuardians), s.def(c).title()) !=
             std::end(kEBandGuardians);
    });
  }
  const CardDef& by = s.def(nullifier);
  // Every Brainwash in play, or (option off) only its own player's.
  if (!s.options.e_band_any_brainwash && s.cards[target].controller != s.cards[self].controller)
    return false;
  return s.def(target).title() == "Brainwash" &&
         (by.title() == "Kevin Uxbridge" || by.title_group == "Kevin Uxbridge");
}

AffiliationSet e_band_infiltration(const Engine& e, CardId self, CardId personnel) {
  if (!agenda_in_effect(e, self) || !e.brainwashed(personnel)) return 0;
  return e.state().def(personnel).affiliations;
}

// --- Impersonate Captive: the turn's card play face up, or a use of it once revealed, on its
// player's Founder present with a non-Borg personnel they hold captive (their choice when there
// are several): the objective goes on the Founder, which morphs into a copy of the captive
// (EffectKind::kCopies) with exactly one Treachery and no Honor (skill changes worked out from
// the captive's printed box), and has infiltration icons for the captive's affiliations and its
// printed infiltration icons. A use of it on the Founder morphs it back: the objective is
// discarded, and everything it gave goes with it.

bool impersonate_founder(const Engine& e, Seat seat, CardId c) {
  const CardState& p = e.state().cards[c];
  return e.is_personnel(c) && p.controller == seat && !e.captivity(c) &&
         (p.where == Where::kSurface || p.where == Where::kAboard) &&
         agenda_has_keyword(e, c, "Founder");
}

std::vector<CardId> impersonate_captives(const Engine& e, Seat seat, CardId founder) {
  const State& s = e.state();
  const CardState& f = s.cards[founder];
  std::vector<CardId> out;
  for (const Effect& x : s.effects) {
    if (x.kind != EffectKind::kCaptive || x.player != seat || !s.in_play_at(x.card)) continue;
    const CardState& c = s.cards[x.card];
    const bool present =
        c.where == f.where && (f.where == Where::kSurface ? c.loc == f.loc : c.host == f.host);
    if (present && (e.affiliations(x.card) & bit(Affiliation::kBorg)) == 0) out.push_back(x.card);
  }
  return out;
}

std::vector<CardId> impersonate_founders(const Engine& e, Seat seat) {
  std::vector<CardId> out;
  for (CardId c : e.state().in_play) {
    if (impersonate_founder(e, seat, c) && !e.has_effect(EffectKind::kCopies, c) &&
        !impersonate_captives(e, seat, c).empty())
      out.push_back(c);
  }
  return out;
}

void impersonate_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                       std::vector<Action>& out) {
  if (window) return;
  out.push_back({ActionKind::kPlayEvent, self});  // on the table, to be used later
  for (CardId founder : impersonate_founders(e, seat))
    out.push_back({ActionKind::kPlayEvent, self, founder});
}

void impersonate_orders(const Engine& e, Seat seat, CardId self, std::vector<Action>& out) {
  if (!agenda_in_effect(e, self)) return;
  const CardState& me = e.state().cards[self];
  if (me.where == Where::kOn) {
    out.push_back({ActionKind::kUseCard, self, me.host});  // morph back
    return;
  }
  for (CardId founder : impersonate_founders(e, seat))
    out.push_back({ActionKind::kUseCard, self, founder});
}

void impersonate_resolve(Engine& e, ActionFrame& f) {
  const CardId self = f.action.a;
  const CardId founder = f.action.b;
  const CardState& me = e.state().cards[self];
  if (f.action.kind == ActionKind::kUseCard && me.where == Where::kOn) {
    e.to_discard(self);  // morphs back
    return;
  }
  if (founder == kNoCard) return place_on_table(e, f);
  if (!e.state().in_play_at(founder) || impersonate_captives(e, f.actor, founder).empty()) return;
  e.move_card(self, Zone::kPlay, Where::kOn, kNoLoc, founder, f.actor);
  e.state().frames.emplace_back(CardFrame{.card = self, .player = f.actor, .chosen = founder});
}

void impersonate_skill(Engine& e, CardId self, CardId founder, SkillId skill, bool less) {
  Effect change{.kind = EffectKind::kSkillChanged, .until = Until::kSourceLeaves};
  change.source = self;
  change.card = founder;
  change.value = static_cast<std::int16_t>(skill);
  change.flag = less;
  e.add_effect(change);
}

void impersonate_step(Engine& e, CardFrame& f) {
  const CardId self = f.card;
  const CardId founder = f.chosen;
  const auto captives = impersonate_captives(e, f.player, founder);
  if (captives.empty()) {  // gone meanwhile: no copy to take
    e.state().frames.pop_back();
    return;
  }
  auto captive = e.pick(f.player, captives);
  if (!captive) return;
  e.state().frames.pop_back();  // `f` is gone from here on
  Effect copy{.kind = EffectKind::kCopies, .until = Until::kSourceLeaves};
  copy.source = self;
  copy.card = founder;
  copy.value = static_cast<std::int16_t>(*captive);
  e.add_effect(copy);
  // Exactly one Treachery and no Honor, whatever the captive's box says.
  const auto& skills = e.state().db->skills();
  const CardDef& shape = e.state().def(*captive);
  const auto halves_of = [&](std::optional<SkillId> skill) {
    int halves = 0;
    for (const auto& entry : shape.skills) {
      if (skill && entry.skill == *skill) halves += entry.halves;
    }
    return halves;
  };
  if (const auto treachery = skills.find("Treachery")) {
    const int have = halves_of(treachery) / 2;
    if (have == 0) impersonate_skill(e, self, founder, *treachery, false);
    for (int i = 1; i < have; ++i)
      impersonate_skill(e, self, founder, *treachery, true);
  }
  if (const auto honor = skills.find("Honor")) {
    for (int i = 0; i < (halves_of(honor) + 1) / 2; ++i)
      impersonate_skill(e, self, founder, *honor, true);
  }
}

AffiliationSet impersonate_infiltration(const Engine& e, CardId self, CardId personnel) {
  const State& s = e.state();
  if (!agenda_in_effect(e, self) || s.cards[self].where != Where::kOn ||
      s.cards[self].host != personnel)
    return 0;
  const Effect* copy = e.find_effect(EffectKind::kCopies, personnel);
  if (!copy || copy->source != self) return 0;
  const CardDef& shape = s.def(static_cast<CardId>(copy->value));
  AffiliationSet icons = shape.affiliations;
  for (int a : shape.card.personnel().infiltrates())
    icons |= bit(static_cast<Affiliation>(a));
  return icons;
}

// --- Sniper: when its player has just started a personnel battle on a planet with a phaser or
// disruptor of theirs there, as its start-of-battle window opens, before anyone is asked, they pick
// one opposing personnel in the battle as a target per face-up Sniper of theirs (cumulative), then
// probe: the top card of their draw deck is shown and put at the bottom. Staff, Ketracel-White or
// Maquis icon, or an Equipment card: every target is mortally wounded; an Objective,
// Interrupt or Doorway card, or the AU icon: every target is stunned; Federation, Ferengi or
// Borg affiliation, or the Command icon: the incident is discarded. The 1997 battle (S-49)
// knows neither wound nor stun; read here (Reading): mortally wounded, killed at once; stunned,
// stopped and out of this battle. The first copy in play acts for all of them; a marker at the
// battle's location keeps it from acting twice (Reading: a second battle there in the same turn is
// not sniped).

bool sniper_armed(const Engine& e, Seat seat, LocIndex loc) {
  const State& s = e.state();
  return std::any_of(s.in_play.begin(), s.in_play.end(), [&](CardId c) {
    const CardState& w = s.cards[c];
    return w.controller == seat && w.where == Where::kSurface && w.loc == loc &&
           (agenda_has_keyword(e, c, "phaser") || agenda_has_keyword(e, c, "disruptor"));
  });
}

std::vector<CardId> sniper_copies(const Engine& e, Seat seat) {
  std::vector<CardId> out;
  for (CardId c : e.state().in_play) {
    if (e.state().handler(c) == &kSniper && e.state().cards[c].controller == seat &&
        agenda_in_effect(e, c))
      out.push_back(c);
  }
  return out;
}

bool sniper_marked(const Engine& e, CardId self, CardId card, LocIndex loc) {
  return std::any_of(e.state().effects.begin(), e.state().effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kCounter && x.source == self && x.card == card && x.loc == loc;
  });
}

void sniper_mark(Engine& e, CardId self, CardId card, LocIndex loc) {
  Effect mark{.kind = EffectKind::kCounter, .until = Until::kEndOfTurn};
  mark.source = self;
  mark.card = card;
  mark.loc = loc;
  e.add_effect(mark);
}

PersonnelBattleFrame* sniper_battle(Engine& e) {
  for (auto it = e.state().frames.rbegin(); it != e.state().frames.rend(); ++it) {
    if (auto* b = std::get_if<PersonnelBattleFrame>(&*it)) return b;
  }
  return nullptr;
}

void sniper_state_check(Engine& e, CardId self) {
  State& s = e.state();
  if (s.decision_open || s.frames.size() < 2 || !agenda_in_effect(e, self)) return;
  // The start-of-battle window just opened, nobody asked yet, the battle below it.
  const auto* w = std::get_if<WindowFrame>(&s.frames.back());
  const auto* b = std::get_if<PersonnelBattleFrame>(&s.frames[s.frames.size() - 2]);
  const Seat seat = s.cards[self].controller;
  if (!w || w->kind != WindowKind::kBattleStart || w->passes != 0 || !b ||
      b->step != PersonnelBattleFrame::Step::kStart || b->attacker != seat ||
      b->aboard != kNoCard || b->rogue_host != kNoCard || !e.planet(b->loc) ||
      sniper_copies(e, seat).front() != self || sniper_marked(e, self, kNoCard, b->loc) ||
      !sniper_armed(e, seat, b->loc))
    return;
  sniper_mark(e, self, kNoCard, b->loc);
  s.frames.emplace_back(CardFrame{.card = self, .player = seat});
}

enum class SniperResult { kNone, kWound, kStun, kDiscard };

// Which of the three lists `c` matches, as a bit per result.
unsigned sniper_lists(const Engine& e, CardId c) {
  const CardDef& def = e.state().def(c);
  const auto icon = [&](v1::StccgIcon i) { return (def.icons & (1u << i)) != 0; };
  const auto type = def.type();
  unsigned lists = 0;
  if (icon(v1::STCCG_ICON_STAFF) || icon(v1::STCCG_ICON_KETRACEL_WHITE) ||
      icon(v1::STCCG_ICON_MAQUIS) || type == v1::STCCG_CARD_TYPE_EQUIPMENT)
    lists |= 1u << static_cast<int>(SniperResult::kWound);
  if (icon(v1::STCCG_ICON_AU) || type == v1::STCCG_CARD_TYPE_OBJECTIVE ||
      type == v1::STCCG_CARD_TYPE_INTERRUPT || type == v1::STCCG_CARD_TYPE_DOORWAY)
    lists |= 1u << static_cast<int>(SniperResult::kStun);
  const AffiliationSet discarding =
      bit(Affiliation::kFederation) | bit(Affiliation::kFerengi) | bit(Affiliation::kBorg);
  if (icon(v1::STCCG_ICON_COMMAND) || (def.affiliations & discarding))
    lists |= 1u << static_cast<int>(SniperResult::kDiscard);
  return lists;
}

void sniper_step(Engine& e, CardFrame& f) {
  State& s = e.state();
  const CardId self = f.card;
  PersonnelBattleFrame* b = sniper_battle(e);
  if (!b) {
    s.frames.pop_back();
    return;
  }
  const LocIndex loc = b->loc;
  std::vector<CardId> targets, candidates;
  for (CardId c : b->sides[1]) {
    if (!s.in_play_at(c) || !e.is_personnel(c)) continue;
    (sniper_marked(e, self, c, loc) ? targets : candidates).push_back(c);
  }
  // One target per face-up Sniper of its player.
  if (targets.size() < sniper_copies(e, f.player).size() && !candidates.empty()) {
    auto target = e.pick(f.player, candidates);
    if (!target) return;
    sniper_mark(e, self, *target, loc);
    return;  // the next target, or the probe
  }
  s.frames.pop_back();  // `f` is gone from here on
  auto& deck = s.players[f.player].draw;
  if (deck.empty()) return;
  const CardId probe = deck.back();  // the top
  e.expose(probe);
  std::rotate(deck.begin(), deck.end() - 1, deck.end());  // to the bottom
  unsigned lists = sniper_lists(e, probe);
  if (s.options.sniper_first_list_wins) lists &= ~(lists - 1);  // the first in printed order
  const auto has = [&](SniperResult r) { return (lists & (1u << static_cast<int>(r))) != 0; };
  for (CardId c : targets) {
    if (!s.in_play_at(c)) continue;
    if (has(SniperResult::kWound)) {
      e.kill(c);
    } else if (has(SniperResult::kStun)) {
      e.stop(c);
      std::erase(b->sides[1], c);
    }
  }
  if (has(SniperResult::kDiscard) && s.in_play_at(self)) e.to_discard(self);
}

}  // namespace

extern const Handler kDiscardToDownload{
    .name = "discard_to_download",
    .test = "tests/scenarios/card-bog-hidden-agendas-2.scn",
    .plays = plays_on_table,
    .resolve = discard_download_resolve,
    .orders = discard_download_orders,
    .responses = discard_download_responses,
    .use_label = "discard this card to download a card it names",
};

extern const Handler kScannerInterference{
    .name = "scanner_interference",
    .test = "tests/scenarios/card-bog-hidden-agendas-2.scn",
    .plays = plays_on_table,
    .resolve = interference_resolve,
    .nullifies_play = interference_nullifies,
    .answers_card_acted = true,
    .orders = discard_download_orders,
    .responses = interference_responses,
    .choose_label = "choose the card to seed at the mission just scanned",
    .use_label = "discard this card: download the cards it names, or seed a card where scanned",
};

extern const Handler kEBandEmissions{
    .name = "e_band_emissions",
    .test = "tests/scenarios/card-bog-hidden-agendas-2.scn",
    .plays = plays_on_table,
    .resolve = place_on_table,
    .shields_from_nullifier = e_band_shields,
    .adds_infiltration_icons = e_band_infiltration,
};

extern const Handler kImpersonateCaptive{
    .name = "impersonate_captive",
    .test = "tests/scenarios/card-bog-hidden-agendas-2.scn",
    .plays = impersonate_plays,
    .resolve = impersonate_resolve,
    .adds_infiltration_icons = impersonate_infiltration,
    .orders = impersonate_orders,
    .step = impersonate_step,
    .choose_label = "Morph into a copy of this captive",
    .use_label = "morph your Founder into a copy of a captive present, or back",
};

extern const Handler kSniper{
    .name = "sniper",
    .test = "tests/scenarios/card-bog-hidden-agendas-2.scn",
    .plays = plays_on_table,
    .resolve = place_on_table,
    .state_check = sniper_state_check,
    .step = sniper_step,
    .choose_label = "Target this personnel",
};

}  // namespace spacedock::stccg::handlers
