#include "judge/leaderboard/publish.h"

#include <fstream>

namespace judge {

namespace fs = std::filesystem;

namespace {

void write_file(const fs::path& path, const std::string& text) {
  const fs::path temporary = path.string() + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary);
    out << text;
    if (!out.flush()) throw std::runtime_error("cannot write " + temporary.string());
  }
  fs::rename(temporary, path);
}

}  // namespace

Leaderboard publish_leaderboard(const fs::path& results, const fs::path& out, const ProblemFactsBySlug& problems,
                                const AllowList& allow, const RenderOptions& options, const std::string& generated,
                                const DeviceTable& devices) {
  Leaderboard leaderboard = build_leaderboard(load_record_folder(results), problems, allow, generated, devices);
  const nlohmann::json data = leaderboard_json(leaderboard, options);
  fs::create_directories(out);
  for (const PublishedFormat& format : published_formats()) write_file(out / format.file_name, format.render(data));
  return leaderboard;
}

}  // namespace judge
