//===--- Suppressions.cpp - Inline suppression comments -------------------===//

#include "utils/Suppressions.h"

#include "utils/GlobList.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace uaccess {

namespace {

/// A comment's text, delimiters included, and the line it starts on.
struct Comment {
  llvm::StringRef Text;
  unsigned Line;
};

/// The index just past the string or character literal at \p I (its
/// quote). A literal ends at an unescaped newline too, so a stray quote
/// (an apostrophe in an #error) costs one line at most.
size_t skipLiteral(llvm::StringRef Text, size_t I) {
  char Quote = Text[I++];
  while (I < Text.size() && Text[I] != Quote && Text[I] != '\n')
    I += Text[I] == '\\' && I + 1 < Text.size() ? 2 : 1;
  return I < Text.size() && Text[I] == Quote ? I + 1 : I;
}

/// The end of the comment at \p I: a line comment ends at a newline that
/// no backslash continues, a block comment after its "*/".
size_t commentEnd(llvm::StringRef Text, size_t I) {
  if (Text[I + 1] == '*') {
    size_t Close = Text.find("*/", I + 2);
    return Close == llvm::StringRef::npos ? Text.size() : Close + 2;
  }
  size_t End = I + 2;
  while (End < Text.size() &&
         (Text[End] != '\n' || Text[End - 1] == '\\' ||
          (Text[End - 1] == '\r' && Text[End - 2] == '\\')))
    ++End;
  return End;
}

std::vector<Comment> comments(llvm::StringRef Text) {
  std::vector<Comment> Out;
  unsigned Line = 1;
  size_t I = 0;
  while (I < Text.size()) {
    char C = Text[I];
    if (C == '"' || C == '\'') {
      size_t End = skipLiteral(Text, I);
      Line += Text.slice(I, End).count('\n');
      I = End;
    } else if (C == '/' && I + 1 < Text.size() &&
               (Text[I + 1] == '/' || Text[I + 1] == '*')) {
      size_t End = commentEnd(Text, I);
      Out.push_back({Text.slice(I, End), Line});
      Line += Out.back().Text.count('\n');
      I = End;
    } else {
      Line += C == '\n';
      ++I;
    }
  }
  return Out;
}

bool isIdentifierChar(char C) { return llvm::isAlnum(C) || C == '_'; }

/// The list in \p Open ... \p Close at the start of \p Rest, blanks
/// removed, and its length with the delimiters; nothing when there is no
/// list, or it is unclosed on its line or empty (\p Bad set).
std::optional<std::string> readList(llvm::StringRef Rest, char Open, char Close,
                                    size_t &Length, bool &Bad) {
  if (!Rest.starts_with(std::string(1, Open)))
    return std::nullopt;
  size_t End = Rest.find_first_of(std::string{Close, '\n'});
  if (End == llvm::StringRef::npos || Rest[End] != Close) {
    Bad = true;
    return std::nullopt;
  }
  std::string List;
  for (char C : Rest.slice(1, End))
    if (!llvm::isSpace(C))
      List += C;
  Bad = List.empty();
  Length = End + 1;
  return List;
}

/// The directive "uaccess-lint:" starts at the front of \p Rest.
Suppression readOwnDirective(llvm::StringRef Rest) {
  Suppression S;
  llvm::StringRef After = Rest.drop_front(strlen("uaccess-lint:")).ltrim(" \t");
  size_t Skipped = Rest.size() - After.size();
  S.K = After.consume_front("ignore-begin") ? Suppression::Begin
        : After.consume_front("ignore-end") ? Suppression::End
        : After.consume_front("ignore")     ? Suppression::ThisAndNextLine
                                            : Suppression::Malformed;
  size_t Length = 0;
  bool Bad = false;
  std::optional<std::string> List = readList(After, '[', ']', Length, Bad);
  if (!List || Bad)
    S.K = Suppression::Malformed;
  else
    S.Checks = *List;
  size_t Keyword = Rest.size() - After.size() - Skipped;
  S.Text = S.K == Suppression::Malformed
               ? Rest.take_until([](char C) { return C == '\n'; })
                     .rtrim(" \t\r*/")
                     .str()
               : Rest.take_front(Skipped + Keyword + Length).str();
  return S;
}

/// A NOLINT* keyword starts at the front of \p Rest; nothing when it is
/// the start of a longer word.
std::optional<Suppression> readClangTidyDirective(llvm::StringRef Rest) {
  Suppression S;
  S.ClangTidy = true;
  llvm::StringRef After = Rest;
  S.K = After.consume_front("NOLINTNEXTLINE") ? Suppression::NextLine
        : After.consume_front("NOLINTBEGIN")  ? Suppression::Begin
        : After.consume_front("NOLINTEND")    ? Suppression::End
                                              : Suppression::ThisLine;
  if (S.K == Suppression::ThisLine)
    After.consume_front("NOLINT");
  if (!After.empty() && isIdentifierChar(After.front()))
    return std::nullopt;
  size_t Length = 0;
  bool Bad = false;
  if (std::optional<std::string> List = readList(After, '(', ')', Length, Bad))
    S.Checks = *List;
  if (Bad)
    S.K = Suppression::Malformed;
  S.Text = Rest.take_front(Rest.size() - After.size() + Length).str();
  return S;
}

void scanComment(const Comment &C, std::vector<Suppression> &Out) {
  llvm::StringRef T = C.Text;
  for (size_t I = 0; I < T.size(); ++I) {
    llvm::StringRef Rest = T.substr(I);
    std::optional<Suppression> S;
    if (Rest.starts_with("uaccess-lint:"))
      S = readOwnDirective(Rest);
    else if (Rest.starts_with("NOLINT") &&
             (I == 0 || !isIdentifierChar(T[I - 1])))
      S = readClangTidyDirective(Rest);
    if (!S)
      continue;
    S->Line = C.Line + T.take_front(I).count('\n');
    I += std::max<size_t>(S->Text.size(), 1) - 1;
    Out.push_back(std::move(*S));
  }
}

} // namespace

