//===--- Inputs.cpp - Files the user hands the tool -----------------------===//

#include "inputs/Inputs.h"

#include "utils/JsonSlices.h"

#include "utils/WorkingDirectory.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <map>

using namespace llvm;

namespace uaccess {

namespace {
Error tooLarge(StringRef What, StringRef Path, uint64_t MaxBytes) {
  return createStringError(inconvertibleErrorCode(),
                           "%s '%s' is larger than %llu MiB",
                           What.str().c_str(), Path.str().c_str(),
                           (unsigned long long)(MaxBytes >> 20));
}

/// Reads \p FD to its end, or to one byte past \p MaxBytes.
Expected<std::string> readCapped(sys::fs::file_t FD, uint64_t MaxBytes) {
  std::string Text;
  char Chunk[1 << 16];
  for (;;) {
    Expected<size_t> Got = sys::fs::readNativeFile(FD, Chunk);
    if (!Got)
      return Got.takeError();
    if (*Got == 0 || Text.size() > MaxBytes)
      return Text;
    Text.append(Chunk, *Got);
  }
}
} // namespace

Expected<std::string> readInputFile(StringRef Path, StringRef What,
                                    uint64_t MaxBytes) {
  auto CannotRead = [&](std::error_code EC) {
    return createStringError(EC, "cannot read %s '%s': %s", What.str().c_str(),
                             Path.str().c_str(), EC.message().c_str());
  };
  sys::fs::file_t FD = sys::fs::getStdinHandle();
  if (Path != "-") {
    sys::fs::file_status Status;
    if (std::error_code EC = sys::fs::status(Path, Status))
      return CannotRead(EC);
    // A pipe (`--diff=<(git diff)`) is fine; a device or a folder is not.
    if (Status.type() != sys::fs::file_type::regular_file &&
        Status.type() != sys::fs::file_type::fifo_file)
      return createStringError(inconvertibleErrorCode(),
                               "%s '%s' is not a regular file",
                               What.str().c_str(), Path.str().c_str());
    if (Status.getSize() > MaxBytes)
      return tooLarge(What, Path, MaxBytes);
    Expected<sys::fs::file_t> Opened = sys::fs::openNativeFileForRead(Path);
    if (!Opened)
      return CannotRead(errorToErrorCode(Opened.takeError()));
    FD = *Opened;
  }
  Expected<std::string> Text = readCapped(FD, MaxBytes);
  if (Path != "-")
    sys::fs::closeFile(FD);
  if (!Text)
    return CannotRead(errorToErrorCode(Text.takeError()));
  if (Text->size() > MaxBytes)
    return tooLarge(What, Path, MaxBytes);
  return Text;
}

namespace {
/// The entries of a JSON database with every "directory" made absolute
/// (against the database's folder) and looked up by normalized path.
class AbsoluteDatabase : public clang::tooling::CompilationDatabase {
public:
  AbsoluteDatabase(const CompilationDatabase &Inner, StringRef Base) {
    for (clang::tooling::CompileCommand C : Inner.getAllCompileCommands()) {
      if (!sys::path::is_absolute(C.Directory)) {
        SmallString<256> Dir(Base);
        sys::path::append(Dir, C.Directory);
        sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
        C.Directory = std::string(Dir);
      }
      ByFile[absoluteSourcePath(C.Directory, C.Filename)].push_back(
          Commands.size());
      Commands.push_back(std::move(C));
    }
  }
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(StringRef File) const override {
    std::vector<clang::tooling::CompileCommand> Out;
    auto It = ByFile.find(absoluteSourcePath("", File));
    if (It != ByFile.end())
      for (size_t I : It->second)
        Out.push_back(Commands[I]);
    return Out;
  }
  std::vector<std::string> getAllFiles() const override {
    std::vector<std::string> Files;
    for (const auto &[File, Indexes] : ByFile)
      Files.push_back(File);
    return Files;
  }
  std::vector<clang::tooling::CompileCommand>
  getAllCompileCommands() const override {
    return Commands;
  }

private:
  std::vector<clang::tooling::CompileCommand> Commands;
  std::map<std::string, std::vector<size_t>> ByFile;
};
} // namespace

StringRef SourceTexts::get(StringRef Path) {
  auto [It, New] = Texts.try_emplace(Path.str());
  if (New) {
    Expected<std::string> Text =
        readInputFile(Path, "source file", uint64_t(64) << 20);
    if (Text)
      It->second = std::move(*Text);
    else
      consumeError(Text.takeError());
  }
  return It->second;
}

std::vector<std::string> parseNameList(StringRef Text) {
  std::vector<std::string> Names;
  SmallVector<StringRef, 32> Lines;
  Text.split(Lines, '\n');
  for (StringRef Line : Lines) {
    Line = Line.split('#').first.trim();
    if (!Line.empty())
      Names.push_back(Line.str());
  }
  return Names;
}

namespace {
/// Why \p Entry, the \p Index-th of a database, is not a compile command
/// as clang's JSON database reads it; "" when it is one.
std::string entryError(const json::Value &Entry, size_t Index) {
  std::string Where = "entry " + std::to_string(Index + 1);
  const json::Object *O = Entry.getAsObject();
  if (!O)
    return Where + " is not an object";
  for (StringRef Key : {"directory", "file"})
    if (!O->getString(Key))
      return Where + " has no \"" + Key.str() + "\" string";
  for (StringRef Key : {"command", "output"})
    if (O->get(Key) && !O->getString(Key))
      return Where + "'s \"" + Key.str() + "\" is not a string";
  const json::Array *Args = O->getArray("arguments");
  if (O->get("arguments") &&
      (!Args || llvm::any_of(*Args, [](const json::Value &A) {
        return !A.getAsString();
      })))
    return Where + "'s \"arguments\" is not an array of strings";
  if (!Args && !O->get("command"))
    return Where + " has neither \"arguments\" nor \"command\"";
  return "";
}

/// clang's reader of databases reads YAML, and takes a cut-off or damaged
/// file for the entries before the damage: check that it is JSON, an array
/// of compile commands, first.
Error checkDatabaseShape(StringRef Text) {
  if (Error E = checkJsonText(Text))
    return E;
  // Paths of any bytes are paths (non-UTF-8 names): only the shape is
  // checked here, and clang's reader keeps the bytes.
  Expected<json::Value> Parsed =
      json::isUTF8(Text) ? json::parse(Text) : json::parse(json::fixUTF8(Text));
  if (!Parsed)
    return createStringError(inconvertibleErrorCode(), "not JSON: %s",
                             toString(Parsed.takeError()).c_str());
  const json::Array *Entries = Parsed->getAsArray();
  if (!Entries)
    return createStringError(inconvertibleErrorCode(),
                             "not a JSON array of compile commands");
  for (size_t I = 0; I < Entries->size(); ++I)
    if (std::string Why = entryError((*Entries)[I], I); !Why.empty())
      return createStringError(inconvertibleErrorCode(), "%s", Why.c_str());
  return Error::success();
}
} // namespace

Expected<std::unique_ptr<clang::tooling::CompilationDatabase>>
parseJSONDatabase(StringRef Text, StringRef Base) {
  // A byte-order mark, as some Windows editors write one, is no JSON; clang
  // reads past it.
  Text.consume_front("\xEF\xBB\xBF");
  if (Error E = checkDatabaseShape(Text))
    return E;
  std::string Error;
  auto DB = clang::tooling::JSONCompilationDatabase::loadFromBuffer(
      Text, Error, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!DB)
    return createStringError(inconvertibleErrorCode(), "%s", Error.c_str());
  // clang would be run with no program at all: a database error, not a
  // crash in the worker.
  for (const clang::tooling::CompileCommand &C : DB->getAllCompileCommands())
    if (C.CommandLine.empty())
      return createStringError(inconvertibleErrorCode(),
                               "the entry of '%s' has an empty command",
                               C.Filename.c_str());
  // Response files (@file, as CMake writes for long commands) are read as
  // clang and clang-tidy read them, from the entry's directory.
  return clang::tooling::expandResponseFiles(
      std::make_unique<AbsoluteDatabase>(*DB, Base),
      llvm::vfs::getRealFileSystem());
}

Expected<std::unique_ptr<clang::tooling::CompilationDatabase>>
loadJSONDatabase(StringRef JsonPath) {
  Expected<std::string> Text =
      readInputFile(JsonPath, "compilation database", uint64_t(4) << 30);
  if (!Text)
    return Text.takeError();
  SmallString<256> Base(JsonPath);
  uaccess::makeAbsolute(Base);
  sys::path::remove_filename(Base);
  auto DB = parseJSONDatabase(*Text, Base);
  if (!DB)
    return createStringError(
        inconvertibleErrorCode(), "cannot load compilation database '%s': %s",
        JsonPath.str().c_str(), toString(DB.takeError()).c_str());
  return DB;
}

Error checkOutputPath(StringRef Path, StringRef What) {
  if (Path.empty() || Path == "-")
    return Error::success();
  auto Fail = [&](const Twine &Why) {
    return createStringError(inconvertibleErrorCode(),
                             "cannot write %s '%s': %s", What.str().c_str(),
                             Path.str().c_str(), Why.str().c_str());
  };
  if (sys::fs::is_directory(Path))
    return Fail("it is a directory");
  if (sys::fs::exists(Path))
    return Error::success();
  SmallString<256> Parent(Path);
  uaccess::makeAbsolute(Parent);
  sys::path::remove_filename(Parent);
  if (!sys::fs::is_directory(Parent))
    return Fail("its folder does not exist");
  return Error::success();
}

} // namespace uaccess
