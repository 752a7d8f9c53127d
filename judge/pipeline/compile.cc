#include "judge/pipeline/compile.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "judge/common/content_hash.h"
#include "judge/common/printable.h"
#include "judge/common/regular_file.h"
#include "judge/pipeline/source_check.h"
#include "judge/pipeline/subprocess.h"
#include "judge/problem/inputs.h"

namespace judge {

namespace {

void write_text(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

// The content of a regular file of at most `max_bytes` (never following a
// link), or "" when it is anything else.
std::string read_bounded(const std::filesystem::path& path, std::uintmax_t max_bytes) {
  RegularFileRead read = read_regular_file(path, max_bytes);
  return read.status == RegularFileRead::Status::Ok ? std::move(read.bytes) : std::string();
}

// "64 MiB" for whole mebibytes, else the byte count.
std::string describe_bytes(std::uintmax_t bytes) {
  if (bytes % (1 << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes) + " bytes";
}

// Marks a cache entry as used now (its mtime orders eviction).
void mark_used(const std::filesystem::path& entry) { utimensat(AT_FDCWD, entry.c_str(), nullptr, 0); }

bool is_entry_name(const std::string& name) {
  return name.size() == 64 && std::all_of(name.begin(), name.end(), [](char c) {
           return std::isdigit(static_cast<unsigned char>(c)) || (c >= 'a' && c <= 'f');
         });
}

// The bytes of the regular files under `dir`, links not followed.
std::uintmax_t tree_bytes(const std::filesystem::path& dir) {
  std::uintmax_t total = 0;
  std::error_code error;
  for (auto it = std::filesystem::recursive_directory_iterator(dir, error);
       !error && it != std::filesystem::recursive_directory_iterator(); it.increment(error)) {
    struct stat info {};
    if (lstat(it->path().c_str(), &info) == 0 && S_ISREG(info.st_mode)) total += static_cast<std::uintmax_t>(info.st_size);
  }
  return total;
}

bool mentions(const std::string& log, const char* phrase) {
  std::string lower = log;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  return lower.find(phrase) != std::string::npos;
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  if (from.empty()) return;
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
}

// Writes `bytes` to `path` through a unique temporary name and a rename, so
// no reader ever sees part of it.
void publish_file(const std::filesystem::path& path, const std::string& bytes, std::filesystem::perms mode) {
  std::string pattern = (path.parent_path() / (".tmp-" + path.filename().string() + "-XXXXXX")).string();
  const int fd = mkstemp(pattern.data());
  if (fd < 0) throw std::runtime_error("cannot create a temporary file next to " + path.string());
  close(fd);
  write_text(pattern, bytes);
  std::filesystem::permissions(pattern, mode);
  std::filesystem::rename(pattern, path);
}

// Moves a cache entry out of the way (atomically) and deletes it.
void discard_entry(const std::filesystem::path& dir) {
  std::string trash = dir.string() + ".discarded-XXXXXX";
  if (!mkdtemp(trash.data())) return;
  std::error_code ignored;
  std::filesystem::rename(dir, std::filesystem::path(trash) / "entry", ignored);
  std::filesystem::remove_all(trash, ignored);
}

// The library of a published entry if its digest matches the stored one.
std::optional<std::string> verified_library(const std::filesystem::path& dir, std::uintmax_t max_bytes) {
  const std::string library = read_bounded(dir / "libsolution.so", max_bytes);
  const std::string digest = read_bounded(dir / "libsolution.so.sha256", 64);
  if (library.empty() || digest != content_hash(library)) return std::nullopt;
  return library;
}

// What the confined compiler may touch beyond the system's part (which
// harness/sandbox/policy.cc grants): the toolkit, the judge's files for
// this backend, its build folder (which holds the copy of the source it
// compiles).
std::vector<std::string> confined_command(const CompileSettings& settings, const Backend& backend,
                                          const std::filesystem::path& build_dir,
                                          const std::vector<std::string>& command) {
  std::vector<std::string> wrapped = {settings.confine.string()};
  auto add = [&](const char* flag, const std::filesystem::path& path) {
    wrapped.push_back(flag);
    wrapped.push_back(path.string());
  };
  add("--exec", cuda_home());
  std::error_code ignored;
  add("--exec", std::filesystem::canonical(backend.compiler, ignored));
  for (const std::filesystem::path& path : settings.readable) add("--read", path);
  add("--write", build_dir);
  wrapped.insert(wrapped.end(), {"--cpu-seconds", std::to_string(static_cast<long long>(settings.timeout_seconds) + 5),
                                 "--file-size-bytes", std::to_string(settings.max_library_bytes)});
  if (settings.compiler_memory_bytes) {
    wrapped.insert(wrapped.end(), {"--memory-bytes", std::to_string(settings.compiler_memory_bytes)});
  }
  wrapped.push_back("--");
  wrapped.insert(wrapped.end(), command.begin(), command.end());
  return wrapped;
}

// The source's extension where it is letters and digits (".cu"), else ".cu".
std::string plain_extension(const std::filesystem::path& source) {
  const std::string extension = source.extension().string();
  const bool plain = extension.size() > 1 && std::all_of(extension.begin() + 1, extension.end(), [](unsigned char c) {
    return std::isalnum(c) != 0;
  });
  return plain ? extension : ".cu";
}

}  // namespace

std::string prototype_header(const Signature& signature) {
  return "// Generated by the judge: the problem's C ABI.\n#pragma once\n" + signature.c_includes() +
         signature.c_prototype() + "\n";
}

std::string entry_trampoline(const Signature& signature) {
  std::ostringstream out;
  out << "// Generated by the judge: calls solution() with arguments from an array.\n"
      << signature.c_includes()
      << signature.c_prototype() << "\n"
      << "extern \"C\" void judge_solution_entry(void* const* args) {\n  solution(";
  for (std::size_t i = 0; i < signature.parameters.size(); ++i) {
    out << (i ? ",\n           " : "") << "*static_cast<" << signature.parameters[i].c_type() << " const*>(args[" << i
        << "])";
  }
  out << ");\n}\n";
  return out.str();
}

std::filesystem::path default_cache_root() {
  if (const char* dir = std::getenv("JUDGE_CACHE_DIR"); dir && *dir) return dir;
  if (const char* dir = std::getenv("XDG_CACHE_HOME"); dir && *dir) return std::filesystem::path(dir) / "judge";
  if (const char* home = std::getenv("HOME"); home && *home) return std::filesystem::path(home) / ".cache/judge";
  return std::filesystem::temp_directory_path() / "judge-cache";
}

std::vector<std::filesystem::path> evict_least_recently_used(const std::filesystem::path& cache_root,
                                                             std::uintmax_t max_bytes,
                                                             const std::filesystem::path& keep) {
  struct Entry {
    std::filesystem::path path;
    std::filesystem::file_time_type used;
    std::uintmax_t bytes;
  };
  std::vector<Entry> entries;
  std::uintmax_t total = 0;
  std::error_code error;
  const auto now = std::filesystem::file_time_type::clock::now();
  for (const auto& item : std::filesystem::directory_iterator(cache_root, error)) {
    struct stat info {};
    const std::string name = item.path().filename().string();
    if (lstat(item.path().c_str(), &info) != 0 || !S_ISDIR(info.st_mode)) continue;
    // What a judge that died left behind: a build folder (no compile runs
    // for an hour) or an entry it was discarding.
    if (name.rfind(".build-", 0) == 0 || name.find(".discarded-") != std::string::npos) {
      std::error_code ignored;
      if (now - std::filesystem::last_write_time(item.path(), ignored) > std::chrono::hours(1)) {
        std::filesystem::remove_all(item.path(), ignored);
      }
      continue;
    }
    if (!is_entry_name(name)) continue;
    std::error_code ignored;
    const Entry entry{item.path(), std::filesystem::last_write_time(item.path(), ignored), tree_bytes(item.path())};
    total += entry.bytes;
    entries.push_back(entry);
  }
  std::vector<std::filesystem::path> evicted;
  if (total <= max_bytes) return evicted;
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.used < b.used; });
  for (const Entry& entry : entries) {
    if (total <= max_bytes) break;
    if (entry.path == keep) continue;
    discard_entry(entry.path);
    total -= entry.bytes;
    evicted.push_back(entry.path);
  }
  return evicted;
}

CompileOutcome compile_solution(const std::filesystem::path& source, const Signature& signature,
                                const Backend& backend, const std::string& compiler_version,
                                const CompileSettings& settings) {
  CompileOutcome outcome;
  const std::string name = printable_line(source.filename().string());
  // Checked and read through one descriptor; the compiler gets a copy of
  // these bytes, so what was checked, hashed and compiled is one file.
  RegularFileRead read = read_regular_file(source, settings.max_source_bytes);
  if (read.status == RegularFileRead::Status::TooLarge) {
    outcome.log = name + ": the source is " + std::to_string(read.size) + " bytes, over the judge's limit of " +
                  describe_bytes(settings.max_source_bytes) + " on a solution's source";
    return outcome;
  }
  if (read.status != RegularFileRead::Status::Ok) {
    outcome.log = "cannot read the solution file: " + read.message;
    return outcome;
  }
  const std::string text = std::move(read.bytes);
  outcome.source_hash = content_hash(text);

  std::vector<ExpectedParameter> expected;
  for (const Parameter& parameter : signature.parameters) expected.push_back({parameter.name, parameter.c_type()});
  if (auto mismatch = check_solution_signature(text, expected)) {
    outcome.log = name + ": " + printable(*mismatch);
    return outcome;
  }
  if (settings.sandbox && settings.confine.empty()) throw std::runtime_error("no `confine` program to run the compiler with");

  const std::string header = prototype_header(signature);
  const std::string trampoline = entry_trampoline(signature);
  // Everything that can change the library goes into the key: the backend,
  // the compiler, its flags (the command with placeholder paths), the
  // generated files and the source.
  std::string flags;
  for (const std::string& word : backend.compile_command({"SOURCE", "ENTRY"}, "PROTOTYPE", "LIBRARY")) {
    flags += word + '\0';
  }
  const std::filesystem::path entry =
      settings.cache_root / content_hash(std::string(backend.name()) + '\0' + backend.arch + '\0' + compiler_version +
                                         '\0' + flags + header + '\0' + trampoline + '\0' + text);
  std::filesystem::create_directories(settings.cache_root);

  std::optional<std::string> library;
  if (std::filesystem::exists(entry)) {
    library = verified_library(entry, settings.max_library_bytes);
    if (library) {
      outcome.cached = true;
    } else {
      outcome.rebuilt_damaged = true;
      discard_entry(entry);
    }
  }
  // How the report shows the command: with the user's path, not the copy's.
  const std::vector<std::string> shown = backend.compile_command(
      {source, entry / "judge_entry.cc"}, entry / "solution_prototype.h", entry / "libsolution.so");
  for (const std::string& word : shown) outcome.command += (outcome.command.empty() ? "" : " ") + word;
  if (!library) {
    // A build folder of this process's own; published whole by one rename.
    std::string build = (settings.cache_root / ".build-XXXXXX").string();
    if (!mkdtemp(build.data())) throw std::runtime_error("cannot create a build folder in " + settings.cache_root.string());
    const std::filesystem::path build_dir = build;
    std::filesystem::create_directories(build_dir / "tmp");
    std::filesystem::create_directories(build_dir / "source");
    // The copy keeps the file's extension (it picks the language) but not its
    // name: nvcc names files of its own after it and fails on a newline or an
    // escape there. Diagnostics naming the copy are rewritten to name the
    // user's path.
    const std::filesystem::path copy = build_dir / "source" / ("solution" + plain_extension(source));
    write_text(copy, text);
    write_text(build_dir / "solution_prototype.h", header);
    write_text(build_dir / "judge_entry.cc", trampoline);
    std::vector<std::string> command = backend.compile_command({copy, build_dir / "judge_entry.cc"},
                                                               build_dir / "solution_prototype.h",
                                                               build_dir / "libsolution.so");
    if (settings.sandbox) command = confined_command(settings, backend, build_dir, command);
    const std::string tmp = (build_dir / "tmp").string();
    CommandResult result = run_command(command, settings.timeout_seconds, {{"TMPDIR", tmp}, {"HOME", tmp}});
    std::string log = result.output;
    replace_all(log, copy.string(), source.string());
    // The compiler's words quote the source: relayed, never as the judge's.
    outcome.log = relayed(log);
    auto give_up = [&](const std::string& why) {
      std::error_code ignored;
      std::filesystem::remove_all(build_dir, ignored);
      if (!why.empty()) outcome.log += (outcome.log.empty() ? "" : "\n") + why;
      return outcome;
    };
    if (result.status.timed_out) {
      return give_up("the compiler did not finish within " + std::to_string(static_cast<int>(settings.timeout_seconds)) + " s");
    }
    if (result.status.exited && result.status.code == 126 && log.rfind("confine:", 0) == 0) {
      give_up("");
      throw std::runtime_error("the compiler's sandbox failed: " + log);
    }
    if (!result.status.exited || result.status.code != 0) {
      std::string why;
      if (settings.sandbox && settings.compiler_memory_bytes &&
          (mentions(log, "out of memory") || mentions(log, "memory exhausted") ||
           mentions(log, "cannot allocate memory") || mentions(log, "bad_alloc"))) {
        why = "the compiler ran out of memory: the judge limits each compiler process to " +
              describe_bytes(settings.compiler_memory_bytes) + " of address space";
      } else if (settings.sandbox && (mentions(log, "file size limit exceeded") || mentions(log, "file too large") ||
                                      (!result.status.exited && result.status.code == SIGXFSZ))) {
        why = "the compiler tried to write a file over the judge's limit of " +
              describe_bytes(settings.max_library_bytes) + " (the cap on the compiled library)";
      } else if (log.empty()) {
        why = "the compiler " + result.status.describe();
      }
      return give_up(why);
    }
    library = read_bounded(build_dir / "libsolution.so", settings.max_library_bytes);
    if (library->empty()) {
      std::error_code ignored;
      const std::uintmax_t size = std::filesystem::file_size(build_dir / "libsolution.so", ignored);
      if (!ignored && size > settings.max_library_bytes) {
        return give_up("the compiled library is " + std::to_string(size) + " bytes, over the judge's limit of " +
                       describe_bytes(settings.max_library_bytes));
      }
      return give_up("the compiler reported success but wrote no library");
    }
    std::filesystem::remove_all(build_dir / "tmp");
    std::filesystem::remove_all(build_dir / "source");
    write_text(build_dir / "libsolution.so.sha256", content_hash(*library));
    std::error_code lost;
    std::filesystem::rename(build_dir, entry, lost);
    // Lost the race to a parallel judging of the same file: its entry is
    // the same build; ours goes.
    if (lost) std::filesystem::remove_all(build_dir, lost);
  }
  mark_used(entry);
  if (settings.cache_max_bytes) evict_least_recently_used(settings.cache_root, settings.cache_max_bytes, entry);
  std::filesystem::create_directories(settings.private_dir);
  outcome.library = settings.private_dir / "libsolution.so";
  publish_file(outcome.library, *library,
               std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec |
                   std::filesystem::perms::group_read | std::filesystem::perms::others_read);
  outcome.ok = true;
  return outcome;
}

}  // namespace judge
