//===--- FindingsFormat.cpp - Findings as the workers send them -----------===//

#include "runner/FindingsFormat.h"

namespace uaccess {

using llvm::json::Object;
using llvm::json::ObjectMapper;
using llvm::json::Path;
using llvm::json::Value;

Value toJSON(const FindingLocation &L) {
  return Object{{"file", L.File},
                {"offset", L.Offset},
                {"line", L.Line},
                {"column", L.Column}};
}

Value toJSON(const FindingNote &N) {
  Object O = *toJSON(N.Loc).getAsObject();
  O["message"] = N.Message;
  return O;
}

Value toJSON(const FindingFix &F) {
  return Object{{"file", F.File},
                {"offset", F.Offset},
                {"length", F.Length},
                {"replacement", F.Replacement}};
}

Value toJSON(const Finding &F) {
  Object O = *toJSON(F.Loc).getAsObject();
  O["check"] = F.Check;
  O["function"] = F.Function;
  O["message"] = F.Message;
  O["notes"] = F.Notes;
  O["fixes"] = F.Fixes;
  O["rank"] = F.Rank;
  return O;
}

Value toJSON(const TUReport &R) {
  return Object{{"file", R.File},
                {"findings", R.Findings},
                {"dump", R.Dump},
                {"compiler_errors", R.CompilerErrors}};
}

bool fromJSON(const Value &V, FindingLocation &L, Path P) {
  ObjectMapper O(V, P);
  return O && O.map("file", L.File) && O.map("offset", L.Offset) &&
         O.map("line", L.Line) && O.map("column", L.Column);
}

bool fromJSON(const Value &V, FindingNote &N, Path P) {
  ObjectMapper O(V, P);
  return O && fromJSON(V, N.Loc, P) && O.map("message", N.Message);
}

bool fromJSON(const Value &V, FindingFix &F, Path P) {
  ObjectMapper O(V, P);
  return O && O.map("file", F.File) && O.map("offset", F.Offset) &&
         O.map("length", F.Length) && O.map("replacement", F.Replacement);
}

bool fromJSON(const Value &V, Finding &F, Path P) {
  ObjectMapper O(V, P);
  return O && fromJSON(V, F.Loc, P) && O.map("check", F.Check) &&
         O.map("function", F.Function) && O.map("message", F.Message) &&
         O.map("notes", F.Notes) && O.map("fixes", F.Fixes) &&
         O.map("rank", F.Rank);
}

bool fromJSON(const Value &V, TUReport &R, Path P) {
  ObjectMapper O(V, P);
  return O && O.map("file", R.File) && O.map("findings", R.Findings) &&
         O.map("dump", R.Dump) && O.map("compiler_errors", R.CompilerErrors);
}

} // namespace uaccess
