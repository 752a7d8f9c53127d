// See shared_variables.h.
#include "shared_variables.h"

#include <string>

namespace cucpu::compiler {

void rewrite_shared_variable(const TokenCursor& c, size_t i, const SharedVariableOptions& options,
                             std::vector<Edit>* edits, std::vector<SourceError>* errors) {
  // `extern` may stand before the type or right before __shared__:
  // `extern __shared__ T s[]` and `extern T __shared__ s[]` are both CUDA.
  size_t extern_at = i;
  for (size_t j = i; j > 0; --j) {
    std::string_view word = c.text(j - 1);
    if (word == ";" || word == "{" || word == "}" || word == ")") break;
    if (word == "extern") {
      extern_at = j - 1;
      break;
    }
  }
  if (extern_at == i) {
    // `__shared__ alignas(16) float s[..]`: a storage class may not follow a
    // standard attribute, so it goes after the alignas(...) group instead.
    size_t storage_at = i;
    if (c.is(i + 1, "alignas") && c.is(i + 2, "(")) {
      size_t close = c.closing_bracket(i + 2);
      if (close < c.size()) storage_at = close;
    }
    std::string storage = "thread_local";  // at block scope implicitly static: one array per worker
    if (options.as_checked_globals) storage = i > 0 && c.is(i - 1, "static") ? "" : "static";
    if (storage_at == i) {
      edits->push_back({c.token(i).begin, c.token(i).end, storage});
    } else {
      edits->push_back({c.token(i).begin, c.token(i).end, ""});
      edits->push_back({c.token(storage_at).end, c.token(storage_at).end, " " + storage});
    }
    return;
  }
  size_t semicolon = i;
  while (semicolon < c.size() && !c.is(semicolon, ";")) ++semicolon;
  if (semicolon >= c.size() || semicolon < i + 4 || !c.is(semicolon - 1, "]") || !c.is(semicolon - 2, "[") ||
      !c.identifier(semicolon - 3)) {
    errors->push_back(error_at(c, i, "unsupported 'extern __shared__' declaration: expected 'extern __shared__ T name[];'"));
    return;
  }
  size_t name = semicolon - 3;
  if (options.at_file_scope) {
    if (extern_at + 1 == i) {
      edits->push_back({c.token(extern_at).begin, c.token(i).end, "extern __constinit thread_local"});
    } else {
      edits->push_back({c.token(extern_at).begin, c.token(extern_at).end, "extern __constinit thread_local"});
      edits->push_back({c.token(i).begin, c.token(i).end, ""});
    }
    edits->push_back({c.token(semicolon).begin, c.token(semicolon).begin, " __asm__(\"cucpu_dynamic_shared\")"});
    return;
  }
  std::string_view src = c.source();
  std::string type = std::string(src.substr(c.token(extern_at).end, c.token(i).begin - c.token(extern_at).end)) + " " +
                     std::string(src.substr(c.token(i).end, c.token(name).begin - c.token(i).end));
  std::string declaration = type + "* const " + c.word(name) + " = static_cast<decltype(" + c.word(name) +
                            ")>(::cucpu::detail::dynamic_shared_memory())";
  edits->push_back({c.token(extern_at).begin, c.token(semicolon).begin, declaration});
}

}  // namespace cucpu::compiler
