//===--- BuildRecords.cpp - The files a built TU read, as Kbuild saw ------===//

#include "run/BuildRecords.h"
#include "inputs/CommandAdjuster.h"
#include "inputs/Inputs.h"

#include "clang/Driver/ToolChain.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>
#include <optional>
#include <set>

namespace uaccess {

namespace {
llvm::Error notUsed(const llvm::Twine &Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
}

/// The value of the line `<Key><anything> := <value>`; empty when none.
llvm::StringRef assignedValue(llvm::StringRef Line, llvm::StringRef Key) {
  if (!Line.starts_with(Key))
    return "";
  size_t At = Line.find(" := ");
  return At == llvm::StringRef::npos ? "" : Line.drop_front(At + 4).trim();
}

/// The -I and -isystem folders of \p Args, in the order they are searched.
std::vector<std::string> includeFolders(llvm::ArrayRef<std::string> Args,
                                        llvm::StringRef Dir) {
  std::vector<std::string> Folders;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef Arg = Args[I];
    for (llvm::StringRef Flag : {"-isystem", "-I"}) {
      if (!Arg.consume_front(Flag))
        continue;
      if (Arg.empty() && I + 1 < Args.size())
        Arg = Args[++I];
      if (!Arg.empty())
        Folders.push_back(absoluteSourcePath(Dir, Arg));
      break;
    }
  }
  return Folders;
}

/// A define of sparse's CHECKFLAGS (Makefile, arch/*/Makefile), which the
/// compile's target predefines: a checker's command has it, the build's
/// record does not.
bool checkerDefine(llvm::StringRef Flag) {
  static const char *const Names[] = {
      "linux",         "unix",           "__linux__",
      "__unix__",      "__STDC__",       "__x86_64__",
      "__i386__",      "__aarch64__",    "__AARCH64EL__",
      "__AARCH64EB__", "__arm__",        "__ARMEL__",
      "__ARMEB__",     "__powerpc__",    "__powerpc64__",
      "__powerpc32__", "__BIG_ENDIAN__", "__LITTLE_ENDIAN__",
      "__riscv",       "__riscv_xlen",   "__s390__",
      "__s390x__",     "__LP64__"};
  if (!Flag.consume_front("-D"))
    return false;
  return llvm::is_contained(Names, Flag.split('=').first);
}

/// A flag that changes the macros the compiler predefines, or what the
/// preprocessor reads: the optimizer (__OPTIMIZE__), the language
/// (__STDC_VERSION__), and every -f flag, in order (a later one undoes an
/// earlier: `-fPIC ... -fno-pic`). Most -f flags change some predefine
/// (-fno-asynchronous-unwind-tables: __GCC_HAVE_DWARF2_CFI_ASM,
/// -fno-math-errno: __NO_MATH_ERRNO__, -fstack-protector: __SSP__, ...),
/// and a build's record and its database command have the same ones.
bool definesPredefined(llvm::StringRef Arg) {
  static const char *const Flags[] = {"-ansi", "-pthread", "-trigraphs",
                                      "-nostdlibinc", "-nobuiltininc"};
  return (Arg.starts_with("-O") && Arg != "-O") || Arg.starts_with("-std=") ||
         Arg.starts_with("-f") || Arg.starts_with("--sysroot") ||
         llvm::is_contained(Flags, Arg);
}

/// A flag that picks the target, which targetArch() reads: sparse's
/// CHECKFLAGS repeat them (`-m64 -mlittle-endian`), and the arch they
/// make is what counts.
bool picksTarget(llvm::StringRef Arg) {
  return llvm::is_contained({"-m32", "-m64", "-mx32", "-m16", "-mbig-endian",
                             "-mlittle-endian", "-EB", "-EL", "-target"},
                            Arg) ||
         Arg.starts_with("--target=") || Arg.starts_with("-target=");
}

/// The arch the compile is for: its --target (or the compiler's name,
/// `aarch64-linux-gnu-gcc`), else the default, with its pointer width and
/// byte order as -m32, -m64 and the endianness flags set them.
std::string targetArch(llvm::ArrayRef<std::string> Args) {
  std::string Name = Args.empty() ? "" : Args.front();
  std::string Triple =
      clang::driver::ToolChain::getTargetAndModeFromProgramName(
          llvm::sys::path::filename(Name))
          .TargetPrefix;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef Arg = Args[I];
    if (Arg == "-target" && I + 1 < Args.size())
      Triple = Args[++I];
    else if (Arg.consume_front("--target=") || Arg.consume_front("-target="))
      Triple = Arg.str();
  }
  llvm::Triple T(llvm::Triple::normalize(
      Triple.empty() ? llvm::sys::getDefaultTargetTriple() : Triple));
  for (llvm::StringRef Arg : Args) {
    if (Arg == "-m32" || Arg == "-mx32" || Arg == "-m16")
      T = T.get32BitArchVariant();
    else if (Arg == "-m64")
      T = T.get64BitArchVariant();
    else if (Arg == "-mbig-endian" || Arg == "-EB")
      T = T.getBigEndianArchVariant();
    else if (Arg == "-mlittle-endian" || Arg == "-EL")
      T = T.getLittleEndianArchVariant();
  }
  return T.getArchName().str();
}

