/* test_load.h: a mission of the source tree loaded for a test, or the test fails with the
 * loader's first message: a bundled one by its id (data/missions/ID.yaml) or any other
 * file by its path from the source root (a name with a '/'). One helper for the tests that
 * each wrote these six lines. Include after cmocka.h. */
#ifndef MURK_TEST_LOAD_H
#define MURK_TEST_LOAD_H

#include <stdio.h>
#include <string.h>

#include "murk/diag.h"
#include "murk/error.h"
#include "murk/mission.h"

static inline struct murk_mission* load_bundled(const char* id) {
  char path[512];
  if (strchr(id, '/'))
    snprintf(path, sizeof path, "%s/%s", MURK_SOURCE_DIR, id);
  else
    snprintf(path, sizeof path, "%s/data/missions/%s.yaml", MURK_SOURCE_DIR, id);
  struct murk_diags d;
  murk_diags_init(&d, path);
  struct murk_mission* m = NULL;
  if (murk_mission_load(path, &m, &d) != MURK_OK) {
    char buf[400] = "";
    if (d.count > 0) murk_diags_format(&d, 0, buf, sizeof buf);
    fail_msg("%s does not load: %s", path, buf);
  }
  return m;
}

#endif
