/* viewio.h: one side's view on the wire (docs/protocol.md, "The view").
 *
 * The host writes a struct murk_view as lines (net_view_write); the client reads them back
 * into a view of its own (net_view_reader_line) that the TUI draws as it would the game's:
 * every field of the view, and the part of the public table it points into (the grid,
 * terrain, map, entry points, the side's deployment zones and briefing), each line a record
 * of key=value words from the tables of viewfields.h. Nothing else crosses: the client
 * never has the game. */
#ifndef MURK_NET_VIEWIO_H
#define MURK_NET_VIEWIO_H

#include <stdbool.h>
#include <stddef.h>

#include "murk/mission.h"
#include "murk/view.h"
#include "wire.h"

/* A view read from the wire. `v` comes first: a struct murk_view* of one is the
 * net_view (net_view_of). Free with net_view_free. */
struct net_view;
struct murk_view* net_view_view(struct net_view* nv);
struct net_view* net_view_of(struct murk_view* v);
/* The public table the view points into, as a mission holding only the grid, terrain, map,
 * entries, the id and name (for murk_zone_contains and file names). */
const struct murk_mission* net_view_table(const struct net_view* nv);
void net_view_free(struct net_view* nv);

/* Append v (a side's view, never the umpire's) as lines to b: "view begin ..." to
 * "view end". `own_commands` (how many commands of v's side the game has taken: the side
 * gave them, so it knows them; never the game's whole count, which holds the enemy's
 * hidden commands) goes with it. */
void net_view_write(const struct murk_view* v, size_t own_commands, struct net_buf* b);

/* Reading, a line at a time (each without its newline, as net_reader gives them). */
struct net_view_reader;
struct net_view_reader* net_view_reader_new(void);
void net_view_reader_free(struct net_view_reader* r);
/* Returns 0: more lines wanted; 1: the view is whole (take it with net_view_reader_take);
 * -1: not a view line, or a wrong one (what in r's error). */
int net_view_reader_line(struct net_view_reader* r, char* line);
struct net_view* net_view_reader_take(struct net_view_reader* r, size_t* own_commands);
const char* net_view_reader_error(const struct net_view_reader* r);

/* Read a whole text of lines (tests): NULL on an error or out of memory. */
struct net_view* net_view_parse(const char* text, size_t len, size_t* own_commands);

#endif
