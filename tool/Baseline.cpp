//===--- Baseline.cpp - Findings accepted as they are ---------------------===//

#include "Baseline.h"

#include "Accept.h"
#include "Inputs.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace llvm;

namespace uaccess {

namespace {
/// Version 2: fingerprints hash the lines of the notes too (each leak
/// exit, each folded access). A version 1 baseline would match nothing.
constexpr int64_t Version = 2;
constexpr const char *FormatName = "uaccess-lint-baseline";

Error invalid(const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "not a uaccess-lint baseline: " + Why);
}

json::Value text(StringRef S) {
  return json::isUTF8(S) ? S.str() : json::fixUTF8(S);
}
} // namespace

Expected<std::set<std::string>> parseBaseline(StringRef Text) {
  Expected<json::Value> Doc = json::parse(Text);
  if (!Doc)
    return invalid(toString(Doc.takeError()));
  const json::Object *O = Doc->getAsObject();
  if (!O || O->getString("format") != StringRef(FormatName))
    return invalid("expected an object with \"format\": \"" +
                   Twine(FormatName) + "\"");
  std::optional<int64_t> V = O->getInteger("version");
  if (V == 1)
    return invalid("version 1, whose fingerprints do not name each leak "
                   "exit (this uaccess-lint reads version 2): write it "
                   "again with --write-baseline");
  if (V != Version)
    return invalid("version " + (V ? Twine(*V) : Twine("missing")) +
                   " (this uaccess-lint reads version " + Twine(Version) + ")");
  const json::Array *List = O->getArray("findings");
  if (!List)
    return invalid("no \"findings\" array");
  std::set<std::string> Out;
  for (size_t I = 0; I < List->size(); ++I) {
    const json::Object *E = (*List)[I].getAsObject();
    std::optional<StringRef> FP =
        E ? E->getString("fingerprint") : std::nullopt;
    if (!FP || FP->empty())
      return invalid("findings[" + Twine(I) +
                     "] has no \"fingerprint\" string");
    Out.insert(FP->str());
  }
  return Out;
}

Expected<std::set<std::string>> readBaseline(StringRef Path) {
  Expected<std::string> Text =
      readInputFile(Path, "baseline", uint64_t(256) << 20);
  if (!Text)
    return Text.takeError();
  Expected<std::set<std::string>> Set = parseBaseline(*Text);
  if (!Set)
    return createStringError(inconvertibleErrorCode(),
                             "'" + Path + "': " + toString(Set.takeError()));
  return Set;
}

std::string renderBaseline(ArrayRef<Finding> Findings, StringRef ExplicitRoot) {
  json::Array List;
  for (const Finding &F : Findings)
    List.push_back(json::Object{
        {"fingerprint", F.Fingerprint},
        {"check", F.Check},
        {"file",
         text(relativeTo(F.Loc.File, sourceRoot(F.Loc.File, ExplicitRoot)))},
        {"function", text(F.Function)},
        {"message", text(F.Message)}});
  json::Value Doc = json::Object{{"format", FormatName},
                                 {"version", Version},
                                 {"findings", std::move(List)}};
  return formatv("{0:2}", Doc).str() + "\n";
}

unsigned applyBaseline(std::vector<Finding> &Findings,
                       const std::set<std::string> &Accepted) {
  size_t Before = Findings.size();
  llvm::erase_if(Findings, [&](const Finding &F) {
    return Accepted.count(F.Fingerprint);
  });
  return Before - Findings.size();
}

} // namespace uaccess
