//===--- CheckRegistry.cpp - Which checks exist ---------------------------===//

#include "checks/CheckRegistry.h"

namespace uaccess {

llvm::ArrayRef<CheckInfo> allChecks() {
  static const CheckFactories Factories = [] {
    CheckFactories F;
    addUaccessChecks(F);
    return F;
  }();
  return Factories.checks();
}

std::vector<llvm::StringRef> allCheckNames() {
  std::vector<llvm::StringRef> Names;
  for (const CheckInfo &C : allChecks())
    Names.push_back(C.Name);
  return Names;
}

const CheckInfo *findCheck(llvm::StringRef Name) {
  for (const CheckInfo &C : allChecks())
    if (C.Name == Name)
      return &C;
  return nullptr;
}

std::string renderMessage(const Finding &F) {
  if (const CheckInfo *C = findCheck(F.Check))
    for (const MessageFormat &M : C->Messages)
      if (M.Id == F.MessageId)
        return formatMessage(M.Format, F.Args);
  return F.Message;
}

PatchText describePatch(const Finding &F) {
  const CheckInfo *C = findCheck(F.Check);
  PatchText T = C ? C->DescribePatch(F) : PatchText();
  if (T.Summary.empty())
    T.Summary = "fix a " + F.Check + " finding";
  // The finding's own words: its message is what there is to say.
  if (T.Paragraph.empty())
    T.Paragraph = "In " + functionText(F) + ": " + F.Message + ".";
  return T;
}

OptionsRecord readCheckOptions(const CheckOptionMap &Given) {
  // Checks read their options when they are made: make each once, with no
  // TU, and keep what they read.
  OptionsRecord Record;
  std::vector<Finding> Unused;
  CheckContext Context(Given, Unused, "", &Record);
  for (const CheckInfo &C : allChecks())
    C.Make(C.Name, Context);
  for (const auto &[Key, Value] : Given)
    if (!Record.Declared.count(Key))
      Record.Errors.push_back("unknown check option '" + Key + "'");
  for (auto &[Key, Value] : Record.Declared)
    if (auto It = Given.find(Key); It != Given.end())
      Value = It->second;
  return Record;
}

} // namespace uaccess
