#include "judge/importer/python_literal.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>

namespace judge::importer {
namespace {

constexpr int kMaxNesting = 64;              // brackets and unary operators in one expression
constexpr std::size_t kMaxStringBytes = 1 << 16;  // a string built by concatenation
constexpr std::size_t kMaxDictEntries = 10000;    // keys are compared pairwise
constexpr int kMaxTargetNesting = 64;             // ((a, b), c) in assignment targets




// Python's repr of a float: the shortest digits that round-trip, in fixed
// notation when the exponent is in [-4, 16), else d.ddde-XX.
std::string python_float(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buffer[64];
  auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific);
  std::string scientific(buffer, result.ptr);
  const std::size_t e = scientific.find('e');
  std::string mantissa = scientific.substr(0, e);
  const int exponent = std::stoi(scientific.substr(e + 1));
  const bool negative = mantissa[0] == '-';
  if (negative) mantissa.erase(0, 1);
  std::string digits;
  for (char c : mantissa) {
    if (c != '.') digits += c;
  }
  std::string text;
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) {
      text = "0." + std::string(-exponent - 1, '0') + digits;
    } else if (static_cast<int>(digits.size()) <= exponent + 1) {
      text = digits + std::string(exponent + 1 - digits.size(), '0') + ".0";
    } else {
      text = digits.substr(0, exponent + 1) + "." + digits.substr(exponent + 1);
    }
  } else {
    text = digits.substr(0, 1) + (digits.size() > 1 ? "." + digits.substr(1) : "");
    char exp[16];
    std::snprintf(exp, sizeof exp, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
    text += exp;
  }
  return negative ? "-" + text : text;
}

std::string python_repr(const PyValue& value);

std::string sequence_str(const PyValue& value) {
  std::string text;
  for (std::size_t i = 0; i < value.items.size(); ++i) text += (i ? ", " : "") + python_repr(value.items[i]);
  return text;
}

std::string python_repr(const PyValue& value) {
  switch (value.kind) {
    case PyValue::Kind::kString: return "'" + value.text + "'";
    case PyValue::Kind::kList: return "[" + sequence_str(value) + "]";
    case PyValue::Kind::kTuple: return "(" + sequence_str(value) + (value.items.size() == 1 ? ",)" : ")");
    case PyValue::Kind::kDict: {
      std::string text;
      for (std::size_t i = 0; i < value.items.size(); ++i) {
        text += (i ? ", " : "") + python_repr(value.items[i]) + ": " + python_repr(value.values[i]);
      }
      return "{" + text + "}";
    }
    default: return python_str(value);
  }
}

bool equal_values(const PyValue& a, const PyValue& b) { return python_repr(a) == python_repr(b) && a.kind == b.kind; }

class Evaluator {
 public:
  Evaluator(const std::vector<Token>& tokens, std::size_t begin, std::size_t end, const Environment& environment)
      : m_tokens(tokens), m_pos(begin), m_end(end), m_environment(environment) {}

  PyValue run() {
    if (m_pos >= m_end) fail_at_end("an expression is missing");
    PyValue value = expression_list(m_end);
    if (m_pos < m_end) fail(m_tokens[m_pos], "'" + m_tokens[m_pos].text + "' after a literal");
    return value;
  }

 private:
  [[noreturn]] void fail(const Token& token, const std::string& message) const {
    throw LiteralError(token.line, message);
  }
  [[noreturn]] void fail_at_end(const std::string& message) const {
    throw LiteralError(m_end > 0 && m_end <= m_tokens.size() ? m_tokens[m_end - 1].line : 0, message);
  }
  const Token& peek() const {
    if (m_pos >= m_end) fail_at_end("the expression ends early");
    return m_tokens[m_pos];
  }
  bool at(const char* op) const { return m_pos < m_end && is_op(m_tokens[m_pos], op); }
  void expect(const char* op) {
    if (!at(op)) fail(peek(), std::string("expected '") + op + "', found '" + peek().text + "'");
    ++m_pos;
  }

  // a, b, c (a tuple) or a single expression, up to `stop`.
  PyValue expression_list(std::size_t stop) {
    PyValue first = expression();
    if (!(m_pos < stop && at(","))) return first;
    PyValue tuple;
    tuple.kind = PyValue::Kind::kTuple;
    tuple.items.push_back(std::move(first));
    while (m_pos < stop && at(",")) {
      ++m_pos;
      if (m_pos >= stop || is_close(m_tokens[m_pos])) break;
      tuple.items.push_back(expression());
    }
    return tuple;
  }

