//===--- FindingsFormat.cpp - Findings as the workers send them -----------===//

#include "runner/FindingsFormat.h"

#include "llvm/ADT/STLExtras.h"
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

namespace {
/// A JSON array of \p Items, its room reserved first: json::Value's move
/// is not noexcept, so an array that grows copies each element it holds,
/// deeply (a finding that folds 4,000 accesses, 4,000 notes).
template <typename T> Value arrayOf(const std::vector<T> &Items) {
  llvm::json::Array Out;
  Out.reserve(Items.size());
  for (const T &Item : Items)
    Out.push_back(toJSON(Item));
  return Out;
}
} // namespace

Value bytesToJSON(const std::vector<std::string> &List) {
  llvm::json::Array Out;
  Out.reserve(List.size());
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
  if (N.Site)
    O["site"] = true;
  if (!N.Identity.empty())
    O["identity"] = bytesToJSON(N.Identity);
  return O;
}

Value toJSON(const FindingFix &F) {
  return Object{{"file", bytesToJSON(F.File)},
                {"offset", F.Offset},
                {"length", F.Length},
                {"replacement", bytesToJSON(F.Replacement)}};
}

Value toJSON(const CallerEnd &E) {
  return Object{{"function", bytesToJSON(E.Function)},
                {"param", E.Param},
                {"indirect", E.Indirect},
                {"unit", bytesToJSON(E.Unit)},
                {"guard_calls", guardCallsToJSON(E.GuardCalls)},
                {"chain", bytesToJSON(E.Chain)}};
}

Value toJSON(const CallerLink &L) {
  return Object{{"ends", L.Ends},
                {"accessor", bytesToJSON(L.Accessor)},
                {"pointer", bytesToJSON(L.Pointer)},
                {"checked_depth", L.CheckedDepth},
                {"near_depth", L.NearDepth},
                {"max_depth", L.MaxDepth},
                {"field", bytesToJSON(L.Field)},
                {"names_other_check", L.NamesOtherCheck}};
}

Value toJSON(const FindingArgs &Args) {
  Object O;
  for (const auto &[Name, Arg] : Args.values())
    if (const auto *Number = std::get_if<int64_t>(&Arg))
      O[Name] = *Number;
    else if (const auto *List = std::get_if<std::vector<std::string>>(&Arg))
      O[Name] = bytesToJSON(*List);
    else
      O[Name] = bytesToJSON(std::get<std::string>(Arg));
  return O;
}

Value toJSON(const Finding &F) {
  Object O = *toJSON(F.Loc).getAsObject();
  O["check"] = F.Check;
  O["message_id"] = F.MessageId;
  O["args"] = F.Args;
  O["severity"] = severityName(F.Level);
  O["function"] = bytesToJSON(F.Function);
  O["function_lines"] =
      llvm::json::Array{F.FunctionBeginLine, F.FunctionEndLine};
  if (!F.Depends.empty()) {
    llvm::json::Array Depends;
    Depends.reserve(F.Depends.size());
    for (const LineSpan &D : F.Depends)
      Depends.push_back(Object{
          {"file", bytesToJSON(D.File)}, {"first", D.First}, {"last", D.Last}});
    O["depends"] = std::move(Depends);
  }
  O["message"] = bytesToJSON(F.Message);
  O["notes"] = arrayOf(F.Notes);
  O["fixes"] = arrayOf(F.Fixes);
  O["rank"] = F.Rank;
  O["reason"] = bytesToJSON(F.Reason);
  O["arches"] = F.Arches;
  if (F.Link)
    O["link"] = *F.Link;
  return O;
}

void ReadFunctions::add(llvm::StringRef File, Span S) {
  std::vector<Span> &InFile = Spans[File.str()];
  auto It = llvm::lower_bound(InFile, S);
  if (It == InFile.end() || *It != S)
    InFile.insert(It, S);
}

void ReadFunctions::unite(const ReadFunctions &Other) {
  for (const auto &[File, List] : Other.Spans)
    for (const Span &S : List)
      add(File, S);
}

bool ReadFunctions::holds(llvm::StringRef File, uint64_t Offset,
                          uint64_t Length) const {
  auto It = Spans.find(File.str());
  return It != Spans.end() && llvm::any_of(It->second, [&](const Span &S) {
           return S.first <= Offset && Offset + Length <= S.second;
         });
}

