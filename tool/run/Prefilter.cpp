//===--- Prefilter.cpp - Which TUs can have findings, before parsing ------===//

#include "run/Prefilter.h"

#include "api/UaccessApi.h"
#include "run/BuildRecords.h"
#include "run/Workers.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/TextDiagnosticBuffer.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/DependencyScanning/DependencyScanningService.h"
#include "clang/Tooling/DependencyScanning/DependencyScanningTool.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

using namespace clang;
namespace deps = clang::tooling::dependencies;

namespace uaccess {

namespace {

/// Every file the TUs read, scanned once.
struct FileTable {
  std::vector<std::string> Paths;
  /// One per path: the first TU that reads it.
  std::vector<size_t> FirstReader;
  llvm::StringMap<size_t> Index;
  std::vector<SourceScan> Scans;
  /// Indices of the files some TU includes (not only as its main file).
  std::set<size_t> Headers;

  size_t add(const std::string &Path, size_t Reader) {
    auto [It, New] = Index.try_emplace(Path, Paths.size());
    if (New) {
      Paths.push_back(Path);
      FirstReader.push_back(Reader);
    }
    return It->second;
  }

  void scanAll(unsigned Jobs) {
    // What the include scan refused is not read here either.
    Scans = scanFiles(Paths, Jobs);
  }
};

/// One TU as the prefilter sees it: its files (the main file first) or
/// nothing, when its includes could not be learned.
using TUFiles = std::optional<std::vector<size_t>>;

/// Each TU's preprocessor configuration, as a number: TUs with the same
/// preprocessor flags (BuildRecords.h) compile a header alike, whatever
/// their object's name (Kbuild's per-object KBUILD_BASENAME, ...).
std::vector<unsigned>
configurations(const std::vector<tooling::CompileCommand> &Commands) {
  std::map<std::vector<std::string>, unsigned> Ids;
  std::vector<unsigned> Of;
  for (const tooling::CompileCommand &C : Commands) {
    std::vector<std::string> Flags =
        preprocessorFlags(C.CommandLine, C.Directory);
    llvm::erase_if(Flags, [](llvm::StringRef F) {
      return F.starts_with("-DKBUILD_") || F.starts_with("-D__KBUILD_");
    });
    Of.push_back(Ids.try_emplace(std::move(Flags), Ids.size()).first->second);
  }
  return Of;
}

/// The macros \p Main defines that \p Header names, in order: a main file
/// that defines `DEBUG` or `MODE_READ` before it includes the header makes
/// the header other code than a TU that does not.
std::string definesUsedBy(const SourceScan &Main, const SourceScan &Header) {
  auto Names = [](const std::vector<llvm::StringRef> &Sorted,
                  llvm::StringRef Name) {
    return std::binary_search(Sorted.begin(), Sorted.end(), Name);
  };
  std::string Key;
  for (llvm::StringRef Macro : Main.DefinedMacros)
    if (Names(Header.Identifiers, Macro) ||
        Names(Header.DirectiveIdentifiers, Macro))
      Key += Macro.str() + " ";
  return Key;
}

/// The TUs to parse: those whose main file names a relevant name, then
/// each that includes a relevant header none of those includes under its
/// configuration (\p ConfigOf: another -D can make the header other code,
/// with other findings and fix-its) and with the same macros of its main
/// file that the header names (definesUsedBy()). A TU whose includes could not
/// be learned is parsed, unless its parse would fail (\p Unparsable).
void chooseTUs(const std::vector<TUFiles> &TUs, const FileTable &Files,
               const llvm::StringSet<> &Relevant, bool CoverHeaders,
               const std::vector<unsigned> &ConfigOf, PrefilterResult &Out) {
  Out.Analyze.assign(TUs.size(), false);
  Out.Why.assign(TUs.size(), "");
  Out.Unparsable.resize(TUs.size());
  std::vector<char> RelevantHeader(Files.Paths.size(), 0);
  for (size_t F : Files.Headers)
    RelevantHeader[F] = definesRelevantBody(Files.Scans[F], Relevant);
  std::set<std::tuple<size_t, unsigned, std::string>> Covered;
  auto KeyOf = [&](size_t I, size_t F) {
    return std::make_tuple(
        F, ConfigOf[I],
        definesUsedBy(Files.Scans[TUs[I]->front()], Files.Scans[F]));
  };
  auto Cover = [&](size_t I, std::string Why) {
    Out.Analyze[I] = true;
    Out.Why[I] = std::move(Why);
    // Only a relevant header is ever looked up.
    for (size_t F : llvm::drop_begin(*TUs[I]))
      if (RelevantHeader[F])
        Covered.insert(KeyOf(I, F));
  };
  for (size_t I = 0; I < TUs.size(); ++I) {
    if (!TUs[I] && !Out.Unparsable[I].empty()) {
      Out.Why[I] = "its parse would fail: " + Out.Unparsable[I];
    } else if (!TUs[I]) {
      Out.Analyze[I] = true;
      Out.Why[I] = "its includes could not be scanned";
    } else if (llvm::StringRef N =
                   firstRelevant(Files.Scans[TUs[I]->front()], Relevant);
               !N.empty()) {
      Cover(I, ("names '" + N + "'").str());
    }
  }
  for (size_t I = 0; CoverHeaders && I < TUs.size(); ++I) {
    if (!TUs[I] || Out.Analyze[I])
      continue;
    auto Header = llvm::find_if(llvm::drop_begin(*TUs[I]), [&](size_t F) {
      return RelevantHeader[F] && !Covered.count(KeyOf(I, F));
    });
    if (Header != TUs[I]->end())
      Cover(I, "covers '" + Files.Paths[*Header] + "'");
  }
}

/// A patch gate's cut: a chosen TU none of whose files the patch touches
/// can only give findings the gate drops. The TU chosen to cover a patched
/// header includes it, so it touches the patch and is never cut.
void keepTouchedTUs(const std::vector<TUFiles> &TUs, const FileTable &Files,
                    TouchedFileFn Touched, PrefilterResult &Out) {
  // Asked once per file: the patch's paths are compared by real path.
  std::vector<signed char> Known(Files.Paths.size(), -1);
  auto IsTouched = [&](size_t F) {
    if (Known[F] < 0)
      Known[F] = Touched(Files.Paths[F]);
    return Known[F] == 1;
  };
  for (size_t I = 0; I < TUs.size(); ++I) {
    if (!Out.Analyze[I] || !TUs[I])
      continue;
    if (llvm::none_of(*TUs[I], IsTouched)) {
      Out.Analyze[I] = false;
      Out.Why[I] = "the patch touches none of its files";
    }
  }
}

/// PrefilterResult::SkippableBodies of the TUs to parse.
void findSkippableBodies(const std::vector<TUFiles> &TUs,
                         const FileTable &Files,
                         const llvm::StringSet<> &Relevant, unsigned Jobs,
                         PrefilterResult &Out) {
  std::vector<char> Needed(Files.Paths.size(), 0);
  for (size_t I = 0; I < TUs.size(); ++I)
    if (Out.Analyze[I] && TUs[I])
      for (size_t F : *TUs[I])
        Needed[F] = 1;
  std::vector<std::vector<unsigned>> Seeds(Files.Paths.size());
  parallelFor(Files.Paths.size(), Jobs, [&](size_t F) {
    if (Needed[F])
      Seeds[F] = relevantDefinitions(Files.Scans[F], Relevant);
  });
  parallelFor(TUs.size(), Jobs, [&](size_t I) {
    if (!Out.Analyze[I] || !TUs[I])
      return;
    std::vector<const SourceScan *> Scans;
    std::vector<std::vector<unsigned>> TUSeeds;
    for (size_t F : *TUs[I]) {
      Scans.push_back(&Files.Scans[F]);
      TUSeeds.push_back(Seeds[F]);
    }
    Out.SkippableBodies[I] = skippableBodies(Scans, Relevant, TUSeeds);
  });
}

} // namespace

namespace {

/// Each command's files (its main file first): from its fresh build
/// record, or scanned; nullopt where the scan failed (Result.Unparsable).
struct IncludedFiles {
  std::vector<std::optional<std::vector<std::string>>> Files;
  /// One per command: its files came from its build record.
  std::vector<char> FromRecord;
};

IncludedFiles filesOfEach(const std::vector<tooling::CompileCommand> &Commands,
                          const PrefilterSettings &Settings,
                          PrefilterResult &Result) {
  IncludedFiles Out;
  auto &Included = Out.Files;
  Included.resize(Commands.size());
  Out.FromRecord.assign(Commands.size(), 0);
  parallelFor(Commands.size(), Settings.Jobs, [&](size_t I) {
    if (Settings.Records) {
      auto Recorded = Settings.Records->inputsOf(Commands[I]);
      if (Recorded) {
        Included[I] = std::move(*Recorded);
        Out.FromRecord[I] = 1;
        Result.IncludesFrom[I] =
            "from " + *BuildRecords::recordPath(Commands[I]);
        return;
      }
      Result.IncludesFrom[I] = "scanned: " + toString(Recorded.takeError());
    }
    auto Files = includedFiles(Commands[I], Settings.Scanner);
    if (Files)
      Included[I] = std::move(*Files);
    else
      Result.Unparsable[I] = missingIncludeError(toString(Files.takeError()));
  });
  return Out;
}

/// Asks the scan cache of a lone TU whose record is fresh (Kbuild's
/// checker); true when it skips the TU, whose result it fills in as the
/// full prefilter would.
bool skippedByCache(const std::vector<tooling::CompileCommand> &Commands,
                    const IncludedFiles &Included,
                    const PrefilterSettings &Settings,
                    PrefilterResult &Result) {
  if (!Settings.ScanCache || Commands.size() != 1 || !Settings.Records ||
      Settings.CoverHeaders || Settings.Touched || !Included.Files[0] ||
      !Included.FromRecord[0])
    return false;
  const std::vector<std::string> &Files = *Included.Files[0];
  CachedChoice Choice =
      chooseByScanCache(*Settings.ScanCache, Commands[0], Files);
  Result.ScanCache[0] = Choice.Note;
  if (!Choice.Skip)
    return false;
  Result.Analyze = {false};
  Result.Why = {"names nothing relevant (scan cache " + Choice.Path + ")"};
  Result.Skipped = 1;
  Result.SkippableBodies.resize(1);
  llvm::StringSet<> Seen;
  for (const std::string &File : Files)
    if (Seen.insert(File).second)
      Result.FilesRead.push_back({File, 0});
  return true;
}

} // namespace

PrefilterResult
prefilterCommands(const std::vector<tooling::CompileCommand> &Commands,
                  const PrefilterSettings &Settings) {
  PrefilterResult Result;
  Result.Unparsable.resize(Commands.size());
  Result.IncludesFrom.resize(Commands.size());
  Result.ScanCache.resize(Commands.size());
  IncludedFiles Found = filesOfEach(Commands, Settings, Result);
  if (skippedByCache(Commands, Found, Settings, Result))
    return Result;
  auto &Included = Found.Files;
  FileTable Files;
  std::vector<TUFiles> TUs(Commands.size());
  for (size_t I = 0; I < Commands.size(); ++I) {
    if (!Included[I])
      continue;
    TUs[I].emplace();
    for (const std::string &Path : *Included[I])
      TUs[I]->push_back(Files.add(Path, I));
    Files.Headers.insert(std::next(TUs[I]->begin()), TUs[I]->end());
  }
  Files.scanAll(Settings.Jobs);
  std::vector<const SourceScan *> HeaderScans;
  for (size_t F : Files.Headers)
    HeaderScans.push_back(&Files.Scans[F]);
  // A macro the command line defines (`-DMYPUT=__put_user`) is a header's.
  std::vector<SourceScan> Defines;
  for (const tooling::CompileCommand &C : Commands)
    Defines.push_back(
        scanDefines(preprocessorFlags(C.CommandLine, C.Directory)));
  for (const SourceScan &D : Defines)
    HeaderScans.push_back(&D);
  llvm::StringSet<> Relevant = relevantNames(HeaderScans);
  chooseTUs(TUs, Files, Relevant, Settings.CoverHeaders,
            configurations(Commands), Result);
  for (size_t F = 0; F < Files.Paths.size(); ++F)
    Result.FilesRead.push_back({Files.Paths[F], Files.FirstReader[F]});
  if (Settings.Touched)
    keepTouchedTUs(TUs, Files, Settings.Touched, Result);
  for (size_t I = 0; I < Commands.size(); ++I)
    Result.Skipped += !Result.Analyze[I] && Result.Unparsable[I].empty();
  Result.SkippableBodies.resize(Commands.size());
  if (Settings.FindSkippable)
    findSkippableBodies(TUs, Files, Relevant, Settings.Jobs, Result);
  return Result;
}

PrefilterResult
prefilterGroups(const std::vector<tooling::CompileCommand> &Commands,
                ArrayRef<unsigned> Group, const PrefilterSettings &Settings) {
  std::map<unsigned, std::vector<size_t>> Members;
  for (size_t I = 0; I < Commands.size(); ++I)
    Members[Group[I]].push_back(I);
  PrefilterResult All;
  All.Analyze.resize(Commands.size());
  All.Why.resize(Commands.size());
  All.SkippableBodies.resize(Commands.size());
  All.Unparsable.resize(Commands.size());
  All.IncludesFrom.resize(Commands.size());
  All.ScanCache.resize(Commands.size());
  for (const auto &[Index, Positions] : Members) {
    std::vector<tooling::CompileCommand> Part;
    for (size_t I : Positions)
      Part.push_back(Commands[I]);
    PrefilterResult Choice = prefilterCommands(Part, Settings);
    for (size_t K = 0; K < Positions.size(); ++K) {
      All.Analyze[Positions[K]] = Choice.Analyze[K];
      All.Why[Positions[K]] = std::move(Choice.Why[K]);
      All.SkippableBodies[Positions[K]] = std::move(Choice.SkippableBodies[K]);
      All.Unparsable[Positions[K]] = std::move(Choice.Unparsable[K]);
      All.IncludesFrom[Positions[K]] = std::move(Choice.IncludesFrom[K]);
      All.ScanCache[Positions[K]] = std::move(Choice.ScanCache[K]);
    }
    for (auto &[File, Reader] : Choice.FilesRead)
      All.FilesRead.push_back({std::move(File), Positions[Reader]});
    All.Skipped += Choice.Skipped;
  }
  return All;
}

} // namespace uaccess
