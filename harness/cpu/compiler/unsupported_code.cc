// See unsupported_code.h.
#include "unsupported_code.h"

#include "refused_api.h"

namespace cucpu::compiler {
namespace {

// GPU libraries with no CPU build. cuBLAS and cuDNN: every name (their
// headers are refused too). cuRAND: only the host library's functions
// (curand.h: generators, distributions, direction vectors); its device API
// (curand_kernel.h: curand_init, curand_normal, ...) is inline code that runs
// here, and the MTGP32 host helpers (curandMakeMTGP32*) are header code too.
std::optional<std::string> refused_library_name(std::string_view word) {
  if (word.rfind("cublas", 0) == 0 || word.rfind("cudnn", 0) == 0) {
    return "'" + std::string(word) + "': cuBLAS and cuDNN are not available to solutions on the CPU backend";
  }
  for (std::string_view prefix : {"curandCreate", "curandDestroy", "curandGenerate", "curandGet", "curandSet"}) {
    if (word.rfind(prefix, 0) == 0) {
      return "'" + std::string(word) +
             "': the cuRAND host library (curand.h generators) is not available on the CPU backend; draw the "
             "numbers in a kernel with the device API of curand_kernel.h (curand_init, curand_uniform, "
             "curand_normal), which works";
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<SourceError> refuse_unsupported(const TokenCursor& c, size_t i) {
  std::string_view word = c.text(i);
  std::optional<std::string> reason;
  if (word == "asm" || word == "__asm__" || word == "__asm") {
    reason = "inline assembly (asm) is not supported by the CPU backend: PTX cannot run on the CPU";
  } else if (word == "wmma" && c.is(i + 1, ":")) {
    reason = "tensor-core API 'wmma::' is not supported by the CPU backend";
  } else if (word.rfind("__hmma", 0) == 0 || word.rfind("__imma", 0) == 0 || word.rfind("__bmma", 0) == 0) {
    reason = "tensor-core intrinsic '" + std::string(word) + "' is not supported by the CPU backend";
  } else if (!(reason = refused_library_name(word))) {
    reason = refused_runtime_api(word);
  }
  if (!reason) return std::nullopt;
  return error_at(c, i, *reason);
}

void refuse_library_includes(const TokenizedSource& parsed, std::vector<SourceError>* errors) {
  for (const auto& include : parsed.includes_from_user_code) {
    std::string base = include.path.substr(include.path.find_last_of('/') + 1);
    bool refused = base.rfind("cublas", 0) == 0 || base.rfind("cudnn", 0) == 0 || base == "mma.h";
    if (refused) {
      errors->push_back({parsed.files[include.file].name, include.line,
                         "#include of '" + base + "' is not supported by the CPU backend (cuBLAS, cuDNN and "
                         "tensor-core headers are refused)"});
    }
  }
}

std::vector<SourceError> refusals_in_host_source(std::string_view preprocessed) {
  TokenizedSource parsed = tokenize(preprocessed);
  TokenCursor c(preprocessed, parsed);
  std::vector<SourceError> errors;
  refuse_library_includes(parsed, &errors);
  for (size_t i = 0; i < c.size(); ++i) {
    if (!c.identifier(i) || !c.user_code(i)) continue;
    std::optional<std::string> reason = refused_library_name(c.text(i));
    if (!reason) reason = refused_runtime_api(c.text(i));
    if (reason) errors.push_back(error_at(c, i, *reason));
  }
  return errors;
}

}  // namespace cucpu::compiler
