//===--- ChangedLines.cpp - Keep findings on the lines a patch changes ----===//

#include "gate/ChangedLines.h"

#include "utils/Suppressions.h"
#include "utils/WorkingDirectory.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <tuple>

namespace uaccess {

std::optional<std::string> unquoteGitPath(llvm::StringRef &Quoted) {
  if (!Quoted.consume_front("\""))
    return std::nullopt;
  std::string Out;
  while (!Quoted.empty()) {
    char C = Quoted.front();
    Quoted = Quoted.drop_front();
    if (C == '"')
      return Out;
    if (C != '\\') {
      Out += C;
      continue;
    }
    if (Quoted.empty())
      return std::nullopt;
    char E = Quoted.front();
    if (E >= '0' && E <= '7') {
      unsigned Value = 0;
      for (int I = 0; I < 3 && !Quoted.empty() && Quoted.front() >= '0' &&
                      Quoted.front() <= '7';
           ++I, Quoted = Quoted.drop_front())
        Value = Value * 8 + (Quoted.front() - '0');
      Out += char(Value & 0xff);
      continue;
    }
    Quoted = Quoted.drop_front();
    llvm::StringRef From = "abtnvfr", To = "\a\b\t\n\v\f\r";
    size_t At = From.find(E);
    Out += At == llvm::StringRef::npos ? E : To[At];
  }
  return std::nullopt;
}

namespace {
/// \p Line, a patch's line of code, holds a suppression directive, or a
/// part of one: a line of a `/* ... */` block has no comment of its own,
/// so the words are looked for, not a comment.
bool namesSuppression(llvm::StringRef Line) {
  return Line.contains("uaccess-lint:") || Line.contains("NOLINT");
}

/// \p Line, a patch's line of code, may set how records are laid out from
/// outside any of them: any pragma, however spelled (`#pragma pack(1)`,
/// `#/**/pragma`, `#pragma options align=packed`, `_Pragma("pack(1)")`,
/// `DO_PRAGMA(pack(1))`), or a macro whose capitals name packing
/// (`PACK_BEGIN`, `__PACKED_START`), which usually wraps one.
bool namesLayoutPragma(llvm::StringRef Line) {
  // The word, not `pragmatic`.
  std::string Lower = Line.lower();
  for (size_t At = Lower.find("pragma"); At != std::string::npos;
       At = Lower.find("pragma", At + 1))
    if (At + 6 == Lower.size() || !llvm::isAlpha(Lower[At + 6]))
      return true;
  // The words of capitals, digits and underscores, split at underscores:
  // PACK_BEGIN and __PACKED_START have a part PACK or PACKED, PACKET_LEN
  // none.
  for (size_t I = 0; I < Line.size();) {
    size_t End = I;
    while (End < Line.size() &&
           (llvm::isUpper(Line[End]) || llvm::isDigit(Line[End])))
      ++End;
    llvm::StringRef Part = Line.slice(I, End);
    if (Part == "PACK" || Part == "PACKED")
      return true;
    I = End + 1;
  }
  return false;
}

/// The path of a `---`/`+++` line: quoted, or up to a tab (GNU diff puts a
/// timestamp there, git a tab after names with spaces).
std::string headerPath(llvm::StringRef Rest) {
  if (Rest.starts_with("\""))
    if (std::optional<std::string> Path = unquoteGitPath(Rest))
      return *Path;
  return Rest.split('\t').first.rtrim().str();
}

/// Drops the first path component of \p Path, if it has another.
llvm::StringRef dropFirstComponent(llvm::StringRef Path) {
  auto [Head, Tail] = Path.split('/');
  return Tail.empty() ? Path : Tail;
}

/// `diff --git A B`: quoted names, or the split whose sides are the same
/// path under different prefixes (names may hold spaces).
std::optional<std::pair<std::string, std::string>>
splitGitHeader(llvm::StringRef Rest) {
  if (Rest.starts_with("\"")) {
    std::optional<std::string> A = unquoteGitPath(Rest);
    Rest = Rest.ltrim(' ');
    if (!A)
      return std::nullopt;
    if (!Rest.starts_with("\""))
      return std::make_pair(*A, Rest.str());
    if (std::optional<std::string> B = unquoteGitPath(Rest))
      return std::make_pair(*A, *B);
    return std::nullopt;
  }
  size_t Quote = Rest.find(" \"");
  if (Quote != llvm::StringRef::npos) {
    llvm::StringRef B = Rest.substr(Quote + 1);
    if (std::optional<std::string> Unquoted = unquoteGitPath(B))
      return std::make_pair(Rest.take_front(Quote).str(), *Unquoted);
  }
  std::optional<std::pair<std::string, std::string>> First;
  for (size_t I = Rest.find(' '); I != llvm::StringRef::npos;
       I = Rest.find(' ', I + 1)) {
    llvm::StringRef A = Rest.take_front(I), B = Rest.drop_front(I + 1);
    if (A == B || dropFirstComponent(A) == dropFirstComponent(B))
      return std::make_pair(A.str(), B.str());
    if (!First)
      First = std::make_pair(A.str(), B.str());
  }
  return First;
}

/// The prefix of \p New, given that \p Old names the same file under
/// another prefix: what precedes their longest common suffix of whole
/// components. None when they share no component.
std::optional<std::string> newPrefix(llvm::StringRef Old, llvm::StringRef New) {
  if (Old == New)
    return std::string();
  llvm::SmallVector<llvm::StringRef, 8> O, N;
  Old.split(O, '/');
  New.split(N, '/');
  size_t Common = 0;
  while (Common < O.size() && Common < N.size() &&
         O[O.size() - 1 - Common] == N[N.size() - 1 - Common])
    ++Common;
  if (Common == 0)
    return std::nullopt;
  size_t Length = 0;
  for (size_t I = 0; I + Common < N.size(); ++I)
    Length += N[I].size() + 1;
  return New.take_front(Length).str();
}

} // namespace

/// The parser's state: the file section it is in, and the hunk.
class DiffParser {
public:
  DiffParser(ChangedLines &Out, ChangedLines::ExistsFn Exists)
      : Out(Out), Exists(Exists) {}
  llvm::Error line(llvm::StringRef Line, size_t Number);
  void finish() { flushPending(); }

private:
  llvm::Error hunkHeader(llvm::StringRef Line);
  llvm::Error hunkLine(llvm::StringRef Line, size_t Number);
  void fileHeader(llvm::StringRef Line);
  void newFile(const std::string &Path);
  ChangedLines::FileChanges &section(const std::string &Path);
  std::string stripPrefix(llvm::StringRef Path) const;
  void flushPending();

