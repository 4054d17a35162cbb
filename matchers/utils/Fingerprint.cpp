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

std::string withoutWhitespace(llvm::StringRef Text) {
  auto InName = [](char C) { return llvm::isAlnum(C) || C == '_'; };
  std::string Out;
  bool Blank = false;
  for (char C : Text.trim()) {
    if (llvm::isSpace(C)) {
      Blank = true;
      continue;
    }
    if (Blank && !Out.empty() && InName(Out.back()) && InName(C))
      Out += ' ';
    Blank = false;
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