/// \p Args with the long spellings of the preprocessor's flags folded
/// into the short ones: `--define-macro=X`, `--include-directory=D`,
/// `-Wp,-DX,-UY` (the preprocessor's own).
std::vector<std::string> foldDefines(llvm::ArrayRef<std::string> Args) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef Arg = Args[I];
    if (Arg.consume_front("-Wp,")) {
      llvm::SmallVector<llvm::StringRef> Parts;
      Arg.split(Parts, ',');
      Out.insert(Out.end(), Parts.begin(), Parts.end());
      continue;
    }
    std::optional<std::string> Folded;
    // Longer names first: --include is a prefix of --include-directory.
    for (auto [Long, Short] :
         {std::pair<llvm::StringRef, llvm::StringRef>{"--define-macro", "-D"},
          {"--undefine-macro", "-U"},
          {"--include-directory-after", "-idirafter"},
          {"--include-directory", "-I"},
          {"--include", "-include"},
          {"--imacros", "-imacros"}}) {
      llvm::StringRef Rest = Arg;
      if (!Rest.consume_front(Long))
        continue;
      if (Rest.consume_front("="))
        Folded = (Short + Rest).str();
      else if (Rest.empty() && I + 1 < Args.size())
        Folded = (Short + Args[++I]).str();
      break;
    }
    Out.push_back(Folded ? *Folded : Args[I]);
  }
  return Out;
}
} // namespace

std::vector<std::string> preprocessorFlags(llvm::ArrayRef<std::string> Given,
                                           llvm::StringRef Dir) {
  static const char *const Named[] = {"-D",       "-U",       "-I",
                                      "-isystem", "-iquote",  "-idirafter",
                                      "-include", "-imacros", "-isysroot"};
  static const char *const PathFlags[] = {"-I",         "-isystem", "-iquote",
                                          "-idirafter", "-include", "-imacros",
                                          "-isysroot"};
  std::vector<std::string> Args = foldDefines(Given);
  std::vector<std::string> Flags;
  // The target's other flags (-mno-sse: __SSE__, -mcmodel=kernel,
  // -mbranch-protection=: __ARM_FEATURE_BTI_DEFAULT), once each.
  std::set<std::string> TargetFeatures;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef Arg = Args[I];
    if (Arg == "-nostdinc" || Arg == "-undef" || definesPredefined(Arg)) {
      Flags.push_back(Arg.str());
      continue;
    }
    if (Arg == "-mllvm" || Arg == "-target") {
      ++I; // Its value is the next argument.
      continue;
    }
    if (Arg.starts_with("-m") && !picksTarget(Arg)) {
      TargetFeatures.insert(Arg.str());
      continue;
    }
    for (llvm::StringRef Flag : Named) {
      if (!Arg.consume_front(Flag))
        continue;
      if (Arg.empty() && I + 1 < Args.size())
        Arg = Args[++I];
      std::string Value = llvm::is_contained(PathFlags, Flag)
                              ? absoluteSourcePath(Dir, Arg)
                              : Arg.str();
      std::string Whole = Flag.str() + Value;
      if (!checkerDefine(Whole))
        Flags.push_back(std::move(Whole));
      break;
    }
  }
  Flags.push_back("--target-arch=" + targetArch(Args));
  Flags.insert(Flags.end(), TargetFeatures.begin(), TargetFeatures.end());
  return Flags;
}

