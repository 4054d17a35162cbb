//===--- Reporters.cpp - Render findings ----------------------------------===//

#include "report/Reporters.h"

#include "runner/FindingsFormat.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;

namespace uaccess {

namespace {
/// Maps findings' file offsets back to SourceLocations.
class LocationMapper {
public:
  explicit LocationMapper(SourceManager &SM) : SM(SM) {}
  SourceLocation get(llvm::StringRef File, unsigned Offset) {
    auto FE = SM.getFileManager().getOptionalFileRef(File);
    if (!FE)
      return {};
    FileID FID = SM.getOrCreateFileID(*FE, SrcMgr::C_User);
    if (Offset > SM.getBufferData(FID).size())
      return {};
    return SM.getComposedLoc(FID, Offset);
  }

private:
  SourceManager &SM;
};
} // namespace

namespace {
/// A diagnostics engine and source manager over the findings' files.
struct SourceSetup {
  IntrusiveRefCntPtr<DiagnosticOptions> Opts = new DiagnosticOptions();
  std::unique_ptr<DiagnosticConsumer> Client;
  DiagnosticsEngine Diags;
  FileManager Files{FileSystemOptions{}};
  SourceManager SM{Diags, Files};

  explicit SourceSetup(std::unique_ptr<DiagnosticConsumer> C)
      : Client(std::move(C)),
        Diags(new DiagnosticIDs(), Opts.get(),
              Client ? Client.get() : new IgnoringDiagConsumer(),
              /*ShouldOwnClient=*/!Client) {
    Diags.setSourceManager(&SM);
  }
};
} // namespace

namespace {
/// " [arm64, x86_64]": the arches that have \p F, after its check's name.
std::string archSuffix(const Finding &F) {
  return F.Arches.empty() ? "" : " [" + llvm::join(F.Arches, ", ") + "]";
}
/// True when \p Loc, the finding's offset in the file as it is now, is
/// the line and column the analysis saw: the file is there, unchanged
/// where it matters.
bool placedAsAnalyzed(SourceManager &SM, SourceLocation Loc,
                      const FindingLocation &Seen) {
  if (Loc.isInvalid())
    return false;
  if (!Seen.Line)
    return true;
  PresumedLoc Now = SM.getPresumedLoc(Loc);
  return Now.isValid() && Now.getLine() == Seen.Line &&
         Now.getColumn() == Seen.Column;
}

/// A finding whose file is gone or changed since the analysis (a merged
/// report's, or a source edited during the run): the analysis' own lines
/// and columns, no snippet and no fix-it, and a note that says why.
void renderUnplaced(const Finding &F, llvm::raw_ostream &OS, bool ShowArches) {
  auto Place = [&](const FindingLocation &L) {
    OS << L.File << ":" << L.Line << ":" << L.Column << ": ";
  };
  Place(F.Loc);
  OS << severityName(F.Level) << ": " << F.Message << " [" << F.Check << "]"
     << (ShowArches ? archSuffix(F) : "") << "\n";
  for (const FindingNote &N : F.Notes) {
    Place(N.Loc);
    OS << "note: " << N.Message << "\n";
  }
  OS << F.Loc.File << ": note: the file is gone or changed since the "
     << "analysis: these are the analysis' lines and columns\n";
}
} // namespace

void renderText(llvm::ArrayRef<Finding> Findings, llvm::raw_ostream &OS,
                bool Colors, bool ShowArches) {
  IntrusiveRefCntPtr<DiagnosticOptions> PrinterOpts = new DiagnosticOptions();
  PrinterOpts->ShowColors = Colors;
  auto Owned = std::make_unique<TextDiagnosticPrinter>(OS, PrinterOpts.get());
  TextDiagnosticPrinter &Printer = *Owned;
  SourceSetup Setup(std::move(Owned));
  DiagnosticsEngine &Diags = Setup.Diags;
  LangOptions LO;
  Printer.BeginSourceFile(LO, nullptr);
  LocationMapper Map(Setup.SM);
  // One ID per level: "error:", "warning:", "note:" lead the finding.
  unsigned LevelID[] = {
      Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0 [%1]%2"),
      Diags.getCustomDiagID(DiagnosticsEngine::Warning, "%0 [%1]%2"),
      Diags.getCustomDiagID(DiagnosticsEngine::Error, "%0 [%1]%2")};
  unsigned NoteID = Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0");
  for (const Finding &F : Findings) {
    SourceLocation Loc = Map.get(F.Loc.File, F.Loc.Offset);
    if (!placedAsAnalyzed(Setup.SM, Loc, F.Loc)) {
      renderUnplaced(F, OS, ShowArches);
      continue;
    }
    // A note-level finding leads its notes; the engine would drop a note
    // that follows nothing (or an ignored diagnostic).
    Diags.setLastDiagnosticIgnored(false);
    {
      DiagnosticBuilder D =
          Diags.Report(Loc, LevelID[static_cast<int>(F.Level)]);
      D << F.Message << F.Check << (ShowArches ? archSuffix(F) : "");
      for (const FindingFix &Fix : F.Fixes) {
        SourceLocation B = Map.get(Fix.File, Fix.Offset);
        SourceLocation E = Map.get(Fix.File, Fix.Offset + Fix.Length);
        if (B.isValid() && E.isValid())
          D << FixItHint::CreateReplacement(CharSourceRange::getCharRange(B, E),
                                            Fix.Replacement);
      }
    }
    for (const FindingNote &N : F.Notes)
      Diags.Report(Map.get(N.Loc.File, N.Loc.Offset), NoteID) << N.Message;
  }
  Printer.EndSourceFile();
}

namespace {
llvm::json::Array sourcesToJSON(const SourceDigests &Digests) {
  llvm::json::Array Sources;
  for (const auto &[File, Digest] : Digests)
    if (!Digest.empty())
      Sources.push_back(
          llvm::json::Object{{"file", bytesToJSON(File)}, {"sha256", Digest}});
  return Sources;
}
} // namespace

void renderJSON(llvm::ArrayRef<Finding> Findings, const RunSummary &Summary,
                const SourceDigests &Digests, const ReadFunctions &Read,
                llvm::raw_ostream &OS) {
  llvm::json::Array Failures;
  for (const auto &[File, Why] : Summary.Failures)
    Failures.push_back(llvm::json::Object{{"file", bytesToJSON(File)},
                                          {"reason", bytesToJSON(Why)}});
  llvm::json::Array List;
  for (const Finding &F : Findings) {
    llvm::json::Value V = toJSON(F);
    V.getAsObject()->erase("rank");
    V.getAsObject()->erase("function_lines");
    V.getAsObject()->erase("depends");
    if (F.Reason.empty())
      V.getAsObject()->erase("reason");
    if (!F.Fingerprint.empty())
      (*V.getAsObject())["fingerprint"] = F.Fingerprint;
    // For `merge --baseline` with a version 3 baseline.
    if (!F.LegacyFingerprint.empty())
      (*V.getAsObject())["fingerprint_v3"] = F.LegacyFingerprint;
    List.push_back(std::move(V));
  }
  llvm::json::Object Doc{
      {"format", ReportFormatName},
      {"version", ReportVersion},
      {"arches", llvm::json::Array(Summary.Arches)},
      {"findings", std::move(List)},
      {"tus", llvm::json::Object{{"analyzed", Summary.Analyzed},
                                 {"skipped", Summary.Skipped},
                                 {"failed", Summary.Failed},
                                 {"prefiltered", Summary.Prefiltered},
                                 {"skipped_bodies", Summary.SkippedBodies},
                                 {"failures", std::move(Failures)}}},
      {"sources", sourcesToJSON(Digests)},
      {"read_functions", Read}};
  if (!Summary.SelectedBy.empty())
    Doc["selected_by"] = llvm::json::Array(Summary.SelectedBy);
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Doc))) << "\n";
}

} // namespace uaccess
