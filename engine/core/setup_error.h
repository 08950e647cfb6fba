#pragma once

#include <string>

namespace spacedock::core {

// Why match or seat options were refused: a stable rule code (e.g. "HEXPOINTS_OUT_OF_RANGE")
// for programs and an explanation for people.
struct SetupError {
  std::string rule;
  std::string message;
};

}  // namespace spacedock::core
