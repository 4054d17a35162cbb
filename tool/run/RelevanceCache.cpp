//===--- RelevanceCache.cpp - The scan cache of Kbuild's checker ----------===//

#include "run/RelevanceCache.h"

#include "api/UaccessApi.h"
#include "run/BuildRecords.h"
#include "run/IncludeScan.h"
#include "run/Workers.h"
#include "support/SourceRoots.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/LockFileManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <sys/stat.h>

#include <algorithm>
#include <chrono>

namespace uaccess {

namespace {

/// Bump when the file's format, or what the scans and bounds mean, change.
constexpr int FormatVersion = 2;

/// More changed headers of the universe than this rebuild it.
constexpr unsigned MaxChangedHeaders = 64;
/// Past this many headers in its folders, a tree has no universe: the
/// full prefilter decides.
constexpr size_t MaxUniverseFiles = 200000;

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

/// A header's stamp: its size, and the later of its modification and
/// status-change times. A file replaced with one of the same size and
/// modification time (`cp -p`, `rsync -t`, `tar x`) has a new change time,
/// which no one can set back.
std::optional<std::pair<int64_t, uint64_t>> stampOf(llvm::StringRef Path) {
  struct stat St;
  if (::stat(Path.str().c_str(), &St) != 0)
    return std::nullopt;
  auto Ns = [](const struct timespec &T) {
    return int64_t(T.tv_sec) * 1000000000 + T.tv_nsec;
  };
  return std::make_pair(std::max(Ns(St.st_mtim), Ns(St.st_ctim)),
                        uint64_t(St.st_size));
}

/// Every `*.h` under \p Dirs, sorted; none past MaxUniverseFiles. Links
/// to folders are not followed: `include/linux/up -> ..` would make a
/// walk without end.
std::vector<std::string> headersUnder(llvm::ArrayRef<std::string> Dirs) {
  std::vector<std::string> Paths;
  for (const std::string &Dir : Dirs) {
    std::error_code EC;
    for (llvm::sys::fs::recursive_directory_iterator It(Dir, EC, false), End;
         It != End && !EC; It.increment(EC)) {
      if (llvm::StringRef(It->path()).ends_with(".h"))
        Paths.push_back(It->path());
      if (Paths.size() > MaxUniverseFiles)
        return {};
    }
  }
  llvm::sort(Paths);
  Paths.erase(std::unique(Paths.begin(), Paths.end()), Paths.end());
  return Paths;
}

/// Reads and scans every header of \p Dirs.
UniverseContents buildUniverse(llvm::ArrayRef<std::string> Dirs,
                               unsigned Jobs) {
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
    Stamps[I] = stampOf(Paths[I]);
    Scans[I] = scanFile(Paths[I]);
  });
  UniverseContents U;
  U.Dirs = Dirs;
  std::vector<const SourceScan *> All;
  for (size_t I = 0; I < Paths.size(); ++I) {
    if (!Stamps[I])
      continue;
    U.Files.push_back({Paths[I], Stamps[I]->first, Stamps[I]->second});
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

/// The line of sorted, newline-ended \p Lines whose text up to its first
/// tab (all of it, when it has none) is \p Key; empty when none is.
llvm::StringRef findSortedLine(llvm::StringRef Lines, llvm::StringRef Key) {
  // Lo and Hi are line starts (or the end).
  size_t Lo = 0, Hi = Lines.size();
  while (Lo < Hi) {
    size_t Mid = Lo + (Hi - Lo) / 2;
    size_t Start = Lines.rfind('\n', Mid) + 1; // npos + 1 is 0.
    size_t End = Lines.find('\n', Start);
    llvm::StringRef Line = Lines.slice(Start, End);
    int Order = Line.split('\t').first.compare(Key);
    if (Order == 0)
      return Line;
    if (Order < 0)
      Lo = End + 1;
    else
      Hi = Start;
  }
  return "";
}

/// The lines of \p Text from \p Begin (a line start) up to \p Marker, a
/// line of its own; \p Begin moves past the marker. False when there is
/// no such marker.
bool linesUpTo(llvm::StringRef Text, size_t &Begin, llvm::StringRef Marker,
               llvm::StringRef &Lines) {
  std::string Line = "\n" + Marker.str() + "\n";
  size_t At = Begin ? Text.find(Line, Begin - 1) : llvm::StringRef::npos;
  if (At == llvm::StringRef::npos)
    return false;
  Lines = Text.slice(Begin, At + 1);
  Begin = At + Line.size();
  return true;
}

std::vector<std::string> splitLines(llvm::StringRef Lines) {
  llvm::SmallVector<llvm::StringRef> Parts;
  Lines.split(Parts, '\n', -1, /*KeepEmpty=*/false);
  return std::vector<std::string>(Parts.begin(), Parts.end());
}

/// The headers of a TU that the universe does not hold as they are now,
/// and how many of them are in its folders.
struct Outside {
  std::vector<std::string> Paths;
  unsigned Changed = 0;
};

Outside headersOutside(const Universe &U, llvm::ArrayRef<std::string> Headers) {
  Outside Out;
  for (const std::string &H : Headers) {
    bool InFolders = llvm::StringRef(H).ends_with(".h") &&
                     llvm::any_of(U.Dirs, [&](const std::string &D) {
                       return isInside(H, D);
                     });
    if (InFolders) {
      std::optional<std::pair<int64_t, uint64_t>> Known = U.stamp(H);
      if (Known && Known == stampOf(H))
        continue;
      ++Out.Changed;
    }
    Out.Paths.push_back(H);
  }
  return Out;
}

/// Builds the universe of \p Dirs and writes it to \p Path; \p Note says
/// when it could not be written.
std::optional<Universe> rebuild(llvm::StringRef Path,
                                llvm::ArrayRef<std::string> Dirs,
                                const ScanCacheSettings &Settings,
                                std::string &Note) {
  std::string Header = universeHeader(Settings.ToolVersion);
  std::string Text = formatUniverse(buildUniverse(Dirs, Settings.Jobs), Header);
  if (!writeAtomically(Path, Text))
    Note += ", not written";
  return parseUniverse(llvm::MemoryBuffer::getMemBufferCopy(Text), Header);
}

/// The universe of \p Dirs in the file \p Path, when it holds this
/// version's for those folders.
std::optional<Universe> readUniverse(llvm::StringRef Path,
                                     llvm::ArrayRef<std::string> Dirs,
                                     llvm::StringRef Header) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return std::nullopt;
  std::optional<Universe> U = parseUniverse(std::move(*Buffer), Header);
  if (U && llvm::ArrayRef(U->Dirs) == Dirs)
    return U;
  return std::nullopt;
}

/// The universe of \p Dirs from \p Path, or built (and written there);
/// \p Note says what happened when the file was not used as it was.
std::optional<Universe> loadOrBuild(llvm::StringRef Path,
                                    llvm::ArrayRef<std::string> Dirs,
                                    const ScanCacheSettings &Settings,
                                    std::string &Note) {
  std::string Header = universeHeader(Settings.ToolVersion);
  bool Existed = llvm::sys::fs::exists(Path);
  if (std::optional<Universe> U = readUniverse(Path, Dirs, Header))
    return U;
  Note = Existed ? "built again (another version or folders)" : "built";
  // Under make -j the first calls start together: one builds the file and
  // the others wait for it, then read it. A lock whose owner died is taken
  // over; so is one that outlives the wait (another host's, a reused pid),
  // which would stall every later build as long. A folder that takes no
  // lock builds alone.
  llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Path));
  llvm::LockFileManager Lock(Path);
  if (Lock.getState() == llvm::LockFileManager::LFS_Shared) {
    auto Waited = Lock.waitForUnlock(Settings.LockWaitSeconds);
    if (Waited != llvm::LockFileManager::Res_Timeout)
      if (std::optional<Universe> U = readUniverse(Path, Dirs, Header)) {
        Note = "read when another call had built it";
        return U;
      }
    if (Waited == llvm::LockFileManager::Res_Timeout) {
      Lock.unsafeRemoveLockFile();
      Note += " (a lock held past " + std::to_string(Settings.LockWaitSeconds) +
              " s: taken over)";
    }
  }
  return rebuild(Path, Dirs, Settings, Note);
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

