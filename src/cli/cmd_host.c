/* cmd_host.c: `murk host` - hold a game for two players at other terminals (docs/playing.md,
 * "Playing over SSH"; the protocol: docs/protocol.md).
 *
 *   murk host [MISSION] [--seed N] [--dir DIR] [--passphrase-file SIDE:FILE]...
 *   murk host --load SAVE [--dir DIR] [--passphrase-file SIDE:FILE]...
 *
 * The host is the only process that has the game. It listens on DIR/murk.sock, a Unix socket
 * in a directory only the two players may enter (made 0700 when missing; a directory others
 * may enter is refused), one thread over poll(2): the listening socket and every client.
 * Each change of the game is saved at once (the sealed save of a sealed game), so killing
 * the host loses nothing: `murk host --load SAVE` goes on.
 *
 * Seats belong to their players: the host draws one join code a side (libsodium) and shows
 * them on its standard output only, for the one who started it to hand each to its player;
 * a seat is claimed with its code, then its passphrase (host.h). */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "autosave.h"
#include "cli.h"
#include "fileio.h"
#include "games.h"
#include "host.h"
#include "missions.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "murk/save.h"
#include "murk/seal.h"
#include "savelock.h"
#include "sealio.h"
#include "sodium.h"

#define HOST_DEFAULT_MISSION "luneville"
#define SOCKET_NAME "murk.sock"

struct hoster {
  struct murk_game* g; /* NULL while a resumed sealed save waits for both passphrases */
  struct murk_mission* m;
  struct net_host* net;
  struct murk_sealer sealer;
  bool sealed;                    /* a sealed game (secret dice): joins prove their side */
  struct murk_passes passes;      /* a new sealed game's passphrases until both are known */
  struct murk_seal_header limits; /* a new sealed game's key derivation cost, until sealed */
  /* A sealed save resumed without both passphrases: its text (nothing in it opens without
   * the keys) until each player has given theirs at a join, and which keys the host has. */
  char* resume;
  size_t resume_len;
  bool have_key[2];
  char save_path[PATH_MAX];
  struct murk_autosave* autosave; /* a journal: one record a change (docs/reliability.md) */
  struct cli_savelock* lock;      /* one writer per save (savelock.h) */
  /* Why the host stopped taking commands (a save failed; every client is told), or "". */
  char stop_why[200];
  char codes[2][NET_CODE_LEN + 2]; /* each side's join code, as shown: xxxxx-xxxxx */
  /* Which sides have joined with their passphrase (set or given), and whether the log has
   * said both have: a passphrase from --passphrase-file is not a join. */
  bool joined[2];
  bool both_said;
  bool loaded;  /* --load: a game that goes on */
  long code_ms; /* time to give a join code (--join-timeout) */
  /* A new sealed game's dice are drawn jointly with both players (joint.h): the host's own
   * part until then; the game is made once the three parts are in (drawn). */
  bool joint;
  unsigned char host_part[NET_JOINT_BYTES];
};

/* The signal that stops the host (the exit code is 128 + it), or -1: it cannot go on. */
static volatile sig_atomic_t host_stop;
static void on_stop(int sig) {
  host_stop = sig;
}

/* A side took its seat with its passphrase: the log says so once both have, not before. */
static void side_joined(struct hoster* H, enum murk_side side) {
  H->joined[side] = true;
  if (H->both_said || !H->joined[murk_side_other(side)]) return;
  H->both_said = true;
  if (H->g)
    murk_cli_diag("murk host: both players have joined: the game %s (saved to %s)",
                  H->loaded ? "goes on" : "is on", H->save_path);
  else /* a new sealed game: its dice are drawn with the players first (joint.h) */
    murk_cli_diag(
        "murk host: both players have joined: the game is on once its dice are drawn "
        "(saved to %s)",
        H->save_path);
}

/* ---- the game's save: a journal, one record a change (autosave.h) ---- */

