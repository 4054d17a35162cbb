//===--- CheckDocs.h - The check pages, compiled in -------------*- C++ -*-===//
//
// docs/checks/<check>.md as it was at build time (cmake/EmbedDocs.cmake), and
// the project's addresses (-DUACCESS_LINT_HOMEPAGE, -DUACCESS_LINT_DOCS_URL at
// configure time): what the SARIF rules' descriptions and help links say.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_CHECKDOCS_H
#define UACCESS_LINT_TOOL_CHECKDOCS_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace uaccess {

/// The page docs/checks/<Name>.md; "" when there is none.
llvm::StringRef docPage(llvm::StringRef Name);

/// The first paragraph after the page's "# title", its lines joined by
/// spaces; "" when there is none.
std::string firstParagraph(llvm::StringRef Page);

/// The section "## <Title>" of \p Page, its heading included, up to the next
/// "## " heading; "" when there is none.
llvm::StringRef pageSection(llvm::StringRef Page, llvm::StringRef Title);

/// A rule's help in a SARIF log: the title, the first paragraph, the
/// Example and Options sections, and the page's address. The whole page
/// made the log 224 kB for 5 findings; code scanning links helpUri anyway.
std::string shortHelp(llvm::StringRef Name, llvm::StringRef Page);

/// The project's home page (tool.driver.informationUri).
llvm::StringRef projectHomepage();

/// Where docs/checks/<Name>.md is published: the docs URL, "/checks/",
/// Name, ".md".
std::string docPageUrl(llvm::StringRef Name);

} // namespace uaccess

#endif
