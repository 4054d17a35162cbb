//===--- OutputFile.cpp - Replace files atomically ------------------------===//

#include "support/OutputFile.h"

#include "utils/WorkingDirectory.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

namespace fs = llvm::sys::fs;

namespace uaccess {

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

namespace {
/// \p Path's text, refused when it is not what \p Sources recorded;
/// \p Name is the file as the caller named it, for messages and digests.
llvm::Expected<std::string> readUnchanged(llvm::StringRef Name,
                                          const std::string &Path,
                                          const AnalysedSources &Sources) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return failed("read", Name, Buffer.getError());
  // Read, then look: a change before the read shows in the change time.
  llvm::Expected<llvm::sys::TimePoint<>> Changed = changeTime(Path);
  if (!Changed)
    return failed("read", Name, llvm::errorToErrorCode(Changed.takeError()));
  if (*Changed > Sources.Since)
    return refuse(Name, "changed after it was analysed: its fixes were "
                        "computed on the text before");
  llvm::StringRef Text = (*Buffer)->getBuffer();
  std::string Mismatch = digestMismatch(Name, Text, Sources);
  if (!Mismatch.empty())
    return refuse(Name, Mismatch);
  return Text.str();
}
} // namespace

llvm::Expected<std::string> readAsAnalysed(llvm::StringRef File,
                                           const AnalysedSources &Sources) {
  return readUnchanged(File, File.str(), Sources);
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

/// The extended attributes of \p T's file onto \p FD: its POSIX ACL
/// (system.posix_acl_access), its SELinux label, its user.* attributes. A
/// file system without them has none to keep; one that cannot be copied
/// refuses the file, as an owner that cannot be kept does.
llvm::Error copyExtendedAttributes(int FD, const ReplaceTarget &T) {
  ssize_t Size = ::listxattr(T.Path.c_str(), nullptr, 0);
  if (Size < 0 && (errno == ENOTSUP || errno == ENOSYS))
    return llvm::Error::success();
  std::string Names(Size > 0 ? Size : 0, '\0');
  if (Size < 0 ||
      (Size > 0 && ::listxattr(T.Path.c_str(), Names.data(), Size) != Size))
    return refuse(T.Name, "cannot list its extended attributes: " +
                              lastError().message());
  for (llvm::StringRef Name : llvm::split(llvm::StringRef(Names), '\0')) {
    if (Name.empty())
      continue;
    std::string Key = Name.str();
    ssize_t Length = ::getxattr(T.Path.c_str(), Key.c_str(), nullptr, 0);
    std::string Value(Length > 0 ? Length : 0, '\0');
    if (Length < 0 ||
        ::getxattr(T.Path.c_str(), Key.c_str(), Value.data(), Length) !=
            Length ||
        ::fsetxattr(FD, Key.c_str(), Value.data(), Value.size(), 0) != 0)
      return refuse(T.Name, "cannot keep its extended attribute '" + Key +
                                "': " + lastError().message());
  }
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
  if (T.Exists) {
    if (llvm::Error E = copyOwnerAndMode(FD, T))
      return E;
    if (llvm::Error E = copyExtendedAttributes(FD, T))
      return E;
  }
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
// Rewriting files together
//===----------------------------------------------------------------------===//

namespace {
llvm::Error noFileChanged(llvm::Error E) {
  return llvm::createStringError(llvm::toString(std::move(E)) +
                                 "; no file was changed");
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

llvm::Expected<FileRewrite> readForRewrite(llvm::StringRef File,
                                           const AnalysedSources &Sources) {
  llvm::Expected<ReplaceTarget> T = checkExisting(File);
  if (!T)
    return T.takeError();
  llvm::Expected<std::string> Old = readUnchanged(File, T->Path, Sources);
  if (!Old)
    return Old.takeError();
  return FileRewrite{std::move(*T), std::move(*Old), ""};
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

} // namespace uaccess
