//===--- Fixes.cpp - Apply or export findings' fix-its --------------------===//

#include "Fixes.h"

#include "utils/WorkingDirectory.h"
#include "clang/Tooling/Core/Diagnostic.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <sys/stat.h>
#include <unistd.h>

using namespace clang;
namespace fs = llvm::sys::fs;

namespace uaccess {

//===----------------------------------------------------------------------===//
// Planning
//===----------------------------------------------------------------------===//

namespace {
/// Static initialization runs before main(), so before any source is read.
const llvm::sys::TimePoint<> LoadTime =
    std::chrono::time_point_cast<std::chrono::nanoseconds>(
        std::chrono::system_clock::now());

tooling::Replacement toReplacement(const FindingFix &F) {
  return tooling::Replacement(F.File, F.Offset, F.Length, F.Replacement);
}

/// True when \p R is already among \p Existing: two findings proposing the
/// same edit (two leaks through one label) need it applied once.
bool contains(const tooling::Replacements &Existing,
              const tooling::Replacement &R) {
  for (const tooling::Replacement &E : Existing)
    if (E == R)
      return true;
  return false;
}
} // namespace

FixPlan planFixes(llvm::ArrayRef<Finding> Findings,
                  llvm::sys::TimePoint<> AnalysisStart) {
  FixPlan Plan;
  Plan.AnalysisStart = AnalysisStart;
  for (const Finding &F : Findings) {
    if (F.Fixes.empty())
      continue;
    // Try the whole finding on a copy; keep it only if every edit fits.
    std::map<std::string, tooling::Replacements> Trial = Plan.Edits;
    std::string Why;
    for (const FindingFix &Fix : F.Fixes) {
      tooling::Replacement R = toReplacement(Fix);
      tooling::Replacements &InFile = Trial[Fix.File];
      if (contains(InFile, R))
        continue;
      if (llvm::Error E = InFile.add(R)) {
        Why = llvm::toString(std::move(E));
        break;
      }
    }
    if (!Why.empty()) {
      Plan.Refused.push_back({&F, Why});
      continue;
    }
    Plan.Edits = std::move(Trial);
    ++Plan.Accepted;
  }
  return Plan;
}

FixPlan planFixes(llvm::ArrayRef<Finding> Findings) {
  return planFixes(Findings, LoadTime);
}

llvm::sys::TimePoint<> loadTime() { return LoadTime; }

//===----------------------------------------------------------------------===//
// Line endings
//===----------------------------------------------------------------------===//

namespace {
bool usesCRLF(llvm::StringRef Text) {
  return Text.count("\r\n") * 2 > Text.count('\n');
}

/// \p Text with every "\n" not already after a "\r" made "\r\n".
std::string withCRLF(llvm::StringRef Text) {
  std::string Out;
  Out.reserve(Text.size() + Text.count('\n'));
  for (size_t I = 0; I != Text.size(); ++I) {
    if (Text[I] == '\n' && (I == 0 || Text[I - 1] != '\r'))
      Out += '\r';
    Out += Text[I];
  }
  return Out;
}

/// Whether a file's fix-its need "\r\n", read once per file. A file that
/// cannot be read keeps its texts as they are; only regular files are
/// read, as a FIFO would block.
class LineEndings {
public:
  bool crlf(const std::string &File) {
    auto [It, New] = CRLF.try_emplace(File, false);
    if (New && fs::is_regular_file(File))
      if (auto Buffer = llvm::MemoryBuffer::getFile(File))
        It->second = usesCRLF((*Buffer)->getBuffer());
    return It->second;
  }

private:
  std::map<std::string, bool> CRLF;
};
} // namespace

llvm::Expected<tooling::Replacements>
matchLineEndings(const tooling::Replacements &Edits, llvm::StringRef FileText) {
  if (!usesCRLF(FileText))
    return Edits;
  tooling::Replacements Matched;
  for (const tooling::Replacement &R : Edits)
    if (llvm::Error E = Matched.add(
            tooling::Replacement(R.getFilePath(), R.getOffset(), R.getLength(),
                                 withCRLF(R.getReplacementText()))))
      return E;
  return Matched;
}

//===----------------------------------------------------------------------===//
// Checking a file to replace
//===----------------------------------------------------------------------===//

namespace {
llvm::Error refuse(llvm::StringRef Name, const llvm::Twine &Why) {
  return llvm::createStringError("'" + Name + "' " + Why);
}

/// An operation on \p Name that failed: "cannot write 'x.c': ...".
llvm::Error failed(llvm::StringRef Action, llvm::StringRef Name,
                   std::error_code EC) {
  return llvm::createStringError(EC, "cannot " + Action + " '" + Name +
                                         "': " + EC.message());
}

std::error_code lastError() {
  return std::error_code(errno, std::generic_category());
}

llvm::StringRef describe(fs::file_type Type) {
  switch (Type) {
  case fs::file_type::directory_file:
    return "a directory";
  case fs::file_type::block_file:
    return "a block device";
  case fs::file_type::character_file:
    return "a character device";
  case fs::file_type::fifo_file:
    return "a FIFO";
  case fs::file_type::socket_file:
    return "a socket";
  default:
    return "of an unknown type";
  }
}

std::string octal(fs::perms Mode) {
  std::string Text;
  llvm::raw_string_ostream(Text) << llvm::format("%04o", unsigned(Mode));
  return Text;
}

/// Why \p Path may not be rewritten; empty if it may. A file without a
/// write bit is read-only even to root, whom access() lets write anything:
/// a 0444 file says "do not edit" to everyone.
std::string whyNotWritable(const std::string &Path, fs::perms Mode) {
  fs::perms AnyWrite = fs::owner_write | fs::group_write | fs::others_write;
  if ((Mode & AnyWrite) == fs::no_perms)
    return "is read-only (mode " + octal(Mode) + ")";
  if (std::error_code EC = fs::access(Path, fs::AccessMode::Write))
    return "is not writable (" + EC.message() + ")";
  return "";
}

/// An existing file that may be replaced: regular, one link, writable.
llvm::Expected<ReplaceTarget> checkExisting(llvm::StringRef Name) {
  ReplaceTarget T;
  T.Name = Name.str();
  llvm::SmallString<256> Real;
  if (std::error_code EC = fs::real_path(Name, Real))
    return failed("open", Name, EC);
  T.Path = std::string(Real);
  fs::file_status Status;
  if (std::error_code EC = fs::status(T.Path, Status))
    return failed("open", Name, EC);
  if (Status.type() != fs::file_type::regular_file)
    return refuse(Name, "is " + describe(Status.type()) +
                            ", not a regular file: it is not replaced");
  if (Status.getLinkCount() > 1)
    return refuse(Name, "has " + llvm::Twine(Status.getLinkCount()) +
                            " hard links: replacing it would break them, "
                            "writing it in place would not be atomic");
  std::string NotWritable = whyNotWritable(T.Path, Status.permissions());
  if (!NotWritable.empty())
    return refuse(Name, NotWritable + ": it is not rewritten");
  T.Exists = true;
  T.Mode = Status.permissions();
  T.Owner = Status.getUser();
  T.Group = Status.getGroup();
  T.ID = Status.getUniqueID();
  return T;
}

/// As checkExisting(), but a missing file is one to create.
llvm::Expected<ReplaceTarget> checkTarget(llvm::StringRef Name) {
  if (fs::exists(Name))
    return checkExisting(Name);
  if (fs::is_symlink_file(Name))
    return refuse(Name, "is a symbolic link to a missing file");
  ReplaceTarget T;
  T.Name = T.Path = Name.str();
  return T;
}

/// When \p Path's inode last changed: its text, mode, owner or links.
/// Unlike the modification time, no program can set it back.
llvm::Expected<llvm::sys::TimePoint<>> changeTime(const std::string &Path) {
  struct stat Status;
  if (::stat(Path.c_str(), &Status) != 0)
    return llvm::errorCodeToError(lastError());
  return llvm::sys::toTimePoint(Status.st_ctim.tv_sec, Status.st_ctim.tv_nsec);
}
} // namespace

llvm::Expected<std::string> readAsAnalysed(llvm::StringRef File,
                                           llvm::sys::TimePoint<> Since) {
  auto Buffer = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return failed("read", File, Buffer.getError());
  // Read, then look: a change before the read shows in the change time.
  llvm::Expected<llvm::sys::TimePoint<>> Changed = changeTime(File.str());
  if (!Changed)
    return failed("read", File, llvm::errorToErrorCode(Changed.takeError()));
  if (*Changed > Since)
    return refuse(File, "changed after it was analysed: its fixes were "
                        "computed on the text before");
  return (*Buffer)->getBuffer().str();
}

//===----------------------------------------------------------------------===//
// Temporary files
//===----------------------------------------------------------------------===//

namespace {
/// A temporary file beside its target, holding the target's new text. It
/// is removed, when destroyed or on a fatal signal, unless it was renamed
/// over the target.
class StagedFile {
public:
  StagedFile(std::string Target, std::string Temp)
      : Target(std::move(Target)), Temp(std::move(Temp)) {}
  StagedFile(StagedFile &&Other) noexcept
      : Target(std::move(Other.Target)), Temp(std::move(Other.Temp)) {
    Other.Temp.clear();
  }
  StagedFile &operator=(StagedFile &&) = delete;
  ~StagedFile() {
    if (Temp.empty())
      return;
    fs::remove(Temp);
    llvm::sys::DontRemoveFileOnSignal(Temp);
  }

