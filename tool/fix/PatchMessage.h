//===--- PatchMessage.h - Subjects and bodies of fix patches ----*- C++ -*-===//
//
// The words of a patch --patch-dir writes: a kernel-style subject with a
// subsystem prefix taken from the file's path, and a body that says what
// was wrong or what is saved, names the check, and is wrapped at 72
// columns. No table of subsystems: the prefix comes from the path alone
// (subsystemPrefix()).
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_PATCHMESSAGE_H
#define UACCESS_LINT_TOOL_PATCHMESSAGE_H

#include "checks/Finding.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace uaccess {

/// The subject prefix for a file, from \p RelativePath (relative to the
/// tree's top, '/'-separated):
///  - arch/A/.../F.c          -> "A/F"            (x86/signal)
///  - drivers/C/S/T/.../F.c   -> "S/T"            (drm/i915); with only
///    drivers/C/S/F.c -> "S/F", drivers/C/F.c -> "C/F"
///  - D/F.c, one folder       -> "D/F"            (fs/select, lib/...)
///  - deeper, D/.../E/F.c     -> "E/F", E the nearest folder that is not a
///    generic name (core, common, lib, generic, include, linux, asm,
///    uapi, src): fs/ext4/ioctl.c -> "ext4/ioctl", net/core/scm.c ->
///    "net/scm", include/linux/eventpoll.h -> "eventpoll"
/// A stem equal to its folder's name is said once (io_uring/io_uring.c ->
/// "io_uring"). An absolute path (outside the tree) gives "E/F" or "F".
std::string subsystemPrefix(llvm::StringRef RelativePath);

/// What the patch of \p Group (fixed findings of one function, or one
/// finding) does, after the prefix: "batch user writes in do_sys_poll()".
std::string patchSummary(llvm::ArrayRef<const Finding *> Group);

/// "prefix: summary".
std::string patchSubject(llvm::ArrayRef<const Finding *> Group,
                         llvm::StringRef RelativePath);

/// The body: a paragraph per finding (what is wrong, or what is saved, and
/// what the fix does), then "Found by uaccess-lint (check)."; wrapped.
std::string patchBody(llvm::ArrayRef<const Finding *> Group);

/// \p Text's words filled into lines of at most \p Width columns (a word
/// longer than that stands alone); paragraphs are separated by blank lines.
std::string wrapText(llvm::StringRef Text, unsigned Width = 72);

/// git format-patch's file name: "0001-fs-select-batch-user-writes.patch",
/// the subject's runs of other characters than [A-Za-z0-9._] made '-'.
std::string patchFileName(unsigned Number, llvm::StringRef Subject);

} // namespace uaccess

#endif
