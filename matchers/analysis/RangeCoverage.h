//===--- RangeCoverage.h - Does a check's range cover an access -*- C++ -*-===//
//
// A check covers a number of bytes from its pointer; an access reads or
// writes some bytes from its own. Where the compiler's constant folding
// knows both, they are compared:
//  * the check's length is a constant (`sizeof(u32)`, `2 * sizeof(*p)`),
//    of a pointer a variable or a field holds (`sr->umsg`), at a
//    constant offset from it (`&msg->msg_iov[0].iov_len`);
//  * the access goes through that pointer at a constant byte offset
//    (`&p[2]`, `p + 1`, `&p->tail[3]`), for the size it accesses (the
//    pointee, or a constant length of a copy);
//  * or at an offset that grows in a loop the check runs before, or runs
//    in for a pointer the loop does not move (`&p[i]`, `p++`), bounded by
//    no constant, that advances the pointer or the index: no fixed length
//    covers that.
// Anything else (a variable length of the check or of a copy, which
// kernel code clamps with min_t(); an offset folding cannot read; a loop
// bounded by a constant, or that advances nothing the access reads; a
// check inside the loop of a pointer the loop moves; a pointer the
// function reassigns) counts as
// covered. A variable index into an array member stays in that member.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_ANALYSIS_RANGECOVERAGE_H
#define UACCESS_LINT_ANALYSIS_RANGECOVERAGE_H

#include "analysis/AnalysisCache.h"
#include "recognize/UaccessRecognizer.h"

#include <cstdint>
#include <optional>
#include <string>

namespace uaccess {

class PointerDerivation;

/// Bytes [Begin, End), counted from where a pointer points.
struct ByteRange {
  int64_t Begin = 0;
  int64_t End = 0;
  ByteRange shifted(int64_t By) const { return {Begin + By, End + By}; }
  bool within(const ByteRange &Outer) const {
    return Begin >= Outer.Begin && End <= Outer.End;
  }
};

struct RangeExcess {
  enum KindT {
    Covered,
    PastEnd,     ///< Constant bytes, some outside the range.
    GrowsInLoop, ///< An offset that grows in a loop.
  } Kind = Covered;
  uint64_t Length = 0; ///< The check's bytes.
  /// The check and the access were compared: same pointer, both known.
  bool Compared = false;
  /// PastEnd: the bytes accessed, [Begin, End), from the checked pointer.
  int64_t Begin = 0;
  int64_t End = 0;
  /// PastEnd from Begin, for a length no constant tells (End unset).
  bool EndUnknown = false;
};

/// Where a pointer expression points: what holds the pointer it starts
/// from (a variable, or a field of one: `sr->umsg`), and the byte offset
/// from it (none when the offset varies). Holder is empty when the
/// expression is not read as one such pointer plus an offset.
struct BytePlace {
  std::string Holder;
  std::optional<int64_t> Bytes = 0;
  /// With Bytes: the access lies somewhere in this many bytes from Bytes
  /// (a variable index into an array member, `&u->vals[i]`); 0: at Bytes.
  int64_t Extent = 0;
};
BytePlace bytePlaceOf(const clang::Expr &Pointer, const clang::ASTContext &Ctx);

/// \p At, a place through a local pointer that the function sets once,
/// as a place of \p Origin when that one store puts it there at constant
/// bytes (`q = &p->b;`, `q = (u32 __user *)p + 3;`); else \p At.
BytePlace placeInOrigin(const PointerDerivation &PD, BytePlace At,
                        llvm::StringRef Origin, const clang::ASTContext &Ctx);

/// What holds a pointer: a variable, or a field of one (`sr->umsg`); ""
/// for anything else.
std::string holderOf(const clang::Expr &E);

/// How \p Access of \p FA's function exceeds the range that \p Check,
/// which runs before it, covers.
RangeExcess rangeExcess(FunctionAnalyses &FA, const UaccessUse &Check,
                        const UaccessUse &Access);

/// The bytes \p Access reaches, counted from the value of \p Holder (a
/// variable, or a field of one), when constant folding knows them: a
/// constant offset from Holder, or from a copy or a local pointer set once
/// from it, and a known size.
std::optional<ByteRange> bytesReached(FunctionAnalyses &FA,
                                      const UaccessUse &Access,
                                      llvm::StringRef Holder);

/// The bytes \p Check covers, counted from the value of \p Holder, when
/// it checks a constant length at a constant offset from Holder.
std::optional<ByteRange> bytesChecked(const UaccessUse &Check,
                                      llvm::StringRef Holder,
                                      const clang::ASTContext &Ctx);

/// True when a check other than \p Guard that runs before \p A covers
/// the bytes it reaches.
bool coveredByAnotherCheck(FunctionAnalyses &FA, const UaccessUse &Guard,
                           const UaccessUse &A);

/// How \p Access goes past \p Check's range, as a finding says it:
/// " accesses bytes 8 to 11 of 'ids'".
std::string excessText(FunctionAnalyses &FA, const UaccessUse &Check,
                       const UaccessUse &Access, const RangeExcess &Excess);

/// \p Check's length as written (`sizeof(*p)` for a scope that covers
/// its pointee, `sizeof(r->a)` for `get_user(x, &r->a)`); "" when it has
/// none.
std::string lengthWritten(const UaccessUse &Check);

/// \p Check's length as written, and in bytes when that differs:
/// "'sizeof(*p)' (8 bytes)".
std::string lengthText(const UaccessUse &Check, uint64_t Bytes);

/// True when \p Check covers the object its pointer points to, with no
/// length of its own: a scoped window without _size
/// (`scoped_user_write_access(p, efault)` opens sizeof(*p) bytes).
bool coversItsPointee(const UaccessUse &Check);

/// The bytes \p Holder has moved by between \p Check and \p Call (a
/// call given it: `frame = frame + 1; put_w(&frame->flags, v);`), when
/// every step is constant and runs on every path; none otherwise.
std::optional<int64_t> bytesSteppedBefore(FunctionAnalyses &FA,
                                          const UaccessUse &Check,
                                          const clang::Stmt &Call,
                                          llvm::StringRef Holder);

} // namespace uaccess

#endif
