//===--- PointerShapeTest.cpp - User pointers as written in accesses ------===//

#include "recognize/PointerShape.h"

#include "gtest/gtest.h"

using namespace uaccess;

namespace {

// Compares the three fields at once so a failure shows all of them.
std::string describe(const PointerShape &S) {
  const char *Kinds[] = {"WholeObject", "FieldOf", "Indexed", "Other"};
  return std::string(Kinds[S.Kind]) + " base='" + S.Base + "' index='" +
         S.IndexText + "'";
}

std::string shapeOf(llvm::StringRef Text) {
  return describe(pointerShape(Text));
}

TEST(PointerShapeTest, NameIsWholeObject) {
  EXPECT_EQ(shapeOf("p"), "WholeObject base='p' index=''");
  EXPECT_EQ(shapeOf("  uaddr\t"), "WholeObject base='uaddr' index=''");
  EXPECT_EQ(pointerShape("p").constantIndex(), 0);
}

TEST(PointerShapeTest, ParenthesizedNameIsWholeObject) {
  EXPECT_EQ(shapeOf("(p)"), "WholeObject base='p' index=''");
}

TEST(PointerShapeTest, UnbalancedParenIsStillWholeObject) {
  // Pins current behaviour: each paren of `(p)` is optional on its own.
  EXPECT_EQ(shapeOf("(p"), "WholeObject base='p' index=''");
  EXPECT_EQ(shapeOf("p)"), "WholeObject base='p' index=''");
}

TEST(PointerShapeTest, ArrowIsFieldOfThePointer) {
  EXPECT_EQ(shapeOf("&p->f"), "FieldOf base='p' index=''");
  EXPECT_EQ(pointerShape("&p->f").constantIndex(), 0);
}

TEST(PointerShapeTest, ArrowWithSpacesAndParens) {
  EXPECT_EQ(shapeOf("&(p->f)"), "FieldOf base='p' index=''");
  EXPECT_EQ(shapeOf("& p -> f"), "FieldOf base='p' index=''");
  EXPECT_EQ(shapeOf("&( uinfo->si_code)"), "FieldOf base='uinfo' index=''");
}

TEST(PointerShapeTest, FieldOfAFieldStopsAtTheArrow) {
  EXPECT_EQ(shapeOf("&p->hdr.len"), "FieldOf base='p' index=''");
}

TEST(PointerShapeTest, PointerHeldInALocalStructIsNamedByItsFields) {
  EXPECT_EQ(shapeOf("h.buf"), "WholeObject base='h.buf' index=''");
  EXPECT_EQ(shapeOf("&h.buf->len"), "FieldOf base='h.buf' index=''");
  EXPECT_EQ(shapeOf("&h.buf[2]"), "Indexed base='h.buf' index='2'");
  EXPECT_EQ(shapeOf("frame->uc.link"),
            "WholeObject base='frame->uc.link' index=''");
  EXPECT_EQ(shapeOf("v[0].base"), "WholeObject base='v[0].base' index=''");
  EXPECT_EQ(shapeOf("v[i].base"), "WholeObject base='v[i].base' index=''");
  EXPECT_EQ(shapeOf("&v[i].base[1]"), "Indexed base='v[i].base' index='1'");
}

TEST(PointerShapeTest, ChainedArrowsBaseIsBeforeTheLastArrow) {
  EXPECT_EQ(shapeOf("&sr->umsg->msg_name"), "FieldOf base='sr->umsg' index=''");
  EXPECT_EQ(shapeOf("&a->b->c->d"), "FieldOf base='a->b->c' index=''");
}

TEST(PointerShapeTest, ParenthesizedPointerBeforeArrowIsOther) {
  EXPECT_EQ(shapeOf("&(p)->f"), "Other base='' index=''");
}

TEST(PointerShapeTest, SubscriptWithVariableIsIndexed) {
  PointerShape S = pointerShape("&p[i]");
  EXPECT_EQ(describe(S), "Indexed base='p' index='i'");
  EXPECT_EQ(S.constantIndex(), std::nullopt);
}

TEST(PointerShapeTest, SubscriptWithConstantIsIndexed) {
  PointerShape S = pointerShape("&p[3]");
  EXPECT_EQ(describe(S), "Indexed base='p' index='3'");
  EXPECT_EQ(S.constantIndex(), 3);
}

TEST(PointerShapeTest, SubscriptIsTrimmed) {
  PointerShape S = pointerShape("&p[ 3 ]");
  EXPECT_EQ(describe(S), "Indexed base='p' index='3'");
  EXPECT_EQ(S.constantIndex(), 3);
}

TEST(PointerShapeTest, NegativeSubscriptIsConstant) {
  EXPECT_EQ(pointerShape("&p[-1]").constantIndex(), -1);
}

TEST(PointerShapeTest, HexSubscriptIsNotConstant) {
  // Pins current behaviour: the index is read in base 10 only.
  PointerShape S = pointerShape("&p[0x10]");
  EXPECT_EQ(describe(S), "Indexed base='p' index='0x10'");
  EXPECT_EQ(S.constantIndex(), std::nullopt);
}

TEST(PointerShapeTest, SubscriptOfArrowChainIndexesTheField) {
  // Pins current behaviour: the base is the array field, not `p`.
  EXPECT_EQ(shapeOf("&p->arr[2]"), "Indexed base='p->arr' index='2'");
}

TEST(PointerShapeTest, SecondSubscriptIsIgnored) {
  EXPECT_EQ(shapeOf("&p[i][j]"), "Indexed base='p' index='i'");
  EXPECT_EQ(shapeOf("&p[3].len"), "Indexed base='p' index='3'");
}

TEST(PointerShapeTest, NestedSubscriptIsCutAtFirstBracket) {
  // Pins current behaviour: the subscript ends at the first ']'.
  EXPECT_EQ(shapeOf("&p[a[1]]"), "Indexed base='p' index='a[1'");
}

TEST(PointerShapeTest, PlusConstantIsIndexed) {
  PointerShape S = pointerShape("p + 3");
  EXPECT_EQ(describe(S), "Indexed base='p' index='3'");
  EXPECT_EQ(S.constantIndex(), 3);
  EXPECT_EQ(pointerShape("(p + 3)").constantIndex(), 3);
}

TEST(PointerShapeTest, PlusVariableIsIndexedWithoutConstant) {
  PointerShape S = pointerShape("p+k");
  EXPECT_EQ(describe(S), "Indexed base='p' index='k'");
  EXPECT_EQ(S.constantIndex(), std::nullopt);
}

// 6.12 save_xstate_epilog(): `(__u32 __user *)(buf + fpstate->user_size)`,
// an offset held in a struct.
TEST(PointerShapeTest, PlusFieldIsIndexedWithoutConstant) {
  PointerShape S = pointerShape("(buf + fpstate->user_size)");
  EXPECT_EQ(describe(S), "Indexed base='buf' index='fpstate->user_size'");
  EXPECT_EQ(S.constantIndex(), std::nullopt);
  EXPECT_EQ(shapeOf("p + s.len"), "Indexed base='p' index='s.len'");
  EXPECT_EQ(shapeOf("p + s->"), "Other base='' index=''");
  // i915 shmem_pwrite(): the last byte of a range.
  EXPECT_EQ(shapeOf("user_data + len - 1"),
            "Indexed base='user_data' index='len - 1'");
  EXPECT_EQ(pointerShape("p + 3 - 1").constantIndex(), std::nullopt);
}

TEST(PointerShapeTest, OtherArithmeticIsOther) {
  EXPECT_EQ(shapeOf("3 + p"), "Other base='' index=''");
  EXPECT_EQ(shapeOf("p - 1"), "Other base='' index=''");
  EXPECT_EQ(shapeOf("p + 3 * n"), "Other base='' index=''");
}

TEST(PointerShapeTest, NonFormsAreOther) {
  for (llvm::StringRef Text : {"*p", "foo(p)", "&p", ""}) {
    PointerShape S = pointerShape(Text);
    EXPECT_EQ(describe(S), "Other base='' index=''") << Text.str();
    EXPECT_EQ(S.constantIndex(), std::nullopt) << Text.str();
  }
}

TEST(PointerShapeTest, PointerHeldInAFieldIsWholeObject) {
  // `user_access_begin(sr->umsg, ...)` opens the window that
  // `&sr->umsg->f` accesses: the same base.
  EXPECT_EQ(shapeOf("sr->umsg"), "WholeObject base='sr->umsg' index=''");
  EXPECT_EQ(shapeOf("(a->b->c)"), "WholeObject base='a->b->c' index=''");
  EXPECT_EQ(shapeOf("sr->"), "Other base='' index=''");
}

TEST(PointerShapeTest, ConstantIndexOfBuiltShapes) {
  PointerShape S;
  EXPECT_EQ(S.constantIndex(), std::nullopt); // Other by default.
  S.Kind = PointerShape::Indexed;
  S.IndexText = "12";
  EXPECT_EQ(S.constantIndex(), 12);
  S.IndexText = "12 ";
  EXPECT_EQ(S.constantIndex(), std::nullopt);
  S.IndexText = "";
  EXPECT_EQ(S.constantIndex(), std::nullopt);
  S.Kind = PointerShape::FieldOf;
  EXPECT_EQ(S.constantIndex(), 0);
}

TEST(ElementsCoveredTest, SizeofOneElement) {
  EXPECT_EQ(elementsCovered("sizeof(*p)", "p"), 1);
}

TEST(ElementsCoveredTest, ConstantTimesSizeof) {
  EXPECT_EQ(elementsCovered("4 * sizeof(*p)", "p"), 4);
  EXPECT_EQ(elementsCovered("sizeof(*p) * 4", "p"), 4);
  EXPECT_EQ(elementsCovered("16*sizeof(*p)", "p"), 16);
}

TEST(ElementsCoveredTest, WhitespaceAndNewlinesAreIgnored) {
  EXPECT_EQ(elementsCovered("sizeof( * p )", "p"), 1);
  EXPECT_EQ(elementsCovered("4 *\n\t\tsizeof(*p)", "p"), 4);
  EXPECT_EQ(elementsCovered("sizeof(*p)\n  * 2", "p"), 2);
}

TEST(ElementsCoveredTest, CarriageReturnsAreIgnored) {
  EXPECT_EQ(elementsCovered("4 *\r\n sizeof(*p)", "p"), 4);
}

TEST(ElementsCoveredTest, NonConstantMultiplierIsUnknown) {
  EXPECT_EQ(elementsCovered("n * sizeof(*p)", "p"), std::nullopt);
  EXPECT_EQ(elementsCovered("sizeof(*p) * n", "p"), std::nullopt);
  EXPECT_EQ(elementsCovered("2 * 3 * sizeof(*p)", "p"), std::nullopt);
  EXPECT_EQ(elementsCovered("sizeof(*p) * 4 * 2", "p"), std::nullopt);
  EXPECT_EQ(elementsCovered("4UL * sizeof(*p)", "p"), std::nullopt);
  EXPECT_EQ(elementsCovered("0x4 * sizeof(*p)", "p"), std::nullopt);
}

TEST(ElementsCoveredTest, NegativeMultiplierIsAccepted) {
  // Pins current behaviour.
  EXPECT_EQ(elementsCovered("-2 * sizeof(*p)", "p"), -2);
}

TEST(ElementsCoveredTest, AnotherBaseIsUnknown) {
  EXPECT_EQ(elementsCovered("sizeof(*q)", "p"), std::nullopt);
  EXPECT_EQ(elementsCovered("sizeof(*pp)", "p"), std::nullopt);
  EXPECT_EQ(elementsCovered("4 * sizeof(*q)", "p"), std::nullopt);
  EXPECT_EQ(elementsCovered("sizeof(*p)", "pp"), std::nullopt);
}

TEST(ElementsCoveredTest, ArrowChainBase) {
  EXPECT_EQ(elementsCovered("2 * sizeof(*sr->umsg)", "sr->umsg"), 2);
  EXPECT_EQ(elementsCovered("sizeof(*sr->umsg)", "sr"), std::nullopt);
}

TEST(ElementsCoveredTest, OtherSizeofSpellingsAreUnknown) {
  // Pins current behaviour: only the parenthesized `sizeof(*Base)`.
  EXPECT_EQ(elementsCovered("sizeof *p", "p"), std::nullopt);
  EXPECT_EQ(elementsCovered("sizeof(p[0])", "p"), std::nullopt);
  EXPECT_EQ(elementsCovered("sizeof(*(p))", "p"), std::nullopt);
  EXPECT_EQ(elementsCovered("(4 * sizeof(*p))", "p"), std::nullopt);
  EXPECT_EQ(elementsCovered("sizeof(u32)", "p"), std::nullopt);
}

TEST(PointerShapeTest, CastToAPointerTypeNamesTheSameObject) {
  EXPECT_EQ(shapeOf("(__le32 __user *) buf"),
            "WholeObject base='buf' index=''");
  EXPECT_EQ(shapeOf("(struct frame __user **)fp"),
            "WholeObject base='fp' index=''");
  EXPECT_EQ(shapeOf("(u32 __user *)&frame->uc"),
            "FieldOf base='frame' index=''");
  EXPECT_EQ(shapeOf("(u8 __user *)&p[2]"), "Indexed base='p' index='2'");
}

TEST(PointerShapeTest, OffsetInsideTheCastKeepsItsElements) {
  EXPECT_EQ(shapeOf("(u32 __user *)(p + 2)"), "Indexed base='p' index='2'");
}

TEST(PointerShapeTest, OffsetAfterTheCastIsSomewhereInTheObject) {
  // `(u32 __user *)buf + 1` is 4 bytes into buf, not one of buf's elements.
  EXPECT_EQ(shapeOf("(u32 __user *)buf + 1"), "Other base='buf' index=''");
}

TEST(PointerShapeTest, PointerHeldInAnIntegerNamesTheInteger) {
  // An ioctl's argument struct holds user pointers as u64 fields.
  EXPECT_EQ(shapeOf("u64_to_user_ptr(args->data_ptr)"),
            "WholeObject base='args->data_ptr' index=''");
  EXPECT_EQ(shapeOf("u64_to_user_ptr ( query_item->data_ptr )"),
            "WholeObject base='query_item->data_ptr' index=''");
  EXPECT_EQ(shapeOf("(u32 __user *)(unsigned long)uaddr"),
            "WholeObject base='uaddr' index=''");
  EXPECT_EQ(shapeOf("(void __user *)(uintptr_t)(u64)args->ptr"),
            "WholeObject base='args->ptr' index=''");
  // A narrower integer is another value: `(u32)x` is not `x`.
  EXPECT_EQ(shapeOf("(u32 __user *)(u32)uaddr"), "Other base='' index=''");
  EXPECT_EQ(shapeOf("(u32 __user *)(unsigned long)(u32)regs->sp"),
            "Other base='' index=''");
  // Not the call's own parenthesis last, and no cast of a type.
  EXPECT_EQ(shapeOf("u64_to_user_ptr(a) + (b)"), "Other base='' index=''");
  EXPECT_EQ(shapeOf("(u8 __user *)(p) + 1"), "Other base='' index=''");
}

TEST(PointerShapeTest, UntaggedAddressIsThePointer) {
  // arm64 and x86 LAM clear the tag bits before the range check: the same
  // user pointer.
  EXPECT_EQ(shapeOf("untagged_addr(selector)"),
            "WholeObject base='selector' index=''");
  EXPECT_EQ(shapeOf("untagged_addr( &frame->uc )"),
            "FieldOf base='frame' index=''");
  // Another function of that prefix, of two arguments.
  EXPECT_EQ(shapeOf("untagged_addr_remote(mm, start)"),
            "Other base='' index=''");
}

TEST(PointerShapeTest, IntegerCastIsNotAPointerCast) {
  EXPECT_EQ(shapeOf("(unsigned long)buf"), "Other base='' index=''");
}

TEST(PointerShapeTest, VariableLengthsCheckAWholeBuffer) {
  EXPECT_TRUE(isVariableLength("cnt"));
  EXPECT_TRUE(isVariableLength("remain * sizeof(*urelocs)"));
  EXPECT_TRUE(isVariableLength("sizeof(u32) * count"));
  EXPECT_TRUE(isVariableLength("args->size"));
}

TEST(PointerShapeTest, SizesLiteralsAndConstantsAreFixed) {
  EXPECT_FALSE(isVariableLength("sizeof(*frame)"));
  EXPECT_FALSE(isVariableLength("sizeof (struct rt_sigframe)"));
  EXPECT_FALSE(isVariableLength("2 * sizeof(u64)"));
  EXPECT_FALSE(isVariableLength("8UL"));
  EXPECT_FALSE(isVariableLength("PAGE_SIZE"));
  EXPECT_FALSE(isVariableLength("sizeof(fp->regs[n])"));
  EXPECT_FALSE(isVariableLength(""));
}

TEST(PointerShapeTest, PointersMadeFromA32BitValue) {
  EXPECT_TRUE(
      fitsIn32Bits("(u32 __user __force *)(unsigned long)(u32)regs->sp"));
  EXPECT_TRUE(fitsIn32Bits("compat_ptr(uptr)"));
  EXPECT_TRUE(fitsIn32Bits("(void __user *)(unsigned long)(compat_uptr_t)a.p"));
  EXPECT_TRUE(fitsIn32Bits("(u32 __user *)compat_ptr(uptr)"));
  EXPECT_TRUE(fitsIn32Bits("(u32 __user *) compat_ptr (a->p)"));
}

TEST(PointerShapeTest, WiderOrComputedPointersMayNotFit) {
  EXPECT_FALSE(fitsIn32Bits("(u32 __user *)(unsigned long)regs->sp"));
  EXPECT_FALSE(fitsIn32Bits("(void __user *)((u32)base + off)"));
  EXPECT_FALSE(fitsIn32Bits("(void __user *)(unsigned long)(u32)base + off"));
  EXPECT_FALSE(fitsIn32Bits("buf"));
  EXPECT_FALSE(fitsIn32Bits("compat_ptr(a) + n"));
  EXPECT_FALSE(fitsIn32Bits("compat_ptr(a) + f(n)"));
}

} // namespace
