//===--- PatchMessage.cpp - Subjects and bodies of fix patches ------------===//

#include "PatchMessage.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

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
// What each check's fix does
//===----------------------------------------------------------------------===//

namespace {
struct FixText {
  std::string Summary;   // For the subject, without "in foo()".
  std::string Paragraph; // For the body.
};

/// The parts of \p Message that \p Pattern's groups match; empty when it
/// does not match.
llvm::SmallVector<std::string, 6> groups(llvm::StringRef Pattern,
                                         llvm::StringRef Message) {
  llvm::SmallVector<llvm::StringRef, 6> Matches;
  llvm::SmallVector<std::string, 6> Out;
  if (llvm::Regex(Pattern).match(Message, &Matches))
    for (llvm::StringRef M : Matches)
      Out.push_back(M.str());
  return Out;
}

/// The name a fix-it's text begins with, or calls under "if (!": the end
/// or begin it writes.
std::string nameInFix(const Finding &F, llvm::StringRef Pattern) {
  for (const FindingFix &Fix : F.Fixes) {
    auto G = groups(Pattern, Fix.Replacement);
    if (!G.empty())
      return G[1];
  }
  return "";
}

std::string function(const Finding &F) {
  return F.Function.empty() ? "the function" : F.Function + "()";
}

/// "'put_user', '__put_user'" -> "put_user(), __put_user()".
std::string calls(llvm::StringRef Quoted) {
  llvm::SmallVector<llvm::StringRef, 4> Names;
  Quoted.split(Names, ',', -1, /*KeepEmpty=*/false);
  std::string Out;
  for (llvm::StringRef N : Names)
    Out += (Out.empty() ? "" : ", ") + N.trim(" '").str() + "()";
  return Out;
}

FixText mismatchText(const Finding &F) {
  auto G = groups("^'([A-Za-z_0-9]+)' ends an? ([a-z]+) window opened by "
                  "'([A-Za-z_0-9]+)'; use '([A-Za-z_0-9]+)'",
                  F.Message);
  if (G.empty())
    return {"close the user access window with the matching end", ""};
  std::string Kind = G[2] == "rw" ? "" : G[2] + " ";
  std::string Which = G[2] == "rw" ? "read-write " : Kind;
  return {"close the " + Kind + "window with " + G[4] + "()",
          function(F) + " opens a " + Which + "user access window with " +
              G[3] + "() and closes it with " + G[1] +
              "(). An end has to match its begin: where the read and write "
              "directions are opened separately (powerpc with KUAP), a "
              "mismatched end leaves a direction open, and the pair no "
              "longer says what the window is for. Close it with " +
              G[4] + "()."};
}

FixText unbalancedText(const Finding &F) {
  auto Opened = groups("opened by '([A-Za-z_0-9]+)'", F.Message);
  std::string Begin = Opened.empty() ? "the begin" : Opened[1];
  std::string Op, Label;
  for (const FindingNote &N : F.Notes) {
    auto G = groups("^a fault in '([A-Za-z_0-9]+)' jumps to '([A-Za-z_0-9]+)'",
                    N.Message);
    if (!G.empty())
      Op = G[1], Label = G[2];
  }
  std::string End = nameInFix(F, "^([A-Za-z_0-9]+)\\(\\)");
  if (Op.empty() || End.empty())
    return {"end the user access window on the fault path", ""};
  return {"end the user access window on the fault path",
          "When " + Op + "() faults in " + function(F) + ", it jumps to '" +
              Label + "' with the user access window that " + Begin +
              "() opened still open, and the code there does not close "
              "it. User access then stays enabled after the function "
              "returns, which is what SMAP, PAN and KUAP are there to "
              "prevent. Call " +
              End + "() at the label."};
}

std::string batchPlural(llvm::StringRef Kind) {
  return Kind == "write" ? "writes" : Kind == "read" ? "reads" : "accesses";
}

FixText batchableText(const Finding &F) {
  auto Kind = groups("one ([a-z]+) window", F.Message);
  std::string K = Kind.empty() ? "" : Kind[1];
  std::string Summary = "batch user " + batchPlural(K);
  std::string Begin = nameInFix(F, "^if \\(!([A-Za-z_0-9]+)\\(");
  auto Loop = groups("^(.*) in a loop toggles? ", F.Message);
  auto Run = groups("^([0-9]+) accesses \\((.*)\\) through '([^']*)' toggle",
                    F.Message);
  std::string What, Where, Saving;
  if (!Loop.empty()) {
    auto Names = groups("\\((.*)\\)", Loop[1]);
    What = function(F) + " calls " + calls(Names.empty() ? Loop[1] : Names[1]) +
           " in a loop, and each call opens and closes a user access "
           "window of its own: a toggle per iteration";
    Where = " around the loop";
    Saving = "one toggle per call instead of one per iteration";
  } else if (!Run.empty()) {
    What = function(F) + " makes " + Run[1] + " user accesses (" +
           calls(Run[2]) + ") through '" + Run[3] +
           "', and each opens and closes a user access window of its own: " +
           Run[1] + " toggles per call";
    Saving = "one toggle per call instead of " + Run[1];
  } else {
    return {Summary, ""};
  }
  return {Summary, What +
                       ". With SMAP, PAN or KUAP a toggle is not free (STAC "
                       "and CLAC serialize the pipeline on many x86 cores). "
                       "Open one " +
                       (K.empty() ? "" : K + " ") + "window" + Where +
                       " with " + Begin +
                       "(), do the accesses with the unsafe_*() accessors "
                       "inside it, and end it after them and at a fault "
                       "label: " +
                       Saving + ". The saving has not been measured here."};
}

FixText accessOkFarText(const Finding &F) {
  std::string Begin = nameInFix(F, "^if \\(!([A-Za-z_0-9]+)\\(");
  auto G = groups("^'([A-Za-z_0-9]+)' (.*)$", F.Message);
  if (Begin.empty() || G.empty())
    return {"check the range next to the user accesses", ""};
  return {"check the range with " + Begin + "()",
          "In " + function(F) + ", " + G[1] +
              "() opens a user access window without checking the range, "
              "and it " +
              G[2] +
              ". A check that far from the accesses is easy to lose in a "
              "later change. Open the window with " +
              Begin +
              "(), which checks the range where it is used, and fail as "
              "the function does when the range is not accessible."};
}

FixText accessOkRedundantText(const Finding &F) {
  auto G = groups("^access_ok\\(\\) on '([^']*)' is repeated by the "
                  "self-checking '([A-Za-z_0-9]+)'",
                  F.Message);
  if (G.empty())
    return {"drop the redundant access_ok()", ""};
  return {"drop the redundant access_ok()",
          "In " + function(F) + ", the access_ok() on '" + G[1] +
              "' is repeated by the " + G[2] +
              "() that follows it, which checks the same range itself and "
              "fails the same way. On x86 the first check costs a "
              "speculation barrier for nothing. Drop it."};
}

FixText describe(const Finding &F) {
  FixText T;
  if (F.Check == "window-mismatch")
    T = mismatchText(F);
  else if (F.Check == "window-unbalanced")
    T = unbalancedText(F);
  else if (F.Check == "batchable")
    T = batchableText(F);
  else if (F.Check == "access-ok-far")
    T = accessOkFarText(F);
  else if (F.Check == "access-ok-redundant")
    T = accessOkRedundantText(F);
  else
    T.Summary = "fix a " + F.Check + " finding";
  if (T.Paragraph.empty())
    T.Paragraph = "In " + function(F) + ": " + F.Message + ".";
  return T;
}

std::string inFunction(const Finding &F) {
  return F.Function.empty() ? "" : " in " + F.Function + "()";
}
} // namespace

//===----------------------------------------------------------------------===//
// Subject, body, file name
//===----------------------------------------------------------------------===//

std::string patchSummary(llvm::ArrayRef<const Finding *> Group) {
  if (Group.empty())
    return "";
  std::set<std::string> Summaries;
  bool Window = false;
  for (const Finding *F : Group) {
    Summaries.insert(describe(*F).Summary);
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
    std::string P = describe(*F).Paragraph;
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
