// NumPy .npy files (format version 1.0) for the tensors `judge dump` writes:
// little-endian elements of any dtype NumPy has ("<f4", "<f2", "<i4", "|b1",
// ...), C order. Only what the judge needs: write, and read a header back
// (for tests and for tools that check a dump).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace judge {

// Writes the product of `shape` elements of `element_bytes` bytes each from
// `data` to `file`, under NumPy's dtype descriptor `descr` ("<f4"). Throws
// std::runtime_error naming the file when it cannot be written.
void write_npy(const std::filesystem::path& file, const void* data, const std::string& descr,
               std::size_t element_bytes, const std::vector<int64_t>& shape);
// float32 values.
void write_npy(const std::filesystem::path& file, const float* data, const std::vector<int64_t>& shape);

struct NpyHeader {
  std::string descr;  // e.g. "<f4"
  bool fortran_order = false;
  std::vector<int64_t> shape;
  std::size_t data_offset = 0;  // bytes from the start of the file to the data
};

// Parses the header written by write_npy (and by numpy.save for simple
// arrays). Throws std::runtime_error naming the file when it is not one.
NpyHeader read_npy_header(const std::filesystem::path& file);

}  // namespace judge