/* A change is acknowledged only once it is on disk (written and synced). When it cannot be
 * written (a full disk, EFBIG past a file-size limit, EIO), the host stops: the save keeps
 * every change acknowledged before, the players are told why, and nothing more is taken
 * (docs/reliability.md, "When a save cannot be written"). */
static void changed(void* ctx) {
  struct hoster* H = ctx;
  if (!H->g || (!H->sealer.on && H->sealed)) return; /* not started: nothing to keep yet */
  if (H->stop_why[0]) return;
  char err[512];
  if (!H->autosave) H->autosave = murk_autosave_new(H->save_path, &H->sealer, 0600);
  if (!H->autosave)
    snprintf(err, sizeof err, "out of memory");
  else if (murk_autosave_update(H->autosave, H->g, err, sizeof err) == 0)
    return;
  murk_cli_error("cannot save the game: %s", err);
  if (H->net) /* serving: the players are told, and the host stops */
    murk_cli_error(
        "the host takes no more commands; the save holds every command acknowledged: go on "
        "with murk host --load %s once it can be written",
        H->save_path);
  static const char* const known[][2] = {
      {"no space left", "no space left on the device"},
      {"file-size limit", "the file would pass a file-size limit"},
      {"input/output error", "an input/output error"},
      {"read-only", "a read-only file system"}};
  const char* what = "its file cannot be written";
  for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
    if (strstr(err, known[i][0])) what = known[i][1];
  snprintf(H->stop_why, sizeof H->stop_why,
           "the host cannot save the game (%s): it takes no more commands; the save keeps "
           "every command acknowledged",
           what);
}

static const char* stopped(void* ctx) {
  struct hoster* H = ctx;
  return H->stop_why[0] ? H->stop_why : NULL;
}

/* ---- passphrases (host.h) ---- */

static enum net_pass_mode pass_mode(void* ctx, enum murk_side side) {
  struct hoster* H = ctx;
  if (!H->sealed) return NET_PASS_NONE;
  if (H->sealer.on || H->resume || H->passes.have[side]) return NET_PASS_CHECK;
  return NET_PASS_SET;
}

/* Seats at the host: two people at `murk join` (a computer seat of the save is not kept). */
static void remote_seats(struct hoster* H) {
  for (int side = 0; side < 2; side++) {
    if (murk_game_seat(H->g, (enum murk_side)side) == MURK_SEAT_COMPUTER)
      murk_cli_diag(
          "murk host: the computer played the %s in this game; here a player joins for it",
          murk_side_name((enum murk_side)side));
    murk_game_set_seat(H->g, (enum murk_side)side, MURK_SEAT_REMOTE);
  }
}

/* A resumed sealed save: the side's key from the passphrase its player gave, checked
 * against the side's own record. The game part opens under the game key, made from both
 * side keys (seal.h), so the game goes on once both players have joined. */
static bool resume_pass(struct hoster* H, enum murk_side side, const char* pass, size_t len) {
  if (H->have_key[side]) { /* the side joined before: the same passphrase again */
    unsigned char k[MURK_SEAL_KEY_BYTES];
    bool ok = murk_seal_derive(pass, len, &H->sealer.h, side, k) == MURK_OK &&
              sodium_memcmp(k, H->sealer.key[side], sizeof k) == 0;
    sodium_memzero(k, sizeof k);
    return ok;
  }
  char err[256] = "";
  int rc =
      murk_sealer_side_key(&H->sealer, H->resume, H->resume_len, side, pass, len, err, sizeof err);
  if (rc != MURK_OK) {
    if (rc != MURK_EAUTH) murk_cli_error("%s: %s", H->save_path, err);
    return false;
  }
  H->have_key[side] = true;
  if (!H->have_key[murk_side_other(side)]) return true;
  struct murk_mission* m = NULL;
  rc = murk_game_from_sealed(H->save_path, H->resume, H->resume_len, &H->sealer, &m, &H->g);
  if (rc != MURK_OK) {
    /* Checked at load (the mission unchanged), so out of memory: nothing to go on with. */
    murk_game_free(H->g);
    H->g = NULL;
    murk_mission_free(m);
    murk_cli_error("cannot go on with %s: %s", H->save_path, murk_strerror(rc));
    host_stop = -1;
    return true;
  }
  murk_mission_free(H->m);
  H->m = m;
  murk_free(H->resume);
  H->resume = NULL;
  remote_seats(H);
  if (H->net) net_host_set_game(H->net, H->g);
  side_joined(H, murk_side_other(side));
  side_joined(H, side);
  return true;
}