  PyValue expression() {
    const Token& token = peek();
    if (token.kind == Token::Kind::kName && (token.text == "lambda" || token.text == "not")) {
      fail(token, "'" + token.text + "' is not a literal");
    }
    PyValue value = sum();
    if (m_pos < m_end && m_tokens[m_pos].kind == Token::Kind::kName) {
      const std::string& word = m_tokens[m_pos].text;
      if (word == "for") fail(m_tokens[m_pos], "a comprehension is not a literal");
      if (word == "if") fail(m_tokens[m_pos], "a conditional expression is not a literal");
      if (word == "and" || word == "or" || word == "in" || word == "is") fail(m_tokens[m_pos], "'" + word + "' is not a literal");
    }
    if (m_pos < m_end && m_tokens[m_pos].kind == Token::Kind::kOp) {
      const std::string& op = m_tokens[m_pos].text;
      if (op == "==" || op == "!=" || op == "<" || op == ">" || op == "<=" || op == ">=" || op == "&" || op == "|" ||
          op == "^" || op == "<<" || op == ">>" || op == "@") {
        fail(m_tokens[m_pos], "operator '" + op + "' is not read (only + - * / // % **)");
      }
    }
    return value;
  }

  PyValue sum() {
    PyValue left = product();
    while (at("+") || at("-")) {
      const Token& op = m_tokens[m_pos++];
      PyValue right = product();
      left = arithmetic(op, left, right);
    }
    return left;
  }

  PyValue product() {
    PyValue left = unary();
    while (at("*") || at("/") || at("//") || at("%")) {
      const Token& op = m_tokens[m_pos++];
      PyValue right = unary();
      left = arithmetic(op, left, right);
    }
    return left;
  }

  PyValue unary() {
    if (at("-") || at("+") || at("~")) {
      const Token& op = m_tokens[m_pos++];
      if (op.text == "~") fail(op, "operator '~' is not read");
      nest(op);
      PyValue operand = unary();
      --m_nesting;
      if (!operand.is_number()) fail(op, "unary '" + op.text + "' on " + python_repr(operand));
      if (op.text == "+") return operand;
      if (operand.kind == PyValue::Kind::kFloat) return PyValue::of_float(-operand.real);
      int64_t v = operand.kind == PyValue::Kind::kBool ? operand.boolean : operand.integer;
      if (v == INT64_MIN) fail(op, "integer overflow");
      return PyValue::of_int(-v);
    }
    return power();
  }

  PyValue power() {
    PyValue base = postfix();
    if (at("**")) {
      const Token& op = m_tokens[m_pos++];
      nest(op);
      PyValue exponent = unary();  // right-associative; binds tighter than unary minus on its left
      --m_nesting;
      return arithmetic(op, base, exponent);
    }
    return base;
  }

  PyValue postfix() {
    PyValue value = atom();
    while (m_pos < m_end) {
      const Token& token = m_tokens[m_pos];
      if (is_op(token, "[")) {
        ++m_pos;
        nest(token);
        PyValue index = expression();
        --m_nesting;
        expect("]");
        value = subscript(token, value, index);
      } else if (is_op(token, "(")) {
        fail(token, "a call is not a literal");
      } else if (is_op(token, ".")) {
        fail(token, "an attribute ('." + (m_pos + 1 < m_end ? m_tokens[m_pos + 1].text : std::string()) +
                        "') is not a literal");
      } else {
        break;
      }
    }
    return value;
  }

  PyValue subscript(const Token& at_token, const PyValue& value, const PyValue& index) {
    if (value.kind == PyValue::Kind::kDict) {
      for (std::size_t i = 0; i < value.items.size(); ++i) {
        if (equal_values(value.items[i], index)) return value.values[i];
      }
      fail(at_token, "key " + python_repr(index) + " is not in " + python_repr(value).substr(0, 200));
    }
    if ((value.is_sequence() || value.kind == PyValue::Kind::kString) && index.kind == PyValue::Kind::kInt) {
      const int64_t size = value.kind == PyValue::Kind::kString ? static_cast<int64_t>(value.text.size())
                                                                : static_cast<int64_t>(value.items.size());
      int64_t i = index.integer < 0 ? index.integer + size : index.integer;
      if (i < 0 || i >= size) fail(at_token, "index " + std::to_string(index.integer) + " is out of range");
      if (value.kind == PyValue::Kind::kString) return PyValue::of_string(value.text.substr(i, 1));
      return value.items[static_cast<std::size_t>(i)];
    }
    fail(at_token, "subscript " + python_repr(index) + " of " + python_repr(value).substr(0, 200) + " is not read");
  }