  llvm::Error commit() {
    if (std::error_code EC = fs::rename(Temp, Target))
      return llvm::createStringError(EC, "cannot rename '" + Temp + "' over '" +
                                             Target + "': " + EC.message());
    llvm::sys::DontRemoveFileOnSignal(Temp);
    Temp.clear();
    return llvm::Error::success();
  }

private:
  std::string Target;
  std::string Temp;
};

/// Creates an empty file beside \p Target under a name no file has. The
/// name is made here: createUniqueFile() would take a '%' in the target's
/// path for a placeholder.
llvm::Expected<StagedFile> createTemp(llvm::StringRef Target, unsigned Mode,
                                      int &FD) {
  for (unsigned Try = 0; Try != 100; ++Try) {
    std::string Temp =
        (Target + ".uaccess-lint-" +
         llvm::utohexstr(llvm::sys::Process::GetRandomNumber()) + ".tmp")
            .str();
    std::error_code EC =
        fs::openFileForWrite(Temp, FD, fs::CD_CreateNew, fs::OF_None, Mode);
    if (EC == std::errc::file_exists)
      continue;
    if (EC)
      return llvm::createStringError(EC, "cannot create a file beside '" +
                                             Target + "': " + EC.message());
    llvm::sys::RemoveFileOnSignal(Temp);
    return StagedFile(Target.str(), Temp);
  }
  return llvm::createStringError("no unused temporary name beside '" + Target +
                                 "'");
}

/// The owner first: changing it clears the set-user-ID and set-group-ID
/// bits that the mode then sets.
llvm::Error copyOwnerAndMode(int FD, const ReplaceTarget &T) {
  fs::file_status Now;
  if (std::error_code EC = fs::status(FD, Now))
    return failed("inspect the new", T.Name, EC);
  if ((Now.getUser() != T.Owner || Now.getGroup() != T.Group) &&
      ::fchown(FD, T.Owner, T.Group) != 0)
    return refuse(T.Name, "cannot keep its owner (uid " + llvm::Twine(T.Owner) +
                              ", gid " + llvm::Twine(T.Group) +
                              "): " + lastError().message());
  if (std::error_code EC = fs::setPermissions(FD, T.Mode))
    return refuse(T.Name, "cannot keep its mode (" + octal(T.Mode) +
                              "): " + EC.message());
  return llvm::Error::success();
}

/// Writes \p Content to \p FD with \p T's owner and mode, and syncs it:
/// once renamed, the new text survives a crash.
llvm::Error fillTemp(int FD, const ReplaceTarget &T, llvm::StringRef Content) {
  std::error_code EC;
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/false);
    OS << Content;
    OS.flush();
    EC = OS.error();
    OS.clear_error();
  }
  if (EC)
    return failed("write", T.Name, EC);
  if (T.Exists)
    if (llvm::Error E = copyOwnerAndMode(FD, T))
      return E;
  if (::fsync(FD) != 0)
    return failed("sync", T.Name, lastError());
  return llvm::Error::success();
}

