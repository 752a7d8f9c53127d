// Python literals read AS DATA from tokens (python_tokens.h): an evaluator
// for literal expressions (numbers, strings, True/False/None,
// lists, tuples, dicts, + - * / // % ** on numbers, subscripts of literal
// values, f-strings whose fields are plain names). Nothing is executed: a
// name is looked up in an environment the caller fills with values it has
// itself evaluated, and anything else (a call, an attribute, a lambda, a
// comprehension) is a LiteralError naming the line, so the caller can say
// "not a literal" instead of guessing.
//
// def.py files come from outside the judge: lengths, nesting and integer
// arithmetic are bounded (overflow is an error, never undefined behaviour).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "judge/importer/python_tokens.h"

namespace judge::importer {

struct PyValue {
  enum class Kind { kNone, kBool, kInt, kFloat, kString, kList, kTuple, kDict };
  Kind kind = Kind::kNone;
  bool boolean = false;
  int64_t integer = 0;
  double real = 0;
  std::string text;
  std::vector<PyValue> items;   // list or tuple elements; dict keys
  std::vector<PyValue> values;  // dict values, parallel to items

  static PyValue none() { return {}; }
  static PyValue of_bool(bool b);
  static PyValue of_int(int64_t i);
  static PyValue of_float(double f);
  static PyValue of_string(std::string s);

  bool is_number() const { return kind == Kind::kInt || kind == Kind::kFloat || kind == Kind::kBool; }
  bool is_sequence() const { return kind == Kind::kList || kind == Kind::kTuple; }
  double as_double() const;
  // A dict's value for a string key; nullptr if absent (or not a dict).
  const PyValue* find(const std::string& key) const;
};

// Python's str() of a value: 4096, 0.01, 1e-05, 'x', [1, 2], (1,), {'a': 1}.
std::string python_str(const PyValue& value);

using Environment = std::map<std::string, PyValue>;

// Evaluates tokens[begin, end) as one literal expression. Throws LiteralError
// (with the line of the offending token) for anything that is not one.
PyValue evaluate_literal(const std::vector<Token>& tokens, std::size_t begin, std::size_t end,
                         const Environment& environment);

// Binds `value` to the assignment targets tokens[begin, end): a name, or
// names separated by commas, optionally in parentheses or brackets, nested.
// Throws LiteralError when the shapes differ or a target is not a name.
void bind_targets(const std::vector<Token>& tokens, std::size_t begin, std::size_t end, const PyValue& value,
                  Environment& environment);

}  // namespace judge::importer
