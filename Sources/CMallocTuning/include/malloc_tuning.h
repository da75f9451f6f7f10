#ifndef BOOKNOTES_MALLOC_TUNING_H
#define BOOKNOTES_MALLOC_TUNING_H

#if defined(__linux__)
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
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

#if defined(M_ARENA_MAX) && defined(M_TOP_PAD) && defined(M_MMAP_THRESHOLD) && defined(MADV_HUGEPAGE)
/// For a command that runs once and exits, which allocates tens of megabytes on every
/// core and frees little: every thread allocates from the one heap (an arena of its
/// own grows page by page, an `mprotect` each time), the heap grows 64 MiB at a time
/// and large blocks come from it too, and its first 64 MiB ask for transparent huge
/// pages, so that they are faulted in 2 MiB at a time rather than 4 KiB (where the
/// system gives huge pages on request; elsewhere the advice changes nothing). Nonzero
/// when the huge pages were asked for.
static inline int booknotes_tune_malloc_for_command(void) {
  const size_t pad = (size_t)64 << 20;
  const uintptr_t huge = (uintptr_t)2 << 20;
  mallopt(M_ARENA_MAX, 1);
  mallopt(M_TOP_PAD, (int)pad);
  mallopt(M_TRIM_THRESHOLD, (int)(2 * pad));
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  char *before = sbrk(0);
  // A block the heap's top cannot hold: the heap grows by it and the pad (volatile,
  // so that the compiler keeps the allocation).
  void *volatile block = malloc((size_t)1 << 20);
  char *after = sbrk(0);
  free(block);
  if (before == (char *)-1 || after == (char *)-1 || after <= before) return 0;
  uintptr_t from = ((uintptr_t)before + huge - 1) & ~(huge - 1);
  uintptr_t to = (uintptr_t)after & ~(huge - 1);
  return to > from && madvise((void *)from, to - from, MADV_HUGEPAGE) == 0;
}
#else
/// Other C libraries and systems: nothing to tune.
static inline int booknotes_tune_malloc_for_command(void) { return 0; }
#endif

#endif
