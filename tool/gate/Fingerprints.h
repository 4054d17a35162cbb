//===--- Fingerprints.h - The findings' fingerprints ------------*- C++ -*-===//
//
// Each finding that stays after the suppressions gets a fingerprint
// (utils/Fingerprint.h) a baseline can name, read from its files as they
// are now, in the driver, after the workers' findings are merged.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_GATE_FINGERPRINTS_H
#define UACCESS_LINT_TOOL_GATE_FINGERPRINTS_H

#include "checks/Finding.h"
#include "inputs/Inputs.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

namespace uaccess {

/// Sets each finding's Fingerprint (and LegacyFingerprint); identical ones
/// are numbered in the
/// order of \p Findings (by file and offset after the merge), those
/// \p NumberLast selects (the findings a --diff gate keeps) after the
/// others.
void assignFingerprints(
    std::vector<Finding> &Findings, SourceTexts &Texts,
    llvm::StringRef ExplicitRoot,
    llvm::function_ref<bool(const Finding &)> NumberLast = nullptr);

} // namespace uaccess

#endif
