#include "server/net/card_images.h"

namespace spacedock::server {

std::optional<std::string> card_image_origin(std::string_view url_template) {
  std::string_view rest;
  for (std::string_view scheme : {"https://", "http://"}) {
    if (url_template.starts_with(scheme)) rest = url_template.substr(scheme.size());
  }
  if (rest.empty()) return std::nullopt;
  const std::string_view host = rest.substr(0, rest.find('/'));
  // The page's policy names one origin: a placeholder there would let the data pick the host.
  if (host.empty() || host.find_first_of("{}@ ") != std::string_view::npos) return std::nullopt;
  return std::string(url_template.substr(0, url_template.size() - rest.size())) + std::string(host);
}

}  // namespace spacedock::server
