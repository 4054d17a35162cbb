//===--- WindowEventCheck.h - Base of the window checks ---------*- C++ -*-===//
//
// The four window checks report the events of one WindowAnalysis, each the
// kinds it owns; the analysis runs once per function for all of them.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_CHECKS_WINDOWEVENTCHECK_H
#define UACCESS_LINT_CHECKS_WINDOWEVENTCHECK_H

#include "analysis/WindowAnalysis.h"
#include "checks/UaccessCheck.h"

namespace uaccess {

class WindowEventCheck : public UaccessCheck {
public:
  using UaccessCheck::UaccessCheck;
  void checkFunction(const clang::FunctionDecl &FD,
                     FunctionAnalyses &FA) override;

protected:
  /// Called for every event of the function's window analysis.
  virtual void report(FunctionAnalyses &FA, const WindowAnalysis &Analysis,
                      const WindowEvent &Event) = 0;
  /// "window opened by 'x' here" at the begin of \p State, if known.
  void noteBegin(FindingBuilder &B, const FunctionUses &Uses,
                 const WindowState &State);
  /// Where the window of \p State was closed last: an end of this function
  /// ("closed by 'x' here"), or a call to a helper that ends it. False when
  /// neither is known.
  bool noteCloser(FindingBuilder &B, const FunctionUses &Uses,
                  const WindowState &State);
};

} // namespace uaccess

#endif
