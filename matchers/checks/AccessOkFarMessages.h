//===--- AccessOkFarMessages.h - What access-ok-far says ------*- C++ -*-===//
//
// access-ok-far's messages, beside the check (AccessOkFarCheck.cpp): the
// TU's, and those the link step (link/CallerLink.h) writes when a check, or
// its absence, is found in other TUs. Each is an id and a format
// (checks/FindingText.h); the arguments they read are named in them.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_CHECKS_ACCESSOKFARMESSAGES_H
#define UACCESS_LINT_CHECKS_ACCESSOKFARMESSAGES_H

#include "analysis/CallerSearch.h"
#include "analysis/MaskedPointer.h"
#include "checks/FindingText.h"

namespace uaccess {
namespace access_ok_far {

#define RAW "{raw?; {raw}}"
#define CALLS_UP "{calls} {calls#call|calls} up ({chain})"
inline constexpr MessageFormat WindowElement{
    "window-element", "'{accessor}' accesses element {index} of '{pointer}', "
                      "outside the window '{begin}' opened for '{length}'"};
inline constexpr MessageFormat WindowExcess{
    "window-excess",
    "'{accessor}'{excess}, outside the window '{begin}' opened for {length}"};
inline constexpr MessageFormat OtherPath{
    "other-path", "'{accessor}'{through? through '{through}'} is not guarded "
                  "on every path: the access_ok() on '{checked}' does not run "
                  "before it on all of them" RAW};
inline constexpr MessageFormat FailureIgnored{
    "failure-ignored",
    "'{accessor}'{through? through '{through}'} is not guarded on every "
    "path: it runs even where {check?'{check}'|the access_ok()} on "
    "'{checked}' failed" RAW};
inline constexpr MessageFormat Moved{
    "moved", "'{accessor}' accesses '{pointer}' after it moved past the range "
             "the access_ok() before it checks{length? ('{length}')}" RAW};
inline constexpr MessageFormat Reassigned{
    "reassigned",
    "'{accessor}' accesses '{pointer}', which the function {through?may "
    "assign another value through '{through}'|assigns another value} after "
    "{check?'{check}'|the access_ok()} checked it" RAW};
inline constexpr MessageFormat OtherPointerWindow{
    "other-pointer-window",
    "'{accessor}' accesses '{pointer}', not the '{checked}' its window was "
    "opened for, and no access_ok() checks it" RAW};
inline constexpr MessageFormat OtherPointer{
    "other-pointer", "'{accessor}' accesses '{pointer}', but the access_ok() "
                     "before it checks '{checked}'" RAW};
inline constexpr MessageFormat Far{
    "far", "'{accessor}' relies on an access_ok() {lines} lines and "
           "{statements} statements earlier; keep the check next to the "
           "access" RAW};
inline constexpr MessageFormat GuardElement{
    "guard-element",
    "'{accessor}' accesses element {index} of '{pointer}', but "
    "{check?'{check}'|access_ok()} covers only {covered}" RAW};
inline constexpr MessageFormat GuardExcess{
    "guard-excess",
    "'{accessor}'{excess}, but {check?'{check}'|the access_ok()} covers only "
    "{length}" RAW};
inline constexpr MessageFormat CheckedByCaller{
    "caller", "'{accessor}' relies on an access_ok() in another function: "
              "'{pointer}' is checked {check?by '{check}' in {check_at}|in "
              "{checker}()}, " CALLS_UP RAW};
inline constexpr MessageFormat CallerShort{
    "caller-short",
    "'{accessor}' accesses {bytes?bytes {bytes} of '{passed}'|'{pointer}', "
    "which may lie past the start of '{passed}'}, but {check?'{check}'|the "
    "access_ok()} in {checker}(), " CALLS_UP ", covers only '{length}' of "
    "it" RAW};
inline constexpr MessageFormat CallerFailureIgnored{
    "caller-failure-ignored",
    "'{accessor}' relies on {check?the '{check}'|the access_ok()} in "
    "{checker}(), " CALLS_UP ", but {checker}() passes '{passed}' on even "
    "where that check failed" RAW};
inline constexpr MessageFormat CallerOtherPointer{
    "caller-other-pointer",
    "'{accessor}' accesses '{pointer}', but the access_ok() in {checker}(), "
    "" CALLS_UP ", checks '{checked}', not the '{passed}' it passes on" RAW};
inline constexpr MessageFormat Unguarded{
    "unguarded", "'{accessor}'{through? through '{through}'} is not guarded "
                 "by any access_ok(){pointer? on '{pointer}'}{param?, here or "
                 "in its callers}" RAW};
inline constexpr MessageFormat NoCallerInDatabase{
    "orphan", "'{accessor}' is not guarded by any access_ok() on "
              "'{pointer}'{own? here|, here or in its callers}, and "
              "{orphan}() has no caller in this database"};
#define FIELD_READ "the struct field {via?a caller reads|it reads}"
inline constexpr MessageFormat FieldChecked{
    "field",
    "'{accessor}' relies on {at_store?the access_ok() made where " FIELD_READ
    " is stored|an access_ok() of " FIELD_READ ", made elsewhere}: "
    "{via?{via}() passes '{field}' as '{pointer}', " CALLS_UP
    "|'{holder}' holds '{field}'}; checked by '{check}' in "
    "{checker}(){check_at? at {check_at}}{wrapper?, a check wrapper "
    "of '{wrapper}' ({wrapper_at})}{at_store?, before the store}" RAW};
inline constexpr MessageFormat MaskedCall{
    "masked-call", "'{callee}()' is passed '{pointer}' inside the window, and "
                   "no access_ok() checks it; {raw}"};
#undef FIELD_READ
#undef CALLS_UP
#undef RAW
inline constexpr MessageFormat MessageTable[] = {WindowElement,
                                                 WindowExcess,
                                                 OtherPath,
                                                 FailureIgnored,
                                                 Moved,
                                                 OtherPointerWindow,
                                                 OtherPointer,
                                                 Far,
                                                 GuardElement,
                                                 GuardExcess,
                                                 CheckedByCaller,
                                                 CallerShort,
                                                 CallerFailureIgnored,
                                                 CallerOtherPointer,
                                                 Unguarded,
                                                 NoCallerInDatabase,
                                                 FieldChecked,
                                                 MaskedCall};

/// The message of an access that no check in its function guards, with
/// its arguments in \p Args, from what the search of the callers found.
const MessageFormat &unguardedMessage(FunctionAnalyses &FA, const UaccessUse &A,
                                      const TracedPointer &Ptr,
                                      const CallerSearch &Search,
                                      FindingArgs &Args);

/// The note at a check that guards (or fails to guard) an access.
std::string guardNote(const UaccessUse &Check);

/// The note at a masked begin's masking, or at a scope's own pointer.
std::string maskNote(FunctionAnalyses &FA, const MaskedPointer &P);

} // namespace access_ok_far
} // namespace uaccess

#endif
