//===--- Git.cpp - What git knows about a source file ---------------------===//

#include "support/Git.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <optional>
#include <unistd.h>
#include <vector>

namespace uaccess {

namespace {
/// A temporary file, removed when it goes.
struct TempFile {
  llvm::SmallString<128> Path;
  explicit TempFile(llvm::StringRef Suffix) {
    if (llvm::sys::fs::createTemporaryFile("uaccess-lint-git", Suffix, Path))
      Path.clear();
  }
  ~TempFile() {
    if (!Path.empty())
      llvm::sys::fs::remove(Path);
  }
};

std::string readAll(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  return Buffer ? (*Buffer)->getBuffer().str() : std::string();
}
} // namespace

llvm::Expected<std::string> runGit(llvm::StringRef Dir,
                                   llvm::ArrayRef<std::string> Args) {
  llvm::ErrorOr<std::string> Git = llvm::sys::findProgramByName("git");
  if (!Git)
    return llvm::createStringError("git is not on PATH");
  TempFile Out("out"), Err("err");
  if (Out.Path.empty() || Err.Path.empty())
    return llvm::createStringError("no temporary file for git's output");
  std::vector<llvm::StringRef> Argv = {"git", "-C", Dir};
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(""),
                                                llvm::StringRef(Out.Path),
                                                llvm::StringRef(Err.Path)};
  // GIT_DIFF_OPTS outranks a diff's -U on git's command line.
  std::vector<llvm::StringRef> Env;
  for (char **Var = environ; *Var; ++Var)
    if (!llvm::StringRef(*Var).starts_with("GIT_DIFF_OPTS="))
      Env.push_back(*Var);
  std::string Message;
  int Status =
      llvm::sys::ExecuteAndWait(*Git, Argv, Env, Redirects, 0, 0, &Message);
  if (Status != 0) {
    std::string Why = llvm::StringRef(readAll(Err.Path)).trim().str();
    return llvm::createStringError(Why.empty() ? Message : Why);
  }
  return readAll(Out.Path);
}

std::string gitConfig(llvm::StringRef Dir, llvm::StringRef Key) {
  llvm::Expected<std::string> Value = runGit(Dir, {"config", Key.str()});
  if (!Value) {
    llvm::consumeError(Value.takeError());
    return "";
  }
  return llvm::StringRef(*Value).trim().str();
}

std::optional<CommitRef> parseBlamePorcelain(llvm::StringRef Output) {
  CommitRef C;
  llvm::StringRef First, Rest;
  std::tie(First, Rest) = Output.split('\n');
  C.Sha = First.split(' ').first.str();
  if (C.Sha.size() != 40 ||
      C.Sha.find_first_not_of("0123456789abcdef") != std::string::npos ||
      C.Sha.find_first_not_of('0') == std::string::npos)
    return std::nullopt;
  while (!Rest.empty()) {
    llvm::StringRef Line;
    std::tie(Line, Rest) = Rest.split('\n');
    if (Line.consume_front("summary ")) {
      C.Summary = Line.str();
      return C;
    }
    if (Line.starts_with("\t")) // The line's text ends the header.
      break;
  }
  return std::nullopt;
}

std::optional<CommitRef> blameLine(llvm::StringRef File, uint64_t Line) {
  if (Line == 0)
    return std::nullopt;
  std::string L = std::to_string(Line);
  llvm::StringRef Dir = llvm::sys::path::parent_path(File);
  llvm::Expected<std::string> Out =
      runGit(Dir.empty() ? "." : Dir,
             {"blame", "--porcelain", "-L", L + "," + L, "--", File.str()});
  if (!Out) {
    llvm::consumeError(Out.takeError());
    return std::nullopt;
  }
  return parseBlamePorcelain(*Out);
}

/// The commits \p Rev names, and how many of them it leaves out (`^X` in
/// git rev-parse's answer); nullopt when git cannot parse it (git diff
/// then says why).
static std::optional<std::pair<size_t, size_t>>
commitsNamed(llvm::StringRef Rev) {
  llvm::Expected<std::string> Revs =
      runGit(".", {"rev-parse", "--revs-only", Rev.str()});
  if (!Revs) {
    llvm::consumeError(Revs.takeError());
    return std::nullopt;
  }
  llvm::SmallVector<llvm::StringRef, 4> Lines;
  llvm::StringRef(*Revs).split(Lines, '\n', -1, /*KeepEmpty=*/false);
  size_t LeftOut = llvm::count_if(
      Lines, [](llvm::StringRef L) { return L.starts_with("^"); });
  return std::make_pair(Lines.size(), LeftOut);
}

/// Why \p Rev does not stand for a commit's changes, or "": `M^!` of a
/// merge M is `M ^P1 ^P2`, of which git diff makes a combined diff, which
/// leaves out every hunk that merged cleanly (nothing at all for a clean
/// merge); `C^!` of a first commit leaves out nothing, and git diff reads
/// it as C against the work tree, and its `C^@` names nothing at all (git
/// diff compares the work tree with the index).
static std::string notAPatchOfCommits(llvm::StringRef Rev) {
  std::optional<std::pair<size_t, size_t>> Named = commitsNamed(Rev);
  if (!Named)
    return "";
  auto [Count, LeftOut] = *Named;
  // (A name git does not know names nothing too: git diff says so.)
  if (Count == 0 && Rev.contains('^'))
    return "names no commit (the parents of a first commit?): git diff "
           "would compare the work tree with the index";
  if (LeftOut > 1)
    return "leaves out several commits (a merge's parents): git diff makes "
           "a combined diff of it, which leaves out what merged cleanly; "
           "give the first parent, --diff=M^1 for a merge M, to check what "
           "the merge brings";
  if (LeftOut == 0 && Rev.ends_with("^!"))
    return "names a commit with no parent: git diff compares it with the "
           "work tree; give the empty tree (git hash-object -t tree "
           "/dev/null) to check all it adds";
  return "";
}

llvm::Expected<std::string> runGitDiff(llvm::StringRef Rev) {
  // git would read it as an option (--output=FILE writes a file, and the
  // gate would pass on the empty diff left on stdout).
  if (Rev.starts_with("-"))
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "--diff=" + Rev + ": not a file, and a revision cannot start with '-'");
  if (std::string Why = notAPatchOfCommits(Rev); !Why.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "--diff=" + Rev + ": " + Why);
  // --no-relative: a user's diff.relative would drop the changes outside
  // the current directory and write paths from it, not from the top level.
  // --no-textconv: a textconv driver's text is not the file's. One line of
  // context, so that a hunk that only deletes still shows lines the gate
  // can find in the file (checkNewSide()): a range whose end is not the
  // work tree is refused, not read at the wrong lines (runGit() keeps
  // GIT_DIFF_OPTS from changing it). --submodule=diff: a submodule's
  // changed files, not its commit alone.
  llvm::Expected<std::string> Diff = runGit(
      ".", {"diff", "-U1", "--no-color", "--no-ext-diff", "--no-textconv",
            "--no-relative", "--submodule=diff", Rev.str(), "--"});
  if (Diff)
    return Diff;
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      "--diff=" + Rev + ": not a file, and 'git " + "diff -U1 " + Rev +
          "' failed: " + llvm::toString(Diff.takeError()));
}

} // namespace uaccess
