//===--- LineFilter.cpp - clang-tidy's --line-filter ----------------------===//

#include "LineFilter.h"

#include "ChangedLines.h"
#include "utils/JsonSlices.h"
#include "utils/WorkingDirectory.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

#include <set>

namespace uaccess {

namespace {
llvm::Error bad(const llvm::Twine &Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "invalid --line-filter: " + Why);
}

/// The one name the filter compares: absolute, through symbolic links.
std::string fileIdentity(llvm::StringRef File) {
  llvm::SmallString<256> Full(File);
  makeAbsolute(Full);
  return canonicalPath(Full);
}

/// The file \p Name names from the first base it exists under; empty when
/// it exists under none.
std::string existingUnder(llvm::StringRef Name,
                          llvm::ArrayRef<std::string> Bases) {
  if (llvm::sys::path::is_absolute(Name))
    return canonicalPath(Name);
  for (const std::string &Base : Bases) {
    std::string Full = Base + "/" + Name.str();
    if (llvm::sys::fs::is_regular_file(Full))
      return canonicalPath(Full);
  }
  return "";
}
} // namespace

llvm::Expected<LineFilter> LineFilter::parse(llvm::StringRef JSON) {
  llvm::Expected<llvm::json::Value> Value = parseJsonInput(JSON);
  if (!Value)
    return bad(llvm::toString(Value.takeError()));
  const llvm::json::Array *List = Value->getAsArray();
  if (!List)
    return bad("not a JSON array of {\"name\", \"lines\"} objects");
  LineFilter Filter;
  for (const llvm::json::Value &Item : *List) {
    const llvm::json::Object *Obj = Item.getAsObject();
    std::optional<llvm::StringRef> Name =
        Obj ? Obj->getString("name") : std::nullopt;
    if (!Name || Name->empty())
      return bad("every entry needs a \"name\"");
    llvm::StringRef Clean = *Name;
    while (Clean.consume_front("./"))
      ;
    Entry E{Clean.str(), "", {}};
    if (const llvm::json::Array *Lines = Obj->getArray("lines"))
      for (const llvm::json::Value &Range : *Lines) {
        const llvm::json::Array *Pair = Range.getAsArray();
        std::optional<int64_t> From = Pair && Pair->size() == 2
                                          ? (*Pair)[0].getAsInteger()
                                          : std::nullopt;
        std::optional<int64_t> To = Pair && Pair->size() == 2
                                        ? (*Pair)[1].getAsInteger()
                                        : std::nullopt;
        if (!From || !To || *From < 1 || *To < *From)
          return bad("\"lines\" of '" + E.Name +
                     "' must be [first, last] pairs of line numbers");
        E.Lines.push_back({uint64_t(*From), uint64_t(*To)});
      }
    Filter.Entries.push_back(std::move(E));
  }
  return Filter;
}

llvm::Error LineFilter::resolve(llvm::ArrayRef<std::string> Bases,
                                llvm::ArrayRef<std::string> Files) {
  std::set<std::string> Known;
  for (const std::string &F : Files)
    Known.insert(fileIdentity(F));
  for (Entry &E : Entries) {
    E.Path = existingUnder(E.Name, Bases);
    if (!E.Path.empty())
      continue;
    std::string Tail = "/" + E.Name;
    for (const std::string &K : Known) {
      if (!llvm::StringRef(K).ends_with(Tail))
        continue;
      if (!E.Path.empty())
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "--line-filter: '" + E.Name +
                                           "' could be " + E.Path + " or " + K +
                                           "; give its path");
      E.Path = K;
    }
  }
  return llvm::Error::success();
}

bool LineFilter::namesAnyOf(llvm::ArrayRef<std::string> Files) const {
  std::set<std::string> Known;
  for (const std::string &F : Files)
    Known.insert(fileIdentity(F));
  return llvm::any_of(Entries, [&](const Entry &E) {
    return llvm::StringRef(E.Name).ends_with(".h") || Known.count(E.Path);
  });
}

bool LineFilter::accepts(llvm::StringRef File, uint64_t Line) const {
  std::string Identity = fileIdentity(File);
  for (const Entry &E : Entries) {
    if (E.Path.empty() || E.Path != Identity)
      continue;
    if (E.Lines.empty())
      return true;
    for (const auto &[From, To] : E.Lines)
      if (Line >= From && Line <= To)
        return true;
  }
  return false;
}

} // namespace uaccess
