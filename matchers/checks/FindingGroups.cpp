//===--- FindingGroups.cpp - One finding for many places ------------------===//

#include "checks/FindingGroups.h"

namespace uaccess {

FindingBuilder *FindingGroups::add(llvm::StringRef Key,
                                   llvm::function_ref<FindingBuilder()> Start,
                                   std::string Subject,
                                   clang::SourceLocation Loc,
                                   llvm::function_ref<std::string()> SiteText) {
  auto [It, New] = GroupOf.try_emplace(Key, Groups.size());
  if (New) {
    Groups.emplace_back(Start());
    Groups.back().Subject = std::move(Subject);
    return &Groups.back().Builder;
  }
  Group &G = Groups[It->second];
  G.Last = Loc;
  if (++G.Folded <= Listed)
    G.Builder.site(Loc, SiteText());
  return nullptr;
}

void FindingGroups::flush() {
  for (Group &G : Groups) {
    if (G.Folded > Listed)
      G.Builder.note(G.Last, "and " + std::to_string(G.Folded - Listed) +
                                 " more " + G.Subject);
    FindingBuilder Done = std::move(G.Builder);
  }
  Groups.clear();
  GroupOf.clear();
}

} // namespace uaccess
