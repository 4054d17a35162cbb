//===--- Patches.cpp - Fix-its as a patch series or a diff ----------------===//

#include "fix/Patches.h"

#include "fix/Fixes.h"
#include "fix/PatchMessage.h"
#include "fix/UnifiedDiff.h"
#include "inputs/Inputs.h"
#include "support/Git.h"
#include "support/SourceRoots.h"

#include "utils/WorkingDirectory.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <set>

using namespace clang;
namespace fs = llvm::sys::fs;

namespace uaccess {

namespace {
/// Checks that fix a bug get a Fixes: tag; performance changes do not (the
/// stable trees take what a Fixes: tag names).
bool fixesBug(const Finding &F) {
  return llvm::StringRef(F.Check).starts_with("window-") ||
         F.Check == "access-ok-far";
}

/// Where a patch goes in the series: bug fixes first, which a maintainer
/// takes (and the stable trees pick up) whatever becomes of the rest; then
/// performance changes, the largest saving (rank) first.
std::pair<bool, uint64_t> seriesPlace(llvm::ArrayRef<const Finding *> Group) {
  bool Performance =
      llvm::none_of(Group, [](const Finding *F) { return fixesBug(*F); });
  uint64_t Rank = 0;
  for (const Finding *F : Group)
    Rank = std::max(Rank, F->Rank);
  return {Performance, Performance ? ~Rank : 0};
}
} // namespace

std::vector<std::vector<const Finding *>>
groupForPatches(llvm::ArrayRef<Finding> Findings, PatchPer Per) {
  std::vector<const Finding *> Fixed;
  for (const Finding &F : Findings)
    if (!F.Fixes.empty())
      Fixed.push_back(&F);
  std::stable_sort(Fixed.begin(), Fixed.end(),
                   [](const Finding *A, const Finding *B) {
                     return std::tie(A->Loc.File, A->Loc.Offset) <
                            std::tie(B->Loc.File, B->Loc.Offset);
                   });
  std::vector<std::vector<const Finding *>> Groups;
  std::map<std::pair<std::string, std::string>, size_t> ByFunction;
  for (const Finding *F : Fixed) {
    if (Per == PatchPer::Finding || F->Function.empty()) {
      Groups.push_back({F});
      continue;
    }
    auto [It, New] =
        ByFunction.try_emplace({F->Loc.File, F->Function}, Groups.size());
    if (New)
      Groups.emplace_back();
    Groups[It->second].push_back(F);
  }
  std::stable_sort(Groups.begin(), Groups.end(),
                   [](const auto &A, const auto &B) {
                     return seriesPlace(A) < seriesPlace(B);
                   });
  return Groups;
}

//===----------------------------------------------------------------------===//
// The text of a patch
//===----------------------------------------------------------------------===//

std::string rfc2822Date(std::time_t When) {
  std::tm UTC;
  gmtime_r(&When, &UTC);
  char Buffer[64];
  std::strftime(Buffer, sizeof(Buffer), "%a, %e %b %Y %H:%M:%S +0000", &UTC);
  std::string Text = Buffer;
  // "%e" pads the day with a space; git writes "3 Feb".
  size_t Comma = Text.find(", ");
  if (Comma != std::string::npos && Text[Comma + 2] == ' ')
    Text.erase(Comma + 2, 1);
  return Text;
}

std::string fixesTag(llvm::StringRef Sha, llvm::StringRef Summary) {
  return ("Fixes: " + Sha.take_front(12) + " (\"" + Summary + "\")").str();
}

namespace {
/// git's scale_linear(): a change of \p N among at most \p Max, in a graph
/// of \p Width columns.
unsigned scaled(unsigned N, unsigned Max, unsigned Width) {
  if (Max <= Width || N == 0)
    return N;
  return N * (Width - 1) / Max + 1;
}

std::string plural(unsigned N, llvm::StringRef One, llvm::StringRef Many) {
  return std::to_string(N) + " " + (N == 1 ? One : Many).str();
}

/// \p Text with each control character a space: a header value on one
/// line, whatever a path or a config value holds.
std::string oneLine(llvm::StringRef Text) {
  std::string Out = Text.str();
  for (char &C : Out)
    if ((unsigned char)C < 0x20 || C == 0x7f)
      C = ' ';
  return Out;
}

/// "Subject: ..." folded as git does, at spaces before column 78.
std::string foldedSubject(llvm::StringRef Subject) {
  std::string Out, Line = "Subject:";
  llvm::SmallVector<llvm::StringRef, 16> Words;
  std::string Flat = oneLine(Subject);
  llvm::StringRef(Flat).split(Words, ' ', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef W : Words) {
    if (Line.size() > 1 && Line.size() + 1 + W.size() > 78) {
      Out += Line + "\n";
      Line.clear();
    }
    Line += " " + W.str();
  }
  return Out + Line + "\n";
}

bool isASCII(llvm::StringRef Text) {
  return llvm::all_of(Text, [](char C) { return (unsigned char)C < 0x80; });
}
} // namespace

std::string Identity::line() const {
  return oneLine(Name) + " <" + oneLine(Email) + ">";
}

std::string
diffstat(llvm::ArrayRef<std::tuple<std::string, unsigned, unsigned>> Files) {
  size_t NameWidth = 0, Max = 0, Inserted = 0, Deleted = 0;
  for (const auto &[Name, Ins, Del] : Files) {
    NameWidth = std::max(NameWidth, gitQuotedPath("", Name).size());
    Max = std::max<size_t>(Max, Ins + Del);
    Inserted += Ins, Deleted += Del;
  }
  size_t CountWidth = std::to_string(Max).size();
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  for (const auto &[Name, Ins, Del] : Files) {
    OS << " " << llvm::left_justify(gitQuotedPath("", Name), NameWidth) << " | "
       << llvm::right_justify(std::to_string(Ins + Del), CountWidth) << " "
       << std::string(scaled(Ins, Max, 50), '+')
       << std::string(scaled(Del, Max, 50), '-') << "\n";
  }
  OS << " " << plural(Files.size(), "file changed", "files changed");
  if (Inserted)
    OS << ", " << plural(Inserted, "insertion(+)", "insertions(+)");
  if (Deleted)
    OS << ", " << plural(Deleted, "deletion(-)", "deletions(-)");
  OS << "\n";
  return Text;
}

std::string formatPatch(const PatchParts &Parts, const SeriesInfo &Series,
                        unsigned Number, unsigned Total) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 "
        "2001\n";
  if (Series.Author.known())
    OS << "From: " << Series.Author.line() << "\n";
  OS << "Date: " << rfc2822Date(Series.Date) << "\n";
  std::string Tag = Total > 1 ? "[PATCH " + std::to_string(Number) + "/" +
                                    std::to_string(Total) + "]"
                              : "[PATCH]";
  OS << foldedSubject(Tag + " " + Parts.Subject);
  if (!isASCII(Series.Author.Name) || !isASCII(Parts.Body))
    OS << "MIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\n"
          "Content-Transfer-Encoding: 8bit\n";
  OS << "\n" << Parts.Body;
  bool Trailers = !Parts.FixesTags.empty() || Series.Author.known();
  if (Trailers)
    OS << "\n";
  for (const std::string &Tag : Parts.FixesTags)
    OS << Tag << "\n";
  if (Series.Author.known())
    OS << "Signed-off-by: " << Series.Author.line() << "\n";
  OS << "---\n" << Parts.Diffstat << "\n" << Parts.Diff;
  OS << "-- \nuaccess-lint " << Series.Version << "\n\n";
  return Text;
}

