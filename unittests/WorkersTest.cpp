//===--- WorkersTest.cpp - One process per translation unit ---------------===//

#include "run/Workers.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

#include <unistd.h>

using namespace uaccess;

namespace {

TEST(WorkersTest, NoMoreWorkersThanTUs) {
  EXPECT_EQ(workerCount(8, 3), 3u);
  EXPECT_EQ(workerCount(2, 3), 2u);
}

TEST(WorkersTest, HugeRequestsAreCapped) {
  // -j 2147483648 and above once started no worker at all, and hung.
  EXPECT_EQ(workerCount(2147483648u, 10), 10u);
  EXPECT_EQ(workerCount(4294967295u, 100000), MaxWorkers);
  EXPECT_EQ(workerCount(MaxWorkers + 1, 100000), MaxWorkers);
}

TEST(WorkersTest, AtLeastOne) {
  EXPECT_EQ(workerCount(0, 0), 1u);
  EXPECT_EQ(workerCount(4, 0), 1u);
  EXPECT_GE(workerCount(0, 100000), 1u); // 0: one per hardware thread.
}

/// A job for runWorkerJob, as the driver writes it.
struct WorkerJobFiles {
  llvm::SmallString<128> Job, Output, Errors;

  WorkerJobFiles() {
    for (auto *Path : {&Job, &Output, &Errors})
      EXPECT_FALSE(
          llvm::sys::fs::createTemporaryFile("workers-test", "tmp", *Path));
  }
  ~WorkerJobFiles() {
    for (auto *Path : {&Job, &Output, &Errors})
      llvm::sys::fs::remove(*Path);
  }

  void write(int64_t Driver) {
    llvm::json::Object J{
        {"directory", "/"},
        {"file", "/nowhere.c"},
        {"arguments", llvm::json::Array{"clang", "/nowhere.c"}},
        {"options", toJSON(RunOptions())},
        {"output", Output},
        {"errors", Errors},
        {"driver", Driver},
        {"timeout", 0},
        {"crash", false},
        {"hang", false}};
    std::error_code EC;
    llvm::raw_fd_ostream OS(Job, EC);
    ASSERT_FALSE(EC);
    OS << llvm::json::Value(std::move(J));
  }
};

TEST(WorkersTest, AWorkerWhoseDriverIsGoneCleansUpAndExits) {
  // The driver died before the worker could ask for PR_SET_PDEATHSIG: the
  // worker's parent is not the driver the job names. "fast": the worker is
  // a fork of this process, so this process is its parent.
  GTEST_FLAG_SET(death_test_style, "fast");
  WorkerJobFiles Files;
  Files.write(/*Driver=*/::getppid());
  EXPECT_EXIT(std::exit(runWorkerJob(Files.Job)), testing::ExitedWithCode(2),
              "");
  for (auto *Path : {&Files.Job, &Files.Output, &Files.Errors})
    EXPECT_FALSE(llvm::sys::fs::exists(*Path)) << Path->str().str();
}

} // namespace
