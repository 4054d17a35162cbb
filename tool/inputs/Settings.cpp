//===--- Settings.cpp - Each TU's config, the command line on top ---------===//

#include "inputs/Settings.h"

#include "checks/CheckRegistry.h"
#include "inputs/Inputs.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace uaccess {

namespace {
/// Where a value came from, for its error: nothing for the command line's
/// (the option names itself), " in <config>" for a config's.
std::string inConfig(const Settings &S, bool FromCommandLine) {
  return FromCommandLine || S.Origin.empty() ? "" : " in " + S.Origin;
}

Error resolveChecks(Settings &S, const Config &C, const SettingsOverrides &O) {
  S.Checks = O.Checks ? *O.Checks : C.Checks.value_or("*");
  std::string In = inConfig(S, O.Checks.has_value());
  std::string Error;
  std::optional<GlobList> Enabled = GlobList::parse(S.Checks, Error);
  if (!Enabled)
    return createStringError(Error + In);
  std::vector<std::string> Unknown = Enabled->unmatchedGlobs(allCheckNames());
  if (!Unknown.empty())
    return createStringError("unknown check '" + Unknown.front() + "'" + In +
                             " (see --list-checks)");
  // A run with no check looks at nothing and would exit 0: a silent pass.
  bool Any = any_of(allCheckNames(),
                    [&](StringRef Name) { return Enabled->contains(Name); });
  if (!Any && O.NeedChecks)
    return createStringError("no checks enabled by " +
                             (In.empty() ? "--checks='" + S.Checks + "'"
                                         : "Checks '" + S.Checks + "'" + In) +
                             " (see --list-checks)");
  S.Enabled = std::move(*Enabled);
  return Error::success();
}

/// The config's options with the command line's on top. The command line's
/// are checked alone first, so that an error names the place to fix.
Error resolveOptions(Settings &S, const Config &C, const SettingsOverrides &O) {
  CheckOptionMap Given;
  S.Options = C.CheckOptions;
  for (const auto &[Key, Value] : O.CheckOptions)
    Given[Key] = S.Options[Key] = Value;
  for (auto [Options, In] :
       {std::pair(&Given, std::string()), {&S.Options, inConfig(S, false)}}) {
    OptionsRecord Record = readCheckOptions(*Options);
    if (!Record.Errors.empty())
      return createStringError(Record.Errors.front() + In +
                               " (see --dump-config)");
  }
  return Error::success();
}

Error resolveHeaderFilter(Settings &S, const Config &C,
                          const SettingsOverrides &O) {
  S.HeaderFilter = O.HeaderFilter ? O.HeaderFilter : C.HeaderFilterRegex;
  if (!S.HeaderFilter)
    return Error::success();
  std::string Error;
  Regex R(*S.HeaderFilter);
  if (!R.isValid(Error))
    return createStringError((O.HeaderFilter ? "invalid --header-filter '"
                                             : "invalid HeaderFilterRegex '") +
                             *S.HeaderFilter + "'" +
                             inConfig(S, O.HeaderFilter.has_value()) + ": " +
                             Error);
  S.HeaderRegex = std::move(R);
  return Error::success();
}
} // namespace

Expected<std::unique_ptr<Settings>>
resolveSettings(const Config &C, StringRef Origin, const SettingsOverrides &O) {
  auto S = std::make_unique<Settings>();
  S->Origin = Origin.str();
  if (Error E = resolveChecks(*S, C, O))
    return E;
  if (Error E = resolveOptions(*S, C, O))
    return E;
  S->Safe = C.UaccessSafe;
  S->Safe.insert(S->Safe.end(), O.Safe.begin(), O.Safe.end());
  if (Error E = resolveHeaderFilter(*S, C, O))
    return E;
  S->Baseline = O.Baseline ? *O.Baseline : C.Baseline.value_or("");
  return S;
}

Config effectiveConfig(const Settings &S) {
  Config Out;
  Out.Checks = S.Checks;
  for (const auto &[Key, Value] : readCheckOptions(S.Options).Declared)
    if (S.Enabled.contains(StringRef(Key).split('.').first))
      Out.CheckOptions[Key] = Value;
  Out.UaccessSafe = S.Safe;
  Out.HeaderFilterRegex = S.HeaderFilter;
  if (!S.Baseline.empty())
    Out.Baseline = absoluteSourcePath("", S.Baseline);
  return Out;
}

Expected<const Settings *> SettingsFinder::withoutConfigFile() {
  return forConfig(Overrides.Fixed ? Overrides.FixedOrigin : "");
}

Expected<const Settings *> SettingsFinder::forDirectory(StringRef Dir) {
  if (Overrides.Fixed)
    return withoutConfigFile();
  std::string Abs = absoluteSourcePath("", Dir);
  auto [It, New] = ConfigOfDir.try_emplace(Abs);
  if (New)
    It->second = findConfigFile(Abs);
  return forConfig(It->second);
}

Expected<const Settings *> SettingsFinder::forFile(StringRef File) {
  return forDirectory(sys::path::parent_path(absoluteSourcePath("", File)));
}

/// \p Path is a config file's, the fixed config's origin, or "" (none).
Expected<const Settings *> SettingsFinder::forConfig(const std::string &Path) {
  if (auto It = ByOrigin.find(Path); It != ByOrigin.end())
    return It->second;
  Expected<Config> C = Config();
  if (Overrides.Fixed)
    C = *Overrides.Fixed;
  else if (!Path.empty())
    C = readConfigFile(Path);
  if (!C)
    return C.takeError();
  Expected<std::unique_ptr<Settings>> S = resolveSettings(*C, Path, Overrides);
  if (!S)
    return S.takeError();
  (*S)->Index = All.size();
  All.push_back(std::move(*S));
  ByOrigin[Path] = All.back().get();
  return All.back().get();
}

void filterHeaders(std::vector<Finding> &Findings,
                   const std::set<std::string> &MainFiles,
                   ArrayRef<std::unique_ptr<Settings>> All,
                   const std::optional<Regex> &Exclude) {
  erase_if(Findings, [&](Finding &F) {
    if (MainFiles.count(F.Loc.File))
      return false;
    if (Exclude && Exclude->match(F.Loc.File))
      return true;
    erase_if(F.Configs, [&](unsigned I) {
      return All[I]->HeaderRegex && !All[I]->HeaderRegex->match(F.Loc.File);
    });
    return F.Configs.empty();
  });
}

namespace {
/// The checks \p Enabled says are on, in registration order.
template <typename Fn> std::vector<StringRef> checksWhere(Fn Enabled) {
  std::vector<StringRef> On;
  for (StringRef Name : allCheckNames())
    if (Enabled(Name))
      On.push_back(Name);
  return On;
}
} // namespace

EnabledChecksByFile::EnabledChecksByFile(
    ArrayRef<std::string> MainFiles, ArrayRef<unsigned> SettingsOf,
    ArrayRef<std::unique_ptr<Settings>> All) {
  for (size_t I = 0; I < MainFiles.size(); ++I)
    ByFile[MainFiles[I]] = checksWhere([&](StringRef Name) {
      return All[SettingsOf[I]]->Enabled.contains(Name);
    });
  std::set<unsigned> Used(SettingsOf.begin(), SettingsOf.end());
  Any = checksWhere([&](StringRef Name) {
    return any_of(Used,
                  [&](unsigned S) { return All[S]->Enabled.contains(Name); });
  });
}

std::vector<StringRef> EnabledChecksByFile::operator()(StringRef File) const {
  auto It = ByFile.find(File.str());
  return It != ByFile.end() ? It->second : Any;
}

} // namespace uaccess
