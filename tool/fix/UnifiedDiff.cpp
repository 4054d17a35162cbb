//===--- UnifiedDiff.cpp - Unified diffs of a file's two texts ------------===//

#include "fix/UnifiedDiff.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace uaccess {

namespace {
using Lines = std::vector<llvm::StringRef>;

/// The lines of \p Text, each with its line break (the last may have none).
Lines splitLines(llvm::StringRef Text) {
  Lines Out;
  while (!Text.empty()) {
    size_t End = Text.find('\n');
    End = End == llvm::StringRef::npos ? Text.size() : End + 1;
    Out.push_back(Text.take_front(End));
    Text = Text.drop_front(End);
  }
  return Out;
}

/// An edit script: ' ' keeps a line, '-' deletes one of the old text, '+'
/// adds one of the new.
using Script = std::string;

/// Beyond this many differences the middle is shown replaced whole: still
/// a correct diff, without the search's quadratic memory.
constexpr int MaxDifferences = 1000;

/// The furthest-reaching paths of Myers' O(ND) search, one vector per
/// number of differences, then walked back into a script.
Script myers(llvm::ArrayRef<llvm::StringRef> A,
             llvm::ArrayRef<llvm::StringRef> B) {
  int N = A.size(), M = B.size(), Max = std::min(N + M, MaxDifferences);
  std::vector<std::vector<int>> Trace;
  std::vector<int> V(2 * Max + 3, 0);
  int Offset = Max + 1;
  for (int D = 0; D <= Max; ++D) {
    for (int K = -D; K <= D; K += 2) {
      bool Down = K == -D || (K != D && V[Offset + K - 1] < V[Offset + K + 1]);
      int X = Down ? V[Offset + K + 1] : V[Offset + K - 1] + 1;
      int Y = X - K;
      while (X < N && Y < M && A[X] == B[Y])
        ++X, ++Y;
      V[Offset + K] = X;
      if (X >= N && Y >= M) {
        Trace.push_back(V);
        Script S;
        for (int Back = D; Back > 0; --Back) {
          const std::vector<int> &Prev = Trace[Back - 1];
          bool WasDown = K == -Back || (K != Back && Prev[Offset + K - 1] <
                                                         Prev[Offset + K + 1]);
          int PrevK = WasDown ? K + 1 : K - 1;
          int PrevX = Prev[Offset + PrevK], PrevY = PrevX - PrevK;
          int StepX = WasDown ? PrevX : PrevX + 1;
          S.append(X - StepX, ' ');
          S += WasDown ? '+' : '-';
          X = PrevX, Y = PrevY, K = PrevK;
        }
        S.append(X, ' ');
        return Script(S.rbegin(), S.rend());
      }
    }
    Trace.push_back(V);
  }
  return Script(N, '-') + Script(M, '+');
}

/// Within each run of changes, the deletions first, as git shows them.
void deletionsFirst(Script &S) {
  for (size_t I = 0; I != S.size();) {
    size_t End = S.find(' ', I);
    End = End == Script::npos ? S.size() : End;
    size_t Minus = std::count(S.begin() + I, S.begin() + End, '-');
    std::fill(S.begin() + I, S.begin() + I + Minus, '-');
    std::fill(S.begin() + I + Minus, S.begin() + End, '+');
    I = End == S.size() ? End : End + 1;
  }
}

/// The script of the whole texts: common ends kept, the middle searched.
Script editScript(const Lines &A, const Lines &B) {
  size_t Head = 0;
  while (Head < A.size() && Head < B.size() && A[Head] == B[Head])
    ++Head;
  size_t Tail = 0;
  while (Tail < A.size() - Head && Tail < B.size() - Head &&
         A[A.size() - 1 - Tail] == B[B.size() - 1 - Tail])
    ++Tail;
  llvm::ArrayRef<llvm::StringRef> MidA(A), MidB(B);
  Script S = Script(Head, ' ') +
             myers(MidA.slice(Head, A.size() - Head - Tail),
                   MidB.slice(Head, B.size() - Head - Tail)) +
             Script(Tail, ' ');
  deletionsFirst(S);
  return S;
}

/// git's default function context: the nearest line above \p Before that
/// starts with a letter, '_' or '$', trailing blanks dropped, 80 bytes.
std::string functionContext(const Lines &Old, size_t Before) {
  while (Before-- > 0) {
    llvm::StringRef L = Old[Before];
    if (!L.empty() && (llvm::isAlpha(L[0]) || L[0] == '_' || L[0] == '$'))
      return L.rtrim().take_front(80).str();
  }
  return "";
}

/// "-3,2" or "-3" for one line, "-2,0" (the line before) for none.
std::string range(char Sign, size_t First, size_t Count) {
  std::string Text(1, Sign);
  Text += std::to_string(Count ? First + 1 : First);
  if (Count != 1)
    Text += "," + std::to_string(Count);
  return Text;
}

void emitLine(llvm::raw_ostream &OS, char Sign, llvm::StringRef Line) {
  OS << Sign << Line;
  if (!Line.ends_with("\n"))
    OS << "\n\\ No newline at end of file\n";
}

struct Hunk {
  size_t Begin, End; // Positions in the script.
};

/// Hunks: each change with Context kept lines around it, joined when
/// they touch.
std::vector<Hunk> hunks(const Script &S, unsigned Context) {
  std::vector<Hunk> Out;
  for (size_t I = 0; I != S.size(); ++I) {
    if (S[I] == ' ')
      continue;
    size_t Begin = I > Context ? I - Context : 0;
    size_t Last = I;
    while (Last + 1 < S.size() && S[Last + 1] != ' ')
      ++Last;
    size_t End = std::min(S.size(), Last + 1 + Context);
    if (!Out.empty() && Begin <= Out.back().End)
      Out.back().End = End;
    else
      Out.push_back({Begin, End});
    I = Last;
  }
  return Out;
}
} // namespace

