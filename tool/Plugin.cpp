//===--- Plugin.cpp - The checks inside clang's own compile ---------------===//
//
//   make LLVM=-19 KCFLAGS="-fplugin=<libdir>/uaccess-lint-plugin.so"
//
// Debian's clang-19 loads this module, which adds the checks beside code
// generation: the AST clang built for the object is checked, with no
// second parse. Rules (README, "In the kernel's build"):
// - findings are clang diagnostics in the build log, their check in
//   brackets: error- and warning-level findings are warnings, notes
//   (batchable) are remarks. They are custom diagnostics, which clang 19
//   lets no -Werror promote, so a CONFIG_WERROR build goes on;
//   -fplugin-arg-uaccess-lint-warnings-as-errors=<globs> makes the
//   findings of those checks errors, which stop it;
// - options are -fplugin-arg-uaccess-lint-<name>=<value>: checks,
//   warnings-as-errors, check-option (repeatable), uaccess-safe
//   (repeatable). Clang names a plugin up to the first '-' of the
//   argument, so the plugin is "uaccess" and every argument of ours
//   starts with "lint-";
// - a TU that does not compile is the compiler's to report: no findings;
// - suppression comments (NOLINT, `uaccess-lint:`) apply as in the tool;
//   config files (.uaccess-lint.yaml) do not: the options are the plugin's;
// - the link step has this TU alone: a check that only a caller in another
//   TU makes is not seen, and the finding says so, as in a run over one
//   file without a database.
//
//===----------------------------------------------------------------------===//

#include "checks/CheckRegistry.h"
#include "link/CallerLink.h"
#include "runner/Runner.h"
#include "utils/GlobList.h"
#include "utils/Suppressions.h"
#include "utils/WorkingDirectory.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "llvm/Support/FileSystem.h"

#include <map>

using namespace clang;

namespace uaccess {
namespace {

struct PluginOptions {
  RunOptions Run;
  std::optional<GlobList> Promoted;
};

/// Where \p Offset of \p File is in the compile's source manager; invalid
/// for a file the compile did not read.
SourceLocation locate(CompilerInstance &CI, llvm::StringRef File,
                      uint64_t Offset) {
  SourceManager &SM = CI.getSourceManager();
  auto Entry = CI.getFileManager().getOptionalFileRef(File);
  if (!Entry)
    return SourceLocation();
  FileID ID = SM.translateFile(*Entry);
  if (ID.isInvalid())
    return SourceLocation();
  return SM.getComposedLoc(ID, Offset);
}

/// Runs the checks after the parse, then reports their findings through
/// the compile's diagnostics.
class FindingsConsumer : public ASTConsumer {
public:
  FindingsConsumer(CompilerInstance &CI, PluginOptions Opts)
      : CI(CI), Opts(std::move(Opts)) {
    Dir = currentDirectoryPath();
    Lint = createLintConsumer(CI, this->Opts.Run, Report, Dir);
  }

  void HandleTranslationUnit(ASTContext &AST) override {
    if (CI.getDiagnostics().hasErrorOccurred())
      return;
    Lint->HandleTranslationUnit(AST);
    linkFindings(Report.Findings, ProgramCalls(), Dir);
    dropSuppressed(Report.Findings);
    for (const Finding &F : Report.Findings)
      emit(F);
  }

private:
  /// The findings a suppression comment covers, read from the compile's
  /// own buffers.
  void dropSuppressed(std::vector<Finding> &Findings) {
    std::map<std::string, SuppressionSet> Sets;
    llvm::erase_if(Findings, [&](const Finding &F) {
      auto It = Sets.find(F.Loc.File);
      if (It == Sets.end())
        It = Sets.try_emplace(F.Loc.File, textOf(F.Loc.File)).first;
      return It->second.suppress(F.Check, F.Loc.Line);
    });
  }

  llvm::StringRef textOf(llvm::StringRef File) {
    SourceLocation Start = locate(CI, File, 0);
    if (Start.isInvalid())
      return "";
    SourceManager &SM = CI.getSourceManager();
    return SM.getBufferData(SM.getFileID(Start));
  }

  DiagnosticsEngine::Level levelOf(const Finding &F) const {
    if (F.Level == Severity::Note)
      return DiagnosticsEngine::Remark;
    return Opts.Promoted && Opts.Promoted->contains(F.Check)
               ? DiagnosticsEngine::Error
               : DiagnosticsEngine::Warning;
  }

