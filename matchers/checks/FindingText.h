//===--- FindingText.h - What a finding says, from its arguments -*- C++
//-*-===//
//
// As clang's diagnostics: a check declares its messages once, each an id and
// a format, and reports a finding with an id and named arguments
// (FindingArgs). The text is rendered from them here, when the finding is
// made, and again when the link step changes the arguments. What a fix
// patch says is written from the arguments too, by the check's
// describePatch (CheckRegistry.h), never parsed back from a message.
//
// The format's syntax, a small kin of clang's %select and %plural:
//   {name}           the argument's text (FindingArgs::text)
//   {name?A|B}       A when the argument is set (FindingArgs::isSet), else
//                    B; "|B" may be left out
//   {name#one|many}  one when the argument is the count 1, else many
// A and B are formats themselves; an argument's text is never read as one.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_CHECKS_FINDINGTEXT_H
#define UACCESS_LINT_CHECKS_FINDINGTEXT_H

#include "checks/Finding.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace uaccess {

/// One message a check writes: an id that stays when the words change, and
/// its format.
struct MessageFormat {
  llvm::StringRef Id;
  llvm::StringRef Format;
};

/// \p Format with \p Args put in.
std::string formatMessage(llvm::StringRef Format, const FindingArgs &Args);

/// Why \p Format cannot be rendered (an unclosed brace, a '}' with no '{',
/// an empty name), or "" when it can.
std::string formatError(llvm::StringRef Format);

/// What a fix patch says about one finding (--patch-dir): the summary that
/// follows the subject's prefix ("batch user writes"; " in f()" is added
/// after it), and a paragraph of the body. An empty paragraph asks for the
/// generic one.
struct PatchText {
  std::string Summary;
  std::string Paragraph;
};

/// "the function" or "f()", as patch bodies name a finding's function.
std::string functionText(const Finding &F);

} // namespace uaccess

#endif