std::vector<Suppression> scanSuppressions(llvm::StringRef FileText) {
  std::vector<Suppression> Out;
  for (const Comment &C : comments(FileText))
    scanComment(C, Out);
  return Out;
}

bool suppressionNames(llvm::StringRef Checks, llvm::StringRef Check) {
  if (Checks.empty())
    return true;
  std::string Error;
  std::optional<GlobList> Globs = GlobList::parse(Checks, Error);
  return Globs && Globs->contains(Check);
}

SuppressionSet::SuppressionSet(llvm::StringRef FileText)
    : List(scanSuppressions(FileText)), Partner(List.size()),
      Used(List.size()) {
  pair();
}

void SuppressionSet::pair() {
  std::vector<size_t> Open;
  for (size_t I = 0; I < List.size(); ++I) {
    if (List[I].K == Suppression::Begin) {
      Open.push_back(I);
      continue;
    }
    if (List[I].K != Suppression::End)
      continue;
    auto It = llvm::find_if(llvm::reverse(Open), [&](size_t B) {
      return List[B].ClangTidy == List[I].ClangTidy &&
             List[B].Checks == List[I].Checks;
    });
    if (It == Open.rend())
      continue;
    Partner[I] = *It;
    Partner[*It] = I;
    Open.erase(std::next(It).base());
  }
}

bool SuppressionSet::covers(size_t I, unsigned Line) const {
  unsigned At = List[I].Line;
  switch (List[I].K) {
  case Suppression::ThisAndNextLine:
    return Line == At || Line == At + 1;
  case Suppression::ThisLine:
    return Line == At;
  case Suppression::NextLine:
    return Line == At + 1;
  case Suppression::Begin:
    return Partner[I] && At <= Line && Line <= List[*Partner[I]].Line;
  default:
    return false;
  }
}

bool SuppressionSet::suppress(llvm::StringRef Check, unsigned Line) {
  // Line directives first: the narrowest suppression is the one used, so a
  // redundant one inside a begin/end region shows up as unused.
  for (bool Ranges : {false, true})
    for (size_t I = 0; I < List.size(); ++I)
      if ((List[I].K == Suppression::Begin) == Ranges && covers(I, Line) &&
          suppressionNames(List[I].Checks, Check)) {
        Used[I] = true;
        return true;
      }
  return false;
}

std::vector<const Suppression *>
SuppressionSet::unused(llvm::ArrayRef<llvm::StringRef> Checks) const {
  std::vector<const Suppression *> Out;
  for (size_t I = 0; I < List.size(); ++I) {
    const Suppression &S = List[I];
    bool Live = S.K != Suppression::Malformed && S.K != Suppression::End &&
                (S.K != Suppression::Begin || Partner[I]);
    if (!Live || Used[I] || (S.ClangTidy && S.Checks.empty()))
      continue;
    if (llvm::any_of(Checks, [&](llvm::StringRef C) {
          return suppressionNames(S.Checks, C);
        }))
      Out.push_back(&S);
  }
  return Out;
}

std::vector<std::pair<const Suppression *, std::string>>
SuppressionSet::problems(llvm::ArrayRef<llvm::StringRef> AllChecks) const {
  std::vector<std::pair<const Suppression *, std::string>> Out;
  for (size_t I = 0; I < List.size(); ++I) {
    const Suppression &S = List[I];
    if (S.K == Suppression::Malformed)
      Out.push_back({&S, S.ClangTidy ? "malformed: a check list wants "
                                       "'NOLINT(check,...)'"
                                     : "malformed: expected 'uaccess-lint: "
                                       "ignore[check,...]' or "
                                       "ignore-begin[...]/ignore-end[...]"});
    else if ((S.K == Suppression::Begin || S.K == Suppression::End) &&
             !Partner[I])
      Out.push_back({&S, S.K == Suppression::Begin
                             ? "no matching end: it suppresses nothing"
                             : "no matching begin"});
    else if (!S.ClangTidy && llvm::none_of(AllChecks, [&](llvm::StringRef C) {
               return suppressionNames(S.Checks, C);
             }))
      Out.push_back({&S, "names no uaccess-lint check"});
  }
  return Out;
}

} // namespace uaccess