Value toJSON(const ReadFunctions &R) {
  llvm::json::Array Files;
  for (const auto &[File, List] : R.spans()) {
    llvm::json::Array Spans;
    for (const auto &[First, Last] : List)
      Spans.push_back(llvm::json::Array{First, Last});
    Files.push_back(
        Object{{"file", bytesToJSON(File)}, {"spans", std::move(Spans)}});
  }
  return Files;
}

Value toJSON(const TUReport &R) {
  return Object{{"file", bytesToJSON(R.File)},
                {"findings", arrayOf(R.Findings)},
                {"dump", bytesToJSON(R.Dump)},
                {"compiler_errors", R.CompilerErrors},
                {"first_error", bytesToJSON(R.FirstError)},
                {"arch", R.Arch},
                {"calls", R.Calls},
                {"skipped_bodies", R.SkippedBodies},
                {"reads_outputs", bytesToJSON(R.ReadsOutputs)},
                {"read_functions", R.Read}};
}

bool fromJSON(const Value &V, FindingLocation &L, Path P) {
  ObjectMapper O(V, P);
  return O && mapBytes(V, "file", L.File, P) && O.map("offset", L.Offset) &&
         O.map("line", L.Line) && O.map("column", L.Column);
}

bool fromJSON(const Value &V, FindingNote &N, Path P) {
  ObjectMapper O(V, P);
  return fromJSON(V, N.Loc, P) && mapBytes(V, "message", N.Message, P) &&
         O.mapOptional("site", N.Site) &&
         (!V.getAsObject()->get("identity") ||
          mapBytes(V, "identity", N.Identity, P));
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

/// The optional "depends" (Finding::Depends).
bool mapDepends(const Value &V, Finding &F, Path P) {
  const llvm::json::Array *List = V.getAsObject()->getArray("depends");
  if (!List)
    return !V.getAsObject()->get("depends") ||
           (P.field("depends").report("expected an array"), false);
  for (size_t I = 0; I < List->size(); ++I) {
    LineSpan D;
    Path At = P.field("depends").index(I);
    ObjectMapper O((*List)[I], At);
    if (!O || !mapBytes((*List)[I], "file", D.File, At) ||
        !O.map("first", D.First) || !O.map("last", D.Last))
      return false;
    F.Depends.push_back(std::move(D));
  }
  return true;
}
} // namespace

Value guardCallsToJSON(llvm::ArrayRef<GuardCall> Calls) {
  llvm::json::Array Out;
  for (const auto &[Callee, Arg] : Calls)
    Out.push_back(Object{{"callee", bytesToJSON(Callee)}, {"arg", Arg}});
  return Out;
}

bool guardCallsFromJSON(const Value &V, std::vector<GuardCall> &Calls, Path P) {
  const Object *O = V.getAsObject();
  const llvm::json::Array *Guards = O ? O->getArray("guard_calls") : nullptr;
  if (!Guards) {
    P.field("guard_calls").report("expected an array");
    return false;
  }
  for (size_t I = 0; I < Guards->size(); ++I) {
    GuardCall G;
    Path At = P.field("guard_calls").index(I);
    ObjectMapper M((*Guards)[I], At);
    if (!M || !mapBytes((*Guards)[I], "callee", G.first, At) ||
        !M.map("arg", G.second))
      return false;
    Calls.push_back(std::move(G));
  }
  return true;
}

bool fromJSON(const Value &V, CallerEnd &E, Path P) {
  ObjectMapper O(V, P);
  return O && mapBytes(V, "function", E.Function, P) &&
         O.map("param", E.Param) && O.map("indirect", E.Indirect) &&
         mapBytes(V, "unit", E.Unit, P) &&
         guardCallsFromJSON(V, E.GuardCalls, P) &&
         mapBytes(V, "chain", E.Chain, P);
}

bool fromJSON(const Value &V, CallerLink &L, Path P) {
  ObjectMapper O(V, P);
  return O && O.map("ends", L.Ends) && mapBytes(V, "accessor", L.Accessor, P) &&
         mapBytes(V, "pointer", L.Pointer, P) &&
         O.map("checked_depth", L.CheckedDepth) &&
         O.map("near_depth", L.NearDepth) && O.map("max_depth", L.MaxDepth) &&
         (!V.getAsObject()->get("field") || mapBytes(V, "field", L.Field, P)) &&
         O.mapOptional("names_other_check", L.NamesOtherCheck);
}

