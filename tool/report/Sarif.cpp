//===--- Sarif.cpp - SARIF 2.1.0 for code scanning ------------------------===//
//
// Written as JSON directly: clang's SarifDocumentWriter names files by
// absolute URIs only and has no help, related locations or fixes. The
// lit test test/driver/sarif.test validates the log with Microsoft's SARIF
// multitool (GitHub's rules too) and the OASIS 2.1.0 schema.
//
//===----------------------------------------------------------------------===//

#include "report/Sarif.h"

#include "checks/CheckRegistry.h"
#include "report/CheckDocs.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <algorithm>

using namespace llvm;

namespace uaccess {

namespace {
/// The length of the UTF-8 sequence at \p S's start; 0 when none is.
size_t sequenceLength(StringRef S) {
  unsigned char Lead = S[0];
  size_t N = Lead < 0x80                   ? 1
             : Lead >= 0xC2 && Lead < 0xE0 ? 2
             : Lead >= 0xE0 && Lead < 0xF0 ? 3
             : Lead >= 0xF0 && Lead < 0xF5 ? 4
                                           : 0;
  if (N > S.size())
    return 0;
  for (size_t I = 1; I < N; ++I)
    if ((static_cast<unsigned char>(S[I]) & 0xC0) != 0x80)
      return 0;
  return N;
}
} // namespace

uint64_t utf16Length(StringRef Bytes) {
  uint64_t Units = 0;
  while (!Bytes.empty()) {
    size_t N = sequenceLength(Bytes);
    Units += N == 4 ? 2 : 1;
    Bytes = Bytes.drop_front(N ? N : 1);
  }
  return Units;
}

const std::vector<uint64_t> &SourcePositions::lineStarts(StringRef File) {
  auto [It, New] = LineStarts.try_emplace(File.str());
  if (New) {
    StringRef Text = Texts.get(File);
    It->second.push_back(0);
    for (size_t I = 0; I < Text.size(); ++I)
      if (Text[I] == '\n')
        It->second.push_back(I + 1);
  }
  return It->second;
}

std::optional<SourcePositions::Position>
SourcePositions::position(StringRef File, uint64_t Offset) {
  StringRef Text = Texts.get(File);
  if (Text.empty() || Offset > Text.size())
    return std::nullopt;
  const std::vector<uint64_t> &Starts = lineStarts(File);
  auto Next = std::upper_bound(Starts.begin(), Starts.end(), Offset);
  uint64_t Line = Next - Starts.begin();
  uint64_t Start = Starts[Line - 1];
  return Position{Line, 1 + utf16Length(Text.slice(Start, Offset))};
}

uint64_t SourcePositions::tokenEnd(StringRef File, uint64_t Offset) {
  StringRef Text = Texts.get(File);
  if (Offset >= Text.size() || Text[Offset] == '\n')
    return Offset;
  auto IsIdentifier = [](char C) { return isAlnum(C) || C == '_'; };
  if (!IsIdentifier(Text[Offset]))
    return Offset + std::max<size_t>(1, sequenceLength(Text.substr(Offset)));
  uint64_t End = Offset;
  while (End < Text.size() && IsIdentifier(Text[End]))
    ++End;
  return End;
}

uint64_t SourcePositions::charOffset(StringRef File, uint64_t Offset) {
  StringRef Text = Texts.get(File);
  if (Offset > Text.size())
    return Offset;
  return utf16Length(Text.take_front(Offset));
}

namespace {
constexpr const char *SrcRoot = "%SRCROOT%";

/// A URI reference for a path: bytes other than unreserved ones and '/'
/// percent-encoded (so any file name is valid, UTF-8 or not).
std::string percentEncode(StringRef Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (isAlnum(C) || StringRef("-._~/").contains(C))
      Out += C;
    else
      Out += {'%', hexdigit(C >> 4), hexdigit(C & 15)};
  }
  return Out;
}

/// A message: {"text": ...}, as valid UTF-8.
json::Object message(StringRef Text) {
  return json::Object{
      {"text", json::isUTF8(Text) ? Text.str() : json::fixUTF8(Text)}};
}

/// GitHub's problem.severity: error, warning or recommendation.
const char *problemSeverity(Severity S) {
  return S == Severity::Note ? "recommendation" : severityName(S);
}

/// A rule's friendly name: "Uaccess" and the check's name in Pascal case
/// (never the id itself, which SARIF1001 warns about: "batchable").
std::string ruleName(StringRef Check) {
  SmallVector<StringRef, 4> Words;
  Check.split(Words, '-');
  std::string Name = "Uaccess";
  for (StringRef W : Words)
    Name += (W.take_front(1).upper() + W.drop_front()).str();
  return Name;
}

json::Object rule(const CheckInfo &C) {
  SmallVector<StringRef, 4> Tags;
  C.Tags.split(Tags, ',', -1, /*KeepEmpty=*/false);
  json::Object Properties{
      {"tags", json::Array(Tags)},
      {"precision", C.Precision},
      {"problem.severity", problemSeverity(C.DefaultLevel)}};
  json::Object Rule{{"id", C.Name},
                    {"name", ruleName(C.Name)},
                    {"shortDescription", message(C.Summary)},
                    {"helpUri", docPageUrl(C.Name)},
                    {"defaultConfiguration",
                     json::Object{{"level", severityName(C.DefaultLevel)}}},
                    {"properties", std::move(Properties)}};
  StringRef Page = docPage(C.Name);
  if (!Page.empty()) {
    Rule["fullDescription"] = message(firstParagraph(Page));
    std::string Help = shortHelp(C.Name, Page);
    Rule["help"] = json::Object{{"text", Help}, {"markdown", Help}};
  }
  return Rule;
}

/// Builds the log's parts; files are read once each.
class SarifEmitter {
public:
  explicit SarifEmitter(const SarifOptions &Options) : Options(Options) {}
  json::Object result(const Finding &F, size_t RuleIndex);
  json::Object invocation(const RunSummary &Summary);
  json::Object run(json::Array Rules, json::Array Results,
                   const RunSummary &Summary);

private:
  json::Object artifactLocation(StringRef File);
  json::Object region(const FindingLocation &L);
  json::Object location(const FindingLocation &L, StringRef Message = "");
  json::Array fixes(const Finding &F);
  json::Object codeFlow(const Finding &F);

