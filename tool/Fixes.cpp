//===--- Fixes.cpp - Apply or export findings' fix-its --------------------===//

#include "Fixes.h"

#include "clang/Tooling/Core/Diagnostic.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace uaccess {

namespace {
tooling::Replacement toReplacement(const FindingFix &F) {
  return tooling::Replacement(F.File, F.Offset, F.Length, F.Replacement);
}

/// True when \p R is already among \p Existing: two findings proposing the
/// same edit (two leaks through one label) need it applied once.
bool contains(const tooling::Replacements &Existing,
              const tooling::Replacement &R) {
  for (const tooling::Replacement &E : Existing)
    if (E == R)
      return true;
  return false;
}
} // namespace

FixPlan planFixes(llvm::ArrayRef<Finding> Findings) {
  FixPlan Plan;
  for (const Finding &F : Findings) {
    if (F.Fixes.empty())
      continue;
    // Try the whole finding on a copy; keep it only if every edit fits.
    std::map<std::string, tooling::Replacements> Trial = Plan.Edits;
    std::string Why;
    for (const FindingFix &Fix : F.Fixes) {
      tooling::Replacement R = toReplacement(Fix);
      tooling::Replacements &InFile = Trial[Fix.File];
      if (contains(InFile, R))
        continue;
      if (llvm::Error E = InFile.add(R)) {
        Why = llvm::toString(std::move(E));
        break;
      }
    }
    if (!Why.empty()) {
      Plan.Refused.push_back({&F, Why});
      continue;
    }
    Plan.Edits = std::move(Trial);
    ++Plan.Accepted;
  }
  return Plan;
}

llvm::Error applyFixPlan(const FixPlan &Plan) {
  // Compute every new text first: no file is touched unless all apply.
  std::vector<std::pair<std::string, std::string>> NewTexts;
  for (const auto &[File, Edits] : Plan.Edits) {
    auto Buffer = llvm::MemoryBuffer::getFile(File);
    if (!Buffer)
      return llvm::createStringError(Buffer.getError(), "cannot read %s",
                                     File.c_str());
    llvm::Expected<std::string> Text =
        tooling::applyAllReplacements((*Buffer)->getBuffer(), Edits);
    if (!Text)
      return Text.takeError();
    NewTexts.emplace_back(File, std::move(*Text));
  }
  for (const auto &[File, Text] : NewTexts) {
    // writeToOutput writes a temporary file and renames it over File.
    if (llvm::Error E = llvm::writeToOutput(File, [&](llvm::raw_ostream &OS) {
          OS << Text;
          return llvm::Error::success();
        }))
      return E;
  }
  return llvm::Error::success();
}

llvm::Error exportFixes(llvm::ArrayRef<Finding> Findings,
                        llvm::StringRef Path) {
  tooling::TranslationUnitDiagnostics TU;
  TU.MainSourceFile = Findings.empty() ? "" : Findings.front().Loc.File;
  for (const Finding &F : Findings) {
    tooling::Diagnostic D;
    D.DiagnosticName = F.Check;
    D.DiagLevel = tooling::Diagnostic::Warning;
    D.Message.Message = F.Message;
    D.Message.FilePath = F.Loc.File;
    D.Message.FileOffset = F.Loc.Offset;
    for (const FindingFix &Fix : F.Fixes)
      llvm::consumeError(D.Message.Fix[Fix.File].add(toReplacement(Fix)));
    for (const FindingNote &N : F.Notes) {
      tooling::DiagnosticMessage M;
      M.Message = N.Message;
      M.FilePath = N.Loc.File;
      M.FileOffset = N.Loc.Offset;
      D.Notes.push_back(std::move(M));
    }
    TU.Diagnostics.push_back(std::move(D));
  }
  return llvm::writeToOutput(Path, [&](llvm::raw_ostream &OS) {
    llvm::yaml::Output YAML(OS);
    YAML << TU;
    return llvm::Error::success();
  });
}

} // namespace uaccess
