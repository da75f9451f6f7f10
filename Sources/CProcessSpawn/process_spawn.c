#define _GNU_SOURCE
#include "process_spawn.h"

int booknotes_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
  return posix_spawn_file_actions_addclosefrom_np(actions, lowest) == 0 ? 0 : -1;
#else
  (void)actions;
  (void)lowest;
  return -1;
#endif
}