  ChangedLines &Out;
  ChangedLines::ExistsFn Exists;
  ChangedLines::FileChanges *Current = nullptr;
  /// The section's `diff --git` pair, `rename to`/`copy to` name, `---`
  /// path; a git section without `+++` (a rename, a mode change) still
  /// names its file.
  std::optional<std::pair<std::string, std::string>> Git;
  std::string RenameTo, OldPath;
  bool CopyTo = false;
  bool Link = false; ///< The section's file is a symbolic link.
  /// A MIME mail's part boundary, "--" and its name: no line of a hunk.
  std::string Boundary;
  std::optional<std::string> Pending;
  /// The files of the sections so far: a second section of one file is
  /// a series of patches, whose later line numbers the earlier ones moved.
  std::set<std::string> Sections;
  std::string Repeated;
  std::string Hunk;
  uint64_t OldLeft = 0, NewLeft = 0, NewLine = 0;
  /// A hunk of this file section ended, and no header came since.
  bool AfterHunk = false;
};

void DiffParser::flushPending() {
  if (Pending)
    section(*Pending);
  Pending.reset();
}

ChangedLines::FileChanges &DiffParser::section(const std::string &Path) {
  if (!Sections.insert(Path).second && Repeated.empty())
    Repeated = Path;
  ChangedLines::FileChanges &Changes = Out.Files[Path];
  Changes.Copied |= CopyTo;
  Changes.Link |= Link;
  return Changes;
}

std::string DiffParser::stripPrefix(llvm::StringRef Path) const {
  // A rename names its new path whole: the `diff --git` line, whose names
  // may hold spaces, cannot say where the prefix ends; `rename to` can.
  if (Git && !RenameTo.empty() &&
      (Path == RenameTo || Path.ends_with("/" + RenameTo)))
    return RenameTo;
  // A plain diff's absolute or `../` name is a path, not a prefixed one:
  // `diff -u /w/old/g.c /w/new/g.c` names /w/new/g.c, never ./g.c.
  if (!Git && (llvm::sys::path::is_absolute(Path) || Path.starts_with("../")))
    return Path.str();
  std::optional<std::string> Prefix;
  if (Git && !RenameTo.empty() && Git->second.size() > RenameTo.size() &&
      llvm::StringRef(Git->second).ends_with("/" + RenameTo))
    Prefix = Git->second.substr(0, Git->second.size() - RenameTo.size());
  else if (Git && !RenameTo.empty() && Git->second == RenameTo)
    Prefix = std::string();
  else if (Git)
    Prefix = newPrefix(Git->first, Git->second);
  else if (!OldPath.empty() && OldPath != "/dev/null")
    Prefix = newPrefix(OldPath, Path);
  if (Prefix && Path.starts_with(*Prefix))
    return Path.drop_front(Prefix->size()).str();
  if (Prefix || llvm::sys::path::is_absolute(Path) || Exists(Path))
    return Path.str();
  return dropFirstComponent(Path).str();
}

void DiffParser::newFile(const std::string &Path) {
  Pending.reset();
  if (Path == "/dev/null") {
    Current = nullptr;
    return;
  }
  Current = &section(canonicalPath(stripPrefix(Path)));
}

void DiffParser::fileHeader(llvm::StringRef Line) {
  if (Line.consume_front("diff --git ")) {
    flushPending();
    Current = nullptr;
    Git = splitGitHeader(Line);
    RenameTo.clear();
    OldPath.clear();
    CopyTo = false;
    Link = false;
    if (Git)
      Pending = canonicalPath(stripPrefix(Git->second));
    return;
  }
  bool Copy = Line.starts_with("copy to ");
  if (Line.consume_front("rename to ") || Line.consume_front("copy to ")) {
    CopyTo = Copy;
    RenameTo = headerPath(Line);
    if (Pending)
      Pending = canonicalPath(RenameTo);
  } else if (Line.consume_front("rename from ")) {
    // The series renames a file an earlier patch of it changed: the
    // earlier lines are the old name's, which is gone.
    std::string From = canonicalPath(headerPath(Line));
    if (Sections.count(From) && Repeated.empty())
      Repeated = From;
  } else if (Line.ends_with(" 120000") &&
             (Line.starts_with("new file mode ") ||
              Line.starts_with("new mode ") || Line.starts_with("index "))) {
    Link = true;
  } else if (Line.starts_with("deleted file mode")) {
    // Named, but nothing of it is left to analyze.
    Out.DeletedFiles += Pending.has_value();
    Pending.reset();
  } else if (Line.consume_front("--- ")) {
    OldPath = headerPath(Line);
  } else if (Line.consume_front("+++ ")) {
    newFile(headerPath(Line));
  }
}

llvm::Error DiffParser::hunkHeader(llvm::StringRef Line) {
  // @@ -a[,b] +c[,d] @@
  llvm::StringRef Rest = Line;
  uint64_t OldStart = 0, NewStart = 0;
  OldLeft = NewLeft = 1;
  bool Ok = Rest.consume_front("@@ -") && !Rest.consumeInteger(10, OldStart) &&
            (!Rest.consume_front(",") || !Rest.consumeInteger(10, OldLeft)) &&
            Rest.consume_front(" +") && !Rest.consumeInteger(10, NewStart) &&
            (!Rest.consume_front(",") || !Rest.consumeInteger(10, NewLeft)) &&
            Rest.starts_with(" @@");
  if (!Ok) {
    OldLeft = NewLeft = 0;
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "malformed hunk header: %s",
                                   Line.str().c_str());
  }
  // An empty side names the line before the hunk.
  NewLine = NewLeft ? NewStart : NewStart + 1;
  Hunk = Line.str();
  return llvm::Error::success();
}

