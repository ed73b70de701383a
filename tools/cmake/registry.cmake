# wf_registry_header(OUTPUT <file.h> MACRO <WF_REGISTER_X> NAMESPACE <ns> USING <Name>
#                    TEMPLATE <List> HEADERS <header>... [EVERY_HEADER])
#
# A self-registering kind (policies, memory models, ...) names each class in its own header
# with a `MACRO(Class)` line at the start of a line. This writes the closed list the registry
# is built from,
#   namespace <ns> { using <Name> = <List><Class, ...>; }
# after including every header that registers something. The headers are configure
# dependencies, so a new or edited one re-runs this on the next build; the output is only
# rewritten when it changes. EVERY_HEADER: a header without a MACRO line is an error (each
# header of the folder is one entry); otherwise only an empty list is.
function(wf_registry_header)
  cmake_parse_arguments(R "EVERY_HEADER" "OUTPUT;MACRO;NAMESPACE;USING;TEMPLATE" "HEADERS"
                        ${ARGN})
  set(includes "")
  set(types "")
  set(pattern "\n${R_MACRO}\\(([A-Za-z0-9_]+)\\)")
  foreach(h ${R_HEADERS})
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${h})
    file(READ ${h} text)
    string(REGEX MATCHALL "${pattern}" lines "${text}")
    if(NOT lines)
      if(R_EVERY_HEADER)
        message(FATAL_ERROR "${h}: no '${R_MACRO}(Class)' line at the start of a line")
      endif()
      continue()
    endif()
    foreach(line ${lines})
      string(REGEX REPLACE "${pattern}" "\\1" type "${line}")
      list(APPEND types ${type})
    endforeach()
    file(RELATIVE_PATH rel ${PROJECT_SOURCE_DIR} ${h})
    string(APPEND includes "#include \"${rel}\"\n")
  endforeach()
  if(NOT types)
    message(FATAL_ERROR "${R_OUTPUT}: no header has a '${R_MACRO}(Class)' line")
  endif()
  list(JOIN types ", " joined)
  file(RELATIVE_PATH from ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_SOURCE_DIR})
  file(WRITE ${R_OUTPUT}.new
"// Generated from the ${R_MACRO} lines of the headers below by ${from}/CMakeLists.txt
// (tools/cmake/registry.cmake); do not edit.
#pragma once

${includes}
namespace ${R_NAMESPACE} {
using ${R_USING} = ${R_TEMPLATE}<${joined}>;
}  // namespace ${R_NAMESPACE}
")
  file(COPY_FILE ${R_OUTPUT}.new ${R_OUTPUT} ONLY_IF_DIFFERENT)
endfunction()
