//===--- CodeQuality.cpp - GitLab's Code Quality report -------------------===//

#include "report/CodeQuality.h"

#include "support/SourceRoots.h"

#include "checks/CheckRegistry.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

namespace uaccess {

std::vector<std::string> codeQualityCategories(llvm::StringRef Tags) {
  llvm::SmallVector<llvm::StringRef, 4> List;
  Tags.split(List, ',', -1, /*KeepEmpty=*/false);
  if (llvm::is_contained(List, "performance"))
    return {"Performance"};
  std::vector<std::string> Categories = {"Bug Risk"};
  if (llvm::is_contained(List, "security"))
    Categories.push_back("Security");
  return Categories;
}

namespace {
/// GitLab's severities: info, minor, major, critical, blocker.
llvm::StringRef codeQualitySeverity(Severity Level) {
  switch (Level) {
  case Severity::Error:
    return "major";
  case Severity::Warning:
    return "minor";
  case Severity::Note:
    return "info";
  }
  return "minor";
}

/// GitLab reads strings only: a byte that is not UTF-8 becomes U+FFFD.
std::string text(llvm::StringRef Bytes) {
  return llvm::json::isUTF8(Bytes) ? Bytes.str() : llvm::json::fixUTF8(Bytes);
}

llvm::StringRef tagsOf(llvm::StringRef Check) {
  for (const CheckInfo &Info : allChecks())
    if (Info.Name == Check)
      return Info.Tags;
  return "";
}
} // namespace

void renderCodeQuality(llvm::ArrayRef<Finding> Findings,
                       llvm::StringRef SourceRoot, llvm::raw_ostream &OS) {
  llvm::json::Array Issues;
  for (const Finding &F : Findings) {
    llvm::json::Array Categories;
    for (std::string &C : codeQualityCategories(tagsOf(F.Check)))
      Categories.push_back(std::move(C));
    Issues.push_back(llvm::json::Object{
        {"type", "issue"},
        {"check_name", F.Check},
        {"description", text(F.Message)},
        {"categories", std::move(Categories)},
        {"severity", codeQualitySeverity(F.Level)},
        {"fingerprint", F.Fingerprint},
        {"location",
         llvm::json::Object{
             {"path", text(relativeTo(F.Loc.File, SourceRoot))},
             {"lines", llvm::json::Object{{"begin", F.Loc.Line}}}}}});
  }
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Issues))) << "\n";
}

} // namespace uaccess
