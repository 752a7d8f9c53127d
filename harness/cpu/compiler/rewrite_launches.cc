// See rewrite_launches.h.
#include "rewrite_launches.h"

#include <algorithm>
#include <optional>
#include <set>
#include <utility>

#include "refused_api.h"
#include "source_tokens.h"
#include "split_barriers.h"

namespace cucpu::compiler {
namespace {

// Keywords that can sit right before a callee (`return k<<<...>>>()`) and so
// end the backward walk over the callee expression.
const std::set<std::string_view> kStopKeywords = {"return", "else", "do", "case", "throw", "co_return",
                                                  "co_yield", "co_await", "default", "goto", "new", "delete",
                                                  "sizeof", "typedef", "using", "operator", "if", "while", "for",
                                                  "switch", "const", "volatile", "auto", "void"};

// Keywords after which a built-in variable is an expression, not a declared name.
const std::set<std::string_view> kExpressionKeywords = {"return", "case", "sizeof", "throw", "co_return", "co_yield",
                                                        "co_await", "else", "do", "delete", "alignof", "decltype"};

// Prefix of the marker tokens the prelude turns the built-in variables into.
constexpr std::string_view kBuiltinMarker = "__cucpu_builtin_";

// What each built-in variable reads: the running CUDA thread's context.
const std::pair<std::string_view, std::string_view> kBuiltinExpansions[] = {
    {"threadIdx", "(static_cast<const uint3&>(::cucpu::detail::tls_context.thread_idx))"},
    {"blockIdx", "(static_cast<const uint3&>(::cucpu::detail::tls_context.block_idx))"},
    {"blockDim", "(static_cast<const dim3&>(::cucpu::detail::tls_context.block_dim))"},
    {"gridDim", "(static_cast<const dim3&>(::cucpu::detail::tls_context.grid_dim))"},
};

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

struct Edit {
  size_t begin;
  size_t end;
  std::string replacement;
};

class Rewriter {
 public:
  Rewriter(std::string_view source, const RewriteOptions& options)
      : src_(source), options_(options), parsed_(tokenize(source)), toks_(parsed_.tokens) {}

