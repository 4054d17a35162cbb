//===--- Prefilter.cpp - Which TUs can have findings, before parsing ------===//

#include "Prefilter.h"

#include "Workers.h"
#include "api/UaccessApi.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/TextDiagnosticBuffer.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/DependencyScanning/DependencyScanningService.h"
#include "clang/Tooling/DependencyScanning/DependencyScanningTool.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <algorithm>
#include <map>
#include <set>

using namespace clang;
namespace deps = clang::tooling::dependencies;

namespace uaccess {

namespace {

/// Attribute-like macros called before a function's '{': never its name.
bool isAttributeLike(llvm::StringRef Name) {
  static const llvm::StringRef Prefixes[] = {
      "__attribute",  "__typeof",   "typeof",     "_Alignas",
      "__aligned",    "__printf",   "__scanf",    "__section",
      "__must_hold",  "__acquires", "__releases", "__cond_acquires",
      "__alloc_size", "asm",        "__asm"};
  return llvm::any_of(Prefixes,
                      [&](llvm::StringRef P) { return Name.starts_with(P); });
}

void sortUnique(std::vector<llvm::StringRef> &V) {
  llvm::sort(V);
  V.erase(std::unique(V.begin(), V.end()), V.end());
}

/// Splits a file into top-level definitions with the raw lexer: brace
/// depth, the identifiers called at file scope before a '{', and #define.
class DefinitionLexer {
public:
  DefinitionLexer(const llvm::MemoryBuffer &Buffer, SourceScan &Out)
      : Lex(SourceLocation(), langOptions(), Buffer.getBufferStart(),
            Buffer.getBufferStart(), Buffer.getBufferEnd()),
        Out(Out) {}

  void run() {
    Token T;
    Lex.LexFromRawLexer(T);
    while (T.isNot(tok::eof)) {
      if (T.is(tok::hash) && T.isAtStartOfLine()) {
        directive(T);
        continue;
      }
      token(T);
      Lex.LexFromRawLexer(T);
    }
    for (SourceDefinition &D : Out.Definitions)
      sortUnique(D.Uses);
    Out.Identifiers.assign(All.begin(), All.end());
    llvm::sort(Out.Identifiers);
    sortUnique(Out.FileScopeCalls);
    llvm::sort(Out.FileScopeArguments);
    Out.FileScopeArguments.erase(std::unique(Out.FileScopeArguments.begin(),
                                             Out.FileScopeArguments.end()),
                                 Out.FileScopeArguments.end());
  }

private:
  static const LangOptions &langOptions() {
    static const LangOptions LO = [] {
      LangOptions L;
      L.C11 = L.GNUMode = L.LineComment = L.Digraphs = 1;
      return L;
    }();
    return LO;
  }

  llvm::StringRef identifier(const Token &T) {
    llvm::StringRef Name = Out.save(T.getRawIdentifier());
    All.insert(Name);
    return Name;
  }

  /// Reads a directive from its '#' up to the first token of the next
  /// line, which it leaves in \p T. Only #define is kept.
  void directive(Token &T) {
    Lex.LexFromRawLexer(T);
    bool Define = T.is(tok::raw_identifier) &&
                  T.getRawIdentifier() == "define" && !T.isAtStartOfLine();
    if (Define)
      Lex.LexFromRawLexer(T);
    MacroLexer Macro(*this);
    while (!T.isAtStartOfLine() && T.isNot(tok::eof)) {
      if (Define)
        Macro.token(T);
      Lex.LexFromRawLexer(T);
    }
    if (!Macro.Def.Names.empty() && !Macro.Def.Uses.empty())
      Out.Definitions.push_back(std::move(Macro.Def));
  }

  /// One #define: its name, its parameters, the identifiers it uses, and
  /// those it pastes that are no parameter (`const##op` pastes `const`).
  struct MacroLexer {
    explicit MacroLexer(DefinitionLexer &L) : L(L) { Def.IsMacro = true; }