std::string formatUniverse(const UniverseContents &U, llvm::StringRef Header) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << Header << "\n# dirs\n";
  for (const std::string &D : U.Dirs)
    OS << D << "\n";
  OS << "# files\n";
  for (const UniverseFile &F : U.Files)
    OS << F.Path << "\t" << F.Time << "\t" << F.Size << "\n";
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

std::optional<Universe> parseUniverse(std::unique_ptr<llvm::MemoryBuffer> Text,
                                      llvm::StringRef Header) {
  llvm::StringRef All = Text->getBuffer();
  if (!All.starts_with((Header + "\n# dirs\n").str()))
    return std::nullopt;
  Universe U;
  size_t At = Header.size() + sizeof("\n# dirs\n") - 1;
  llvm::StringRef Dirs, Relevant, Pasting;
  // Paths are absolute and identifiers have no '#': no line of theirs is
  // a marker.
  if (!linesUpTo(All, At, "# files", Dirs) ||
      !linesUpTo(All, At, "# relevant", U.FileLines) ||
      !linesUpTo(All, At, "# pasting", Relevant) ||
      !linesUpTo(All, At, "# identifiers", Pasting) ||
      !All.ends_with("\n# end\n") || At > All.size() - 6)
    return std::nullopt;
  U.IdentifierLines = All.slice(At, All.size() - 6);
  U.Dirs = splitLines(Dirs);
  U.Bound.Relevant = splitLines(Relevant);
  U.Bound.PastingMacros = splitLines(Pasting);
  U.Text = std::move(Text);
  return U;
}

