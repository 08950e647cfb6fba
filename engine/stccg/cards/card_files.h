#pragma once
// The card data files, embedded into the binary at build time (engine/CMakeLists.txt); tests
// load variants of them.
#include <string_view>

namespace spacedock::embedded {
extern const std::string_view stccg_skills;
extern const std::string_view stccg_premiere;
extern const std::string_view stccg_au;
extern const std::string_view stccg_qc;
extern const std::string_view stccg_bog;
extern const std::string_view stccg_test;
extern const std::string_view stccg_premiere_personnel;
extern const std::string_view stccg_premiere_ships;
extern const std::string_view stccg_premiere_missions;
extern const std::string_view stccg_premiere_artifacts;
extern const std::string_view stccg_premiere_dilemmas;
extern const std::string_view stccg_premiere_interrupts;
extern const std::string_view stccg_premiere_events;
extern const std::string_view stccg_au_personnel;
extern const std::string_view stccg_au_ships;
extern const std::string_view stccg_au_missions;
extern const std::string_view stccg_au_artifacts;
extern const std::string_view stccg_au_dilemmas;
extern const std::string_view stccg_au_events;
extern const std::string_view stccg_au_interrupts;
extern const std::string_view stccg_au_equipment;
extern const std::string_view stccg_au_doorways;
}  // namespace spacedock::embedded