//===----------------------------------------------------------------------===//
// Applying the series in memory
//===----------------------------------------------------------------------===//

namespace {
/// The sources as analysed, each read once, and the edits of the patches
/// so far.
class SeriesState {
public:
  explicit SeriesState(const PatchOptions &Options) : Options(Options) {}

  llvm::Expected<llvm::StringRef> original(const std::string &File) {
    auto It = Texts.find(File);
    if (It != Texts.end())
      return llvm::StringRef(It->second);
    llvm::Expected<std::string> Text = readAsAnalysed(File, Options.Sources);
    if (!Text)
      return Text.takeError();
    return llvm::StringRef(Texts.emplace(File, std::move(*Text)).first->second);
  }

  /// \p File's text with \p Edits applied (in its line endings).
  llvm::Expected<std::string> edited(const std::string &File,
                                     const tooling::Replacements &Edits) {
    llvm::Expected<llvm::StringRef> Old = original(File);
    if (!Old)
      return Old.takeError();
    if (llvm::Error E = checkEditsFit(File, Edits, *Old))
      return E;
    auto Matched = matchLineEndings(Edits, *Old);
    if (!Matched)
      return Matched.takeError();
    return tooling::applyAllReplacements(*Old, *Matched);
  }

  std::string pathInTree(const std::string &File) {
    std::string Root =
        sourceRoot(File, Options.SourceRoot, Options.DatabaseDirs);
    Roots.insert(Root);
    std::string Rel = relativeTo(File, Root);
    return llvm::StringRef(Rel).ltrim('/').str();
  }

