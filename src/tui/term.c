/* term.c: the terminal layer (term.h). */
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include "term.h"

#include <errno.h>
#include <langinfo.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>

#include <curses.h>
#include <ncursesw/term.h>

#include "canvas.h"
#include "murk/error.h"

/* Set by the signal handlers, read by the key loop (which wakes up every 250 ms). */
static volatile sig_atomic_t term_signal;
/* Whether curses owns the terminal, for the exit and crash handlers. */
static volatile sig_atomic_t term_active;

static void on_quit_signal(int sig) {
  term_signal = sig;
}

/* A crash: give the terminal back before dying the way the signal says. */
static void on_fatal_signal(int sig) {
  if (term_active) {
    term_active = 0;
    endwin();
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

static void restore_at_exit(void) {
  if (term_active) {
    term_active = 0;
    endwin();
  }
}

bool tui_term_locale_utf8(void) {
  const char* cs = nl_langinfo(CODESET);
  return cs && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0 || strcmp(cs, "UTF8") == 0);
}

/* Every signal whose default ends the program without a crash: the handler only sets a
 * flag, and the key loop ends the game from there (the caller then saves and the terminal
 * is restored; nothing unsafe runs in the handler). SIGPIPE too: a terminal gone away must
 * not kill the game before it is saved; and SIGSYS, SIGTRAP and SIGPWR, whose defaults
 * also end the program though nothing in murk raises them. SIGXFSZ is ignored (main.c): a
 * save past a file-size limit fails with EFBIG and says so. */
static const int quit_signals[] = {SIGINT,    SIGTERM, SIGHUP,  SIGQUIT,   SIGUSR1,
                                   SIGUSR2,   SIGALRM, SIGPIPE, SIGVTALRM, SIGPROF,
                                   SIGXCPU,   SIGSYS,  SIGTRAP,
#ifdef SIGPWR
                                   SIGPWR,
#endif
#ifdef SIGSTKFLT
                                   SIGSTKFLT,
#endif
                                   SIGIO};
#define N_QUIT_SIGNALS (sizeof quit_signals / sizeof quit_signals[0])
/* What each was before (SIG_IGN stays ignored: a game under nohup keeps ignoring SIGHUP). */
static struct sigaction quit_old[N_QUIT_SIGNALS];
static bool quit_taken[N_QUIT_SIGNALS];

static void install_signals(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sigemptyset(&sa.sa_mask);
  /* No SA_RESTART: a signal interrupts the wait for a key (get_wch returns at once). */
  sa.sa_handler = on_quit_signal;
  for (size_t i = 0; i < N_QUIT_SIGNALS; i++) {
    quit_taken[i] = false;
    if (sigaction(quit_signals[i], NULL, &quit_old[i]) != 0) continue;
    if (!(quit_old[i].sa_flags & SA_SIGINFO) && quit_old[i].sa_handler == SIG_IGN) continue;
    quit_taken[i] = sigaction(quit_signals[i], &sa, NULL) == 0;
  }
  /* Unblock them, in case the parent left any blocked: a blocked signal would wait
   * unseen until the game ends. */
  sigset_t set;
  sigemptyset(&set);
  for (size_t i = 0; i < N_QUIT_SIGNALS; i++) sigaddset(&set, quit_signals[i]);
  sigprocmask(SIG_UNBLOCK, &set, NULL);
  /* Crash signals: only where nobody (a sanitizer) has a handler already. */
  static const int fatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
  for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) {
    struct sigaction old;
    if (sigaction(fatal[i], NULL, &old) == 0 && old.sa_handler == SIG_DFL &&
        !(old.sa_flags & SA_SIGINFO)) {
      struct sigaction fa;
      memset(&fa, 0, sizeof fa);
      sigemptyset(&fa.sa_mask);
      fa.sa_handler = on_fatal_signal;
      sigaction(fatal[i], &fa, NULL);
    }
  }
}

static void reset_signals(void) {
  for (size_t i = 0; i < N_QUIT_SIGNALS; i++)
    if (quit_taken[i]) sigaction(quit_signals[i], &quit_old[i], NULL);
}

/* ---- attributes ---- */

struct look {
  short fg, bg;  /* colours (-1: the terminal's default) */
  attr_t colour; /* extra attributes with colours */
  attr_t mono;   /* attributes without colours */
};

