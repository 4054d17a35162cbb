//===--- Reporters.cpp - Render findings ----------------------------------===//

#include "Reporters.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
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

void renderText(llvm::ArrayRef<Finding> Findings, llvm::raw_ostream &OS,
                bool Colors) {
  IntrusiveRefCntPtr<DiagnosticOptions> Opts = new DiagnosticOptions();
  Opts->ShowColors = Colors;
  TextDiagnosticPrinter Printer(OS, Opts.get());
  DiagnosticsEngine Diags(new DiagnosticIDs(), Opts.get(), &Printer,
                          /*ShouldOwnClient=*/false);
  FileManager Files(FileSystemOptions{});
  SourceManager SM(Diags, Files);
  Diags.setSourceManager(&SM);
  LangOptions LO;
  Printer.BeginSourceFile(LO, nullptr);
  LocationMapper Map(SM);
  unsigned WarningID =
      Diags.getCustomDiagID(DiagnosticsEngine::Warning, "%0 [%1]");
  unsigned NoteID = Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0");
  for (const Finding &F : Findings) {
    SourceLocation Loc = Map.get(F.Loc.File, F.Loc.Offset);
    {
      DiagnosticBuilder D = Diags.Report(Loc, WarningID);
      D << F.Message << F.Check;
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

void renderJSON(llvm::ArrayRef<Finding> Findings, const RunSummary &Summary,
                llvm::raw_ostream &OS) {
  llvm::json::Array Failures;
  for (const auto &[File, Why] : Summary.Failures)
    Failures.push_back(llvm::json::Object{{"file", File}, {"reason", Why}});
  llvm::json::Array List;
  for (const Finding &F : Findings) {
    llvm::json::Value V = toJSON(F);
    V.getAsObject()->erase("rank");
    List.push_back(std::move(V));
  }
  llvm::json::Value Doc = llvm::json::Object{
      {"findings", std::move(List)},
      {"tus", llvm::json::Object{{"analyzed", Summary.Analyzed},
                                 {"skipped", Summary.Skipped},
                                 {"failed", Summary.Failed},
                                 {"failures", std::move(Failures)}}}};
  OS << llvm::formatv("{0:2}", Doc) << "\n";
}

} // namespace uaccess
