//===--- ChangedLines.cpp - Keep findings on the lines a patch changes ----===//

#include "ChangedLines.h"

#include "llvm/ADT/SmallVector.h"

namespace uaccess {

llvm::Expected<ChangedLines> ChangedLines::parse(llvm::StringRef Diff) {
  ChangedLines Out;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Diff.split(Lines, '\n');
  std::set<uint64_t> *Current = nullptr;
  uint64_t NewLine = 0;
  for (llvm::StringRef Line : Lines) {
    if (Line.consume_front("+++ ")) {
      Line = Line.split('\t').first.rtrim();
      if (Line == "/dev/null") {
        Current = nullptr;
        continue;
      }
      if (Line.starts_with("b/"))
        Line = Line.drop_front(2);
      Current = &Out.Added[Line];
      continue;
    }
    if (Line.starts_with("@@ ")) {
      // @@ -a[,b] +c[,d] @@
      size_t Plus = Line.find(" +");
      if (Plus == llvm::StringRef::npos ||
          Line.substr(Plus + 2).take_while(isdigit).getAsInteger(10, NewLine))
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "malformed hunk header: %s",
                                       Line.str().c_str());
      continue;
    }
    if (!Current || Line.starts_with("--- ") || Line.starts_with("diff ") ||
        Line.starts_with("index "))
      continue;
    if (Line.starts_with("+")) {
      Current->insert(NewLine++);
    } else if (Line.starts_with(" ")) {
      ++NewLine;
    }
  }
  return Out;
}

bool ChangedLines::contains(llvm::StringRef File, uint64_t Line) const {
  for (const auto &Entry : Added) {
    llvm::StringRef Path = Entry.getKey();
    if ((File == Path || File.ends_with(("/" + Path).str())) &&
        Entry.getValue().count(Line))
      return true;
  }
  return false;
}

} // namespace uaccess