static const struct look looks[TUI_A_COUNT] = {
    [TUI_A_NORMAL] = {-1, -1, A_NORMAL, A_NORMAL},
    [TUI_A_DIM] = {-1, -1, A_DIM, A_DIM},
    [TUI_A_TITLE] = {COLOR_BLACK, COLOR_CYAN, A_NORMAL, A_REVERSE},
    [TUI_A_HEAD] = {COLOR_CYAN, -1, A_NORMAL, A_BOLD},
    [TUI_A_KEY] = {COLOR_YELLOW, -1, A_NORMAL, A_BOLD},
    [TUI_A_ERROR] = {COLOR_RED, -1, A_BOLD, A_BOLD | A_UNDERLINE},
    [TUI_A_GOOD] = {COLOR_GREEN, -1, A_NORMAL, A_NORMAL},
    [TUI_A_SELECT] = {COLOR_BLACK, COLOR_WHITE, A_NORMAL, A_REVERSE},
    [TUI_A_ROLL] = {COLOR_MAGENTA, -1, A_NORMAL, A_NORMAL},
    [TUI_A_OPEN] = {COLOR_GREEN, -1, A_NORMAL, A_NORMAL},
    [TUI_A_ROAD] = {COLOR_YELLOW, -1, A_NORMAL, A_NORMAL},
    [TUI_A_RAIL] = {COLOR_WHITE, -1, A_BOLD, A_BOLD},
    [TUI_A_WOODS] = {COLOR_GREEN, -1, A_BOLD, A_BOLD},
    [TUI_A_BUILDING] = {COLOR_RED, -1, A_NORMAL, A_BOLD},
    [TUI_A_ROUGH] = {COLOR_YELLOW, -1, A_DIM, A_NORMAL},
    [TUI_A_WATER] = {COLOR_BLUE, -1, A_BOLD, A_NORMAL},
    [TUI_A_BLOCKED] = {COLOR_WHITE, -1, A_DIM, A_DIM},
    [TUI_A_ZONE] = {COLOR_WHITE, COLOR_BLUE, A_NORMAL, A_UNDERLINE},
    [TUI_A_REACH] = {COLOR_BLACK, COLOR_GREEN, A_NORMAL, A_BOLD | A_UNDERLINE},
    [TUI_A_OBJECTIVE] = {COLOR_YELLOW, -1, A_BOLD, A_BOLD},
    [TUI_A_ENTRY] = {COLOR_CYAN, -1, A_BOLD, A_BOLD},
    [TUI_A_OWN] = {COLOR_BLACK, COLOR_CYAN, A_NORMAL, A_BOLD},
    [TUI_A_OWN_TEAM] = {COLOR_CYAN, -1, A_BOLD, A_BOLD},
    [TUI_A_ENEMY] = {COLOR_WHITE, COLOR_RED, A_BOLD, A_BOLD | A_UNDERLINE},
    [TUI_A_ENEMY_TEAM] = {COLOR_RED, -1, A_BOLD, A_UNDERLINE},
    [TUI_A_MARK] = {COLOR_BLACK, COLOR_YELLOW, A_NORMAL, A_STANDOUT},
    [TUI_A_CURSOR] = {-1, -1, A_REVERSE, A_REVERSE},
    [TUI_A_BIG] = {COLOR_YELLOW, -1, A_BOLD, A_BOLD},
    /* Not MARK's black on yellow: a lit cell must not read as the event the recap shows. */
    [TUI_A_LIT] = {COLOR_BLACK, COLOR_WHITE, A_NORMAL, A_BOLD},
    [TUI_A_CONTACT] = {COLOR_RED, -1, A_DIM, A_DIM},
    /* Dis counters: the side's hue without the leader's background (Limited Intelligence
     * 27.1.2). */
    [TUI_A_OWN_DIS] = {COLOR_BLUE, -1, A_BOLD, A_DIM},
    [TUI_A_ENEMY_DIS] = {COLOR_MAGENTA, -1, A_BOLD, A_DIM | A_UNDERLINE},
    /* Terrain in the own deployment zone: its hue (water's turned cyan) on the zone's blue,
     * underlined in monochrome as the zone is. */
    [TUI_A_ZONE_OPEN] = {COLOR_GREEN, COLOR_BLUE, A_NORMAL, A_UNDERLINE},
    [TUI_A_ZONE_ROAD] = {COLOR_YELLOW, COLOR_BLUE, A_BOLD, A_UNDERLINE},
    [TUI_A_ZONE_RAIL] = {COLOR_WHITE, COLOR_BLUE, A_BOLD, A_BOLD | A_UNDERLINE},
    [TUI_A_ZONE_WOODS] = {COLOR_GREEN, COLOR_BLUE, A_BOLD, A_BOLD | A_UNDERLINE},
    [TUI_A_ZONE_BUILDING] = {COLOR_RED, COLOR_BLUE, A_BOLD, A_BOLD | A_UNDERLINE},
    [TUI_A_ZONE_ROUGH] = {COLOR_YELLOW, COLOR_BLUE, A_NORMAL, A_UNDERLINE},
    [TUI_A_ZONE_WATER] = {COLOR_CYAN, COLOR_BLUE, A_BOLD, A_UNDERLINE},
    [TUI_A_ZONE_BLOCKED] = {COLOR_WHITE, COLOR_BLUE, A_DIM, A_DIM | A_UNDERLINE},
};

