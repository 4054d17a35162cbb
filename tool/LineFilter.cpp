//===--- LineFilter.cpp - clang-tidy's --line-filter ----------------------===//

#include "LineFilter.h"

#include "utils/JsonSlices.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/JSON.h"

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
    Entry E{Clean.str(), {}};
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

bool LineFilter::namesAnyOf(llvm::ArrayRef<std::string> Files) const {
  return llvm::any_of(Entries, [&](const Entry &E) {
    return llvm::StringRef(E.Name).ends_with(".h") ||
           llvm::any_of(Files, [&](const std::string &F) {
             return llvm::StringRef(F).ends_with(E.Name);
           });
  });
}

bool LineFilter::accepts(llvm::StringRef File, uint64_t Line) const {
  for (const Entry &E : Entries) {
    if (!File.ends_with(E.Name))
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
