//===--- RelevanceCache.cpp - The scan cache of Kbuild's checker ----------===//

#include "run/RelevanceCache.h"

#include "api/UaccessApi.h"
#include "run/IncludeScan.h"
#include "run/Workers.h"
#include "support/SourceRoots.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <chrono>

namespace uaccess {

namespace {

/// Bump when the file's format, or what the scans and bounds mean, change.
constexpr int FormatVersion = 1;

/// More changed headers of the universe than this rebuild it.
constexpr unsigned MaxChangedHeaders = 64;

std::string hexHash(llvm::StringRef Text) {
  return llvm::utohexstr(llvm::xxh3_64bits(Text), /*LowerCase=*/true);
}

/// A hash of the names the bounds start from: another API table makes
/// other bounds.
std::string apiHash() {
  std::vector<std::string> Names;
  for (const ApiEntry &E : apiTable())
    if (canBeFindingSite(E))
      Names.push_back(E.Name.str());
  llvm::sort(Names);
  return hexHash(llvm::join(Names, "\n"));
}

bool isInside(llvm::StringRef Path, llvm::StringRef Dir) {
  return Path.size() > Dir.size() && Path.starts_with(Dir) &&
         Path[Dir.size()] == '/';
}

/// The folder a path flag names, or empty.
llvm::StringRef folderOf(llvm::ArrayRef<std::string> Args, size_t &I) {
  llvm::StringRef Arg = Args[I];
  for (llvm::StringRef Flag : {"-isystem", "-iquote", "-I"}) {
    if (!Arg.consume_front(Flag))
      continue;
    if (Arg.empty() && I + 1 < Args.size())
      Arg = Args[++I];
    return Arg;
  }
  return "";
}

bool namesIncludeFolder(llvm::StringRef Relative) {
  return llvm::any_of(llvm::make_range(llvm::sys::path::begin(Relative),
                                       llvm::sys::path::end(Relative)),
                      [](llvm::StringRef C) { return C == "include"; });
}

/// The stamp the file keeps of a status.
std::pair<int64_t, uint64_t> stampOf(llvm::sys::TimePoint<> Time,
                                     uint64_t Size) {
  return {std::chrono::duration_cast<std::chrono::nanoseconds>(
              Time.time_since_epoch())
              .count(),
          Size};
}

/// Every `*.h` under \p Dirs, sorted.
std::vector<std::string> headersUnder(llvm::ArrayRef<std::string> Dirs) {
  std::vector<std::string> Paths;
  for (const std::string &Dir : Dirs) {
    std::error_code EC;
    for (llvm::sys::fs::recursive_directory_iterator It(Dir, EC), End;
         It != End && !EC; It.increment(EC))
      if (llvm::StringRef(It->path()).ends_with(".h"))
        Paths.push_back(It->path());
  }
  llvm::sort(Paths);
  Paths.erase(std::unique(Paths.begin(), Paths.end()), Paths.end());
  return Paths;
}

/// Reads and scans every header of \p Dirs.
Universe buildUniverse(llvm::ArrayRef<std::string> Dirs, unsigned Jobs) {
  std::vector<std::string> Paths = headersUnder(Dirs);
  std::vector<SourceScan> Scans(Paths.size());
  std::vector<std::optional<std::pair<int64_t, uint64_t>>> Stamps(Paths.size());
  parallelFor(Paths.size(), Jobs, [&](size_t I) {
    // As the prefilter reads a file: what the include scan refuses is not
    // read.
    llvm::ErrorOr<llvm::vfs::Status> S =
        llvm::vfs::getRealFileSystem()->status(Paths[I]);
    if (!S || !S->isRegularFile())
      return;
    Stamps[I] = stampOf(S->getLastModificationTime(), S->getSize());
    if (!unreadable(*S).empty())
      return;
    if (auto Buffer = llvm::MemoryBuffer::getFile(Paths[I]))
      Scans[I] = scanBuffer(**Buffer);
  });
  Universe U;
  U.Dirs = Dirs;
  std::vector<const SourceScan *> All;
  for (size_t I = 0; I < Paths.size(); ++I) {
    if (!Stamps[I])
      continue;
    U.Files[Paths[I]] = *Stamps[I];
    All.push_back(&Scans[I]);
  }
  U.Bound = boundRelevance(All);
  return U;
}

/// Writes \p Text to \p Path through a temporary file and a rename, so
/// that parallel calls read the old file or the new one, whole.
bool writeAtomically(llvm::StringRef Path, llvm::StringRef Text) {
  if (llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Path)))
    return false;
  std::string Temporary =
      (Path + ".tmp." + llvm::Twine(llvm::sys::Process::getProcessId())).str();
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Temporary, EC);
    if (EC)
      return false;
    OS << Text;
    OS.close();
    if (OS.has_error()) {
      OS.clear_error();
      llvm::sys::fs::remove(Temporary);
      return false;
    }
  }
  if (llvm::sys::fs::rename(Temporary, Path)) {
    llvm::sys::fs::remove(Temporary);
    return false;
  }
  return true;
}

