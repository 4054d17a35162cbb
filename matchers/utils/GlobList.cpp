//===--- GlobList.cpp - clang-tidy style check globs ----------------------===//

#include "utils/GlobList.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

namespace uaccess {

std::optional<GlobList> GlobList::parse(llvm::StringRef Spec,
                                        std::string &Error) {
  GlobList List;
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Spec.split(Parts, ',', -1, false);
  for (llvm::StringRef Part : Parts) {
    Part = Part.trim();
    if (Part.empty())
      continue;
    auto G = std::make_unique<Glob>();
    G->Negative = Part.consume_front("-");
    G->Text = Part.str();
    llvm::Expected<llvm::GlobPattern> Pattern =
        llvm::GlobPattern::create(G->Text);
    if (!Pattern) {
      Error = "invalid check glob '" + G->Text +
              "': " + llvm::toString(Pattern.takeError());
      return std::nullopt;
    }
    G->Pattern = std::move(*Pattern);
    List.Globs.push_back(std::move(G));
  }
  return List;
}

bool GlobList::contains(llvm::StringRef Name) const {
  bool On = false;
  for (const std::unique_ptr<Glob> &G : Globs)
    if (G->Pattern.match(Name))
      On = !G->Negative;
  return On;
}

std::vector<std::string>
GlobList::unmatchedGlobs(llvm::ArrayRef<llvm::StringRef> Names) const {
  std::vector<std::string> Out;
  for (const std::unique_ptr<Glob> &G : Globs)
    if (llvm::none_of(Names,
                      [&](llvm::StringRef N) { return G->Pattern.match(N); }))
      Out.push_back(G->Text);
  return Out;
}

} // namespace uaccess
