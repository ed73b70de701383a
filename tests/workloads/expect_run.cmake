# Runs one command and checks its exit status and output, for `warpforge run` tests that need
# a particular status (ctest alone only tells zero from non-zero).
#   cmake -DEXPECT_STATUS=2 -DEXPECT_OUTPUT=<regex> -P expect_run.cmake -- <command...>
set(command "")
set(after_separator OFF)
foreach(i RANGE ${CMAKE_ARGC})
  if(after_separator)
    list(APPEND command "${CMAKE_ARGV${i}}")
  elseif("${CMAKE_ARGV${i}}" STREQUAL "--")
    set(after_separator ON)
  endif()
endforeach()
execute_process(COMMAND ${command} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL EXPECT_STATUS)
  message(FATAL_ERROR "exit status ${status}, expected ${EXPECT_STATUS}\n${out}${err}")
endif()
if(NOT "${out}${err}" MATCHES "${EXPECT_OUTPUT}")
  message(FATAL_ERROR "output does not match \"${EXPECT_OUTPUT}\":\n${out}${err}")
endif()
