/* fuzz_mission.c: libFuzzer target for the mission loader (mission.h).
 *
 * Properties checked on every input (any bytes, loaded as "fuzz.yaml"):
 *   - murk_mission_load_buffer returns MURK_OK, MURK_EINVAL or MURK_ENOMEM and never
 *     crashes, hangs or leaks (LeakSanitizer runs at exit and between inputs);
 *   - a refused file has at least one diagnostic and no mission; an accepted one has none;
 *   - every diagnostic formats as FILE:LINE:COL: error: ... with a line inside the file;
 *   - an accepted mission is consistent: its map indices name legend entries, entries and
 *     objectives are on the table, and the game can be created from it or refuses it with
 *     MURK_EINVAL (never a crash), and both sides' views of the new game build.
 * Any violation aborts, which libFuzzer reports as a crash with the input. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "murk/diag.h"
#include "murk/error.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "murk/view.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

#define CHECK(cond, ...)                            \
  do {                                              \
    if (!(cond)) {                                  \
      fprintf(stderr, "fuzz_mission: %s: ", #cond); \
      fprintf(stderr, __VA_ARGS__);                 \
      fputc('\n', stderr);                          \
      abort();                                      \
    }                                               \
  } while (0)

static void check_mission(const struct murk_mission* m) {
  int w = m->grid.width, h = m->grid.height;
  CHECK(w >= 1 && h >= 1 && w <= MURK_MISSION_MAX_CELLS && h <= MURK_MISSION_MAX_CELLS,
        "table %dx%d", w, h);
  CHECK(m->nterrain >= 1 && m->nterrain <= MURK_MISSION_MAX_TERRAIN, "nterrain %d", m->nterrain);
  CHECK(m->map != NULL, "no map");
  for (long i = 0; i < (long)w * h; i++)
    CHECK(m->map[i] < m->nterrain, "map cell %ld is terrain %d of %d", i, m->map[i], m->nterrain);
  CHECK(m->nentries >= 0 && m->nentries <= MURK_MISSION_MAX_ENTRIES, "nentries %d", m->nentries);
  for (int i = 0; i < m->nentries; i++)
    CHECK(murk_mission_terrain_at(m, m->entries[i].at) != NULL, "entry %d off the table", i);
  CHECK(m->nobjectives >= 0 && m->nobjectives <= MURK_MISSION_MAX_OBJECTIVES, "nobjectives %d",
        m->nobjectives);
  for (int i = 0; i < m->nobjectives; i++)
    CHECK(murk_mission_terrain_at(m, m->objectives[i].at) != NULL, "objective %d off the table", i);
  for (int s = 0; s < MURK_SIDES; s++) {
    const struct murk_force* f = &m->sides[s].force;
    CHECK(m->sides[s].briefing != NULL, "side %d has a NULL briefing", s);
    CHECK(f->nplatoons >= 0 && f->nplatoons <= MURK_MISSION_MAX_PLATOONS, "nplatoons %d",
          f->nplatoons);
    CHECK(f->nprofiles >= 0 && f->nprofiles <= MURK_MISSION_MAX_PROFILES, "nprofiles %d",
          f->nprofiles);
    for (int p = 0; p < f->nplatoons; p++) {
      const struct murk_platoon* pl = &f->platoons[p];
      CHECK(pl->ngroups >= 0 && pl->ngroups <= MURK_MISSION_MAX_GROUPS, "ngroups %d", pl->ngroups);
      for (int g = 0; g < pl->ngroups; g++)
        CHECK(pl->groups[g].profile >= 0 && pl->groups[g].profile < f->nprofiles,
              "platoon %d group %d has profile %d of %d", p, g, pl->groups[g].profile,
              f->nprofiles);
    }
  }
  char summary[256];
  CHECK(murk_mission_summary(m, summary, sizeof summary) >= 0, "summary");

  struct murk_game* g = NULL;
  int rc = murk_game_new(m, 1, &g);
  CHECK(rc == MURK_OK || rc == MURK_EINVAL || rc == MURK_ENOMEM, "murk_game_new gave %d", rc);
  CHECK((rc == MURK_OK) == (g != NULL), "murk_game_new gave %d and game %p", rc, (void*)g);
  if (g) {
    for (int s = 0; s < MURK_SIDES; s++) {
      struct murk_view* v = NULL;
      int vrc = murk_view_build(g, (enum murk_side)s, &v);
      CHECK(vrc == MURK_OK || vrc == MURK_ENOMEM, "murk_view_build gave %d", vrc);
      murk_view_free(v);
    }
    murk_game_free(g);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  /* An exact-size copy without a terminating NUL: the loader is given a length, so
   * ASan reports any read past it. */
  char* buf = malloc(size ? size : 1);
  if (!buf) return 0;
  if (size) memcpy(buf, data, size);

  static struct murk_diags d;                         /* large; kept off the stack */
  struct murk_mission* m = (struct murk_mission*)buf; /* must be reset */
  int rc = murk_mission_load_buffer("fuzz.yaml", buf, size, &m, &d);
  CHECK(rc == MURK_OK || rc == MURK_EINVAL || rc == MURK_ENOMEM, "result %d", rc);
  if (rc == MURK_OK) {
    CHECK(m != NULL, "MURK_OK without a mission");
    CHECK(d.count == 0, "MURK_OK with %d diagnostics", d.count);
  } else {
    CHECK(m == NULL, "result %d with a mission", rc);
    CHECK(d.count >= 1, "result %d without a diagnostic", rc);
  }
  /* The number of lines, for checking where diagnostics point. Line breaks are YAML's (LF,
   * CR, CRLF, NEL, LS, PS), as the loader counts them. */
  long lines = 1;
  const unsigned char* u = (const unsigned char*)buf;
  for (size_t i = 0; i < size; i++) {
    if (u[i] == '\n' || (u[i] == '\r' && (i + 1 == size || u[i + 1] != '\n')))
      lines++;
    else if (i + 1 < size && u[i] == 0xC2 && u[i + 1] == 0x85)
      lines++;
    else if (i + 2 < size && u[i] == 0xE2 && u[i + 1] == 0x80 && (u[i + 2] & 0xFE) == 0xA8)
      lines++;
  }
  for (int i = 0; i < d.count; i++) {
    char msg[512];
    CHECK(murk_diags_format(&d, i, msg, sizeof msg) > 0, "diagnostic %d is empty", i);
    CHECK(strncmp(msg, "fuzz.yaml:", 10) == 0, "diagnostic '%s' does not name the file", msg);
    CHECK(d.items[i].msg[0] != '\0', "diagnostic %d has no message", i);
    CHECK(d.items[i].line >= 0 && d.items[i].line <= lines + 1,
          "diagnostic '%s' points at line %d of %ld", msg, d.items[i].line, lines);
    CHECK(d.items[i].line == 0 || d.items[i].col >= 1, "diagnostic '%s' has column %d", msg,
          d.items[i].col);
  }
  if (m) check_mission(m);
  murk_mission_free(m);
  free(buf);
  return 0;
}
