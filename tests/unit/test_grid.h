/* test_grid.h: what the grid tests (test_geom.c, test_los.c) share: a cell by its
 * coordinates and a fixed stream of numbers (splitmix64), so that a failure on a random
 * map or cell reproduces. Include after cmocka.h. */
#ifndef MURK_TEST_GRID_H
#define MURK_TEST_GRID_H

#include <stdint.h>

#include "murk/geom.h"

static inline struct murk_pos P(int x, int y) {
  return (struct murk_pos){x, y};
}

static inline uint64_t
rng_next(uint64_t* s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* lo to hi, both included. */
static inline int rng_in(uint64_t* s, int lo, int hi) {
  return lo + (int)(rng_next(s) % (uint64_t)(hi - lo + 1));
}

#endif
