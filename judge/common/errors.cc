#include "judge/common/errors.h"

namespace judge {

std::string located(const std::filesystem::path& file, int line, const std::string& message) {
  std::string where = file.string();
  if (line > 0) where += ":" + std::to_string(line);
  return where + ": " + message;
}

}  // namespace judge