  RewriteResult run() {
    check_includes();
    for (size_t i = 0; i < toks_.size(); ++i) {
      const Token& t = toks_[i];
      if (t.kind == TokenKind::punctuation) {
        if (text(i) == "{") braces_.push_back(opens_namespace_scope(i));
        else if (text(i) == "}" && !braces_.empty()) braces_.pop_back();
        else if (is_triple(i, '<')) i = launch(i);
        continue;
      }
      if (t.kind != TokenKind::identifier) continue;
      if (text(i) == "__cucpu_shared__") {
        shared_variable(i);
        continue;
      }
      if (text(i) == "__cucpu_global__") {  // the prelude's spelling of __global__
        kernel_markers_.push_back(i);
        edits_.push_back({toks_[i].begin, toks_[i].end, ""});
        continue;
      }
      if (text(i).substr(0, kBuiltinMarker.size()) == kBuiltinMarker) {
        builtin_variable(i);
        continue;
      }
      if (user_code(i)) {
        refuse_if_unsupported(i);
        if (text(i) == "cudaLaunchKernel" || text(i) == "cudaLaunchCooperativeKernel") drop_untyped_kernel_cast(i);
      }
    }
    RewriteResult result;
    if (options_.split_barriers && errors_.empty()) {
      // The splitter copies expressions into new places: built-in markers
      // in them must read as their expansion.
      auto final_text = [this](size_t i) {
        return text(i).substr(0, kBuiltinMarker.size()) == kBuiltinMarker ? builtin_replacement(i)
                                                                          : std::string(text(i));
      };
      SplitResult split = split_barrier_kernels(src_, parsed_, kernel_markers_, final_text);
      for (SplitEdit& edit : split.edits) edits_.push_back({edit.begin, edit.end, std::move(edit.replacement)});
      result.split_kernels = std::move(split.split_kernels);
      result.kept_on_fibers = std::move(split.kept_on_fibers);
    }
    result.errors = std::move(errors_);
    // Stable: insertions at one place stay in the order they were made.
    std::stable_sort(edits_.begin(), edits_.end(), [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
    size_t copied = 0;
    for (const Edit& edit : edits_) {
      result.text.append(src_.substr(copied, edit.begin - copied));
      result.text.append(edit.replacement);
      copied = edit.end;
    }
    result.text.append(src_.substr(copied));
    return result;
  }

 private:
  std::string_view text(size_t i) const { return src_.substr(toks_[i].begin, toks_[i].end - toks_[i].begin); }
  bool is(size_t i, std::string_view s) const { return i < toks_.size() && text(i) == s; }
  bool adjacent(size_t a, size_t b) const { return toks_[a].end == toks_[b].begin; }
  bool user_code(size_t i) const { return !parsed_.files[toks_[i].file].system; }

  bool is_triple(size_t i, char c) const {
    std::string_view one(&c, 1);
    return i + 2 < toks_.size() && is(i, one) && is(i + 1, one) && is(i + 2, one) && adjacent(i, i + 1) &&
           adjacent(i + 1, i + 2);
  }

  void error(size_t i, std::string message) {
    const Token& t = toks_[i];
    errors_.push_back({parsed_.files[t.file].name, t.line, std::move(message)});
  }

  // A `{` that opens a namespace or a linkage block keeps file scope.
  bool opens_namespace_scope(size_t brace) const {
    size_t j = brace;
    while (j > 0) {
      --j;
      std::string_view word = text(j);
      if (word == "namespace") return true;
      if (toks_[j].kind == TokenKind::literal) return j > 0 && is(j - 1, "extern");
      bool name_part = toks_[j].kind == TokenKind::identifier || word == ":" || word == "inline";
      if (!name_part) return false;
    }
    return false;
  }

  bool at_file_scope() const {
    return std::all_of(braces_.begin(), braces_.end(), [](bool is_namespace) { return is_namespace; });
  }

  // Index of the bracket that opens the group closed at `close`, walking back.
  long match_backward(size_t close) const {
    const std::string_view closers = ")]>", openers = "([<";
    std::vector<char> stack;
    for (long j = long(close); j >= 0; --j) {
      if (toks_[j].kind != TokenKind::punctuation) continue;
      char c = text(j)[0];
      size_t closer = closers.find(c);
      if (closer != std::string_view::npos) {
        // `->` inside template arguments is not a bracket.
        if (c == '>' && j > 0 && is(j - 1, "-") && adjacent(j - 1, j)) continue;
        stack.push_back(openers[closer]);
      } else if (openers.find(c) != std::string_view::npos) {
        if (stack.empty() || stack.back() != c) {
          if (c == '<') continue;  // a less-than inside a parenthesised group
          return -1;
        }
        stack.pop_back();
        if (stack.empty()) return j;
      }
    }
    return -1;
  }

  // First token of the callee expression that ends at `last`, or -1.
  long callee_start(long last) const {
    long j = last;
    long start = -1;
    for (;;) {
      if (j < 0) return start;
      std::string_view word = text(j);
      if (toks_[j].kind == TokenKind::punctuation && (word == ")" || word == "]" || word == ">")) {
        long open = match_backward(size_t(j));
        if (open < 0) return -1;
        start = open;
        j = open - 1;
        if (word == ">" && (j < 0 || toks_[j].kind != TokenKind::identifier)) return -1;
        if (j >= 0 && (toks_[j].kind == TokenKind::identifier && !kStopKeywords.count(text(j)))) continue;
        if (j >= 0 && word == "]" && (is(j, ")") || is(j, "]"))) continue;
        if (!joins_member(j, &j, &start)) return start;
        continue;
      }
      if (toks_[j].kind == TokenKind::identifier && !kStopKeywords.count(word)) {
        start = j;
        --j;
        if (!joins_member(j, &j, &start)) return start;
        continue;
      }
      return start;
    }
  }

  // Steps back over `::`, `.` or `->` at `j`; false if there is none. A
  // leading `::` (global qualification) is taken into the callee.
  bool joins_member(long j, long* next, long* start) const {
    if (j >= 1 && is(j, ":") && is(j - 1, ":") && adjacent(j - 1, j)) {
      *next = j - 2;
      if (*next < 0 || !(toks_[*next].kind == TokenKind::identifier || is(*next, ">"))) {
        *start = j - 1;  // `::k`: the walk ends after taking the `::`
        *next = -1;
      }
      return true;
    }
    if (j >= 0 && is(j, ".")) {
      *next = j - 1;
      return true;
    }
    if (j >= 1 && is(j, ">") && is(j - 1, "-") && adjacent(j - 1, j)) {
      *next = j - 2;
      return true;
    }
    return false;
  }

  std::string collapse(size_t begin, size_t end) const {
    std::string out;
    for (char c : src_.substr(begin, end - begin)) {
      if (c == '\n' || c == '\r' || c == '\t') c = ' ';
      if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
      out += c;
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
  }

  static std::string escape(std::string_view s) {
    std::string out;
    for (char c : s) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    return out;
  }

  // Rewrites the launch whose `<<<` starts at token i; returns the index to
  // continue scanning from.
  size_t launch(size_t i) {
    if (i > 0 && is(i - 1, "operator")) return i + 2;
    long first = callee_start(long(i) - 1);
    if (first < 0) {
      error(i, "kernel launch '<<<' without a callee the CPU backend can recognise");
      return i + 2;
    }
    // Find the `>>>` that closes the configuration at bracket depth 0.
    size_t j = i + 3;
    int depth = 0;
    for (; j < toks_.size(); ++j) {
      std::string_view w = text(j);
      if (toks_[j].kind != TokenKind::punctuation) continue;
      if (w == "(" || w == "[" || w == "{") ++depth;
      else if (w == ")" || w == "]" || w == "}") --depth;
      else if (depth == 0 && is_triple(j, '>')) break;
      if (depth < 0) break;
    }
    if (j >= toks_.size() || depth < 0) {
      error(i, "kernel launch '<<<' without a matching '>>>'");
      return i + 2;
    }
    size_t config_end = j;  // first '>' of '>>>'
    size_t open = j + 3;
    if (!is(open, "(")) {
      error(j, "kernel launch '>>>' not followed by an argument list '('");
      return j + 2;
    }
    size_t close = closing_bracket(open);
    if (close >= toks_.size()) {
      error(open, "kernel launch argument list without a closing ')'");
      return open;
    }
    const Token& callee_first = toks_[size_t(first)];
    std::string callee = collapse(callee_first.begin, toks_[i - 1].end);
    std::string config(src_.substr(toks_[i + 2].end, toks_[config_end].begin - toks_[i + 2].end));
    std::string args(src_.substr(toks_[open].end, toks_[close].begin - toks_[open].end));
    bool has_args = close > open + 1;
    const Token& at = toks_[i];
    // The probe lets launch.h find the kernel's address (per instantiation).
    std::string replacement = "::cucpu::launch_identified(::cucpu::KernelSite{\"" + escape(callee) + "\", \"" +
                              parsed_.files[at.file].name + "\", " + std::to_string(at.line) +
                              "}, ::cucpu::LaunchConfig(" + config +
                              "), [&](auto cucpu_probe) -> decltype(cucpu_probe(" + callee +
                              ")) { return cucpu_probe(" + callee + "); }, [&](auto&... cucpu_args) { " + callee +
                              "(cucpu_args...); }" + (has_args ? ", " + args : std::string()) + ")";
    edits_.push_back({callee_first.begin, toks_[close].end, std::move(replacement)});
    return close;
  }

  // A built-in variable's marker at token i: its plain name where it is a
  // member name or the name being declared (after a type or `::`), else the
  // read of the thread's context.
  void builtin_variable(size_t i) { edits_.push_back({toks_[i].begin, toks_[i].end, builtin_replacement(i)}); }

  std::string builtin_replacement(size_t i) const {
    std::string_view name = text(i).substr(kBuiltinMarker.size());
    bool member_or_declared = false;
    if (i > 0) {
      std::string_view previous = text(i - 1);
      member_or_declared = previous == "." || (previous == ":" && i > 1 && is(i - 2, ":")) ||
                           (previous == ">" && i > 1 && is(i - 2, "-")) ||
                           (toks_[i - 1].kind == TokenKind::identifier && !kExpressionKeywords.count(previous));
    }
    std::string replacement(name);
    if (!member_or_declared) {
      for (const auto& [builtin, expansion] : kBuiltinExpansions) {
        if (builtin == name) replacement = std::string(expansion);
      }
    }
    return replacement;
  }

  // The bracket closing the one opened at token `open` ( ( [ { ), or
  // toks_.size() if it is never closed.
  size_t closing_bracket(size_t open) const {
    int depth = 0;
    for (size_t j = open; j < toks_.size(); ++j) {
      if (toks_[j].kind != TokenKind::punctuation) continue;
      std::string_view w = text(j);
      if (w == "(" || w == "[" || w == "{") ++depth;
      else if ((w == ")" || w == "]" || w == "}") && --depth == 0) return j;
    }
    return toks_.size();
  }

  // `__shared__` (spelled __cucpu_shared__ by the prelude) at token i.
  void shared_variable(size_t i) {
    // `extern` may stand before the type or right before __shared__:
    // `extern __shared__ T s[]` and `extern T __shared__ s[]` are both CUDA.
    size_t extern_at = i;
    for (size_t j = i; j > 0; --j) {
      std::string_view word = text(j - 1);
      if (word == ";" || word == "{" || word == "}" || word == ")") break;
      if (word == "extern") {
        extern_at = j - 1;
        break;
      }
    }
    bool is_extern = extern_at != i;
    if (!is_extern) {
      // `__shared__ alignas(16) float s[..]`: a storage class may not follow a
      // standard attribute, so it goes after the alignas(...) group instead.
      size_t storage_at = i;
      if (is(i + 1, "alignas") && is(i + 2, "(")) {
        size_t close = closing_bracket(i + 2);
        if (close < toks_.size()) storage_at = close;
      }
      std::string storage = "thread_local";  // at block scope implicitly static: one array per worker
      if (options_.shared_as_checked_globals) storage = i > 0 && is(i - 1, "static") ? "" : "static";
      if (storage_at == i) {
        edits_.push_back({toks_[i].begin, toks_[i].end, storage});
      } else {
        edits_.push_back({toks_[i].begin, toks_[i].end, ""});
        edits_.push_back({toks_[storage_at].end, toks_[storage_at].end, " " + storage});
      }
      return;
    }
    size_t semicolon = i;
    while (semicolon < toks_.size() && !is(semicolon, ";")) ++semicolon;
    if (semicolon >= toks_.size() || semicolon < i + 4 || !is(semicolon - 1, "]") || !is(semicolon - 2, "[") ||
        toks_[semicolon - 3].kind != TokenKind::identifier) {
      error(i, "unsupported 'extern __shared__' declaration: expected 'extern __shared__ T name[];'");
      return;
    }
    size_t name = semicolon - 3;
    if (at_file_scope()) {
      if (extern_at + 1 == i) {
        edits_.push_back({toks_[extern_at].begin, toks_[i].end, "extern __constinit thread_local"});
      } else {
        edits_.push_back({toks_[extern_at].begin, toks_[extern_at].end, "extern __constinit thread_local"});
        edits_.push_back({toks_[i].begin, toks_[i].end, ""});
      }
      edits_.push_back({toks_[semicolon].begin, toks_[semicolon].begin, " __asm__(\"cucpu_dynamic_shared\")"});
      return;
    }
    std::string type = std::string(src_.substr(toks_[extern_at].end, toks_[i].begin - toks_[extern_at].end)) + " " +
                       std::string(src_.substr(toks_[i].end, toks_[name].begin - toks_[i].end));
    std::string declaration = type + "* const " + std::string(text(name)) + " = static_cast<decltype(" +
                              std::string(text(name)) + ")>(::cucpu::detail::dynamic_shared_memory())";
    edits_.push_back({toks_[extern_at].begin, toks_[semicolon].begin, declaration});
  }

  // `cudaLaunchKernel((const void*)k, ...)` and the same in
  // cudaLaunchCooperativeKernel: the cast would hide the kernel's parameter
  // types that the launch needs, so it is dropped.
  void drop_untyped_kernel_cast(size_t i) {
    size_t j = i + 2;
    if (!is(i + 1, "(") || !is(j, "(")) return;
    size_t k = j + 1;
    if (is(k, "const")) ++k;
    if (!is(k, "void") || !is(k + 1, "*") || !is(k + 2, ")")) return;
    edits_.push_back({toks_[j].begin, toks_[k + 2].end, ""});
  }

  void refuse_if_unsupported(size_t i) {
    std::string_view word = text(i);
    if (word == "asm" || word == "__asm__" || word == "__asm") {
      error(i, "inline assembly (asm) is not supported by the CPU backend: PTX cannot run on the CPU");
    } else if (word == "wmma" && is(i + 1, ":")) {
      error(i, "tensor-core API 'wmma::' is not supported by the CPU backend");
    } else if (word.rfind("__hmma", 0) == 0 || word.rfind("__imma", 0) == 0 || word.rfind("__bmma", 0) == 0) {
      error(i, "tensor-core intrinsic '" + std::string(word) + "' is not supported by the CPU backend");
    } else if (auto reason = refused_library_name(word)) {
      error(i, *reason);
    } else if (auto reason = refused_runtime_api(word)) {
      error(i, *reason);
    }
  }

  void check_includes() { refuse_library_includes(parsed_, &errors_); }

  std::string_view src_;
  RewriteOptions options_;
  TokenizedSource parsed_;
  const std::vector<Token>& toks_;
  std::vector<bool> braces_;  // per open brace: does it keep file scope?
  std::vector<Edit> edits_;
  std::vector<SourceError> errors_;
  std::vector<size_t> kernel_markers_;
};

}  // namespace

RewriteResult rewrite_launches(std::string_view preprocessed, const RewriteOptions& options) {
  return Rewriter(preprocessed, options).run();
}

std::vector<SourceError> refusals_in_host_source(std::string_view preprocessed) {
  TokenizedSource parsed = tokenize(preprocessed);
  std::vector<SourceError> errors;
  refuse_library_includes(parsed, &errors);
  for (const Token& t : parsed.tokens) {
    if (t.kind != TokenKind::identifier || parsed.files[t.file].system) continue;
    std::string_view word = preprocessed.substr(t.begin, t.end - t.begin);
    std::optional<std::string> reason = refused_library_name(word);
    if (!reason) reason = refused_runtime_api(word);
    if (reason) errors.push_back({parsed.files[t.file].name, t.line, *reason});
  }
  return errors;
}

std::string format_error(const SourceError& error) {
  return error.file + ":" + std::to_string(error.line) + ": error: " + error.message;
}

}  // namespace cucpu::compiler
