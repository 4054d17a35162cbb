//===--- SourceRoots.cpp - Source paths and their roots -------------------===//

#include "support/SourceRoots.h"

#include "utils/WorkingDirectory.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

using namespace llvm;

namespace uaccess {

std::string absoluteSourcePath(StringRef Directory, StringRef File) {
  SmallString<256> Abs(File);
  if (!sys::path::is_absolute(Abs))
    sys::fs::make_absolute(Directory, Abs);
  if (!sys::path::is_absolute(Abs))
    uaccess::makeAbsolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

std::string sourceRoot(StringRef File, StringRef Explicit,
                       ArrayRef<std::string> Fallbacks) {
  if (!Explicit.empty())
    return absoluteSourcePath("", Explicit);
  std::string Abs = absoluteSourcePath("", File);
  // As git looks for a repository: not up into GIT_CEILING_DIRECTORIES.
  SmallVector<StringRef, 4> Ceilings;
  if (const char *Env = std::getenv("GIT_CEILING_DIRECTORIES"))
    StringRef(Env).split(Ceilings, ':', -1, /*KeepEmpty=*/false);
  for (StringRef Dir = sys::path::parent_path(Abs);
       !Dir.empty() && !llvm::is_contained(Ceilings, Dir);
       Dir = sys::path::parent_path(Dir)) {
    SmallString<256> Git(Dir);
    sys::path::append(Git, ".git");
    if (sys::fs::exists(Git))
      return Dir.str();
  }
  // No git: the current directory when it holds the file, else the first
  // fallback that does (a tarball's tree where make ran), never "/".
  std::string Cwd = absoluteSourcePath("", ".");
  if (relativeTo(Abs, Cwd) != Abs)
    return Cwd;
  for (const std::string &Dir : Fallbacks) {
    std::string Root = absoluteSourcePath("", Dir);
    if (relativeTo(Abs, Root) != Abs)
      return Root;
  }
  return Cwd;
}

std::string relativeTo(StringRef File, StringRef Root) {
  std::string Abs = absoluteSourcePath("", File);
  std::string Base = absoluteSourcePath("", Root);
  StringRef Rest(Abs);
  // "/a/bc" is not under "/a/b".
  if (!Rest.consume_front(Base) ||
      (!StringRef(Base).ends_with("/") && !Rest.consume_front("/")) ||
      Rest.empty())
    return Abs;
  return Rest.str();
}

} // namespace uaccess
