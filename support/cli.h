#pragma once

// Command-line parsing for every Spacedock program, on CLI11: one help layout (options in
// groups, each with its default), a repeated option taking its last value, and one way to fail
// (a message naming the option, exit status 2).

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace spacedock::support {

// "spacedock admin role": the names from the program down to `app`.
inline std::string command_path(const CLI::App* app) {
  std::string path = app->get_name();
  for (const CLI::App* up = app->get_parent(); up != nullptr; up = up->get_parent())
    path = up->get_name() + " " + path;
  return path;
}

// The deepest command the parsed line chose: `spacedock admin role ...` gives role.
inline const CLI::App* chosen_command(const CLI::App& app) {
  const CLI::App* chosen = &app;
  for (auto subs = chosen->get_subcommands(); !subs.empty(); subs = chosen->get_subcommands())
    chosen = subs.front();
  return chosen;
}

// Help as the programs print it:
//   usage: spacedock serve [options]
//   run the game server
//
//   Network:
//     --listen ADDR:PORT             where to listen ... (default: 127.0.0.1:8080)
// Descriptions are wrapped to kWidth columns and end with the option's default, if it has one.
// An option shows its type name (N, FILE) but not its validators: the description says the
// range in words. A command's help ends with the program's list of commands.
class HelpFormatter : public CLI::Formatter {
 public:
  static constexpr std::size_t kWidth = 100;
  static constexpr char kUnbroken = '\x01';

  HelpFormatter() { column_width(36); }

  std::string make_help(const CLI::App* app, std::string, CLI::AppFormatMode mode) const override {
    if (mode == CLI::AppFormatMode::Sub) return make_expanded(app);
    std::string out = make_usage(app, "");
    if (!app->get_description().empty()) out += wrap(app->get_description(), 0) + "\n";
    out += make_positionals(app);
    out += make_groups(app, mode);
    out += make_subcommands(app, mode);
    out += "\n" + make_footer(app);
    // CLI11 puts two blank lines between groups; one is enough.
    for (auto at = out.find("\n\n\n"); at != std::string::npos; at = out.find("\n\n\n", at))
      out.erase(at, 1);
    return out;
  }

  std::string make_usage(const CLI::App* app, std::string) const override {
    return "usage: " + usage_line(app) + "\n";
  }

  std::string make_subcommand(const CLI::App* sub) const override {
    std::ostringstream out;
    CLI::detail::format_help(out, usage_line(sub), wrap(sub->get_description(), column_width_),
                             column_width_);
    return out.str();
  }

  std::string make_footer(const CLI::App* app) const override {
    std::string footer = app->get_footer().empty() ? "" : wrap(app->get_footer(), 0) + "\n";
    if (app->get_parent() == nullptr) return footer;
    const CLI::App* root = app;
    while (root->get_parent() != nullptr)
      root = root->get_parent();
    footer += (footer.empty() ? "" : "\n") + std::string("Every command (") + root->get_name() +
              " COMMAND --help for its options):\n";
    for (const CLI::App* sub : root->get_subcommands({}))
      if (!sub->get_group().empty()) footer += make_subcommand(sub);
    return footer;
  }

  std::string make_option_opts(const CLI::Option* opt) const override {
    if (!opt->get_option_text().empty()) return " " + opt->get_option_text();
    if (opt->get_type_size() == 0) return "";
    std::string name = opt->get_type_name();
    if (opt->get_expected_max() == CLI::detail::expected_max_vector_size) name += "...";
    return " " + name;
  }

  std::string make_option_desc(const CLI::Option* opt) const override {
    std::string text = opt->get_description();
    if (opt->get_type_size() != 0 && !opt->get_default_str().empty()) {
      // Kept on one line: its spaces are not places to break until wrap() is done.
      std::string shown = "(default: " + opt->get_default_str() + ")";
      std::replace(shown.begin(), shown.end(), ' ', kUnbroken);
      text += " " + shown;
    }
    std::string wrapped = wrap(text, column_width_);
    std::replace(wrapped.begin(), wrapped.end(), kUnbroken, ' ');
    return wrapped;
  }

  std::string make_option_usage(const CLI::Option* opt) const override {
    const bool many = opt->get_expected_max() >= CLI::detail::expected_max_vector_size;
    const std::string name = opt->get_type_name() + (many ? "..." : "");
    return opt->get_required() ? name : "[" + name + "]";
  }

  // "spacedock serve [options]", "spacedock admin COMMAND", "spacedock scenario FILE...".
  std::string usage_line(const CLI::App* app) const {
    std::string line = command_path(app);
    const auto options = app->get_options([app](const CLI::Option* opt) {
      return opt->nonpositional() && opt != app->get_help_ptr() && opt != app->get_help_all_ptr();
    });
    if (!options.empty()) line += " [options]";
    for (const CLI::Option* opt :
         app->get_options([](const CLI::Option* opt) { return opt->get_positional(); }))
      line += " " + make_option_usage(opt);
    if (!app->get_subcommands([](const CLI::App* sub) { return !sub->get_group().empty(); })
             .empty())
      line += " COMMAND";
    return line;
  }

 private:
  // `text` broken into lines that fit after an indent of `indent` columns (format_help indents
  // every line after the first); the text's own line breaks are kept.
  static std::string wrap(const std::string& text, std::size_t indent) {
    const std::size_t width = kWidth > indent + 30 ? kWidth - indent : 30;
    std::string out;
    std::size_t column = 0;
    std::istringstream lines(text);
    bool first_line = true;
    for (std::string line; std::getline(lines, line); first_line = false) {
      if (!first_line) {
        out += '\n';
        column = 0;
      }
      std::istringstream words(line);
      for (std::string word; words >> word;) {
        if (column > 0 && column + 1 + word.size() > width) {
          out += '\n';
          column = 0;
        } else if (column > 0) {
          out += ' ';
          ++column;
        }
        out += word;
        column += word.size();
      }
    }
    return out;
  }
};

// Gives a program's top command the house settings, before any option or command is added
// (commands inherit them): the help layout, every option's default shown, and an option given
// twice taking its last value, so that a wrapper's default can be overridden (tools/run passes
// --listen, and the caller's own --listen follows).
inline void configure(CLI::App& app) {
  app.formatter(std::make_shared<HelpFormatter>());
  app.option_defaults()->always_capture_default()->multi_option_policy(
      CLI::MultiOptionPolicy::TakeLast);
  app.get_help_ptr()->description("print this help and exit");
}

// Prints "PROGRAM COMMAND: message" and where to find the options; returns the exit status of a
// command line the program cannot run, 2.
inline int usage_error(const CLI::App* command, const std::string& message) {
  const std::string path = command_path(command);
  std::fprintf(stderr, "%s: %s\n%s --help lists the options.\n", path.c_str(), message.c_str(),
               path.c_str());
  return 2;
}

// Parses the command line. Returns nothing when the program should go on; or the exit status
// once --help has been printed (0) or an error explained (2).
inline std::optional<int> parse(CLI::App& app, int argc, const char* const* argv) {
  try {
    app.parse(argc, argv);
    return std::nullopt;
  } catch (const CLI::CallForHelp&) {
    std::fputs(app.help().c_str(), stdout);
    return 0;
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);
    const CLI::App* chosen = chosen_command(app);
    // A program with commands, and no command chosen: say so rather than "not expected".
    if (chosen == &app && !app.get_subcommands({}).empty() && argc > 1 && argv[1][0] != '-')
      return usage_error(chosen, std::string("unknown command '") + argv[1] + "'");
    return usage_error(chosen, e.what());
  }
}