static bool pass_right(struct hoster* H, enum murk_side side, const char* pass, size_t len) {
  if (H->sealer.on) return murk_sealer_check(&H->sealer, side, pass, len);
  if (H->resume) return resume_pass(H, side, pass, len);
  /* Set by the side's first join, not yet sealed (the other side has not joined): the same
   * bytes, compared in constant time. */
  return H->passes.have[side] && H->passes.len[side] == len &&
         sodium_memcmp(H->passes.pass[side], pass, len) == 0;
}

static bool check_pass(void* ctx, enum murk_side side, const char* pass, size_t len) {
  struct hoster* H = ctx;
  bool ok = pass_right(H, side, pass, len);
  if (ok) side_joined(H, side);
  return ok;
}

static int set_pass(void* ctx, enum murk_side side, const char* pass, size_t len, char* err,
                    size_t n) {
  struct hoster* H = ctx;
  if (len == 0 || len >= sizeof H->passes.pass[side]) {
    snprintf(err, n, "a passphrase of 1 to %zu bytes, please", sizeof H->passes.pass[side] - 1);
    return -1;
  }
  char why[320];
  if (murk_pass_weak(pass, len, why, sizeof why)) {
    snprintf(err, n, "the passphrase: %s", why);
    return -1;
  }
  memcpy(H->passes.pass[side], pass, len);
  H->passes.len[side] = len;
  H->passes.have[side] = true;
  if (H->passes.have[0] && H->passes.have[1]) {
    /* Both known: seal the game (Argon2id, a moment) and forget the passphrases. */
    int rc = murk_sealer_start(&H->sealer, &H->passes);
    murk_passes_wipe(&H->passes);
    if (rc != 0) {
      snprintf(err, n, "the host cannot seal the game");
      return -1;
    }
    changed(H);
  }
  if (!H->stop_why[0]) side_joined(H, side);
  return 0;
}

/* The cost of the passphrase keys, for each client's hello: the sealed save's, or the one a
 * new game will be sealed at. */
static bool cost(void* ctx, unsigned long long* ops, size_t* mem) {
  struct hoster* H = ctx;
  if (!H->sealed) return false;
  const struct murk_seal_header* h = H->sealer.on || H->resume ? &H->sealer.h : &H->limits;
  *ops = h->ops;
  *mem = h->mem;
  return true;
}

/* The three parts of the dice key are in (host.h): the game is made with it, and kept. */
static int drawn(void* ctx, const unsigned char key[MURK_DICE_KEY_BYTES],
                 const unsigned char parts[MURK_DICE_PARTS_BYTES], char* err, size_t n) {
  struct hoster* H = ctx;
  sodium_memzero(H->host_part, sizeof H->host_part);
  if (murk_game_new_keyed(H->m, key, &H->g) != MURK_OK) {
    snprintf(err, n, "the host cannot start the game (out of memory)");
    return -1;
  }
  /* Kept in the sealed save (its whole-game part): a resumed host sends the record too. */
  murk_game_set_dice_parts(H->g, parts);
  remote_seats(H);
  if (H->net) net_host_set_game(H->net, H->g);
  changed(H);
  return 0;
}

static bool ready(void* ctx) {
  struct hoster* H = ctx;
  return H->g && (!H->sealed || H->sealer.on);
}

