// Heap allocations of the engine test program: every form of operator new is replaced in alloc_count.cpp
// and counted (the memory itself comes from malloc as usual).
#pragma once

#include <cstddef>

namespace attnlab {

long heap_allocations();  // operator new calls so far
// The largest single block asked of operator new since the last reset_largest_allocation().
std::size_t largest_allocation_since_reset();
void reset_largest_allocation();

}  // namespace attnlab
