//===--- Suppressions.h - Inline suppression comments -----------*- C++ -*-===//
//
// The comments that accept a finding where it is:
//
//   /* uaccess-lint: ignore[window-call] reason */   this line and the next
//   // uaccess-lint: ignore[window-*,batchable]      globs, comma-separated
//   // uaccess-lint: ignore[*]                       every check
//   // uaccess-lint: ignore-begin[batchable] ... ignore-end[batchable]
//
// and clang-tidy's spellings with our check names: NOLINT(list) on the
// line itself, NOLINTNEXTLINE(list) on the line before, NOLINTBEGIN(list)
// ... NOLINTEND(list). A NOLINT without a list covers every check, as in
// clang-tidy. An end closes the latest open begin of the same spelling
// with the same list; an unpaired begin or end suppresses nothing.
//
// The scanner reads comments only (never string or character literals),
// from a file's text; it knows nothing of the AST, so it serves findings
// long after their TU is gone.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_UTILS_SUPPRESSIONS_H
#define UACCESS_LINT_UTILS_SUPPRESSIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace uaccess {

struct Suppression {
  enum Kind { ThisAndNextLine, ThisLine, NextLine, Begin, End, Malformed };
  Kind K = Malformed;
  /// Spelled NOLINT*, not "uaccess-lint:".
  bool ClangTidy = false;
  /// 1-based line of the directive.
  unsigned Line = 0;
  /// The check globs as written, blanks removed; "" for every check.
  std::string Checks;
  /// The directive as written ("uaccess-lint: ignore[window-call]").
  std::string Text;
};

/// Every suppression directive in the comments of \p FileText, in order.
std::vector<Suppression> scanSuppressions(llvm::StringRef FileText);

/// The suppressions of one file, paired and ready to match findings.
class SuppressionSet {
public:
  explicit SuppressionSet(llvm::StringRef FileText);

  /// True when a suppression covers \p Check on \p Line; the first such
  /// suppression is marked used.
  bool suppress(llvm::StringRef Check, unsigned Line);

  /// Suppressions that covered no finding and name one of \p Checks (the
  /// enabled checks): NOLINT without a list, which may be meant for
  /// clang-tidy, is never listed. An end is used with its begin.
  std::vector<const Suppression *>
  unused(llvm::ArrayRef<llvm::StringRef> Checks) const;

  /// Directives that cannot work, with why: malformed, an unpaired begin
  /// or end, a "uaccess-lint:" list naming none of \p AllChecks.
  std::vector<std::pair<const Suppression *, std::string>>
  problems(llvm::ArrayRef<llvm::StringRef> AllChecks) const;

  llvm::ArrayRef<Suppression> all() const { return List; }

private:
  bool covers(size_t I, unsigned Line) const;
  void pair();

  std::vector<Suppression> List;
  /// For a begin, the index of its end; for an end, of its begin.
  std::vector<std::optional<size_t>> Partner;
  std::vector<bool> Used;
};

/// True when the comma-separated globs \p Checks ("" for all) name
/// \p Check.
bool suppressionNames(llvm::StringRef Checks, llvm::StringRef Check);

} // namespace uaccess

#endif
