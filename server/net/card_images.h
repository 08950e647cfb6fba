#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace spacedock::server {

// The origin ("https://images.example.org:8443") of a card image URL template (serve
// --card-images), which the Content-Security-Policy lets the web client load images from; nothing
// if the template is not an http:// or https:// URL with a fixed host (no placeholder before its
// path).
std::optional<std::string> card_image_origin(std::string_view url_template);

}  // namespace spacedock::server
