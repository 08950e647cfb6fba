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
}  // namespace spacedock::embedded
