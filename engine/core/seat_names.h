#pragma once

#include <string>
#include <vector>

#include "engine/core/decision.h"

namespace spacedock::core {

// Display names of the seats, for option labels and event texts; "P1", "P2"... where a seat has
// no name.
class SeatNames {
 public:
  SeatNames() = default;
  explicit SeatNames(std::vector<std::string> names) : names_(std::move(names)) {}
  std::string operator()(Seat seat) const {
    if (seat < names_.size() && !names_[seat].empty()) return names_[seat];
    return "P" + std::to_string(seat + 1);
  }

 private:
  std::vector<std::string> names_;
};

}  // namespace spacedock::core