static void why_wait(void* ctx, enum murk_side side, char* buf, size_t n) {
  struct hoster* H = ctx;
  if (H->resume)
    snprintf(buf, n,
             "the game goes on when the %s's player has joined too: the sealed save opens "
             "only with both passphrases",
             murk_side_name(murk_side_other(side)));
}

static void host_note(void* ctx, const char* text) {
  (void)ctx;
  murk_cli_diag("murk host: %s", text);
}

/* ---- the directory and the socket ---- */

/* DIR may be entered by its owner (us) and at most one group: nobody else. Made 0700 when
 * missing. Returns 0, or an exit code with the reason said. */
static int check_dir(const char* dir) {
  struct stat st;
  if (lstat(dir, &st) != 0) {
    if (errno != ENOENT) return murk_cli_error("cannot use %s: %s", dir, strerror(errno));
    if (mkdir(dir, 0700) != 0) return murk_cli_error("cannot make %s: %s", dir, strerror(errno));
    if (lstat(dir, &st) != 0) return murk_cli_error("cannot use %s: %s", dir, strerror(errno));
  }
  if (!S_ISDIR(st.st_mode))
    return murk_cli_error("%s is not a directory (a symbolic link is refused too)", dir);
  if (st.st_uid != getuid())
    return murk_cli_error("%s belongs to another user: the host's player must own it", dir);
  if (st.st_mode & 0007)
    return murk_cli_error(
        "%s may be entered by every user (mode %04o): make it 0700, or 0770 with a group "
        "only the two players belong to (docs/playing.md)",
        dir, (unsigned)(st.st_mode & 07777));
  return 0;
}

static int listen_on(const char* path) {
  struct sockaddr_un a;
  char err[PATH_MAX + 64];
  int fd = murk_unix_socket(path, &a, err, sizeof err);
  if (fd < 0) {
    murk_cli_error("%s", err);
    return -1;
  }
  /* A socket left by a host that was killed: nobody answers on it, so it goes. */
  if (connect(fd, (struct sockaddr*)&a, sizeof a) == 0) {
    close(fd);
    murk_cli_error("a host already listens on %s", path);
    return -1;
  }
  close(fd);
  unlink(path);
  fd = murk_unix_socket(path, &a, err, sizeof err);
  if (fd < 0) {
    murk_cli_error("%s", err);
    return -1;
  }
  mode_t old = umask(0007); /* the players' group may connect; the directory keeps others out */
  int rc = bind(fd, (struct sockaddr*)&a, sizeof a);
  umask(old);
  if (rc != 0 || listen(fd, 8) != 0) {
    murk_cli_error("cannot listen on %s: %s", path, strerror(errno));
    close(fd);
    return -1;
  }
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
  return fd;
}

/* ---- the loop ---- */

/* A join code: NET_CODE_LEN letters of the unambiguous alphabet, uniform (libsodium's
 * randombytes), shown with a dash in the middle. */
static void draw_code(char out[NET_CODE_LEN + 2]) {
  size_t k = strlen(net_code_alphabet), n = 0;
  for (int i = 0; i < NET_CODE_LEN; i++) {
    if (i == NET_CODE_LEN / 2) out[n++] = '-';
    out[n++] = net_code_alphabet[randombytes_uniform((uint32_t)k)];
  }
  out[n] = '\0';
}