  void nest(const Token& token) {
    if (++m_nesting > kMaxNesting) fail(token, "nested more than 64 deep");
  }

  PyValue atom() {
    const Token& token = peek();
    switch (token.kind) {
      case Token::Kind::kNumber: ++m_pos; return number(token);
      case Token::Kind::kString: {
        std::string text;
        while (m_pos < m_end && m_tokens[m_pos].kind == Token::Kind::kString) {  // "a" "b" concatenates
          text += m_tokens[m_pos++].text;
          if (text.size() > kMaxStringBytes) fail(token, "a string longer than 64 KiB");
        }
        if (m_pos < m_end && m_tokens[m_pos].kind == Token::Kind::kFString) fail(token, "an f-string is not read in a concatenation");
        return PyValue::of_string(text);
      }
      case Token::Kind::kFString: ++m_pos; return formatted(token);
      case Token::Kind::kName: {
        ++m_pos;
        if (token.text == "True" || token.text == "False") return PyValue::of_bool(token.text == "True");
        if (token.text == "None") return PyValue::none();
        auto it = m_environment.find(token.text);
        if (it == m_environment.end()) {
          if (m_pos < m_end && is_op(m_tokens[m_pos], "(")) return builtin_call(token);
          if (m_pos + 1 < m_end && is_op(m_tokens[m_pos], ".")) {
            fail(token, "an attribute ('" + token.text + "." + m_tokens[m_pos + 1].text + "') is not a literal");
          }
          fail(token, "'" + token.text + "' is not a literal (a name whose value is not known)");
        }
        return it->second;
      }
      case Token::Kind::kOp: break;
    }
    if (is_open(token)) {
      // [x for x in xs], (x for ...), {k: v for ...}: code, not data.
      int depth = 0;
      for (std::size_t i = m_pos; i < m_end; ++i) {
        if (is_open(m_tokens[i])) ++depth;
        if (is_close(m_tokens[i]) && --depth == 0) break;
        if (depth == 1 && m_tokens[i].kind == Token::Kind::kName && m_tokens[i].text == "for") {
          fail(m_tokens[i], "a comprehension is not a literal");
        }
      }
    }
    if (token.text == "(" || token.text == "[") {
      const bool list = token.text == "[";
      ++m_pos;
      nest(token);
      PyValue result;
      result.kind = list ? PyValue::Kind::kList : PyValue::Kind::kTuple;
      bool trailing_comma = false;
      while (!at(list ? "]" : ")")) {
        result.items.push_back(expression());
        trailing_comma = false;
        if (at(",")) {
          ++m_pos;
          trailing_comma = true;
        } else if (!at(list ? "]" : ")")) {
          fail(peek(), "expected ',' or '" + std::string(list ? "]" : ")") + "', found '" + peek().text + "'");
        }
      }
      ++m_pos;
      --m_nesting;
      // (x) is x; (x,) and () are tuples.
      if (!list && result.items.size() == 1 && !trailing_comma) return result.items[0];
      return result;
    }
    if (token.text == "{") {
      ++m_pos;
      nest(token);
      PyValue dict;
      dict.kind = PyValue::Kind::kDict;
      std::map<std::string, std::size_t> index;  // a key's identity -> its entry
      while (!at("}")) {
        if (at("**")) fail(peek(), "'**' unpacking is not a literal");
        PyValue key = expression();
        if (!at(":")) fail(peek(), "a set is not read (only dicts {key: value})");
        ++m_pos;
        PyValue value = expression();
        const std::string identity = std::to_string(static_cast<int>(key.kind)) + python_repr(key);
        auto [it, inserted] = index.emplace(identity, dict.items.size());
        if (!inserted) {
          dict.values[it->second] = std::move(value);  // a repeated key: the last value wins
        } else {
          if (dict.items.size() >= kMaxDictEntries) fail(token, "a dict with more than 10000 entries is not read");
          dict.items.push_back(std::move(key));
          dict.values.push_back(std::move(value));
        }
        if (at(",")) {
          ++m_pos;
        } else if (!at("}")) {
          fail(peek(), "expected ',' or '}', found '" + peek().text + "'");
        }
      }
      ++m_pos;
      --m_nesting;
      return dict;
    }
    fail(token, "'" + token.text + "' is not a literal");
  }