static bool use_colour;

/* Colours when the terminal has enough of them and NO_COLOR (no-color.org) is not set;
 * otherwise the monochrome attributes. */
static void setup_colours(void) {
  const char* no = getenv("NO_COLOR");
  use_colour = has_colors() && !(no && *no);
  if (!use_colour) return;
  if (start_color() == ERR || COLORS < 8 || COLOR_PAIRS < TUI_A_COUNT + 1) {
    use_colour = false;
    return;
  }
  /* Without default colours (-1), white on black stands in for them. */
  bool defaults = use_default_colors() == OK;
  for (int a = 0; a < TUI_A_COUNT; a++) {
    short fg = looks[a].fg, bg = looks[a].bg;
    if (!defaults && fg < 0) fg = COLOR_WHITE;
    if (!defaults && bg < 0) bg = COLOR_BLACK;
    init_pair((short)(a + 1), fg, bg);
  }
}

/* ---- drawing ---- */

/* Hand the canvas to curses: every cell when `prev` is NULL (a cleared or resized screen),
 * otherwise only the cells that differ from the frame before (style.md: draw only what
 * changed). curses compares again before it writes to the terminal, but handing it all of
 * a 200x60 frame for a cursor move costs more than the rest of the frame together
 * (docs/performance.md, "TUI"). */
static void blit(const struct tui_canvas* c, const struct tui_canvas* prev) {
  for (int y = 0; y < c->h; y++) {
    for (int x = 0; x < c->w; x++) {
      const struct tui_cell* cell = tui_canvas_at(c, x, y);
      if (cell->ch == 0) continue; /* right half of a wide character */
      if (prev) {
        const struct tui_cell* was = tui_canvas_at(prev, x, y);
        if (was->ch == cell->ch && was->attr == cell->attr) continue;
      }
      const struct look* lk = &looks[cell->attr < TUI_A_COUNT ? cell->attr : 0];
      /* The canvas's idea of a character's width (canvas.c) against the terminal's
       * (wcwidth): where they differ (a zero-width space, a format character, an unknown
       * code point), curses would fold it into the cell before and leave this one stale;
       * a '?' of the canvas's width stands in. */
      uint32_t ch = cell->ch;
      int cw = x + 1 < c->w && tui_canvas_at(c, x + 1, y)->ch == 0 ? 2 : 1;
      if (ch >= 0x80 && wcwidth((wchar_t)ch) != cw) {
        ch = '?';
        if (cw == 2) {
          cchar_t sp;
          wchar_t blank[2] = {L' ', L'\0'};
          setcchar(&sp, blank, use_colour ? lk->colour : lk->mono,
                   use_colour ? (short)(cell->attr + 1) : 0, NULL);
          mvadd_wch(y, x + 1, &sp);
        }
      }
      wchar_t wch[2] = {(wchar_t)ch, L'\0'};
      cchar_t cc;
      if (use_colour)
        setcchar(&cc, wch, lk->colour, (short)(cell->attr + 1), NULL);
      else
        setcchar(&cc, wch, lk->mono, 0, NULL);
      mvadd_wch(y, x, &cc); /* the bottom-right cell reports ERR but is drawn */
    }
  }
}

/* ---- keys ---- */

