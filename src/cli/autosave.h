/* autosave.h: saves written whole, and the autosave kept as a journal.
 *
 * murk_save_whole is the one way the command line writes a whole save: open (save.h) or
 * sealed (seal.h, under a sealer's keys), atomically. An autosave that is brought up to
 * date after every command keeps its file as a journal instead: the whole save once,
 * then one record per update appended and synced (fdatasync), so an update costs the
 * same however long the game (docs/reliability.md, "Never lose a game"). After an undo
 * (the game's command log got shorter, or a side's events started again) it writes the
 * whole save again. Loaders read a journal back to its last whole record. */
#ifndef MURK_CLI_AUTOSAVE_H
#define MURK_CLI_AUTOSAVE_H

#include <stdbool.h>
#include <stddef.h>

#include "murk/game.h"
#include "sealio.h"

/* Write g's whole save at path: sealed when sealer is on (mode 0600), else open with
 * `mode` (less the umask). *text (when not NULL) gets the bytes written (free them
 * with murk_seal_free_secret: an open save of a live game holds its dice key). Returns 0, or -1
 * with the reason in err. */
int murk_save_whole(const struct murk_game* g, struct murk_sealer* sealer, const char* path,
                    unsigned mode, char** text, size_t* len, char* err, size_t n);

struct murk_autosave;

/* An autosave at path: sealed under sealer when sealer is on at each update (the sealer
 * is the caller's and must outlive the autosave), open with `mode` otherwise. NULL when
 * out of memory. Nothing is written until the first update. */
struct murk_autosave* murk_autosave_new(const char* path, struct murk_sealer* sealer,
                                        unsigned mode);
/* Bring the file up to g (the game this autosave has followed, or a new one: then the
 * whole save). Call it after every command, and after an undo before the next command
 * (an undo shows as a shorter command log; a sealed game's also as a side's events
 * starting again). Returns 0, or -1 with the reason in err; the file then holds the save as it
 * was before this update. */
int murk_autosave_update(struct murk_autosave* a, const struct murk_game* g, char* err, size_t n);
/* A lazy autosave (`murk run`, whose script is its input: nothing is acknowledged to
 * anyone) appends every update but syncs at most five times a second; call
 * murk_autosave_flush at the end. 0, or -1 with the reason in err. */
void murk_autosave_lazy(struct murk_autosave* a, bool lazy);
int murk_autosave_flush(struct murk_autosave* a, char* err, size_t n);
/* Close the file (a lazy one synced, best effort) and free a. NULL is fine. */
void murk_autosave_free(struct murk_autosave* a);

#endif
