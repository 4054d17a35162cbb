//===--- UaccessCheck.h - The base of every check ---------------*- C++ -*-===//
//
// Modelled on clang-tidy: a check is one class, one doc page under
// docs/checks/, one lit test; it reads its options by name with defaults; a
// module file (UaccessChecksModule.cpp) registers it.
//
// The runner calls checkFunction() once per function definition worth
// analyzing (it has a body and is not the API's own), in TU order, with the
// function's FunctionAnalyses: the uses, the CFG and every analysis come
// from there, computed once for all checks. A check only turns analysis
// results into findings, through diag().
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_CHECKS_UACCESSCHECK_H
#define UACCESS_LINT_CHECKS_UACCESSCHECK_H

#include "analysis/AnalysisCache.h"
#include "checks/Finding.h"
#include "checks/FindingText.h"
#include "utils/GlobList.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <map>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class SourceManager;
} // namespace clang

namespace uaccess {

/// Check options by full name, "check-name.OptionName" -> value, as in
/// clang-tidy's CheckOptions.
using CheckOptionMap = std::map<std::string, std::string>;

/// What reading the options showed: every option a check declared, with
/// its default (for --dump-config), and values that did not parse.
struct OptionsRecord {
  CheckOptionMap Declared;
  std::vector<std::string> Errors;
};

/// The options of one check: get("MaxLines", 20) reads "<check>.MaxLines".
class OptionsView {
public:
  OptionsView(llvm::StringRef CheckName, const CheckOptionMap &Given,
              OptionsRecord *Record)
      : Prefix((CheckName + ".").str()), Given(Given), Record(Record) {}

  std::string get(llvm::StringRef Name, llvm::StringRef Default) const;

  template <typename T>
  std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, T>
  get(llvm::StringRef Name, T Default) const {
    std::string Text = get(Name, llvm::StringRef(std::to_string(Default)));
    T Value;
    if (!llvm::StringRef(Text).getAsInteger(10, Value))
      return Value;
    invalid(Name, Text, "an integer");
    return Default;
  }

  /// A boolean option: true/false (or 1/0), as clang-tidy's.
  bool getBool(llvm::StringRef Name, bool Default) const;

  /// A list of path globs (GlobList): '*' any run, ',' between, '-' to
  /// remove. Null when the value is none (recorded as invalid).
  std::optional<GlobList> getGlobs(llvm::StringRef Name,
                                   llvm::StringRef Default) const;

  /// As get(), for options with a smallest sensible value.
  template <typename T>
  T getAtLeast(llvm::StringRef Name, T Default, T Min) const {
    T Value = get(Name, Default);
    if (Value >= Min)
      return Value;
    invalid(Name, std::to_string(Value),
            "an integer of at least " + std::to_string(Min));
    return Default;
  }

  /// Records that \p Value is not a valid value of option \p Name.
  void invalidValue(llvm::StringRef Name, llvm::StringRef Value,
                    llvm::StringRef Expected) const {
    invalid(Name, Value, Expected);
  }

private:
  void invalid(llvm::StringRef Name, llvm::StringRef Value,
               llvm::StringRef Expected) const;

  std::string Prefix;
  const CheckOptionMap &Given;
  OptionsRecord *Record;
};

class CheckContext;

/// Adds notes and fix-its to a finding; the finding is recorded once, when
/// the builder that holds it last goes out of scope.
class FindingBuilder {
public:
  FindingBuilder(CheckContext &Ctx, Finding F) : Ctx(Ctx), F(std::move(F)) {}
  FindingBuilder(FindingBuilder &&Other);
  FindingBuilder(const FindingBuilder &) = delete;
  FindingBuilder &operator=(const FindingBuilder &) = delete;
  ~FindingBuilder();

  FindingBuilder &note(clang::SourceLocation Loc, const llvm::Twine &Message);
  /// A note that names one of the places the finding folds in
  /// (FindingNote::Site): a leak's exit, a grouped access.
  FindingBuilder &site(clang::SourceLocation Loc, const llvm::Twine &Message,
                       llvm::StringRef Identity = "");
  /// A fix-it; dropped when \p Range is not in one file.
  FindingBuilder &replace(clang::CharSourceRange Range, llvm::StringRef Text);
  FindingBuilder &insert(clang::SourceLocation Loc, llvm::StringRef Text);
  FindingBuilder &rank(unsigned R) {
    F.Rank = R;
    return *this;
  }
  /// Why no fix-it is offered (JSON output's "reason").
  FindingBuilder &reason(const llvm::Twine &Why) {
    F.Reason = Why.str();
    return *this;
  }
  /// An argument the message does not show, for the patch's words
  /// (describePatch): the begin a fix-it writes.
  FindingBuilder &arg(llvm::StringRef Name, llvm::StringRef Value) {
    F.Args.set(Name, Value);
    return *this;
  }
  /// Code the finding depends on with no note in it: the function around
  /// \p Loc (a caller whose check the finding weighed). A patch to it is
  /// the finding's (Finding::Depends).
  FindingBuilder &dependsOn(clang::SourceLocation Loc) {
    dependOnFunctionAround(Loc);
    return *this;
  }
  /// Code outside any function the finding depends on: the lines of
  /// \p Range (an initializer that stores a callback in a field), and the
  /// `#define` of each macro that made it (`DEFINE_OPS(fops, my_write)`).
  FindingBuilder &dependsOnCode(clang::SourceRange Range);
  /// What the link step needs to finish the finding (Finding::Link).
  FindingBuilder &link(CallerLink L) {
    F.Link = std::move(L);
    return *this;
  }

private:
  /// A note's place is in another function than the finding's: that
  /// function is code the finding depends on (Finding::Depends).
  void dependOnFunctionAround(clang::SourceLocation Loc);