llvm::Error DiffParser::hunkLine(llvm::StringRef Line, size_t Number) {
  char Kind = Line.empty() ? ' ' : Line.front(); // Some tools strip ' '.
  bool Fits = Kind == '\\' || (Kind == '+' && NewLeft) ||
              (Kind == '-' && OldLeft) || (Kind == ' ' && OldLeft && NewLeft);
  if (!Fits)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "line %zu does not fit the line counts of hunk '%s'", Number,
        Hunk.c_str());
  if (Kind == '+' && Current)
    Current->Added.insert(NewLine);
  if (Kind == '-' && Current) {
    Current->Deleted.insert(NewLine);
    Current->DeletedText.emplace(NewLine, Line.substr(1).str());
  }
  if (Kind != ' ' && Current) {
    Current->Submodule |= Line.drop_front(1).starts_with("Subproject commit ");
    Current->Suppressions |= namesSuppression(Line.drop_front(1));
    Current->LayoutPragmas |= namesLayoutPragma(Line.drop_front(1));
  }
  if ((Kind == ' ' || Kind == '+') && Current)
    Current->NewText.emplace(NewLine, Line.empty() ? "" : Line.substr(1).str());
  if (Kind == ' ' || Kind == '+') {
    --NewLeft;
    ++NewLine;
  }
  if (Kind == ' ' || Kind == '-')
    --OldLeft;
  return llvm::Error::success();
}

