/* fuzz_command.c: libFuzzer target for the command parser (command.h).
 *
 * Properties checked on every input (one line, cut at the first NUL):
 *   - murk_command_parse returns 1, 0 or MURK_EINVAL, never crashes or reads past the line;
 *   - an error has a message and a column inside the line or just past its end;
 *   - a parsed command formats (MURK_OK) and the text parses back to the same command, and
 *     formatting that gives the same text again (saves store the formatted text, so a
 *     command that did not survive this would change a replay);
 *   - a buffer too small for the text gives MURK_ENOSPACE and a NUL-terminated prefix.
 * Any violation aborts, which libFuzzer reports as a crash with the input. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_support.h"
#include "murk/command.h"
#include "murk/error.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

#define CHECK(cond, ...)                            \
  do {                                              \
    if (!(cond)) {                                  \
      fprintf(stderr, "fuzz_command: %s: ", #cond); \
      fprintf(stderr, __VA_ARGS__);                 \
      fputc('\n', stderr);                          \
      abort();                                      \
    }                                               \
  } while (0)

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  /* An exact-size copy, so ASan sees any read past the terminating NUL. */
  char* line = malloc(size + 1);
  if (!line) return 0;
  memcpy(line, data, size);
  line[size] = '\0';
  size_t len = strlen(line);

  struct murk_command c;
  char err[256];
  int errcol = -1;
  int rc = murk_command_parse(line, &c, err, sizeof err, &errcol);
  CHECK(rc == 1 || rc == 0 || rc == MURK_EINVAL, "result %d for '%s'", rc, line);
  if (rc == MURK_EINVAL) {
    CHECK(err[0] != '\0', "an error without a message for '%s'", line);
    CHECK(errcol >= 1 && (size_t)errcol <= len + 1, "column %d outside '%s' (length %zu): %s",
          errcol, line, len, err);
  }
  if (rc == 1) {
    CHECK((unsigned)c.kind < MURK_CMD_COUNT, "kind %d", (int)c.kind);
    CHECK(c.nvia >= 0 && c.nvia <= MURK_CMD_MAX_WAYPOINTS, "nvia %d", c.nvia);

    char text[512];
    int frc = murk_command_format(&c, text, sizeof text);
    CHECK(frc == MURK_OK, "'%s' parses but does not format (%d)", line, frc);

    struct murk_command back;
    errcol = -1;
    int brc = murk_command_parse(text, &back, err, sizeof err, &errcol);
    CHECK(brc == 1, "'%s' formats as '%s', which does not parse (%d, col %d: %s)", line, text, brc,
          errcol, err);
    CHECK(same_command(&c, &back), "'%s' formats as '%s', which parses to another command", line,
          text);

    char again[512];
    CHECK(murk_command_format(&back, again, sizeof again) == MURK_OK, "second format of '%s'",
          text);
    CHECK(strcmp(text, again) == 0, "'%s' formats as '%s' then as '%s'", line, text, again);

    /* Every shorter buffer truncates cleanly. */
    size_t tlen = strlen(text);
    for (size_t n = 1; n <= tlen; n++) {
      char small[512];
      memset(small, 'x', sizeof small);
      int src = murk_command_format(&c, small, n);
      CHECK(src == MURK_ENOSPACE, "format of '%s' into %zu bytes: %d", text, n, src);
      CHECK(small[n - 1] == '\0' && strncmp(small, text, n - 1) == 0 && small[n] == 'x',
            "format of '%s' into %zu bytes: not a clean prefix", text, n);
    }
  }
  free(line);
  return 0;
}