std::optional<std::pair<int64_t, uint64_t>>
Universe::stamp(llvm::StringRef Path) const {
  llvm::StringRef Line = findSortedLine(FileLines, Path);
  llvm::SmallVector<llvm::StringRef, 3> Fields;
  Line.split(Fields, '\t');
  std::pair<int64_t, uint64_t> Stamp;
  if (Fields.size() != 3 || Fields[1].getAsInteger(10, Stamp.first) ||
      Fields[2].getAsInteger(10, Stamp.second))
    return std::nullopt;
  return Stamp;
}

bool Universe::hasIdentifier(llvm::StringRef Name) const {
  return !findSortedLine(IdentifierLines, Name).empty();
}

/// The cache file of \p Dirs for \p Command.
static std::string cachePath(const ScanCacheSettings &Settings,
                             const clang::tooling::CompileCommand &Command,
                             llvm::ArrayRef<std::string> Dirs) {
  llvm::SmallString<256> Path(absoluteSourcePath(
      Settings.Dir.empty() ? Command.Directory : "",
      Settings.Dir.empty() ? ".uaccess-lint-cache" : Settings.Dir));
  llvm::sys::path::append(Path, "universe-" + hexHash(llvm::join(Dirs, "\n")));
  return std::string(Path);
}

CachedChoice chooseByScanCache(const ScanCacheSettings &Settings,
                               const clang::tooling::CompileCommand &Command,
                               llvm::ArrayRef<std::string> Files) {
  CachedChoice Choice;
  std::vector<std::string> Dirs = universeFolders(Command);
  if (Dirs.empty() || Files.empty()) {
    Choice.Note = "not used: the command has no include folder to cache";
    return Choice;
  }
  Choice.Path = cachePath(Settings, Command, Dirs);
  std::string Built;
  std::optional<Universe> U = loadOrBuild(Choice.Path, Dirs, Settings, Built);
  Outside L;
  if (U)
    L = headersOutside(*U, Files.drop_front());
  if (U && L.Changed > MaxChangedHeaders && Built.empty()) {
    Built = "built again (" + std::to_string(L.Changed) + " headers changed)";
    if ((U = rebuild(Choice.Path, Dirs, Settings, Built)))
      L = headersOutside(*U, Files.drop_front());
  }
  std::string Prefix = Built.empty() ? "" : Built + "; ";
  if (!U) {
    Choice.Note = Prefix + "not used: unreadable; the full prefilter decides";
    return Choice;
  }
  std::vector<std::string> ToScan{Files.front()};
  ToScan.insert(ToScan.end(), L.Paths.begin(), L.Paths.end());
  std::vector<SourceScan> Scans = scanFiles(ToScan, Settings.Jobs);
  // The command line's macros (`-DMYPUT=__put_user`) are outside it too.
  SourceScan Defines =
      scanDefines(preprocessorFlags(Command.CommandLine, Command.Directory));
  std::vector<const SourceScan *> Extra{&Defines};
  for (const SourceScan &S : llvm::drop_begin(Scans))
    Extra.push_back(&S);
  std::optional<llvm::StringSet<>> Bound = boundWith(
      U->Bound, [&](llvm::StringRef N) { return U->hasIdentifier(N); }, Extra);
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