llvm::Error DiffParser::line(llvm::StringRef Line, size_t Number) {
  if (OldLeft || NewLeft)
    return hunkLine(Line, Number);
  if (Line.starts_with("@@ ")) {
    AfterHunk = true;
    return hunkHeader(Line);
  }
  auto Malformed = [&](const char *Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "line %zu %s", Number, Why);
  };
  if (Line.starts_with("Binary files ") || Line == "GIT binary patch")
    return Malformed("is a binary change: the lines it changes are unknown");
  if (Line.starts_with("diff --cc ") || Line.starts_with("diff --combined ") ||
      Line.starts_with("@@@ "))
    return Malformed("is part of a combined diff (git show of a merge): give "
                     "the diff against one parent, as 'git diff M^1 M' "
                     "writes it");
  // A mail's signature ("-- ", then git's version) ends the patch; so does
  // the boundary of a MIME part (format-patch --attach, --inline).
  if (Line == "-- ")
    AfterHunk = false;
  if (size_t At = Line.find("boundary=");
      At != llvm::StringRef::npos &&
      Line.starts_with("Content-Type: multipart/"))
    if (llvm::StringRef Name = Line.drop_front(At + 9).trim().trim('"');
        !Name.empty())
      Boundary = ("--" + Name).str();
  if (!Boundary.empty() && Line.starts_with(Boundary)) {
    AfterHunk = false;
    return llvm::Error::success();
  }
  // After a hunk, an added or deleted line outside any hunk: the hunk is
  // longer than its header says, and its last lines would be lost.
  bool Header = Line.starts_with("+++ ") || Line.starts_with("--- ");
  if (AfterHunk && !Header && Line != "-- " &&
      (Line.starts_with("+") || Line.starts_with("-")))
    return Malformed("is outside any hunk: the hunk before it is longer "
                     "than its header says");
  if (Line.starts_with("diff --git ") || Header)
    AfterHunk = false;
  fileHeader(Line);
  if (!Repeated.empty())
    return Malformed(("changes " + Repeated +
                      " again: a series of patches, whose later line "
                      "numbers the earlier ones moved; give the diff of the "
                      "whole change, as 'git diff BASE' writes it")
                         .c_str());
  return llvm::Error::success();
}

llvm::Expected<ChangedLines> ChangedLines::parse(llvm::StringRef Diff) {
  return parse(
      Diff, [](llvm::StringRef Path) { return llvm::sys::fs::exists(Path); });
}

llvm::Expected<ChangedLines> ChangedLines::parse(llvm::StringRef Diff,
                                                 ExistsFn Exists) {
  ChangedLines Out;
  DiffParser Parser(Out, Exists);
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Diff.split(Lines, '\n');
  if (!Lines.empty() && Lines.back().empty())
    Lines.pop_back(); // What follows the last newline is no line.
  for (size_t I = 0; I < Lines.size(); ++I)
    if (llvm::Error E = Parser.line(Lines[I].rtrim('\r'), I + 1))
      return E;
  // A hunk cut short at the end (trailing context lost in a mail) counts
  // for the lines it has.
  Parser.finish();
  return Out;
}

