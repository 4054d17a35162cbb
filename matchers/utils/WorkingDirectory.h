//===--- WorkingDirectory.h - The current directory, whatever its length -===//
//
// A kernel tree checked out deep in a CI workspace can put the current
// directory past PATH_MAX. getcwd() with a PATH_MAX buffer then fails
// (ERANGE), and so does llvm::sys::fs::current_path(); clang-19 compiles
// there anyway, opening files by their relative names. The tool must too:
// one of LLVM's own callers (OverlayFileSystem::pushOverlay(), under every
// ClangTool) reads that failure as a string and dies of "out of memory".
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_UTILS_WORKINGDIRECTORY_H
#define UACCESS_LINT_UTILS_WORKINGDIRECTORY_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <string>

namespace uaccess {

/// The current directory's absolute path, also when it is longer than
/// PATH_MAX; empty when it cannot be read at all (removed, no permission).
std::string currentDirectoryPath();

/// Makes \p Path absolute against currentDirectoryPath(), as
/// llvm::sys::fs::make_absolute() does where the directory is shorter than
/// PATH_MAX. Left as it is when the directory cannot be read, or when the
/// absolute name would reach PATH_MAX: no system call takes that name,
/// while the relative one opens.
void makeAbsolute(llvm::SmallVectorImpl<char> &Path);

/// The real file system, whose working directory is known however long it
/// is (currentDirectoryPath()). Files are still opened by the names they
/// are given, relative ones from the process's own directory, as clang
/// opens them.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> realFileSystemAnyDepth();

} // namespace uaccess

#endif
