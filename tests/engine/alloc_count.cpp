// The engine test program's operator new (tests/engine/alloc_count.h).
#include "tests/engine/alloc_count.h"

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

// Counts every heap allocation made through operator new in the engine test program, so a test can assert
// that a training step makes none, or that loading a file reserves no large block. Every form is replaced,
// the nothrow ones too (std::stable_sort's buffer comes from one): a form left to the runtime would hand its
// memory to the free() below from another allocator, which AddressSanitizer rightly reports as a mismatch.
static std::atomic<long> g_allocations{0};
static std::atomic<std::size_t> g_largest{0};

static void* counted_alloc(std::size_t n, std::size_t align) noexcept {
  ++g_allocations;
  std::size_t seen = g_largest.load();
  while (n > seen && !g_largest.compare_exchange_weak(seen, n)) {
  }
  if (align <= alignof(std::max_align_t)) return std::malloc(n == 0 ? 1 : n);
  const std::size_t size = (n + align - 1) / align * align;  // aligned_alloc wants a multiple of align
  return std::aligned_alloc(align, size == 0 ? align : size);
}
static void* counted_alloc_or_throw(std::size_t n, std::size_t align) {
  if (void* p = counted_alloc(n, align)) return p;
  throw std::bad_alloc();
}
static std::size_t alignment(std::align_val_t a) { return static_cast<std::size_t>(a); }

void* operator new(std::size_t n) { return counted_alloc_or_throw(n, 1); }
void* operator new[](std::size_t n) { return counted_alloc_or_throw(n, 1); }
void* operator new(std::size_t n, std::align_val_t a) { return counted_alloc_or_throw(n, alignment(a)); }
void* operator new[](std::size_t n, std::align_val_t a) { return counted_alloc_or_throw(n, alignment(a)); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return counted_alloc(n, 1); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return counted_alloc(n, 1); }
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return counted_alloc(n, alignment(a));
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return counted_alloc(n, alignment(a));
}
// GCC sees malloc'd memory "from operator new" reach free() here and warns; that pairing is exactly right.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }

namespace attnlab {

long heap_allocations() { return g_allocations.load(); }
std::size_t largest_allocation_since_reset() { return g_largest.load(); }
void reset_largest_allocation() { g_largest.store(0); }

}  // namespace attnlab