  const SarifOptions &Options;
  SourcePositions Positions;
};

json::Object SarifEmitter::artifactLocation(StringRef File) {
  std::string Relative = relativeTo(File, Options.SourceRoot);
  if (StringRef(Relative).starts_with("/"))
    return json::Object{{"uri", "file://" + percentEncode(Relative)}};
  return json::Object{{"uri", percentEncode(Relative)}, {"uriBaseId", SrcRoot}};
}

/// The token at \p L: its start, and its end as the column after it. A
/// file that cannot be read gives the worker's line and column.
json::Object SarifEmitter::region(const FindingLocation &L) {
  auto Start = Positions.position(L.File, L.Offset);
  auto End = Positions.position(L.File, Positions.tokenEnd(L.File, L.Offset));
  if (!Start || !End) {
    uint64_t Line = std::max<uint64_t>(L.Line, 1);
    uint64_t Column = std::max<uint64_t>(L.Column, 1);
    return json::Object{{"startLine", Line},
                        {"startColumn", Column},
                        {"endLine", Line},
                        {"endColumn", Column + 1}};
  }
  return json::Object{{"startLine", Start->Line},
                      {"startColumn", Start->Column},
                      {"endLine", End->Line},
                      {"endColumn", End->Column}};
}

json::Object SarifEmitter::location(const FindingLocation &L,
                                    StringRef Message) {
  json::Object Loc{{"physicalLocation",
                    json::Object{{"artifactLocation", artifactLocation(L.File)},
                                 {"region", region(L)}}}};
  if (!Message.empty())
    Loc["message"] = message(Message);
  return Loc;
}

/// The fix-its of \p F as one fix: per file, its replacements by
/// character offset and length.
json::Array SarifEmitter::fixes(const Finding &F) {
  std::vector<std::string> Files;
  std::map<std::string, json::Array> Replacements;
  for (const FindingFix &Fix : F.Fixes) {
    auto [It, New] = Replacements.try_emplace(Fix.File);
    if (New)
      Files.push_back(Fix.File);
    uint64_t Begin = Positions.charOffset(Fix.File, Fix.Offset);
    uint64_t End = Positions.charOffset(Fix.File, Fix.Offset + Fix.Length);
    It->second.push_back(json::Object{
        {"deletedRegion",
         json::Object{{"charOffset", Begin}, {"charLength", End - Begin}}},
        {"insertedContent", message(Fix.Replacement)}});
  }
  json::Array Changes;
  for (const std::string &File : Files)
    Changes.push_back(
        json::Object{{"artifactLocation", artifactLocation(File)},
                     {"replacements", std::move(Replacements[File])}});
  return json::Array{json::Object{
      {"description", message("the fix-it of " + F.Check + " (--fix)")},
      {"artifactChanges", std::move(Changes)}}};
}

/// The path: the finding's location, then its notes in order.
json::Object SarifEmitter::codeFlow(const Finding &F) {
  json::Array Steps{json::Object{{"location", location(F.Loc, F.Message)}}};
  for (const FindingNote &N : F.Notes)
    Steps.push_back(json::Object{{"location", location(N.Loc, N.Message)}});
  return json::Object{{"threadFlows", json::Array{json::Object{
                                          {"locations", std::move(Steps)}}}}};
}

json::Object SarifEmitter::result(const Finding &F, size_t RuleIndex) {
  json::Object Primary = location(F.Loc);
  if (!F.Function.empty())
    Primary["logicalLocations"] =
        json::Array{json::Object{{"name", F.Function}, {"kind", "function"}}};
  json::Object R{{"ruleId", F.Check},
                 {"ruleIndex", RuleIndex},
                 {"level", severityName(F.Level)},
                 {"message", message(F.Message)},
                 {"locations", json::Array{std::move(Primary)}}};
  if (!F.Fingerprint.empty())
    R["partialFingerprints"] = json::Object{{"uaccessLint/v4", F.Fingerprint}};
  if (!F.Notes.empty()) {
    json::Array Related;
    for (const FindingNote &N : F.Notes) {
      Related.push_back(location(N.Loc, N.Message));
      Related.back().getAsObject()->insert({"id", Related.size()});
    }
    R["relatedLocations"] = std::move(Related);
    R["codeFlows"] = json::Array{codeFlow(F)};
  }
  if (!F.Fixes.empty())
    R["fixes"] = fixes(F);
  if (!F.Arches.empty())
    R["properties"] = json::Object{{"arches", json::Array(F.Arches)}};
  return R;
}

/// Whether every TU was analyzed; each that was not, as an error
/// notification on its file.
json::Object SarifEmitter::invocation(const RunSummary &Summary) {
  json::Array Notifications;
  for (const auto &[File, Why] : Summary.Failures)
    Notifications.push_back(json::Object{
        {"level", "error"},
        {"message", message("translation unit not analyzed: " + Why)},
        {"locations",
         json::Array{json::Object{
             {"physicalLocation",
              json::Object{{"artifactLocation", artifactLocation(File)}}}}}}});
  json::Object Invocation{{"executionSuccessful", Summary.Failed == 0}};
  if (!Notifications.empty())
    Invocation["toolExecutionNotifications"] = std::move(Notifications);
  return Invocation;
}

json::Object SarifEmitter::run(json::Array Rules, json::Array Results,
                               const RunSummary &Summary) {
  json::Object Driver{{"name", "uaccess-lint"},
                      {"version", Options.Version},
                      {"semanticVersion", Options.Version},
                      {"informationUri", projectHomepage()},
                      {"rules", std::move(Rules)}};
  std::string Root = "file://" + percentEncode(Options.SourceRoot);
  if (!StringRef(Root).ends_with("/"))
    Root += '/';
  return json::Object{{"tool", json::Object{{"driver", std::move(Driver)}}},
                      {"invocations", json::Array{invocation(Summary)}},
                      {"originalUriBaseIds",
                       json::Object{{SrcRoot, json::Object{{"uri", Root}}}}},
                      {"columnKind", "utf16CodeUnits"},
                      {"results", std::move(Results)}};
}
} // namespace

void renderSARIF(ArrayRef<Finding> Findings, const RunSummary &Summary,
                 const SarifOptions &Options, raw_ostream &OS) {
  SarifEmitter Emitter(Options);
  json::Array Rules;
  StringMap<size_t> RuleIndex;
  for (const CheckInfo &C : allChecks()) {
    RuleIndex[C.Name] = Rules.size();
    Rules.push_back(rule(C));
  }
  json::Array Results;
  for (const Finding &F : Findings) {
    auto It = RuleIndex.find(F.Check);
    if (It != RuleIndex.end())
      Results.push_back(Emitter.result(F, It->second));
  }
  json::Object Run = Emitter.run(std::move(Rules), std::move(Results), Summary);
  json::Value Log = json::Object{
      {"$schema", "https://docs.oasis-open.org/sarif/sarif/v2.1.0/cos02/"
                  "schemas/sarif-schema-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", json::Array{std::move(Run)}}};
  OS << formatv("{0:2}", Log) << "\n";
}

} // namespace uaccess
