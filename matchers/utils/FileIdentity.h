//===--- FileIdentity.h - Files known by device and inode -------*- C++ -*-===//
//
// A run must not replace a file it reads. Whether an output is such a file
// is a question of identity, not of names: a hard or a symbolic link, or
// another spelling of the path, is the same file. The workers ask it of
// the files their parse read, the driver of the files its scan found.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_UTILS_FILEIDENTITY_H
#define UACCESS_LINT_UTILS_FILEIDENTITY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem/UniqueID.h"

#include <map>
#include <string>

namespace uaccess {

/// A set of files, each known by the path it was given as.
class FileIdentities {
public:
  /// Those of \p Paths that exist now; the others are left out.
  explicit FileIdentities(llvm::ArrayRef<std::string> Paths);

  bool empty() const { return ByID.empty(); }
  /// The path given for the file \p ID is; null when it is none of them.
  const std::string *find(const llvm::sys::fs::UniqueID &ID) const;
  /// The same for the file at \p Path; null when that does not exist.
  const std::string *find(llvm::StringRef Path) const;

private:
  std::map<llvm::sys::fs::UniqueID, std::string> ByID;
};

} // namespace uaccess

#endif
