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

/// The project's home page (tool.driver.informationUri).
llvm::StringRef projectHomepage();

/// Where docs/checks/<Name>.md is published: the docs URL, "/checks/",
/// Name, ".md".
std::string docPageUrl(llvm::StringRef Name);

} // namespace uaccess

#endif
