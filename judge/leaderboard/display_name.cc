#include "judge/leaderboard/display_name.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uspoof.h>

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <vector>

namespace judge {

namespace {

icu::UnicodeString from_utf8(std::string_view text) {
  return icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
}

std::string to_utf8(const icu::UnicodeString& text) {
  std::string out;
  text.toUTF8String(out);
  return out;
}

icu::UnicodeString nfkc(std::string_view text) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* normalizer = icu::Normalizer2::getNFKCInstance(status);
  if (U_FAILURE(status)) throw std::runtime_error(std::string("ICU has no NFKC data: ") + u_errorName(status));
  icu::UnicodeString normalized = normalizer->normalize(from_utf8(text), status);
  if (U_FAILURE(status)) throw std::runtime_error(std::string("NFKC failed: ") + u_errorName(status));
  return normalized;
}

std::string describe(UChar32 c) {
  char code[16];
  std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(c));
  char name[128] = "";
  UErrorCode status = U_ZERO_ERROR;
  u_charName(c, U_EXTENDED_CHAR_NAME, name, sizeof name, &status);
  return std::string(code) + (U_SUCCESS(status) && name[0] ? std::string(" ") + name : "");
}

bool invisible(UChar32 c) {
  if (c >= 0xE0000 && c <= 0xE007F) return true;  // tags: invisible letters
  return u_charType(c) == U_FORMAT_CHAR || u_charType(c) == U_CONTROL_CHAR ||
         u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) || u_hasBinaryProperty(c, UCHAR_BIDI_CONTROL) ||
         (u_charType(c) == U_SPACE_SEPARATOR && c != 0x20) || u_charType(c) == U_LINE_SEPARATOR ||
         u_charType(c) == U_PARAGRAPH_SEPARATOR;
}

struct SpoofCheckerDeleter {
  void operator()(USpoofChecker* checker) const { uspoof_close(checker); }
};

const USpoofChecker& spoof_checker() {
  static const std::unique_ptr<USpoofChecker, SpoofCheckerDeleter> checker = [] {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<USpoofChecker, SpoofCheckerDeleter> opened(uspoof_open(&status));
    if (U_FAILURE(status)) throw std::runtime_error(std::string("ICU has no confusables data: ") + u_errorName(status));
    return opened;
  }();
  return *checker;
}

icu::UnicodeString skeleton_of(const icu::UnicodeString& text) {
  UErrorCode status = U_ZERO_ERROR;
  icu::UnicodeString skeleton;
  uspoof_getSkeletonUnicodeString(&spoof_checker(), 0, text, skeleton, &status);
  if (U_FAILURE(status)) throw std::runtime_error(std::string("UTS #39 skeleton failed: ") + u_errorName(status));
  return skeleton;
}

std::vector<UChar32> code_points(const icu::UnicodeString& text) {
  std::vector<UChar32> points;
  for (int32_t i = 0; i < text.length(); i = text.moveIndex32(i, 1)) points.push_back(text.char32At(i));
  return points;
}

}  // namespace

std::string normalized_name(std::string_view name) { return to_utf8(nfkc(name)); }

std::optional<std::string> invisible_character(std::string_view name) {
  // Before normalisation: NFKC turns some (a no-break space) into others.
  for (UChar32 c : code_points(from_utf8(name))) {
    if (invisible(c)) return describe(c);
  }
  return std::nullopt;
}

std::string confusable_skeleton(std::string_view name) {
  // The skeleton maps look-alikes onto one prototype; case is folded after,
  // since "ADA" and "Ada" are one name to a reader.
  return to_utf8(skeleton_of(nfkc(name)).foldCase());
}

std::string confusable_character(std::string_view name, std::string_view other) {
  const std::vector<UChar32> mine = code_points(nfkc(name)), theirs = code_points(nfkc(other));
  if (mine.size() != theirs.size()) return "";
  for (std::size_t i = 0; i < mine.size(); ++i) {
    if (mine[i] != theirs[i] && u_foldCase(mine[i], U_FOLD_CASE_DEFAULT) != u_foldCase(theirs[i], U_FOLD_CASE_DEFAULT)) {
      return describe(mine[i]);
    }
  }
  return "";
}

}  // namespace judge