FileDiff diffTexts(llvm::StringRef OldText, llvm::StringRef NewText,
                   unsigned Context) {
  FileDiff Out;
  Lines Old = splitLines(OldText), New = splitLines(NewText);
  Script S = editScript(Old, New);
  llvm::raw_string_ostream OS(Out.Hunks);
  size_t Pos = 0, OldLine = 0, NewLine = 0;
  for (Hunk H : hunks(S, Context)) {
    for (; Pos != H.Begin; ++Pos)
      ++OldLine, ++NewLine; // Only kept lines lie between hunks.
    size_t OldCount = 0, NewCount = 0;
    for (size_t I = H.Begin; I != H.End; ++I)
      OldCount += S[I] != '+', NewCount += S[I] != '-';
    OS << "@@ " << range('-', OldLine, OldCount) << " "
       << range('+', NewLine, NewCount) << " @@";
    std::string Function = functionContext(Old, OldLine);
    OS << (Function.empty() ? "" : " ") << Function << "\n";
    for (; Pos != H.End; ++Pos) {
      char C = S[Pos];
      emitLine(OS, C, C == '+' ? New[NewLine] : Old[OldLine]);
      OldLine += C != '+', NewLine += C != '-';
      Out.Insertions += C == '+', Out.Deletions += C == '-';
    }
  }
  return Out;
}

std::string gitBlobHash(llvm::StringRef Text) {
  llvm::SHA1 Hash;
  Hash.update("blob " + std::to_string(Text.size()));
  Hash.update(llvm::ArrayRef<uint8_t>({0}));
  Hash.update(Text);
  return llvm::toHex(Hash.final(), /*LowerCase=*/true);
}

std::string gitQuotedPath(llvm::StringRef Prefix, llvm::StringRef Path) {
  std::string Full = (Prefix + Path).str();
  auto Special = [](unsigned char C) {
    return C < 0x20 || C == 0x7f || C == '"' || C == '\\';
  };
  if (llvm::none_of(Full, Special))
    return Full;
  std::string Out = "\"";
  for (unsigned char C : Full) {
    if (C == '"' || C == '\\')
      Out += std::string("\\") + char(C);
    else if (C == '\t')
      Out += "\\t";
    else if (C == '\n')
      Out += "\\n";
    else if (Special(C)) {
      char Octal[8];
      std::snprintf(Octal, sizeof(Octal), "\\%03o", unsigned(C));
      Out += Octal;
    } else
      Out += char(C);
  }
  return Out + "\"";
}

std::string gitFileDiff(llvm::StringRef Path, llvm::StringRef Old,
                        llvm::StringRef New, llvm::StringRef Mode) {
  FileDiff D = diffTexts(Old, New);
  if (D.Hunks.empty())
    return "";
  std::string A = gitQuotedPath("a/", Path), B = gitQuotedPath("b/", Path);
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << "diff --git " << A << " " << B << "\n"
     << "index " << gitBlobHash(Old).substr(0, 12) << ".."
     << gitBlobHash(New).substr(0, 12) << " " << Mode << "\n"
     << "--- " << A << "\n+++ " << B << "\n"
     << D.Hunks;
  return Text;
}

} // namespace uaccess
