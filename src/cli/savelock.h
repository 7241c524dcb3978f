/* savelock.h: one writer per save (docs/reliability.md, "One writer per save").
 *
 * A process that appends to a save (`murk host`, `murk play`, `murk run --autosave`) holds
 * its lock for the game's life: an fcntl write lock on a lock file beside it,
 * DIR/.NAME.lock (the save itself is replaced whole now and then, so its own inode cannot
 * carry the lock). The holder's pid is the kernel's answer (F_GETLK); the file stays empty
 * and the holder removes it when it lets go. The kernel drops the lock of a process that dies
 * however it dies, so a lock file left by a killed process locks nothing. */
#ifndef MURK_CLI_SAVELOCK_H
#define MURK_CLI_SAVELOCK_H

#include <stddef.h>
#include <sys/types.h>

struct cli_savelock;

/* Take the lock of the save at path (which need not exist yet). Returns 0 with *out set;
 * 1 with a message in err when another process holds it ("... is in use by process PID");
 * -1 with a message when the lock file cannot be made (the save's directory cannot be
 * written: errno says why). */
int cli_savelock_take(const char* path, struct cli_savelock** out, char* err, size_t n);
/* Let go: the lock file goes, then the lock. NULL is fine. */
void cli_savelock_free(struct cli_savelock* l);
/* The process holding the lock of the save at path (getpid() when it is this one), or 0
 * when nobody does. */
pid_t cli_savelock_holder(const char* path);

#endif
