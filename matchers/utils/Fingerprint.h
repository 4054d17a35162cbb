//===--- Fingerprint.h - Findings' identities across edits ------*- C++ -*-===//
//
// A baseline must still know a finding after lines are added above it, so
// its fingerprint is made of what an unrelated edit leaves alone: the
// check and what it says (its message's id: a check relied on from afar,
// or none at all), the file (relative to the source root), the function
// and the finding's line with its whitespace left out, plus a counter that
// tells identical ones apart. Line numbers and message texts (which name
// distances in lines) are left out.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_UTILS_FINGERPRINT_H
#define UACCESS_LINT_UTILS_FINGERPRINT_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace uaccess {

/// \p Text with every run of blanks made one space, and trimmed.
std::string collapseWhitespace(llvm::StringRef Text);

/// 1-based line \p Line of \p Text without its line break; "" past the end.
llvm::StringRef lineOf(llvm::StringRef Text, uint64_t Line);

/// \p Text without the whitespace between its tokens, but for one space
/// where the two would join into one (`return x`, `a - --b`), and with
/// what string and character literals hold as it is: `f(a, b)` and
/// `f(a,b)` are one text, `int x` and `intx` are not, nor `a - --b` and
/// `a---b`, nor `"a b"` and `"a  b"`.
std::string withoutWhitespace(llvm::StringRef Text);

/// The snippet a fingerprint hashes: the line, withoutWhitespace().
std::string fingerprintSnippet(llvm::StringRef FileText, uint64_t Line);

/// The snippet fingerprints hashed before they left whitespace aside: the
/// line, whitespace collapsed. Baselines written then still match by it.
std::string legacyFingerprintSnippet(llvm::StringRef FileText, uint64_t Line);

/// 32 hex digits of SHA-256 over the parts, each ended by a NUL byte.
/// \p Occurrence counts earlier findings with the same other parts.
/// \p Kind: the id of the finding's message.
std::string fingerprint(llvm::StringRef Check, llvm::StringRef Kind,
                        llvm::StringRef RelativePath, llvm::StringRef Function,
                        llvm::StringRef Snippet, unsigned Occurrence);

} // namespace uaccess

#endif