    void token(const Token &T) {
      bool Identifier = T.is(tok::raw_identifier);
      llvm::StringRef Name = Identifier ? L.identifier(T) : "";
      if (Def.Names.empty()) {
        if (Identifier)
          Def.Names.push_back(Name);
        return;
      }
      if (State == Start)
        State = T.is(tok::l_paren) && !T.hasLeadingSpace() ? Params : Body;
      else if (State == Params && T.is(tok::r_paren))
        State = Body;
      if (Identifier && State == Params)
        ParamNames.push_back(Name);
      if (Identifier)
        Def.Uses.push_back(Name);
      bool Literal = Identifier && !llvm::is_contained(ParamNames, Name);
      Def.HasBrace |= T.is(tok::l_brace);
      if (T.is(tok::hashhash)) {
        Def.Pastes = true;
        if (!Previous.empty())
          Def.PastedFragments.push_back(Previous);
      } else if (AfterPaste && Literal) {
        Def.PastedFragments.push_back(Name);
      }
      AfterPaste = T.is(tok::hashhash);
      Previous = Literal ? Name : llvm::StringRef();
    }

    DefinitionLexer &L;
    SourceDefinition Def;
    enum { Start, Params, Body } State = Start;
    std::vector<llvm::StringRef> ParamNames;
    llvm::StringRef Previous;
    bool AfterPaste = false;
  };

  void token(const Token &T) {
    bool WasIdentifier = !LastIdentifier.empty();
    llvm::StringRef Previous = LastIdentifier;
    LastIdentifier = {};
    if (T.is(tok::raw_identifier)) {
      llvm::StringRef Name = identifier(T);
      if (Depth)
        Body.Uses.push_back(Name);
      else
        LastIdentifier = Name;
      if (!Depth && Parens && !OpenCall.empty())
        Out.FileScopeArguments.emplace_back(OpenCall, Name);
      if (!Depth && Parens == 1 && !Declarator.empty() &&
          FirstArguments.size() + 1 == Declarator.size())
        FirstArguments.push_back(Name);
      return;
    }
    if (Depth == 0)
      fileScope(T, WasIdentifier ? Previous : llvm::StringRef());
    else
      nested(T);
  }

  void fileScope(const Token &T, llvm::StringRef Called) {
    if (T.is(tok::l_paren)) {
      if (Parens++ == 0 && !Called.empty() && !isAttributeLike(Called)) {
        FirstArguments.resize(Declarator.size());
        Declarator.push_back(Called);
        Out.FileScopeCalls.push_back(Called);
        OpenCall = Called;
      }
    } else if (T.is(tok::r_paren)) {
      Parens -= Parens > 0;
      if (!Parens)
        OpenCall = {};
    } else if ((T.is(tok::equal) || T.is(tok::semi)) && Parens == 0) {
      Declarator.clear();
      FirstArguments.clear();
    } else if (T.is(tok::l_brace)) {
      Depth = 1;
      Body = SourceDefinition();
      FirstArguments.resize(Declarator.size());
      Body.Names = std::move(Declarator);
      Body.FirstArguments = std::move(FirstArguments);
      Declarator.clear();
      FirstArguments.clear();
    }
  }

  void nested(const Token &T) {
    if (T.is(tok::l_brace)) {
      ++Depth;
    } else if (T.is(tok::r_brace) && --Depth == 0) {
      Parens = 0;
      if (!Body.Uses.empty())
        Out.Definitions.push_back(std::move(Body));
      Body = SourceDefinition();
    }
  }

