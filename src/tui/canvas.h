/* canvas.h: an off-screen screen. A grid of characters (Unicode code points) and
 * attribute ids, with no curses in sight: the TUI draws into a canvas (draw.h) and the
 * terminal layer (term.c) copies it to the terminal. Tests read it back as text.
 *
 * A character two columns wide takes its cell and marks the next one as its
 * continuation (ch 0). In ASCII mode (the locale is not UTF-8) every character outside
 * ASCII is stored as '?', so whatever is drawn can be shown. */
#ifndef MURK_TUI_CANVAS_H
#define MURK_TUI_CANVAS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Attribute ids: what a cell is, not how it looks. term.c maps each one to colours (or,
 * in monochrome, to bold/underline/reverse). X(id, name) */
#define TUI_ATTR_LIST(X)                                                          \
  X(NORMAL, "normal")                                                             \
  X(DIM, "dim")                                                                   \
  X(TITLE, "title")   /* the status bar */                                        \
  X(HEAD, "head")     /* panel headings */                                        \
  X(KEY, "key")       /* a key name in the hints */                               \
  X(ERROR, "error")   /* a rejected command */                                    \
  X(GOOD, "good")     /* a command done */                                        \
  X(SELECT, "select") /* the chosen line of a list */                             \
  X(ROLL, "roll")     /* dice in the log */                                       \
  X(OPEN, "open")                                                                 \
  X(ROAD, "road")                                                                 \
  X(RAIL, "rail")                                                                 \
  X(WOODS, "woods")                                                               \
  X(BUILDING, "building")                                                         \
  X(ROUGH, "rough") /* other difficult ground */                                  \
  X(WATER, "water")                                                               \
  X(BLOCKED, "blocked") /* impassable */                                          \
  X(ZONE, "zone")       /* own deployment zone */                                 \
  X(REACH, "reach")     /* a move may end here */                                 \
  X(OBJECTIVE, "objective")                                                       \
  X(ENTRY, "entry")                                                               \
  X(OWN, "own")               /* own template */                                  \
  X(OWN_TEAM, "own-team")     /* own team on the table */                         \
  X(ENEMY, "enemy")           /* enemy template */                                \
  X(ENEMY_TEAM, "enemy-team") /* revealed enemy team */                           \
  X(MARK, "mark")             /* event being shown */                             \
  X(CURSOR, "cursor")                                                             \
  X(BIG, "big")         /* hand-over screen heading */                            \
  X(LIT, "lit")         /* an illuminated cell (night) */                         \
  X(CONTACT, "contact") /* an enemy last seen there */                            \
  X(OWN_DIS, "own-dis") /* a Dis counter (Limited Intelligence) */                \
  X(ENEMY_DIS, "enemy-dis")                                                       \
  /* Terrain inside the own deployment zone: its own hue on the zone's ground. */ \
  X(ZONE_OPEN, "zone-open")                                                       \
  X(ZONE_ROAD, "zone-road")                                                       \
  X(ZONE_RAIL, "zone-rail")                                                       \
  X(ZONE_WOODS, "zone-woods")                                                     \
  X(ZONE_BUILDING, "zone-building")                                               \
  X(ZONE_ROUGH, "zone-rough")                                                     \
  X(ZONE_WATER, "zone-water")                                                     \
  X(ZONE_BLOCKED, "zone-blocked")

enum tui_attr {
#define TUI_ATTR_ENUM(id, name) TUI_A_##id,
  TUI_ATTR_LIST(TUI_ATTR_ENUM)
#undef TUI_ATTR_ENUM
      TUI_A_COUNT
};
const char* tui_attr_name(enum tui_attr a);

struct tui_cell {
  uint32_t ch; /* code point; 0: right half of a wide character */
  unsigned char attr;
};

struct tui_canvas {
  int w, h;
  bool ascii; /* store '?' for anything outside ASCII */
  struct tui_cell* cells;
};

/* Set up a w x h canvas of blanks. Returns MURK_OK or MURK_ENOMEM (canvas left empty).
 * Sizes below 1 are taken as 1. Calling it again resizes (contents are cleared). */
int tui_canvas_init(struct tui_canvas* c, int w, int h, bool ascii);
void tui_canvas_fini(struct tui_canvas* c);

/* Fill everything with blanks of attribute a. */
void tui_canvas_clear(struct tui_canvas* c, enum tui_attr a);
/* The cell at x,y, or NULL outside. */
const struct tui_cell* tui_canvas_at(const struct tui_canvas* c, int x, int y);

/* Put one character; clipped to the canvas. A wide character that would not fit whole
 * is drawn as a blank. Overwriting half of a wide character blanks its other half.
 * Returns the columns taken (0, 1 or 2). */
int tui_canvas_put(struct tui_canvas* c, int x, int y, uint32_t ch, enum tui_attr a);
/* Change the attribute of w cells, keeping the characters. */
void tui_canvas_paint(struct tui_canvas* c, int x, int y, int w, enum tui_attr a);
/* Fill a rectangle with one character. */
void tui_canvas_fill(struct tui_canvas* c, int x, int y, int w, int h, uint32_t ch,
                     enum tui_attr a);
/* Write UTF-8 text on one line from x, at most maxw columns (maxw < 0: to the right
 * edge). Control characters become blanks; invalid bytes become '?'. If the text does
 * not fit, its last column shows an ellipsis. Returns the columns written. */
int tui_canvas_text(struct tui_canvas* c, int x, int y, int maxw, const char* s, enum tui_attr a);
/* printf into tui_canvas_text. */
int tui_canvas_printf(struct tui_canvas* c, int x, int y, int maxw, enum tui_attr a,
                      const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;
/* Word-wrap UTF-8 text into the box x,y,w,h, skipping the first `skip` wrapped lines; a
 * single newline is a space, a blank line ends a paragraph. Returns the number of wrapped
 * lines of the whole text (so a caller can clamp its scrolling); with c NULL it only
 * counts them. */
int tui_canvas_wrap(struct tui_canvas* c, int x, int y, int w, int h, int skip, const char* s,
                    enum tui_attr a);

/* Row y as UTF-8 (wide characters once, trailing blanks kept) into buf. Returns the
 * length the whole row needs, like snprintf. */
int tui_canvas_row(const struct tui_canvas* c, int y, char* buf, size_t n);
/* Does any row contain the UTF-8 string s? (tests) */
bool tui_canvas_contains(const struct tui_canvas* c, const char* s);

/* Decode one UTF-8 character at *s and advance *s past it; invalid input gives
 * 0xFFFD and advances one byte. Returns 0 at the end of the string. */
uint32_t tui_utf8_next(const char** s);
/* Encode ch; returns the bytes written (1..4) into out[4]. */
int tui_utf8_put(uint32_t ch, char out[4]);
/* Columns a character takes on a terminal: 0 (combining), 1 or 2 (East Asian wide).
 * Our own small table, so the result does not depend on the C library's locale. */
int tui_char_width(uint32_t ch);
/* Columns UTF-8 text takes. */
int tui_text_width(const char* s);

#endif
