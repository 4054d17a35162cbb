//===--- Fixes.cpp - Apply or export findings' fix-its --------------------===//

#include "fix/Fixes.h"

#include "clang/Tooling/Core/Diagnostic.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace clang;
namespace fs = llvm::sys::fs;

namespace uaccess {

//===----------------------------------------------------------------------===//
// Planning
//===----------------------------------------------------------------------===//

namespace {
/// Static initialization runs before main(), so before any source is read.
const llvm::sys::TimePoint<> LoadTime =
    std::chrono::time_point_cast<std::chrono::nanoseconds>(
        std::chrono::system_clock::now());

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

FixPlan planFixes(llvm::ArrayRef<Finding> Findings, AnalysedSources Sources) {
  FixPlan Plan;
  Plan.Sources = std::move(Sources);
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

FixPlan planFixes(llvm::ArrayRef<Finding> Findings) {
  return planFixes(Findings, analysedSources(std::nullopt));
}

llvm::sys::TimePoint<> loadTime() { return LoadTime; }

AnalysedSources analysedSources(std::optional<SourceDigests> Digests) {
  return AnalysedSources{LoadTime, std::move(Digests)};
}

SourceDigests digestFixedSources(llvm::ArrayRef<Finding> Findings) {
  SourceDigests Digests;
  for (const Finding &F : Findings)
    for (const FindingFix &Fix : F.Fixes) {
      if (Digests.count(Fix.File))
        continue;
      llvm::Expected<std::string> Text =
          readAsAnalysed(Fix.File, analysedSources(std::nullopt));
      if (!Text) {
        llvm::consumeError(Text.takeError());
        continue;
      }
      Digests.emplace(Fix.File, sourceDigest(*Text));
    }
  return Digests;
}

llvm::Error checkEditsFit(llvm::StringRef File,
                          const tooling::Replacements &Edits,
                          llvm::StringRef FileText) {
  for (const tooling::Replacement &R : Edits) {
    uint64_t End = uint64_t(R.getOffset()) + R.getLength();
    if (End <= FileText.size())
      continue;
    std::string Where =
        R.getLength() ? "edits bytes " + std::to_string(R.getOffset()) + ".." +
                            std::to_string(End)
                      : "inserts at byte " + std::to_string(R.getOffset());
    return llvm::createStringError(
        "'" + File + "' has " + llvm::Twine(FileText.size()) +
        " bytes, and a fix " + Where +
        ": it is not the text the fixes were computed on");
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Line endings
//===----------------------------------------------------------------------===//

namespace {
bool usesCRLF(llvm::StringRef Text) {
  return Text.count("\r\n") * 2 > Text.count('\n');
}

/// \p Text with every "\n" not already after a "\r" made "\r\n".
std::string withCRLF(llvm::StringRef Text) {
  std::string Out;
  Out.reserve(Text.size() + Text.count('\n'));
  for (size_t I = 0; I != Text.size(); ++I) {
    if (Text[I] == '\n' && (I == 0 || Text[I - 1] != '\r'))
      Out += '\r';
    Out += Text[I];
  }
  return Out;
}

/// Whether a file's fix-its need "\r\n", read once per file. A file that
/// cannot be read keeps its texts as they are; only regular files are
/// read, as a FIFO would block.
class LineEndings {
public:
  bool crlf(const std::string &File) {
    auto [It, New] = CRLF.try_emplace(File, false);
    if (New && fs::is_regular_file(File))
      if (auto Buffer = llvm::MemoryBuffer::getFile(File))
        It->second = usesCRLF((*Buffer)->getBuffer());
    return It->second;
  }

private:
  std::map<std::string, bool> CRLF;
};
} // namespace

llvm::Expected<tooling::Replacements>
matchLineEndings(const tooling::Replacements &Edits, llvm::StringRef FileText) {
  if (!usesCRLF(FileText))
    return Edits;
  tooling::Replacements Matched;
  for (const tooling::Replacement &R : Edits)
    if (llvm::Error E = Matched.add(
            tooling::Replacement(R.getFilePath(), R.getOffset(), R.getLength(),
                                 withCRLF(R.getReplacementText()))))
      return E;
  return Matched;
}

//===----------------------------------------------------------------------===//
// Applying a plan
//===----------------------------------------------------------------------===//

namespace {
llvm::Error noFileChanged(llvm::Error E) {
  return llvm::createStringError(llvm::toString(std::move(E)) +
                                 "; no file was changed");
}

/// Phase one for one file.
llvm::Expected<FileRewrite> prepareFile(llvm::StringRef File,
                                        const tooling::Replacements &Edits,
                                        const AnalysedSources &Sources) {
  llvm::Expected<FileRewrite> R = readForRewrite(File, Sources);
  if (!R)
    return R.takeError();
  llvm::StringRef Old = R->OldText;
  if (llvm::Error E = checkEditsFit(File, Edits, Old))
    return E;
  llvm::Expected<tooling::Replacements> Matched = matchLineEndings(Edits, Old);
  if (!Matched)
    return Matched.takeError();
  llvm::Expected<std::string> New =
      tooling::applyAllReplacements(Old, *Matched);
  if (!New)
    return llvm::createStringError(
        "'" + File + "' cannot take its fixes: " + toString(New.takeError()));
  R->NewText = std::move(*New);
  return R;
}
} // namespace

llvm::Expected<std::vector<FileRewrite>> prepareFixes(const FixPlan &Plan) {
  std::vector<FileRewrite> Rewrites;
  std::map<fs::UniqueID, std::string> Seen;
  for (const auto &[File, Edits] : Plan.Edits) {
    llvm::Expected<FileRewrite> R = prepareFile(File, Edits, Plan.Sources);
    if (!R)
      return noFileChanged(R.takeError());
    // Two names of one file would each be rewritten from the same text,
    // the second rename dropping the first's edits.
    auto [It, New] = Seen.try_emplace(R->Target.ID, File);
    if (!New)
      return noFileChanged(llvm::createStringError(
          "'" + File + "' is '" + It->second + "' under another name"));
    Rewrites.push_back(std::move(*R));
  }
  return Rewrites;
}

llvm::Error applyFixPlan(const FixPlan &Plan) {
  llvm::Expected<std::vector<FileRewrite>> Rewrites = prepareFixes(Plan);
  if (!Rewrites)
    return Rewrites.takeError();
  return rewriteFiles(*Rewrites);
}

namespace {
tooling::Diagnostic toDiagnostic(const Finding &F, LineEndings &Endings) {
  tooling::Diagnostic D;
  D.DiagnosticName = F.Check;
  // clang-tidy's YAML has no note level: a note is a remark there.
  D.DiagLevel = F.Level == Severity::Error     ? tooling::Diagnostic::Error
                : F.Level == Severity::Warning ? tooling::Diagnostic::Warning
                                               : tooling::Diagnostic::Remark;
  D.Message.Message = F.Message;
  D.Message.FilePath = F.Loc.File;
  D.Message.FileOffset = F.Loc.Offset;
  for (FindingFix Fix : F.Fixes) {
    // clang-apply-replacements inserts the texts as they are.
    if (Endings.crlf(Fix.File))
      Fix.Replacement = withCRLF(Fix.Replacement);
    llvm::consumeError(D.Message.Fix[Fix.File].add(toReplacement(Fix)));
  }
  for (const FindingNote &N : F.Notes) {
    tooling::DiagnosticMessage M;
    M.Message = N.Message;
    M.FilePath = N.Loc.File;
    M.FileOffset = N.Loc.Offset;
    D.Notes.push_back(std::move(M));
  }
  return D;
}
} // namespace

namespace {
/// A file name the YAML cannot hold: LLVM's writer turns bytes that are
/// not UTF-8 into U+FFFD, and clang-apply-replacements would skip the
/// file it can no longer find while it applies the others.
std::optional<std::string> nameNotUTF8(const Finding &F) {
  std::vector<llvm::StringRef> Names{F.Loc.File};
  for (const FindingNote &N : F.Notes)
    Names.push_back(N.Loc.File);
  for (const FindingFix &Fix : F.Fixes)
    Names.push_back(Fix.File);
  for (llvm::StringRef Name : Names)
    if (!llvm::json::isUTF8(Name))
      return Name.str();
  return std::nullopt;
}
} // namespace

llvm::Error exportFixes(llvm::ArrayRef<Finding> Findings,
                        llvm::StringRef Path) {
  for (const Finding &F : Findings)
    if (std::optional<std::string> Name = nameNotUTF8(F))
      return llvm::createStringError(
          "--export-fixes: the name '" + *Name +
          "' is not UTF-8, which clang-apply-replacements' YAML cannot "
          "hold (the file would be skipped, and the others fixed): use "
          "--fix or --patch-dir; nothing was exported");
  tooling::TranslationUnitDiagnostics TU;
  TU.MainSourceFile = Findings.empty() ? "" : Findings.front().Loc.File;
  LineEndings Endings;
  for (const Finding &F : Findings)
    TU.Diagnostics.push_back(toDiagnostic(F, Endings));
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  llvm::yaml::Output YAML(OS);
  YAML << TU;
  OS.flush();
  return writeOutputFile(Path, Text);
}

} // namespace uaccess