  Lexer Lex;
  SourceScan &Out;
  llvm::DenseSet<llvm::StringRef> All;
  llvm::StringRef LastIdentifier;
  /// The identifier called at file scope whose parentheses are open.
  llvm::StringRef OpenCall;
  std::vector<llvm::StringRef> Declarator;
  std::vector<llvm::StringRef> FirstArguments; ///< Per Declarator name.
  SourceDefinition Body;
  unsigned Depth = 0, Parens = 0;
};

SourceScan scanBuffer(const llvm::MemoryBuffer &Buffer) {
  SourceScan Scan;
  DefinitionLexer(Buffer, Scan).run();
  return Scan;
}

bool usesAny(const SourceDefinition &D, const llvm::StringSet<> &Names) {
  return llvm::any_of(D.Uses,
                      [&](llvm::StringRef U) { return Names.contains(U); });
}

} // namespace

SourceScan scanSource(llvm::StringRef Text) {
  return scanBuffer(*llvm::MemoryBuffer::getMemBufferCopy(Text));
}

/// The names a body defines: its declarator's, but a macro's first
/// argument in place of the macro.
static std::vector<llvm::StringRef>
definedNames(const SourceDefinition &D, const llvm::StringSet<> &Macros) {
  if (D.IsMacro)
    return D.Names;
  std::vector<llvm::StringRef> Out;
  for (size_t I = 0; I < D.Names.size(); ++I) {
    bool Defining = Macros.contains(D.Names[I]);
    llvm::StringRef Arg =
        I < D.FirstArguments.size() ? D.FirstArguments[I] : "";
    if (!Defining)
      Out.push_back(D.Names[I]);
    else if (!Arg.empty())
      Out.push_back(Arg);
  }
  return Out;
}

/// Macros that a body can be defined through: those that paste tokens into
/// a new name (SYSCALL_DEFINE2's `_##name`), but not those that also name
/// themselves (`#define f(a) f(a)` keeps a function's name visible). Any
/// other macro called before a body is kept as the body's name: a rename
/// (`#define foo(a) bar(a)`) is called by the name it defines.
static llvm::StringSet<>
definingMacros(llvm::ArrayRef<const SourceScan *> Scans) {
  llvm::StringSet<> Macros, NotDefining;
  for (const SourceScan *S : Scans)
    for (const SourceDefinition &D : S->Definitions) {
      if (!D.IsMacro)
        continue;
      llvm::StringRef Name = D.Names.front();
      bool Defining = D.Pastes && !llvm::is_contained(D.Uses, Name);
      (Defining ? Macros : NotDefining).insert(Name);
    }
  for (const auto &Name : NotDefining)
    Macros.erase(Name.getKey());
  return Macros;
}

llvm::StringSet<> relevantNames(llvm::ArrayRef<const SourceScan *> Scans) {
  llvm::StringSet<> Relevant;
  for (const ApiEntry &E : apiTable())
    if (canBeFindingSite(E))
      Relevant.insert(E.Name);
  llvm::StringSet<> Macros = definingMacros(Scans);
  std::vector<std::pair<const SourceDefinition *, std::vector<llvm::StringRef>>>
      Defs;
  for (const SourceScan *S : Scans)
    for (const SourceDefinition &D : S->Definitions)
      Defs.emplace_back(&D, definedNames(D, Macros));
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (const auto &[D, Names] : Defs) {
      bool Known = llvm::all_of(
          Names, [&](llvm::StringRef N) { return Relevant.contains(N); });
      if (Known || !usesAny(*D, Relevant))
        continue;
      // The table decides which API names are relevant: the bodies of
      // copy_to_user() and its kind name access_ok() and the rest.
      for (llvm::StringRef N : Names)
        if (!lookupApi(N))
          Grew |= Relevant.insert(N).second;
    }
  }
  return Relevant;
}

bool definesRelevantBody(const SourceScan &Scan,
                         const llvm::StringSet<> &Relevant) {
  return llvm::any_of(Scan.Definitions, [&](const SourceDefinition &D) {
    return !D.IsMacro && usesAny(D, Relevant);
  });
}

llvm::StringRef firstRelevant(const SourceScan &Scan,
                              const llvm::StringSet<> &Relevant) {
  for (llvm::StringRef N : Scan.Identifiers)
    if (Relevant.contains(N))
      return N;
  return {};
}

std::vector<unsigned> relevantDefinitions(const SourceScan &Scan,
                                          const llvm::StringSet<> &Relevant) {
  std::vector<unsigned> Out;
  for (unsigned I = 0; I < Scan.Definitions.size(); ++I)
    if (usesAny(Scan.Definitions[I], Relevant))
      Out.push_back(I);
  return Out;
}

namespace {

/// The bodies of one TU that skippableBodies() keeps, found in two steps:
/// callers (up from the relevant definitions), then callees (down from
/// every kept one).
class BodyClosure {
public:
  BodyClosure(llvm::ArrayRef<const SourceScan *> Scans,
              const llvm::StringSet<> &Relevant)
      : Scans(Scans), Relevant(Relevant) {
    for (const SourceScan *S : Scans)
      for (const SourceDefinition &D : S->Definitions)
        for (llvm::StringRef N : D.Names) {
          ByName[N].push_back(&D);
          if (D.IsMacro)
            Macros.insert(N);
        }
  }

  /// \p D uses a relevant name, or the name of a kept caller.
  void keepCaller(const SourceDefinition &D) {
    if (!Kept.insert(&D).second)
      return;
    Work.push_back(&D);
    // Users of a relevant name are kept already; the API's own bodies
    // (copy_to_user() names access_ok()) make none of their callers
    // relevant, as in relevantNames().
    for (llvm::StringRef N : D.Names)
      if (!Relevant.contains(N) && !lookupApi(N) && Called.insert(N).second)
        CalledQueue.push_back(N);
  }

