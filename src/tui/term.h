/* term.h: the terminal layer - the one file of murk that talks to curses.
 *
 * It turns curses keys and mouse clicks into tui_key values for the session, copies the
 * session's canvas to the screen, maps attribute ids to colours (or to bold, underline
 * and reverse when the terminal has no colours or NO_COLOR is set), follows window
 * resizes, and restores the terminal however the game ends: quitting, Ctrl-C, SIGTERM,
 * SIGHUP and the other quit signals, the terminal gone, an error, or a crash signal. */
#ifndef MURK_TUI_TERM_H
#define MURK_TUI_TERM_H

#include <stdbool.h>
#include <stddef.h>

#include "session.h"

/* Is the locale's character set UTF-8? Call after setlocale(LC_ALL, ""). When it is not,
 * the screen is drawn in plain ASCII. */
bool tui_term_locale_utf8(void);

/* Can this terminal (TERM) play: known, and able to put the cursor anywhere? Asked
 * before any question, so that a terminal that cannot play refuses before a passphrase is
 * typed. 0, or -1 with the reason in err (the words the run itself would give). */
int tui_term_check(char* err, size_t n);

/* Play the session at this terminal until the players quit. Returns 0 when they quit,
 * 128 + the signal number after SIGINT/SIGTERM/SIGHUP, or -1 with a message in err (no
 * terminal, out of memory). The terminal is restored in every case. */
int tui_term_run(struct tui_session* s, bool ascii, char* err, size_t n);

/* Called after every key and every idle moment (the caller's journal: `murk play` keeps
 * every command as it is made). 0 to go on; nonzero ends the game with -1 and the message
 * in err (the journal cannot be written: no more commands are taken). */
typedef int (*tui_term_after_fn)(void* ctx, char* err, size_t n);

/* tui_term_run with an after-hook (NULL: none). The run also ends, as after SIGHUP (128 +
 * SIGHUP), when the terminal is gone (hung up under nohup: reads give end of file or EIO),
 * rather than spin on a terminal nobody reads. */
int tui_term_run_with(struct tui_session* s, bool ascii, tui_term_after_fn after, void* ctx,
                      char* err, size_t n);

/* A quit signal caught during the run and not yet acted on (0: none), for waits outside
 * the key loop (a remote game's wait for its host) to give up at once. */
int tui_term_pending_signal(void);

#endif
