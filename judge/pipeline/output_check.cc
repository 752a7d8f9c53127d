#include "judge/pipeline/output_check.h"

#include <map>
#include <sstream>
#include <utility>
#include <vector>

#include "harness/runner/protocol.h"
#include "judge/pipeline/compare.h"

namespace judge {

namespace protocol = runner_protocol;

namespace {

// Elements whose bytes are all kPoisonByte: left as the runner filled them.
int64_t count_poisoned(const char* data, std::size_t elements, std::size_t element_bytes) {
  int64_t count = 0;
  for (std::size_t i = 0; i < elements; ++i) {
    count += first_byte_not(data + i * element_bytes, element_bytes, protocol::kPoisonByte) < 0;
  }
  return count;
}

// Only meaningful with the poison fill: under the zero fill an unwritten
// element cannot be told from a written zero.
void note_unwritten(std::ostringstream& failures, const CallData& call, const std::string& name, const char* bytes,
                    std::size_t elements, ScalarType type) {
  if (call.output_fill != OutputFill::Poison) return;
  const int64_t unwritten = count_poisoned(bytes, elements, element_size(type));
  if (unwritten) {
    failures << "    " << unwritten << " element(s) of '" << name << "' were never written: they still hold "
             << "the pattern --poison-outputs fills outputs with before each call (every byte 0xFF: NaN for floats)\n";
  }
}

// The first byte at which `after` differs from `original` as the device held
// it, or -1. Compared a slice at a time: an input can be a large part of the
// host's memory, and a whole copy of its device bytes would double it.
int64_t first_changed_byte(const TensorBuffer& original, const char* after) {
  int64_t changed_at = -1;
  original.for_each_device_slice(std::size_t{16} << 20, [&](int64_t offset, const char* uploaded, std::size_t bytes) {
    const int64_t changed = first_difference(uploaded, after + offset, bytes);
    if (changed >= 0) changed_at = offset + changed;
    return changed < 0;
  });
  return changed_at;
}

// The definition's own check on every output at once.
void run_checker(const Problem& problem, const CallData& call, const Downloads& downloads,
                 std::ostringstream& failures) {
  std::map<std::string, TensorBuffer> actual_buffers;
  ConstTensors inputs, expected, actual;
  for (const auto& [name, tensor] : call.tensors.inputs) inputs[name] = tensor.view();
  for (const auto& [name, tensor] : call.tensors.outputs) {
    expected[name] = tensor.view();
    TensorBuffer downloaded = TensorBuffer::from_device_bytes(tensor.type(), downloads.at(name).data(), tensor.size());
    actual[name] = actual_buffers.emplace(name, std::move(downloaded))
                       .first->second.view();
  }
  const std::optional<std::string> wrong =
      problem.definition->check(call.test_case->args, inputs, expected, actual, problem.tolerance());
  if (!wrong) return;
  failures << *wrong << "\n";
  for (const auto& [name, tensor] : call.tensors.outputs) {
    note_unwritten(failures, call, name, downloads.at(name).data(), static_cast<std::size_t>(tensor.size()), tensor.type());
  }
}

}  // namespace

std::optional<std::string> check_call(const Problem& problem, const CallData& call, const Downloads& downloads) {
  std::ostringstream failures;
  for (const auto& [name, bytes] : downloads) {
    const std::size_t payload = bytes.size() - protocol::kGuardBytes;
    const int64_t guard = first_byte_not(bytes.data() + payload, protocol::kGuardBytes, protocol::kGuardByte);
    if (guard >= 0) {
      failures << "wrote past the end of '" << name << "' (byte " << guard << " after its last element changed)\n";
    }
  }
  for (const auto& [name, original] : call.tensors.inputs) {
    const auto downloaded = downloads.find(name);
    if (downloaded == downloads.end()) continue;  // the runner found it as uploaded
    const int64_t changed = first_changed_byte(original, downloaded->second.data());
    if (changed >= 0) {
      failures << "modified the const input '" << name << "' (first at element "
               << changed / static_cast<int64_t>(element_size(original.type())) << ")\n";
    }
  }
  if (problem.definition->has_checker()) {
    run_checker(problem, call, downloads, failures);
  } else {
    for (const auto& [name, expected] : call.tensors.outputs) {
      const std::vector<char>& after = downloads.at(name);
      Comparison comparison = compare_outputs(after.data(), expected, call.shape(name), problem.tolerance());
      if (!comparison.ok()) {
        failures << describe(comparison, name) << "\n";
        note_unwritten(failures, call, name, after.data(), static_cast<std::size_t>(expected.size()), expected.type());
      }
    }
  }
  std::string text = failures.str();
  if (text.empty()) return std::nullopt;
  text.pop_back();
  return text;
}

}  // namespace judge