/// The lines of one section, up to the next `# ` line.
class SectionReader {
public:
  explicit SectionReader(llvm::StringRef Text) : Rest(Text) {}

  /// Reads `# <Name>` and the lines after it; false when it is not next.
  bool section(llvm::StringRef Name, std::vector<llvm::StringRef> &Lines) {
    if (line() != ("# " + Name).str())
      return false;
    while (!Rest.empty() && !Rest.starts_with("# "))
      Lines.push_back(line());
    return true;
  }

  llvm::StringRef line() {
    auto [Line, Tail] = Rest.split('\n');
    Rest = Tail;
    return Line;
  }

  bool atEnd() const { return Rest.empty(); }

private:
  llvm::StringRef Rest;
};

std::vector<std::string> strings(llvm::ArrayRef<llvm::StringRef> Lines) {
  return std::vector<std::string>(Lines.begin(), Lines.end());
}

/// The bound in the file, or nullopt when the file is not whole.
bool parseFiles(llvm::ArrayRef<llvm::StringRef> Lines, Universe &U) {
  for (llvm::StringRef Line : Lines) {
    llvm::SmallVector<llvm::StringRef, 3> Fields;
    Line.split(Fields, '\t');
    int64_t Time;
    uint64_t Size;
    if (Fields.size() != 3 || Fields[1].getAsInteger(10, Time) ||
        Fields[2].getAsInteger(10, Size))
      return false;
    U.Files[Fields[0]] = {Time, Size};
  }
  return true;
}

/// The headers of a TU that the universe does not hold as they are now,
/// and how many of them are in its folders.
struct Outside {
  std::vector<std::string> Paths;
  unsigned Changed = 0;
};

Outside headersOutside(const Universe &U, llvm::ArrayRef<std::string> Headers,
                       BuildRecords &Records) {
  Outside Out;
  for (const std::string &H : Headers) {
    bool InFolders = llvm::StringRef(H).ends_with(".h") &&
                     llvm::any_of(U.Dirs, [&](const std::string &D) {
                       return isInside(H, D);
                     });
    if (InFolders) {
      auto Known = U.Files.find(H);
      std::optional<BuildRecords::FileStamp> Now = Records.fileStamp(H);
      if (Known != U.Files.end() && Now &&
          Known->second == stampOf(Now->Time, Now->Size))
        continue;
      ++Out.Changed;
    }
    Out.Paths.push_back(H);
  }
  return Out;
}

/// The universe of \p Dirs from \p Path, or built (and written there);
/// \p Note says what happened when the file was not used as it was.
Universe loadOrBuild(llvm::StringRef Path, llvm::ArrayRef<std::string> Dirs,
                     const ScanCacheSettings &Settings, std::string &Note) {
  std::string Header = universeHeader(Settings.ToolVersion);
  if (auto Buffer = llvm::MemoryBuffer::getFile(Path)) {
    std::optional<Universe> U = parseUniverse((*Buffer)->getBuffer(), Header);
    if (U && llvm::ArrayRef(U->Dirs) == Dirs)
      return std::move(*U);
    Note = "built again (another version or folders)";
  } else {
    Note = "built";
  }
  Universe U = buildUniverse(Dirs, Settings.Jobs);
  if (!writeAtomically(Path, formatUniverse(U, Header)))
    Note += ", not written";
  return U;
}

/// The scans of \p Paths (unreadable ones empty, as the prefilter has
/// them).
std::vector<SourceScan> scanFiles(llvm::ArrayRef<std::string> Paths,
                                  unsigned Jobs) {
  std::vector<SourceScan> Scans(Paths.size());
  parallelFor(Paths.size(), Jobs, [&](size_t I) {
    llvm::ErrorOr<llvm::vfs::Status> S =
        llvm::vfs::getRealFileSystem()->status(Paths[I]);
    if (!S || !S->isRegularFile() || !unreadable(*S).empty())
      return;
    if (auto Buffer = llvm::MemoryBuffer::getFile(Paths[I]))
      Scans[I] = scanBuffer(**Buffer);
  });
  return Scans;
}

} // namespace

std::vector<std::string>
universeFolders(const clang::tooling::CompileCommand &Command) {
  // Kbuild's checker runs in the build's folder, which its command names
  // as ".".
  std::string Root = absoluteSourcePath(Command.Directory, ".");
  std::vector<std::string> Dirs;
  llvm::ArrayRef<std::string> Args = Command.CommandLine;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef Flag = folderOf(Args, I);
    if (Flag.empty())
      continue;
    std::string Dir = absoluteSourcePath(Root, Flag);
    llvm::StringRef Relative(Dir);
    if (!Relative.consume_front(Root) || !Relative.consume_front("/") ||
        !namesIncludeFolder(Relative) || !llvm::sys::fs::is_directory(Dir))
      continue;
    Dirs.push_back(std::move(Dir));
  }
  llvm::sort(Dirs);
  Dirs.erase(std::unique(Dirs.begin(), Dirs.end()), Dirs.end());
  // Sorted, a folder comes right before those inside it.
  std::vector<std::string> Top;
  for (std::string &D : Dirs)
    if (Top.empty() || !isInside(D, Top.back()))
      Top.push_back(std::move(D));
  return Top;
}

