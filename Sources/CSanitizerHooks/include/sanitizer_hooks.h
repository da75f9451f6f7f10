#ifndef BOOKNOTES_SANITIZER_HOOKS_H
#define BOOKNOTES_SANITIZER_HOOKS_H

// ThreadSanitizer's annotations for a lock it cannot see. On Linux,
// Synchronization.Mutex waits in a futex inside the (uninstrumented) standard
// library, so the sanitizer sees no order between two threads taking the same
// lock and reports every access it guards as a race. A lock taken tells it
// "acquired" and a lock about to be given back "releasing", on the lock's address.
//
// The sanitizer's runtime defines these functions only when it is linked in; the
// weak declarations are null otherwise, and the calls cost a test and a branch.

#if defined(__linux__)
extern void __tsan_acquire(void *address) __attribute__((weak));
extern void __tsan_release(void *address) __attribute__((weak));

static inline void booknotes_lock_acquired(const void *lock) {
  if (__tsan_acquire) __tsan_acquire((void *)lock);
}

static inline void booknotes_lock_releasing(const void *lock) {
  if (__tsan_release) __tsan_release((void *)lock);
}
#else
// Elsewhere the platform's lock is one the sanitizer knows.
static inline void booknotes_lock_acquired(const void *lock) { (void)lock; }
static inline void booknotes_lock_releasing(const void *lock) { (void)lock; }
#endif

#endif
