# Writes OUT, a C++ table of the pages in PAGES ({"name", R"(text)"} rows,
# name the file's stem) for tool/CheckDocs.cpp: the check pages are the
# SARIF rules' help. Run as `cmake -DOUT=... -DPAGES="a.md;b.md" -P`.
set(Delimiter "uaccess_doc")
set(Table "// Generated from docs/checks/*.md by cmake/EmbedDocs.cmake.\n")
foreach(Page IN LISTS PAGES)
  get_filename_component(Name "${Page}" NAME_WE)
  file(READ "${Page}" Text)
  string(FIND "${Text}" ")${Delimiter}\"" Clash)
  if(NOT Clash EQUAL -1)
    message(FATAL_ERROR "${Page} holds the raw string's end ')${Delimiter}\"'")
  endif()
  string(APPEND Table "{\"${Name}\", R\"${Delimiter}(${Text})${Delimiter}\"},\n")
endforeach()
file(WRITE "${OUT}" "${Table}")