/// \p T's new text, complete on disk beside it, waiting for the rename.
llvm::Expected<StagedFile> stage(const ReplaceTarget &T,
                                 llvm::StringRef Content) {
  // Only the owner may read the new text until the target's mode is
  // copied; a new file gets the mode creat() would give it.
  unsigned Mode = T.Exists ? 0600 : 0666;
  int FD;
  llvm::Expected<StagedFile> Staged = createTemp(T.Path, Mode, FD);
  if (!Staged)
    return Staged.takeError();
  llvm::Error E = fillTemp(FD, T, Content);
  std::error_code Closed = llvm::sys::Process::SafelyCloseFileDescriptor(FD);
  if (E)
    return E;
  if (Closed)
    return failed("write", T.Name, Closed);
  return Staged;
}
} // namespace

//===----------------------------------------------------------------------===//
// Applying a plan
//===----------------------------------------------------------------------===//

namespace {
llvm::Error noFileChanged(llvm::Error E) {
  return llvm::createStringError(llvm::toString(std::move(E)) +
                                 "; no file was changed");
}

/// Phase one for one file.
llvm::Expected<FileRewrite> prepareFile(llvm::StringRef File,
                                        const tooling::Replacements &Edits,
                                        llvm::sys::TimePoint<> Since) {
  llvm::Expected<ReplaceTarget> T = checkExisting(File);
  if (!T)
    return T.takeError();
  auto Buffer = llvm::MemoryBuffer::getFile(T->Path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return failed("read", File, Buffer.getError());
  // Read, then look: a change before the read shows in the change time.
  llvm::Expected<llvm::sys::TimePoint<>> Changed = changeTime(T->Path);
  if (!Changed)
    return failed("read", File, llvm::errorToErrorCode(Changed.takeError()));
  if (*Changed > Since)
    return refuse(File, "changed after it was analysed: its fixes were "
                        "computed on the text before");
  llvm::StringRef Old = (*Buffer)->getBuffer();
  llvm::Expected<tooling::Replacements> Matched = matchLineEndings(Edits, Old);
  if (!Matched)
    return Matched.takeError();
  llvm::Expected<std::string> New =
      tooling::applyAllReplacements(Old, *Matched);
  if (!New)
    return refuse(File, "cannot take its fixes: " + toString(New.takeError()));
  return FileRewrite{std::move(*T), Old.str(), std::move(*New)};
}

/// After a rename failed: the files already replaced get their old text
/// back, by a replacement of their own.
llvm::Error restore(llvm::ArrayRef<FileRewrite> Replaced, llvm::Error Failure) {
  std::string Message = toString(std::move(Failure));
  unsigned Restored = 0;
  for (const FileRewrite &R : Replaced) {
    llvm::Expected<StagedFile> Staged = stage(R.Target, R.OldText);
    llvm::Error E = Staged ? Staged->commit() : Staged.takeError();
    if (E)
      Message += "; '" + R.Target.Name +
                 "' keeps its fixes, as it could not be restored: " +
                 toString(std::move(E));
    else
      ++Restored;
  }
  if (Restored == Replaced.size())
    Message += "; no file was changed";
  if (Restored)
    Message += " (" + std::to_string(Restored) +
               " file(s) already replaced were restored)";
  return llvm::createStringError(Message);
}
} // namespace

llvm::Expected<std::vector<FileRewrite>> prepareFixes(const FixPlan &Plan) {
  std::vector<FileRewrite> Rewrites;
  std::map<fs::UniqueID, std::string> Seen;
  for (const auto &[File, Edits] : Plan.Edits) {
    llvm::Expected<FileRewrite> R =
        prepareFile(File, Edits, Plan.AnalysisStart);
    if (!R)
      return noFileChanged(R.takeError());
    // Two names of one file would each be rewritten from the same text,
    // the second rename dropping the first's edits.
    auto [It, New] = Seen.try_emplace(R->Target.ID, File);
    if (!New)
      return noFileChanged(
          refuse(File, "is '" + It->second + "' under another name"));
    Rewrites.push_back(std::move(*R));
  }
  return Rewrites;
}

llvm::Error rewriteFiles(llvm::ArrayRef<FileRewrite> Rewrites) {
  std::vector<StagedFile> Staged;
  Staged.reserve(Rewrites.size());
  for (const FileRewrite &R : Rewrites) {
    llvm::Expected<StagedFile> S = stage(R.Target, R.NewText);
    if (!S)
      return noFileChanged(S.takeError()); // Staged removes the others.
    Staged.push_back(std::move(*S));
  }
  for (size_t I = 0; I != Staged.size(); ++I)
    if (llvm::Error E = Staged[I].commit())
      return restore(Rewrites.take_front(I), std::move(E));
  return llvm::Error::success();
}

llvm::Error applyFixPlan(const FixPlan &Plan) {
  llvm::Expected<std::vector<FileRewrite>> Rewrites = prepareFixes(Plan);
  if (!Rewrites)
    return Rewrites.takeError();
  return rewriteFiles(*Rewrites);
}

//===----------------------------------------------------------------------===//
// Writing one file, exporting
//===----------------------------------------------------------------------===//

llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Content) {
  return writeFilesAtomically({{Path.str(), Content.str()}});
}

