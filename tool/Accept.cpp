//===--- Accept.cpp - Suppressions and fingerprints of findings -----------===//

#include "Accept.h"

#include "Inputs.h"
#include "utils/Fingerprint.h"
#include "utils/Suppressions.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

using namespace llvm;

namespace uaccess {

StringRef SourceTexts::get(StringRef Path) {
  auto [It, New] = Texts.try_emplace(Path.str());
  if (New) {
    Expected<std::string> Text =
        readInputFile(Path, "source file", uint64_t(64) << 20);
    if (Text)
      It->second = std::move(*Text);
    else
      consumeError(Text.takeError());
  }
  return It->second;
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

/// What a finding's fingerprint hashes of the source: its line, then the
/// line of each site its notes name (FindingNote::Site: the exit a window
/// leaks through, each access of a grouped pointer), so a new one is a new
/// finding: a baseline accepts exactly what it recorded. Other notes
/// explain, and may differ by arch.
std::string findingSnippet(const Finding &F, SourceTexts &Texts) {
  std::string Snippet = fingerprintSnippet(Texts.get(F.Loc.File), F.Loc.Line);
  for (const FindingNote &N : F.Notes)
    if (N.Site)
      Snippet += "\n" + fingerprintSnippet(Texts.get(N.Loc.File), N.Loc.Line);
  return Snippet;
}

void assignFingerprints(std::vector<Finding> &Findings, SourceTexts &Texts,
                        StringRef ExplicitRoot) {
  std::map<std::string, unsigned> Seen;
  std::map<std::string, std::string> Roots;
  for (Finding &F : Findings) {
    auto [Root, New] = Roots.try_emplace(F.Loc.File);
    if (New)
      Root->second = sourceRoot(F.Loc.File, ExplicitRoot);
    std::string Path = relativeTo(F.Loc.File, Root->second);
    std::string Snippet = findingSnippet(F, Texts);
    std::string Key =
        F.Check + '\0' + Path + '\0' + F.Function + '\0' + Snippet;
    F.Fingerprint =
        fingerprint(F.Check, Path, F.Function, Snippet, Seen[Key]++);
  }
}

namespace {
std::string describe(StringRef File, const Suppression &S, StringRef What) {
  return (File + ":" + Twine(S.Line) + ": warning: suppression '" + S.Text +
          "' " + What)
      .str();
}
} // namespace

SuppressionOutcome applySuppressions(std::vector<Finding> &Findings,
                                     ArrayRef<std::string> Files,
                                     SourceTexts &Texts,
                                     EnabledChecksFn EnabledIn,
                                     ArrayRef<StringRef> AllChecks) {
  std::map<std::string, SuppressionSet> Sets;
  auto SetOf = [&](const std::string &File) -> SuppressionSet & {
    auto It = Sets.find(File);
    if (It == Sets.end())
      It = Sets.try_emplace(File, Texts.get(File)).first;
    return It->second;
  };
  SuppressionOutcome Out;
  llvm::erase_if(Findings, [&](const Finding &F) {
    bool Drop = SetOf(F.Loc.File).suppress(F.Check, F.Loc.Line);
    Out.Suppressed += Drop;
    return Drop;
  });
  for (const std::string &File : Files)
    SetOf(File);
  for (auto &[File, Set] : Sets) {
    for (const Suppression *S : Set.unused(EnabledIn(File)))
      Out.Unused.push_back(describe(File, *S, "matched no finding"));
    for (const auto &[S, Why] : Set.problems(AllChecks))
      Out.Problems.push_back(describe(File, *S, "does not work: " + Why));
  }
  return Out;
}

} // namespace uaccess
