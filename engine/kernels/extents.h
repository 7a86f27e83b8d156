// The kernels' operands, checked whole in a build with AddressSanitizer (make asan, make test's asan-quick).
//
// There kernels.cpp is compiled without the sanitizers' checks on each access: they keep the inner loops from
// being vectorized (a sanitized micro-tile did one float at a time, with a check before each), and training
// under the sanitizers spent most of its time there. Instead every call through kernels.h checks here, before
// the kernel runs, that each of its operands lies in memory the program may use, from its first float to its
// last: a product or a softmax given the wrong sizes, strides or buffer is reported as AddressSanitizer
// reports any other bad access, with the operand named. In other builds these functions are empty.
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(__SANITIZE_ADDRESS__)
#define ATTNLAB_CHECK_EXTENTS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ATTNLAB_CHECK_EXTENTS 1
#endif
#endif

#if defined(ATTNLAB_CHECK_EXTENTS)
#include <sanitizer/asan_interface.h>

#include <cstdio>
#include <cstdlib>
#endif

namespace attnlab::kernels::extents {

#if defined(ATTNLAB_CHECK_EXTENTS)
// `count` elements of `size` bytes from p, every byte addressable; else the first bad byte is described and the
// program stops, as AddressSanitizer does.
inline void whole(const void* p, long count, std::size_t size, const char* kernel, const char* operand) {
  if (count <= 0) return;
  if (p == nullptr) {
    std::fprintf(stderr, "kernels::%s: %s is a null pointer for %ld elements\n", kernel, operand, count);
    std::abort();
  }
  const std::size_t bytes = static_cast<std::size_t>(count) * size;
  if (void* bad = __asan_region_is_poisoned(const_cast<void*>(p), bytes)) {
    std::fprintf(stderr, "kernels::%s: %s (%zu bytes from %p) reaches memory it may not use, at %p\n", kernel, operand,
                 bytes, p, bad);
    __asan_describe_address(bad);
    std::abort();
  }
}
#else
inline void whole(const void*, long, std::size_t, const char*, const char*) {}
#endif

// A (rows, cols) matrix read at p[i·rs + j·cs] spans the floats p[0] .. p[(rows − 1)·rs + (cols − 1)·cs].
inline void matrix(const float* p, long rows, long cols, long rs, long cs, const char* kernel, const char* operand) {
  if (rows <= 0 || cols <= 0) return;
  whole(p, (rows - 1) * rs + (cols - 1) * cs + 1, sizeof(float), kernel, operand);
}

inline void floats(const float* p, long n, const char* kernel, const char* operand) {
  whole(p, n, sizeof(float), kernel, operand);
}

inline void bytes(const std::uint8_t* p, long n, const char* kernel, const char* operand) {
  whole(p, n, 1, kernel, operand);
}

}  // namespace attnlab::kernels::extents
