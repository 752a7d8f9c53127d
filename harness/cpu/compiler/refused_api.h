// Runtime API functions the CPU backend refuses at compile time, each with
// the reason a user is told (textures, graphs, interop, IPC, ...). Every
// other function of the toolkit's cuda_runtime_api.h is implemented by the
// runtime; api_coverage_test.sh checks that the two together cover the header.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace cucpu::compiler {

// Why `identifier` names a refused runtime API function, or nullopt when it
// does not name one.
std::optional<std::string> refused_runtime_api(std::string_view identifier);

}  // namespace cucpu::compiler