/* Translate what curses read. Returns false for keys the game has no use for. */
static bool translate(int r, wint_t ch, struct tui_key* k) {
  memset(k, 0, sizeof *k);
  if (r == KEY_CODE_YES) {
    switch (ch) {
      case KEY_UP:
        k->code = TUI_KEY_UP;
        return true;
      case KEY_DOWN:
        k->code = TUI_KEY_DOWN;
        return true;
      case KEY_LEFT:
        k->code = TUI_KEY_LEFT;
        return true;
      case KEY_RIGHT:
        k->code = TUI_KEY_RIGHT;
        return true;
      case KEY_HOME:
        k->code = TUI_KEY_HOME;
        return true;
      case KEY_END:
        k->code = TUI_KEY_END;
        return true;
      case KEY_PPAGE:
        k->code = TUI_KEY_PGUP;
        return true;
      case KEY_NPAGE:
        k->code = TUI_KEY_PGDN;
        return true;
      case KEY_DC:
        k->code = TUI_KEY_DELETE;
        return true;
      case KEY_BTAB:
        k->code = TUI_KEY_BTAB;
        return true;
      case KEY_BACKSPACE:
        k->code = TUI_KEY_BACKSPACE;
        return true;
      case KEY_ENTER:
        k->code = TUI_KEY_ENTER;
        return true;
      case KEY_MOUSE: {
        MEVENT ev;
        if (getmouse(&ev) != OK) return false;
        if (!(ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED))) return false;
        k->code = TUI_KEY_MOUSE;
        k->x = ev.x;
        k->y = ev.y;
        return true;
      }
      default:
        return false;
    }
  }
  switch (ch) {
    case '\r':
    case '\n':
      k->code = TUI_KEY_ENTER;
      return true;
    case 8:
    case 127:
      k->code = TUI_KEY_BACKSPACE;
      return true;
    case 12:
      k->code = TUI_KEY_REDRAW;
      return true;
    default:
      k->code = (int)ch;
      return true;
  }
}

/* What the session answered a key or an idle moment with (tui_session_key,
 * tui_session_idle): -1 an error (in err), 1 quit, else 0 (*wipe set for a whole redraw). */
static int answer(int f, bool* wipe, char* err, size_t n) {
  if (f < 0) {
    snprintf(err, n, "%s", murk_strerror(f));
    return -1;
  }
  if (f & TUI_SESSION_QUIT) return 1;
  if (f & TUI_SESSION_CLEAR) *wipe = true;
  return 0;
}

int tui_term_pending_signal(void) {
  return (int)term_signal;
}

/* Is the terminal gone (hung up: its master closed, a nohup'd game's session ended)? Its
 * reads then give end of file or EIO at once and its attributes cannot be read. */
static bool terminal_gone(void) {
  struct termios t;
  return tcgetattr(STDIN_FILENO, &t) != 0 && (errno == EIO || errno == ENOTTY || errno == EBADF);
}

static long elapsed_ms(const struct timespec* a, const struct timespec* b) {
  return (long)(b->tv_sec - a->tv_sec) * 1000L + (b->tv_nsec - a->tv_nsec) / 1000000L;
}

static void refuse_no_cursor(char* err, size_t n) {
  snprintf(err, n,
           "this terminal (TERM=%s) cannot move the cursor: murk play needs a full-screen "
           "terminal such as xterm or screen (for a game without one: murk run)",
           getenv("TERM") ? getenv("TERM") : "unset");
}

/* A terminal that cannot put the cursor where it likes (TERM=dumb, a printing terminal)
 * would scroll every frame past: refuse it as an unknown one. */
static bool can_address(void) {
  const char* cup = tigetstr("cup");
  return cup && cup != (const char*)-1 && tigetflag("hc") <= 0;
}

int tui_term_check(char* err, size_t n) {
  int e = 0;
  if (setupterm(NULL, STDOUT_FILENO, &e) != OK) {
    snprintf(err, n, "cannot use this terminal (TERM=%s)",
             getenv("TERM") ? getenv("TERM") : "unset");
    return -1;
  }
  bool ok = can_address();
  del_curterm(cur_term);
  if (!ok) {
    refuse_no_cursor(err, n);
    return -1;
  }
  return 0;
}

int tui_term_run(struct tui_session* s, bool ascii, char* err, size_t n) {
  return tui_term_run_with(s, ascii, NULL, NULL, err, n);
}

