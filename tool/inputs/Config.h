//===--- Config.h - The .uaccess-lint.yaml file -----------------*- C++ -*-===//
//
// Settings a tree keeps beside its sources, as .clang-tidy does:
//
//   Checks: '*,-window-call'
//   CheckOptions:                    # a map, or clang-tidy's list of
//     batchable.MinAccesses: 3       #   - key: batchable.MinAccesses
//   UaccessSafe:                     #     value: 3
//     - kasan_check_read
//   HeaderFilterRegex: 'include/linux/.*'
//   Baseline: uaccess-baseline.json  # relative to this file
//
// Read with YAMLIO; unknown keys and malformed YAML are errors. What
// --dump-config prints is a valid file of this form.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_CONFIG_H
#define UACCESS_LINT_TOOL_CONFIG_H

#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace uaccess {

struct Config {
  std::optional<std::string> Checks;
  std::map<std::string, std::string> CheckOptions;
  std::vector<std::string> UaccessSafe;
  std::optional<std::string> HeaderFilterRegex;
  std::optional<std::string> Baseline;
};

/// The config file's name.
constexpr const char *ConfigFileName = ".uaccess-lint.yaml";

/// Parses \p Text; \p Name (a path, or "--config") leads error messages,
/// with the line and column. An empty text is an empty config.
llvm::Expected<Config> parseConfig(llvm::StringRef Text, llvm::StringRef Name);

/// Reads and parses the file at \p Path; a relative Baseline is made
/// relative to the file's folder.
llvm::Expected<Config> readConfigFile(llvm::StringRef Path);

/// The nearest .uaccess-lint.yaml in \p Dir or a folder above; "" if none.
std::string findConfigFile(llvm::StringRef Dir);

/// \p C in the format parseConfig() reads (a YAML document).
std::string renderConfig(const Config &C);

} // namespace uaccess

#endif
