#include "engine/core/text_format.h"

#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/text_format.h>

namespace spacedock::core {
namespace {

class FirstError : public google::protobuf::io::ErrorCollector {
 public:
  explicit FirstError(std::string_view file) : file_(file) {}
  void AddError(int line, int column, const std::string& message) override {
    if (first_.empty()) {
      first_ = std::string(file_) + ":" + std::to_string(line + 1) + ":" +
               std::to_string(column + 1) + ": " + message;
    }
  }
  const std::string& first() const { return first_; }

 private:
  std::string_view file_;
  std::string first_;
};

}  // namespace

std::optional<std::string> parse_text_format(std::string_view file, std::string_view text,
                                             google::protobuf::Message* out) {
  FirstError errors(file);
  google::protobuf::TextFormat::Parser parser;
  parser.RecordErrorsTo(&errors);
  if (parser.ParseFromString(std::string(text), out)) return std::nullopt;
  return errors.first().empty() ? std::string(file) + ": cannot parse" : errors.first();
}

}  // namespace spacedock::core
