//===--- RelevanceCacheTest.cpp - The scan cache's universe file ----------===//

#include "run/RelevanceCache.h"

#include "ScratchDir.h"

#include "gtest/gtest.h"

using namespace uaccess;

namespace {

UniverseContents contents() {
  UniverseContents C;
  C.Dirs = {"/k/arch/x86/include", "/k/include"};
  C.Files = {{"/k/include/linux/a.h", 100, 10},
             {"/k/include/linux/a.h.in", 5, 1},
             {"/k/include/linux/b.h", -3, 0}};
  C.Bound.Relevant = {"get_user", "put_user", "wrap"};
  C.Bound.PastingMacros = {"DEF"};
  C.Bound.Identifiers = {"DEF", "a", "get_user", "put_user", "wrap", "zz"};
  return C;
}

std::optional<Universe> read(llvm::StringRef Text, llvm::StringRef Header) {
  return parseUniverse(llvm::MemoryBuffer::getMemBufferCopy(Text), Header);
}

TEST(RelevanceCacheTest, AFileReadsBackWhatWasWritten) {
  std::string Text = formatUniverse(contents(), "head 1");
  std::optional<Universe> U = read(Text, "head 1");
  ASSERT_TRUE(U);
  EXPECT_EQ(U->Dirs, contents().Dirs);
  EXPECT_EQ(U->Bound.Relevant, contents().Bound.Relevant);
  EXPECT_EQ(U->Bound.PastingMacros, contents().Bound.PastingMacros);
  EXPECT_EQ(U->stamp("/k/include/linux/a.h"),
            (std::pair<int64_t, uint64_t>(100, 10)));
  EXPECT_EQ(U->stamp("/k/include/linux/a.h.in"),
            (std::pair<int64_t, uint64_t>(5, 1)));
  EXPECT_EQ(U->stamp("/k/include/linux/b.h"),
            (std::pair<int64_t, uint64_t>(-3, 0)));
  EXPECT_FALSE(U->stamp("/k/include/linux/c.h"));
  EXPECT_FALSE(U->stamp("/k/include/linux/a"));
  for (const std::string &N : contents().Bound.Identifiers)
    EXPECT_TRUE(U->hasIdentifier(N)) << N;
  for (llvm::StringRef N : {"", "A", "b", "get", "put_user_", "zzz"})
    EXPECT_FALSE(U->hasIdentifier(N)) << N.str();
}

TEST(RelevanceCacheTest, AnotherHeaderOrACutFileIsNotRead) {
  std::string Text = formatUniverse(contents(), "head 1");
  EXPECT_FALSE(read(Text, "head 2"));
  EXPECT_FALSE(read(llvm::StringRef(Text).drop_back(3), "head 1"));
  EXPECT_FALSE(read("head 1\n", "head 1"));
  UniverseContents Empty;
  std::optional<Universe> U = read(formatUniverse(Empty, "h"), "h");
  ASSERT_TRUE(U);
  EXPECT_FALSE(U->hasIdentifier("a"));
  EXPECT_TRUE(U->Dirs.empty());
}

} // namespace

namespace uaccess {
namespace {

using RelevanceCacheFolders = ScratchDir;

TEST_F(RelevanceCacheFolders, TheTreesOwnIncludeFoldersAreTheUniverse) {
  for (const char *Sub : {"tree/include/uapi", "tree/arch/x86/include",
                          "tree/drivers/a", "tree/include2", "include"})
    ASSERT_FALSE(llvm::sys::fs::create_directories(Dir + "/" + Sub));
  clang::tooling::CompileCommand C;
  C.Directory = (Dir + "/tree").str();
  C.CommandLine = {"clang",
                   "-I./arch/x86/include",
                   "-I",
                   "include",
                   "-isystem",
                   "drivers/a",
                   "-iquote",
                   "include/uapi",
                   "-Iinclude2",
                   "-I" + (Dir + "/include").str(),
                   "-Imissing/include",
                   "x.c"};
  // Not drivers/a nor include2 (no folder named include), not one outside
  // the tree, nor one that does not exist; include/uapi is in include.
  EXPECT_EQ(universeFolders(C),
            (std::vector<std::string>{C.Directory + "/arch/x86/include",
                                      C.Directory + "/include"}));
}

TEST_F(RelevanceCacheFolders, ALockThatOutlivesTheWaitIsTakenOver) {
  // A Kbuild tree with one header, and a lock another host holds (NFS):
  // its owner cannot be asked, so the call waits, then takes it over and
  // removes it, and the next build waits no more.
  ASSERT_FALSE(llvm::sys::fs::create_directories(Dir + "/tree/include"));
  make("tree/include/h.h", "#define W(p) put_user(0, p)\n");
  std::string Main = make("tree/m.c", "int m(void) { return 0; }\n");
  clang::tooling::CompileCommand C;
  C.Directory = (Dir + "/tree").str();
  C.CommandLine = {"clang", "-Iinclude", "-c", "m.c"};
  ScanCacheSettings S{(Dir + "/cache").str(), "test", 1, 1};
  CachedChoice First = chooseByScanCache(S, C, {Main});
  ASSERT_TRUE(First.Skip) << First.Note;
  ASSERT_FALSE(llvm::sys::fs::remove(First.Path));
  make("cache/" + llvm::sys::path::filename(First.Path).str() + ".lock",
       "another-host.example 12345");
  CachedChoice Waited = chooseByScanCache(S, C, {Main});
  EXPECT_TRUE(Waited.Skip);
  EXPECT_EQ(Waited.Note, "built (a lock held past 1 s: taken over)");
  EXPECT_FALSE(llvm::sys::fs::exists(First.Path + ".lock"));
  ASSERT_FALSE(llvm::sys::fs::remove(First.Path));
  EXPECT_EQ(chooseByScanCache(S, C, {Main}).Note, "built");
}

} // namespace
} // namespace uaccess
