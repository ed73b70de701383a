# Precompiled headers (WF_PCH, on by default): the standard library and fmt, parsed once per build
# tree instead of once per source. Parsing them was a third to a half of a typical compile
# (sim_model/sm/issue_stage.cpp: 5.4 s of CPU, 3.4 s with the header precompiled; a test source
# 7.7 s against 5.1 s), and the test command compiles each source twice (release and
# sanitizer build).
#
# One precompiled header serves every library and program (REUSE_FROM wf_pch), and one with
# GoogleTest as well every gtest program (wf_pch_gtest). A target whose flags could change what
# the header compiles to keeps parsing its headers: shared libraries (position-independent
# code), a folder that sets its own options (cuda_runtime/), a target with its own -O or
# -fsanitize (the verilated RTL, the libFuzzer-instrumented libraries and the fuzz targets:
# clang refuses a header built with other sanitizers), and sources with their own floating-point
# options (SKIP_PRECOMPILE_HEADERS, sim_model/ptx/).
# wf_apply_pch(), called once at the end of the top-level CMakeLists.txt, hands the header to
# every other target, so a new library or test program needs nothing.
#
# ccache caches the compiles that use it (CMakeLists.txt sets the sloppiness it needs); clang
# writes no time stamp into it, so that a rebuilt header is the same bytes.
option(WF_PCH "Precompile the standard library headers (and fmt, GoogleTest)" ON)

set(WF_PCH_HEADERS
    <algorithm> <array> <bit> <chrono> <cmath> <cstdint> <cstring> <deque> <filesystem>
    <fstream> <functional> <limits> <map> <memory> <numeric> <optional> <set> <span>
    <sstream> <stdexcept> <string> <string_view> <tuple> <unordered_map> <utility> <variant>
    <vector> <fmt/format.h>)

# Every target defined in `dir` and the folders below it.
function(wf_targets_below dir out)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(sub ${subdirs})
    wf_targets_below(${sub} below)
    list(APPEND targets ${below})
  endforeach()
  set(${out} ${targets} PARENT_SCOPE)
endfunction()

function(wf_apply_pch)
  if(NOT WF_PCH)
    return()
  endif()
  # The owners: compiled like any library here, so the header's flags are everyone's.
  file(WRITE ${PROJECT_BINARY_DIR}/wf_pch.cpp "// The precompiled header's owner (tools/cmake/pch.cmake).\n")
  add_library(wf_pch OBJECT ${PROJECT_BINARY_DIR}/wf_pch.cpp)
  target_link_libraries(wf_pch PRIVATE fmt::fmt)
  target_precompile_headers(wf_pch PRIVATE ${WF_PCH_HEADERS})
  add_library(wf_pch_gtest OBJECT ${PROJECT_BINARY_DIR}/wf_pch.cpp)
  target_link_libraries(wf_pch_gtest PRIVATE fmt::fmt GTest::gtest)
  target_precompile_headers(wf_pch_gtest PRIVATE ${WF_PCH_HEADERS} <gtest/gtest.h>)
  # The test programs compile at their own -O (WF_TEST_PROGRAM_OPT, CMakeLists.txt): so does
  # their header, which a compile at another -O level could not use.
  if(WF_TEST_PROGRAM_OPT)
    target_compile_options(wf_pch_gtest PRIVATE ${WF_TEST_PROGRAM_OPT})
  endif()
  if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    foreach(owner wf_pch wf_pch_gtest)
      target_compile_options(${owner} PRIVATE "SHELL:-Xclang -fno-pch-timestamp")
    endforeach()
  endif()

  get_property(top_options DIRECTORY ${PROJECT_SOURCE_DIR} PROPERTY COMPILE_OPTIONS)
  wf_targets_below(${PROJECT_SOURCE_DIR} targets)
  foreach(t ${targets})
    get_target_property(type ${t} TYPE)
    get_target_property(pic ${t} POSITION_INDEPENDENT_CODE)
    # A target's options start as its folder's: what it added itself is what differs.
    get_target_property(options ${t} COMPILE_OPTIONS)
    get_target_property(dir ${t} SOURCE_DIR)
    get_property(dir_options DIRECTORY ${dir} PROPERTY COMPILE_OPTIONS)
    if(options AND dir_options)
      list(REMOVE_ITEM options ${dir_options})
    endif()
    get_target_property(links ${t} LINK_LIBRARIES)
    if(WF_TEST_PROGRAM_OPT AND links MATCHES "GTest::" AND options)
      list(REMOVE_ITEM options ${WF_TEST_PROGRAM_OPT})  # as the GoogleTest header's owner (above)
    endif()
    if(t MATCHES "^wf_pch" OR pic OR NOT type MATCHES "^(STATIC_LIBRARY|OBJECT_LIBRARY|EXECUTABLE)$"
       OR options MATCHES "(^|;)-(O|fsanitize)" OR NOT "${dir_options}" STREQUAL "${top_options}")
      continue()
    endif()
    get_target_property(sources ${t} SOURCES)
    if(NOT sources MATCHES "\\.(cpp|cxx|cc)(;|$)")
      continue()
    endif()
    # The header includes fmt, compiled with fmt's definitions (FMT_SHARED): a target that does
    # not link fmt gets them too, or the header would not be used.
    target_compile_definitions(${t} PRIVATE
                               $<TARGET_PROPERTY:fmt::fmt,INTERFACE_COMPILE_DEFINITIONS>)
    if(links MATCHES "GTest::")
      target_precompile_headers(${t} REUSE_FROM wf_pch_gtest)
    else()
      target_precompile_headers(${t} REUSE_FROM wf_pch)
    endif()
  endforeach()
endfunction()
