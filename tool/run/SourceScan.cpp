//===--- SourceScan.cpp - Definitions and relevant names, by the raw lexer ===//
//
// The prefilter's reading of sources: each file's definitions as the raw
// lexer sees them, the names relevant to the checks, and the bodies a TU
// may skip.
//
//===----------------------------------------------------------------------===//

#include "run/SourceScan.h"

#include "api/UaccessApi.h"
#include "run/IncludeScan.h"
#include "run/Workers.h"

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
#include "llvm/Support/VirtualFileSystem.h"

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
    Out.DirectiveIdentifiers.assign(Directives.begin(), Directives.end());
    llvm::sort(Out.DirectiveIdentifiers);
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
      else if (T.is(tok::raw_identifier))
        Directives.insert(Out.save(T.getRawIdentifier()));
      Lex.LexFromRawLexer(T);
    }
    if (!Macro.Def.Names.empty())
      Out.DefinedMacros.push_back(Macro.Def.Names.front());
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
  /// The identifiers of directives other than #define (`#ifdef VARIANT`).
  llvm::DenseSet<llvm::StringRef> Directives;
  llvm::StringRef LastIdentifier;
  /// The identifier called at file scope whose parentheses are open.
  llvm::StringRef OpenCall;
  std::vector<llvm::StringRef> Declarator;
  std::vector<llvm::StringRef> FirstArguments; ///< Per Declarator name.
  SourceDefinition Body;
  unsigned Depth = 0, Parens = 0;
};

} // namespace

SourceScan scanBuffer(const llvm::MemoryBuffer &Buffer) {
  SourceScan Scan;
  DefinitionLexer(Buffer, Scan).run();
  return Scan;
}

namespace {

bool usesAny(const SourceDefinition &D, const llvm::StringSet<> &Names) {
  return llvm::any_of(D.Uses,
                      [&](llvm::StringRef U) { return Names.contains(U); });
}

} // namespace

SourceScan scanFile(llvm::StringRef Path) {
  llvm::ErrorOr<llvm::vfs::Status> S =
      llvm::vfs::getRealFileSystem()->status(Path);
  if (!S || !S->isRegularFile() || !unreadable(*S).empty())
    return {};
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  return Buffer ? scanBuffer(**Buffer) : SourceScan();
}

std::vector<SourceScan> scanFiles(llvm::ArrayRef<std::string> Paths,
                                  unsigned Jobs) {
  std::vector<SourceScan> Scans(Paths.size());
  parallelFor(Paths.size(), Jobs,
              [&](size_t I) { Scans[I] = scanFile(Paths[I]); });
  return Scans;
}

SourceScan scanSource(llvm::StringRef Text) {
  return scanBuffer(*llvm::MemoryBuffer::getMemBufferCopy(Text));
}

