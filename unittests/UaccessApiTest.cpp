//===--- UaccessApiTest.cpp - The API table's lookups ---------------------===//

#include "api/UaccessApi.h"

#include "gtest/gtest.h"

using namespace uaccess;

namespace {

// A text names the API when one of its words is an entry's name, whole.
TEST(UaccessApiTest, NamesApi) {
  EXPECT_TRUE(namesApi("{ return put_user(v, p); }"));
  EXPECT_TRUE(namesApi("if (!user_read_access_begin(p, n))"));
  EXPECT_TRUE(namesApi("access_ok"));
  EXPECT_TRUE(namesApi("#ifdef X\n unsafe_put_user(a, p, l);\n#endif"));
  EXPECT_FALSE(namesApi("{ return my_put_user_helper(v, p); }"));
  EXPECT_FALSE(namesApi("put_users(); xput_user(); 9put_user"));
  EXPECT_FALSE(namesApi(""));
  EXPECT_FALSE(namesApi("   \n\t"));
}

} // namespace
