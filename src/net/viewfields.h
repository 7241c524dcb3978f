/* viewfields.h: the records of a view, one table each (docs/protocol.md, "The view").
 *
 * Every member of struct murk_view and of the records it holds (markers, teams, platoons,
 * events, ... and the parts of the public table it points into) is one row here: its name,
 * how it is written, its range, and whether a lean view fills it (murk_view_build_lean).
 * The wire's writer and reader (viewio.c) and the tests' comparison walk these rows; a new
 * field is one row. test_net_viewio checks that the rows of each table cover every byte of
 * its struct but padding (net_vf_check), so a member without a row fails the suite. */
#ifndef MURK_NET_VIEWFIELDS_H
#define MURK_NET_VIEWFIELDS_H

#include <stdbool.h>
#include <stddef.h>

#include "murk/geom.h"
#include "murk/mission.h"
#include "wire.h"

/* The lines of a view that are not a record of view.h, as records of their own. */
#define NET_BRIEF_CHUNK 1500 /* briefing bytes of one `brief` line */
struct net_head_line {       /* `table`: the grid and the mission's name; the first line */
  struct murk_grid grid;
  char name[MURK_NAME];
};
struct net_force_line { /* `force`: the force a side plays */
  int side;
  char name[MURK_NAME];
};
struct net_brief_line { /* `brief`: a piece of the side's briefing, in order */
  char text[NET_BRIEF_CHUNK + 1];
};
struct net_row_line { /* `row`: one map row, two hex digits a cell (its legend entry) */
  int y;
  char cells[2 * MURK_MISSION_MAX_CELLS + 1];
};
struct net_lit_line { /* `lit`: a lit cell and which light lights it */
  struct murk_pos at;
  int by;
};
struct net_begin_line { /* `view begin`: the protocol's version, the side's own commands */
  int version;
  int own_commands;
};

enum net_vf_kind {
  NET_VF_INT,   /* an int or an enum: decimal, within [lo, hi] */
  NET_VF_UINT,  /* an unsigned (a bit set): decimal, 0..UINT32_MAX */
  NET_VF_BOOL,  /* 0 or 1 */
  NET_VF_CHAR,  /* a char, as its code within [lo, hi] */
  NET_VF_STR,   /* char[N]: its bytes escaped as wire.h's strings, at most N - 1 */
  NET_VF_POS,   /* struct murk_pos: X,Y, each within [lo, hi] */
  NET_VF_INTS,  /* int[N]: N numbers, comma-separated, each within [lo, hi] */
  NET_VF_POSES, /* struct murk_pos[N]: X,Y,X,Y... */
  NET_VF_SUB,   /* a struct of its own table (or an array of them): KEY.FIELD=, KEY.I.FIELD= */
  /* Not written in its record's line: */
  NET_VF_LIST,  /* a pointer to an array whose elements are lines of their own (sub: their
                   table; NULL: plain ints) */
  NET_VF_COUNT, /* the length of the arrays of the LIST rows just before it: how many of
                   those lines came */
  NET_VF_TABLE, /* points into the mission (the public table): carried by the table's lines */
};

struct net_vf_table;
struct net_vf {
  const char* key; /* the member's name, the key on the wire */
  size_t off, size;
  enum net_vf_kind kind;
  long lo, hi;
  bool lean; /* a lean view fills it too; otherwise a lean view leaves it zero */
  const struct net_vf_table* sub;
};

struct net_vf_table {
  const char* name; /* the struct it describes */
  size_t size, align;
  const struct net_vf* rows;
  int n;
};

/* The tables. */
extern const struct net_vf_table net_vf_view, net_vf_ending, net_vf_works, net_vf_objective,
    net_vf_marker, net_vf_team, net_vf_platoon, net_vf_wing, net_vf_arrival, net_vf_light,
    net_vf_contact, net_vf_target, net_vf_event, net_vf_roll, net_vf_dice_expr, net_vf_roll_mod,
    net_vf_pos, net_vf_terrain, net_vf_entry, net_vf_end, net_vf_zone, net_vf_region,
    net_vf_keep_out, net_vf_head, net_vf_grid, net_vf_force, net_vf_brief, net_vf_row, net_vf_lit,
    net_vf_begin, net_vf_stats, net_vf_group;
/* Every table, for the checks. */
extern const struct net_vf_table* const net_vf_tables[];
extern const int net_vf_ntables;

/* Append the record at p as " key=value" words: the rows written on the wire, less those
 * that are zero (a reader starts every record from zero). */
void net_vf_write(const struct net_vf_table* t, const void* p, struct net_buf* b);
/* Read words w[0..n) ("key=value") into the record at p (zeroed by the caller): 0, or -1
 * (a word without '=', a value malformed, or a field out of its range, given or not). Keys
 * the table does not have are skipped: a field added by a newer writer is not an error. */
int net_vf_read(const struct net_vf_table* t, void* p, char** w, int n);
/* Do records a and b differ in a row written on the wire (strings to their end)? The first
 * such key (path "roll.mods.1.label") into `key`. LIST, COUNT and TABLE rows are the
 * caller's to compare. */
bool net_vf_differ(const struct net_vf_table* t, const void* a, const void* b, char* key, size_t n);
/* Does a lean record break the lean column: a row not filled by a lean view that is not
 * zero, or a lean row that differs from the full record's? The first such key into `key`. */
bool net_vf_lean_breaks(const struct net_vf_table* t, const void* lean, const void* full, char* key,
                        size_t n);
/* Do the rows of t cover its struct, member after member, with only padding between them
 * (a member without a row leaves a gap its alignment does not explain), and does each row's
 * size fit its kind? false with why in err. */
bool net_vf_check(const struct net_vf_table* t, char* err, size_t n);
/* The table in words: a Markdown table of its rows (docs/protocol.md holds them all; the
 * suite checks they agree). */
void net_vf_doc(const struct net_vf_table* t, struct net_buf* b);

#endif
