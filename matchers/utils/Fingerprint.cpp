//===--- Fingerprint.cpp - Findings' identities across edits --------------===//

#include "utils/Fingerprint.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"

namespace uaccess {

std::string collapseWhitespace(llvm::StringRef Text) {
  std::string Out;
  bool Blank = false;
  for (char C : Text.trim()) {
    if (llvm::isSpace(C)) {
      Blank = true;
      continue;
    }
    if (Blank)
      Out += ' ';
    Blank = false;
    Out += C;
  }
  return Out;
}

llvm::StringRef lineOf(llvm::StringRef Text, uint64_t Line) {
  for (uint64_t I = 1; I < Line; ++I) {
    size_t Break = Text.find('\n');
    if (Break == llvm::StringRef::npos)
      return "";
    Text = Text.drop_front(Break + 1);
  }
  return Line ? Text.take_until([](char C) { return C == '\n'; }) : "";
}

/// True when \p A and \p B, written together, would make one token of
/// the two: two characters of a name or number (`int x`), or the start of
/// a punctuator (`- -` is not `--`, `a - --b` not `a---b`).
static bool wouldJoin(char A, char B) {
  auto InName = [](char C) { return llvm::isAlnum(C) || C == '_'; };
  if (InName(A) && InName(B))
    return true;
  static const char *const Pairs[] = {
      "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&",
      "||", "*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "..",
      "##", "::", "<:", ":>", "<%", "%>", "%:", "/*", "//", "*/"};
  char Both[] = {A, B, 0};
  return llvm::is_contained(Pairs, llvm::StringRef(Both));
}

std::string withoutWhitespace(llvm::StringRef Text) {
  std::string Out;
  bool Blank = false;
  char Quote = 0; // Inside a string or character literal: its own text.
  Text = Text.trim();
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (Quote) {
      Out += C;
      if (C == '\\' && I + 1 < Text.size())
        Out += Text[++I];
      else if (C == Quote)
        Quote = 0;
      continue;
    }
    if (llvm::isSpace(C)) {
      Blank = true;
      continue;
    }
    if (Blank && !Out.empty() && wouldJoin(Out.back(), C))
      Out += ' ';
    Blank = false;
    if (C == '"' || C == '\'')
      Quote = C;
    Out += C;
  }
  return Out;
}

std::string fingerprintSnippet(llvm::StringRef FileText, uint64_t Line) {
  return withoutWhitespace(lineOf(FileText, Line));
}

std::string legacyFingerprintSnippet(llvm::StringRef FileText, uint64_t Line) {
  return collapseWhitespace(lineOf(FileText, Line));
}

std::string fingerprint(llvm::StringRef Check, llvm::StringRef Kind,
                        llvm::StringRef RelativePath, llvm::StringRef Function,
                        llvm::StringRef Snippet, unsigned Occurrence) {
  llvm::SHA256 Hash;
  std::string Count = std::to_string(Occurrence);
  for (llvm::StringRef Part :
       {Check, Kind, RelativePath, Function, Snippet, llvm::StringRef(Count)}) {
    Hash.update(Part);
    Hash.update(llvm::StringRef("\0", 1));
  }
  std::array<uint8_t, 32> Digest = Hash.final();
  return llvm::toHex(llvm::ArrayRef(Digest).take_front(16),
                     /*LowerCase=*/true);
}

} // namespace uaccess
