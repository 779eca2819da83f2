#ifndef CSNAPSHOTGUARD_H
#define CSNAPSHOTGUARD_H
/* The guard of mapped snapshot files (EPGSchedule's MappedSnapshot).

   A snapshot is mapped read-only and read in place. tvgrid only ever
   replaces one by rename or removes it, which leaves a mapped copy whole;
   but another program that truncates the file in place makes every later
   read of the lost pages raise SIGBUS, which would end the process at
   once and without a word. This guard's SIGBUS handler tells such a fault
   from any other by its address: it restores the terminal (through the
   hook the terminal session sets), writes "tvgrid: the snapshot FILE was
   changed by another program while open; it will be rebuilt" to standard
   error, removes the file, so that the next start parses the guide and
   writes it again, and exits with status 1. Any other SIGBUS restores the
   terminal and takes the default action (a core dump), as before.

   The handler does only async-signal-safe things (write, unlink, _exit,
   sigaction, raise; the terminal hook is as safe as the terminal
   session's own signal handling). */
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Guards `length` bytes mapped at `start` from the snapshot file `path`
   (copied; at most 4095 bytes). Installs the handler the first time.
   Returns a slot for snapshot_guard_remove, or -1 when the 64 slots are
   taken or the path is too long (the mapping is then not guarded). */
int snapshot_guard_add(const void *start, size_t length, const char *path);

/* Stops guarding a slot of snapshot_guard_add (before the unmap); -1 does
   nothing. */
void snapshot_guard_remove(int slot);

/* Installs the SIGBUS handler (if not yet) and sets the function it calls
   first to put the terminal back (NULL: none). For the terminal session,
   which handles the other fatal signals itself. */
void snapshot_guard_install(void (*restore_terminal)(void));

#ifdef __cplusplus
}
#endif
#endif
