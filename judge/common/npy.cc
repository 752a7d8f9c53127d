#include "judge/common/npy.h"

#include <bit>
#include <fstream>
#include <regex>
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
  static_assert(std::endian::native == std::endian::little, "write_npy writes '<f4' from host memory");
  std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': " + shape_tuple(shape) + ", }";
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
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(count * sizeof(float)));
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
  std::smatch match;
  if (!std::regex_search(header, match, std::regex("'descr':\\s*'([^']*)'"))) {
    throw std::runtime_error(file.string() + ": .npy header has no descr: " + header);
  }
  parsed.descr = match[1];
  if (!std::regex_search(header, match, std::regex("'fortran_order':\\s*(True|False)"))) {
    throw std::runtime_error(file.string() + ": .npy header has no fortran_order: " + header);
  }
  parsed.fortran_order = match[1] == "True";
  if (!std::regex_search(header, match, std::regex("'shape':\\s*\\(([^)]*)\\)"))) {
    throw std::runtime_error(file.string() + ": .npy header has no shape: " + header);
  }
  std::string dims = match[1];
  std::regex number("\\d+");
  for (auto it = std::sregex_iterator(dims.begin(), dims.end(), number); it != std::sregex_iterator(); ++it) {
    parsed.shape.push_back(std::stoll(it->str()));
  }
  return parsed;
}

}  // namespace judge
