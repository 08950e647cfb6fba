#include "server/commands/content_listing.h"

#include <cstdio>

#include "engine/incursions/content.h"

namespace spacedock::server {
namespace {

const char* race_name(v1::Race race) {
  switch (race) {
    case v1::RACE_FEDERATION:
      return "Federation";
    case v1::RACE_KLINGON:
      return "Klingon";
    case v1::RACE_ROMULAN:
      return "Romulan";
    case v1::RACE_BORG:
      return "Borg";
    default:
      return "-";
  }
}

const char* nature_name(v1::IncursionsCardNature nature) {
  switch (nature) {
    case v1::INCURSIONS_CARD_NATURE_COMMAND:
      return "command";
    case v1::INCURSIONS_CARD_NATURE_ATTACK:
      return "attack";
    case v1::INCURSIONS_CARD_NATURE_DEFENSE:
      return "defense";
    case v1::INCURSIONS_CARD_NATURE_TACTICAL:
      return "tactical";
    default:
      return "-";
  }
}

const char* rarity_letter(v1::IncursionsRarity rarity) {
  switch (rarity) {
    case v1::INCURSIONS_RARITY_COMMON:
      return "C";
    case v1::INCURSIONS_RARITY_SPECIAL:
      return "S";
    case v1::INCURSIONS_RARITY_RARE:
      return "R";
    case v1::INCURSIONS_RARITY_XTRA_RARE:
      return "X";
    case v1::INCURSIONS_RARITY_ULTRA_RARE:
      return "U";
    default:
      return "-";
  }
}

void print_weapon(const char* slot, const incursions::WeaponStats& w) {
  if (w.present) std::printf("  %s %dD6%+d range %d", slot, w.dice, w.flat, w.range);
}

void print_ship(const incursions::ShipDef& ship) {
  std::printf("%-7s %-24s %-10s %3d/%2d/%2d/%d", ship.id.c_str(), ship.card.name().c_str(),
              ship.craft ? "its ship's" : race_name(ship.race), ship.hull, ship.shields,
              ship.evasion, ship.drive);
  print_weapon("W1", ship.weapon(incursions::Weapon::kW1));
  print_weapon(" W2", ship.weapon(incursions::Weapon::kW2));
  print_weapon(" W3", ship.weapon(incursions::Weapon::kW3));
  if (ship.can_cloak()) std::printf("  cloak %d", ship.cloak_cost);
  std::printf("\n");
}

}  // namespace

int print_content() {
  const auto& content = incursions::Content::standard();
  std::printf("Ships (hull/shields/evasion/drive):\n");
  for (const auto& ship : content.ships())
    print_ship(ship);
  std::printf("\nCraft that cards bring into play (hull/shields/evasion/drive):\n");
  for (const auto& craft : content.crafts())
    print_ship(craft);
  std::printf("\nHexes (hexpoints):\n");
  for (const auto& hex : content.hexes()) {
    std::printf("%-32s %2d  %-24s %s\n", hex.id.c_str(), hex.hexpoints, hex.name.c_str(),
                hex.summary.c_str());
  }
  std::printf(
      "\nCaptains and crew (shields/evasion/weapons/repair/crew-wide espionage, "
      "espionage evasion):\n");
  for (const auto& card : content.cards()) {
    if (!card.officer()) continue;
    const auto& b = card.bonuses;
    std::printf("%-9s %-20s %-10s +%d/+%d/+%d/+%d/+%d  %2d  %s\n", card.id.c_str(),
                card.card.title().c_str(), card.captain() ? race_name(card.race) : "any crew",
                b.shields, b.evasion, b.weapons, b.repair, b.crew_espionage, card.espionage_evasion,
                card.card.summary().c_str());
  }
  std::printf("\nGame cards for the FULL mode (nature, rarity, race limitation):\n");
  for (const auto& card : content.cards()) {
    if (card.officer()) continue;
    std::printf("%-18s %-20s %-8s %s %-10s %s\n", card.id.c_str(), card.card.title().c_str(),
                nature_name(card.nature), rarity_letter(card.rarity), race_name(card.race),
                card.card.summary().c_str());
  }
  std::printf("\nDeck presets:\n");
  for (const auto& preset : content.deck_presets()) {
    std::printf("%-12s %s\n", preset.id.c_str(), preset.name.c_str());
  }
  std::printf("\nHexpile presets:\n");
  for (const auto& preset : content.presets()) {
    std::printf("%-12s %s: %zu hexes\n", preset.id.c_str(), preset.name.c_str(),
                preset.hexes.size());
  }
  return 0;
}

}  // namespace spacedock::server
