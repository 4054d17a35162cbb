//===--- NameMatch.h - Names and name patterns ------------------*- C++ -*-===//
//
// Callee lists (objtool's uaccess-safe list, sleeping functions, the user's
// --uaccess-safe) and flag lists name functions exactly or by prefix, with a
// trailing '*'. One matcher for all of them.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_UTILS_NAMEMATCH_H
#define UACCESS_LINT_UTILS_NAMEMATCH_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace uaccess {

/// True when \p Name is \p Pattern, or starts with it when \p Pattern ends
/// in '*'.
bool matchesNamePattern(llvm::StringRef Pattern, llvm::StringRef Name);

/// True when \p Name matches one of \p Patterns.
bool matchesAnyName(llvm::ArrayRef<llvm::StringRef> Patterns,
                    llvm::StringRef Name);
bool matchesAnyName(llvm::ArrayRef<std::string> Patterns, llvm::StringRef Name);

/// \p Text without any whitespace: compares expressions as written
/// (`sizeof( *p )` and `sizeof(*p)`) and across line breaks.
std::string stripWhitespace(llvm::StringRef Text);

/// True when \p Text names one object as written: a variable, a field or
/// an element (`r->a`, `u.vals[2]`), nothing that an `&` before it would
/// bind to less of (`a + 1`, `f(x)`).
bool namesOneObject(llvm::StringRef Text);

} // namespace uaccess

#endif
