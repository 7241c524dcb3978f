/* transcript.h: what `murk run` and `murk replay` print, and the headless run they share.
 *
 * A transcript is built from a view only (docs/architecture.md): the events the audience
 * may know, one line each in murk_event_format's form, then one closing line, either
 * "result: ..." once the game is over or "to act: defender (turn 3, shooting step)".
 * Nothing else is printed on stdout, so transcripts can be golden files. */
#ifndef MURK_CLI_TRANSCRIPT_H
#define MURK_CLI_TRANSCRIPT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "murk/game.h"
#include "murk/side.h"

/* Print the transcript of g as `side` sees it (MURK_NO_SIDE: the umpire, every event).
 * Returns 0, or a murk error code (MURK_ENOMEM) with nothing printed. */
int murk_transcript_print(FILE* f, const struct murk_game* g, enum murk_side side);

struct murk_view;
/* The lines of a transcript, in parts: v's events from the index `from` on, then its
 * closing line. murk_transcript_print is both for a new view from its first event. */
void murk_transcript_events(FILE* f, const struct murk_view* v, size_t from);
void murk_transcript_status(FILE* f, const struct murk_view* v);

struct murk_passes; /* sealio.h */

struct murk_run_opts {
  const char* script;  /* the script or save to apply; required */
  const char* mission; /* from the command line, overriding the header; NULL: the header's */
  const char* with;    /* rules to add (--with, murk_cli_with_list), after the header's; or NULL */
  bool has_seed;       /* a seed from the command line, overriding the header */
  uint64_t seed;
  enum murk_side as;          /* whose transcript: MURK_NO_SIDE for the umpire's */
  const char* save;           /* write a save here (atomically), even after a rejection; or NULL */
  const char* autosave;       /* keep a save here after every applied command (autosave.h) */
  bool replay;                /* the file must be a save whose mission has not changed */
  struct murk_passes* passes; /* --passphrase-file: saves written are sealed; NULL: none */
};

/* Load the script and its mission, apply the commands in order up to the first that does
 * not parse or is rejected, print the transcript on stdout, the problem (if any) as
 * FILE:LINE:COL: error: ... on stderr, and write the save. Returns the exit code:
 * 0 every command applied, 1 a rejected command or unreadable/invalid input, 2 a run the
 * command line does not describe (no mission or no seed anywhere).
 *
 * A sealed save (seal.h): with `as` a side, its record is printed as it was sealed (that
 * side's passphrase needed); for the umpire, the game must be over and both passphrases
 * open the whole game, which then runs like an open save. */
int murk_transcript_run(const struct murk_run_opts* o);

#endif