  void closeOverCallers() {
    while (!CalledQueue.empty()) {
      llvm::StringRef N = CalledQueue.pop_back_val();
      for (const SourceScan *S : Scans) {
        if (!std::binary_search(S->Identifiers.begin(), S->Identifiers.end(),
                                N))
          continue;
        for (const SourceDefinition &D : S->Definitions)
          if (std::binary_search(D.Uses.begin(), D.Uses.end(), N))
            keepCaller(D);
      }
    }
  }

  /// A parse never skips a body a macro makes (its name is pasted): the
  /// bodies after a macro's name (`SYSCALL_DEFINE2(poll, ...) { ... }`)
  /// and the macros called at file scope (`native_cpuid_reg(eax)`) keep
  /// their callees.
  void keepMacroMadeBodies() {
    for (const SourceScan *S : Scans) {
      for (llvm::StringRef N : S->FileScopeCalls)
        if (makesBody(N))
          for (const SourceDefinition *E : ByName.lookup(N))
            keepCallee(*E);
      // What such a macro is given can be called in the body it makes:
      // DEFINE_FREE(put_task, ..., put_task_struct(_T)).
      for (const auto &[Call, Argument] : S->FileScopeArguments)
        if (makesBody(Call))
          for (const SourceDefinition *E : ByName.lookup(Argument))
            keepCallee(*E);
      for (const SourceDefinition &D : S->Definitions)
        if (!D.IsMacro && llvm::any_of(D.Names, [&](llvm::StringRef N) {
              return Macros.contains(N);
            }))
          keepCallee(D);
    }
  }

  /// Everything a kept definition names, through macros, is kept too; and
  /// every body whose name starts or ends with what a kept macro pastes
  /// (`const##op` calls `const_test_bit()`).
  void closeOverCallees() {
    while (!Work.empty()) {
      while (!Work.empty()) {
        const SourceDefinition *D = Work.pop_back_val();
        for (llvm::StringRef U : D->Uses)
          for (const SourceDefinition *E : ByName.lookup(U))
            keepCallee(*E);
        for (llvm::StringRef F : D->PastedFragments)
          if (Fragments.insert(F).second)
            NewFragments.push_back(F);
      }
      keepPastedNames();
    }
  }

  /// A macro whose replacement, or that of a macro it uses, has a '{'.
  bool makesBody(llvm::StringRef Name) {
    auto [It, New] = MakesBody.try_emplace(Name, false);
    if (!New)
      return It->second; // Known, or in progress (a cycle adds nothing).
    bool Makes = false;
    for (const SourceDefinition *D : ByName.lookup(Name))
      if (D->IsMacro)
        Makes |= D->HasBrace || llvm::any_of(D->Uses, [&](llvm::StringRef U) {
                   return Macros.contains(U) && U != Name && makesBody(U);
                 });
    MakesBody[Name] = Makes;
    return Makes;
  }

  void keepCallee(const SourceDefinition &D) {
    if (Kept.insert(&D).second)
      Work.push_back(&D);
  }

  void keepPastedNames() {
    if (NewFragments.empty())
      return;
    for (const SourceScan *S : Scans)
      for (const SourceDefinition &D : S->Definitions)
        if (!Kept.count(&D) && llvm::any_of(D.Names, [&](llvm::StringRef N) {
              return llvm::any_of(NewFragments, [&](llvm::StringRef F) {
                return N.size() > F.size() &&
                       (N.starts_with(F) || N.ends_with(F));
              });
            }))
          keepCallee(D);
    NewFragments.clear();
  }

  std::vector<std::string> skippable() const {
    llvm::StringSet<> KeptNames, Out;
    for (const SourceDefinition *D : Kept)
      if (!D->IsMacro)
        KeptNames.insert(D->Names.begin(), D->Names.end());
    for (const SourceScan *S : Scans)
      for (const SourceDefinition &D : S->Definitions)
        if (!D.IsMacro && !Kept.count(&D))
          for (llvm::StringRef N : D.Names)
            if (!KeptNames.contains(N))
              Out.insert(N);
    std::vector<std::string> Names;
    for (const auto &N : Out)
      Names.push_back(N.getKey().str());
    llvm::sort(Names);
    return Names;
  }

private:
  llvm::ArrayRef<const SourceScan *> Scans;
  const llvm::StringSet<> &Relevant;
  llvm::StringMap<std::vector<const SourceDefinition *>> ByName;
  llvm::DenseSet<const SourceDefinition *> Kept;
  llvm::SmallVector<const SourceDefinition *> Work;
  llvm::StringSet<> Called;
  llvm::SmallVector<llvm::StringRef> CalledQueue;
  llvm::StringSet<> Macros, Fragments;
  llvm::StringMap<bool> MakesBody;
  llvm::SmallVector<llvm::StringRef> NewFragments;
};

} // namespace

