//===--- Baseline.h - Findings accepted as they are -------------*- C++ -*-===//
//
// --write-baseline=FILE records the fingerprints of today's findings;
// --baseline=FILE drops the findings it records, so only new ones fail a
// gate. The file is JSON, version 1 (docs/ci.md):
//
//   {
//     "format": "uaccess-lint-baseline",
//     "version": 4,
//     "findings": [
//       {"fingerprint": "<32 hex digits>", "check": "window-call",
//        "file": "fs/select.c", "function": "do_sys_poll",
//        "message": "..."}
//     ]
//   }
//
// Only "fingerprint" is read back; the rest is for the people who review
// the file.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_GATE_BASELINE_H
#define UACCESS_LINT_TOOL_GATE_BASELINE_H

#include "checks/Finding.h"
#include "inputs/Settings.h"

#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace uaccess {

/// What a baseline file accepts: its fingerprints, of one version's
/// scheme.
struct BaselineEntries {
  std::set<std::string> Fingerprints;
  /// A version 3 file: its fingerprints are the findings'
  /// LegacyFingerprint.
  bool Legacy = false;
  bool accepts(const Finding &F) const;
};

/// The entries of a baseline file's text.
llvm::Expected<BaselineEntries> parseBaseline(llvm::StringRef Text);

/// Reads and parses the baseline at \p Path; errors name the file.
llvm::Expected<BaselineEntries> readBaseline(llvm::StringRef Path);

/// The baseline of \p Findings (fingerprints assigned), paths relative to
/// their source root (see sourceRoot()).
std::string renderBaseline(llvm::ArrayRef<Finding> Findings,
                           llvm::StringRef ExplicitRoot);

/// Drops the findings whose fingerprint \p Accepted holds; how many went.
unsigned applyBaseline(std::vector<Finding> &Findings,
                       const BaselineEntries &Accepted);

/// The fingerprints of every settings' baseline, each file read once.
class Baselines {
public:
  /// Reads the baselines \p All name; an error names the file.
  llvm::Error read(llvm::ArrayRef<std::unique_ptr<Settings>> All);
  /// Drops the findings that the baseline of every settings in their
  /// Configs accepts; how many went.
  unsigned apply(std::vector<Finding> &Findings,
                 llvm::ArrayRef<std::unique_ptr<Settings>> All) const;
  bool empty() const { return Accepted.empty(); }
  /// True when some baseline read is a version 3 file.
  bool anyLegacy() const;

private:
  std::map<std::string, BaselineEntries> Accepted;
};

} // namespace uaccess

#endif