  // A few pure builtins on literal values (len, list, tuple, int, float,
  // abs, min, max), positional arguments only; any other call is not read.
  PyValue builtin_call(const Token& name) {
    static const char* const kPure[] = {"len", "list", "tuple", "int", "float", "abs", "min", "max"};
    bool known = false;
    for (const char* pure : kPure) known = known || name.text == pure;
    if (!known) fail(name, "a call ('" + name.text + "(...)') is not a literal");
    const Token& open = m_tokens[m_pos++];
    nest(open);
    std::vector<PyValue> args;
    while (!at(")")) {
      if (m_pos + 1 < m_end && m_tokens[m_pos].kind == Token::Kind::kName && is_op(m_tokens[m_pos + 1], "=")) {
        fail(m_tokens[m_pos], "a keyword argument to " + name.text + "() is not read");
      }
      args.push_back(expression());
      if (at(",")) {
        ++m_pos;
      } else if (!at(")")) {
        fail(peek(), "expected ',' or ')', found '" + peek().text + "'");
      }
    }
    ++m_pos;
    --m_nesting;
    const std::string& f = name.text;
    auto bad = [&]() -> PyValue { fail(name, f + "() of these arguments is not read"); };
    if (args.size() == 1) {
      const PyValue& x = args[0];
      if (f == "len" && (x.is_sequence() || x.kind == PyValue::Kind::kDict)) return PyValue::of_int(static_cast<int64_t>(x.items.size()));
      if (f == "len" && x.kind == PyValue::Kind::kString) return PyValue::of_int(static_cast<int64_t>(x.text.size()));
      if ((f == "list" || f == "tuple") && (x.is_sequence() || x.kind == PyValue::Kind::kDict)) {
        PyValue out;
        out.kind = f == "list" ? PyValue::Kind::kList : PyValue::Kind::kTuple;
        out.items = x.items;
        return out;
      }
      if (f == "int" && x.is_number()) {
        if (x.kind != PyValue::Kind::kFloat) return PyValue::of_int(x.kind == PyValue::Kind::kBool ? x.boolean : x.integer);
        if (!(std::fabs(x.real) < 9.2e18)) return bad();
        return PyValue::of_int(static_cast<int64_t>(x.real));  // truncates, like Python
      }
      if (f == "float" && x.is_number()) return PyValue::of_float(x.as_double());
      if (f == "abs" && x.kind == PyValue::Kind::kFloat) return PyValue::of_float(std::fabs(x.real));
      if (f == "abs" && x.kind == PyValue::Kind::kInt && x.integer != INT64_MIN) return PyValue::of_int(std::llabs(x.integer));
    }
    if (f == "min" || f == "max") {
      const std::vector<PyValue>& pool = args.size() == 1 && args[0].is_sequence() ? args[0].items : args;
      if (pool.empty()) return bad();
      const PyValue* best = &pool[0];
      for (const PyValue& v : pool) {
        if (!v.is_number()) return bad();
        if (f == "min" ? v.as_double() < best->as_double() : v.as_double() > best->as_double()) best = &v;
      }
      return *best;
    }
    return bad();
  }

