//===--- JsonSlices.h - A large JSON document, one part at a time -*- C++
//-*-===//
//
// llvm::json::parse() builds the whole tree: a json::Object of a few keys
// costs a bucket table of its own, and a json::Array copies every element
// each time it grows. A 113 MB baseline took 4.7 GB that way. These
// functions only find where the members of an object, or the elements of
// an array, begin and end, so that each can be parsed (with json::parse)
// and dropped in turn; the document's text is all that stays in memory.
//
//===----------------------------------------------------------------------===//

#ifndef UACCESS_LINT_UTILS_JSONSLICES_H
#define UACCESS_LINT_UTILS_JSONSLICES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <string>
#include <utility>
#include <vector>

namespace uaccess {

/// The members of the JSON object \p Text (surrounding white space
/// allowed): each key, decoded, with the text of its value. An error when
/// \p Text is not one object, a key is given twice, or a value does not end
/// where JSON says (brackets that do not match, a string that does not
/// end). What a value
/// holds is not checked: json::parse its text.
llvm::Expected<std::vector<std::pair<std::string, llvm::StringRef>>>
jsonObjectMembers(llvm::StringRef Text);

/// The elements of the JSON array \p Text, each as its text; errors as
/// jsonObjectMembers()'s.
llvm::Expected<std::vector<llvm::StringRef>>
jsonArrayElements(llvm::StringRef Text);

/// How deep LLVM's parsers (json::parse, yaml::Stream) may be asked to
/// go: they recurse once per level, and a few tens of thousands of `[`
/// overflow the stack. Documents the tool writes nest under ten levels.
constexpr unsigned MaxNesting = 1000;

/// An error when the JSON \p Text opens more than MaxNesting brackets or
/// braces at once outside its strings, or holds a number JSON does not
/// allow (`+1`, `.5`, `02`, `1.`) that json::parse, reading numbers with
/// strtod, would take: a document it accepts is one every JSON reader
/// accepts.
llvm::Error checkJsonText(llvm::StringRef Text);

/// json::parse() of an input the user gives, checkJsonText() first: the
/// one way the tool reads a whole JSON document.
llvm::Expected<llvm::json::Value> parseJsonInput(llvm::StringRef Text);

/// An error when the YAML \p Text opens more than MaxNesting brackets or
/// braces at once, counting every one: a plain scalar may hold a quote.
llvm::Error checkYamlNesting(llvm::StringRef Text);

} // namespace uaccess

#endif
