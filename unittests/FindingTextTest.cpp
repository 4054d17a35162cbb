//===--- FindingTextTest.cpp - Messages rendered from arguments -----------===//

#include "checks/FindingText.h"
#include "checks/CheckRegistry.h"

#include "llvm/ADT/StringSet.h"

#include "gtest/gtest.h"

using namespace uaccess;

namespace {

FindingArgs sample() {
  FindingArgs A;
  A.set("begin", "user_read_access_begin")
      .set("count", int64_t(3))
      .set("one", int64_t(1))
      .set("empty", "")
      .set("names", std::vector<std::string>{"put_user", "__put_user"});
  return A;
}

TEST(FormatMessageTest, PutsArgumentsIn) {
  EXPECT_EQ(formatMessage("opened by '{begin}'", sample()),
            "opened by 'user_read_access_begin'");
  EXPECT_EQ(formatMessage("{count} times", sample()), "3 times");
  EXPECT_EQ(formatMessage("({names})", sample()), "('put_user', '__put_user')");
  EXPECT_EQ(formatMessage("[{missing}]", sample()), "[]");
}

TEST(FormatMessageTest, SelectsOnWhetherAnArgumentIsSet) {
  EXPECT_EQ(formatMessage("{begin?yes|no}", sample()), "yes");
  EXPECT_EQ(formatMessage("{empty?yes|no}", sample()), "no");
  EXPECT_EQ(formatMessage("{missing?yes}.", sample()), ".");
  EXPECT_EQ(formatMessage("{begin? by '{begin}'}", sample()),
            " by 'user_read_access_begin'");
}

TEST(FormatMessageTest, PluralsAndNesting) {
  EXPECT_EQ(formatMessage("{one} {one#call|calls}", sample()), "1 call");
  EXPECT_EQ(formatMessage("{count} {count#call|calls}", sample()), "3 calls");
  EXPECT_EQ(formatMessage("{count#{names} toggles|{count} ({names}) toggle}",
                          sample()),
            "3 ('put_user', '__put_user') toggle");
}

TEST(FormatMessageTest, AnArgumentIsNeverReadAsAFormat) {
  FindingArgs A;
  A.set("code", "{x?y|z}");
  EXPECT_EQ(formatMessage("'{code}'", A), "'{x?y|z}'");
}

TEST(FormatMessageTest, MalformedFormatsAreNamed) {
  EXPECT_EQ(formatError("a {b} {c?d|{e}}"), "");
  EXPECT_NE(formatError("a {b"), "");
  EXPECT_NE(formatError("a } b"), "");
  EXPECT_NE(formatError("{}"), "");
  EXPECT_NE(formatError("{a|b}"), "");
  EXPECT_NE(formatError("{a?{b}"), "");
}

TEST(FindingArgsTest, TypedValues) {
  FindingArgs A = sample();
  EXPECT_EQ(A.number("count"), 3);
  EXPECT_EQ(A.number("begin", -1), -1);
  EXPECT_EQ(A.list("names").size(), 2u);
  EXPECT_EQ(A.list("begin"),
            std::vector<std::string>{"user_read_access_begin"});
  EXPECT_TRUE(A.isSet("one"));
  EXPECT_FALSE(A.isSet("empty"));
  A.flag("one", false);
  EXPECT_FALSE(A.isSet("one"));
  A.erase("one");
  EXPECT_FALSE(A.has("one"));
}

// Every check declares its messages once: ids are unique within the check,
// and every format renders.
TEST(CheckMessagesTest, EveryFormatParsesAndEveryIdIsOnce) {
  for (const CheckInfo &C : allChecks()) {
    EXPECT_FALSE(C.Messages.empty()) << C.Name.str();
    llvm::StringSet<> Ids;
    for (const MessageFormat &M : C.Messages) {
      EXPECT_TRUE(Ids.insert(M.Id).second) << C.Name.str() << " " << M.Id.str();
      EXPECT_EQ(formatError(M.Format), "") << M.Format.str();
    }
  }
}

TEST(CheckMessagesTest, RenderMessageUsesTheChecksFormat) {
  Finding F;
  F.Check = "window-unbalanced";
  F.MessageId = "leak";
  F.Args.set("begin", "user_access_begin");
  EXPECT_EQ(renderMessage(F), "user access window opened by "
                              "'user_access_begin' is not closed on every "
                              "path");
  F.MessageId = "no-such-message";
  F.Message = "as it was";
  EXPECT_EQ(renderMessage(F), "as it was");
}

} // namespace
