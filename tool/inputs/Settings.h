//===--- Settings.h - Each TU's config, the command line on top -*- C++ -*-===//
//
// A TU runs with the .uaccess-lint.yaml nearest its main file, found upward
// from the file's folder as clang-tidy finds .clang-tidy (README, "Config
// file"); --config and --config-file name one config for every TU. The
// command line wins over any config: --checks and --header-filter replace
// Checks and HeaderFilterRegex, --check-option replaces one option,
// --uaccess-safe adds to UaccessSafe, --baseline replaces Baseline.
//
// One run may so hold TUs of several settings. Each TU's findings pass its
// own header filter and baseline; a finding several TUs share (a header's)
// is reported when one of them lets it through.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_SETTINGS_H
#define UACCESS_LINT_TOOL_SETTINGS_H

#include "checks/Finding.h"
#include "checks/UaccessCheck.h"
#include "inputs/Config.h"
#include "utils/GlobList.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/Regex.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace uaccess {

/// What the command line sets; what it leaves unset comes from the config.
struct SettingsOverrides {
  std::optional<std::string> Checks;
  /// "check.Option" and its value, in the order given: the last wins.
  std::vector<std::pair<std::string, std::string>> CheckOptions;
  /// Added to every config's UaccessSafe.
  std::vector<std::string> Safe;
  std::optional<std::string> HeaderFilter;
  std::optional<std::string> Baseline;
  /// --config or --config-file: this config for every TU, and its name
  /// ("--config" or the file's path).
  std::optional<Config> Fixed;
  std::string FixedOrigin;
  /// Whether settings that enable no check are an error (they are for a
  /// run that reports findings: it would pass on nothing).
  bool NeedChecks = true;
};

/// The settings one or more TUs run with, validated.
struct Settings {
  /// Their position among the run's settings (SettingsFinder::all()).
  unsigned Index = 0;
  /// The config they come from: a file's path, "--config", or "" (none).
  std::string Origin;
  std::string Checks = "*";
  GlobList Enabled;
  CheckOptionMap Options;
  std::vector<std::string> Safe;
  std::optional<std::string> HeaderFilter;
  /// Compiled from HeaderFilter.
  std::optional<llvm::Regex> HeaderRegex;
  /// The baseline file; "" for none.
  std::string Baseline;
};

/// \p C, from \p Origin, with \p O on top. An unknown check, a check
/// option that is not one or whose value does not parse, and a header
/// filter that is not a regex are errors; those from the config name it.
llvm::Expected<std::unique_ptr<Settings>>
resolveSettings(const Config &C, llvm::StringRef Origin,
                const SettingsOverrides &O);

/// \p S as a config file (--dump-config): every option of the enabled
/// checks with its value, the Baseline absolute.
Config effectiveConfig(const Settings &S);

/// The settings of each source folder: the nearest config above it, or
/// the fixed one. Each config is read and resolved once.
class SettingsFinder {
public:
  explicit SettingsFinder(SettingsOverrides O) : Overrides(std::move(O)) {}

  /// The settings of the sources in \p Dir (relative to the current
  /// directory, or absolute).
  llvm::Expected<const Settings *> forDirectory(llvm::StringRef Dir);
  /// The settings of source file \p File: its folder's.
  llvm::Expected<const Settings *> forFile(llvm::StringRef File);
  /// The settings of a source with no config file above it: the command
  /// line's on an empty config, or on the fixed one.
  llvm::Expected<const Settings *> withoutConfigFile();

  /// Every settings handed out so far, by Index.
  llvm::ArrayRef<std::unique_ptr<Settings>> all() const { return All; }

private:
  llvm::Expected<const Settings *> forConfig(const std::string &Path);

  SettingsOverrides Overrides;
  std::map<std::string, std::string> ConfigOfDir;
  std::map<std::string, const Settings *> ByOrigin;
  std::vector<std::unique_ptr<Settings>> All;
};

/// Findings in headers go when no settings of the TUs that have them
/// (Finding::Configs) keeps them: their HeaderFilterRegex does not match,
/// or \p Exclude (--exclude-header-filter) does. Findings in \p MainFiles,
/// the TUs' own files, stay. Configs keeps the settings that kept it.
void filterHeaders(std::vector<Finding> &Findings,
                   const std::set<std::string> &MainFiles,
                   llvm::ArrayRef<std::unique_ptr<Settings>> All,
                   const std::optional<llvm::Regex> &Exclude);

/// The checks enabled for each file, where a suppression that names one
/// and matches nothing is unused (applySuppressions()): a TU's main file
/// has its settings' checks, any other file (a header) those of any TU.
class EnabledChecksByFile {
public:
  /// \p MainFiles[I] runs with the settings All[SettingsOf[I]].
  EnabledChecksByFile(llvm::ArrayRef<std::string> MainFiles,
                      llvm::ArrayRef<unsigned> SettingsOf,
                      llvm::ArrayRef<std::unique_ptr<Settings>> All);
  std::vector<llvm::StringRef> operator()(llvm::StringRef File) const;

private:
  std::map<std::string, std::vector<llvm::StringRef>> ByFile;
  std::vector<llvm::StringRef> Any;
};

} // namespace uaccess

#endif