bool isGitPatch(llvm::StringRef Diff) {
  return Diff.starts_with("diff --git ") || Diff.contains("\ndiff --git ");
}

std::string canonicalPath(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (llvm::sys::path::is_absolute(Path) &&
      !llvm::sys::fs::real_path(Path, Real))
    return std::string(Real);
  llvm::SmallString<256> Clean(Path);
  llvm::sys::path::remove_dots(Clean, /*remove_dot_dot=*/true);
  return std::string(Clean);
}

std::string canonicalFile(llvm::StringRef File) {
  llvm::SmallString<256> Full(File);
  uaccess::makeAbsolute(Full);
  return canonicalPath(Full);
}

llvm::Expected<std::string>
existingUnder(llvm::StringRef Path, llvm::ArrayRef<std::string> Bases,
              llvm::ArrayRef<std::string> Fallback) {
  if (llvm::sys::path::is_absolute(Path))
    return canonicalPath(Path);
  for (const std::string &Base : Bases) {
    std::string Full = Base + "/" + Path.str();
    if (llvm::sys::fs::is_regular_file(Full))
      return canonicalPath(Full);
  }
  std::string Found;
  for (const std::string &Base : Fallback) {
    std::string Full = Base + "/" + Path.str();
    if (!llvm::sys::fs::is_regular_file(Full))
      continue;
    std::string Canonical = canonicalPath(Full);
    if (!Found.empty() && Found != Canonical)
      return llvm::createStringError(
          "'" + Path + "' could be '" + Found + "' or '" + Canonical +
          "', in two of the compilation database's directories: give its "
          "path, or run from the tree it is in");
    Found = std::move(Canonical);
  }
  return Found;
}

namespace {

/// Why \p File is not the patch's new side: a line whose text is not the
/// patch's there, or no file at all; "" when every line the patch shows is
/// there. Only C sources and headers are read (nothing else holds a
/// finding), and not a symbolic link, whose one line is its target.
std::string newSideMismatch(llvm::StringRef File,
                            const ChangedLines::FileChanges &Changes) {
  llvm::StringRef Ext = llvm::sys::path::extension(File);
  if ((Ext != ".c" && Ext != ".h") || Changes.NewText.empty() || Changes.Link)
    return "";
  auto Buffer = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return "is not there";
  llvm::StringRef Content = (*Buffer)->getBuffer();
  // clang ends a line at a carriage return alone too, git does not: their
  // line numbers part after it, and a finding's line is not the patch's.
  for (size_t At = Content.find('\r'); At != llvm::StringRef::npos;
       At = Content.find('\r', At + 1))
    if (At + 1 == Content.size() || Content[At + 1] != '\n')
      return "has a carriage return alone on line " +
             std::to_string(Content.take_front(At).count('\n') + 1) +
             ", where clang and git count its lines differently";
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Content.split(Lines, '\n');
  for (const auto &[Number, Text] : Changes.NewText) {
    llvm::StringRef Want = llvm::StringRef(Text).rtrim('\r');
    if (Number == 0 || Number > Lines.size() ||
        Lines[Number - 1].rtrim('\r') != Want)
      return "line " + std::to_string(Number) + " ('" + Want.str() +
             "') is not the patch's";
  }
  return "";
}

/// The file of \p Path the patch's new side is in: of the files two of
/// \p Bases hold under that name (from git's top level and from the
/// current directory), the one whose text is the patch's.
llvm::Expected<std::string>
fileWithNewSide(llvm::StringRef Path, const ChangedLines::FileChanges &Changes,
                llvm::ArrayRef<std::string> Bases,
                llvm::ArrayRef<std::string> Fallback) {
  std::vector<std::string> Candidates;
  if (!llvm::sys::path::is_absolute(Path))
    for (const std::string &Base : Bases) {
      std::string Full = Base + "/" + Path.str();
      if (llvm::sys::fs::is_regular_file(Full) &&
          !llvm::is_contained(Candidates, canonicalPath(Full)))
        Candidates.push_back(canonicalPath(Full));
    }
  if (Candidates.size() < 2)
    return existingUnder(Path, Bases, Fallback);
  std::vector<std::string> Matching;
  for (const std::string &C : Candidates)
    if (newSideMismatch(C, Changes).empty())
      Matching.push_back(C);
  if (Matching.size() == 1)
    return Matching.front();
  return llvm::createStringError(
      "'" + Path + "' could be '" + Candidates[0] + "' or '" + Candidates[1] +
      "'" +
      (Matching.empty() ? ", and neither holds the patch's lines"
                        : ", which both hold the patch's lines") +
      ": run from the directory the patch's paths start at");
}

} // namespace