std::string universeHeader(llvm::StringRef ToolVersion) {
  return ("uaccess-lint relevance universe " + llvm::Twine(FormatVersion) +
          " " + ToolVersion + " " + apiHash())
      .str();
}

std::string formatUniverse(const Universe &U, llvm::StringRef Header) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << Header << "\n# dirs\n";
  for (const std::string &D : U.Dirs)
    OS << D << "\n";
  OS << "# files\n";
  std::vector<llvm::StringRef> Paths;
  for (const auto &F : U.Files)
    Paths.push_back(F.getKey());
  llvm::sort(Paths);
  for (llvm::StringRef P : Paths) {
    const auto &[Time, Size] = U.Files.lookup(P);
    OS << P << "\t" << Time << "\t" << Size << "\n";
  }
  auto Section = [&](llvm::StringRef Name,
                     const std::vector<std::string> &Lines) {
    OS << "# " << Name << "\n";
    for (const std::string &L : Lines)
      OS << L << "\n";
  };
  Section("relevant", U.Bound.Relevant);
  Section("pasting", U.Bound.PastingMacros);
  Section("identifiers", U.Bound.Identifiers);
  OS << "# end\n";
  return Text;
}

std::optional<Universe> parseUniverse(llvm::StringRef Text,
                                      llvm::StringRef Header) {
  SectionReader Reader(Text);
  if (Reader.line() != Header)
    return std::nullopt;
  std::vector<llvm::StringRef> Dirs, Files, Relevant, Pasting, Identifiers;
  Universe U;
  if (!Reader.section("dirs", Dirs) || !Reader.section("files", Files) ||
      !Reader.section("relevant", Relevant) ||
      !Reader.section("pasting", Pasting) ||
      !Reader.section("identifiers", Identifiers) || !parseFiles(Files, U))
    return std::nullopt;
  std::vector<llvm::StringRef> End;
  if (!Reader.section("end", End) || !End.empty() || !Reader.atEnd())
    return std::nullopt;
  U.Dirs = strings(Dirs);
  U.Bound.Relevant = strings(Relevant);
  U.Bound.PastingMacros = strings(Pasting);
  U.Bound.Identifiers = strings(Identifiers);
  return U;
}

CachedChoice chooseByScanCache(const ScanCacheSettings &Settings,
                               const clang::tooling::CompileCommand &Command,
                               llvm::ArrayRef<std::string> Files,
                               BuildRecords &Records) {
  CachedChoice Choice;
  std::vector<std::string> Dirs = universeFolders(Command);
  if (Dirs.empty() || Files.empty()) {
    Choice.Note = "not used: the command has no include folder to cache";
    return Choice;
  }
  llvm::SmallString<256> Dir(absoluteSourcePath(
      Settings.Dir.empty() ? Command.Directory : "",
      Settings.Dir.empty() ? ".uaccess-lint-cache" : Settings.Dir));
  llvm::sys::path::append(Dir, "universe-" + hexHash(llvm::join(Dirs, "\n")));
  Choice.Path = std::string(Dir);
  std::string Built;
  Universe U = loadOrBuild(Choice.Path, Dirs, Settings, Built);
  Outside L = headersOutside(U, Files.drop_front(), Records);
  if (L.Changed > MaxChangedHeaders && Built.empty()) {
    Built = "built again (" + std::to_string(L.Changed) + " headers changed)";
    U = buildUniverse(Dirs, Settings.Jobs);
    if (!writeAtomically(
            Choice.Path,
            formatUniverse(U, universeHeader(Settings.ToolVersion))))
      Built += ", not written";
    L = headersOutside(U, Files.drop_front(), Records);
  }
  std::vector<std::string> ToScan{Files.front()};
  ToScan.insert(ToScan.end(), L.Paths.begin(), L.Paths.end());
  std::vector<SourceScan> Scans = scanFiles(ToScan, Settings.Jobs);
  std::vector<const SourceScan *> Extra;
  for (const SourceScan &S : llvm::drop_begin(Scans))
    Extra.push_back(&S);
  std::string Prefix = Built.empty() ? "" : Built + "; ";
  std::optional<llvm::StringSet<>> Bound = boundWith(U.Bound, Extra);
  if (!Bound) {
    Choice.Note = Prefix + "not used: a header outside it makes relevant a "
                           "name it uses; the full prefilter decides";
    return Choice;
  }
  if (llvm::StringRef N = firstRelevant(Scans.front(), *Bound); !N.empty()) {
    Choice.Note = Prefix + "the main file names '" + N.str() +
                  "' of its bound; the full prefilter decides";
    return Choice;
  }
  Choice.Skip = true;
  Choice.Note = Built;
  return Choice;
}

} // namespace uaccess