bool fromJSON(const Value &V, FindingArgs &Args, Path P) {
  const Object *O = V.getAsObject();
  if (!O) {
    P.report("expected an object");
    return false;
  }
  for (const auto &[Name, Arg] : *O) {
    Path At = P.field(Name);
    std::vector<std::string> List;
    std::string Text;
    if (std::optional<int64_t> Number = Arg.getAsInteger())
      Args.set(Name.str(), *Number);
    else if (Arg.getAsArray() && bytesFromJSON(Arg, List, At))
      Args.set(Name.str(), std::move(List));
    else if (!Arg.getAsArray() && bytesFromJSON(Arg, Text, At))
      Args.set(Name.str(), std::move(Text));
    else
      return false;
  }
  return true;
}

bool fromJSON(const Value &V, Finding &F, Path P) {
  ObjectMapper O(V, P);
  // Reports of versions before findings had arguments have neither.
  if (!O || !O.mapOptional("message_id", F.MessageId) ||
      !O.mapOptional("args", F.Args))
    return false;
  return O && fromJSON(V, F.Loc, P) && O.map("check", F.Check) &&
         O.map("severity", F.Level) && mapBytes(V, "function", F.Function, P) &&
         mapFunctionLines(V, F, P) && mapDepends(V, F, P) &&
         mapBytes(V, "message", F.Message, P) && O.map("notes", F.Notes) &&
         O.map("fixes", F.Fixes) && O.map("rank", F.Rank) &&
         mapBytes(V, "reason", F.Reason, P) &&
         O.mapOptional("arches", F.Arches) && O.mapOptional("link", F.Link);
}

namespace {
/// One [first, last] pair of offsets, first <= last.
bool spanFromJSON(const Value &V, ReadFunctions::Span &S, Path P) {
  const llvm::json::Array *A = V.getAsArray();
  std::optional<int64_t> First =
      A && A->size() == 2 ? (*A)[0].getAsInteger() : std::nullopt;
  std::optional<int64_t> Last = First ? (*A)[1].getAsInteger() : std::nullopt;
  if (!Last || *First < 0 || *Last < *First) {
    P.report("expected [first, last] offsets");
    return false;
  }
  S = {uint64_t(*First), uint64_t(*Last)};
  return true;
}
} // namespace

bool fromJSON(const Value &V, ReadFunctions &R, Path P) {
  const llvm::json::Array *Files = V.getAsArray();
  if (!Files) {
    P.report("expected an array");
    return false;
  }
  for (size_t I = 0; I < Files->size(); ++I) {
    Path Entry = P.index(I);
    std::string File;
    const Object *O = (*Files)[I].getAsObject();
    const llvm::json::Array *Spans = O ? O->getArray("spans") : nullptr;
    if (!mapBytes((*Files)[I], "file", File, Entry))
      return false;
    if (!Spans) {
      Entry.field("spans").report("expected an array");
      return false;
    }
    for (size_t J = 0; J < Spans->size(); ++J) {
      ReadFunctions::Span S;
      if (!spanFromJSON((*Spans)[J], S, Entry.field("spans").index(J)))
        return false;
      R.add(File, S);
    }
  }
  return true;
}

bool fromJSON(const Value &V, TUReport &R, Path P) {
  ObjectMapper O(V, P);
  return O && mapBytes(V, "file", R.File, P) && O.map("findings", R.Findings) &&
         mapBytes(V, "dump", R.Dump, P) &&
         O.map("compiler_errors", R.CompilerErrors) &&
         mapBytes(V, "first_error", R.FirstError, P) && O.map("arch", R.Arch) &&
         O.mapOptional("calls", R.Calls) &&
         O.mapOptional("skipped_bodies", R.SkippedBodies) &&
         (!V.getAsObject()->get("reads_outputs") ||
          mapBytes(V, "reads_outputs", R.ReadsOutputs, P)) &&
         O.map("read_functions", R.Read);
}

} // namespace uaccess