static long long now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static int serve(struct hoster* H, int lfd) {
  struct net_host_opts o = {.g = H->g,
                            .ctx = H,
                            .pass_mode = pass_mode,
                            .check_pass = check_pass,
                            .set_pass = set_pass,
                            .ready = ready,
                            .cost = cost,
                            .changed = changed,
                            .stopped = stopped,
                            .note = host_note,
                            .why_wait = why_wait,
                            .codes = {H->codes[0], H->codes[1]},
                            .code_ms = H->code_ms,
                            .joint = H->joint ? H->host_part : NULL,
                            .drawn = drawn};
  struct net_host* h = NULL;
  if (net_host_new(&o, &h) != MURK_OK) return murk_cli_error("out of memory");
  H->net = h;
  int fds[NET_HOST_CLIENTS];
  /* Connections are read oldest first: a player whose `murk join` died and who joins again
   * at once frees the seat (its old connection's end) before claiming it anew. */
  unsigned long age[NET_HOST_CLIENTS] = {0}, ages = 0;
  for (int i = 0; i < NET_HOST_CLIENTS; i++) fds[i] = -1;
  static char buf[65536];
  bool was_over = false;
  while (!host_stop) {
    bool over = H->g && murk_game_phase(H->g) == MURK_PHASE_OVER;
    int open = 0;
    for (int i = 0; i < NET_HOST_CLIENTS; i++) open += fds[i] >= 0;
    if (over && !was_over) murk_cli_diag("murk host: the game is over (saved to %s)", H->save_path);
    was_over = over;
    if (over && open == 0) break;           /* both have seen the end */
    if (H->stop_why[0] && open == 0) break; /* the save failed: everyone was told */
    net_host_clock(h, now_ms());
    long long wait = net_host_expire(h); /* connections that did not join in time: bye */
    struct pollfd p[NET_HOST_CLIENTS + 1];
    int who[NET_HOST_CLIENTS + 1];
    int np = 0;
    /* Always listening: when every slot is taken, a waiting connection gives way. */
    p[np] = (struct pollfd){.fd = lfd, .events = POLLIN};
    who[np++] = -1;
    int order[NET_HOST_CLIENTS], no = 0;
    for (int i = 0; i < NET_HOST_CLIENTS; i++) {
      if (fds[i] < 0) continue;
      int k = no++;
      for (; k > 0 && age[order[k - 1]] > age[i]; k--) order[k] = order[k - 1];
      order[k] = i;
    }
    for (int r = 0; r < no; r++) {
      int i = order[r];
      size_t pending;
      net_host_output(h, i, &pending);
      short ev = net_host_closing(h, i) ? 0 : POLLIN;
      if (pending) ev |= POLLOUT;
      p[np] = (struct pollfd){.fd = fds[i], .events = ev};
      who[np++] = i;
    }
    if (poll(p, (nfds_t)np, wait < 0 ? -1 : (int)(wait > 60000 ? 60000 : wait + 1)) < 0) {
      if (errno == EINTR) continue;
      murk_cli_error("poll: %s", strerror(errno));
      break;
    }
    net_host_clock(h, now_ms());
    if (p[0].revents & POLLIN) {
      int cfd = accept(lfd, NULL, NULL);
      if (cfd >= 0) {
        int slot = net_host_open(h);
        if (slot < 0) {
          close(cfd);
        } else {
          if (fds[slot] >= 0) close(fds[slot]); /* it gave way (net_host_open) */
          fcntl(cfd, F_SETFL, fcntl(cfd, F_GETFL) | O_NONBLOCK);
          fds[slot] = cfd;
          age[slot] = ++ages;
        }
      }
    }
    for (int k = 1; k < np; k++) {
      int i = who[k];
      if (fds[i] != p[k].fd) continue; /* gave way to a new connection just now */
      bool drop = false;
      if (p[k].revents & POLLIN) {
        ssize_t n = recv(fds[i], buf, sizeof buf, 0);
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
          drop = true;
          if (net_host_side(h, i) != MURK_NO_SIDE)
            murk_cli_diag("murk host: the %s left", murk_side_name(net_host_side(h, i)));
        } else if (n > 0 && net_host_input(h, i, buf, (size_t)n) != 0)
          drop = true;
      } else if (p[k].revents & (POLLHUP | POLLERR | POLLNVAL)) {
        drop = true;
      }
      if (drop) {
        net_host_close(h, i);
        close(fds[i]);
        fds[i] = -1;
      }
    }
    /* Send what waits (views may wait for a client other than the one that spoke). */
    for (int i = 0; i < NET_HOST_CLIENTS; i++) {
      if (fds[i] < 0) continue;
      size_t len;
      const char* out = net_host_output(h, i, &len);
      bool drop = len > NET_OUT_MAX;
      if (len && !drop) {
        ssize_t n = send(fds[i], out, len, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n > 0)
          net_host_sent(h, i, (size_t)n);
        else if (n < 0 && errno != EAGAIN && errno != EINTR)
          drop = true;
        net_host_output(h, i, &len);
      }
      if (drop || (len == 0 && net_host_closing(h, i))) {
        net_host_close(h, i);
        close(fds[i]);
        fds[i] = -1;
      }
    }
  }
  for (int i = 0; i < NET_HOST_CLIENTS; i++)
    if (fds[i] >= 0) close(fds[i]);
  net_host_free(h);
  H->net = NULL;
  return 0;
}