  std::set<std::string> Roots;

  std::map<std::string, tooling::Replacements> Applied;

private:
  const PatchOptions &Options;
  std::map<std::string, std::string> Texts;
};

/// The edits so far with \p Group's added; an error names the overlap.
llvm::Expected<std::map<std::string, tooling::Replacements>>
withGroup(const std::map<std::string, tooling::Replacements> &Applied,
          llvm::ArrayRef<const Finding *> Group) {
  std::map<std::string, tooling::Replacements> Trial = Applied;
  for (const Finding *F : Group)
    for (const FindingFix &Fix : F->Fixes) {
      tooling::Replacement R(Fix.File, Fix.Offset, Fix.Length, Fix.Replacement);
      tooling::Replacements &InFile = Trial[Fix.File];
      if (llvm::is_contained(InFile, R))
        continue;
      if (llvm::Error E = InFile.add(R))
        return E;
    }
  return Trial;
}

std::string fileMode(const std::string &File) {
  fs::file_status Status;
  if (!fs::status(File, Status) &&
      (Status.permissions() & fs::owner_exe) != fs::no_perms)
    return "100755";
  return "100644";
}

/// The diff of the files \p Group changes, from the edits before it to the
/// edits with it.
llvm::Error diffGroup(SeriesState &State,
                      const std::map<std::string, tooling::Replacements> &Next,
                      llvm::ArrayRef<const Finding *> Group,
                      PatchParts &Parts) {
  std::set<std::string> Files;
  for (const Finding *F : Group)
    for (const FindingFix &Fix : F->Fixes)
      Files.insert(Fix.File);
  std::vector<std::tuple<std::string, unsigned, unsigned>> Stat;
  for (const std::string &File : Files) {
    auto Before = State.edited(File, State.Applied[File]);
    if (!Before)
      return Before.takeError();
    auto After = State.edited(File, Next.at(File));
    if (!After)
      return After.takeError();
    std::string Path = State.pathInTree(File);
    FileDiff D = diffTexts(*Before, *After);
    if (D.Hunks.empty())
      continue;
    Parts.Diff += gitFileDiff(Path, *Before, *After, fileMode(File));
    Stat.emplace_back(Path, D.Insertions, D.Deletions);
  }
  if (!Stat.empty())
    Parts.Diffstat = diffstat(Stat);
  return llvm::Error::success();
}

std::vector<std::string> fixesTags(llvm::ArrayRef<const Finding *> Group) {
  std::vector<std::string> Tags;
  for (const Finding *F : Group) {
    if (!fixesBug(*F))
      continue;
    if (std::optional<CommitRef> C = blameLine(F->Loc.File, F->Loc.Line)) {
      std::string Tag = fixesTag(C->Sha, C->Summary);
      if (!llvm::is_contained(Tags, Tag))
        Tags.push_back(Tag);
    }
  }
  return Tags;
}

std::string describeSkip(const Finding &F, llvm::StringRef Why) {
  return F.Loc.File + ":" + std::to_string(F.Loc.Line) + " [" + F.Check + "]" +
         (F.Function.empty() ? "" : " in " + F.Function + "()") + ": " +
         Why.str();
}

/// SOURCE_DATE_EPOCH (reproducible builds' variable) or now.
std::time_t seriesDate() {
  if (const char *Epoch = std::getenv("SOURCE_DATE_EPOCH")) {
    long long Seconds;
    if (!llvm::StringRef(Epoch).getAsInteger(10, Seconds))
      return std::time_t(Seconds);
  }
  return std::time(nullptr);
}

Identity authorFor(llvm::StringRef File) {
  llvm::StringRef Dir = llvm::sys::path::parent_path(File);
  return {gitConfig(Dir, "user.name"), gitConfig(Dir, "user.email")};
}
} // namespace

