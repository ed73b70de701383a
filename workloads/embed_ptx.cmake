# Turns one checked-in .ptx into a .cpp that registers its text with workloads/embedded_ptx.h.
# Run at build time so that editing a .ptx rebuilds the binary without a re-configure:
#   cmake -DNAME=vecadd -DPTX=<file.ptx> -DREL=workloads/vecadd/vecadd.ptx -DOUT=<file.cpp>
#         -P embed_ptx.cmake
file(READ "${PTX}" text)
string(FIND "${text}" ")wfptx\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${PTX} contains the raw-string delimiter )wfptx\"")
endif()
# Some compilers limit the length of one string literal: adjacent 8000-character pieces.
string(LENGTH "${text}" length)
set(pieces "")
set(pos 0)
while(pos LESS length)
  string(SUBSTRING "${text}" ${pos} 8000 piece)
  string(APPEND pieces "    R\"wfptx(${piece})wfptx\"\n")
  math(EXPR pos "${pos} + 8000")
endwhile()
if(pieces STREQUAL "")
  set(pieces "    \"\"\n")
endif()
file(WRITE "${OUT}.tmp"
  "// Generated from ${REL} by workloads/embed_ptx.cmake. Do not edit.\n"
  "#include \"workloads/embedded_ptx.h\"\n\n"
  "namespace {\n"
  "const wf::workloads::EmbeddedPtxRegistrar registrar_${NAME}{\n"
  "    \"${NAME}\", \"${REL}\",\n${pieces}};\n"
  "}  // namespace\n")
file(RENAME "${OUT}.tmp" "${OUT}")
