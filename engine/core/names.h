// One name table per enum: every value with the name that stands for it in links, command-line flags, model
// files, the JavaScript API and the panels, and one line of help. The table sits next to its enum, in the
// layer that owns the enum; this header only gives the generic look-ups over any such table:
//
//   enum class PosEnc { none, sinusoidal, learned, alibi };
//   inline constexpr EnumName<PosEnc> kPosEncNames[] = {{PosEnc::none, "none", "no positions"}, ...};
//   constexpr NameTable<PosEnc> names_of(PosEnc) { return NameTable<PosEnc>(kPosEncNames); }
//
//   to_string(PosEnc::learned) == "learned";   from_string("alibi", &pe);   enum_names<PosEnc>()
//
// Depends on the standard library only.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace attnlab {

template <typename E>
struct EnumName {
  E value;
  const char* name;  // as it appears in links, flags, files and the API: lower case, no spaces
  const char* help;  // one line for a student
};

// A view of one enum's table (a constexpr array of EnumName<E>).
template <typename E>
class NameTable {
 public:
  template <std::size_t N>
  constexpr explicit NameTable(const EnumName<E> (&entries)[N]) : begin_(entries), size_(N) {}
  constexpr const EnumName<E>* begin() const { return begin_; }
  constexpr const EnumName<E>* end() const { return begin_ + size_; }
  constexpr std::size_t size() const { return size_; }

 private:
  const EnumName<E>* begin_;
  std::size_t size_;
};

// The look-ups below exist for every enum E that has a names_of(E) (found by argument-dependent lookup).
template <typename E>
using HasNames = decltype(names_of(E{}));

// The name of a value ("?" for a value outside the table).
template <typename E, typename = HasNames<E>>
const char* to_string(E value) {
  for (const EnumName<E>& n : names_of(E{}))
    if (n.value == value) return n.name;
  return "?";
}

// The value of a name; false (and *out unchanged) when no value has that name.
template <typename E, typename = HasNames<E>>
bool from_string(const std::string& name, E* out) {
  for (const EnumName<E>& n : names_of(E{})) {
    if (name == n.name) {
      *out = n.value;
      return true;
    }
  }
  return false;
}

// Every name, in table order.
template <typename E, typename = HasNames<E>>
std::vector<std::string> enum_names() {
  std::vector<std::string> out;
  for (const EnumName<E>& n : names_of(E{})) out.emplace_back(n.name);
  return out;
}

// The help line of a value ("" for a value outside the table).
template <typename E, typename = HasNames<E>>
const char* enum_help(E value) {
  for (const EnumName<E>& n : names_of(E{}))
    if (n.value == value) return n.help;
  return "";
}

// How many values the table has (values are 0 .. count−1 in table order: model files store them so).
template <typename E, typename = HasNames<E>>
constexpr int enum_count() {
  return static_cast<int>(names_of(E{}).size());
}

// "a, b, c": for messages that list what may be chosen.
std::string join_names(const std::vector<std::string>& names, const char* separator = ", ");

// A value as a message quotes it back: as it is up to max_bytes, else its first max_bytes (never cutting a UTF-8
// character) + "… (N bytes)", so a pasted novel in a link's value gives a one-line message, not the novel.
std::string shown_value(const std::string& text, std::size_t max_bytes = 48);

}  // namespace attnlab