  PyValue number(const Token& token) {
    std::string text;
    for (char c : token.text) {
      if (c != '_') text += c;
    }
    const bool hex = text.size() > 1 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    const bool octal = text.size() > 1 && text[0] == '0' && (text[1] == 'o' || text[1] == 'O');
    const bool binary = text.size() > 1 && text[0] == '0' && (text[1] == 'b' || text[1] == 'B');
    if (!text.empty() && (text.back() == 'j' || text.back() == 'J')) fail(token, "a complex number is not read");
    if (hex || octal || binary) {
      uint64_t value = 0;
      auto [ptr, ec] = std::from_chars(text.data() + 2, text.data() + text.size(), value, hex ? 16 : octal ? 8 : 2);
      if (ec != std::errc() || ptr != text.data() + text.size() || value > static_cast<uint64_t>(INT64_MAX)) {
        fail(token, "bad or too large integer '" + token.text + "'");
      }
      return PyValue::of_int(static_cast<int64_t>(value));
    }
    if (text.find_first_of(".eE") != std::string::npos) {
      char* end = nullptr;
      double value = std::strtod(text.c_str(), &end);
      if (end != text.c_str() + text.size()) fail(token, "bad number '" + token.text + "'");
      return PyValue::of_float(value);
    }
    int64_t value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || ptr != text.data() + text.size()) fail(token, "bad or too large integer '" + token.text + "'");
    return PyValue::of_int(value);
  }

  // f"...{name}..." with plain names (and {{ }}); anything else is not read.
  PyValue formatted(const Token& token) {
    std::string text;
    const std::string& body = token.text;
    for (std::size_t i = 0; i < body.size(); ++i) {
      char c = body[i];
      if (c == '{' && i + 1 < body.size() && body[i + 1] == '{') {
        text += '{';
        ++i;
      } else if (c == '}' && i + 1 < body.size() && body[i + 1] == '}') {
        text += '}';
        ++i;
      } else if (c == '{') {
        std::size_t close = body.find('}', i);
        if (close == std::string::npos) fail(token, "an f-string field is never closed");
        std::string field = body.substr(i + 1, close - i - 1);
        bool plain = !field.empty() && is_identifier_start(field[0]);
        for (char f : field) plain = plain && is_identifier_char(f);
        if (!plain) fail(token, "f-string field {" + field + "} is not a plain name");
        auto it = m_environment.find(field);
        if (it == m_environment.end()) fail(token, "f-string field {" + field + "} is not a known literal");
        text += python_str(it->second);
        i = close;
      } else if (c == '\\' && i + 1 < body.size()) {
        char next = body[++i];
        text += next == 'n' ? '\n' : next == 't' ? '\t' : next;
      } else {
        text += c;
      }
    }
    return PyValue::of_string(text);
  }

  PyValue arithmetic(const Token& op, const PyValue& a, const PyValue& b) {
    if (op.text == "+" && a.kind == PyValue::Kind::kString && b.kind == PyValue::Kind::kString) {
      if (a.text.size() + b.text.size() > kMaxStringBytes) fail(op, "a string longer than 64 KiB");
      return PyValue::of_string(a.text + b.text);
    }
    if (!a.is_number() || !b.is_number()) {
      fail(op, "'" + op.text + "' on " + python_repr(a).substr(0, 100) + " and " + python_repr(b).substr(0, 100) +
                   " is not read (only numbers)");
    }
    const bool integers = a.kind != PyValue::Kind::kFloat && b.kind != PyValue::Kind::kFloat;
    if (integers) {
      const int64_t x = a.kind == PyValue::Kind::kBool ? a.boolean : a.integer;
      const int64_t y = b.kind == PyValue::Kind::kBool ? b.boolean : b.integer;
      int64_t r = 0;
      if (op.text == "+" && !__builtin_add_overflow(x, y, &r)) return PyValue::of_int(r);
      if (op.text == "-" && !__builtin_sub_overflow(x, y, &r)) return PyValue::of_int(r);
      if (op.text == "*" && !__builtin_mul_overflow(x, y, &r)) return PyValue::of_int(r);
      if (op.text == "//" || op.text == "%") {
        if (y == 0) fail(op, "division by zero");
        if (x == INT64_MIN && y == -1) fail(op, "integer overflow");
        int64_t q = x / y, m = x % y;
        if (m != 0 && ((m < 0) != (y < 0))) {  // Python floors
          --q;
          m += y;
        }
        return PyValue::of_int(op.text == "//" ? q : m);
      }
      if (op.text == "/") {
        if (y == 0) fail(op, "division by zero");
        return PyValue::of_float(static_cast<double>(x) / static_cast<double>(y));
      }
      if (op.text == "**") {
        if (y < 0) return PyValue::of_float(std::pow(static_cast<double>(x), static_cast<double>(y)));
        int64_t result = 1, base = x, exponent = y;
        bool overflow = false;
        while (exponent > 0 && !overflow) {  // by squaring: at most 64 steps
          if (exponent & 1) overflow = __builtin_mul_overflow(result, base, &result);
          exponent >>= 1;
          if (exponent > 0 && !overflow) overflow = __builtin_mul_overflow(base, base, &base);
        }
        if (!overflow) return PyValue::of_int(result);
      }
      fail(op, "integer overflow in '" + op.text + "' (beyond 64 bits)");
    }
    const double x = a.as_double(), y = b.as_double();
    if (op.text == "+") return PyValue::of_float(x + y);
    if (op.text == "-") return PyValue::of_float(x - y);
    if (op.text == "*") return PyValue::of_float(x * y);
    if (op.text == "**") return PyValue::of_float(std::pow(x, y));
    if (y == 0) fail(op, "division by zero");
    if (op.text == "/") return PyValue::of_float(x / y);
    if (op.text == "//") return PyValue::of_float(std::floor(x / y));
    double m = std::fmod(x, y);
    if (m != 0 && ((m < 0) != (y < 0))) m += y;
    return PyValue::of_float(m);
  }

  const std::vector<Token>& m_tokens;
  std::size_t m_pos;
  std::size_t m_end;
  const Environment& m_environment;
  int m_nesting = 0;
};

}  // namespace

