//===--- CheckDocs.cpp - The check pages, compiled in ---------------------===//

#include "report/CheckDocs.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#ifndef UACCESS_LINT_HOMEPAGE
#error "UACCESS_LINT_HOMEPAGE is set by CMakeLists.txt"
#endif
#ifndef UACCESS_LINT_DOCS_URL
#error "UACCESS_LINT_DOCS_URL is set by CMakeLists.txt"
#endif

namespace uaccess {

namespace {
struct Page {
  const char *Name;
  const char *Text;
};
const Page Pages[] = {
#include "CheckDocs.inc"
};
} // namespace

llvm::StringRef docPage(llvm::StringRef Name) {
  for (const Page &P : Pages)
    if (Name == P.Name)
      return P.Text;
  return "";
}

std::string firstParagraph(llvm::StringRef Page) {
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Page.split(Lines, '\n');
  std::string Out;
  bool Started = false;
  for (llvm::StringRef Line : Lines) {
    Line = Line.trim();
    bool Skip = Line.starts_with("#") || Line.empty();
    if (Skip && Started)
      break;
    if (Skip)
      continue;
    Started = true;
    if (!Out.empty())
      Out += ' ';
    Out += Line;
  }
  return Out;
}

llvm::StringRef pageSection(llvm::StringRef Page, llvm::StringRef Title) {
  std::string Heading = ("## " + Title + "\n").str();
  size_t Start = Page.starts_with(Heading) ? 0 : Page.find("\n" + Heading);
  if (Start == llvm::StringRef::npos)
    return "";
  if (Start)
    ++Start;
  size_t End = Page.find("\n## ", Start + Heading.size() - 1);
  return Page.slice(Start, End == llvm::StringRef::npos ? Page.size() : End + 1)
      .rtrim();
}

std::string shortHelp(llvm::StringRef Name, llvm::StringRef Page) {
  std::string Help = ("# " + Name + "\n\n" + firstParagraph(Page)).str();
  for (llvm::StringRef Title : {"Example", "Options"}) {
    llvm::StringRef Section = pageSection(Page, Title);
    if (!Section.empty())
      Help += ("\n\n" + Section).str();
  }
  return Help + "\n\nThe whole page: " + docPageUrl(Name) + "\n";
}

llvm::StringRef projectHomepage() { return UACCESS_LINT_HOMEPAGE; }

std::string docPageUrl(llvm::StringRef Name) {
  return (llvm::Twine(UACCESS_LINT_DOCS_URL) + "/checks/" + Name + ".md").str();
}

} // namespace uaccess
