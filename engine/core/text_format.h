#pragma once

#include <google/protobuf/message.h>

#include <optional>
#include <string>
#include <string_view>

namespace spacedock::core {

// Parses protobuf text format strictly (unknown fields are errors) into `out`. Returns nothing on
// success, or the first problem as "file:line:column: message".
std::optional<std::string> parse_text_format(std::string_view file, std::string_view text,
                                             google::protobuf::Message* out);

}  // namespace spacedock::core
