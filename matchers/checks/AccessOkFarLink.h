//===--- AccessOkFarLink.h - What access-ok-far hands the link step -*- C++
//-*-//
//
// A finding of access-ok-far whose search of the callers left the TU (a
// function other TUs may call, a tested call of another TU's function)
// carries a CallerLink: where the search left off, and what it found on the
// way. The link step (link/CallerLink.h) goes on from there.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_CHECKS_ACCESSOKFARLINK_H
#define UACCESS_LINT_CHECKS_ACCESSOKFARLINK_H

#include "analysis/CallerSearch.h"
#include "checks/Finding.h"

namespace uaccess {

/// The link data of \p A's finding, whose pointer is \p Pointer, from the
/// search \p Up of TU \p Unit; a check found within \p NearDepth calls is
/// near enough.
CallerLink callerLink(const UaccessUse &A, llvm::StringRef Pointer,
                      const CallerSearch &Up, llvm::StringRef Unit,
                      unsigned NearDepth);

} // namespace uaccess

#endif
