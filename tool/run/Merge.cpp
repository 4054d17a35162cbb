//===--- Merge.cpp - One report from many workers -------------------------===//

#include "run/Merge.h"

#include "utils/JsonSlices.h"

#include <limits>

#include "runner/FindingsFormat.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <map>
#include <set>
#include <tuple>

namespace uaccess {

FindingKey keyOf(const Finding &F) {
  std::vector<std::pair<std::string, uint64_t>> Sites;
  for (const FindingNote &N : F.Notes)
    if (N.Site)
      Sites.push_back({N.Loc.File, N.Loc.Offset});
  return {F.Check, F.Loc.File, F.Loc.Offset, F.Message, std::move(Sites)};
}

namespace {

bool sameNote(const FindingNote &A, const FindingNote &B) {
  return A.Loc.File == B.Loc.File && A.Loc.Offset == B.Loc.Offset &&
         A.Message == B.Message;
}

/// Adds \p X to the sorted \p Set; false when it was there.
template <typename T> bool addSorted(std::vector<T> &Set, const T &X) {
  auto It = llvm::lower_bound(Set, X);
  if (It != Set.end() && *It == X)
    return false;
  Set.insert(It, X);
  return true;
}

/// Adds to \p Kept what \p Copy, the same finding from another TU, knows:
/// the settings of its TU. A copy from an arch \p Kept already names (a
/// header's finding from two shards) adds nothing else. One from another
/// arch adds that arch, and its notes \p Kept lacks: they say what the
/// finding does there.
void unite(Finding &Kept, const Finding &Copy) {
  for (unsigned Config : Copy.Configs)
    addSorted(Kept.Configs, Config);
  bool NewArch = false;
  for (const std::string &Arch : Copy.Arches)
    NewArch |= addSorted(Kept.Arches, Arch);
  if (!NewArch)
    return;
  for (const FindingNote &N : Copy.Notes)
    if (llvm::none_of(Kept.Notes,
                      [&](const FindingNote &K) { return sameNote(K, N); }))
      Kept.Notes.push_back(N);
}

/// One of each finding (same check, file, offset and message) in a list.
class UniqueFindings {
public:
  explicit UniqueFindings(std::vector<Finding> &Findings) : Findings(Findings) {
    for (size_t I = 0; I < Findings.size(); ++I)
      Index.emplace(keyOf(Findings[I]), I);
  }
  void add(Finding F) {
    auto [It, New] = Index.try_emplace(keyOf(F), Findings.size());
    if (New)
      Findings.push_back(std::move(F));
    else
      unite(Findings[It->second], F);
  }

private:
  std::vector<Finding> &Findings;
  std::map<FindingKey, size_t> Index;
};
} // namespace

MergedReport mergeOutcomes(std::vector<TUOutcome> Outcomes,
                           RunSummary &Summary) {
  MergedReport Out;
  UniqueFindings Unique(Out.Findings);
  for (TUOutcome &O : Outcomes) {
    for (const std::string &Output : O.Report.ReadsOutputs)
      Out.ReadOutputs.try_emplace(Output, "the TU '" + O.File + "' reads");
    if (O.Status == TUStatus::Failed) {
      // A TU that did not parse cleanly was not really looked at: its
      // findings (and their fix-its) could be anywhere.
      ++Summary.Failed;
      Summary.Failures.push_back({O.File, O.Reason});
      continue;
    }
    ++Summary.Analyzed;
    Summary.SkippedBodies += O.Report.SkippedBodies;
    const std::string &Arch = O.Report.Arch;
    Out.Readers.push_back(fixReader(
        "the TU '" + O.File + "'" + (Arch.empty() ? "" : " [" + Arch + "]"),
        std::move(O.Report.Read), O.Report.Findings));
    if (!Arch.empty())
      Summary.Arches.insert(Arch);
    for (Finding &F : O.Report.Findings) {
      if (!Arch.empty())
        F.Arches = {Arch};
      F.Configs = {O.Config};
      Unique.add(std::move(F));
    }
    for (std::string &Block : O.Report.Dump)
      Out.DumpBlocks.emplace(llvm::StringRef(Block).split('\n').first.str(),
                             std::move(Block));
  }
  withholdDisputedFixes(Out.Findings, Out.Readers);
  sortByLocation(Out.Findings);
  return Out;
}

ReadFunctions readFunctions(const MergedReport &Report) {
  ReadFunctions All;
  for (const FixReader &R : Report.Readers)
    All.unite(R.Read);
  return All;
}

void mergeInto(MergedReport &Into, MergedReport From) {
  UniqueFindings Unique(Into.Findings);
  for (Finding &F : From.Findings)
    Unique.add(std::move(F));
  Into.DumpBlocks.merge(From.DumpBlocks);
  Into.ReadOutputs.merge(From.ReadOutputs);
  llvm::append_range(Into.Readers, std::move(From.Readers));
  withholdDisputedFixes(Into.Findings, Into.Readers);
  if (From.Digests) {
    if (!Into.Digests)
      Into.Digests.emplace();
    uniteDigests(*Into.Digests, *From.Digests);
  }
  sortByLocation(Into.Findings);
}

void sortByLocation(std::vector<Finding> &Findings) {
  std::stable_sort(Findings.begin(), Findings.end(),
                   [](const Finding &A, const Finding &B) {
                     return std::tie(A.Loc.File, A.Loc.Offset, A.Check) <
                            std::tie(B.Loc.File, B.Loc.Offset, B.Check);
                   });
}

namespace {
/// A finding as --format=json prints it, which leaves out what only the
/// driver needs (rank, function lines, an empty reason).
llvm::Expected<Finding> readFinding(llvm::json::Value V) {
  llvm::json::Object *O = V.getAsObject();
  if (!O)
    return llvm::createStringError("a finding is not an object");
  O->try_emplace("rank", 0);
  O->try_emplace("function_lines", llvm::json::Array{0, 0});
  O->try_emplace("reason", "");
  std::optional<llvm::StringRef> Fingerprint = O->getString("fingerprint");
  std::optional<llvm::StringRef> Legacy = O->getString("fingerprint_v3");
  auto F = llvm::json::parse<Finding>(llvm::formatv("{0}", V).str());
  if (F && Fingerprint)
    F->Fingerprint = Fingerprint->str();
  if (F && Legacy)
    F->LegacyFingerprint = Legacy->str();
  return F;
}

/// The "tus" object: counts add up, failures are listed after the others.
/// The report's TU counts, added to \p Summary. A report that contradicts
/// itself (a count that is missing, negative or not a number; failures
/// listed that its "failed" does not count) would merge to a wrong pass.
llvm::Error readCounts(const llvm::json::Object &TUs, bool HasFindings,
                       RunSummary &Summary) {
  int64_t Failed = 0, Analyzed = 0;
  for (auto [Key, Count] :
       {std::pair<llvm::StringRef, unsigned *>("analyzed", &Summary.Analyzed),
        {"skipped", &Summary.Skipped},
        {"failed", &Summary.Failed},
        {"prefiltered", &Summary.Prefiltered},
        {"skipped_bodies", &Summary.SkippedBodies}}) {
    const llvm::json::Value *V = TUs.get(Key);
    if (!V && Key != "analyzed" && Key != "failed")
      continue; // Older reports lack the rest.
    std::optional<int64_t> N = V ? V->getAsInteger() : std::nullopt;
    if (!N || *N < 0 || *N > std::numeric_limits<int32_t>::max())
      return llvm::createStringError("\"tus\".\"" + Key.str() +
                                     "\" is not a count of TUs");
    if (Key == "failed")
      Failed = *N;
    if (Key == "analyzed")
      Analyzed = *N;
    *Count += unsigned(*N);
  }
  if (!Analyzed && HasFindings)
    return llvm::createStringError(
        "it has findings, but \"tus\" counts no TU analyzed");
  const llvm::json::Array *Failures = TUs.getArray("failures");
  if (int64_t(Failures ? Failures->size() : 0) != Failed)
    return llvm::createStringError(
        "\"tus\" counts " + std::to_string(Failed) + " failed TUs but lists " +
        std::to_string(Failures ? Failures->size() : 0));
  if (Failures)
    for (const llvm::json::Value &V : *Failures) {
      std::string File, Reason;
      llvm::json::Path::Root Root;
      if (!mapBytes(V, "file", File, Root) ||
          !mapBytes(V, "reason", Reason, Root))
        return llvm::createStringError("a failure without file and reason");
      Summary.Failures.push_back({File, Reason});
    }
  return llvm::Error::success();
}

/// Adds the strings of \p List to \p Into; false at one that is none.
bool addStrings(const llvm::json::Array &List, std::set<std::string> &Into) {
  for (const llvm::json::Value &V : List) {
    std::optional<llvm::StringRef> S = V.getAsString();
    if (!S)
      return false;
    Into.insert(S->str());
  }
  return true;
}

/// The report's "arches", which a report older than them lacks.
llvm::Error readArches(const llvm::json::Object &Doc, RunSummary &Summary) {
  const llvm::json::Array *Arches = Doc.getArray("arches");
  if (Arches && !addStrings(*Arches, Summary.Arches))
    return llvm::createStringError("an arch that is not a string");
  return llvm::Error::success();
}

/// The report's "sources": the digest of each file its fixes edit, as
/// analysed. A report older than them has none, and its fixes apply to no
/// file.
llvm::Error readDigests(const llvm::json::Object &Doc, SourceDigests &Into) {
  const llvm::json::Array *Sources = Doc.getArray("sources");
  if (!Sources)
    return llvm::Error::success();
  SourceDigests Read;
  for (const llvm::json::Value &V : *Sources) {
    std::string File, Digest;
    llvm::json::Path::Root Root;
    if (!mapBytes(V, "file", File, Root) ||
        !mapBytes(V, "sha256", Digest, Root) || Digest.size() != 64 ||
        !llvm::all_of(Digest, llvm::isHexDigit))
      return llvm::createStringError(
          "a source without a file and a SHA-256 in hex");
    if (!Read.emplace(File, llvm::StringRef(Digest).lower()).second)
      return llvm::createStringError("'%s' is listed twice in \"sources\"",
                                     File.c_str());
  }
  uniteDigests(Into, Read);
  return llvm::Error::success();
}

/// A report names its format and version; one from before they were
/// written (version 1 without them) is read as version 1.
llvm::Error checkReportVersion(const llvm::json::Object *O) {
  if (!O)
    return llvm::Error::success();
  const llvm::json::Value *Format = O->get("format");
  const llvm::json::Value *V = O->get("version");
  // Both, or neither (a report from before them).
  if (!Format != !V)
    return llvm::createStringError(
        "\"format\" and \"version\" come together, or not at all");
  if (Format && Format->getAsString() != llvm::StringRef(ReportFormatName))
    return llvm::createStringError("expected \"format\": \"%s\"",
                                   ReportFormatName);
  if (V && V->getAsInteger() != ReportVersion)
    return llvm::createStringError(
        "\"version\" %s (this uaccess-lint reads version %d)",
        llvm::formatv("{0}", *V).str().c_str(), int(ReportVersion));
  return llvm::Error::success();
}

/// The optional "selected_by": what chose the report's findings
/// (RunSummary::SelectedBy).
llvm::Error readSelectedBy(const llvm::json::Object &O, RunSummary &Summary) {
  const llvm::json::Value *V = O.get("selected_by");
  if (!V)
    return llvm::Error::success();
  const llvm::json::Array *List = V->getAsArray();
  if (!List)
    return llvm::createStringError("\"selected_by\" is not an array");
  if (!addStrings(*List, Summary.SelectedBy))
    return llvm::createStringError("\"selected_by\" holds a non-string");
  return llvm::Error::success();
}
} // namespace

llvm::Error mergeReportFile(llvm::StringRef Path, MergedReport &Report,
                            RunSummary &Summary) {
  auto Buffer = llvm::MemoryBuffer::getFileOrSTDIN(Path);
  if (!Buffer)
    return llvm::createStringError(Buffer.getError(), "cannot read '%s': %s",
                                   Path.str().c_str(),
                                   Buffer.getError().message().c_str());
  auto Fail = [&](llvm::Error E) {
    return llvm::createStringError("'%s' is not a uaccess-lint JSON report: %s",
                                   Path.str().c_str(),
                                   llvm::toString(std::move(E)).c_str());
  };
  llvm::Expected<llvm::json::Value> Doc =
      parseJsonInput((*Buffer)->getBuffer());
  if (!Doc)
    return Fail(Doc.takeError());
  llvm::json::Object *O = Doc->getAsObject();
  if (llvm::Error E = checkReportVersion(O))
    return Fail(std::move(E));
  llvm::json::Array *List = O ? O->getArray("findings") : nullptr;
  llvm::json::Object *TUs = O ? O->getObject("tus") : nullptr;
  if (!List || !TUs)
    return Fail(llvm::createStringError("no \"findings\" and \"tus\""));
  std::vector<Finding> Found;
  for (llvm::json::Value &V : *List) {
    llvm::Expected<Finding> F = readFinding(std::move(V));
    if (!F)
      return Fail(F.takeError());
    Found.push_back(std::move(*F));
  }
  ReadFunctions Read;
  llvm::json::Path::Root Root("read_functions");
  if (const llvm::json::Value *V = O->get("read_functions"))
    if (!fromJSON(*V, Read, Root))
      return Fail(Root.getError());
  Report.Readers.push_back(
      fixReader("the report '" + Path.str() + "'", std::move(Read), Found));
  UniqueFindings Unique(Report.Findings);
  for (Finding &F : Found)
    Unique.add(std::move(F));
  if (llvm::Error E = readCounts(*TUs, !List->empty(), Summary))
    return Fail(std::move(E));
  if (llvm::Error E = readArches(*O, Summary))
    return Fail(std::move(E));
  if (llvm::Error E = readSelectedBy(*O, Summary))
    return Fail(std::move(E));
  if (!Report.Digests)
    Report.Digests.emplace();
  if (llvm::Error E = readDigests(*O, *Report.Digests))
    return Fail(std::move(E));
  return llvm::Error::success();
}

namespace {
/// The flags as a note lists them: "'-DA', '-DB'".
std::string quoted(llvm::ArrayRef<std::string> Flags) {
  std::string Out;
  for (const std::string &Flag : Flags)
    Out += (Out.empty() ? "'" : ", '") + Flag + "'";
  return Out;
}

/// The note for a finding TU \p Mine has and the TUs \p Lacking do not,
/// of the \p Entries that list \p File.
std::string flagsNote(llvm::StringRef File, llvm::ArrayRef<std::string> Mine,
                      llvm::ArrayRef<const std::vector<std::string> *> Lacking,
                      size_t Entries) {
  std::vector<std::string> Only, Absent;
  for (const std::string &Flag : Mine)
    if (llvm::none_of(Lacking, [&](const std::vector<std::string> *O) {
          return llvm::is_contained(*O, Flag);
        }))
      Only.push_back(Flag);
  for (const std::vector<std::string> *O : Lacking)
    for (const std::string &Flag : *O)
      if (!llvm::is_contained(Mine, Flag) && !llvm::is_contained(Absent, Flag))
        Absent.push_back(Flag);
  std::string With = quoted(Only), Without = quoted(Absent);
  size_t Have = Entries - Lacking.size();
  std::string Which =
      Have == 1 ? "the compile command" : "compile commands like the one";
  std::string How = !With.empty() && !Without.empty()
                        ? " with " + With + " and without " + Without
                    : !With.empty()    ? " with " + With
                    : !Without.empty() ? " without " + Without
                                       : "";
  std::string Note = ("found only by " + Which + How + ", " +
                      llvm::Twine(Have) + " of the " + llvm::Twine(Entries) +
                      " that list '" + llvm::sys::path::filename(File) + "'")
                         .str();
  if (How.empty())
    Note += ": their flags differ only in order";
  return Note;
}
} // namespace

void noteFlagsOfFindings(
    std::vector<TUOutcome> &Outcomes,
    llvm::ArrayRef<std::vector<std::string>> CommandLines) {
  std::map<std::string, std::vector<size_t>> ByFile;
  for (size_t I = 0; I < Outcomes.size(); ++I)
    if (Outcomes[I].Status != TUStatus::Failed)
      ByFile[Outcomes[I].File].push_back(I);
  for (const auto &[File, TUs] : ByFile) {
    if (TUs.size() < 2)
      continue;
    std::vector<std::set<FindingKey>> Keys;
    for (size_t I : TUs) {
      Keys.emplace_back();
      for (const Finding &F : Outcomes[I].Report.Findings)
        Keys.back().insert(keyOf(F));
    }
    for (size_t A = 0; A < TUs.size(); ++A)
      for (Finding &F : Outcomes[TUs[A]].Report.Findings) {
        FindingKey Key = keyOf(F);
        std::vector<const std::vector<std::string> *> Lacking;
        for (size_t B = 0; B < TUs.size(); ++B)
          if (!Keys[B].count(Key))
            Lacking.push_back(&CommandLines[TUs[B]]);
        if (!Lacking.empty())
          F.Notes.push_back({F.Loc, flagsNote(File, CommandLines[TUs[A]],
                                              Lacking, TUs.size())});
      }
  }
}

} // namespace uaccess