llvm::Error ChangedLines::resolve(llvm::ArrayRef<std::string> Bases,
                                  llvm::ArrayRef<std::string> Fallback) {
  std::map<std::string, FileChanges> Resolved;
  for (auto &[Path, Changes] : Files) {
    // A symbolic link is a file of its own: its line is its target, and
    // no line of the file it reaches.
    llvm::Expected<std::string> Full =
        Changes.Link ? std::string()
                     : fileWithNewSide(Path, Changes, Bases, Fallback);
    if (!Full)
      return Full.takeError();
    if (Full->empty() && Changes.Link)
      *Full = Bases.empty() || llvm::sys::path::is_absolute(Path)
                  ? Path
                  : Bases.front() + "/" + Path;
    else if (Full->empty())
      *Full = canonicalPath(Bases.empty() ? Path : Bases.front() + "/" + Path);
    FileChanges &Into = Resolved[*Full];
    Into.Copied |= Changes.Copied;
    Into.Link |= Changes.Link;
    Into.Submodule |= Changes.Submodule;
    Into.Suppressions |= Changes.Suppressions;
    Into.LayoutPragmas |= Changes.LayoutPragmas;
    Into.Added.insert(Changes.Added.begin(), Changes.Added.end());
    Into.Deleted.insert(Changes.Deleted.begin(), Changes.Deleted.end());
    Into.DeletedText.insert(Changes.DeletedText.begin(),
                            Changes.DeletedText.end());
    Into.NewText.insert(Changes.NewText.begin(), Changes.NewText.end());
  }
  Files = std::move(Resolved);
  return llvm::Error::success();
}

llvm::Error ChangedLines::checkNewSide(bool MissingIsError) const {
  for (const auto &[File, Changes] : Files)
    if (std::string Why = newSideMismatch(File, Changes);
        !Why.empty() && (MissingIsError || llvm::sys::fs::exists(File)))
      return llvm::createStringError(
          "'" + File + "' " + Why +
          ": the patch does not describe the files analyzed (changed since "
          "it was made, or a range that does not end at the work tree); give "
          "a patch of these files, such as 'git diff BASE'");
  return llvm::Error::success();
}

const ChangedLines::FileChanges *
ChangedLines::find(llvm::StringRef File) const {
  auto It = Files.find(canonicalFile(File));
  return It == Files.end() ? nullptr : &It->second;
}

bool ChangedLines::contains(llvm::StringRef File, uint64_t Line) const {
  const FileChanges *Changes = find(File);
  return Changes && (Changes->Copied || Changes->Added.count(Line));
}

bool ChangedLines::deletesWithin(llvm::StringRef File, uint64_t First,
                                 uint64_t Last) const {
  const FileChanges *Changes = find(File);
  if (!Changes)
    return false;
  auto It = Changes->Deleted.lower_bound(First);
  return It != Changes->Deleted.end() && *It <= Last;
}

bool ChangedLines::touchesLines(llvm::StringRef File, uint64_t First,
                                uint64_t Last) const {
  const FileChanges *Changes = find(File);
  if (!Changes)
    return false;
  auto Added = Changes->Added.lower_bound(First);
  return Changes->Copied || (Added != Changes->Added.end() && *Added <= Last) ||
         deletesWithin(File, First, Last);
}

bool ChangedLines::touchesFile(llvm::StringRef File) const {
  const FileChanges *Changes = find(File);
  return Changes && (Changes->Copied || !Changes->Added.empty() ||
                     !Changes->Deleted.empty());
}