int tui_term_run_with(struct tui_session* s, bool ascii, tui_term_after_fn after, void* ctx,
                      char* err, size_t n) {
  term_signal = 0;
  SCREEN* scr = newterm(NULL, stdout, stdin);
  if (!scr) {
    snprintf(err, n, "cannot use this terminal (TERM=%s)",
             getenv("TERM") ? getenv("TERM") : "unset");
    return -1;
  }
  if (!can_address()) { /* before drawing anything */
    endwin();
    delscreen(scr);
    refuse_no_cursor(err, n);
    return -1;
  }
  term_active = 1;
  atexit(restore_at_exit);
  install_signals();
  cbreak();
  noecho();
  nonl();
  keypad(stdscr, TRUE);
  set_escdelay(25);
  curs_set(0);
  mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED, NULL);
  mouseinterval(0);
  setup_colours();
  timeout(250);

  int result = 0;
  struct tui_canvas canvas = {0}, shown = {0}; /* this frame, and the one on the screen */
  bool have_shown = false;                     /* `shown` is what curses holds */
  int w = COLS, h = LINES;
  if (tui_canvas_init(&canvas, w, h, ascii) != MURK_OK || tui_session_resize(s, w, h) != MURK_OK) {
    snprintf(err, n, "out of memory");
    result = -1;
    goto done;
  }
  bool dirty = true, wipe = true;
  struct timespec guard = {0, 0}; /* keys before this are thrown away (a fresh hand-over) */
  int quick = 0; /* waits for a key that ended at once with nothing: a terminal gone */
  for (;;) {
    if (after && after(ctx, err, n) != 0) {
      result = -1;
      break;
    }
    if (term_signal) {
      result = 128 + (int)term_signal;
      break;
    }
    if (dirty) {
      bool wiped = wipe;
      if (wipe) {
        /* Hand-over: blank the real screen before anything of the next side is drawn,
         * so the previous side's table cannot show again, not even for a moment. */
        clear();
        refresh();
        wipe = false;
        have_shown = false;
      }
      tui_session_draw(s, &canvas);
      if (!have_shown) erase();
      blit(&canvas, have_shown ? &shown : NULL);
      refresh();
      dirty = false;
      if (wiped && tui_session_ui(s)->mode == TUI_MODE_HANDOVER) {
        /* A hand-over is up: keys typed before it appeared (the outgoing player's second
         * `e`) and in its first half second are not the incoming player's. */
        flushinp();
        clock_gettime(CLOCK_MONOTONIC, &guard);
        guard.tv_nsec += (long)TUI_HANDOVER_GUARD_MS * 1000000L;
        guard.tv_sec += guard.tv_nsec / 1000000000L;
        guard.tv_nsec %= 1000000000L;
      }
      /* Keep the frame to compare the next one with; without memory for it, every frame is
       * handed over whole. */
      have_shown = (shown.w == canvas.w && shown.h == canvas.h) ||
                   tui_canvas_init(&shown, canvas.w, canvas.h, ascii) == MURK_OK;
      if (have_shown)
        memcpy(shown.cells, canvas.cells,
               (size_t)canvas.w * (size_t)canvas.h * sizeof *canvas.cells);
    }
    wint_t ch;
    struct timespec asked;
    clock_gettime(CLOCK_MONOTONIC, &asked);
    int r = get_wch(&ch);
    if (r == ERR) {
      /* The timeout, or a signal: meanwhile a remote game's host may have sent news. A wait
       * that ended at once with neither is end of file or EIO: the terminal is gone, so
       * leave (the game is saved) instead of asking again and again. */
      struct timespec back;
      clock_gettime(CLOCK_MONOTONIC, &back);
      quick = !term_signal && elapsed_ms(&asked, &back) < 50 ? quick + 1 : 0;
      if (quick >= 20 || (!term_signal && quick && terminal_gone())) {
        result = 128 + SIGHUP;
        break;
      }
      int f = term_signal ? 0 : tui_session_idle(s);
      int a = answer(f, &wipe, err, n);
      if (a != 0) {
        if (a < 0) result = -1;
        break;
      }
      if (f) dirty = true;
      continue;
    }
    quick = 0;
    if (r == KEY_CODE_YES && ch == KEY_RESIZE) {
      getmaxyx(stdscr, h, w);
      if (tui_canvas_init(&canvas, w, h, ascii) != MURK_OK ||
          tui_session_resize(s, w, h) != MURK_OK) {
        snprintf(err, n, "out of memory");
        result = -1;
        break;
      }
      clearok(curscr, TRUE);
      have_shown = false;
      dirty = true;
      continue;
    }
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (now.tv_sec < guard.tv_sec || (now.tv_sec == guard.tv_sec && now.tv_nsec < guard.tv_nsec))
      continue;
    struct tui_key k;
    if (!translate(r, ch, &k)) continue;
    int a = answer(tui_session_key(s, k), &wipe, err, n);
    if (a != 0) {
      if (a < 0) result = -1;
      break;
    }
    dirty = true;
  }
  /* A signal that came while the session waited elsewhere (a remote game's host that does
   * not answer) ends the game as the signal, whatever the session made of the wait. */
  if (term_signal && result <= 0) result = 128 + (int)term_signal;
done:
  tui_canvas_fini(&canvas);
  tui_canvas_fini(&shown);
  term_active = 0;
  endwin();
  delscreen(scr);
  reset_signals();
  return result;
}
