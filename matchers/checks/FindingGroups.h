//===--- FindingGroups.h - One finding for many places ----------*- C++ -*-===//
//
// A function that writes twenty fields through one unchecked pointer has one
// defect, not twenty. A check that groups its findings gives each group a
// key (the kind of defect and the object): the first place of a key becomes
// the finding; the next few become site notes of it (FindingNote::Site, so
// that a baseline sees a new one as new); the rest are counted in one last
// note when the group is flushed.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_CHECKS_FINDINGGROUPS_H
#define UACCESS_LINT_CHECKS_FINDINGGROUPS_H

#include "checks/UaccessCheck.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"

#include <deque>
#include <string>

namespace uaccess {

class FindingGroups {
public:
  /// \p Listed: how many later places a group lists as site notes.
  explicit FindingGroups(unsigned Listed) : Listed(Listed) {}
  FindingGroups(const FindingGroups &) = delete;
  FindingGroups &operator=(const FindingGroups &) = delete;
  ~FindingGroups() { flush(); }

  /// The finding of a new group \p Key, which \p Start makes; \p Subject
  /// names what its places are for the count ("accesses of 'buf'"). Null
  /// when \p Key has a group already: \p Loc is folded into it, listed as
  /// the site note \p SiteText makes while fewer than Listed are.
  FindingBuilder *add(llvm::StringRef Key,
                      llvm::function_ref<FindingBuilder()> Start,
                      std::string Subject, clang::SourceLocation Loc,
                      llvm::function_ref<std::string()> SiteText);
  /// Ends every group ("and 4 more accesses of 'buf'") and emits it.
  void flush();

private:
  struct Group {
    explicit Group(FindingBuilder B) : Builder(std::move(B)) {}
    FindingBuilder Builder;
    std::string Subject;
    clang::SourceLocation Last;
    unsigned Folded = 0;
  };
  const unsigned Listed;
  // A deque: add() hands out pointers into it that later groups must not
  // move.
  std::deque<Group> Groups;
  llvm::StringMap<unsigned> GroupOf;
};

} // namespace uaccess

#endif
