//===--- Baseline.cpp - Findings accepted as they are ---------------------===//

#include "gate/Baseline.h"

#include "inputs/Inputs.h"
#include "support/SourceRoots.h"

#include "utils/JsonSlices.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace llvm;

namespace uaccess {

namespace {
/// Version 2: fingerprints hash the lines of the notes too (each leak
/// exit, each folded access). Version 3: and the id of the finding's
/// message (an access_ok() relied on from afar is not a missing one). An
/// older baseline would match nothing. Version 4: whitespace left out of
/// the lines, not collapsed (`f(a,b)` is `f(a, b)`); a version 3 baseline
/// is read, and matched by Finding::LegacyFingerprint.
constexpr int64_t Version = 4;
constexpr int64_t LegacyVersion = 3;
constexpr const char *FormatName = "uaccess-lint-baseline";

Error invalid(const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "not a uaccess-lint baseline: " + Why);
}

json::Value text(StringRef S) {
  return json::isUTF8(S) ? S.str() : json::fixUTF8(S);
}
} // namespace

namespace {
/// The format and version members, checked; the version.
Expected<int64_t> checkHeader(const json::Value *Format, const json::Value *V) {
  if (!Format || Format->getAsString() != StringRef(FormatName))
    return invalid("expected an object with \"format\": \"" +
                   Twine(FormatName) + "\"");
  std::optional<int64_t> N = V ? V->getAsInteger() : std::nullopt;
  if (N == 1 || N == 2)
    return invalid("version " + Twine(*N) +
                   ", whose fingerprints do not tell each leak exit (1) or "
                   "what a finding says (2) apart (this uaccess-lint reads "
                   "version " +
                   Twine(Version) + "): write it again with --write-baseline");
  if (N != Version && N != LegacyVersion)
    return invalid("version " + (N ? Twine(*N) : Twine("missing")) +
                   " (this uaccess-lint reads versions " +
                   Twine(LegacyVersion) + " and " + Twine(Version) + ")");
  return *N;
}

/// The fingerprint of entry \p I, whose text is \p Entry.
Expected<std::string> fingerprintOf(StringRef Entry, size_t I) {
  Expected<json::Value> E = json::parse(Entry);
  if (!E)
    return invalid(toString(E.takeError()));
  const json::Object *O = E->getAsObject();
  std::optional<StringRef> FP = O ? O->getString("fingerprint") : std::nullopt;
  if (!FP || FP->empty())
    return invalid("findings[" + Twine(I) + "] has no \"fingerprint\" string");
  return FP->str();
}
} // namespace

// A baseline of a whole tree's findings can be large: each part is parsed
// and dropped in turn (utils/JsonSlices.h), never the whole tree at once.
Expected<BaselineEntries> parseBaseline(StringRef Text) {
  if (Error E = checkJsonText(Text))
    return invalid(toString(std::move(E)));
  auto Members = jsonObjectMembers(Text);
  if (!Members)
    return invalid(toString(Members.takeError()));
  std::optional<json::Value> Format, V;
  StringRef Findings;
  for (const auto &[Key, Value] : *Members) {
    Expected<json::Value> Parsed =
        Key == "findings" ? json::Value(nullptr) : json::parse(Value);
    if (!Parsed)
      return invalid(toString(Parsed.takeError()));
    if (Key == "format")
      Format = std::move(*Parsed);
    else if (Key == "version")
      V = std::move(*Parsed);
    else if (Key == "findings")
      Findings = Value;
  }
  Expected<int64_t> Read =
      checkHeader(Format ? &*Format : nullptr, V ? &*V : nullptr);
  if (!Read)
    return Read.takeError();

  auto Entries = jsonArrayElements(Findings);
  if (Findings.empty() || !Entries) {
    if (!Entries)
      consumeError(Entries.takeError());
    return invalid("no \"findings\" array");
  }
  BaselineEntries Out;
  Out.Legacy = *Read == LegacyVersion;
  for (size_t I = 0; I < Entries->size(); ++I) {
    Expected<std::string> FP = fingerprintOf((*Entries)[I], I);
    if (!FP)
      return FP.takeError();
    Out.Fingerprints.insert(std::move(*FP));
  }
  return Out;
}

Expected<BaselineEntries> readBaseline(StringRef Path) {
  Expected<std::string> Text =
      readInputFile(Path, "baseline", uint64_t(256) << 20);
  if (!Text)
    return Text.takeError();
  Expected<BaselineEntries> Set = parseBaseline(*Text);
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

bool BaselineEntries::accepts(const Finding &F) const {
  const std::string &Name = Legacy ? F.LegacyFingerprint : F.Fingerprint;
  return !Name.empty() && Fingerprints.count(Name);
}

unsigned applyBaseline(std::vector<Finding> &Findings,
                       const BaselineEntries &Accepted) {
  size_t Before = Findings.size();
  llvm::erase_if(Findings,
                 [&](const Finding &F) { return Accepted.accepts(F); });
  return Before - Findings.size();
}

Error Baselines::read(ArrayRef<std::unique_ptr<Settings>> All) {
  for (const std::unique_ptr<Settings> &S : All) {
    if (S->Baseline.empty() || Accepted.count(S->Baseline))
      continue;
    Expected<BaselineEntries> Entries = readBaseline(S->Baseline);
    if (!Entries)
      return Entries.takeError();
    Accepted[S->Baseline] = std::move(*Entries);
  }
  return Error::success();
}

bool Baselines::anyLegacy() const {
  return any_of(Accepted,
                [](const auto &Entry) { return Entry.second.Legacy; });
}

unsigned Baselines::apply(std::vector<Finding> &Findings,
                          ArrayRef<std::unique_ptr<Settings>> All) const {
  auto AcceptedBy = [&](const Finding &F, unsigned I) {
    auto It = Accepted.find(All[I]->Baseline);
    return It != Accepted.end() && It->second.accepts(F);
  };
  size_t Before = Findings.size();
  erase_if(Findings, [&](const Finding &F) {
    return !F.Configs.empty() &&
           all_of(F.Configs, [&](unsigned I) { return AcceptedBy(F, I); });
  });
  return Before - Findings.size();
}

} // namespace uaccess
