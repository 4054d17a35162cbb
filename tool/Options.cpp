//===--- Options.cpp - The command line, read once ------------------------===//

#include "Options.h"

#include "checks/CheckRegistry.h"

using namespace llvm;

namespace uaccess {

Error refuseOptions(StringRef Mode,
                    ArrayRef<std::pair<bool, StringRef>> Given) {
  for (auto [Set, Name] : Given)
    if (Set)
      return createStringError(Mode + ": " + Name + " does not apply");
  return Error::success();
}

Error checkKbuildOptions(Options &O) {
  if (Error E = refuseOptions("--kbuild checks one file per call, many at once",
                              {{!O.BuildPath.empty(), "-p"},
                               {!O.DiffFile.empty(), "--diff"},
                               {O.Fix, "--fix"},
                               {O.FixDryRun, "--fix-dry-run"},
                               {!O.PatchDir.empty(), "--patch-dir"},
                               {!O.WriteBaseline.empty(), "--write-baseline"},
                               {!O.OutputFile.empty(), "-o"},
                               {!O.ExportFixes.empty(), "--export-fixes"},
                               {!O.Shard.empty(), "--shard"},
                               {!O.LineFilterJSON.empty(), "--line-filter"},
                               {O.ListChecks, "--list-checks"},
                               {O.DumpConfig, "--dump-config"},
                               {!O.Explain.empty(), "--explain"},
                               {O.DumpUses, "--dump-uaccess"}}))
    return E;
  O.Quiet = true;
  return Error::success();
}

namespace {
/// The --check-option the analysis reads (all but Severity, which applies
/// to findings made), or "".
std::string analysisCheckOption(const Options &O) {
  for (const std::string &Arg : O.CheckOptionArgs)
    if (!StringRef(Arg).split('=').first.ends_with(".Severity"))
      return Arg;
  return "";
}
} // namespace

Error checkAfterAnalysisOptions(const Options &O, StringRef Mode,
                                bool HaveDashDash) {
  std::string CheckOption = analysisCheckOption(O);
  return refuseOptions(
      Mode,
      {{!O.BuildPath.empty(), "-p"},
       {O.KbuildMode, "--kbuild"},
       {O.ListChecks || O.DumpConfig || !O.Explain.empty(),
        "--list-checks, --dump-config and --explain (run them alone)"},
       {!O.Shard.empty(), "--shard"},
       {O.Exhaustive, "--exhaustive"},
       {O.ExplainPrefilter, "--explain-prefilter"},
       {!O.ScanCache.empty(), "--scan-cache"},
       {O.DumpUses, "--dump-uaccess"},
       {O.SkipBodiesGiven, "--skip-bodies"},
       {!O.ResultsDir.empty(), "--results-dir"},
       {!O.ExtraArgOpts.empty() || !O.ExtraArgBeforeOpts.empty() ||
            HaveDashDash,
        "compiler arguments (--extra-arg, '--')"},
       {!O.SafeCallees.empty() || !O.SafeCalleesFile.empty(),
        "--uaccess-safe (an analysis option)"},
       {O.MinAccesses || O.AccessOkStatements || O.AccessOkLines ||
            O.AccessOkCallerDepth,
        "--min-accesses and --access-ok-* (analysis options)"},
       {!CheckOption.empty(),
        "--check-option=" + CheckOption +
            " (an analysis option; of check options, only Severity applies)"}});
}

Error checkMergeOptions(const Options &O) {
  return refuseOptions(
      "merge", {{!O.DiffFile.empty(), "--diff (merge the gated runs' reports)"},
                {(O.HeaderFilter && !O.HeaderFilter->empty()) ||
                     !O.ExcludeHeaderFilter.empty(),
                 "--header-filter (the runs filtered their findings)"},
                {O.ReportUnusedSuppressions, "--report-unused-suppressions"}});
}

Error resolveResultsDir(Options &O, const char *Env) {
  // A gate's run is no build's: the TUs outside the patch are not looked
  // at, and their records would say they were.
  if (!O.ResultsDir.empty() && !O.DiffFile.empty())
    return createStringError(
        "--results-dir records a build's TUs: not with --diff");
  if (O.ResultsDir.empty() && O.DiffFile.empty() && Env)
    O.ResultsDir = Env;
  return Error::success();
}

Error checkConfigOptions(const Options &O) {
  if (!O.ConfigFile.empty() && !O.InlineConfig.empty())
    return createStringError(
        "--config and --config-file cannot be used together");
  return Error::success();
}

Expected<std::optional<GlobList>> promotedChecks(const Options &O) {
  if (O.WarningsAsErrors.empty())
    return std::nullopt;
  std::string Error;
  auto Globs = GlobList::parse(O.WarningsAsErrors, Error);
  if (!Globs)
    return createStringError("--warnings-as-errors: " + Error);
  std::vector<std::string> Unknown = Globs->unmatchedGlobs(allCheckNames());
  if (!Unknown.empty())
    return createStringError("--warnings-as-errors: unknown check '" +
                             Unknown.front() + "' (see --list-checks)");
  return Globs;
}

Expected<std::vector<std::pair<std::string, std::string>>>
checkOptionOverrides(const Options &O) {
  std::vector<std::pair<std::string, std::string>> Overrides;
  for (const std::string &Arg : O.CheckOptionArgs) {
    auto [Key, Value] = StringRef(Arg).split('=');
    if (Key.empty() || !StringRef(Arg).contains('='))
      return createStringError(
          "--check-option wants 'check-name.Option=value', not '" + Arg + "'");
    Overrides.emplace_back(Key.trim().str(), Value.trim().str());
  }
  auto Flag = [&](const std::optional<unsigned> &Value, const char *Key) {
    if (Value)
      Overrides.emplace_back(Key, std::to_string(*Value));
  };
  Flag(O.MinAccesses, "batchable.MinAccesses");
  Flag(O.AccessOkStatements, "access-ok-far.MaxStatements");
  Flag(O.AccessOkLines, "access-ok-far.MaxLines");
  Flag(O.AccessOkCallerDepth, "access-ok-far.CallerDepth");
  return Overrides;
}

Expected<std::pair<unsigned, unsigned>> parseShard(StringRef Shard) {
  auto [K, N] = Shard.split('/');
  unsigned Index = 0, Count = 0;
  if (K.trim().getAsInteger(10, Index) || N.trim().getAsInteger(10, Count) ||
      Count == 0 || Index == 0 || Index > Count)
    return createStringError("--shard wants K/N with 1 <= K <= N, not '" +
                             Shard + "'");
  return std::make_pair(Index - 1, Count);
}

Expected<std::optional<LineFilter>> parseLineFilter(StringRef JSON) {
  if (JSON.empty())
    return std::nullopt;
  Expected<LineFilter> Filter = LineFilter::parse(JSON);
  if (!Filter)
    return Filter.takeError();
  if (Filter->empty())
    return std::nullopt;
  return std::optional<LineFilter>(std::move(*Filter));
}

} // namespace uaccess
