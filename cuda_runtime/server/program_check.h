// What `warpforge exec` checks about a program before it runs it.
#pragma once

#include <string>

namespace wf::cudart {

// The program's path as the shell would find it: PROGRAM itself when it contains a slash, else
// the first executable PROGRAM on PATH. Throws UsageError when there is none.
std::string resolve_program(const std::string& program);

// Throws UsageError, with the nvcc flag that fixes it, when `path` is an ELF program that does
// not load libcudart.so.13 dynamically: nvcc links the CUDA runtime statically by default, and
// a static runtime talks to a real GPU driver, never to warpforge. Programs that are not ELF
// (a script that starts one) pass; `warpforge exec` notices later if none loaded the stand-in.
void check_loads_cudart(const std::string& path);

}  // namespace wf::cudart