// A number from `low` to `high`, as a check on an option's text. CLI11's own Range would add its
// text to the option's name in --help, where the description says the range in words instead.
template <typename Number>
CLI::Validator between(Number low, Number high) {
  return CLI::Validator(
      [low, high](std::string& text) -> std::string {
        Number value{};
        if (!CLI::detail::lexical_cast(text, value)) {
          return "'" + text + "' is not a " +
                 (std::is_integral_v<Number> ? "whole number" : "number");
        }
        if (value >= low && value <= high) return {};
        std::ostringstream range;
        if (high == std::numeric_limits<Number>::max()) {
          range << "at least " << low;
        } else {
          range << "from " << low << " to " << high;
        }
        return text + " is out of range: " + range.str();
      },
      "");
}

template <typename Number>
CLI::Validator at_least(Number low) {
  return between(low, std::numeric_limits<Number>::max());
}

// One of `names`, exactly.
inline CLI::Validator one_of(std::vector<std::string> names) {
  return CLI::Validator(
      [names = std::move(names)](std::string& text) -> std::string {
        std::string list;
        for (const auto& name : names) {
          if (name == text) return {};
          list += (list.empty() ? "" : ", ") + name;
        }
        return "'" + text + "' is not one of " + list;
      },
      "");
}

}  // namespace spacedock::support
