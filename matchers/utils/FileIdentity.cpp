//===--- FileIdentity.cpp - Files known by device and inode ---------------===//

#include "utils/FileIdentity.h"

#include "llvm/Support/FileSystem.h"

namespace uaccess {

FileIdentities::FileIdentities(llvm::ArrayRef<std::string> Paths) {
  for (const std::string &Path : Paths) {
    llvm::sys::fs::UniqueID ID;
    if (!llvm::sys::fs::getUniqueID(Path, ID))
      ByID.emplace(ID, Path); // The first name of a file stays.
  }
}

const std::string *
FileIdentities::find(const llvm::sys::fs::UniqueID &ID) const {
  auto It = ByID.find(ID);
  return It == ByID.end() ? nullptr : &It->second;
}

const std::string *FileIdentities::find(llvm::StringRef Path) const {
  llvm::sys::fs::UniqueID ID;
  if (ByID.empty() || llvm::sys::fs::getUniqueID(Path, ID))
    return nullptr;
  return find(ID);
}

} // namespace uaccess
