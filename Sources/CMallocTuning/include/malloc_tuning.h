#ifndef BOOKNOTES_MALLOC_TUNING_H
#define BOOKNOTES_MALLOC_TUNING_H

#if defined(__linux__)
#include <malloc.h>
#endif

#if defined(M_ARENA_MAX)
/// Limits glibc's allocation arenas to `count`; nonzero when glibc accepted it.
static inline int booknotes_limit_malloc_arenas(int count) { return mallopt(M_ARENA_MAX, count); }
#else
/// Other C libraries have no such setting.
static inline int booknotes_limit_malloc_arenas(int count) {
  (void)count;
  return 0;
}
#endif

#endif
