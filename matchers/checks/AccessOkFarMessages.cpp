//===--- AccessOkFarMessages.cpp - What access-ok-far says ----------------===//

#include "checks/AccessOkFarMessages.h"

#include "analysis/AccessOkModel.h"
#include "analysis/PointerDerivation.h"
#include "analysis/RangeCoverage.h"
#include "checks/AccessOkFarCheck.h"

namespace uaccess {

const llvm::ArrayRef<MessageFormat> AccessOkFarCheck::Messages =
    access_ok_far::MessageTable;

namespace access_ok_far {

/// The message of an access that no check in its function guards, and its
/// arguments, from what the search of the callers found.
const MessageFormat &unguardedMessage(FunctionAnalyses &FA, const UaccessUse &A,
                                      const TracedPointer &Ptr,
                                      const CallerSearch &Search,
                                      FindingArgs &Args) {
  auto CalledFrom = [&](const clang::FunctionDecl *Caller,
                        llvm::ArrayRef<const clang::FunctionDecl *> Chain) {
    Args.set("pointer", Ptr.Name)
        .set("checker", Caller->getNameAsString())
        .set("calls", int64_t(Chain.size()))
        .set("chain", callChainText(FA.decl(), Chain));
  };
  if (Search.allChecked()) {
    CalledFrom(Search.First->Chain.back(), Search.First->Chain);
    return CheckedByCaller;
  }
  if (Search.namesOtherCheck()) {
    const CallerSearch::OtherCheck &O = *Search.Other;
    CalledFrom(O.Caller, O.Chain);
    Args.set("passed", O.Passed);
    if (O.Weakness == CheckWeakness::Short) {
      Args.set("length", lengthWritten(*O.Check));
      if (O.Check->Api->TheRole != Role::AccessOk)
        Args.set("check", O.Check->name());
      if (O.Reached)
        Args.set("bytes", std::to_string(O.Reached->Begin) + " to " +
                              std::to_string(O.Reached->End - 1));
      return CallerShort;
    }
    if (O.Weakness == CheckWeakness::FailureIgnored) {
      if (O.Check->Api->TheRole != Role::AccessOk)
        Args.set("check", O.Check->name());
      return CallerFailureIgnored;
    }
    Args.set("checked", AccessOkModel::pointerOf(*O.Check).Base);
    return CallerOtherPointer;
  }
  // A pointer no shape reads is named as written.
  if (Ptr.Name.empty())
    Args.set("through", FA.getAnalysis<PointerDerivation>()->pointerName(A));
  else
    Args.set("pointer", Ptr.Name);
  Args.flag("param", Ptr.Traced.Index >= 0);
  return Unguarded;
}

std::string guardNote(const UaccessUse &Check) {
  return Check.Api->TheRole == Role::AccessOk
             ? "access_ok() here"
             : "'" + Check.name().str() + "' checks the range here";
}

/// Where a masked begin masks the pointer, or a scope declares its own;
/// and, as window-mismatch says it, where a configuration probe decides
/// whether that code is compiled at all.
std::string maskNote(FunctionAnalyses &FA, const MaskedPointer &P) {
  std::string Begin = "'" + P.Begin->name().str() + "'";
  if (P.Result == MaskedResult::Scope)
    return Begin + " declares its own '" + P.Source->getName().str() +
           "' for its body here";
  const UaccessUse *Probe = maskedProbeOf(FA.uses(), *P.Begin, FA.parents());
  return Begin + " masks the pointer here" +
         (Probe ? "; it is compiled only on arches where '" +
                      Probe->name().str() + "()' is 1"
                : "");
}

} // namespace access_ok_far

namespace {
/// What \p F's message says of its accessor: its words after the name,
/// rendered from the arguments ("is not guarded by any access_ok() ...").
std::string accessorClause(const Finding &F) {
  for (const MessageFormat &M : access_ok_far::MessageTable) {
    llvm::StringRef Rest = M.Format;
    if (M.Id != F.MessageId || !Rest.consume_front("'{accessor}'"))
      continue;
    std::string Clause = formatMessage(Rest, F.Args);
    return llvm::StringRef(Clause).starts_with(" ") ? Clause.substr(1) : "";
  }
  return "";
}
} // namespace

// The only fix-it opens the window with a checked begin.
PatchText AccessOkFarCheck::describePatch(const Finding &F) {
  std::string Begin = F.Args.text("fix_begin");
  std::string Clause = accessorClause(F);
  if (Begin.empty() || Clause.empty())
    return {"check the range next to the user accesses", ""};
  return {"check the range with " + Begin + "()",
          "In " + functionText(F) + ", " + F.Args.text("accessor") +
              "() opens a user access window without checking the range, "
              "and it " +
              Clause +
              ". A check that far from the accesses is easy to lose in a "
              "later change. Open the window with " +
              Begin +
              "(), which checks the range where it is used, and fail as "
              "the function does when the range is not accessible."};
}

} // namespace uaccess
