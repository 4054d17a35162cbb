//===--- PointerShape.cpp - How an access names its user pointer ----------===//

#include "recognize/PointerShape.h"
#include "utils/NameMatch.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Regex.h"

namespace uaccess {

PointerShape pointerShape(llvm::StringRef Text) {
  PointerShape S;
  Text = Text.trim();
  // The base is everything before the last `->`: `&sr->umsg->msg_name`
  // goes through the user pointer `sr->umsg`, not the kernel struct `sr`.
  static const llvm::Regex Field(
      "^&[(]?[[:space:]]*([A-Za-z_][A-Za-z0-9_]*(->[A-Za-z_][A-Za-z0-9_]*)*)"
      "[[:space:]]*->");
  static const llvm::Regex Index(
      "^&[(]?[[:space:]]*([A-Za-z_][A-Za-z0-9_]*(->[A-Za-z_][A-Za-z0-9_]*)*)"
      "[[:space:]]*\\[([^]]+)\\]");
  static const llvm::Regex Plus("^[(]?([A-Za-z_][A-Za-z0-9_]*)[[:space:]]*"
                                "\\+[[:space:]]*([A-Za-z0-9_]+)[)]?$");
  // `p`, and a pointer held in a struct: `sr->umsg`.
  static const llvm::Regex Plain(
      "^[(]?([A-Za-z_][A-Za-z0-9_]*(->[A-Za-z_][A-Za-z0-9_]*)*)[)]?$");
  llvm::SmallVector<llvm::StringRef, 4> M;
  if (Index.match(Text, &M)) {
    S.Base = M[1].str();
    S.Kind = PointerShape::Indexed;
    S.IndexText = M[3].trim().str();
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

} // namespace uaccess
