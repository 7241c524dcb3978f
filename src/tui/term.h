/* term.h: the terminal layer - the one file of murk that talks to curses.
 *
 * It turns curses keys and mouse clicks into tui_key values for the session, copies the
 * session's canvas to the screen, maps attribute ids to colours (or to bold, underline
 * and reverse when the terminal has no colours or NO_COLOR is set), follows window
 * resizes, and restores the terminal however the game ends: quitting, Ctrl-C, SIGTERM,
 * SIGHUP, an error, or a crash signal. */
#ifndef MURK_TUI_TERM_H
#define MURK_TUI_TERM_H

#include <stdbool.h>
#include <stddef.h>

#include "session.h"

/* Is the locale's character set UTF-8? Call after setlocale(LC_ALL, ""). When it is not,
 * the screen is drawn in plain ASCII. */
bool tui_term_locale_utf8(void);

/* Play the session at this terminal until the players quit. Returns 0 when they quit,
 * 128 + the signal number after SIGINT/SIGTERM/SIGHUP, or -1 with a message in err (no
 * terminal, out of memory). The terminal is restored in every case. */
int tui_term_run(struct tui_session* s, bool ascii, char* err, size_t n);

#endif