/* ---- the command ---- */

/* The save's lock, for the game's life (savelock.h): a save another process appends to is
 * refused, and so is a save whose folder cannot be written (nothing would be kept). */
static int take_lock(struct hoster* H) {
  char err[PATH_MAX + 160];
  int rc = cli_savelock_take(H->save_path, &H->lock, err, sizeof err);
  if (rc > 0) {
    murk_cli_error("%s", err);
    return -1;
  }
  if (rc < 0) {
    murk_cli_error("cannot keep the game: %s", err);
    return -1;
  }
  return 0;
}

/* Go on with a save. An open one, or a sealed one with both passphrases given here, is the
 * game at once; a sealed one otherwise waits for each player's passphrase at their join
 * (resume_pass): the host's operator is not asked for them. */
static int load_save(const char* save, struct hoster* H) {
  H->loaded = true;
  snprintf(H->save_path, sizeof H->save_path, "%s", save);
  if (take_lock(H) != 0) return MURK_EINVAL;
  char err[512];
  char* text = NULL;
  size_t len = 0;
  if (murk_file_read(save, &text, &len, err, sizeof err) != 0) {
    murk_cli_error("%s", err);
    return MURK_EINVAL;
  }
  H->sealed = murk_seal_is_sealed(text, len);
  int rc;
  if (!H->sealed || (H->passes.have[0] && H->passes.have[1])) {
    murk_free(text);
    rc = murk_game_load(save, &H->passes, &H->sealer, &H->m, &H->g);
    if (rc == MURK_OK) remote_seats(H);
  } else if (murk_sealer_read(&H->sealer, save, text, len) != 0) {
    murk_free(text);
    rc = MURK_EINVAL;
  } else {
    H->resume = text;
    H->resume_len = len;
    /* The mission (public: its path and hash), for its name. Not found or changed is no
     * longer fatal: the sealed game part carries the mission it was played with (save.h),
     * opened once both passphrases are in. */
    rc = murk_mission_of_save(save, H->sealer.h.mission, 3, H->sealer.h.mission_hash, true, &H->m);
    if (rc != MURK_OK && rc != MURK_ENOMEM) {
      murk_mission_free(H->m);
      H->m = NULL;
      murk_cli_diag(
          "murk host: note: %s: the mission file %s is not here as it was; the game goes "
          "on with the copy the save keeps",
          save, H->sealer.h.mission);
      rc = MURK_OK;
    }
    /* A passphrase given here is checked now. */
    for (int side = 0; rc == MURK_OK && side < 2; side++)
      if (H->passes.have[side] &&
          !resume_pass(H, (enum murk_side)side, H->passes.pass[side], H->passes.len[side])) {
        murk_cli_error("%s: the %s's passphrase does not open this save", save,
                       murk_side_name((enum murk_side)side));
        rc = MURK_EAUTH;
      }
  }
  murk_passes_wipe(&H->passes);
  return rc;
}

