//===--- NameMatch.cpp - Names and name patterns --------------------------===//

#include "utils/NameMatch.h"

#include "llvm/ADT/StringExtras.h"

namespace uaccess {

bool matchesNamePattern(llvm::StringRef Pattern, llvm::StringRef Name) {
  if (Pattern.ends_with("*"))
    return Name.starts_with(Pattern.drop_back());
  return Name == Pattern;
}

bool matchesAnyName(llvm::ArrayRef<llvm::StringRef> Patterns,
                    llvm::StringRef Name) {
  return llvm::any_of(
      Patterns, [&](llvm::StringRef P) { return matchesNamePattern(P, Name); });
}

bool matchesAnyName(llvm::ArrayRef<std::string> Patterns,
                    llvm::StringRef Name) {
  return llvm::any_of(Patterns, [&](const std::string &P) {
    return matchesNamePattern(P, Name);
  });
}

std::string stripWhitespace(llvm::StringRef Text) {
  std::string Out;
  for (char C : Text)
    if (!llvm::isSpace(C))
      Out += C;
  return Out;
}

bool namesOneObject(llvm::StringRef Text) {
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text.substr(I).starts_with("->"))
      ++I;
    else if (!llvm::isAlnum(Text[I]) && !llvm::is_contained("_.[]", Text[I]))
      return false;
  }
  return !Text.empty();
}

} // namespace uaccess