namespace {
/// One group's patch on top of the earlier ones; none (with why in
/// \p Skipped) when it overlaps them or changes nothing.
llvm::Expected<std::optional<PatchParts>>
buildOne(SeriesState &State, llvm::ArrayRef<const Finding *> Group,
         std::vector<std::string> &Skipped) {
  auto Next = withGroup(State.Applied, Group);
  if (!Next) {
    Skipped.push_back(
        describeSkip(*Group.front(), "its fixes overlap an earlier patch's: " +
                                         llvm::toString(Next.takeError())));
    return std::nullopt;
  }
  PatchParts Parts;
  if (llvm::Error E = diffGroup(State, *Next, Group, Parts))
    return E;
  if (Parts.Diff.empty()) {
    Skipped.push_back(describeSkip(*Group.front(), "its fixes change nothing "
                                                   "an earlier patch left"));
    return std::nullopt;
  }
  State.Applied = std::move(*Next);
  const Finding &First = *Group.front();
  Parts.Subject = patchSubject(Group, State.pathInTree(First.Loc.File));
  Parts.Body = patchBody(Group);
  Parts.FixesTags = fixesTags(Group);
  return Parts;
}
} // namespace

llvm::Expected<PatchSeries> buildPatchSeries(llvm::ArrayRef<Finding> Findings,
                                             const PatchOptions &Options) {
  PatchSeries Series;
  SeriesState State(Options);
  std::vector<PatchParts> Parts;
  std::string FirstFile;
  for (const auto &Group : groupForPatches(Findings, Options.Per)) {
    auto One = buildOne(State, Group, Series.Skipped);
    if (!One)
      return One.takeError();
    if (*One)
      Parts.push_back(std::move(**One));
    if (*One && FirstFile.empty())
      FirstFile = Group.front()->Loc.File;
  }
  if (Parts.empty())
    return Series;
  // One author for the series, as git config answers in the first file's
  // folder (the repository's config, then the global one).
  SeriesInfo Info{authorFor(FirstFile), seriesDate(), Options.Version};
  Series.HaveAuthor = Info.Author.known();
  Series.Roots = State.Roots;
  for (size_t I = 0; I != Parts.size(); ++I)
    Series.Patches.push_back(
        {patchFileName(I + 1, Parts[I].Subject),
         formatPatch(Parts[I], Info, I + 1, Parts.size())});
  return Series;
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

bool isSeriesFileName(llvm::StringRef Name) {
  static const llvm::Regex Numbered("^[0-9]{4}-.*\\.patch$");
  return Numbered.match(Name);
}

std::vector<std::string> seriesFiles(llvm::StringRef Dir) {
  std::vector<std::string> Names;
  std::error_code EC;
  for (fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    if (It->type() != fs::file_type::directory_file && isSeriesFileName(Name))
      Names.push_back(Name.str());
  }
  llvm::sort(Names);
  return Names;
}

namespace {
/// An error when \p Dir holds a series and it is not to be replaced.
llvm::Error refuseOldSeries(llvm::StringRef Dir, bool Replace) {
  std::vector<std::string> Old =
      Replace ? std::vector<std::string>() : seriesFiles(Dir);
  if (Old.empty())
    return llvm::Error::success();
  return llvm::createStringError(
      "cannot write patches into '" + Dir + "': it already holds a series (" +
      Old.front() +
      (Old.size() > 1 ? " and " + std::to_string(Old.size() - 1) + " more"
                      : std::string()) +
      "): `git am` of the folder would take both; remove it, or give "
      "--replace-patches");
}
} // namespace

llvm::Error checkPatchDir(llvm::StringRef Dir, bool Replace) {
  auto Fail = [&](const llvm::Twine &Why) {
    return llvm::createStringError("cannot write patches into '" + Dir +
                                   "': " + Why);
  };
  if (fs::is_symlink_file(Dir) && !fs::exists(Dir))
    return Fail("it is a link to a folder that does not exist");
  if (fs::exists(Dir)) {
    if (!fs::is_directory(Dir))
      return Fail("it is not a directory");
    if (std::error_code EC = fs::access(Dir, fs::AccessMode::Write))
      return Fail(EC.message());
    return refuseOldSeries(Dir, Replace);
  }
  llvm::SmallString<256> Parent(Dir);
  uaccess::makeAbsolute(Parent);
  llvm::sys::path::remove_filename(Parent);
  if (!fs::is_directory(Parent))
    return Fail("its parent folder does not exist");
  if (std::error_code EC = fs::access(Parent, fs::AccessMode::Write))
    return Fail("it cannot be created: " + EC.message());
  return llvm::Error::success();
}

llvm::Error writePatchSeries(const PatchSeries &Series, llvm::StringRef Dir,
                             bool Replace) {
  bool Created = !fs::exists(Dir) && !fs::is_symlink_file(Dir);
  if (std::error_code EC = fs::create_directory(Dir))
    return llvm::createStringError(EC, "cannot create '" + Dir +
                                           "': " + EC.message());
  // Again: a series may have come since checkPatchDir().
  if (llvm::Error E = refuseOldSeries(Dir, Replace))
    return E;
  std::vector<std::string> Old = seriesFiles(Dir);
  // A link among the old patches is replaced, not written through: the
  // file it points to is not the series'.
  for (const std::string &Name : Old) {
    llvm::SmallString<256> Path(Dir);
    llvm::sys::path::append(Path, Name);
    if (fs::is_symlink_file(Path))
      if (std::error_code EC = fs::remove(Path))
        return llvm::createStringError(EC, "cannot remove the link '" + Path +
                                               "': " + EC.message());
  }
  // All or nothing, as --fix: `git am` of half a series applies half a fix.
  std::vector<std::pair<std::string, std::string>> Files;
  for (const PatchFile &P : Series.Patches) {
    llvm::SmallString<256> Path(Dir);
    llvm::sys::path::append(Path, P.Name);
    Files.push_back({std::string(Path), P.Text});
  }
  if (llvm::Error E = writeFilesAtomically(Files)) {
    if (Created)
      fs::remove(Dir);
    return E;
  }
  for (const std::string &Name : Old) {
    if (llvm::any_of(Series.Patches,
                     [&](const PatchFile &P) { return P.Name == Name; }))
      continue;
    llvm::SmallString<256> Path(Dir);
    llvm::sys::path::append(Path, Name);
    if (std::error_code EC = fs::remove(Path))
      return llvm::createStringError(EC, "the new series is written, but '" +
                                             Path +
                                             "' of the old one is "
                                             "left: " +
                                             EC.message());
  }
  return llvm::Error::success();
}

llvm::Expected<std::string> fixDiff(llvm::ArrayRef<Finding> Findings,
                                    const PatchOptions &Options,
                                    std::vector<std::string> &Refused) {
  FixPlan Plan = planFixes(Findings, Options.Sources);
  for (const auto &[F, Why] : Plan.Refused)
    Refused.push_back(describeSkip(*F, Why));
  SeriesState State(Options);
  std::string Diff;
  for (const auto &[File, Edits] : Plan.Edits) {
    llvm::Expected<llvm::StringRef> Old = State.original(File);
    if (!Old)
      return Old.takeError();
    llvm::Expected<std::string> New = State.edited(File, Edits);
    if (!New)
      return New.takeError();
    Diff += gitFileDiff(State.pathInTree(File), *Old, *New, fileMode(File));
  }
  return Diff;
}

} // namespace uaccess
