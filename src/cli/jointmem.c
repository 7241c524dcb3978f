/* jointmem.c: what `murk join` keeps of a game whose dice were drawn jointly (jointmem.h). */
#include "jointmem.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fileio.h"
#include "games.h"
#include "murk/alloc.h"
#include "sodium.h"

bool cli_jointmem_path(enum murk_side side, const unsigned char commit[NET_JOINT_BYTES], char* out,
                       size_t n) {
  char dir[PATH_MAX - 64];
  if (murk_state_dir(dir, sizeof dir) != 0) return false;
  char sub[PATH_MAX - 32];
  snprintf(sub, sizeof sub, "%s/joint", dir);
  if (mkdir(sub, 0700) != 0 && errno != EEXIST) return false;
  char hex[2 * NET_JOINT_BYTES + 1];
  net_hex32(commit, hex);
  snprintf(out, n, "%s/%s-%.16s", sub, murk_side_name(side), hex);
  return true;
}

/* Append text to the memory file (made 0600 when new). */
static void append(struct cli_jointmem* j, const char* text, size_t len) {
  if (!j->path[0]) return;
  int fd = open(j->path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
  struct stat st;
  char err[PATH_MAX + 128];
  if (fd < 0 || fstat(fd, &st) != 0 ||
      murk_file_append_sync(fd, j->path, st.st_size, text, len, err, sizeof err) != 0) {
    snprintf(j->why, sizeof j->why, "cannot keep what this client saw in %.3000s: %.1000s", j->path,
             fd < 0 ? strerror(errno) : err);
    j->path[0] = '\0';
  }
  if (fd >= 0) close(fd);
}

int cli_jointmem_draw(struct cli_jointmem* j, enum murk_side side,
                      char hex_commit[2 * NET_JOINT_BYTES + 1]) {
  j->side = side;
  randombytes_buf(j->mine, sizeof j->mine);
  j->has_mine = true;
  net_joint_commit(j->mine, j->commit);
  net_hex32(j->commit, hex_commit);
  if (!cli_jointmem_path(side, j->commit, j->path, sizeof j->path)) {
    snprintf(j->why, sizeof j->why,
             "no state directory (HOME or XDG_STATE_HOME): this client cannot keep its part "
             "of the dice key, nor check the game's record");
    j->path[0] = '\0';
    return 0;
  }
  char hex[2 * NET_JOINT_BYTES + 1], text[256];
  net_hex32(j->mine, hex);
  int n = snprintf(text, sizeof text, "murk-joint: 1\nside: %s\ncontribution: %s\n",
                   murk_side_name(side), hex);
  char err[PATH_MAX + 128];
  if (murk_file_write_atomic_mode(j->path, text, (size_t)n, 0600, err, sizeof err) != 0) {
    snprintf(j->why, sizeof j->why, "%s", err);
    j->path[0] = '\0';
  }
  sodium_memzero(text, sizeof text);
  sodium_memzero(hex, sizeof hex);
  return 0;
}

int cli_jointmem_commits(struct cli_jointmem* j, enum murk_side side, const char* const hex[3],
                         char hex_part[2 * NET_JOINT_BYTES + 1]) {
  unsigned char commits[NET_PARTIES][NET_JOINT_BYTES];
  for (int p = 0; p < NET_PARTIES; p++)
    if (!net_unhex32(hex[p], strlen(hex[p]), commits[p])) {
      snprintf(j->why, sizeof j->why, "the host sent what this murk cannot read");
      return -1;
    }
  enum net_party me = net_party_of(side);
  j->side = side;
  bool mine = j->has_mine && sodium_memcmp(j->commit, commits[me], NET_JOINT_BYTES) == 0;
  if (!mine) { /* an earlier join's: its memory file */
    char path[PATH_MAX] = "", *text = NULL, err[PATH_MAX + 128];
    size_t len = 0;
    struct net_memory mem;
    if (cli_jointmem_path(side, commits[me], path, sizeof path) &&
        murk_file_read(path, &text, &len, err, sizeof err) == 0 &&
        net_memory_parse(text, len, &mem, err, sizeof err) == 0) {
      unsigned char c[NET_JOINT_BYTES];
      net_joint_commit(mem.mine, c);
      if (mem.side == side && sodium_memcmp(c, commits[me], NET_JOINT_BYTES) == 0) {
        memcpy(j->mine, mem.mine, NET_JOINT_BYTES);
        memcpy(j->commit, c, NET_JOINT_BYTES);
        memcpy(j->chain, mem.head, NET_JOINT_BYTES);
        j->views = (long)mem.nviews;
        j->own = 0;
        for (size_t i = 0; i < mem.nown; i++) j->own += mem.own[i].line ? 1 : -1;
        j->ask = mem.has_ask ? (mem.ask ? 1 : 2) : 0;
        j->ask_earlier = mem.has_ask;
        snprintf(j->ask_line, sizeof j->ask_line, "%s", mem.ask ? mem.ask : "");
        j->has_mine = mine = true;
        snprintf(j->path, sizeof j->path, "%s", path);
        /* Seen before: the commitments are in the file already when it holds them. */
        if (mem.has_commits && memcmp(mem.commits, commits, sizeof commits) != 0) mine = false;
        bool had = mem.has_commits;
        net_memory_free(&mem);
        murk_free(text);
        if (!mine) {
          snprintf(j->why, sizeof j->why,
                   "the host showed other commitments to the dice key than at your last join: "
                   "murk will not go on with it");
          return -1;
        }
        net_hex32(j->mine, hex_part);
        if (had) return 0;
        goto keep;
      }
      net_memory_free(&mem);
    }
    murk_free(text);
    snprintf(j->why, sizeof j->why,
             "the host's commitment for the %s is not one this client made, nor one kept in "
             "its state directory (%s): this client cannot reveal that part of the dice key, "
             "nor check the game's record",
             murk_side_name(side), path[0] ? path : "none");
    return j->has_mine ? -1 : 1; /* this process drew one: the host shows another */
  }
  net_hex32(j->mine, hex_part);
keep:;
  char text[3 * (2 * NET_JOINT_BYTES + 1) + 16];
  int n = snprintf(text, sizeof text, "commits: %s %s %s\n", hex[0], hex[1], hex[2]);
  append(j, text, (size_t)n);
  net_joint_chain_start(j->chain);
  j->views = 0;
  return 0;
}

static void keep_step(struct cli_jointmem* j, bool taken) {
  char text[1120];
  int len;
  if (!taken)
    len = snprintf(text, sizeof text, "not taken:\n");
  else if (j->ask == 1)
    len = snprintf(text, sizeof text, "command: %s\n", j->ask_line);
  else
    len = snprintf(text, sizeof text, "undo:\n");
  if (taken) j->own += j->ask == 1 ? 1 : -1;
  j->ask = 0;
  j->ask_earlier = false;
  append(j, text, (size_t)len);
}

void cli_jointmem_view(struct cli_jointmem* j, const char* bytes, size_t len, size_t own_commands) {
  if (!j->has_mine) return;
  unsigned char h[NET_JOINT_BYTES];
  net_joint_view_hash(bytes, len, h);
  net_joint_chain_link(j->chain, h);
  j->views++;
  char hh[2 * NET_JOINT_BYTES + 1], hc[2 * NET_JOINT_BYTES + 1], text[160];
  net_hex32(h, hh);
  net_hex32(j->chain, hc);
  int n = snprintf(text, sizeof text, "view: %s %s\n", hh, hc);
  append(j, text, (size_t)n);
  long want = j->own + (j->ask == 1 ? 1 : -1);
  if (j->ask && (long)own_commands == want)
    keep_step(j, true);
  else if (j->ask && j->ask_earlier) /* the first view of a join again: it was not taken */
    keep_step(j, false);
}

void cli_jointmem_ask(struct cli_jointmem* j, const char* line) {
  if (!j->has_mine) return;
  size_t n = line ? strcspn(line, "\r\n") : 0;
  if (n > 1100) n = 1100;
  snprintf(j->ask_line, sizeof j->ask_line, "%.*s", (int)n, line ? line : "");
  j->ask = line ? 1 : 2;
  j->ask_earlier = false;
  char text[1120];
  int len = line ? snprintf(text, sizeof text, "asked: %s\n", j->ask_line)
                 : snprintf(text, sizeof text, "asked undo:\n");
  append(j, text, (size_t)len);
}

void cli_jointmem_answer(struct cli_jointmem* j, bool taken) {
  if (j->has_mine && j->ask) keep_step(j, taken); /* taken: its view came first, as a rule */
}

void cli_jointmem_record_line(struct cli_jointmem* j, const char* line) {
  net_buf_add(&j->record, line, strlen(line));
  net_buf_eol(&j->record);
  j->record_lines++;
}

int cli_jointmem_record_end(struct cli_jointmem* j, long n) {
  if (n != j->record_lines || j->record.failed) {
    snprintf(j->why, sizeof j->why, "the host's record came incomplete");
    return -1;
  }
  if (!j->has_mine || !j->path[0]) return 0; /* nowhere to keep it: said already */
  char path[PATH_MAX], err[PATH_MAX + 128];
  if (snprintf(path, sizeof path, "%s.record", j->path) >= (int)sizeof path) return -1;
  if (murk_file_write_atomic_mode(path, j->record.p ? j->record.p : "", j->record.len, 0600, err,
                                  sizeof err) != 0) {
    snprintf(j->why, sizeof j->why, "cannot keep the game's record: %s", err);
    return -1;
  }
  memcpy(j->record_path, path, sizeof path);
  return 0;
}

void cli_jointmem_free(struct cli_jointmem* j) {
  net_buf_free(&j->record);
  sodium_memzero(j->mine, sizeof j->mine);
}
