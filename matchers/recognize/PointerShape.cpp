//===--- PointerShape.cpp - How an access names its user pointer ----------===//

#include "recognize/PointerShape.h"
#include "utils/NameMatch.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"

namespace uaccess {

namespace {
/// `(T)rest`, a cast written as a type of words and stars: the type,
/// trimmed, and what it casts.
struct LeadingCast {
  llvm::StringRef Type;
  llvm::StringRef Operand;
};
std::optional<LeadingCast> leadingCast(llvm::StringRef Text) {
  static const llvm::Regex Cast(
      "^[(][[:space:]]*([A-Za-z_][A-Za-z0-9_[:space:]]*[*[:space:]]*)[)]"
      "[[:space:]]*(.+)$");
  llvm::SmallVector<llvm::StringRef, 3> M;
  if (!Cast.match(Text, &M))
    return std::nullopt;
  return LeadingCast{M[1].trim(), M[2]};
}

/// `(T *)rest`: a cast to a pointer type, and what it casts. Through an
/// integer cast as wide as a pointer under it too: `(T __user
/// *)(unsigned long)x` is `x`.
std::optional<llvm::StringRef> castOperand(llvm::StringRef Text) {
  std::optional<LeadingCast> C = leadingCast(Text);
  if (!C || !C->Type.ends_with("*"))
    return std::nullopt;
  // An integer type as wide as a pointer, by name: `(x) + 1` is no cast,
  // and `(u32)x` is another value than `x`.
  static const llvm::Regex IntegerType(
      "^((unsigned[[:space:]]+)?long([[:space:]]+long)?([[:space:]]+int)?|"
      "(__)?[us]64|u?int(64|ptr)_t|uintptr_t|size_t|ulong)$");
  llvm::StringRef Operand = C->Operand.trim();
  while (std::optional<LeadingCast> Inner = leadingCast(Operand)) {
    if (!IntegerType.match(Inner->Type))
      break;
    Operand = Inner->Operand.trim();
  }
  return Operand;
}

/// `u64_to_user_ptr(x)`: the user pointer a u64 holds, most often a field
/// of an ioctl's argument struct (`args->data_ptr`); `untagged_addr(x)`:
/// `x` without arm64's or x86 LAM's tag bits (6.12
/// task_set_syscall_user_dispatch() checks `untagged_addr(selector)`). Both
/// name `x`.
std::optional<llvm::StringRef> userPointerOperand(llvm::StringRef Text) {
  if (!Text.consume_front("u64_to_user_ptr") &&
      !Text.consume_front("untagged_addr"))
    return std::nullopt;
  Text = Text.ltrim();
  if (!Text.consume_front("(") || !Text.consume_back(")"))
    return std::nullopt;
  // The parenthesis closed last must be the call's: not `f(a) + (b)`.
  int Depth = 1;
  for (char C : Text)
    if ((Depth += C == '(' ? 1 : C == ')' ? -1 : 0) == 0)
      return std::nullopt;
  return Text.trim();
}
} // namespace

PointerShape pointerShape(llvm::StringRef Text) {
  PointerShape S;
  Text = Text.trim();
  if (std::optional<llvm::StringRef> Held = userPointerOperand(Text))
    return pointerShape(*Held);
  // A cast names the same object: `(__le32 __user *)buf` is `buf`, as the
  // accesses of one buffer at several widths are (proc_bus_pci_read()).
  // Added to after the cast, `(u32 __user *)buf + 1` counts in the new
  // type's elements: somewhere in `buf`, at an offset not read here.
  if (std::optional<llvm::StringRef> Operand = castOperand(Text)) {
    S = pointerShape(*Operand);
    bool Rescaled = S.Kind == PointerShape::Indexed &&
                    !Operand->starts_with("(") && !Operand->starts_with("&");
    if (Rescaled) {
      S.Kind = PointerShape::Other;
      S.IndexText.clear();
    }
    return S;
  }
  // The base is everything before the last `->`: `&sr->umsg->msg_name`
  // goes through the user pointer `sr->umsg`, not the kernel struct `sr`.
  // A pointer a struct holds is named by its fields, `.` or `->`, and the
  // elements on the way: `h.buf` or `v[i].base` of headers copied in from
  // user memory is another pointer than the headers'.
  // An index after the last name is the access's own (`&p[i][j]` is in
  // `p`), not the holder's.
  static const std::string Elements = "([[][^]]*[]])*";
  static const std::string Name = "[A-Za-z_][A-Za-z0-9_]*";
  static const std::string Inner =
      Name + "(" + Elements + "(->|[.])" + Name + ")*";
  static const std::string Holder = Inner + Elements;
  static const llvm::Regex Field("^&[(]?[[:space:]]*(" + Holder +
                                 ")[[:space:]]*->");
  static const llvm::Regex Index("^&[(]?[[:space:]]*(" + Inner +
                                 ")[[:space:]]*\\[([^]]+)\\]");
  // The offset: numbers, variables or fields (`fpstate->user_size`),
  // added or subtracted (`user_data + len - 1`).
  static const std::string Term =
      "[A-Za-z0-9_]+((->|[.])[A-Za-z_][A-Za-z0-9_]*)*";
  static const llvm::Regex Plus(
      "^[(]?([A-Za-z_][A-Za-z0-9_]*)[[:space:]]*\\+[[:space:]]*(" + Term +
      "([[:space:]]*[-+][[:space:]]*" + Term + ")*)[)]?$");
  // `p`, and a pointer held in a struct: `sr->umsg`.
  static const llvm::Regex Plain("^[(]?(" + Holder + ")[)]?$");
  llvm::SmallVector<llvm::StringRef, 4> M;
  if (Index.match(Text, &M)) {
    S.Base = M[1].str();
    S.Kind = PointerShape::Indexed;
    S.IndexText = M[5].trim().str(); // After Inner's three groups.
  } else if (Field.match(Text, &M)) {
    S.Base = M[1].str();
    S.Kind = PointerShape::FieldOf;
  } else if (Plus.match(Text, &M)) {
    S.Base = M[1].str();
    S.Kind = PointerShape::Indexed;
    S.IndexText = M[2].str();
  } else if (Plain.match(Text, &M)) {
    S.Base = M[1].str();
    S.Kind = PointerShape::WholeObject;
  }
  return S;
}

std::optional<long> PointerShape::constantIndex() const {
  if (Kind == WholeObject || Kind == FieldOf)
    return 0;
  long Index;
  if (Kind == Indexed && !llvm::StringRef(IndexText).getAsInteger(10, Index))
    return Index;
  return std::nullopt;
}

std::optional<long> elementsCovered(llvm::StringRef Length,
                                    llvm::StringRef Base) {
  std::string Compact = stripWhitespace(Length);
  std::string One = "sizeof(*" + Base.str() + ")";
  llvm::StringRef L(Compact);
  if (L == One)
    return 1;
  long N;
  if (L.consume_back("*" + One) && !L.getAsInteger(10, N))
    return N;
  L = Compact;
  if (L.consume_front(One + "*") && !L.getAsInteger(10, N))
    return N;
  return std::nullopt;
}

namespace {
/// \p Text without its `sizeof(...)` parts.
std::string withoutSizeofs(llvm::StringRef Text) {
  std::string Out;
  while (!Text.empty()) {
    size_t At = Text.find("sizeof");
    Out += Text.take_front(At).str();
    if (At == llvm::StringRef::npos)
      break;
    Text = Text.drop_front(At + 6).ltrim();
    if (!Text.consume_front("("))
      continue; // `sizeof x`: the operand is one word, fixed anyway.
    for (int Depth = 1; Depth && !Text.empty(); Text = Text.drop_front())
      Depth += Text.front() == '(' ? 1 : Text.front() == ')' ? -1 : 0;
  }
  return Out;
}
} // namespace

bool isVariableLength(llvm::StringRef Length) {
  std::string Rest = withoutSizeofs(Length);
  static const llvm::Regex Name("[A-Za-z_][A-Za-z0-9_]*");
  llvm::StringRef Text = Rest;
  llvm::SmallVector<llvm::StringRef, 1> M;
  while (Name.match(Text, &M)) {
    bool Constant = M[0].upper() == M[0].str();
    bool Suffix =
        M[0].data() != Text.data() && llvm::isDigit(M[0].data()[-1]); // `8UL`
    if (!Constant && !Suffix)
      return true;
    Text = Text.drop_front(M[0].data() - Text.data() + M[0].size());
  }
  return false;
}

/// `compat_ptr(...)` as the whole of \p Text: its parenthesis closes last.
static bool isCompatPtrCall(llvm::StringRef Text) {
  if (!Text.consume_front("compat_ptr"))
    return false;
  Text = Text.ltrim();
  if (!Text.starts_with("("))
    return false;
  int Depth = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    Depth += Text[I] == '(' ? 1 : Text[I] == ')' ? -1 : 0;
    if (Depth == 0)
      return I + 1 == Text.size();
  }
  return false;
}

bool fitsIn32Bits(llvm::StringRef Text) {
  Text = Text.trim();
  if (isCompatPtrCall(Text))
    return true;
  // Casts, outermost first; a 32-bit one must apply to a postfix
  // expression, not to the first term of a sum.
  static const llvm::Regex Narrow(
      "^(u32|__u32|uint32_t|unsigned int|unsigned|compat_uptr_t|"
      "compat_ulong_t)$");
  static const llvm::Regex Postfix(
      "^[A-Za-z_][A-Za-z0-9_]*([.]|->|[A-Za-z0-9_])*$");
  while (std::optional<LeadingCast> C = leadingCast(Text)) {
    Text = C->Operand.trim();
    if (Narrow.match(C->Type))
      return Postfix.match(Text);
    if (isCompatPtrCall(Text)) // `(u32 __user *)compat_ptr(uptr)`
      return true;
  }
  return false;
}

} // namespace uaccess
