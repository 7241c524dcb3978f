/* fuzz_sealed.c: libFuzzer target for the sealed save reader (seal.h).
 *
 * Every input is read as a sealed save: its header (murk_seal_read_header), then each of
 * its three parts opened (murk_seal_open) with fixed keys: the attacker's 32 bytes of
 * 0x11, the defender's of 0x22, and the game key made from both, the keys the committed
 * seeds (tests/fuzz/corpus/sealed) were written with. Properties:
 *   - the results are MURK_OK, MURK_EINVAL, MURK_EAUTH or MURK_ENOMEM, never a crash or
 *     a leak; a refusal hands out nothing (*out stays NULL) and says why in err;
 *   - a part opens only if the header reads, and what opens is NUL-terminated at its
 *     length;
 *   - when all three parts open, writing them again under the same header and keys with
 *     other random bytes gives a save that reads and opens to the same three texts.
 * No Argon2id here (keys are given): the fuzzer spends its time in the reader. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/seal.h"

int LLVMFuzzerInitialize(int* argc, char*** argv);
int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

#define CHECK(cond, ...)                           \
  do {                                             \
    if (!(cond)) {                                 \
      fprintf(stderr, "fuzz_sealed: %s: ", #cond); \
      fprintf(stderr, __VA_ARGS__);                \
      fputc('\n', stderr);                         \
      abort();                                     \
    }                                              \
  } while (0)

static unsigned char keys[3][MURK_SEAL_KEY_BYTES];

int LLVMFuzzerInitialize(int* argc, char*** argv) {
  (void)argc;
  (void)argv;
  memset(keys[0], 0x11, sizeof keys[0]);
  memset(keys[1], 0x22, sizeof keys[1]);
  murk_seal_game_key(keys[0], keys[1], keys[2]);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  char* buf = malloc(size ? size : 1);
  if (!buf) return 0;
  if (size) memcpy(buf, data, size);

  struct murk_seal_header h;
  char err[256] = "";
  int hrc = murk_seal_read_header(buf, size, &h, err, sizeof err);
  CHECK(hrc == MURK_OK || hrc == MURK_EINVAL, "header result %d", hrc);
  if (hrc != MURK_OK) CHECK(err[0], "a refused header says nothing");

  char* part[3] = {NULL, NULL, NULL};
  size_t len[3] = {0, 0, 0};
  int opened = 0;
  for (int p = 0; p < 3; p++) {
    char* out = (char*)buf; /* must be reset */
    size_t n = 12345;
    err[0] = '\0';
    int rc = murk_seal_open(buf, size, (enum murk_seal_part)p, keys[p], &out, &n, err, sizeof err);
    CHECK(rc == MURK_OK || rc == MURK_EINVAL || rc == MURK_EAUTH || rc == MURK_ENOMEM,
          "part %d result %d", p, rc);
    if (rc != MURK_OK) {
      CHECK(out == NULL, "a refused part %d hands out %p", p, (void*)out);
      if (rc != MURK_ENOMEM) CHECK(err[0], "a refused part %d says nothing", p);
      continue;
    }
    CHECK(hrc == MURK_OK, "part %d opens but the header does not read", p);
    CHECK(out && out[n] == '\0', "part %d is not terminated at its length %zu", p, n);
    part[p] = out;
    len[p] = n;
    opened++;
  }

  if (opened == 3) {
    unsigned char fresh[MURK_SEAL_FRESH_BYTES];
    memset(fresh, 0x5a, sizeof fresh);
    const char* const rec[2] = {part[0], part[1]};
    char* again = NULL;
    size_t alen = 0;
    int rc = murk_seal_write(&h, keys[0], keys[1], rec, len, part[2], len[2], fresh, &again, &alen);
    CHECK(rc == MURK_OK || rc == MURK_ENOMEM, "a save that opens does not write again (%d)", rc);
    for (int p = 0; rc == MURK_OK && p < 3; p++) {
      char* out = NULL;
      size_t n = 0;
      int orc =
          murk_seal_open(again, alen, (enum murk_seal_part)p, keys[p], &out, &n, err, sizeof err);
      if (orc == MURK_ENOMEM) continue;
      CHECK(orc == MURK_OK, "part %d of a rewritten save does not open (%d): %s", p, orc, err);
      CHECK(n == len[p] && memcmp(out, part[p], n) == 0, "part %d changed on rewriting", p);
      murk_seal_free_secret(out, n);
    }
    murk_free(again);
  }
  for (int p = 0; p < 3; p++) murk_seal_free_secret(part[p], len[p]);
  free(buf);
  return 0;
}