  CheckContext &Ctx;
  Finding F;
  bool Moved = false;
};

/// What the checks of one TU share: their options, where findings go, and
/// how source locations become file offsets.
class CheckContext {
public:
  /// \p Directory: the compile command's, for relative paths. \p Record, if
  /// given, collects declared options and bad values.
  CheckContext(CheckOptionMap Options, std::vector<Finding> &Sink,
               llvm::StringRef Directory, OptionsRecord *Record = nullptr);

  void setASTContext(clang::ASTContext &Ctx) { AST = &Ctx; }
  clang::ASTContext &astContext() { return *AST; }
  const clang::SourceManager &sourceManager() const;
  const CheckOptionMap &options() const { return Options; }
  OptionsRecord *optionsRecord() const { return Record; }

  /// A finding of \p Check at \p Level in \p FD (which may be null).
  /// Its message is \p Message rendered from \p Args.
  FindingBuilder report(llvm::StringRef Check, Severity Level,
                        clang::SourceLocation Loc,
                        const clang::FunctionDecl *FD,
                        const MessageFormat &Message, FindingArgs Args);
  FindingLocation locate(clang::SourceLocation Loc) const;
  void add(Finding F) { Sink.push_back(std::move(F)); }

  /// The TU's function definitions (the runner's list): where a note's
  /// function is looked for.
  void setDefinitions(std::vector<const clang::FunctionDecl *> Defs) {
    Definitions = std::move(Defs);
  }
  /// The TU's analyses, while the runner holds them: dependencies() asks
  /// them which calls run inside a window. Null when none are.
  void setAnalyses(AnalysisCache *Cache) { Analyses = Cache; }
  /// Finding::Depends of a finding in \p FD: codeDependencies(), as lines.
  const std::vector<LineSpan> &dependencies(const clang::FunctionDecl &FD);
  /// The definition that holds \p Loc; null outside them.
  const clang::FunctionDecl *definitionAround(clang::SourceLocation Loc);
  /// The lines \p Def spans.
  std::optional<LineSpan> linesOf(const clang::FunctionDecl &Def);

private:
  CheckOptionMap Options;
  std::vector<Finding> &Sink;
  std::string Directory;
  OptionsRecord *Record;
  clang::ASTContext *AST = nullptr;
  /// Each file's real path: a header reached through a symbolic link is
  /// one file, whichever way a TU includes it (one finding, one fix).
  mutable llvm::DenseMap<unsigned, std::string> RealPaths;
  std::vector<const clang::FunctionDecl *> Definitions;
  AnalysisCache *Analyses = nullptr;
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<LineSpan>>
      Dependencies;
};

class UaccessCheck {
public:
  UaccessCheck(llvm::StringRef Name, CheckContext &Context)
      : Options(Name, Context.options(), Context.optionsRecord()), Name(Name),
        Context(Context) {}
  virtual ~UaccessCheck();

  /// Called once per analyzable function definition of the TU.
  virtual void checkFunction(const clang::FunctionDecl &FD,
                             FunctionAnalyses &FA) = 0;
  llvm::StringRef name() const { return Name; }
  Severity severity() const { return Level; }
  /// Reads the option "Severity" (error, warning or note), \p Default when
  /// it is not set; the registry calls it with the check's default level.
  void readSeverity(Severity Default);

  /// What a patch of a finding's fix-its says; a check with fix-its hides
  /// this with its own (CheckRegistry.h). Nothing to say by default.
  static PatchText describePatch(const Finding &) { return {}; }

protected:
  /// A finding whose message is \p Message, one of the check's Messages,
  /// rendered from \p Args (FindingText.h).
  FindingBuilder diag(clang::SourceLocation Loc, const clang::FunctionDecl *FD,
                      const MessageFormat &Message, FindingArgs Args) {
    return Context.report(Name, Level, Loc, FD, Message, std::move(Args));
  }
  CheckContext &context() { return Context; }

  OptionsView Options;

private:
  std::string Name;
  CheckContext &Context;
  Severity Level = Severity::Warning;
};

} // namespace uaccess

#endif
