/* args.h: the one parser of command-line arguments (tmux's args_parse: each command states
 * its options in a template, no command walks argv itself).
 *
 * A template lists a command's long options, space-separated, without the dashes; a name
 * followed by ':' takes a value ("seed: script: as: time"). On the command line a value
 * follows as the next argument or after '=' (--seed 7, --seed=7). "--" ends the options;
 * a lone "-" is an argument. -h and --help anywhere print the command's help. */
#ifndef MURK_CLI_ARGS_H
#define MURK_CLI_ARGS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "murk/side.h"

/* Options a template may hold. */
#define MURK_ARGS_MAX_OPTIONS 16

struct murk_args_template {
  const char* options; /* "seed: script: as: time" */
  int lower, upper;    /* how many arguments besides the options; upper -1: any number */
};

struct murk_cmd_entry;

struct murk_args {
  const struct murk_cmd_entry* entry;
  int argc;    /* the arguments that are not options, in order */
  char** argv; /* (points into the program's argv; argv[argc] is NULL) */
  int noptions;
  char names[MURK_ARGS_MAX_OPTIONS][24]; /* the template's options, in its order */
  bool takes_value[MURK_ARGS_MAX_OPTIONS];
  const char* values[MURK_ARGS_MAX_OPTIONS]; /* given: its value ("" for a flag); else NULL */
};

/* Parse argv (argv[0] is the command's name) by the entry's template into *a. Returns -1
 * when the program is done: help was asked for (printed on stdout, *exit_code 0) or the
 * arguments are wrong (message and usage on stderr, *exit_code 2); else 0. */
int murk_args_parse(const struct murk_cmd_entry* e, int argc, char** argv, struct murk_args* a,
                    int* exit_code);

/* The value of option `name` ("" for a flag), or NULL if it was not given. */
const char* murk_args_get(const struct murk_args* a, const char* name);
bool murk_args_has(const struct murk_args* a, const char* name);

/* Option `name` as a whole number in [lo, hi]. Returns 1 (in *out), 0 if the option was
 * not given (*out untouched), or -1 after saying on stderr which option is wrong, with the
 * command's usage: then return MURK_EXIT_USAGE. */
int murk_args_number(const struct murk_args* a, const char* name, uint64_t lo, uint64_t hi,
                     uint64_t* out);

/* Option `name` as a side (attacker or defender): 1, 0 if not given, -1 as above. */
int murk_args_side(const struct murk_args* a, const char* name, enum murk_side* out);

/* "murk: MESSAGE" and the command's usage on stderr; returns MURK_EXIT_USAGE. */
int murk_args_error(const struct murk_args* a, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* The entry's help: its usage lines, what it does and its notes. */
void murk_args_print_help(const struct murk_cmd_entry* e, FILE* f);
void murk_args_print_usage(const struct murk_cmd_entry* e, FILE* f);

#endif
