/* The SIGBUS guard of mapped snapshots (see the header). */
#define _GNU_SOURCE
#include "CSnapshotGuard.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

enum { SLOTS = 64, PATH_BYTES = 4096 };

/* A slot is free while `start` is 0. It is filled path first, then
   length, then start (released); the handler reads start (acquired),
   then the rest. */
static struct {
  _Atomic uintptr_t start;
  _Atomic size_t length;
  char path[PATH_BYTES];
} slots[SLOTS];

static void (*_Atomic restore_hook)(void);
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int installed;

static void write_all(const char *text, size_t length) {
  while (length > 0) {
    ssize_t wrote = write(STDERR_FILENO, text, length);
    if (wrote <= 0) return;
    text += wrote;
    length -= (size_t)wrote;
  }
}

static void on_bus(int signal_number, siginfo_t *info, void *context) {
  (void)context;
  uintptr_t address = info ? (uintptr_t)info->si_addr : 0;
  void (*restore)(void) = atomic_load(&restore_hook);
  for (int i = 0; i < SLOTS; i++) {
    uintptr_t start = atomic_load_explicit(&slots[i].start, memory_order_acquire);
    size_t length = atomic_load_explicit(&slots[i].length, memory_order_relaxed);
    if (start == 0 || address < start || address - start >= length) continue;
    if (restore) restore();
    static const char before[] = "tvgrid: the snapshot ";
    static const char after[] =
        " was changed by another program while open; it will be rebuilt\n";
    write_all(before, sizeof before - 1);
    write_all(slots[i].path, strnlen(slots[i].path, PATH_BYTES));
    write_all(after, sizeof after - 1);
    unlink(slots[i].path);
    _exit(1);
  }
  /* Not a snapshot's: the default action, once this handler returns (the
     signal is blocked while it runs; a fault would also repeat). */
  if (restore) restore();
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(signal_number, &action, NULL);
  raise(signal_number);
}

static void install_locked(void) {
  if (installed) return;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = on_bus;
  action.sa_flags = SA_SIGINFO;
  sigemptyset(&action.sa_mask);
  if (sigaction(SIGBUS, &action, NULL) != 0) return;
  /* A parent may have left it blocked (the mask is inherited). */
  sigset_t bus;
  sigemptyset(&bus);
  sigaddset(&bus, SIGBUS);
  pthread_sigmask(SIG_UNBLOCK, &bus, NULL);
  installed = 1;
}

void snapshot_guard_install(void (*restore_terminal)(void)) {
  pthread_mutex_lock(&lock);
  atomic_store(&restore_hook, restore_terminal);
  install_locked();
  pthread_mutex_unlock(&lock);
}

int snapshot_guard_add(const void *start, size_t length, const char *path) {
  if (!start || length == 0 || !path || strlen(path) >= PATH_BYTES) return -1;
  pthread_mutex_lock(&lock);
  install_locked();
  int slot = -1;
  for (int i = 0; i < SLOTS && slot < 0; i++) {
    if (atomic_load_explicit(&slots[i].start, memory_order_relaxed) != 0) continue;
    slot = i;
    strcpy(slots[i].path, path);
    atomic_store_explicit(&slots[i].length, length, memory_order_relaxed);
    atomic_store_explicit(&slots[i].start, (uintptr_t)start, memory_order_release);
  }
  pthread_mutex_unlock(&lock);
  return slot;
}

void snapshot_guard_remove(int slot) {
  if (slot < 0 || slot >= SLOTS) return;
  pthread_mutex_lock(&lock);
  atomic_store_explicit(&slots[slot].start, 0, memory_order_release);
  pthread_mutex_unlock(&lock);
}
