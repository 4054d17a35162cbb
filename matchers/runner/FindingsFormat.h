//===--- FindingsFormat.h - Findings as the workers send them ---*- C++ -*-===//
//
// Each TU is analyzed in a worker process; what it found travels back to
// the driver as one JSON document, a TUReport. The same JSON form of a
// finding is what --format=json prints.
//
// JSON strings are UTF-8, but file names, compiler arguments and source
// text are bytes. A string that is not valid UTF-8 is written as
// {"hex": "<its bytes in hex>"} and read back exactly; any other string
// stays a plain JSON string.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_RUNNER_FINDINGSFORMAT_H
#define UACCESS_LINT_RUNNER_FINDINGSFORMAT_H

#include "checks/Finding.h"
#include "runner/CallSummary.h"

#include "llvm/Support/JSON.h"

namespace uaccess {

/// The functions a TU read whose code a fix-it could change: those that
/// name the API, by a use the analysis recognized or in their text (any
/// #if branch). Each is the [first, last] byte offsets of its definition
/// in its file. A fix-it inside one must be a fix-it of that TU too: one
/// that another TU (other flags, another arch) would not make changes
/// code that TU reads right (run/FixAgreement.h).
class ReadFunctions {
public:
  using Span = std::pair<uint64_t, uint64_t>;
  void add(llvm::StringRef File, Span S);
  /// Adds the spans of \p Other.
  void unite(const ReadFunctions &Other);
  /// True when a function read of \p File holds the bytes [Offset,
  /// Offset + Length].
  bool holds(llvm::StringRef File, uint64_t Offset, uint64_t Length) const;
  bool empty() const { return Spans.empty(); }
  const std::map<std::string, std::vector<Span>> &spans() const {
    return Spans;
  }

private:
  /// Per file, sorted and unique.
  std::map<std::string, std::vector<Span>> Spans;
};

/// What one worker reports for one TU.
struct TUReport {
  std::string File;
  std::vector<Finding> Findings;
  /// --dump-uaccess text, one block per function; the first line of a
  /// block names the function and where it is.
  std::vector<std::string> Dump;
  /// Errors the driver and the front end reported; the TU counts as failed
  /// when non-zero, and contributes no findings.
  uint64_t CompilerErrors = 0;
  /// The first of them, "file:line:col: message", for the failure line.
  std::string FirstError;
  /// The kernel's name for the TU's target arch (utils/KernelArch.h).
  std::string Arch;
  /// The calls the driver asked about (RunOptions::SummarizeCalls).
  CallSummary Calls;
  /// Function bodies the parser skipped (RunOptions::SkipBodies).
  uint64_t SkippedBodies = 0;
  /// The skipped bodies included one an analyzed body calls: the TU must
  /// be parsed again, skipping nothing. Never in a finished report.
  bool NeedsEveryBody = false;
  /// Those of RunOptions::GuardedOutputs the parse read: the run must not
  /// replace them with its outputs.
  std::vector<std::string> ReadsOutputs;
  /// The functions it read that name the API.
  ReadFunctions Read;
};

llvm::json::Value toJSON(const FindingLocation &L);
llvm::json::Value toJSON(const FindingNote &N);
llvm::json::Value toJSON(const FindingFix &F);
llvm::json::Value toJSON(const CallerEnd &E);
llvm::json::Value toJSON(const CallerLink &L);
llvm::json::Value toJSON(const FindingArgs &Args);
llvm::json::Value toJSON(const Finding &F);
llvm::json::Value toJSON(const ReadFunctions &R);
llvm::json::Value toJSON(const TUReport &R);
bool fromJSON(const llvm::json::Value &V, FindingLocation &L,
              llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, FindingNote &N, llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, FindingFix &F, llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, Severity &S, llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, CallerEnd &E, llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, CallerLink &L, llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, FindingArgs &Args,
              llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, Finding &F, llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, ReadFunctions &R, llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, TUReport &R, llvm::json::Path P);

/// Tested calls of functions another TU defines (CallerEnd::GuardCalls),
/// as the "guard_calls" field.
llvm::json::Value guardCallsToJSON(llvm::ArrayRef<GuardCall> Calls);
bool guardCallsFromJSON(const llvm::json::Value &Object,
                        std::vector<GuardCall> &Calls, llvm::json::Path P);

/// A string of any bytes: a JSON string when it is valid UTF-8, else
/// {"hex": ...}.
llvm::json::Value bytesToJSON(llvm::StringRef Bytes);
llvm::json::Value bytesToJSON(const std::vector<std::string> &List);
/// Reads what bytesToJSON wrote (a plain JSON string is read as is).
bool bytesFromJSON(const llvm::json::Value &V, std::string &Bytes,
                   llvm::json::Path P);
bool bytesFromJSON(const llvm::json::Value &V, std::vector<std::string> &List,
                   llvm::json::Path P);

/// Reads the field \p Key of the object \p V with bytesFromJSON; like
/// llvm::json::ObjectMapper::map, a missing field is an error.
template <typename T>
bool mapBytes(const llvm::json::Value &V, llvm::StringRef Key, T &Out,
              llvm::json::Path P) {
  const llvm::json::Object *O = V.getAsObject();
  const llvm::json::Value *Field = O ? O->get(Key) : nullptr;
  if (!Field) {
    P.field(Key).report("missing value");
    return false;
  }
  return bytesFromJSON(*Field, Out, P.field(Key));
}

} // namespace uaccess

#endif