PyValue PyValue::of_bool(bool b) {
  PyValue v;
  v.kind = Kind::kBool;
  v.boolean = b;
  return v;
}
PyValue PyValue::of_int(int64_t i) {
  PyValue v;
  v.kind = Kind::kInt;
  v.integer = i;
  return v;
}
PyValue PyValue::of_float(double f) {
  PyValue v;
  v.kind = Kind::kFloat;
  v.real = f;
  return v;
}
PyValue PyValue::of_string(std::string s) {
  PyValue v;
  v.kind = Kind::kString;
  v.text = std::move(s);
  return v;
}

double PyValue::as_double() const {
  switch (kind) {
    case Kind::kBool: return boolean;
    case Kind::kInt: return static_cast<double>(integer);
    case Kind::kFloat: return real;
    default: return 0;
  }
}

const PyValue* PyValue::find(const std::string& key) const {
  if (kind != Kind::kDict) return nullptr;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (items[i].kind == Kind::kString && items[i].text == key) return &values[i];
  }
  return nullptr;
}

std::string python_str(const PyValue& value) {
  switch (value.kind) {
    case PyValue::Kind::kNone: return "None";
    case PyValue::Kind::kBool: return value.boolean ? "True" : "False";
    case PyValue::Kind::kInt: return std::to_string(value.integer);
    case PyValue::Kind::kFloat: return python_float(value.real);
    case PyValue::Kind::kString: return value.text;
    default: return python_repr(value);
  }
}


PyValue evaluate_literal(const std::vector<Token>& tokens, std::size_t begin, std::size_t end,
                         const Environment& environment) {
  return Evaluator(tokens, begin, end, environment).run();
}

namespace {

void bind_nested(const std::vector<Token>& tokens, std::size_t begin, std::size_t end, const PyValue& value,
                 Environment& environment, int depth);

}  // namespace

void bind_targets(const std::vector<Token>& tokens, std::size_t begin, std::size_t end, const PyValue& value,
                  Environment& environment) {
  bind_nested(tokens, begin, end, value, environment, 0);
}

namespace {

void bind_nested(const std::vector<Token>& tokens, std::size_t begin, std::size_t end, const PyValue& value,
                 Environment& environment, int depth) {
  if (begin >= end) throw LiteralError(begin > 0 ? tokens[begin - 1].line : 0, "an assignment target is missing");
  if (depth > kMaxTargetNesting) throw LiteralError(tokens[begin].line, "assignment targets nested more than 64 deep");
  // Split at top-level commas.
  std::vector<std::pair<std::size_t, std::size_t>> parts;
  for (std::size_t start = begin; start < end;) {
    std::size_t comma = find_top_level(tokens, start, end, ",");
    if (comma > start) parts.emplace_back(start, comma);
    start = comma + 1;
  }
  const bool unpack = parts.size() > 1 || find_top_level(tokens, begin, end, ",") != end;
  if (!unpack) {
    const Token& first = tokens[begin];
    if (end - begin == 1 && first.kind == Token::Kind::kName) {
      environment[first.text] = value;
      return;
    }
    if (is_open(first) && first.text != "{" && is_close(tokens[end - 1])) {
      bind_nested(tokens, begin + 1, end - 1, value, environment, depth + 1);
      return;
    }
    throw LiteralError(first.line, "assignment target '" + first.text + "...' is not a plain name");
  }
  if (!value.is_sequence() || value.items.size() != parts.size()) {
    throw LiteralError(tokens[begin].line, "cannot unpack " + python_repr(value).substr(0, 100) + " into " +
                                               std::to_string(parts.size()) + " names");
  }
  for (std::size_t i = 0; i < parts.size(); ++i) {
    bind_nested(tokens, parts[i].first, parts[i].second, value.items[i], environment, depth + 1);
  }
}

}  // namespace

}  // namespace judge::importer
