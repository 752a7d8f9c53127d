// Display names on the leaderboard: the `// author:` line a submission
// carries, shown beside the account it is ranked under. A name must look
// like what it is: it is normalised (NFKC: a no-break space is a space, a
// full-width letter a letter), refused when it holds a character that
// cannot be seen or that reorders text (format characters such as U+200B,
// bidirectional marks such as U+061C, tag characters such as U+E0041), and
// compared with other accounts' names by their Unicode TS #39 confusable
// skeletons (a Cyrillic "А" and a Latin "A" share one), with ICU.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace judge {

// NFKC of `name` (valid UTF-8; invalid bytes become U+FFFD).
std::string normalized_name(std::string_view name);

// "U+E0041 TAG LATIN CAPITAL LETTER A" for the first invisible,
// bidirectional-control or tag character of `name`; nullopt when none.
std::optional<std::string> invisible_character(std::string_view name);

// The UTS #39 skeleton of NFKC(name), lower-cased: two names with the same
// skeleton look alike.
std::string confusable_skeleton(std::string_view name);

// The first character of `name` that differs from `other` although both
// have the same skeleton, as "U+0410 CYRILLIC CAPITAL LETTER A"; empty when
// they differ in no single character (the same letters, or lengths differ).
std::string confusable_character(std::string_view name, std::string_view other);

}  // namespace judge