std::vector<std::string>
skippableBodies(llvm::ArrayRef<const SourceScan *> Scans,
                const llvm::StringSet<> &Relevant,
                llvm::ArrayRef<std::vector<unsigned>> RelevantDefinitions) {
  BodyClosure Closure(Scans, Relevant);
  for (size_t I = 0; I < Scans.size(); ++I)
    for (unsigned D : RelevantDefinitions[I])
      Closure.keepCaller(Scans[I]->Definitions[D]);
  Closure.closeOverCallers();
  Closure.keepMacroMadeBodies();
  Closure.closeOverCallees();
  return Closure.skippable();
}

} // namespace uaccess

namespace uaccess {

namespace {

/// \p File, absolute (against \p Dir) and without '.' and '..'.
std::string normalPath(llvm::StringRef Dir, llvm::StringRef File) {
  llvm::SmallString<256> Path(File);
  if (!llvm::sys::path::is_absolute(Path)) {
    Path = Dir;
    llvm::sys::path::append(Path, File);
  }
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

/// The largest source or header the prefilter reads: far above any
/// kernel file, far below a device's endless stream.
constexpr uint64_t MaxScannedBytes = uint64_t(64) << 20;

/// Why the scan must not read \p Path: a FIFO or a device would block it
/// or never end (the scan runs in the driver, where no --timeout applies);
/// "" for a regular file of bounded size.
std::string unreadable(const llvm::vfs::Status &S) {
  if (S.getType() != llvm::sys::fs::file_type::regular_file &&
      S.getType() != llvm::sys::fs::file_type::directory_file)
    return "not a regular file";
  if (S.getSize() > MaxScannedBytes)
    return "larger than 64 MiB";
  return "";
}

/// The physical file system, refusing to open what unreadable() names. A
/// refused file is a failed TU, with the reason in clang's error.
class RegularFilesOnly : public llvm::vfs::ProxyFileSystem {
public:
  RegularFilesOnly() : ProxyFileSystem(llvm::vfs::createPhysicalFileSystem()) {}
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    llvm::ErrorOr<llvm::vfs::Status> S = status(Path);
    if (S && !unreadable(*S).empty())
      return std::make_error_code(std::errc::operation_not_supported);
    return ProxyFileSystem::openFileForRead(Path);
  }
};

deps::DependencyScanningService &scanningService() {
  static deps::DependencyScanningService Service(
      deps::ScanningMode::DependencyDirectivesScan,
      deps::ScanningOutputFormat::Full);
  return Service;
}

llvm::Expected<std::vector<std::string>>
scannedDependencies(const tooling::CompileCommand &Command) {
  deps::DependencyScanningTool Tool(
      scanningService(), llvm::makeIntrusiveRefCnt<RegularFilesOnly>());
  llvm::DenseSet<deps::ModuleID> Seen;
  auto Deps = Tool.getTranslationUnitDependencies(
      Command.CommandLine, Command.Directory, Seen,
      [](const deps::ModuleID &, deps::ModuleOutputKind) { return ""; });
  if (!Deps)
    return Deps.takeError();
  return std::move(Deps->FileDeps);
}

/// The preprocessor alone; the files are those the source manager read.
class FileListAction : public PreprocessOnlyAction {
public:
  explicit FileListAction(std::vector<std::string> &Files) : Files(Files) {}
  void EndSourceFileAction() override {
    SourceManager &SM = getCompilerInstance().getSourceManager();
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It)
      Files.push_back(std::string(It->first.getName()));
  }

private:
  std::vector<std::string> &Files;
};

llvm::Expected<std::vector<std::string>>
preprocessedFiles(const tooling::CompileCommand &Command) {
  std::vector<std::string> Files;
  auto Action = std::make_unique<FileListAction>(Files);
  std::vector<std::string> Args = Command.CommandLine;
  TextDiagnosticBuffer Diagnostics;
  // Relative -I paths are relative to the command's folder, in this
  // thread's file system (never the process's working directory).
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS =
      llvm::makeIntrusiveRefCnt<RegularFilesOnly>();
  FS->setCurrentWorkingDirectory(Command.Directory);
  FileSystemOptions Options;
  Options.WorkingDir = Command.Directory;
  tooling::ToolInvocation Run(Args, std::move(Action),
                              new FileManager(Options, FS));
  Run.setDiagnosticConsumer(&Diagnostics);
  if (!Run.run()) {
    std::string Errors;
    for (auto It = Diagnostics.err_begin(); It != Diagnostics.err_end(); ++It)
      Errors += "error: " + It->second + "\n";
    return llvm::createStringError(Errors.empty() ? "the preprocessor failed"
                                                  : Errors);
  }
  Files.insert(Files.begin(), Command.Filename);
  return Files;
}

} // namespace

