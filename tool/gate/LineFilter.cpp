//===--- LineFilter.cpp - clang-tidy's --line-filter ----------------------===//

#include "gate/LineFilter.h"

#include "gate/ChangedLines.h"
#include "utils/JsonSlices.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/JSON.h"

#include <set>

namespace uaccess {

namespace {
llvm::Error bad(const llvm::Twine &Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "invalid --line-filter: " + Why);
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
    Entry E{Clean.str(), "", false, {}};
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
                                llvm::ArrayRef<std::string> Fallback,
                                llvm::ArrayRef<std::string> Files) {
  std::set<std::string> Known;
  for (const std::string &F : Files)
    Known.insert(canonicalFile(F));
  for (Entry &E : Entries) {
    llvm::Expected<std::string> Path = existingUnder(E.Name, Bases, Fallback);
    if (!Path)
      return llvm::createStringError("--line-filter: " +
                                     llvm::toString(Path.takeError()));
    E.Path = std::move(*Path);
    E.OfRun = Known.count(E.Path);
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
      E.OfRun = true;
    }
  }
  return llvm::Error::success();
}

bool LineFilter::namesAnyOf() const {
  return llvm::any_of(Entries, [&](const Entry &E) {
    return llvm::StringRef(E.Name).ends_with(".h") || E.OfRun;
  });
}

bool LineFilter::accepts(llvm::StringRef File, uint64_t Line) const {
  std::string Identity = canonicalFile(File);
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
