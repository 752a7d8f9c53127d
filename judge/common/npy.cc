#include "judge/common/npy.h"

#include <bit>
#include <fstream>
#include <stdexcept>

namespace judge {
namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr std::size_t kMagicSize = 6;

std::string shape_tuple(const std::vector<int64_t>& shape) {
  std::string text = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (i > 0) text += ", ";
    text += std::to_string(shape[i]);
  }
  if (shape.size() == 1) text += ",";  // Python's one-element tuple
  return text + ")";
}

}  // namespace

void write_npy(const std::filesystem::path& file, const float* data, const std::vector<int64_t>& shape) {
  write_npy(file, data, "<f4", sizeof(float), shape);
}

void write_npy(const std::filesystem::path& file, const void* data, const std::string& descr,
               std::size_t element_bytes, const std::vector<int64_t>& shape) {
  static_assert(std::endian::native == std::endian::little, "write_npy writes little-endian host memory");
  std::string header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape_tuple(shape) + ", }";
  // Magic (6) + version (2) + header length (2) + header + '\n' is padded to
  // a multiple of 64 bytes, as numpy does, so the data is aligned.
  std::size_t unpadded = kMagicSize + 2 + 2 + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header += '\n';

  std::ofstream out(file, std::ios::binary);
  if (!out) throw std::runtime_error("cannot open " + file.string() + " for writing");
  out.write(kMagic, kMagicSize);
  const char version[2] = {1, 0};
  out.write(version, 2);
  const uint16_t header_size = static_cast<uint16_t>(header.size());
  const char size_bytes[2] = {static_cast<char>(header_size & 0xff), static_cast<char>(header_size >> 8)};
  out.write(size_bytes, 2);
  out.write(header.data(), static_cast<std::streamsize>(header.size()));
  int64_t count = 1;
  for (int64_t extent : shape) count *= extent;
  out.write(static_cast<const char*>(data), static_cast<std::streamsize>(count * static_cast<int64_t>(element_bytes)));
  if (!out) throw std::runtime_error("failed writing " + file.string());
}

NpyHeader read_npy_header(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + file.string());
  char prefix[10];
  in.read(prefix, 10);
  if (!in || std::string(prefix, kMagicSize) != std::string(kMagic, kMagicSize) || prefix[6] != 1) {
    throw std::runtime_error(file.string() + " is not a version 1.0 .npy file");
  }
  const std::size_t header_size =
      static_cast<unsigned char>(prefix[8]) | (static_cast<std::size_t>(static_cast<unsigned char>(prefix[9])) << 8);
  std::string header(header_size, '\0');
  in.read(header.data(), static_cast<std::streamsize>(header_size));
  if (!in) throw std::runtime_error(file.string() + ": truncated .npy header");

  NpyHeader parsed;
  parsed.data_offset = 10 + header_size;
  // The header is a Python dict literal; find each key's value with plain
  // string searches (no std::regex on file contents).
  auto value_after = [&](const std::string& key) -> std::size_t {
    std::size_t at = header.find("'" + key + "':");
    if (at == std::string::npos) throw std::runtime_error(file.string() + ": .npy header has no " + key + ": " + header);
    at += key.size() + 3;
    while (at < header.size() && header[at] == ' ') ++at;
    return at;
  };
  std::size_t at = value_after("descr");
  std::size_t end = header.find('\'', at + 1);
  if (at >= header.size() || header[at] != '\'' || end == std::string::npos) {
    throw std::runtime_error(file.string() + ": .npy header has a malformed descr: " + header);
  }
  parsed.descr = header.substr(at + 1, end - at - 1);
  at = value_after("fortran_order");
  parsed.fortran_order = header.compare(at, 4, "True") == 0;
  if (!parsed.fortran_order && header.compare(at, 5, "False") != 0) {
    throw std::runtime_error(file.string() + ": .npy header has no fortran_order: " + header);
  }
  at = value_after("shape");
  end = header.find(')', at);
  if (at >= header.size() || header[at] != '(' || end == std::string::npos) {
    throw std::runtime_error(file.string() + ": .npy header has no shape: " + header);
  }
  int64_t extent = -1;
  for (std::size_t i = at + 1; i < end; ++i) {
    const char c = header[i];
    if (c >= '0' && c <= '9') {
      extent = (extent < 0 ? 0 : extent) * 10 + (c - '0');
    } else if (extent >= 0) {
      parsed.shape.push_back(extent);
      extent = -1;
    }
  }
  if (extent >= 0) parsed.shape.push_back(extent);
  return parsed;
}

}  // namespace judge