llvm::Expected<std::vector<std::string>>
includedFiles(const tooling::CompileCommand &Command, IncludeScanner Scanner) {
  // The main file too: a source linked to /dev/zero would never end.
  std::string Main = normalPath(Command.Directory, Command.Filename);
  if (llvm::ErrorOr<llvm::vfs::Status> S =
          llvm::vfs::getRealFileSystem()->status(Main);
      S && !unreadable(*S).empty())
    return llvm::createStringError(
        "error: cannot open file '" + Main + "': " +
        std::make_error_code(std::errc::operation_not_supported).message());
  auto Files = Scanner == IncludeScanner::DependencyScan
                   ? scannedDependencies(Command)
                   : preprocessedFiles(Command);
  if (!Files)
    return Files.takeError();
  std::vector<std::string> Out{normalPath(Command.Directory, Command.Filename)};
  for (const std::string &F : *Files) {
    std::string Path = normalPath(Command.Directory, F);
    if (Path != Out.front())
      Out.push_back(std::move(Path));
  }
  return Out;
}

std::string missingIncludeError(llvm::StringRef ScanErrors) {
  // The first error decides: a later one may follow from it.
  size_t At = ScanErrors.find("error: ");
  if (At == llvm::StringRef::npos)
    return "";
  llvm::StringRef First =
      ScanErrors.drop_front(At + strlen("error: ")).split('\n').first.trim();
  // A file RegularFilesOnly refused: a parse would block or never end.
  if (First.contains(
          std::make_error_code(std::errc::operation_not_supported).message()))
    return First.str() + " (not a regular file, or larger than 64 MiB)";
  // clang's err_pp_file_not_found: "'x.h' file not found", perhaps with
  // ", did you mean 'y.h'?" after it.
  size_t Quote = First.find("' file not found");
  if (!First.starts_with("'") || Quote == llvm::StringRef::npos || Quote == 0)
    return "";
  return First.str();
}

} // namespace uaccess

namespace uaccess {

namespace {

/// Runs \p Work(I) for I in [0, N) on \p Jobs threads.
void parallelFor(size_t N, unsigned Jobs,
                 llvm::function_ref<void(size_t)> Work) {
  // As many threads as workers would run (-j 2147483648 is 256).
  llvm::DefaultThreadPool Pool(
      llvm::hardware_concurrency(workerCount(Jobs, N)));
  for (size_t I = 0; I < N; ++I)
    Pool.async([&, I] { Work(I); });
  Pool.wait();
}

/// Every file the TUs read, scanned once.
struct FileTable {
  std::vector<std::string> Paths;
  llvm::StringMap<size_t> Index;
  std::vector<SourceScan> Scans;
  /// Indices of the files some TU includes (not only as its main file).
  std::set<size_t> Headers;

  size_t add(const std::string &Path) {
    auto [It, New] = Index.try_emplace(Path, Paths.size());
    if (New)
      Paths.push_back(Path);
    return It->second;
  }

