//===--- JsonSlices.cpp - A large JSON document, one part at a time -------===//

#include "utils/JsonSlices.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Regex.h"

namespace uaccess {

namespace {

/// Walks a text, finding where JSON values end.
class Scanner {
public:
  explicit Scanner(llvm::StringRef Text) : Text(Text) {}

  void skipSpace() {
    while (Pos < Text.size() && llvm::StringRef(" \t\r\n").contains(Text[Pos]))
      ++Pos;
  }
  bool at(char C) {
    skipSpace();
    return Pos < Text.size() && Text[Pos] == C;
  }
  bool take(char C) {
    if (!at(C))
      return false;
    ++Pos;
    return true;
  }
  bool atEnd() {
    skipSpace();
    return Pos == Text.size();
  }
  /// The text of the value that starts here; empty when none ends well.
  llvm::StringRef value();
  llvm::Error error(const llvm::Twine &What) const {
    return llvm::createStringError("%s at byte %zu", What.str().c_str(), Pos);
  }

private:
  bool skipString();
  bool skipNested();

  llvm::StringRef Text;
  size_t Pos = 0;
};

bool Scanner::skipString() {
  for (++Pos; Pos < Text.size(); ++Pos) {
    if (Text[Pos] == '\\')
      ++Pos;
    else if (Text[Pos] == '"')
      return ++Pos, true;
  }
  return false;
}

/// An object or an array, its brackets matched.
bool Scanner::skipNested() {
  std::string Open;
  while (Pos < Text.size()) {
    char C = Text[Pos];
    if (C == '"') {
      if (!skipString())
        return false;
      continue;
    }
    if (C == '{' || C == '[')
      Open.push_back(C == '{' ? '}' : ']');
    else if (C == '}' || C == ']') {
      if (Open.empty() || Open.back() != C)
        return false;
      Open.pop_back();
    }
    ++Pos;
    if (Open.empty())
      return true;
  }
  return false;
}

llvm::StringRef Scanner::value() {
  skipSpace();
  size_t Start = Pos;
  if (Pos == Text.size())
    return "";
  char C = Text[Pos];
  bool Ended;
  if (C == '"')
    Ended = skipString();
  else if (C == '{' || C == '[')
    Ended = skipNested();
  else {
    while (Pos < Text.size() &&
           !llvm::StringRef(",]} \t\r\n").contains(Text[Pos]))
      ++Pos;
    Ended = Pos > Start;
  }
  return Ended ? Text.slice(Start, Pos) : "";
}

} // namespace

llvm::Expected<std::vector<std::pair<std::string, llvm::StringRef>>>
jsonObjectMembers(llvm::StringRef Text) {
  Scanner S(Text);
  std::vector<std::pair<std::string, llvm::StringRef>> Members;
  if (!S.take('{'))
    return S.error("expected an object");
  bool First = true;
  while (!S.take('}')) {
    if (!First && !S.take(','))
      return S.error("expected ',' or '}'");
    First = false;
    llvm::StringRef KeyText = S.at('"') ? S.value() : "";
    llvm::Expected<llvm::json::Value> Key = llvm::json::parse(KeyText);
    if (KeyText.empty() || !Key || !Key->getAsString()) {
      if (!Key)
        llvm::consumeError(Key.takeError());
      return S.error("expected a key");
    }
    if (!S.take(':'))
      return S.error("expected ':'");
    llvm::StringRef Value = S.value();
    if (Value.empty())
      return S.error("expected a value");
    std::string Name = Key->getAsString()->str();
    // As json::parse: one member of a name.
    if (llvm::any_of(Members, [&](const auto &M) { return M.first == Name; }))
      return S.error("duplicate key '" + Name + "'");
    Members.push_back({std::move(Name), Value});
  }
  if (!S.atEnd())
    return S.error("text after the object");
  return Members;
}

llvm::Expected<std::vector<llvm::StringRef>>
jsonArrayElements(llvm::StringRef Text) {
  Scanner S(Text);
  std::vector<llvm::StringRef> Elements;
  if (!S.take('['))
    return S.error("expected an array");
  bool First = true;
  while (!S.take(']')) {
    if (!First && !S.take(','))
      return S.error("expected ',' or ']'");
    First = false;
    llvm::StringRef Value = S.value();
    if (Value.empty())
      return S.error("expected a value");
    Elements.push_back(Value);
  }
  if (!S.atEnd())
    return S.error("text after the array");
  return Elements;
}

namespace {
/// JSON's number, exactly: json::parse reads numbers with strtod, which
/// takes `+1`, `.5`, `02` and `1.` too.
bool isJsonNumber(llvm::StringRef Token) {
  static const llvm::Regex Number(
      "^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?$");
  return Number.match(Token);
}

/// One pass over \p Text: brackets counted (for JSON, outside its strings)
/// and, for JSON, every number checked.
llvm::Error scan(llvm::StringRef Text, bool Json) {
  unsigned Depth = 0;
  bool Quoted = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (Quoted) {
      if (C == '\\')
        ++I;
      else if (C == '"')
        Quoted = false;
    } else if (C == '"' && Json) {
      Quoted = true;
    } else if (C == '[' || C == '{') {
      if (++Depth > MaxNesting)
        return llvm::createStringError(
            "nested more than %u levels deep at byte %zu", MaxNesting, I);
    } else if (C == ']' || C == '}') {
      Depth -= Depth > 0;
    } else if (Json && llvm::StringRef("+-.0123456789").contains(C)) {
      size_t End = I;
      while (End < Text.size() && (llvm::isAlnum(Text[End]) ||
                                   llvm::StringRef("+-.").contains(Text[End])))
        ++End;
      if (!isJsonNumber(Text.slice(I, End)))
        return llvm::createStringError("'%s' at byte %zu is not a JSON number",
                                       Text.slice(I, End).str().c_str(), I);
      I = End - 1;
    }
  }
  return llvm::Error::success();
}
} // namespace

llvm::Error checkJsonText(llvm::StringRef Text) { return scan(Text, true); }

llvm::Expected<llvm::json::Value> parseJsonInput(llvm::StringRef Text) {
  if (llvm::Error E = checkJsonText(Text))
    return E;
  return llvm::json::parse(Text);
}

llvm::Error checkYamlNesting(llvm::StringRef Text) { return scan(Text, false); }

} // namespace uaccess
