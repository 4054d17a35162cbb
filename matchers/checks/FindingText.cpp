//===--- FindingText.cpp - What a finding says, from its arguments --------===//

#include "checks/FindingText.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace uaccess {

//===----------------------------------------------------------------------===//
// FindingArgs
//===----------------------------------------------------------------------===//

std::string FindingArgs::text(llvm::StringRef Name) const {
  auto It = Values.find(Name.str());
  if (It == Values.end())
    return "";
  if (const auto *Text = std::get_if<std::string>(&It->second))
    return *Text;
  if (const auto *Number = std::get_if<int64_t>(&It->second))
    return std::to_string(*Number);
  std::string Names;
  for (const std::string &Name : std::get<std::vector<std::string>>(It->second))
    Names += (Names.empty() ? "'" : ", '") + Name + "'";
  return Names;
}

int64_t FindingArgs::number(llvm::StringRef Name, int64_t Default) const {
  auto It = Values.find(Name.str());
  if (It == Values.end())
    return Default;
  const auto *Number = std::get_if<int64_t>(&It->second);
  return Number ? *Number : Default;
}

std::vector<std::string> FindingArgs::list(llvm::StringRef Name) const {
  auto It = Values.find(Name.str());
  if (It == Values.end())
    return {};
  if (const auto *List = std::get_if<std::vector<std::string>>(&It->second))
    return *List;
  if (const auto *Text = std::get_if<std::string>(&It->second))
    return {*Text};
  return {};
}

bool FindingArgs::isSet(llvm::StringRef Name) const {
  auto It = Values.find(Name.str());
  if (It == Values.end())
    return false;
  return std::visit(
      [](const auto &V) {
        using T = std::decay_t<decltype(V)>;
        if constexpr (std::is_same_v<T, int64_t>)
          return V != 0;
        else
          return !V.empty();
      },
      It->second);
}

//===----------------------------------------------------------------------===//
// Formats
//===----------------------------------------------------------------------===//

namespace {
/// Renders formats, or, with no arguments, only checks that they parse.
class Renderer {
public:
  explicit Renderer(const FindingArgs *Args) : Args(Args) {}

  void render(llvm::StringRef Format) {
    while (!Format.empty() && Error.empty()) {
      size_t Brace = Format.find_first_of("{}");
      Out += Format.take_front(Brace).str();
      if (Brace == llvm::StringRef::npos)
        return;
      if (Format[Brace] == '}')
        return fail("a '}' with no '{' before it");
      size_t Close = closing(Format, Brace);
      if (Close == llvm::StringRef::npos)
        return fail("a '{' with no '}' after it");
      field(Format.slice(Brace + 1, Close));
      Format = Format.drop_front(Close + 1);
    }
  }

  std::string Out;
  std::string Error;

private:
  /// The '}' that closes the '{' at \p Open.
  static size_t closing(llvm::StringRef Format, size_t Open) {
    unsigned Depth = 0;
    for (size_t I = Open; I < Format.size(); ++I)
      if (Format[I] == '{')
        ++Depth;
      else if (Format[I] == '}' && --Depth == 0)
        return I;
    return llvm::StringRef::npos;
  }

  /// \p Body split at its first '|' outside braces.
  static std::pair<llvm::StringRef, llvm::StringRef>
  alternatives(llvm::StringRef Body) {
    unsigned Depth = 0;
    for (size_t I = 0; I < Body.size(); ++I)
      if (Body[I] == '{')
        ++Depth;
      else if (Body[I] == '}')
        --Depth;
      else if (Body[I] == '|' && Depth == 0)
        return {Body.take_front(I), Body.drop_front(I + 1)};
    return {Body, ""};
  }

  /// "name", "name?A|B" or "name#one|many".
  void field(llvm::StringRef Body) {
    llvm::StringRef Name = Body.take_until(
        [](char C) { return C == '?' || C == '#' || C == '|'; });
    llvm::StringRef Rest = Body.drop_front(Name.size());
    if (Name.empty() || Name.find_first_of("{} ") != llvm::StringRef::npos)
      return fail("'{" + Body.str() + "}' does not name an argument");
    if (Rest.empty()) {
      if (Args)
        Out += Args->text(Name);
      return;
    }
    if (Rest[0] == '|')
      return fail("'{" + Body.str() + "}' has no '?' or '#' before '|'");
    auto [Yes, No] = alternatives(Rest.drop_front());
    if (!Args) { // Both must parse.
      render(Yes);
      return render(No);
    }
    bool Choose =
        Rest[0] == '?' ? Args->isSet(Name) : Args->number(Name, -1) == 1;
    render(Choose ? Yes : No);
  }

  void fail(const std::string &Why) { Error = Why; }

  const FindingArgs *Args;
};
} // namespace

std::string formatMessage(llvm::StringRef Format, const FindingArgs &Args) {
  Renderer R(&Args);
  R.render(Format);
  return R.Out;
}

std::string formatError(llvm::StringRef Format) {
  Renderer R(nullptr);
  R.render(Format);
  return R.Error;
}

std::string functionText(const Finding &F) {
  return F.Function.empty() ? "the function" : F.Function + "()";
}

} // namespace uaccess
