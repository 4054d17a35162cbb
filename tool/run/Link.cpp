//===--- Link.cpp - The link step's rounds over the database --------------===//

#include "run/Link.h"

#include "link/CallerLink.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <map>
#include <set>

using clang::tooling::CompileCommand;

namespace uaccess {

namespace {

/// Rounds of summaries: each follows the callers one step further up, so
/// this bounds nothing the caller search (8 calls up) would reach.
constexpr unsigned MaxRounds = 10;

bool isIdentifierChar(char C) { return llvm::isAlnum(C) || C == '_'; }

/// Per TU asked (its directory and file), the unit its summaries name,
/// under which ProgramCalls keeps what it answered for.
using UnitsOfCommands = std::map<std::string, std::string>;

std::string commandKey(const CompileCommand &C) {
  return C.Directory + "\n" + C.Filename;
}

/// True when \p Text names both the record and the member of the field
/// \p Key ("record::member").
bool namesField(llvm::StringRef Text, llvm::StringRef Key) {
  auto [Record, Member] = Key.split("::");
  return namesAnyOf(Text, {Member.str()}) && namesAnyOf(Text, {Record.str()});
}

/// The TUs that name one of \p Names they have not answered for yet, or
/// one of the struct fields \p Fields.
std::vector<CompileCommand>
namingCommands(const std::vector<CompileCommand> &Database,
               const std::set<std::string> &Names,
               const std::set<std::string> &Fields, const ProgramCalls &Calls,
               const UnitsOfCommands &Units) {
  std::vector<CompileCommand> Out;
  for (const CompileCommand &C : Database) {
    auto Unit = Units.find(commandKey(C));
    std::set<std::string> Open;
    for (const std::string &N : Names)
      if (Unit == Units.end() || !Calls.answered(Unit->second, N))
        Open.insert(N);
    auto Buffer = llvm::MemoryBuffer::getFile(C.Filename);
    if (!Buffer)
      continue;
    llvm::StringRef Text = (*Buffer)->getBuffer();
    if (namesAnyOf(Text, Open) || llvm::any_of(Fields, [&](const auto &F) {
          return namesField(Text, F);
        }))
      Out.push_back(C);
  }
  return Out;
}

} // namespace

bool namesAnyOf(llvm::StringRef Text, const std::set<std::string> &Names) {
  for (const std::string &Name : Names)
    for (size_t At = Text.find(Name); At != llvm::StringRef::npos;
         At = Text.find(Name, At + 1)) {
      size_t End = At + Name.size();
      if ((At == 0 || !isIdentifierChar(Text[At - 1])) &&
          (End == Text.size() || !isIdentifierChar(Text[End])))
        return true;
    }
  return false;
}

LinkStats linkAcrossUnits(MergedReport &Report,
                          const std::vector<CompileCommand> &Database,
                          WorkerOptions Workers, llvm::StringRef Root,
                          bool FromDatabase,
                          llvm::ArrayRef<EarlyAnswer> Early) {
  LinkStats Stats;
  if (llvm::none_of(Report.Findings, [](const Finding &F) { return F.Link; }))
    return Stats;
  ProgramCalls Calls;
  Calls.setFromDatabase(FromDatabase);
  std::set<std::string> Tried;
  UnitsOfCommands Units;
  for (const EarlyAnswer &A : Early) {
    Calls.add(A.Calls);
    Units[commandKey(A.Command)] = A.Calls.Unit;
  }
  Workers.Run.ChecksSpec = "-*";
  Workers.Run.DumpUses = false;
  Workers.OnDone = nullptr;
  Workers.RunOf.clear(); // One run for every TU asked.
  for (unsigned Round = 0; Round < MaxRounds; ++Round) {
    std::set<std::string> Names, Fields;
    for (const std::string &N : namesToAsk(Report.Findings, Calls))
      if (Tried.insert(N).second)
        Names.insert(N);
    for (const std::string &F : fieldsToAsk(Report.Findings, Calls))
      if (Tried.insert("field " + F).second)
        Fields.insert(F);
    if (Names.empty() && Fields.empty())
      break;
    Workers.Run.SummarizeCalls.assign(Names.begin(), Names.end());
    Workers.Run.SummarizeFields.assign(Fields.begin(), Fields.end());
    bool Complete = true;
    std::vector<CompileCommand> Asked =
        namingCommands(Database, Names, Fields, Calls, Units);
    // A field is asked once: a check that a failed TU holds only goes
    // unnamed.
    Calls.markFieldsAsked(Fields);
    // Every TU that names them has answered already, while it was parsed
    // for other names.
    if (Asked.empty()) {
      Calls.markAsked(Names);
      continue;
    }
    ++Stats.Rounds;
    Stats.TUs += Asked.size();
    std::vector<TUOutcome> Outcomes = runWorkers(Asked, Workers);
    for (size_t I = 0; I < Asked.size(); ++I) {
      // A TU that failed may hold the call that has no check.
      Complete &= Outcomes[I].Status == TUStatus::Analyzed;
      if (Outcomes[I].Status != TUStatus::Analyzed)
        continue;
      const CallSummary &Summary = Outcomes[I].Report.Calls;
      Calls.add(Summary);
      Units[commandKey(Asked[I])] = Summary.Unit;
    }
    if (Complete)
      Calls.markAsked(Names);
  }
  linkFindings(Report.Findings, Calls, Root);
  return Stats;
}

} // namespace uaccess