std::vector<std::string> ChangedLines::paths() const {
  std::vector<std::string> Out;
  for (const auto &Entry : Files)
    Out.push_back(Entry.first);
  return Out;
}

bool ChangedLines::movesSuppressions(llvm::StringRef File) const {
  const FileChanges *Changes = find(File);
  return Changes && Changes->Suppressions;
}

namespace {
/// A suppression as it acts: its kind and list, its line, and the line
/// after it that it covers too (0: none), in the new file's numbering.
using ActingSuppression =
    std::tuple<int, bool, std::string, uint64_t, uint64_t>;

/// \p Found acting, its lines renumbered by \p Line (0: the line is gone).
std::vector<ActingSuppression>
acting(const std::vector<Suppression> &Found,
       llvm::function_ref<uint64_t(uint64_t)> Line) {
  std::vector<ActingSuppression> Out;
  for (const Suppression &S : Found) {
    bool Next =
        S.K == Suppression::ThisAndNextLine || S.K == Suppression::NextLine;
    Out.emplace_back(int(S.K), S.ClangTidy, S.Checks, Line(S.Line),
                     Next ? Line(S.Line + 1) : 0);
  }
  llvm::sort(Out);
  return Out;
}
} // namespace

bool ChangedLines::changesSuppressions(const FileChanges &Changes,
                                       llvm::StringRef NewText) {
  llvm::SmallVector<llvm::StringRef> NewLines;
  NewText.split(NewLines, '\n');
  // The old file: the new one without the added lines, with the deleted
  // ones back before the new line they stood before.
  std::string OldText;
  std::vector<uint64_t> OldToNew{0};
  for (uint64_t N = 1; N <= NewLines.size() + 1; ++N) {
    auto [From, To] = Changes.DeletedText.equal_range(N);
    for (auto It = From; It != To; ++It) {
      OldText += It->second + "\n";
      OldToNew.push_back(0);
    }
    if (N <= NewLines.size() && !Changes.Added.count(N)) {
      OldText += NewLines[N - 1].str() + "\n";
      OldToNew.push_back(N);
    }
  }
  auto Old = acting(scanSuppressions(OldText), [&](uint64_t L) {
    return L < OldToNew.size() ? OldToNew[L] : 0;
  });
  auto New = acting(scanSuppressions(NewText),
                    [&](uint64_t L) { return L <= NewLines.size() ? L : 0; });
  return Old != New;
}

void ChangedLines::markMovedSuppressions() {
  for (auto &[File, Changes] : Files) {
    llvm::StringRef Ext = llvm::sys::path::extension(File);
    if (Changes.Suppressions || Changes.Copied || (Ext != ".c" && Ext != ".h"))
      continue;
    auto Buffer = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                              /*RequiresNullTerminator=*/false);
    if (Buffer)
      Changes.Suppressions =
          changesSuppressions(Changes, (*Buffer)->getBuffer());
  }
}

std::vector<std::string> ChangedLines::submodules() const {
  std::vector<std::string> Out;
  for (const auto &[Path, Changes] : Files)
    if (Changes.Submodule)
      Out.push_back(Path);
  return Out;
}

bool ChangedLines::changesLayoutPragmas() const {
  return llvm::any_of(
      Files, [](const auto &Entry) { return Entry.second.LayoutPragmas; });
}

bool touchesFinding(const ChangedLines &Changed, const Finding &F) {
  // A pragma's layout reaches every record after it, through includes:
  // any offset or size a finding folds may have moved.
  if (Changed.changesLayoutPragmas() ||
      Changed.contains(F.Loc.File, F.Loc.Line) ||
      Changed.movesSuppressions(F.Loc.File))
    return true;
  for (const FindingNote &N : F.Notes)
    if (Changed.contains(N.Loc.File, N.Loc.Line))
      return true;
  for (const LineSpan &D : F.Depends)
    if (Changed.touchesLines(D.File, D.First, D.Last))
      return true;
  return F.FunctionBeginLine &&
         Changed.deletesWithin(F.Loc.File, F.FunctionBeginLine,
                               F.FunctionEndLine);
}

} // namespace uaccess