static int host(const struct murk_args* a, struct hoster* H) {
  const char* mission = a->argc ? a->argv[0] : NULL;
  const char* load = murk_args_get(a, "load");
  uint64_t seed = 0;
  int has_seed = murk_args_number(a, "seed", 0, UINT64_MAX, &seed);
  if (has_seed < 0) return MURK_EXIT_USAGE;
  if (load && (mission || has_seed || murk_args_has(a, "with")))
    return murk_args_error(
        a, "--load takes the mission and seed from the save, and the rules it was started with");
  char with[512];
  int wrc = murk_cli_with_list(a, with, sizeof with);
  if (wrc != 0) return wrc;
  int prc = murk_passes_from_args(&H->passes, a);
  if (prc != 0) return prc;
  if (has_seed && murk_passes_any(&H->passes))
    return murk_args_error(a, "--seed makes an open game: it has no passphrases");
  uint64_t join_s = NET_CODE_MS / 1000;
  if (murk_args_number(a, "join-timeout", 1, 3600, &join_s) < 0) return MURK_EXIT_USAGE;
  H->code_ms = (long)join_s * 1000;

  char dirbuf[PATH_MAX];
  const char* dir = murk_args_get(a, "dir");
  if (!dir) {
    char state[PATH_MAX - 16];
    if (murk_state_dir(state, sizeof state) != 0)
      return murk_cli_error("no HOME or XDG_STATE_HOME: give the socket's directory with --dir");
    snprintf(dirbuf, sizeof dirbuf, "%s/host", state);
    dir = dirbuf;
  }
  int drc = check_dir(dir);
  if (drc != 0) return drc;
  char sock[PATH_MAX + 16];
  if (strlen(dir) >= PATH_MAX) return murk_cli_error("the directory's path is too long");
  snprintf(sock, sizeof sock, "%s/%s", dir, SOCKET_NAME);

  int rc;
  if (load) {
    rc = load_save(load, H);
  } else {
    char found[PATH_MAX], real[PATH_MAX];
    const char* id = mission ? mission : HOST_DEFAULT_MISSION;
    if (!murk_cli_mission_find(id, NULL, found, sizeof found)) {
      murk_cli_mission_not_found(id);
      return MURK_EXIT_INVALID;
    }
    const char* path = realpath(found, real) ? real : found;
    struct murk_diags* d = murk_malloc(sizeof *d);
    if (!d) return murk_cli_error("out of memory");
    murk_diags_init(d, path);
    rc = murk_mission_load(path, &H->m, d);
    if (rc != MURK_OK) murk_cli_print_diags(d, stderr);
    murk_free(d);
    if (rc == MURK_OK && murk_cli_with_add(H->m, with, "--with") != 0) rc = MURK_EINVAL;
    if (rc == MURK_OK) {
      if (has_seed) {
        rc = murk_game_new(H->m, seed, &H->g);
      } else {
        /* Secret dice, drawn with both players once they have joined (drawn): no party
         * chooses them, the host included. */
        randombytes_buf(H->host_part, sizeof H->host_part);
        H->joint = true;
        H->sealed = true;
        /* The cost is told to each player at the join: refused now, not once both joined. */
        if (rc == MURK_OK && murk_sealer_limits(&H->limits) != 0) rc = MURK_EINVAL;
      }
    }
    if (rc == MURK_OK) {
      if (H->g) remote_seats(H);
      char state[PATH_MAX - 64];
      const char* where = murk_state_dir(state, sizeof state) == 0 ? state : dir;
      murk_new_game_path(where, H->m->id, H->save_path, sizeof H->save_path);
      if (take_lock(H) != 0) rc = MURK_EINVAL;
      if (rc == MURK_OK && H->sealed && H->passes.have[0] && H->passes.have[1] &&
          murk_sealer_start(&H->sealer, &H->passes) != 0)
        rc = MURK_EINVAL;
      if (H->sealer.on) murk_passes_wipe(&H->passes);
    }
  }
  if (rc != MURK_OK) return MURK_EXIT_INVALID;
  int lfd = listen_on(sock);
  if (lfd < 0) return MURK_EXIT_INVALID;
  /* A new game is saved once the host is sure to serve it (a host refused leaves no game
   * behind); a game that cannot be saved is not served. */
  if (!load) changed(H);
  if (H->stop_why[0]) {
    close(lfd);
    unlink(sock);
    murk_cli_error("refused: a host serves only a game it can keep (%s)", H->save_path);
    return MURK_EXIT_INVALID;
  }
  host_stop = 0;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_stop;
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
  signal(SIGPIPE, SIG_IGN);
  murk_cli_diag(
      "murk host: %s on %s (%s); each player joins with: murk join %s --as SIDE "
      "--code CODE",
      H->m ? H->m->name : H->sealer.h.mission, sock, H->sealed ? "sealed" : "open", sock);
  /* The join codes: on standard output only (not the log), for the host's starter to hand
   * each to its player; a seat is claimed only with its code. */
  for (int side = 0; side < 2; side++) draw_code(H->codes[side]);
  printf(
      "murk host: join codes (give each to its player only; murk join asks for it):\n"
      "  attacker: %s\n  defender: %s\n",
      H->codes[MURK_ATTACKER], H->codes[MURK_DEFENDER]);
  fflush(stdout);
  if (H->resume)
    murk_cli_diag(
        "murk host: the sealed save opens with both players' passphrases: the game goes on "
        "once both have joined");
  murk_cli_diag(
      "murk host: the game is saved to %s after every change; go on after a stop with: "
      "murk host --load %s --dir %s",
      H->save_path, H->save_path, dir);
  rc = serve(H, lfd);
  close(lfd);
  unlink(sock);
  if (H->stop_why[0] || host_stop < 0) return MURK_EXIT_INVALID;
  /* Stopped by a signal: 128 + it, as murk play exits (a script tells a stop from an end). */
  if (host_stop > 0) {
    murk_cli_diag("murk host: stopped; the game is in %s", H->save_path);
    return 128 + (int)host_stop;
  }
  return rc;
}

