// See device_view.h.
#include "harness/cpu/compiler/device_view.h"

#include <fstream>
#include <set>

#include "harness/cpu/compiler/source_tokens.h"
#include "harness/cpu/compiler/token_cursor.h"

namespace cucpu::compiler {
namespace {

namespace fs = std::filesystem;

bool is_toolkit_header(const std::string& name) {
  static const char* const kPrefixes[] = {"cuda/", "nv/", "thrust/", "cooperative_groups"};
  for (const char* prefix : kPrefixes) {
    if (name.rfind(prefix, 0) == 0) return true;
  }
  static const std::set<std::string> kNames = {
      "cuda_runtime.h", "cuda_runtime_api.h", "cuda_fp16.h", "cuda_bf16.h", "cuda_fp8.h",
      "cuda_pipeline.h", "cuda_awbarrier.h", "cuda_profiler_api.h", "cuda_occupancy.h", "curand_kernel.h",
      "vector_types.h", "vector_functions.h", "math_constants.h", "device_launch_parameters.h",
      "driver_types.h", "cuComplex.h"};
  return kNames.count(name) != 0;
}

// The `#include` names of one file's text, with whether each was quoted.
// The tokenizer keeps each preprocessor line as one token and skips
// comments, so an include inside a comment or a raw string is no include.
std::vector<std::pair<std::string, bool>> includes_of(const std::string& text) {
  std::vector<std::pair<std::string, bool>> found;
  TokenizedSource parsed = tokenize(text);
  TokenCursor c(text, parsed);
  for (size_t i = 0; i < c.size(); ++i) {
    if (!c.directive(i)) continue;
    std::string_view line = c.text(i);
    size_t at = line.find_first_not_of(" \t", 1);
    if (at == std::string_view::npos || line.compare(at, 7, "include") != 0) continue;
    at = line.find_first_not_of(" \t", at + 7);
    if (at == std::string_view::npos || (line[at] != '<' && line[at] != '"')) continue;
    char close = line[at] == '<' ? '>' : '"';
    size_t end = line.find(close, at + 1);
    if (end == std::string_view::npos) continue;
    found.emplace_back(std::string(line.substr(at + 1, end - at - 1)), close == '"');
  }
  return found;
}

}  // namespace

DeviceView scan_device_view(const fs::path& source, const std::vector<fs::path>& user_dirs) {
  DeviceView view;
  std::set<std::string> seen_headers;
  std::set<fs::path> visited;
  std::vector<fs::path> pending = {source};
  while (!pending.empty() && visited.size() < 1000) {
    fs::path file = pending.back();
    pending.pop_back();
    std::error_code error;
    fs::path canonical = fs::weakly_canonical(file, error);
    if (error || !visited.insert(canonical).second) continue;
    std::ifstream in(file, std::ios::binary);
    if (!in) continue;
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (text.find("__CUDA_ARCH__") != std::string::npos) view.tests_cuda_arch = true;
    if (text.find("__CUDACC__") != std::string::npos || text.find("__CUDACC_VER_") != std::string::npos) {
      view.tests_cudacc = true;
    }
    for (const auto& [name, quoted] : includes_of(text)) {
      std::vector<fs::path> places;
      if (quoted) places.push_back(file.parent_path() / name);
      for (const fs::path& dir : user_dirs) places.push_back(dir / name);
      bool user_file = false;
      for (const fs::path& place : places) {
        if (fs::is_regular_file(place, error)) {
          pending.push_back(place);
          user_file = true;
          break;
        }
      }
      if (!user_file && is_toolkit_header(name) && seen_headers.insert(name).second) {
        view.toolkit_headers.push_back(name);
      }
    }
  }
  return view;
}

}  // namespace cucpu::compiler