llvm::Error writeFilesAtomically(
    llvm::ArrayRef<std::pair<std::string, std::string>> Files) {
  std::vector<StagedFile> Staged;
  std::vector<std::pair<std::string, bool>> Targets; // Path, existed.
  for (const auto &[Path, Content] : Files) {
    llvm::Expected<ReplaceTarget> T = checkTarget(Path);
    if (!T)
      return T.takeError();
    llvm::Expected<StagedFile> S = stage(*T, Content);
    if (!S)
      return S.takeError();
    Staged.push_back(std::move(*S));
    Targets.push_back({Path, T->Exists});
  }
  for (size_t I = 0; I < Staged.size(); ++I)
    if (llvm::Error E = Staged[I].commit()) {
      for (size_t J = 0; J < I; ++J)
        if (!Targets[J].second)
          fs::remove(Targets[J].first);
      return E;
    }
  return llvm::Error::success();
}

namespace {
/// A FIFO or a character device takes the text as it comes: there is
/// nothing to replace.
bool isStream(llvm::StringRef Path) {
  fs::file_status Status;
  return !fs::status(Path, Status) &&
         (Status.type() == fs::file_type::fifo_file ||
          Status.type() == fs::file_type::character_file);
}

llvm::Error writeStream(llvm::StringRef Path, llvm::StringRef Content) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, fs::CD_OpenExisting, fs::FA_Write,
                          fs::OF_None);
  if (EC)
    return failed("open", Path, EC);
  OS << Content;
  OS.close();
  EC = OS.error();
  OS.clear_error();
  if (EC)
    return failed("write", Path, EC);
  return llvm::Error::success();
}
} // namespace

