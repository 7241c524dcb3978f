/* fuzz_host.c: libFuzzer target for the host's message reader (src/net/host.c).
 *
 * The input is what clients send a host holding a game of Luneville (seed 1, an open game,
 * so a join needs no passphrase; a second variant asks passphrases, checked against "pw"; a
 * third draws the dice key with its clients first, docs/protocol.md "The dice, drawn
 * jointly", and makes the game once they revealed their parts).
 * Its first byte picks the variant and how the bytes are cut into reads; the rest goes to
 * two connections in turn (a 0xff byte switches, 0xfe closes the current one and opens a
 * new). Properties checked on every input:
 *   - net_host_input never crashes or leaks, and a dropped connection (-1) is closed and a
 *     new one works;
 *   - everything the host sends is lines of at most NET_LINE_MAX bytes, made of the
 *     protocol's messages only, and every view in it reads back (net_view_reader) as a view
 *     of the side that connection joined as, never the other's;
 *   - the game is only changed through its own commands: the views stay buildable. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "murk/diag.h"
#include "murk/error.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "viewio.h"

#ifndef MURK_FUZZ_DATA_DIR
#define MURK_FUZZ_DATA_DIR "data/missions"
#endif

static struct murk_mission* mission;

static int load(void) {
  if (mission) return 0;
  const char* dir = getenv("MURK_FUZZ_DATA_DIR");
  char path[1024];
  snprintf(path, sizeof path, "%s/luneville.yaml", dir && *dir ? dir : MURK_FUZZ_DATA_DIR);
  struct murk_diags d;
  murk_diags_init(&d, path);
  if (murk_mission_load(path, &mission, &d) != MURK_OK) {
    fprintf(stderr, "fuzz_host: cannot load %s\n", path);
    abort();
  }
  return 0;
}

struct fz {
  bool sealed;
  struct murk_game* g; /* the jointly drawn variant's, once drawn */
  struct net_host* h;
  bool ready;
  bool set[2];
};

static enum net_pass_mode pass_mode(void* ctx, enum murk_side side) {
  struct fz* f = ctx;
  if (!f->sealed) return NET_PASS_NONE;
  return f->set[side] ? NET_PASS_CHECK : NET_PASS_SET;
}
static bool check_pass(void* ctx, enum murk_side side, const char* pass, size_t len) {
  (void)ctx;
  (void)side;
  return len == 2 && memcmp(pass, "pw", 2) == 0;
}
static int set_pass(void* ctx, enum murk_side side, const char* pass, size_t len, char* err,
                    size_t n) {
  struct fz* f = ctx;
  if (len != 2 || memcmp(pass, "pw", 2) != 0) {
    snprintf(err, n, "only pw");
    return -1;
  }
  f->set[side] = true;
  return 0;
}
static bool ready(void* ctx) {
  struct fz* f = ctx;
  return !f->sealed || (f->set[0] && f->set[1]);
}
static int drawn(void* ctx, const unsigned char key[MURK_DICE_KEY_BYTES],
                 const unsigned char parts[MURK_DICE_PARTS_BYTES], char* err, size_t n) {
  struct fz* f = ctx;
  (void)err;
  (void)n;
  if (murk_game_new_keyed(mission, key, &f->g) != MURK_OK) abort();
  murk_game_set_dice_parts(f->g, parts);
  net_host_set_game(f->h, f->g);
  return 0;
}
static void changed(void* ctx) {
  (void)ctx;
}

/* Check and drain what waits for connection c: whole lines, known words, views that read. */
static void drain(struct net_host* h, int c, struct net_view_reader* r, enum murk_side side,
                  char* carry, size_t* ncarry) {
  size_t len;
  const char* out = net_host_output(h, c, &len);
  for (size_t i = 0; i < len; i++) {
    if (out[i] != '\n') {
      if (*ncarry >= NET_LINE_MAX) abort(); /* a line over the bound */
      carry[(*ncarry)++] = out[i];
      continue;
    }
    carry[*ncarry] = '\0';
    *ncarry = 0;
    static const char* const words[] = {
        "hello ", "passok", "passbad ", "wait ",   "ok",        "no ",      "undone ", "noundo ",
        "bye ",   "draw",   "joint ",   "record ", "recorded ", "badcode ", "left ",   "back "};
    bool known = false;
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
      if (strncmp(carry, words[k], strlen(words[k])) == 0) known = true;
    if (known && strncmp(carry, "view ", 5) != 0) continue;
    int rc = net_view_reader_line(r, carry);
    if (rc < 0) {
      fprintf(stderr, "fuzz_host: the host sent a line that is no message: %.80s (%s)\n", carry,
              net_view_reader_error(r));
      abort();
    }
    if (rc == 1) {
      struct net_view* nv = net_view_reader_take(r, NULL);
      if (!nv || net_view_view(nv)->side != side) abort(); /* another side's view */
      net_view_free(nv);
    }
  }
  net_host_sent(h, c, len);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  load();
  if (size < 1) return 0;
  struct fz f = {.sealed = data[0] & 1};
  bool joint = (data[0] & 0x30) == 0x30; /* one input in four */
  size_t cut = 1 + (data[0] >> 1);       /* bytes a read */
  struct murk_game* g = NULL;
  static const unsigned char host_part[32] = {1, 2, 3};
  if (!joint && murk_game_new(mission, 1, &g) != MURK_OK) abort();
  struct net_host_opts o = {.g = g,
                            .joint = joint ? host_part : NULL,
                            .drawn = drawn,
                            .ctx = &f,
                            .pass_mode = pass_mode,
                            .check_pass = check_pass,
                            .set_pass = set_pass,
                            .ready = ready,
                            .changed = changed};
  struct net_host* h = NULL;
  if (net_host_new(&o, &h) != MURK_OK) abort();
  f.h = h;
  int slot[2] = {net_host_open(h), net_host_open(h)};
  struct net_view_reader* r[2] = {net_view_reader_new(), net_view_reader_new()};
  static char carry[2][NET_LINE_MAX + 1];
  size_t ncarry[2] = {0, 0};
  int cur = 0;
  size_t i = 1;
  while (i < size) {
    if (data[i] == 0xff) {
      cur ^= 1;
      i++;
      continue;
    }
    if (data[i] == 0xfe) {
      net_host_close(h, slot[cur]);
      slot[cur] = net_host_open(h);
      net_view_reader_free(r[cur]);
      r[cur] = net_view_reader_new();
      ncarry[cur] = 0;
      i++;
      continue;
    }
    size_t n = 0;
    while (i + n < size && n < cut && data[i + n] != 0xff && data[i + n] != 0xfe) n++;
    int rc = net_host_input(h, slot[cur], (const char*)data + i, n);
    i += n;
    for (int k = 0; k < 2; k++)
      drain(h, slot[k], r[k], net_host_side(h, slot[k]), carry[k], &ncarry[k]);
    if (rc < 0 || net_host_closing(h, slot[cur])) {
      net_host_close(h, slot[cur]);
      slot[cur] = net_host_open(h);
      net_view_reader_free(r[cur]);
      r[cur] = net_view_reader_new();
      ncarry[cur] = 0;
    }
  }
  net_view_reader_free(r[0]);
  net_view_reader_free(r[1]);
  net_host_free(h);
  murk_game_free(g);
  murk_game_free(f.g);
  return 0;
}