  void emit(const Finding &F) {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    {
      DiagnosticBuilder D =
          Diags.Report(locate(CI, F.Loc.File, F.Loc.Offset),
                       Diags.getCustomDiagID(levelOf(F), "%0 [%1]"));
      D << F.Message << F.Check;
      for (const FindingFix &Fix : F.Fixes) {
        SourceLocation B = locate(CI, Fix.File, Fix.Offset);
        SourceLocation E = locate(CI, Fix.File, Fix.Offset + Fix.Length);
        if (B.isValid() && E.isValid())
          D << FixItHint::CreateReplacement(CharSourceRange::getCharRange(B, E),
                                            Fix.Replacement);
      }
    }
    unsigned NoteID = Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0");
    for (const FindingNote &N : F.Notes)
      Diags.Report(locate(CI, N.Loc.File, N.Loc.Offset), NoteID) << N.Message;
  }

  CompilerInstance &CI;
  PluginOptions Opts;
  std::string Dir;
  TUReport Report;
  std::unique_ptr<ASTConsumer> Lint;
};

class UaccessLintAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    // Clang drops the action once its consumer is made.
    return std::make_unique<FindingsConsumer>(CI, std::move(Opts));
  }

  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    for (const std::string &Arg : Args)
      if (!parseArg(Arg) || !checkOptions()) {
        DiagnosticsEngine &Diags = CI.getDiagnostics();
        Diags.Report(Diags.getCustomDiagID(DiagnosticsEngine::Error,
                                           "uaccess-lint plugin: %0"))
            << Problem;
        return false;
      }
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }

private:
  /// The check options and the checks as the tool checks them: a name no
  /// check declares, a value a check refuses, no check enabled.
  bool checkOptions() {
    OptionsRecord Record = readCheckOptions(Opts.Run.CheckOptions);
    if (!Record.Errors.empty()) {
      Problem = Record.Errors.front();
      return false;
    }
    std::string Error;
    std::optional<GlobList> Enabled =
        GlobList::parse(Opts.Run.ChecksSpec, Error);
    if (!Enabled || llvm::none_of(allCheckNames(), [&](llvm::StringRef N) {
          return Enabled->contains(N);
        })) {
      Problem = "no check enabled by lint-checks='" + Opts.Run.ChecksSpec + "'";
      return false;
    }
    return true;
  }

  /// One -fplugin-arg-uaccess-lint-<name>=<value>; false with Problem set.
  bool parseArg(llvm::StringRef Arg) {
    auto [Name, Value] = Arg.split('=');
    if (!Name.consume_front("lint-") || !Arg.contains('=')) {
      Problem = "'-fplugin-arg-uaccess-" + Arg.str() +
                "': the arguments are -fplugin-arg-uaccess-lint-<name>=<value>";
      return false;
    }
    if (Name == "checks" || Name == "warnings-as-errors") {
      std::optional<GlobList> Globs = GlobList::parse(Value, Problem);
      if (!Globs)
        return false;
      std::vector<std::string> Unknown = Globs->unmatchedGlobs(allCheckNames());
      if (!Unknown.empty()) {
        Problem =
            "no check matches '" + Unknown.front() + "' in '" + Arg.str() + "'";
        return false;
      }
      if (Name == "checks")
        Opts.Run.ChecksSpec = Value.str();
      else
        Opts.Promoted = std::move(Globs);
      return true;
    }
    if (Name == "uaccess-safe") {
      Opts.Run.SafeCallees.push_back(Value.str());
      return true;
    }
    auto [Key, Setting] = Value.split('=');
    if (Name == "check-option" && Value.contains('=')) {
      Opts.Run.CheckOptions[Key.str()] = Setting.str();
      return true;
    }
    Problem = "unknown argument '" + Arg.str() +
              "'; known: lint-checks=, lint-warnings-as-errors=, "
              "lint-check-option=<check>.<Option>=<value>, lint-uaccess-safe=";
    return false;
  }

  PluginOptions Opts;
  std::string Problem;
};

} // namespace
} // namespace uaccess

static clang::FrontendPluginRegistry::Add<uaccess::UaccessLintAction>
    Registration("uaccess", "uaccess-lint: Linux user-access window checks");
