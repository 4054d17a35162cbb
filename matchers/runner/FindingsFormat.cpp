//===--- FindingsFormat.cpp - Findings as the workers send them -----------===//

#include "runner/FindingsFormat.h"

#include "llvm/ADT/StringExtras.h"

namespace uaccess {

using llvm::json::Object;
using llvm::json::ObjectMapper;
using llvm::json::Path;
using llvm::json::Value;

Value bytesToJSON(llvm::StringRef Bytes) {
  if (llvm::json::isUTF8(Bytes))
    return Bytes.str(); // A json::Value made from a StringRef would borrow it.
  return Object{{"hex", llvm::toHex(Bytes, /*LowerCase=*/true)}};
}

Value bytesToJSON(const std::vector<std::string> &List) {
  llvm::json::Array Out;
  for (const std::string &Bytes : List)
    Out.push_back(bytesToJSON(Bytes));
  return Out;
}

bool bytesFromJSON(const Value &V, std::string &Bytes, Path P) {
  if (std::optional<llvm::StringRef> S = V.getAsString()) {
    Bytes = S->str();
    return true;
  }
  const Object *O = V.getAsObject();
  std::optional<llvm::StringRef> Hex = O ? O->getString("hex") : std::nullopt;
  // tryGetFromHex would read an odd digit count as if led by a '0'.
  if (Hex && Hex->size() % 2 == 0 && llvm::tryGetFromHex(*Hex, Bytes))
    return true;
  P.report("expected a string or {\"hex\": <hex digits>}");
  return false;
}

bool bytesFromJSON(const Value &V, std::vector<std::string> &List, Path P) {
  const llvm::json::Array *A = V.getAsArray();
  if (!A) {
    P.report("expected an array");
    return false;
  }
  List.resize(A->size());
  for (size_t I = 0; I < A->size(); ++I)
    if (!bytesFromJSON((*A)[I], List[I], P.index(I)))
      return false;
  return true;
}

Value toJSON(const FindingLocation &L) {
  return Object{{"file", bytesToJSON(L.File)},
                {"offset", L.Offset},
                {"line", L.Line},
                {"column", L.Column}};
}

Value toJSON(const FindingNote &N) {
  Object O = *toJSON(N.Loc).getAsObject();
  O["message"] = bytesToJSON(N.Message);
  return O;
}

Value toJSON(const FindingFix &F) {
  return Object{{"file", bytesToJSON(F.File)},
                {"offset", F.Offset},
                {"length", F.Length},
                {"replacement", bytesToJSON(F.Replacement)}};
}

Value toJSON(const Finding &F) {
  Object O = *toJSON(F.Loc).getAsObject();
  O["check"] = F.Check;
  O["severity"] = severityName(F.Level);
  O["function"] = bytesToJSON(F.Function);
  O["function_lines"] =
      llvm::json::Array{F.FunctionBeginLine, F.FunctionEndLine};
  O["message"] = bytesToJSON(F.Message);
  O["notes"] = F.Notes;
  O["fixes"] = F.Fixes;
  O["rank"] = F.Rank;
  O["reason"] = bytesToJSON(F.Reason);
  O["arches"] = F.Arches;
  return O;
}

Value toJSON(const TUReport &R) {
  return Object{{"file", bytesToJSON(R.File)},
                {"findings", R.Findings},
                {"dump", bytesToJSON(R.Dump)},
                {"compiler_errors", R.CompilerErrors},
                {"first_error", bytesToJSON(R.FirstError)},
                {"arch", R.Arch}};
}

bool fromJSON(const Value &V, FindingLocation &L, Path P) {
  ObjectMapper O(V, P);
  return O && mapBytes(V, "file", L.File, P) && O.map("offset", L.Offset) &&
         O.map("line", L.Line) && O.map("column", L.Column);
}

bool fromJSON(const Value &V, FindingNote &N, Path P) {
  return fromJSON(V, N.Loc, P) && mapBytes(V, "message", N.Message, P);
}

bool fromJSON(const Value &V, FindingFix &F, Path P) {
  ObjectMapper O(V, P);
  return O && mapBytes(V, "file", F.File, P) && O.map("offset", F.Offset) &&
         O.map("length", F.Length) &&
         mapBytes(V, "replacement", F.Replacement, P);
}

bool fromJSON(const Value &V, Severity &S, Path P) {
  std::optional<llvm::StringRef> Name = V.getAsString();
  std::optional<Severity> Parsed =
      Name ? parseSeverity(Name->str()) : std::nullopt;
  if (!Parsed) {
    P.report("expected \"error\", \"warning\" or \"note\"");
    return false;
  }
  S = *Parsed;
  return true;
}

namespace {
bool mapFunctionLines(const Value &V, Finding &F, Path P) {
  std::vector<uint64_t> Lines;
  ObjectMapper O(V, P);
  if (!O || !O.map("function_lines", Lines))
    return false;
  if (Lines.size() != 2) {
    P.field("function_lines").report("expected [first, last]");
    return false;
  }
  F.FunctionBeginLine = Lines[0];
  F.FunctionEndLine = Lines[1];
  return true;
}
} // namespace

bool fromJSON(const Value &V, Finding &F, Path P) {
  ObjectMapper O(V, P);
  return O && fromJSON(V, F.Loc, P) && O.map("check", F.Check) &&
         O.map("severity", F.Level) && mapBytes(V, "function", F.Function, P) &&
         mapFunctionLines(V, F, P) && mapBytes(V, "message", F.Message, P) &&
         O.map("notes", F.Notes) && O.map("fixes", F.Fixes) &&
         O.map("rank", F.Rank) && mapBytes(V, "reason", F.Reason, P) &&
         O.mapOptional("arches", F.Arches);
}

bool fromJSON(const Value &V, TUReport &R, Path P) {
  ObjectMapper O(V, P);
  return O && mapBytes(V, "file", R.File, P) && O.map("findings", R.Findings) &&
         mapBytes(V, "dump", R.Dump, P) &&
         O.map("compiler_errors", R.CompilerErrors) &&
         mapBytes(V, "first_error", R.FirstError, P) && O.map("arch", R.Arch);
}

} // namespace uaccess