SourceScan scanDefines(llvm::ArrayRef<std::string> PreprocessorFlags) {
  std::string Text;
  for (llvm::StringRef Flag : PreprocessorFlags) {
    if (!Flag.consume_front("-D"))
      continue;
    auto [Name, Value] = Flag.split('=');
    // A value spans one line of the header, as the driver's predefines
    // give it one `#define`.
    std::string Line = Flag.contains('=') ? Value.str() : "1";
    std::replace(Line.begin(), Line.end(), '\n', ' ');
    Text += "#define " + Name.str() + " " + Line + "\n";
  }
  return scanSource(Text);
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

namespace {

/// Definitions, each with the names it defines.
using NamedDefinitions = std::vector<
    std::pair<const SourceDefinition *, std::vector<llvm::StringRef>>>;

/// The API's names that can be a finding's site: where every closure
/// starts.
llvm::StringSet<> findingSiteNames() {
  llvm::StringSet<> Names;
  for (const ApiEntry &E : apiTable())
    if (canBeFindingSite(E))
      Names.insert(E.Name);
  return Names;
}

/// Adds to \p Relevant the names of each of \p Defs whose body uses one
/// of it, until nothing is added.
void closeOver(const NamedDefinitions &Defs, llvm::StringSet<> &Relevant) {
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
}

/// definedNames() for a bound: a body's every name, and also the first
/// argument of each name that is a macro that pastes (\p Pastes).
std::vector<llvm::StringRef>
generousNames(const SourceDefinition &D,
              llvm::function_ref<bool(llvm::StringRef)> Pastes) {
  std::vector<llvm::StringRef> Out = D.Names;
  if (D.IsMacro)
    return Out;
  for (size_t I = 0; I < D.Names.size() && I < D.FirstArguments.size(); ++I)
    if (!D.FirstArguments[I].empty() && Pastes(D.Names[I]))
      Out.push_back(D.FirstArguments[I]);
  return Out;
}

bool sortedContains(const std::vector<std::string> &Sorted,
                    llvm::StringRef Name) {
  auto It = llvm::lower_bound(Sorted, Name,
                              [](const std::string &A, llvm::StringRef B) {
                                return llvm::StringRef(A) < B;
                              });
  return It != Sorted.end() && *It == Name;
}

std::vector<std::string> sortedKeys(const llvm::StringSet<> &Set) {
  std::vector<std::string> Out;
  for (const auto &E : Set)
    Out.push_back(E.getKey().str());
  llvm::sort(Out);
  return Out;
}

/// The macros of \p Scans whose replacement pastes tokens.
llvm::StringSet<> pastingMacros(llvm::ArrayRef<const SourceScan *> Scans) {
  llvm::StringSet<> Out;
  for (const SourceScan *S : Scans)
    for (const SourceDefinition &D : S->Definitions)
      if (D.IsMacro && D.Pastes)
        Out.insert(D.Names.front());
  return Out;
}

} // namespace

llvm::StringSet<> relevantNames(llvm::ArrayRef<const SourceScan *> Scans) {
  llvm::StringSet<> Relevant = findingSiteNames();
  llvm::StringSet<> Macros = definingMacros(Scans);
  NamedDefinitions Defs;
  for (const SourceScan *S : Scans)
    for (const SourceDefinition &D : S->Definitions)
      Defs.emplace_back(&D, definedNames(D, Macros));
  closeOver(Defs, Relevant);
  return Relevant;
}

// A superset of relevantNames(T) for every T of the universe: the
// definingMacros() of T are macros that paste, so each body defines, here,
// every name it defines there, and the closure only grows with its names.
RelevanceBound boundRelevance(llvm::ArrayRef<const SourceScan *> Universe) {
  llvm::StringSet<> Pasting = pastingMacros(Universe);
  auto Pastes = [&](llvm::StringRef N) { return Pasting.contains(N); };
  NamedDefinitions Defs;
  llvm::StringSet<> Identifiers;
  for (const SourceScan *S : Universe) {
    for (const SourceDefinition &D : S->Definitions)
      Defs.emplace_back(&D, generousNames(D, Pastes));
    for (llvm::StringRef N : S->Identifiers)
      Identifiers.insert(N);
  }
  llvm::StringSet<> Relevant = findingSiteNames();
  closeOver(Defs, Relevant);
  RelevanceBound B;
  B.Relevant = sortedKeys(Relevant);
  B.PastingMacros = sortedKeys(Pasting);
  B.Identifiers = sortedKeys(Identifiers);
  return B;
}

// The closure over the universe and Extra is the closure over Extra alone
// from B.Relevant when no universe definition can grow it: none uses a
// name Extra made relevant, and none is made through a pasting macro that
// only Extra defines (its name would be an identifier of the universe).
std::optional<llvm::StringSet<>>
boundWith(const RelevanceBound &B, llvm::ArrayRef<const SourceScan *> Extra) {
  return boundWith(
      B, [&](llvm::StringRef N) { return sortedContains(B.Identifiers, N); },
      Extra);
}

std::optional<llvm::StringSet<>>
boundWith(const RelevanceBound &B,
          llvm::function_ref<bool(llvm::StringRef)> UniverseNames,
          llvm::ArrayRef<const SourceScan *> Extra) {
  llvm::StringSet<> ExtraPasting = pastingMacros(Extra);
  for (const auto &M : ExtraPasting)
    if (!sortedContains(B.PastingMacros, M.getKey()) &&
        UniverseNames(M.getKey()))
      return std::nullopt;
  auto Pastes = [&](llvm::StringRef N) {
    return ExtraPasting.contains(N) || sortedContains(B.PastingMacros, N);
  };
  NamedDefinitions Defs;
  for (const SourceScan *S : Extra)
    for (const SourceDefinition &D : S->Definitions)
      Defs.emplace_back(&D, generousNames(D, Pastes));
  llvm::StringSet<> Relevant = findingSiteNames();
  for (const std::string &N : B.Relevant)
    Relevant.insert(N);
  closeOver(Defs, Relevant);
  for (const auto &N : Relevant)
    if (!sortedContains(B.Relevant, N.getKey()) && UniverseNames(N.getKey()))
      return std::nullopt;
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
