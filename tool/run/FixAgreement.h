//===--- FixAgreement.h - A fix-it every reader of its code makes -*- C++
//-*-===//
//
// One file's code can be compiled many times in a run: a header by every
// TU that includes it, a source by two compile commands with other flags,
// either by the builds of two arches whose reports are merged. The
// preprocessor can make it other code each time: under one #ifdef a window
// is a write window and `user_read_access_end()` closes it wrongly, under
// another it is a read window and the same line is right.
//
// The rule: a fix-it is applied only when every TU (or merged report) that
// read the function it edits proposes that same edit. A reader that read
// the code and does not propose it would be left with code changed under
// it, wrong there. Such a finding is still reported; it loses its fix-its
// (all of them: a finding's edits go together) and gets a note that names
// the reader. Failed TUs read nothing: they contribute no findings.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_FIXAGREEMENT_H
#define UACCESS_LINT_TOOL_FIXAGREEMENT_H

#include "runner/FindingsFormat.h"

#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace uaccess {

/// One reader of a run's code: a TU, or a merged report.
struct FixReader {
  /// How a note names it: "the TU 'y.c'", "the report 'arm64.json'".
  std::string Name;
  /// The functions it read that name the API.
  ReadFunctions Read;
  /// The edits its findings propose, as (file, offset, length, text).
  std::set<std::tuple<std::string, uint64_t, uint64_t, std::string>> Edits;
};

/// A reader named \p Name that read \p Read and found \p Findings.
FixReader fixReader(std::string Name, ReadFunctions Read,
                    const std::vector<Finding> &Findings);

/// Removes the fix-its of each of \p Findings that one of \p Readers read
/// without proposing them, and notes which reader that was.
void withholdDisputedFixes(std::vector<Finding> &Findings,
                           const std::vector<FixReader> &Readers);

} // namespace uaccess

#endif