llvm::Expected<KbuildRecord> parseKbuildRecord(llvm::StringRef Text) {
  KbuildRecord Record;
  llvm::SmallVector<llvm::StringRef> Lines;
  Text.split(Lines, '\n');
  bool InDeps = false, SawDeps = false;
  for (llvm::StringRef Line : Lines) {
    if (!InDeps) {
      if (llvm::StringRef Source = assignedValue(Line, "source_");
          !Source.empty())
        Record.Source = Source.str();
      // 6.1 writes cmd_, later kernels savedcmd_.
      for (llvm::StringRef Key : {"savedcmd_", "cmd_"})
        if (llvm::StringRef Cmd = assignedValue(Line, Key); !Cmd.empty())
          Record.Command = Cmd.str();
      InDeps = Line.starts_with("deps_") && Line.contains(" := ");
      SawDeps |= InDeps;
      continue;
    }
    llvm::StringRef Entry = Line.trim();
    // The list goes on while its lines end in a backslash.
    InDeps = Entry.consume_back("\\");
    Entry = Entry.trim();
    if (!Entry.empty() && !Entry.starts_with("$("))
      Record.Deps.push_back(Entry.str());
  }
  if (!SawDeps || Record.Source.empty())
    return notUsed("not a Kbuild record: no source_ and deps_ lists");
  return Record;
}

std::optional<std::string>
compiledObject(const clang::tooling::CompileCommand &Command) {
  if (!Command.Output.empty())
    return Command.Output;
  const std::vector<std::string> &Args = Command.CommandLine;
  for (size_t I = 0; I < Args.size(); ++I)
    if (Args[I] == "-o" && I + 1 < Args.size())
      return Args[I + 1];
    else if (llvm::StringRef(Args[I]).starts_with("-o") && Args[I].size() > 2)
      return Args[I].substr(2);
  return std::nullopt;
}

std::optional<std::string>
BuildRecords::recordPath(const clang::tooling::CompileCommand &Command) {
  std::optional<std::string> Object = compiledObject(Command);
  if (!Object)
    return std::nullopt;
  llvm::SmallString<256> Record(llvm::sys::path::parent_path(*Object));
  llvm::sys::path::append(Record,
                          "." + llvm::sys::path::filename(*Object) + ".cmd");
  return std::string(Record);
}

std::optional<BuildRecords::FileStamp>
BuildRecords::fileStamp(llvm::StringRef Path) {
  {
    std::lock_guard<std::mutex> Guard(Lock);
    auto It = Stamps.find(Path);
    if (It != Stamps.end())
      return It->second;
  }
  std::optional<FileStamp> Stamp;
  llvm::sys::fs::file_status Status;
  if (!llvm::sys::fs::status(Path, Status) &&
      llvm::sys::fs::is_regular_file(Status))
    Stamp = FileStamp{Status.getLastModificationTime(), Status.getSize()};
  std::lock_guard<std::mutex> Guard(Lock);
  Stamps.try_emplace(Path, Stamp);
  return Stamp;
}

std::optional<llvm::sys::TimePoint<>>
BuildRecords::stamp(llvm::StringRef Path) {
  if (std::optional<FileStamp> S = fileStamp(Path))
    return S->Time;
  return std::nullopt;
}

