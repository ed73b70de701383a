# Turns a text file into a C++ source defining one std::string_view, so that data the library
# needs at run time (the reference Liberty file) travels inside the binary instead of being
# looked up relative to a build or install directory.
# Usage: cmake -DINPUT=<file> -DOUTPUT=<file.cpp> -DNAMESPACE=<ns> -DSYMBOL=<name>
#              -P embed_text.cmake
file(READ "${INPUT}" text)
set(delim "wf_embed")
string(FIND "${text}" ")${delim}\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${INPUT} contains the raw-string delimiter )${delim}\"")
endif()
set(body "// Generated from ${INPUT} by embed_text.cmake; do not edit.\n")
string(APPEND body "#include <string_view>\n\nnamespace ${NAMESPACE} {\n\n")
string(APPEND body "extern const std::string_view ${SYMBOL};\n")
string(APPEND body "const std::string_view ${SYMBOL} = R\"${delim}(${text})${delim}\";\n\n")
string(APPEND body "}  // namespace ${NAMESPACE}\n")
# Only touch the output when it changes, so an unrelated re-run does not trigger a rebuild.
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old)
  if(old STREQUAL body)
    return()
  endif()
endif()
file(WRITE "${OUTPUT}" "${body}")
