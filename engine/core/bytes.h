// core/: little-endian byte buffers, written and read field by field (what the trainer's saved state and the
// setup a Web Worker's trainer is built from are made of). Reals are stored as their IEEE bit patterns, so a
// value read back is the value written, bit for bit, on every machine and in WebAssembly.
//
//   ByteWriter w;  w.u32(7);  w.str("pos");  w.f32s(x.data(), x.size());
//   ByteReader<MyError> r(w.bytes.data(), w.bytes.size(), "bad trainer state: ");
//   r.u32();  r.str();  r.f32s(x, n, "the weights");   // throws MyError("bad trainer state: ... runs past its end")
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace attnlab {

class ByteWriter {
 public:
  std::vector<std::uint8_t> bytes;

  void u8(std::uint8_t v) { bytes.push_back(v); }
  void u32(std::uint32_t v) {
    for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  void u64(std::uint64_t v) {
    for (int i = 0; i < 8; ++i) bytes.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  void i32(int v) { u32(static_cast<std::uint32_t>(v)); }
  void i64(long v) { u64(static_cast<std::uint64_t>(static_cast<std::int64_t>(v))); }
  void f32(float v) {
    std::uint32_t b;
    std::memcpy(&b, &v, 4);
    u32(b);
  }
  void f64(double v) {
    std::uint64_t b;
    std::memcpy(&b, &v, 8);
    u64(b);
  }
  void f32s(const float* p, std::size_t n) {
    const std::size_t at = bytes.size();
    bytes.resize(at + 4 * n);
    for (std::size_t i = 0; i < n; ++i) {
      std::uint32_t b;
      std::memcpy(&b, p + i, 4);
      for (int k = 0; k < 4; ++k) bytes[at + 4 * i + k] = static_cast<std::uint8_t>(b >> (8 * k));
    }
  }
  void str(const std::string& s) {
    u32(static_cast<std::uint32_t>(s.size()));
    bytes.insert(bytes.end(), s.begin(), s.end());
  }
  void raw(const std::uint8_t* p, std::size_t n) { bytes.insert(bytes.end(), p, p + n); }
};

// Reads what a ByteWriter wrote. A field that runs past the end throws Error(prefix + what + " runs past its
// end"); nothing is read beyond the n bytes given.
template <typename Error>
class ByteReader {
 public:
  ByteReader(const std::uint8_t* p, std::size_t n, std::string prefix) : p_(p), n_(n), prefix_(std::move(prefix)) {}

  void need(std::size_t k, const char* what) const {
    if (n_ - pos_ < k) fail(std::string(what) + " runs past its end");
  }
  [[noreturn]] void fail(const std::string& problem) const { throw Error(prefix_ + problem); }

  std::uint8_t u8() {
    need(1, "a field");
    return p_[pos_++];
  }
  std::uint32_t u32() {
    need(4, "a field");
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(p_[pos_++]) << (8 * i);
    return v;
  }
  std::uint64_t u64() {
    need(8, "a field");
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= static_cast<std::uint64_t>(p_[pos_++]) << (8 * i);
    return v;
  }
  int i32() { return static_cast<int>(u32()); }
  long i64() { return static_cast<long>(static_cast<std::int64_t>(u64())); }
  float f32() {
    const std::uint32_t b = u32();
    float v;
    std::memcpy(&v, &b, 4);
    return v;
  }
  double f64() {
    const std::uint64_t b = u64();
    double v;
    std::memcpy(&v, &b, 8);
    return v;
  }
  // n reals into out (a std::vector<float> or anything with resize and operator[]) ...
  template <typename Vec>
  void f32s(Vec& out, std::size_t n, const char* what) {
    if (n > (n_ - pos_) / 4) fail(std::string(what) + " runs past its end");
    out.resize(n);
    f32s(n ? &out[0] : nullptr, n, what);
  }
  // ... or into n floats that are already there.
  void f32s(float* out, std::size_t n, const char* what) {
    if (n > (n_ - pos_) / 4) fail(std::string(what) + " runs past its end");
    for (std::size_t i = 0; i < n; ++i) {
      std::uint32_t b = 0;
      for (int k = 0; k < 4; ++k) b |= static_cast<std::uint32_t>(p_[pos_ + 4 * i + k]) << (8 * k);
      std::memcpy(out + i, &b, 4);
    }
    pos_ += 4 * n;
  }
  std::string str() {
    const std::uint32_t len = u32();
    need(len, "a text field");
    std::string s(reinterpret_cast<const char*>(p_ + pos_), len);
    pos_ += len;
    return s;
  }
  // The next n bytes, in place (valid as long as the buffer read from).
  const std::uint8_t* raw(std::size_t n, const char* what) {
    need(n, what);
    const std::uint8_t* at = p_ + pos_;
    pos_ += n;
    return at;
  }
  std::size_t left() const { return n_ - pos_; }
  bool at_end() const { return pos_ == n_; }

 private:
  const std::uint8_t* p_;
  std::size_t n_, pos_ = 0;
  std::string prefix_;
};

}  // namespace attnlab
