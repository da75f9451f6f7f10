#ifndef BOOKNOTES_PROCESS_SPAWN_H
#define BOOKNOTES_PROCESS_SPAWN_H

#include <spawn.h>

/// Adds "close every descriptor from `lowest` up" to `actions` where the C library can
/// (glibc 2.34 and later); returns 0 when added, -1 when not available.
int booknotes_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

#endif
