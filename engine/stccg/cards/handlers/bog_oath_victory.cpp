// Blaze of Glory's Victory Is Life and Blood Oath (cards/ABILITIES.md §17).
#include <algorithm>
#include <string_view>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kVictoryIsLife;

namespace {

// --- Victory Is Life: once per turn (its player's, whichever copy), just after its player
// completed a mission or won a personnel battle against the opponent, on a Jem'Hadar of theirs
// who took part: its player scores the point box and puts the card in their bonus area (option
// victory_is_life_scores), then searches their draw deck for an Equipment card, which goes with the
// Jem'Hadar (on the planet or aboard with him); the deck is shuffled.

bool victory_jem_hadar(const Engine& e, CardId c) {
  const auto& species = e.state().def(c).card.personnel().species();
  return e.is_personnel(c) &&
         std::find(species.begin(), species.end(), "Jem'Hadar") != species.end();
}

// Who took part in what `window` answers, when its player won it.
std::vector<CardId> victory_participants(const Engine& e, Seat seat, const WindowFrame& w) {
  const State& s = e.state();
  if (w.kind == WindowKind::kCompleted) {
    if (w.loc >= s.spaceline.size() || s.spaceline[w.loc].completed_by != seat ||
        w.about == kNoCard || !s.in_play_at(w.about))
      return {};
    return e.is_personnel(w.about) ? e.attempt_group(seat, w.loc, w.about) : e.crew(w.about);
  }
  if (w.kind != WindowKind::kBattleEnded || s.frames.size() < 2) return {};
  const auto* battle = std::get_if<PersonnelBattleFrame>(&s.frames[s.frames.size() - 2]);
  if (!battle || battle->winner != seat || battle->rogue_host != kNoCard) return {};
  return battle->sides[seat == battle->attacker ? 0 : 1];
}

void victory_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                   std::vector<Action>& out) {
  if (!window || title_use_spent(e, seat, kVictoryIsLife)) return;
  for (CardId c : victory_participants(e, seat, *window)) {
    if (e.state().in_play_at(c) && e.state().cards[c].controller == seat && victory_jem_hadar(e, c))
      out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

void victory_announced(Engine& e, Seat seat, const Action& play) {
  spend_use(e, play.a, seat, Until::kEndOfTurn);
}

void victory_resolve(Engine& e, ActionFrame& f) {
  const CardId self = f.action.a;
  // Its point box (option off: no points, and it is discarded as interrupts are).
  if (e.state().options.victory_is_life_scores) {
    e.score(f.actor, e.state().def(self).card.interrupt().points(), self);
    e.move_card(self, Zone::kBonus, Where::kNone, kNoLoc, kNoCard, f.actor);
  }
  if (!e.state().in_play_at(f.action.b)) return;
  e.search_deck(f.actor, true);
  e.state().frames.emplace_back(CardFrame{.card = self, .player = f.actor, .chosen = f.action.b});
}

void victory_step(Engine& e, CardFrame& f) {
  const State& s = e.state();
  std::vector<CardId> equipment;
  for (CardId c : s.players[f.player].draw) {
    // The card's own restrictions hold, as for any download (check_entering: an open AU door,
    // uniqueness, personas, a card the engine does not play); not the turn's card play.
    if (s.type(c) == v1::STCCG_CARD_TYPE_EQUIPMENT && e.check_entering(f.player, c) == Rule::kOk)
      equipment.push_back(c);
  }
  auto chosen = e.pick_or_done(f.player, equipment);
  if (!chosen) return;
  const Seat player = f.player;
  const CardId jem_hadar = f.chosen;
  e.state().frames.pop_back();  // `f` is gone from here on
  if (*chosen != kNoCard && e.state().in_play_at(jem_hadar)) {
    const CardState& with = e.state().cards[jem_hadar];
    e.move_card(*chosen, Zone::kPlay, with.where, with.loc, with.host, player);
  }
  e.search_deck(player, false);  // and shuffled
}

// --- Blood Oath. (1) The turn's card play on any non-Borg personnel with INTEGRITY < 8 and no
// Honor: from the start of its player's next turn that personnel bears the oath-target icon
// (EffectKind::kIcon). (2) The turn's card play on the table: while its player has two
// personnel with the oath-sworn icon present together, every personnel bearing the oath-target
// icon lacks the first entry of its skill box (EffectKind::kSkillEntryLost; the skill-loss
// reading of bog.md: everywhere, only while the pair is together), and at the end of its
// player's turn they may download, instead of their draw, one of the cards it names or an
// oath-sworn personnel, to where the pair is.

constexpr std::string_view kOathDownloads[] = {"I.K.C. Ning'tao", "I.K.C. Lukara", "I.K.C. Gr'oth",
                                               "Bat'leth", "Blood Oath"};

bool oath_icon(const Engine& e, CardId c, v1::StccgIcon icon) {
  return e.is_personnel(c) && (e.base_facts(c).icons & (1u << icon)) != 0;
}

// One of `seat`'s oath-sworn personnel with another one present, or kNoCard.
CardId oath_pair(const Engine& e, Seat seat) {
  const State& s = e.state();
  std::vector<CardId> sworn;
  for (CardId c : s.in_play) {
    const CardState& p = s.cards[c];
    if (p.controller == seat && (p.where == Where::kSurface || p.where == Where::kAboard) &&
        !e.captivity(c) && !e.in_stasis(c) && oath_icon(e, c, v1::STCCG_ICON_BLOOD_OATH_SWORN))
      sworn.push_back(c);
  }
  for (CardId a : sworn) {
    for (CardId b : sworn) {
      const CardState& x = s.cards[a];
      const CardState& y = s.cards[b];
      if (a != b && x.where == y.where &&
          (x.where == Where::kSurface ? x.loc == y.loc : x.host == y.host))
        return a;
    }
  }
  return kNoCard;
}

bool oath_may_target(const Engine& e, CardId c) {
  const State& s = e.state();
  if (!s.in_play_at(c) || !e.is_personnel(c) || e.captivity(c)) return false;
  const auto honor = s.db->skills().find("Honor");
  return (e.affiliations(c) & bit(Affiliation::kBorg)) == 0 &&
         e.attribute(c, Attribute::kIntegrity) < 8 &&
         !(honor && e.skilled_facts(c).skills[*honor] > 0);
}

void oath_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                std::vector<Action>& out) {
  if (window) return;
  out.push_back({ActionKind::kPlayEvent, self});
  for (CardId c : e.state().in_play) {
    if (oath_may_target(e, c)) out.push_back({ActionKind::kPlayEvent, self, c});
  }
}

Rule oath_still_legal(const Engine& e, Seat, const Action& play) {
  return play.b == kNoCard || oath_may_target(e, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void oath_resolve(Engine& e, ActionFrame& f) {
  place(e, f.action.a, f.actor, f.action.b);
}

void oath_start_of_turn(Engine& e, CardId self) {
  const State& s = e.state();
  const CardState& me = s.cards[self];
  if (me.where != Where::kOn || s.active != me.controller || placed_on_turn(e, self) >= s.turn ||
      e.has_effect(EffectKind::kIcon, me.host))
    return;
  Effect icon{.kind = EffectKind::kIcon, .until = Until::kSourceLeaves};
  icon.source = self;
  icon.card = me.host;
  icon.value = v1::STCCG_ICON_BLOOD_OATH_TARGET;
  e.add_effect(icon);
}

void oath_state_check(Engine& e, CardId self) {
  State& s = e.state();
  const CardState& me = s.cards[self];
  if (me.where != Where::kTable) return;
  std::vector<CardId> targets;
  if (const CardId pair = oath_pair(e, me.controller); pair != kNoCard) {
    const CardState& at = s.cards[pair];
    for (CardId c : s.in_play) {
      const CardState& p = s.cards[c];
      // Everywhere, or (option off) only with the pair.
      const bool present = p.where == at.where &&
                           (at.where == Where::kSurface ? p.loc == at.loc : p.host == at.host);
      if (oath_icon(e, c, v1::STCCG_ICON_BLOOD_OATH_TARGET) &&
          (s.options.blood_oath_loss_everywhere || present))
        targets.push_back(c);
    }
  }
  const auto lost = [&](const Effect& x) {
    return x.kind == EffectKind::kSkillEntryLost && x.source == self;
  };
  const auto stale = [&](const Effect& x) {
    return lost(x) && std::find(targets.begin(), targets.end(), x.card) == targets.end();
  };
  if (std::any_of(s.effects.begin(), s.effects.end(), stale)) e.end_effects(stale);
  for (CardId c : targets) {
    if (std::any_of(s.effects.begin(), s.effects.end(),
                    [&](const Effect& x) { return lost(x) && x.card == c; }))
      continue;
    Effect loss{.kind = EffectKind::kSkillEntryLost, .until = Until::kSourceLeaves};
    loss.source = self;
    loss.card = c;
    loss.value = 0;  // the first entry of the skill box
    e.add_effect(loss);
  }
}

void oath_end_of_turn(Engine& e, CardId self) {
  State& s = e.state();
  const CardState& me = s.cards[self];
  if (me.where != Where::kTable || s.active != me.controller ||
      oath_pair(e, me.controller) == kNoCard)
    return;
  s.frames.emplace_back(CardFrame{.card = self, .player = me.controller});
}

bool oath_downloadable(const Engine& e, Seat seat, CardId c) {
  const CardDef& def = e.state().def(c);
  const bool named =
      std::find(std::begin(kOathDownloads), std::end(kOathDownloads), def.title()) !=
          std::end(kOathDownloads) ||
      (e.is_personnel(c) && (def.icons & (1u << v1::STCCG_ICON_BLOOD_OATH_SWORN)) != 0);
  // The card's own restrictions hold, as for Victory Is Life's download (check_entering).
  return named && e.check_entering(seat, c) == Rule::kOk;
}

void oath_step(Engine& e, CardFrame& f) {
  State& s = e.state();
  if (f.sub == 0) {
    auto download = e.yes_no(f.player);
    if (!download) return;
    if (!*download) {
      s.frames.pop_back();  // `f` is gone from here on
      return;
    }
    Effect no_draw{.kind = EffectKind::kNoDraws, .until = Until::kEndOfTurn};
    no_draw.player = f.player;
    e.add_effect(no_draw);
    e.search_deck(f.player, true);
    f.sub = 1;
  }
  std::vector<CardId> found;
  for (CardId c : s.players[f.player].draw) {
    if (oath_downloadable(e, f.player, c)) found.push_back(c);
  }
  auto chosen = e.pick_or_done(f.player, found);
  if (!chosen) return;
  const Seat player = f.player;
  s.frames.pop_back();  // `f` is gone from here on
  const CardId pair = oath_pair(e, player);
  if (*chosen != kNoCard && pair != kNoCard) {
    const CardState& at = s.cards[pair];
    const CardId c = *chosen;
    if (e.is_ship(c)) {
      e.move_card(c, Zone::kPlay, Where::kSpace, e.location_of(pair), kNoCard, player);
    } else if (s.type(c) == v1::STCCG_CARD_TYPE_INCIDENT) {
      e.move_card(c, Zone::kPlay, Where::kTable, kNoLoc, kNoCard, player);  // its second use
    } else {
      e.move_card(c, Zone::kPlay, at.where, at.loc, at.host, player);
    }
  }
  e.search_deck(player, false);  // and shuffled
}

}  // namespace

extern const Handler kBloodOath{
    .name = "blood_oath",
    .test = "tests/scenarios/card-bog-incidents-2.scn",
    .plays = oath_plays,
    .still_legal = oath_still_legal,
    .resolve = oath_resolve,
    .start_of_turn = oath_start_of_turn,
    .end_of_turn = oath_end_of_turn,
    .state_check = oath_state_check,
    .step = oath_step,
    .question = "download instead of your end-of-turn draw?",
    .yes_label = "Download a card for the oath-sworn pair",
    .no_label = "Draw as usual",
    .choose_label = "Download this card to where the pair is",
};

extern const Handler kVictoryIsLife{
    .name = "victory_is_life",
    .test = "tests/scenarios/card-bog-incidents-2.scn",
    .plays = victory_plays,
    .announced = victory_announced,
    .resolve = victory_resolve,
    .step = victory_step,
    .choose_label = "Download this Equipment onto the Jem'Hadar",
};

}  // namespace spacedock::stccg::handlers
