#include "engine/stccg/state/state.h"

#include "engine/core/hash.h"

namespace spacedock::stccg {

std::uint64_t State::hash() const {
  core::StateHasher h;
  rng.hash_into(h);
  h.add(handle_key);
  h.add(handle_counter);
  for (const CardState& c : cards) {
    h.add(c.def | std::uint64_t{c.owner} << 16 | std::uint64_t{c.controller} << 24 |
          std::uint64_t{static_cast<std::uint8_t>(c.zone)} << 32 |
          std::uint64_t{static_cast<std::uint8_t>(c.where)} << 40 | std::uint64_t{c.loc} << 48);
    h.add(c.host | std::uint64_t{c.handle} << 16 | std::uint64_t{c.stopped} << 48 |
          std::uint64_t{c.exposed} << 49 | std::uint64_t{c.range_used} << 56);
  }
  auto add_list = [&](const std::vector<CardId>& list) {
    h.add(list.size());
    for (CardId c : list)
      h.add(c);
  };
  for (const PlayerState& p : players) {
    add_list(p.seed_pile);
    add_list(p.draw);
    add_list(p.hand);
    add_list(p.discard);
    h.add(static_cast<std::uint64_t>(p.score));
    h.add(p.card_played | p.orders_begun << 1 | p.seeded_outpost << 2 | p.only_reports << 3);
  }
  for (const Location& l : spaceline) {
    h.add(l.mission | std::uint64_t{l.seeder} << 16 | std::uint64_t{l.completed_by} << 24);
    add_list(l.seeds);
  }
  add_list(in_play);
  h.add(effects.size());
  for (const Effect& x : effects) {
    h.add(static_cast<std::uint64_t>(x.kind) | static_cast<std::uint64_t>(x.until) << 8 |
          static_cast<std::uint64_t>(x.attribute) << 16 | std::uint64_t{x.flag} << 24 |
          std::uint64_t{x.player} << 32 | std::uint64_t{x.loc} << 40);
    h.add(x.source | std::uint64_t{x.card} << 16 |
          std::uint64_t{static_cast<std::uint16_t>(x.value)} << 32 | std::uint64_t{x.turn} << 48);
  }
  h.add(first_seeder | active << 8 | std::uint64_t{turn} << 16 |
        std::uint64_t{frames.size()} << 32);
  h.add(decision.id);
  for (core::OptionId o : decision.options)
    h.add(o);
  h.add(over | std::uint64_t{winners} << 8 |
        std::uint64_t{static_cast<std::uint32_t>(reason)} << 16);
  h.add(events.size());
  return h.value();
}

}  // namespace spacedock::stccg
