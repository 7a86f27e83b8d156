// What the fuzz targets share: a check that stops the process (so libFuzzer records the input, and the replay
// test fails) when a parser's promise is broken, e.g. a message that is empty or a round trip that differs.
#pragma once

#include <cstdio>
#include <cstdlib>

#define FUZZ_CHECK(cond, what)                                                           \
  do {                                                                                   \
    if (!(cond)) {                                                                       \
      std::fprintf(stderr, "fuzz check failed: %s (%s:%d)\n", what, __FILE__, __LINE__); \
      std::abort();                                                                      \
    }                                                                                    \
  } while (0)
