//===--- Config.cpp - The .uaccess-lint.yaml file -------------------------===//

#include "inputs/Config.h"

#include "utils/JsonSlices.h"

#include "inputs/Inputs.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"
#include "llvm/Support/YAMLTraits.h"

using namespace llvm;

namespace uaccess {
namespace {
/// CheckOptions as clang-tidy accepts them: a map, or a list of
/// {key, value} pairs.
struct OptionsField {
  std::map<std::string, std::string> *Map;
};
struct OptionPair {
  std::string Key, Value;
};
} // namespace
} // namespace uaccess

LLVM_YAML_IS_SEQUENCE_VECTOR(uaccess::OptionPair)

namespace llvm {
namespace yaml {

template <> struct MappingTraits<uaccess::OptionPair> {
  static void mapping(IO &IO, uaccess::OptionPair &P) {
    IO.mapRequired("key", P.Key);
    IO.mapRequired("value", P.Value);
  }
};

/// Found by argument-dependent lookup from YAMLIO's templates; a plain
/// function, so it wins over them.
void yamlize(IO &IO, uaccess::OptionsField &F, bool, EmptyContext &Ctx) {
  if (IO.outputting()) {
    IO.beginMapping();
    for (auto &[Key, Value] : *F.Map)
      IO.mapRequired(Key.c_str(), Value);
    IO.endMapping();
    return;
  }
  const Node *N = static_cast<Input &>(IO).getCurrentNode();
  if (isa_and_nonnull<SequenceNode>(N)) {
    std::vector<uaccess::OptionPair> Pairs;
    yamlize(IO, Pairs, true, Ctx);
    for (uaccess::OptionPair &P : Pairs)
      (*F.Map)[P.Key] = P.Value;
  } else if (isa_and_nonnull<MappingNode>(N)) {
    IO.beginMapping();
    for (StringRef Key : IO.keys())
      IO.mapRequired(Key.str().c_str(), (*F.Map)[Key.str()]);
    IO.endMapping();
  } else if (!isa_and_nonnull<NullNode>(N)) {
    IO.setError("CheckOptions: expected a map or a list of key/value pairs");
  }
}

template <> struct MappingTraits<uaccess::Config> {
  static void mapping(IO &IO, uaccess::Config &C) {
    IO.mapOptional("Checks", C.Checks);
    uaccess::OptionsField Options{&C.CheckOptions};
    if (!IO.outputting() || !C.CheckOptions.empty())
      IO.mapOptional("CheckOptions", Options);
    IO.mapOptional("UaccessSafe", C.UaccessSafe, std::vector<std::string>());
    IO.mapOptional("HeaderFilterRegex", C.HeaderFilterRegex);
    IO.mapOptional("Baseline", C.Baseline);
  }
};

} // namespace yaml
} // namespace llvm

namespace uaccess {

namespace {
struct Diagnostics {
  std::string Name;
  std::string First;
};

void collect(const SMDiagnostic &D, void *Context) {
  auto *Diags = static_cast<Diagnostics *>(Context);
  if (Diags->First.empty())
    Diags->First = (Diags->Name + ":" + Twine(D.getLineNo()) + ":" +
                    Twine(D.getColumnNo() + 1) + ": " + D.getMessage())
                       .str();
}
} // namespace

Expected<Config> parseConfig(StringRef Text, StringRef Name) {
  if (Error E = checkYamlNesting(Text))
    return createStringError(inconvertibleErrorCode(),
                             Name + ": " + toString(std::move(E)));
  Diagnostics Diags{Name.str(), ""};
  Config C;
  yaml::Input In(Text, nullptr, collect, &Diags);
  In >> C;
  if (!In.error())
    return C;
  if (Diags.First.empty())
    Diags.First = (Name + ": " + In.error().message()).str();
  return createStringError(In.error(), "invalid config: " + Diags.First);
}

Expected<Config> readConfigFile(StringRef Path) {
  Expected<std::string> Text =
      readInputFile(Path, "config file", uint64_t(16) << 20);
  if (!Text)
    return Text.takeError();
  Expected<Config> C = parseConfig(*Text, Path);
  if (C && C->Baseline && !sys::path::is_absolute(*C->Baseline)) {
    SmallString<256> Dir(absoluteSourcePath("", Path));
    sys::path::remove_filename(Dir);
    C->Baseline = absoluteSourcePath(Dir, *C->Baseline);
  }
  return C;
}

std::string findConfigFile(StringRef Dir) {
  for (std::string Abs = absoluteSourcePath("", Dir); !Abs.empty();
       Abs = sys::path::parent_path(Abs).str()) {
    SmallString<256> File(Abs);
    sys::path::append(File, ConfigFileName);
    if (sys::fs::is_regular_file(File))
      return std::string(File);
  }
  return "";
}

std::string renderConfig(const Config &C) {
  std::string Text;
  raw_string_ostream OS(Text);
  yaml::Output Out(OS, nullptr, /*WrapColumn=*/0);
  Config Copy = C;
  Out << Copy;
  return Text;
}

} // namespace uaccess
