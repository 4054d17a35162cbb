//===--- OutputFileTest.cpp - Outputs replace files the careful way -------===//

#include "ScratchDir.h"
#include "fix/Fixes.h"

#include "gtest/gtest.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

using namespace uaccess;
namespace fs = llvm::sys::fs;

namespace {

std::string message(llvm::Error E) {
  return E ? llvm::toString(std::move(E)) : "";
}

/// A finding with one fix-it in \p File, for --export-fixes.
std::vector<Finding> findingIn(llvm::StringRef File) {
  Finding F;
  F.Check = "window-unbalanced";
  F.Message = "leak";
  F.Loc.File = File.str();
  F.Fixes = {{File.str(), 0, 0, "user_access_end();\n"}};
  return {F};
}

using OutputFileTest = ScratchDir;

TEST_F(OutputFileTest, InterruptedWriteLeavesTheOldFile) {
  std::string Report = make("report.json", "{\"old\": true}\n");
  std::string Error;
  {
    // The write stops at 4,096 bytes, as when the disk fills up.
    FileSizeLimit Limit(4096);
    Error = message(writeOutputFile(Report, std::string(10000, ' ')));
  }
  EXPECT_NE(Error, "");
  EXPECT_EQ(read(Report), "{\"old\": true}\n");
  EXPECT_EQ(entries(), std::vector<std::string>{"report.json"});
}

TEST_F(OutputFileTest, NewFileGetsTheModeOfANewFile) {
  std::string Report = path("report.txt");
  ASSERT_EQ(message(writeOutputFile(Report, "text\n")), "");
  EXPECT_EQ(read(Report), "text\n");
  EXPECT_EQ(mode(Report), 0666u & ~fs::getUmask());
}

TEST_F(OutputFileTest, DashIsStandardOutput) {
  testing::internal::CaptureStdout();
  llvm::Error E = writeOutputFile("-", "to stdout\n");
  std::string Out = testing::internal::GetCapturedStdout();
  EXPECT_EQ(message(std::move(E)), "");
  EXPECT_EQ(Out, "to stdout\n");
}

TEST_F(OutputFileTest, FifoIsWrittenIntoNotReplaced) {
  std::string Fifo = path("fifo");
  ASSERT_EQ(::mkfifo(Fifo.c_str(), 0600), 0);
  // A reader is waiting, so opening the FIFO for writing does not block.
  int Reader = ::open(Fifo.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(Reader, 0);
  std::vector<Finding> Findings = findingIn(make("f.c", "x\n"));
  EXPECT_EQ(message(exportFixes(Findings, Fifo)), "");
  char Buffer[4096];
  ssize_t Got = ::read(Reader, Buffer, sizeof(Buffer));
  ::close(Reader);
  ASSERT_GT(Got, 0);
  EXPECT_NE(std::string(Buffer, Got).find("DiagnosticName:  window-unbalanced"),
            std::string::npos);
  EXPECT_EQ(type(Fifo), fs::file_type::fifo_file);
}

TEST_F(OutputFileTest, DeviceIsWrittenIntoNotReplaced) {
  if (::geteuid() != 0)
    GTEST_SKIP() << "mknod of a character device needs root";
  std::string Null = path("null");
  ASSERT_EQ(::mknod(Null.c_str(), S_IFCHR | 0666, makedev(1, 3)), 0);
  std::vector<Finding> Findings = findingIn(make("f.c", "x\n"));
  EXPECT_EQ(message(exportFixes(Findings, Null)), "");
  EXPECT_EQ(type(Null), fs::file_type::character_file);
}

TEST_F(OutputFileTest, SymlinkIsWrittenThroughToItsTarget) {
  std::string Target = make("fixes.yaml", "old\n");
  std::string Link = path("link.yaml");
  ASSERT_FALSE(fs::create_link(Target, Link));
  std::vector<Finding> Findings = findingIn(make("f.c", "x\n"));
  ASSERT_EQ(message(exportFixes(Findings, Link)), "");
  EXPECT_TRUE(fs::is_symlink_file(Link));
  EXPECT_NE(read(Target).find("window-unbalanced"), std::string::npos);
}

TEST_F(OutputFileTest, ModeIsKept) {
  std::string Yaml = make("fixes.yaml", "old\n", 0600);
  std::vector<Finding> Findings = findingIn(make("f.c", "x\n"));
  ASSERT_EQ(message(exportFixes(Findings, Yaml)), "");
  EXPECT_NE(read(Yaml).find("window-unbalanced"), std::string::npos);
  EXPECT_EQ(mode(Yaml), 0600u);
}

TEST_F(OutputFileTest, ReadOnlyFileIsRefused) {
  std::string Yaml = make("fixes.yaml", "old\n", 0444);
  std::vector<Finding> Findings = findingIn(make("f.c", "x\n"));
  std::string Error = message(exportFixes(Findings, Yaml));
  EXPECT_NE(Error.find("'" + Yaml + "' is read-only"), std::string::npos)
      << Error;
  EXPECT_EQ(read(Yaml), "old\n");
}

TEST_F(OutputFileTest, HardLinkedFileIsRefused) {
  std::string Report = make("report.txt", "old\n");
  ASSERT_FALSE(fs::create_hard_link(Report, path("other.txt")));
  std::string Error = message(writeOutputFile(Report, "new\n"));
  EXPECT_NE(Error.find("has 2 hard links"), std::string::npos) << Error;
  EXPECT_EQ(read(Report), "old\n");
}

TEST_F(OutputFileTest, LinkToAMissingFileIsRefused) {
  std::string Link = path("link.txt");
  ASSERT_FALSE(fs::create_link(path("missing.txt"), Link));
  std::string Error = message(writeOutputFile(Link, "new\n"));
  EXPECT_NE(Error.find("is a symbolic link to a missing file"),
            std::string::npos)
      << Error;
  EXPECT_EQ(entries(), std::vector<std::string>{"link.txt"});
}

TEST_F(OutputFileTest, AtomicWriteRefusesFifo) {
  std::string Fifo = path("fifo");
  ASSERT_EQ(::mkfifo(Fifo.c_str(), 0600), 0);
  std::string Error = message(writeFileAtomically(Fifo, "new\n"));
  EXPECT_NE(Error.find("is a FIFO, not a regular file"), std::string::npos)
      << Error;
  EXPECT_EQ(type(Fifo), fs::file_type::fifo_file);
}

TEST_F(OutputFileTest, ExportedTextsGetTheFileLineEndings) {
  std::string Yaml = path("fixes.yaml");
  std::vector<Finding> Findings = findingIn(make("f.c", "a;\r\nb;\r\n"));
  ASSERT_EQ(message(exportFixes(Findings, Yaml)), "");
  EXPECT_NE(read(Yaml).find("ReplacementText: \"user_access_end();\\r\\n\""),
            std::string::npos)
      << read(Yaml);
}

TEST_F(OutputFileTest, CheckFindsWhatAWriteWouldRefuse) {
  std::string ReadOnly = make("read-only.txt", "old\n", 0444);
  std::string Error = message(checkOutputFile(ReadOnly));
  EXPECT_NE(Error.find("is read-only (mode 0444)"), std::string::npos) << Error;
  Error = message(checkOutputFile(path("missing/report.txt")));
  EXPECT_NE(Error.find("cannot be created in '" + path("missing") + "'"),
            std::string::npos)
      << Error;
  std::string Fifo = path("fifo");
  ASSERT_EQ(::mkfifo(Fifo.c_str(), 0600), 0);
  EXPECT_EQ(message(checkOutputFile(Fifo)), "");
  EXPECT_EQ(message(checkOutputFile(path("new.txt"))), "");
  EXPECT_EQ(message(checkOutputFile("-")), "");
  EXPECT_EQ(entries(), (std::vector<std::string>{"fifo", "read-only.txt"}));
}

} // namespace