llvm::Error
BuildRecords::checkSameFlags(const clang::tooling::CompileCommand &Command,
                             const KbuildRecord &Record,
                             llvm::StringRef RecordName) {
  if (Record.Command.empty())
    return notUsed("'" + RecordName + "' names no command");
  llvm::SmallVector<const char *> Split;
  llvm::BumpPtrAllocator Alloc;
  llvm::StringSaver Saver(Alloc);
  llvm::cl::TokenizeGNUCommandLine(Record.Command, Saver, Split);
  // As the analyzed command was made: clang 19's flags only (a gcc
  // build's -mfunction-return= is dropped from both).
  std::vector<std::string> Recorded = kernelCommandAdjuster("", {})(
      std::vector<std::string>(Split.begin(), Split.end()), "");
  std::vector<std::string> Built =
      preprocessorFlags(Recorded, Command.Directory);
  std::vector<std::string> Now =
      preprocessorFlags(Command.CommandLine, Command.Directory);
  if (Built == Now)
    return llvm::Error::success();
  // The first difference, in order: a flag one has and the other lacks,
  // or the same flags in another order (-DX=1 then -UX).
  auto [B, N] =
      std::mismatch(Built.begin(), Built.end(), Now.begin(), Now.end());
  std::string Why =
      N != Now.end() && !llvm::is_contained(Built, *N) ? "without '" + *N + "'"
      : B != Built.end() && !llvm::is_contained(Now, *B)
          ? "with '" + *B + "'"
          : std::string("with its preprocessor flags in another order");
  return notUsed("'" + RecordName + "' was made by a compile " + Why +
                 ": it may list other headers");
  return llvm::Error::success();
}

llvm::Error
BuildRecords::checkShadows(const clang::tooling::CompileCommand &Command,
                           llvm::ArrayRef<std::string> Files) {
  std::vector<std::string> Folders =
      includeFolders(Command.CommandLine, Command.Directory);
  for (const std::string &File : Files.drop_front()) {
    for (size_t K = 0; K < Folders.size(); ++K) {
      llvm::StringRef Relative(File);
      if (!Relative.consume_front(Folders[K] + "/"))
        continue;
      for (size_t J = 0; J < K; ++J) {
        std::string Earlier = Folders[J] + "/" + Relative.str();
        if (stamp(Earlier))
          return notUsed("'" + Earlier + "' would be read in place of '" +
                         File + "'");
      }
      break;
    }
  }
  return llvm::Error::success();
}

llvm::Expected<std::vector<std::string>>
BuildRecords::inputsOf(const clang::tooling::CompileCommand &Command) {
  std::optional<std::string> Relative = recordPath(Command);
  if (!Relative)
    return notUsed("no build record: the command names no object (-o)");
  std::string Path = absoluteSourcePath(Command.Directory, *Relative);
  std::optional<llvm::sys::TimePoint<>> Built = stamp(Path);
  if (!Built)
    return notUsed("no build record '" + *Relative + "'");
  auto Text = llvm::MemoryBuffer::getFile(Path);
  if (!Text)
    return notUsed("cannot read '" + *Relative +
                   "': " + Text.getError().message());
  auto Record = parseKbuildRecord((*Text)->getBuffer());
  if (!Record)
    return notUsed("'" + *Relative + "': " + toString(Record.takeError()));
  std::vector<std::string> Files{
      absoluteSourcePath(Command.Directory, Command.Filename)};
  if (absoluteSourcePath(Command.Directory, Record->Source) != Files.front())
    return notUsed("'" + *Relative + "' is the record of another source");
  if (llvm::Error E = checkSameFlags(Command, *Record, *Relative))
    return E;
  for (const std::string &Dep : Record->Deps)
    if (std::string File = absoluteSourcePath(Command.Directory, Dep);
        File != Files.front())
      Files.push_back(std::move(File));
  for (const std::string &File : Files) {
    std::optional<llvm::sys::TimePoint<>> Time = stamp(File);
    if (!Time)
      return notUsed("'" + File + "' is gone since the build");
    if (*Time > *Built)
      return notUsed("'" + File + "' changed since the build");
  }
  if (llvm::Error E = checkShadows(Command, Files))
    return E;
  return Files;
}

} // namespace uaccess