static int cmd_host_exec(const struct murk_args* a) {
  struct hoster* H = murk_calloc(1, sizeof *H);
  if (!H) return murk_cli_error("out of memory");
  int rc = host(a, H);
  murk_autosave_free(H->autosave);
  cli_savelock_free(H->lock);
  murk_game_free(H->g);
  murk_mission_free(H->m);
  murk_free(H->resume);
  murk_passes_wipe(&H->passes);
  murk_sealer_wipe(&H->sealer);
  sodium_memzero(H->codes, sizeof H->codes);
  sodium_memzero(H->host_part, sizeof H->host_part);
  murk_free(H);
  return rc;
}

const struct murk_cmd_entry murk_cmd_host_entry = {
    .name = "host",
    .usage =
        "[MISSION] [--with RULE]... [--seed N] [--dir DIR] [--passphrase-file SIDE:FILE]... "
        "[--join-timeout S]\n"
        "--load SAVE [--dir DIR] [--passphrase-file SIDE:FILE]... [--join-timeout S]",
    .about = "hold a game for two players who join from their own terminals (over SSH)",
    .help =
        "Listens on DIR/murk.sock (DIR: default the state directory's host/, made 0700; a\n"
        "directory every user may enter is refused). It prints one join code a side (on its\n"
        "standard output): give each to its player only. Each player runs murk join\n"
        "DIR/murk.sock --as SIDE and gives the side's code (within --join-timeout seconds of\n"
        "connecting, default 10). Without --seed the dice are secret and the game sealed: the\n"
        "side's first join sets its passphrase (or --passphrase-file gives it), later joins\n"
        "must give it. A seated player is never displaced: a second claim is refused.\n"
        "The game is saved after every change; murk host --load SAVE goes on with it (a sealed\n"
        "one once both players have joined with their passphrases).\n"
        "--with RULE adds a special rule to the mission, as murk play --with does.\n"
        "Seats and hosting: docs/playing.md; the protocol: docs/protocol.md.\n",
    .args = {"seed: load: dir: passphrase-file:... with:... join-timeout:", 0, 1},
    .exec = cmd_host_exec,
};