  void scanAll(unsigned Jobs) {
    Scans.resize(Paths.size());
    parallelFor(Paths.size(), Jobs, [&](size_t I) {
      // What the scan refused is not read here either.
      llvm::ErrorOr<llvm::vfs::Status> S =
          llvm::vfs::getRealFileSystem()->status(Paths[I]);
      if (!S || !S->isRegularFile() || !unreadable(*S).empty())
        return;
      auto Buffer = llvm::MemoryBuffer::getFile(Paths[I]);
      if (Buffer)
        Scans[I] = scanBuffer(**Buffer);
    });
  }
};

/// One TU as the prefilter sees it: its files (the main file first) or
/// nothing, when its includes could not be learned.
using TUFiles = std::optional<std::vector<size_t>>;

/// The TUs to parse: those whose main file names a relevant name, then
/// each that includes a relevant header none of those includes. A TU whose
/// includes could not be learned is parsed, unless its parse would fail
/// (\p Unparsable).
void chooseTUs(const std::vector<TUFiles> &TUs, const FileTable &Files,
               const llvm::StringSet<> &Relevant, bool CoverHeaders,
               PrefilterResult &Out) {
  Out.Analyze.assign(TUs.size(), false);
  Out.Why.assign(TUs.size(), "");
  Out.Unparsable.resize(TUs.size());
  std::vector<char> RelevantHeader(Files.Paths.size(), 0);
  for (size_t F : Files.Headers)
    RelevantHeader[F] = definesRelevantBody(Files.Scans[F], Relevant);
  std::vector<char> Covered(Files.Paths.size(), 0);
  auto Cover = [&](size_t I, std::string Why) {
    Out.Analyze[I] = true;
    Out.Why[I] = std::move(Why);
    for (size_t F : llvm::drop_begin(*TUs[I]))
      Covered[F] = 1;
  };
  for (size_t I = 0; I < TUs.size(); ++I) {
    if (!TUs[I] && !Out.Unparsable[I].empty()) {
      Out.Why[I] = "its parse would fail: " + Out.Unparsable[I];
    } else if (!TUs[I]) {
      Out.Analyze[I] = true;
      Out.Why[I] = "its includes could not be scanned";
    } else if (llvm::StringRef N =
                   firstRelevant(Files.Scans[TUs[I]->front()], Relevant);
               !N.empty()) {
      Cover(I, ("names '" + N + "'").str());
    }
  }
  for (size_t I = 0; CoverHeaders && I < TUs.size(); ++I) {
    if (!TUs[I] || Out.Analyze[I])
      continue;
    auto Header = llvm::find_if(llvm::drop_begin(*TUs[I]), [&](size_t F) {
      return RelevantHeader[F] && !Covered[F];
    });
    if (Header != TUs[I]->end())
      Cover(I, "covers '" + Files.Paths[*Header] + "'");
  }
}

/// A patch gate's cut: a chosen TU none of whose files the patch touches
/// can only give findings the gate drops. The TU chosen to cover a patched
/// header includes it, so it touches the patch and is never cut.
void keepTouchedTUs(const std::vector<TUFiles> &TUs, const FileTable &Files,
                    TouchedFileFn Touched, PrefilterResult &Out) {
  // Asked once per file: the patch's paths are compared by real path.
  std::vector<signed char> Known(Files.Paths.size(), -1);
  auto IsTouched = [&](size_t F) {
    if (Known[F] < 0)
      Known[F] = Touched(Files.Paths[F]);
    return Known[F] == 1;
  };
  for (size_t I = 0; I < TUs.size(); ++I) {
    if (!Out.Analyze[I] || !TUs[I])
      continue;
    if (llvm::none_of(*TUs[I], IsTouched)) {
      Out.Analyze[I] = false;
      Out.Why[I] = "the patch touches none of its files";
    }
  }
}

/// PrefilterResult::SkippableBodies of the TUs to parse.
void findSkippableBodies(const std::vector<TUFiles> &TUs,
                         const FileTable &Files,
                         const llvm::StringSet<> &Relevant, unsigned Jobs,
                         PrefilterResult &Out) {
  std::vector<char> Needed(Files.Paths.size(), 0);
  for (size_t I = 0; I < TUs.size(); ++I)
    if (Out.Analyze[I] && TUs[I])
      for (size_t F : *TUs[I])
        Needed[F] = 1;
  std::vector<std::vector<unsigned>> Seeds(Files.Paths.size());
  parallelFor(Files.Paths.size(), Jobs, [&](size_t F) {
    if (Needed[F])
      Seeds[F] = relevantDefinitions(Files.Scans[F], Relevant);
  });
  parallelFor(TUs.size(), Jobs, [&](size_t I) {
    if (!Out.Analyze[I] || !TUs[I])
      return;
    std::vector<const SourceScan *> Scans;
    std::vector<std::vector<unsigned>> TUSeeds;
    for (size_t F : *TUs[I]) {
      Scans.push_back(&Files.Scans[F]);
      TUSeeds.push_back(Seeds[F]);
    }
    Out.SkippableBodies[I] = skippableBodies(Scans, Relevant, TUSeeds);
  });
}

} // namespace

PrefilterResult
prefilterCommands(const std::vector<tooling::CompileCommand> &Commands,
                  unsigned Jobs, IncludeScanner Scanner, TouchedFileFn Touched,
                  bool FindSkippable, BuildRecords *Records,
                  bool CoverHeaders) {
  std::vector<std::optional<std::vector<std::string>>> Included(
      Commands.size());
  PrefilterResult Result;
  Result.Unparsable.resize(Commands.size());
  Result.IncludesFrom.resize(Commands.size());
  parallelFor(Commands.size(), Jobs, [&](size_t I) {
    if (Records) {
      auto Recorded = Records->inputsOf(Commands[I]);
      if (Recorded) {
        Included[I] = std::move(*Recorded);
        Result.IncludesFrom[I] =
            "from " + *BuildRecords::recordPath(Commands[I]);
        return;
      }
      Result.IncludesFrom[I] = "scanned: " + toString(Recorded.takeError());
    }
    auto Files = includedFiles(Commands[I], Scanner);
    if (Files)
      Included[I] = std::move(*Files);
    else
      Result.Unparsable[I] = missingIncludeError(toString(Files.takeError()));
  });
  FileTable Files;
  std::vector<TUFiles> TUs(Commands.size());
  for (size_t I = 0; I < Commands.size(); ++I) {
    if (!Included[I])
      continue;
    TUs[I].emplace();
    for (const std::string &Path : *Included[I])
      TUs[I]->push_back(Files.add(Path));
    Files.Headers.insert(std::next(TUs[I]->begin()), TUs[I]->end());
  }
  Files.scanAll(Jobs);
  std::vector<const SourceScan *> HeaderScans;
  for (size_t F : Files.Headers)
    HeaderScans.push_back(&Files.Scans[F]);
  llvm::StringSet<> Relevant = relevantNames(HeaderScans);
  chooseTUs(TUs, Files, Relevant, CoverHeaders, Result);
  if (Touched)
    keepTouchedTUs(TUs, Files, Touched, Result);
  for (size_t I = 0; I < Commands.size(); ++I)
    Result.Skipped += !Result.Analyze[I] && Result.Unparsable[I].empty();
  Result.SkippableBodies.resize(Commands.size());
  if (FindSkippable)
    findSkippableBodies(TUs, Files, Relevant, Jobs, Result);
  return Result;
}

PrefilterResult
prefilterGroups(const std::vector<tooling::CompileCommand> &Commands,
                ArrayRef<unsigned> Group, unsigned Jobs, IncludeScanner Scanner,
                TouchedFileFn Touched, bool FindSkippable,
                BuildRecords *Records, bool CoverHeaders) {
  std::map<unsigned, std::vector<size_t>> Members;
  for (size_t I = 0; I < Commands.size(); ++I)
    Members[Group[I]].push_back(I);
  PrefilterResult All;
  All.Analyze.resize(Commands.size());
  All.Why.resize(Commands.size());
  All.SkippableBodies.resize(Commands.size());
  All.Unparsable.resize(Commands.size());
  All.IncludesFrom.resize(Commands.size());
  for (const auto &[Index, Positions] : Members) {
    std::vector<tooling::CompileCommand> Part;
    for (size_t I : Positions)
      Part.push_back(Commands[I]);
    PrefilterResult Choice = prefilterCommands(
        Part, Jobs, Scanner, Touched, FindSkippable, Records, CoverHeaders);
    for (size_t K = 0; K < Positions.size(); ++K) {
      All.Analyze[Positions[K]] = Choice.Analyze[K];
      All.Why[Positions[K]] = std::move(Choice.Why[K]);
      All.SkippableBodies[Positions[K]] = std::move(Choice.SkippableBodies[K]);
      All.Unparsable[Positions[K]] = std::move(Choice.Unparsable[K]);
      All.IncludesFrom[Positions[K]] = std::move(Choice.IncludesFrom[K]);
    }
    All.Skipped += Choice.Skipped;
  }
  return All;
}

} // namespace uaccess