llvm::Error writeOutputFile(llvm::StringRef Path, llvm::StringRef Content) {
  if (Path == "-") {
    llvm::outs() << Content;
    llvm::outs().flush();
    return llvm::Error::success();
  }
  if (isStream(Path))
    return writeStream(Path, Content);
  return writeFileAtomically(Path, Content);
}

llvm::Error checkOutputFile(llvm::StringRef Path) {
  if (Path == "-" || isStream(Path))
    return llvm::Error::success();
  llvm::Expected<ReplaceTarget> T = checkTarget(Path);
  if (!T)
    return T.takeError();
  if (T->Exists)
    return llvm::Error::success();
  llvm::SmallString<256> Dir(Path);
  uaccess::makeAbsolute(Dir);
  llvm::sys::path::remove_filename(Dir);
  if (std::error_code EC = fs::access(Dir, fs::AccessMode::Write))
    return refuse(Path, "cannot be created in '" + Dir + "': " + EC.message());
  return llvm::Error::success();
}

namespace {
tooling::Diagnostic toDiagnostic(const Finding &F, LineEndings &Endings) {
  tooling::Diagnostic D;
  D.DiagnosticName = F.Check;
  // clang-tidy's YAML has no note level: a note is a remark there.
  D.DiagLevel = F.Level == Severity::Error     ? tooling::Diagnostic::Error
                : F.Level == Severity::Warning ? tooling::Diagnostic::Warning
                                               : tooling::Diagnostic::Remark;
  D.Message.Message = F.Message;
  D.Message.FilePath = F.Loc.File;
  D.Message.FileOffset = F.Loc.Offset;
  for (FindingFix Fix : F.Fixes) {
    // clang-apply-replacements inserts the texts as they are.
    if (Endings.crlf(Fix.File))
      Fix.Replacement = withCRLF(Fix.Replacement);
    llvm::consumeError(D.Message.Fix[Fix.File].add(toReplacement(Fix)));
  }
  for (const FindingNote &N : F.Notes) {
    tooling::DiagnosticMessage M;
    M.Message = N.Message;
    M.FilePath = N.Loc.File;
    M.FileOffset = N.Loc.Offset;
    D.Notes.push_back(std::move(M));
  }
  return D;
}
} // namespace

llvm::Error exportFixes(llvm::ArrayRef<Finding> Findings,
                        llvm::StringRef Path) {
  tooling::TranslationUnitDiagnostics TU;
  TU.MainSourceFile = Findings.empty() ? "" : Findings.front().Loc.File;
  LineEndings Endings;
  for (const Finding &F : Findings)
    TU.Diagnostics.push_back(toDiagnostic(F, Endings));
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  llvm::yaml::Output YAML(OS);
  YAML << TU;
  OS.flush();
  return writeOutputFile(Path, Text);
}

} // namespace uaccess
