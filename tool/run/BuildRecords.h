//===--- BuildRecords.h - The files a built TU read, as Kbuild saw ---*- C++
//-*-===//
//
// A built kernel tree records each object's inputs: Kbuild's fixdep writes
// `<dir>/.<object>.cmd` after the compile, with `deps_<object> := \` and
// every file the preprocessor read. Where that record is at least as new as
// each file it lists, the prefilter and the --diff gate take it in place of
// a dependency scan of the TU: the record is what the compile read. Rules:
// - the object is the command's -o (or its database "output");
// - a file listed that is gone, or newer than the record, makes it stale;
// - so does a header that an earlier -I or -isystem folder now holds under
//   the same name as a listed one (added since the build, it would be read
//   in its place);
// - so does a record whose compile's preprocessor flags (-D, -I, -include,
//   ...) differ from the command's: another -D can include other headers;
// - a stale or missing record, or one of another source, falls back to the
//   scan, for that TU alone.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_TOOL_BUILDRECORDS_H
#define UACCESS_LINT_TOOL_BUILDRECORDS_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/Error.h"

#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace uaccess {

/// The object \p Command makes: its database "output", else its -o.
std::optional<std::string>
compiledObject(const clang::tooling::CompileCommand &Command);

/// What Kbuild's `.<object>.cmd` says: its source and the files the
/// compile read (paths as written, `$(wildcard ...)` entries left out).
struct KbuildRecord {
  std::string Source;
  std::vector<std::string> Deps;
  /// The compile's command line, as the shell read it (savedcmd_, or
  /// cmd_ before 6.2); empty when the record has none.
  std::string Command;
};

/// The flags of \p Args that choose what the preprocessor reads and
/// defines, in order: -D, -U (however spelled: `--define-macro`,
/// `-Wp,-D...`), -I and the other include folders, -include, -imacros
/// (long spellings too), -nostdinc, -undef, and the flags that change
/// predefined macros (-O2, -std=, -ffreestanding, -fPIC, ...); paths made
/// absolute from \p Dir. Then the target: `--target-arch=<arch>` (from
/// --target or the compiler's name, -m32/-m64 and the endianness flags)
/// and its other -m flags, sorted, once each. Leaves out the defines and
/// flags sparse's CHECKFLAGS add, which the target predefines (linux,
/// __x86_64__, __riscv_xlen=64, -m64, ...).
std::vector<std::string> preprocessorFlags(llvm::ArrayRef<std::string> Args,
                                           llvm::StringRef Dir);

/// Parses the text of a `.<object>.cmd`; an error when it has no deps_
/// list.
llvm::Expected<KbuildRecord> parseKbuildRecord(llvm::StringRef Text);

/// The records of one run's TUs, with the files' times looked up once
/// across them; safe to ask from several threads.
class BuildRecords {
public:
  /// The files the TU of \p Command read (absolute, its main file first),
  /// from its build record; or why the record is not used ("no build
  /// record", "'x.h' changed since the build", ...).
  llvm::Expected<std::vector<std::string>>
  inputsOf(const clang::tooling::CompileCommand &Command);

  /// The record's path, relative to the command's folder, for messages.
  static std::optional<std::string>
  recordPath(const clang::tooling::CompileCommand &Command);

  /// A regular file's modification time and size.
  struct FileStamp {
    llvm::sys::TimePoint<> Time;
    uint64_t Size = 0;
  };
  /// The stamp of \p Path, looked up once per run (inputsOf() looks up
  /// every file it returns); nullopt when it is no regular file.
  std::optional<FileStamp> fileStamp(llvm::StringRef Path);

private:
  /// The file's modification time; nullopt when it does not exist.
  std::optional<llvm::sys::TimePoint<>> stamp(llvm::StringRef Path);
  llvm::Error checkSameFlags(const clang::tooling::CompileCommand &Command,
                             const KbuildRecord &Record,
                             llvm::StringRef RecordName);
  llvm::Error checkShadows(const clang::tooling::CompileCommand &Command,
                           llvm::ArrayRef<std::string> Files);

  std::mutex Lock;
  llvm::StringMap<std::optional<FileStamp>> Stamps;
};

} // namespace uaccess

#endif
