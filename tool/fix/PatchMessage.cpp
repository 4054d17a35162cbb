//===--- PatchMessage.cpp - Subjects and bodies of fix patches ------------===//

#include "fix/PatchMessage.h"

#include "checks/CheckRegistry.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <cstring>
#include <set>

namespace uaccess {

//===----------------------------------------------------------------------===//
// The prefix
//===----------------------------------------------------------------------===//

namespace {
bool isGenericFolder(llvm::StringRef Name) {
  return llvm::is_contained({"core", "common", "lib", "generic", "include",
                             "linux", "asm", "uapi", "src"},
                            Name);
}

/// "Folder/Stem", or the stem alone when they are the same name.
std::string folderAndStem(llvm::StringRef Folder, llvm::StringRef Stem) {
  if (Folder.empty() || Folder == Stem)
    return Stem.str();
  return (Folder + "/" + Stem).str();
}

/// The nearest folder of \p Dirs, from the file up, that is not generic.
std::string nearestSpecific(llvm::ArrayRef<llvm::StringRef> Dirs,
                            llvm::StringRef Stem) {
  for (size_t I = Dirs.size(); I-- > 0;)
    if (!isGenericFolder(Dirs[I]))
      return folderAndStem(Dirs[I], Stem);
  return Stem.str();
}

/// drivers/C/...: C is a class of devices (gpu, net, char); below it the
/// driver's own folders name it.
std::string driverPrefix(llvm::ArrayRef<llvm::StringRef> Dirs,
                         llvm::StringRef Stem) {
  if (Dirs.size() <= 3)
    return folderAndStem(Dirs.back(), Stem);
  return (Dirs[2] + "/" + Dirs[3]).str();
}
} // namespace

std::string subsystemPrefix(llvm::StringRef RelativePath) {
  bool Absolute = RelativePath.starts_with("/");
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  RelativePath.split(Parts, '/', -1, /*KeepEmpty=*/false);
  if (Parts.empty())
    return "";
  llvm::StringRef Stem = llvm::sys::path::stem(Parts.back());
  llvm::ArrayRef<llvm::StringRef> Dirs = llvm::ArrayRef(Parts).drop_back();
  if (Absolute || Dirs.empty())
    return Dirs.empty() ? Stem.str() : folderAndStem(Dirs.back(), Stem);
  if (Dirs[0] == "arch" && Dirs.size() >= 2)
    return folderAndStem(Dirs[1], Stem);
  if (Dirs[0] == "drivers")
    return driverPrefix(Dirs, Stem);
  if (Dirs.size() == 1)
    return folderAndStem(Dirs[0], Stem);
  return nearestSpecific(Dirs, Stem);
}

//===----------------------------------------------------------------------===//
// Subject, body, file name
//===----------------------------------------------------------------------===//

// What each check's fix does is the check's to say, from the finding's
// arguments (describePatch() in checks/CheckRegistry.h): no message is
// read back here.

namespace {
/// The name a kernel developer writes for \p Function: a system call's
/// body, which SYSCALL_DEFINEn() names `__do_sys_waitid`, is `sys_waitid`.
std::string spokenName(llvm::StringRef Function) {
  for (llvm::StringRef Made :
       {"__do_sys_", "__se_sys_", "__do_compat_sys_", "__se_compat_sys_"})
    if (Function.starts_with(Made) && Function.size() > Made.size())
      return (Made.drop_front(strlen("__do_")) + // "sys_", "compat_sys_"
              Function.drop_front(Made.size()))
          .str();
  return Function.str();
}

std::string inFunction(const Finding &F) {
  return F.Function.empty() ? "" : " in " + spokenName(F.Function) + "()";
}
} // namespace

std::string patchSummary(llvm::ArrayRef<const Finding *> Group) {
  if (Group.empty())
    return "";
  std::set<std::string> Summaries;
  bool Window = false;
  for (const Finding *F : Group) {
    Summaries.insert(describePatch(*F).Summary);
    Window |= llvm::StringRef(F->Check).starts_with("window-");
  }
  std::string Summary = *Summaries.begin();
  if (Summaries.size() > 1)
    Summary =
        Window ? "fix the user access windows" : "speed up the user accesses";
  return Summary + inFunction(*Group.front());
}

std::string patchSubject(llvm::ArrayRef<const Finding *> Group,
                         llvm::StringRef RelativePath) {
  std::string Prefix = subsystemPrefix(RelativePath);
  return (Prefix.empty() ? "" : Prefix + ": ") + patchSummary(Group);
}

std::string patchBody(llvm::ArrayRef<const Finding *> Group) {
  std::vector<std::string> Paragraphs;
  std::vector<std::string> Checks;
  for (const Finding *F : Group) {
    std::string P = describePatch(*F).Paragraph;
    if (!llvm::is_contained(Paragraphs, P))
      Paragraphs.push_back(P);
    if (!llvm::is_contained(Checks, F->Check))
      Checks.push_back(F->Check);
  }
  std::string Text;
  for (const std::string &P : Paragraphs)
    Text += wrapText(P) + "\n";
  return Text + "Found by uaccess-lint (" + llvm::join(Checks, ", ") + ").\n";
}

std::string wrapText(llvm::StringRef Text, unsigned Width) {
  std::string Out;
  size_t Column = 0;
  llvm::SmallVector<llvm::StringRef, 64> Words;
  Text.split(Words, ' ', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef W : Words) {
    W = W.trim();
    if (W.empty())
      continue;
    if (Column && Column + 1 + W.size() > Width) {
      Out += "\n";
      Column = 0;
    }
    if (Column)
      Out += " ", ++Column;
    Out += W.str();
    Column += W.size();
  }
  return Out + "\n";
}

std::string patchFileName(unsigned Number, llvm::StringRef Subject) {
  std::string Name;
  for (char C : Subject) {
    bool Keep = llvm::isAlnum(C) || C == '.' || C == '_';
    if (Keep)
      Name += C;
    else if (!Name.empty() && Name.back() != '-')
      Name += '-';
  }
  Name = llvm::StringRef(Name).take_front(52).rtrim("-.").str();
  char Prefix[8];
  snprintf(Prefix, sizeof(Prefix), "%04u-", Number % 10000);
  return Prefix + Name + ".patch";
}

} // namespace uaccess
