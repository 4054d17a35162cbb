//===--- CallPolicy.cpp - Which calls may run inside a window -------------===//

#include "analysis/CallPolicy.h"
#include "analysis/AnalysisCache.h"
#include "utils/CfgPaths.h"
#include "utils/NameMatch.h"
#include "utils/SourceUtils.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>

using namespace clang;

namespace uaccess {

namespace {
/// The calls a body can make that are not part of an API expansion. Only
/// reachable code counts: BUILD_BUG_ON()'s __compiletime_assert_N() and the
/// link-error defaults of switches on sizeof never run.
std::vector<const CallExpr *> userCalls(FunctionAnalyses &FA) {
  std::vector<const CallExpr *> Calls;
  const CFG *Graph = FA.cfg();
  if (!Graph)
    return Calls;
  const FunctionUses &Uses = FA.uses();
  llvm::BitVector Seen(Graph->getNumBlockIDs());
  std::vector<const CFGBlock *> Work = {&Graph->getEntry()};
  while (!Work.empty()) {
    const CFGBlock *B = Work.back();
    Work.pop_back();
    if (Seen.test(B->getBlockID()))
      continue;
    Seen.set(B->getBlockID());
    for (const CFGElement &E : *B)
      if (auto S = E.getAs<CFGStmt>())
        if (const auto *Call = dyn_cast<CallExpr>(S->getStmt()))
          if (!Uses.ownerOf(Call))
            Calls.push_back(Call);
    for (const CFGBlock *Succ : B->succs())
      if (Succ)
        Work.push_back(Succ);
  }
  return Calls;
}

bool isInlineHelper(const FunctionDecl &FD) {
  return FD.isInlined() || FD.hasAttr<AlwaysInlineAttr>();
}

/// An inline helper, or a static function not marked noinline: one the
/// compiler may put in its caller, whose body is what the call does
/// (6.12 powerpc's sigcontext_vmx_regs(), a bare `static`).
bool isInlinable(const FunctionDecl &Def) {
  return isInlineHelper(Def) ||
         (!Def.isExternallyVisible() && !Def.hasAttr<NoInlineAttr>());
}

/// How many forwarders deep a save or restore is followed: a forwarder
/// whose chain to the macro is longer (its Height) is none.
constexpr unsigned MaxToggleDepth = 8;
} // namespace

CallPolicy::CallPolicy(AnalysisCache &Cache, std::vector<std::string> ExtraSafe)
    : Cache(Cache), ExtraSafe(std::move(ExtraSafe)) {}

CallPolicy::~CallPolicy() = default;

bool CallPolicy::isSafeName(llvm::StringRef Name) const {
  return matchesAnyName(uaccessSafeCallees(), Name) ||
         matchesAnyName(ExtraSafe, Name);
}

// Helpers that work inside their caller's window are static or inline in
// the kernel; an exported function with unsafe ops and no begin is a bug in
// itself, not a helper.
static bool mayBeHelper(const FunctionDecl &Def) {
  return isInlineHelper(Def) || !Def.isExternallyVisible();
}

// Asked for every call the window analysis meets, so computed once per
// function.
const CallPolicy::Shape &CallPolicy::shapeOf(const FunctionDecl &FD) {
  const FunctionDecl *Def = FD.getDefinition();
  const FunctionDecl *Key = Def ? Def : &FD;
  auto It = Shapes.find(Key);
  if (It != Shapes.end())
    return It->second;
  Shape S;
  if (parsedDefinition(FD) && !isApiBody(*Def)) {
    S.Known = true;
    for (const UaccessUse &U : Cache.get(*Def).uses().uses()) {
      S.Begins |= isBegin(U.Api->TheRole) || U.Api->TheRole == Role::Scoped;
      S.Ends |= U.Api->TheRole == Role::End;
      S.Unsafe |= U.Api->TheRole == Role::UnsafeOp;
    }
  }
  Shapes[Key] = S; // Stands for it while its callees are asked (recursion).
  if (S.Known && !S.Begins && !S.Unsafe)
    S.Unsafe = forwardsToAWindowHelper(*Def);
  return Shapes[Key] = S;
}

// Static or inline with no begin, and, with unsafe ops, called where a
// window may be open: it works in its caller's window.
bool CallPolicy::isHelper(const FunctionDecl &FD) {
  const Shape &S = shapeOf(FD);
  const FunctionDecl *Def = FD.getDefinition();
  if (!S.Known || S.Begins || !mayBeHelper(*Def))
    return false;
  if (!S.Unsafe)
    return true;
  auto It = RunsInWindow.find(Def);
  if (It != RunsInWindow.end())
    return It->second;
  bool Runs = mayRunInAWindow(*Def);
  RunsInWindow[Def] = Runs;
  return Runs;
}

// A static or inline function with unsafe ops runs in its caller's window
// only where a caller may have one open: one with a begin (or a scoped window,
// or a call to a function that begins one), or one that itself works in its
// caller's window. A callback (its address taken, never called here) and a
// function whose callers open no window (its begin deleted) are analyzed
// on their own; a function the TU never names is left to its users' TUs.
// One with ends only (6.19's guard destructors) closes its callers' windows.
// The callers are searched outward, each once: helpers that call each other
// (a chain that recurses) reach their first caller with a window.
bool CallPolicy::mayRunInAWindow(const FunctionDecl &Def) {
  if (!Cache.callers().isUsed(Def))
    return true;
  // A callback runs wherever its pointer is called, with no window there
  // as a rule, even when a caller here opens one around a direct call.
  if (Cache.callers().addressTaken(Def))
    return false;
  llvm::SmallPtrSet<const FunctionDecl *, 8> Seen = {&Def};
  llvm::SmallVector<const FunctionDecl *, 8> Work = {&Def};
  while (!Work.empty()) {
    const FunctionDecl *F = Work.pop_back_val();
    for (const CallerIndex::Site &C : Cache.callers().callsTo(*F)) {
      const FunctionDecl *Caller = C.Caller->getDefinition();
      if (!Caller || !Seen.insert(Caller).second)
        continue;
      const Shape &S = shapeOf(*Caller);
      if (S.Begins || callsAnOpener(*Caller))
        return true;
      if (!S.Known || !mayBeHelper(*Caller) || !(S.Ends || S.Unsafe))
        continue;
      // An end-only helper closes a window its callers opened; one with
      // ops works in one only where its own callers may have it open.
      if (!S.Unsafe)
        return true;
      Work.push_back(Caller);
    }
  }
  return false;
}

/// True when \p Body calls a function for which \p Pred holds, directly or
/// as the function of a cleanup variable.
static bool callsAny(const Stmt *Body,
                     llvm::function_ref<bool(const FunctionDecl &)> Pred) {
  struct Finder : RecursiveASTVisitor<Finder> {
    llvm::function_ref<bool(const FunctionDecl &)> Pred;
    bool Found = false;
    explicit Finder(llvm::function_ref<bool(const FunctionDecl &)> P)
        : Pred(P) {}
    bool VisitCallExpr(CallExpr *C) {
      if (const FunctionDecl *Callee = C->getDirectCallee())
        Found |= Pred(*Callee);
      return !Found;
    }
    bool VisitVarDecl(VarDecl *VD) {
      if (const auto *Cleanup = VD->getAttr<CleanupAttr>())
        if (const FunctionDecl *F = Cleanup->getFunctionDecl())
          Found |= Pred(*F);
      return !Found;
    }
  } F(Pred);
  F.TraverseStmt(const_cast<Stmt *>(Body));
  return F.Found;
}

// A helper with no ops of its own that calls one with ops (`outer()`
// returning `put_a(p, v)`) needs its caller's window as much as that one.
bool CallPolicy::forwardsToAWindowHelper(const FunctionDecl &Def) {
  return callsAny(Def.getBody(), [&](const FunctionDecl &F) {
    Shape Callee = shapeOf(F); // A copy: shapeOf() grows the map.
    const FunctionDecl *CalleeDef = F.getDefinition();
    return Callee.Known && Callee.Unsafe && !Callee.Begins && CalleeDef &&
           mayBeHelper(*CalleeDef);
  });
}

// A call to a function that begins a window and ends none (one that ends
// its own, as iov_iter's copy_iovec_from_user(), opens nothing for its
// caller), or a cleanup variable whose function does (6.19's guards).
bool CallPolicy::callsAnOpener(const FunctionDecl &Caller) {
  return callsAny(Caller.getBody(), [&](const FunctionDecl &F) {
    const Shape &S = shapeOf(F);
    return S.Begins && !S.Ends;
  });
}

bool CallPolicy::runsInCallersWindow(const FunctionDecl &FD) {
  const Shape &S = shapeOf(FD);
  return (S.Unsafe || S.Ends) && isHelper(FD);
}

bool CallPolicy::needsWindow(const FunctionDecl &FD) {
  return shapeOf(FD).Unsafe && isHelper(FD);
}

bool CallPolicy::closesForCaller(const FunctionDecl &FD) {
  return shapeOf(FD).Ends && isHelper(FD);
}

namespace {
/// The uses of role \p R in the parsed body of \p FD.
std::vector<const UaccessUse *> usesIn(AnalysisCache &Cache,
                                       const FunctionDecl &FD, Role R) {
  std::vector<const UaccessUse *> Found;
  if (const FunctionDecl *Def = parsedDefinition(FD))
    for (const UaccessUse &U : Cache.get(*Def).uses().uses())
      if (U.Api->TheRole == R)
        Found.push_back(&U);
  return Found;
}
} // namespace

std::vector<const UaccessUse *> CallPolicy::endsIn(const FunctionDecl &FD) {
  return usesIn(Cache, FD, Role::End);
}

std::optional<CallPolicy::AccessToggle>
CallPolicy::accessToggleOf(const FunctionDecl &FD) {
  std::optional<ChainedToggle> T = toggleThrough(FD);
  return T ? std::optional<AccessToggle>(T->Toggle) : std::nullopt;
}

// An inline (or static, not noinline) function that, on every path that
// returns, runs the save (restore), or calls a function that does, and
// does nothing else with the API: the compiler puts the macro in its
// caller, and the flag it sets holds after the call either way. What else
// it calls runs with access as it is there: on after a restore, or before
// a save. The answer is the function's own, whoever asks first.
std::optional<CallPolicy::ChainedToggle>
CallPolicy::toggleThrough(const FunctionDecl &FD) {
  const FunctionDecl *Def = parsedDefinition(FD);
  if (!Def || !isInlinable(*Def) || !shapeOf(FD).Known)
    return std::nullopt;
  if (auto Known = ToggleMemo.find(Def); Known != ToggleMemo.end())
    return Known->second;
  ToggleMemo[Def] = std::nullopt;
  std::optional<ChainedToggle> T = toggleOfBody(*Def);
  ToggleMemo[Def] = T; // Looked up again: the map may have grown.
  return T;
}

std::optional<CallPolicy::ChainedToggle>
CallPolicy::toggleOfBody(const FunctionDecl &Def) {
  FunctionAnalyses &FA = Cache.get(Def);
  const CFG *Graph = FA.cfg();
  std::optional<Role> R;
  bool Mixed = false, InnerOn = false;
  unsigned Height = 1; // The macro in this body.
  auto Take = [&](Role Next) {
    Mixed |= (R && *R != Next) || (Next != Role::Save && Next != Role::Restore);
    R = Next;
  };
  for (const UaccessUse &U : FA.uses().uses())
    Take(U.Api->TheRole);
  if (Mixed || !Graph)
    return std::nullopt; // Does more with the API than one toggle.
  llvm::SmallPtrSet<const CallExpr *, 4> Forwards;
  std::vector<const CallExpr *> Others;
  for (const CallExpr *C : userCalls(FA)) {
    const FunctionDecl *Callee = C->getDirectCallee();
    std::optional<ChainedToggle> Inner =
        Callee ? toggleThrough(*Callee) : std::nullopt;
    if (Inner && Inner->Height <= MaxToggleDepth) {
      Take(Inner->Toggle.Toggle);
      InnerOn |= Inner->Toggle.CallsWithAccessOn;
      Height = std::max(Height, Inner->Height + 1);
      Forwards.insert(C);
    } else if (!judge(*C).Safe) {
      Others.push_back(C);
    }
  }
  auto Toggles = [&](const Stmt &S) {
    const auto *Call = dyn_cast<CallExpr>(&S);
    return (Call && Forwards.count(Call)) || FA.uses().ownerOf(&S);
  };
  if (!R || Mixed || !everyPathToExitRuns(*Graph, Toggles))
    return std::nullopt;
  AccessToggle T{*R, InnerOn};
  for (const CallExpr *C : Others)
    T.CallsWithAccessOn |= *R == Role::Restore
                               ? somePathRunsFirst(*Graph, *C, Toggles)
                               : !everyPathRunsFirst(*Graph, *C, Toggles);
  return ChainedToggle{T, Height};
}

const UaccessUse *CallPolicy::ownWindowIn(const FunctionDecl &FD) {
  llvm::SmallPtrSet<const FunctionDecl *, 4> Seen;
  return ownWindowThrough(FD, Seen);
}

// A helper that does nothing with windows itself but call one with a
// window of its own (`put_q2()` returning `put_q()`) opens that window as
// much as the one it calls; \p Seen stops helpers that call each other.
const UaccessUse *CallPolicy::ownWindowThrough(
    const FunctionDecl &FD, llvm::SmallPtrSetImpl<const FunctionDecl *> &Seen) {
  Shape S = shapeOf(FD); // A copy: shapeOf() grows the map.
  const FunctionDecl *Def = S.Known ? parsedDefinition(FD) : nullptr;
  if (!Def || !Seen.insert(Def).second)
    return nullptr;
  // A scope ends its window by itself; a begin needs an end of its own.
  if (S.Begins) {
    for (const UaccessUse &U : Cache.get(*Def).uses().uses())
      if (U.Api->TheRole == Role::Scoped || (isBegin(U.Api->TheRole) && S.Ends))
        return &U;
    return nullptr;
  }
  if (S.Ends || S.Unsafe || !mayBeHelper(*Def))
    return nullptr;
  const UaccessUse *Found = nullptr;
  callsAny(Def->getBody(), [&](const FunctionDecl &F) {
    Found = ownWindowThrough(F, Seen);
    return Found != nullptr;
  });
  return Found;
}

std::vector<const UaccessUse *>
CallPolicy::unsafeOpsIn(const FunctionDecl &FD) {
  return usesIn(Cache, FD, Role::UnsafeOp);
}

// Only a small static or inline function that opens and does nothing else
// with the window (6.19's CLASS constructors) is an opener, and only when
// every caller closes what it leaves open. A function with its own unsafe
// ops and no end, or one whose callers never end a window (powerpc sstep's
// copy_mem_in() with its end deleted), has simply lost its end.
bool CallPolicy::opensForCaller(const FunctionDecl &FD) {
  const Shape &S = shapeOf(FD);
  const FunctionDecl *Def = FD.getDefinition();
  if (!S.Known || !S.Begins || S.Ends || S.Unsafe || !Def ||
      !mayBeHelper(*Def) || !Cache.callers().isUsed(FD))
    return false;
  llvm::ArrayRef<CallerIndex::Site> Sites = Cache.callers().callsTo(*Def);
  return !Sites.empty() && llvm::all_of(Sites, [&](const CallerIndex::Site &C) {
    return C.Caller->getDefinition() != Def && endsAWindow(*C.Caller);
  });
}

// An end of its own, a call to a closing helper, or a cleanup variable
// whose destructor closes (6.19's scoped guards).
bool CallPolicy::endsAWindow(const FunctionDecl &Caller) {
  if (!parsedDefinition(Caller))
    return false;
  if (llvm::any_of(Cache.get(Caller).uses().uses(), [](const UaccessUse &U) {
        return U.Api->TheRole == Role::End;
      }))
    return true;
  return callsAny(Caller.getBody(),
                  [&](const FunctionDecl &F) { return closesForCaller(F); });
}

namespace {
/// The name, without `__builtin_`, of \p Callee when it is one of the C
/// library's string and memory builtins; "" otherwise. The compiler
/// expands them in place only for a size or a string it knows; otherwise
/// it calls the function, which objtool's list of calls allowed in a
/// window does not name.
llvm::StringRef libraryStringName(const FunctionDecl &Callee) {
  static const llvm::StringSet<> Names = {
      "memcpy", "memmove", "memset", "memcmp",  "bcmp",   "memchr",
      "strlen", "strnlen", "strcmp", "strncmp", "strcpy", "strncpy",
      "strcat", "strncat", "strchr", "strrchr", "strstr", "strscpy"};
  if (!Callee.getBuiltinID() || !Callee.getIdentifier())
    return "";
  llvm::StringRef Name = Callee.getName();
  Name.consume_front("__builtin_");
  return Names.contains(Name) ? Name : "";
}

/// \p Call of a library string builtin stays a call: its length is no
/// constant (up to 64 bytes, a copy or a fill is a few stores), and its
/// value does not fold (`strlen("abc")`).
bool emitsLibraryCall(const CallExpr &Call, const ASTContext &Ctx) {
  const FunctionDecl *Callee = Call.getDirectCallee();
  llvm::StringRef Name = Callee ? libraryStringName(*Callee) : "";
  if (Name.empty() || Call.isEvaluatable(Ctx))
    return false;
  bool Sized = Name == "memcpy" || Name == "memmove" || Name == "memset";
  std::optional<llvm::APSInt> Length =
      Sized && Call.getNumArgs() == 3
          ? Call.getArg(2)->getIntegerConstantExpr(Ctx)
          : std::nullopt;
  return !Length || Length->getZExtValue() > 64;
}
} // namespace

CallVerdict CallPolicy::judge(const CallExpr &Call) {
  const FunctionDecl *Callee = Call.getDirectCallee();
  if (Callee && emitsLibraryCall(Call, Cache.astContext())) {
    CallVerdict V;
    V.Callee = Callee;
    V.Safe = false;
    return V;
  }
  if (Callee)
    return judge(*Callee);
  CallVerdict V;
  V.Safe = false;
  V.Indirect = true;
  return V;
}

CallVerdict CallPolicy::judge(const FunctionDecl &Called) {
  CallVerdict V;
  const FunctionDecl *Callee = &Called;
  V.Callee = Callee;
  // A call to an __attribute__((error)) function fails the build if it
  // survives; where the kernel builds, it never runs.
  if (Callee->getBuiltinID() || Callee->hasAttr<ErrorAttr>() ||
      (Callee->getIdentifier() && isSafeName(Callee->getName())))
    return V;
  if (needsWindow(*Callee)) {
    V.NeedsWindow = true;
    return V;
  }
  if (closesForCaller(*Callee)) {
    V.ClosesWindow = true;
    return V;
  }
  if (opensForCaller(*Callee)) {
    V.OpensWindow = true;
    return V;
  }
  const FunctionDecl *Def = Callee->getDefinition();
  // A static function the compiler may inline (powerpc's
  // sigcontext_vmx_regs(), pointer arithmetic only) is judged by its body
  // like an inline one; noinline ones are real calls.
  if (Def && isInlinable(*Def) && parsedDefinition(*Def) &&
      inlineBodyIsSafe(*Def, V.InnerCall))
    return V;
  V.Safe = false;
  if (Def && parsedDefinition(*Def)) {
    std::string Reason;
    V.MaySleep = maySleep(*Def, Reason, 0);
    V.SleepReason = Reason;
  } else if (Callee->getIdentifier() &&
             matchesAnyName(sleepingCallees(), Callee->getName())) {
    V.MaySleep = true;
    V.SleepReason = Callee->getName().str();
  }
  return V;
}

/// True when every path to \p Call in \p FA's body runs its own
/// user_access_save() with no restore since: access is off there, as in
/// a caller that saves around the call (a helper that suspends access
/// around its own work).
static bool suspendedAt(FunctionAnalyses &FA, const CallExpr &Call) {
  auto Is = [&](Role R) {
    return [&FA, R](const Stmt &S) {
      const UaccessUse *U = FA.uses().ownerOf(&S);
      return U && U->Api->TheRole == R;
    };
  };
  auto Saves = Is(Role::Save), Restores = Is(Role::Restore);
  const CFG *Graph = FA.cfg();
  return Graph &&
         llvm::any_of(FA.uses().uses(),
                      [](const UaccessUse &U) {
                        return U.Api->TheRole == Role::Save;
                      }) &&
         everyPathRunsFirst(*Graph, Call, Saves, Restores);
}

bool CallPolicy::inlineBodyIsSafe(const FunctionDecl &FD, std::string &Inner) {
  auto It = SafeMemo.find(&FD);
  if (It != SafeMemo.end()) {
    Inner = It->second.second;
    return It->second.first != Memo::Unsafe;
  }
  SafeMemo[&FD] = {Memo::InProgress, ""};
  bool Safe = true;
  FunctionAnalyses &FA = Cache.get(FD);
  for (const CallExpr *C : userCalls(FA)) {
    if (suspendedAt(FA, *C))
      continue;
    CallVerdict V = judge(*C);
    if (!V.Safe) {
      Safe = false;
      Inner = V.Callee ? V.Callee->getNameAsString() : "an indirect call";
      break;
    }
  }
  SafeMemo[&FD] = {Safe ? Memo::Safe : Memo::Unsafe, Inner};
  return Safe;
}

bool CallPolicy::maySleep(const FunctionDecl &FD, std::string &Reason,
                          unsigned Depth) {
  if (FD.getIdentifier() && matchesAnyName(sleepingCallees(), FD.getName())) {
    Reason = FD.getNameAsString();
    return true;
  }
  const FunctionDecl *Def = Depth > 8 ? nullptr : parsedDefinition(FD);
  if (!Def)
    return false;
  auto It = SleepMemo.find(Def);
  if (It != SleepMemo.end()) {
    Reason = It->second.second;
    return It->second.first == Memo::Unsafe;
  }
  SleepMemo[Def] = {Memo::InProgress, ""};
  bool Sleeps = false;
  // API expansions count here: put_user() calls might_fault().
  for (const CallExpr *C : callsIn(Def->getBody())) {
    const FunctionDecl *Callee = C->getDirectCallee();
    if (Callee && maySleep(*Callee, Reason, Depth + 1)) {
      Sleeps = true;
      break;
    }
  }
  SleepMemo[Def] = {Sleeps ? Memo::Unsafe : Memo::Safe, Reason};
  return Sleeps;
}

} // namespace uaccess
