/* actions.c: what the keys do (the table of keys: keys.c), and the keys of the
 * move, list and recap modes (session_priv.h). */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "keys.h"
#include "murk/error.h"
#include "murk/mission.h"
#include "murk/view.h"
#include "session_priv.h"

static int act_end(struct tui_session* s) {
  struct tui_ui* ui = tui_cur_ui(s);
  const struct murk_view* v = s->view;
  if (v->phase != MURK_PHASE_PLAY) return tui_send(s, "end");
  struct tui_pending p[TUI_PENDING_MAX];
  const char* what;
  int n = tui_pending_units(v, p, TUI_PENDING_MAX, &what);
  if (n == 0) return tui_send(s, "end");
  char list[96];
  tui_pending_list(p, n, list, sizeof list);
  if (v->step == MURK_STEP_MOVEMENT)
    tui_open_confirm(ui, "end", NULL, "%d of your units %s not moved (%s): end the movement step?",
                     n, n == 1 ? "has" : "have", list);
  else
    tui_open_confirm(ui, "end", NULL, "%d of your platoons still %s %s (%s): end the %s step?", n,
                     n == 1 ? "has" : "have", what, list, murk_step_name(v->step));
  return 0;
}

/* g: the cursor to the next own unit that has not acted this step. */
static int act_next(struct tui_session* s) {
  struct tui_ui* ui = tui_cur_ui(s);
  struct tui_pending p[TUI_PENDING_MAX];
  const char* what;
  int n = tui_pending_units(s->view, p, TUI_PENDING_MAX, &what);
  if (n == 0) {
    tui_message(ui, TUI_A_NORMAL, "no unit of yours is waiting to act now");
    return 0;
  }
  int next = 0;
  for (int i = 0; i < n; i++)
    if (murk_pos_eq(p[i].pos, ui->cursor)) next = (i + 1) % n;
  ui->cursor = p[next].pos;
  tui_hexmap_follow(&ui->map, ui->cursor, 2);
  tui_message(ui, TUI_A_NORMAL, "%s has %s (%d of %d; g: the next)", p[next].label, what, next + 1,
              n);
  return 0;
}

/* m away from own units: the list of those that may move now, as r and f list theirs. */
/* ---- actions ---- */

/* The reconnaissance phase: the move the cursor chooses is sent as `recce` (the command
 * this phase takes, as the view's verbs say). No preview: the view has no reach for it. */
static bool act_recce(struct tui_session* s, const char* handle) {
  struct tui_ui* ui = tui_cur_ui(s);
  if (!(s->view->verbs & (1u << MURK_CMD_RECCE)) || (s->view->verbs & (1u << MURK_CMD_MOVE)))
    return false;
  snprintf(ui->move_verb, sizeof ui->move_verb, "recce");
  for (int i = 0; i < ui->ncells; i++) ui->cells[i] &= (unsigned char)~TUI_CELL_REACH;
  tui_message(ui, TUI_A_NORMAL,
              "reconnaissance move of %s: put the cursor where it goes, then Enter", handle);
  return true;
}

/* Limited Intelligence: the wing leader the view names as adjusting after its deployment
 * roll is the one unit that may go (`adjust`, any cell within its cells; its own: it stays),
 * wherever the cursor was. No preview: the view has no reach for it. */
static bool act_adjust(struct tui_session* s) {
  struct tui_ui* ui = tui_cur_ui(s);
  const struct murk_view* v = s->view;
  if (v->adjust_leader <= 0 || !(v->verbs & (1u << MURK_CMD_ADJUST))) return false;
  const struct murk_view_marker* mk = murk_view_marker_by_number(v, v->side, v->adjust_leader);
  if (!mk || !mk->on_table) return false;
  snprintf(ui->move_unit, sizeof ui->move_unit, "T%d", mk->number);
  snprintf(ui->move_verb, sizeof ui->move_verb, "adjust");
  ui->move_from = ui->cursor = mk->pos;
  tui_hexmap_follow(&ui->map, ui->cursor, 2);
  for (int i = 0; i < ui->ncells; i++) ui->cells[i] &= (unsigned char)~TUI_CELL_REACH;
  ui->mode = TUI_MODE_MOVE;
  tui_message(ui, TUI_A_NORMAL,
              "T%d won the deployment roll: adjust it up to %d cell%s (Enter; on its own cell it "
              "stays)",
              mk->number, v->adjust_cells, v->adjust_cells == 1 ? "" : "s");
  return true;
}

int tui_act_move(struct tui_session* s) {
  struct tui_ui* ui = tui_cur_ui(s);
  if (act_adjust(s)) return 0;
  char handle[16];
  bool tmpl;
  if (!tui_own_unit_at(s, ui->cursor, handle, sizeof handle, &tmpl)) {
    /* Away from own units: the list of those that may move, as r and f list theirs. */
    tui_pick_movers(s);
    return 0;
  }
  /* A bogged unit stays put (the view says so): no preview to mislead. */
  const struct murk_view_marker* mk =
      tmpl ? murk_view_marker_at(s->view, ui->cursor)
           : murk_view_marker_by_number(s->view, ui->side, tui_own_marker_at(s, ui->cursor));
  if (mk && mk->bogged) {
    tui_message(ui, TUI_A_ERROR, "%s is bogged: it may move once it passes a bogging check",
                handle);
    return 0;
  }
  snprintf(ui->move_unit, sizeof ui->move_unit, "%s", handle);
  ui->move_from = ui->cursor;
  ui->mode = TUI_MODE_MOVE;
  snprintf(ui->move_verb, sizeof ui->move_verb, "move");
  if (act_recce(s, handle)) return 0;
  /* The preview is the view's: where the game would take a move, as far as the side knows
   * (murk_view_reach). */
  int n;
  if (tmpl) {
    n = murk_view_reach(s->view, mk->number, ui->cells, TUI_CELL_REACH);
    if (n >= 0)
      tui_message(ui, TUI_A_NORMAL, "move %s: %d cell%s within reach", handle, n,
                  n == 1 ? "" : "s");
  } else {
    /* A revealed platoon: its first team leads at its slowest team's pace. */
    const struct murk_view_platoon* pl = &s->view->platoons[tui_own_platoon_at(s, ui->cursor)];
    ui->move_from = pl->lead;
    n = murk_view_reach(s->view, pl->marker, ui->cells, TUI_CELL_REACH);
    if (n >= 0)
      tui_message(ui, TUI_A_NORMAL, "move platoon %s: its first team leads; %d cell%s within reach",
                  handle, n, n == 1 ? "" : "s");
  }
  return n < 0 ? n : 0;
}

/* A platoon comes on from reserve: the cells its arrivals allow (the view's, free as the side
 * knows them) light up as a deployment zone does; the cursor goes to the nearest, and Enter
 * sends `arrive N at X,Y`. */
int tui_act_arrive(struct tui_session* s, int index) {
  struct tui_ui* ui = tui_cur_ui(s);
  const struct murk_view* v = s->view;
  if (index < 0 || index >= v->nplatoons || !ui->cells) return 0;
  const struct murk_view_platoon* pl = &v->platoons[index];
  for (int i = 0; i < ui->ncells; i++) ui->cells[i] &= (unsigned char)~TUI_CELL_REACH;
  int n = 0, bestd = -1;
  struct murk_pos best = ui->cursor;
  for (int a = 0; a < v->narrivals; a++) {
    const struct murk_view_arrival* ar = &v->arrivals[a];
    if (ar->kind != pl->reserve || (ar->platoon >= 0 && ar->platoon != index)) continue;
    for (int c = 0; c < ar->ncells; c++) {
      struct murk_pos p = ar->cells[c];
      if (!murk_geom_on_table(&v->grid, p)) continue;
      unsigned char* cell = &ui->cells[p.y * v->grid.width + p.x];
      if (!(*cell & TUI_CELL_REACH)) n++;
      *cell |= TUI_CELL_REACH;
      int d = murk_geom_distance(&v->grid, p, ui->cursor);
      if (bestd < 0 || d < bestd) {
        bestd = d;
        best = p;
      }
    }
  }
  if (n == 0) {
    tui_message(ui, TUI_A_ERROR, "no cell is free for platoon %d to come on at now", index + 1);
    return 0;
  }
  snprintf(ui->move_unit, sizeof ui->move_unit, "%d", index + 1);
  snprintf(ui->move_verb, sizeof ui->move_verb, "arrive");
  ui->move_from = (struct murk_pos){-1, -1};
  ui->cursor = best;
  tui_hexmap_follow(&ui->map, ui->cursor, 2);
  ui->mode = TUI_MODE_MOVE;
  tui_message(ui, TUI_A_NORMAL, "platoon %d comes on: %d lit cell%s; put the cursor on one, Enter",
              index + 1, n, n == 1 ? "" : "s");
  return 0;
}

/* r and v: the own template at the cursor; elsewhere NULL, the list of the hidden platoons
 * open (a `kind` list). */
static const struct murk_view_marker* template_to_reveal(struct tui_session* s,
                                                         enum tui_pick_kind kind,
                                                         const char* title) {
  struct tui_ui* ui = tui_cur_ui(s);
  const struct murk_view_marker* mk = murk_view_marker_at(s->view, ui->cursor);
  if (mk && mk->on_table && mk->owner == ui->side) return mk;
  tui_pick_open(ui, kind, title);
  tui_pick_hidden(s);
  tui_pick_done(s, "none of your platoons is hidden");
  return NULL;
}

static int act_reveal(struct tui_session* s) {
  const struct murk_view_marker* mk =
      template_to_reveal(s, TUI_PICK_REVEAL, "Reveal which platoon?");
  return mk ? tui_sendf(s, "reveal T%d", mk->number) : 0;
}

/* The revealed platoon's other teams placed by hand (`reveal Tn via X,Y ...`): the cells the
 * view allows them (murk_view_reveal_cells) are lit, Enter puts a team on the cursor's cell;
 * once each has one, or on v (or Enter on the template), the reveal goes with the cells
 * chosen (the game places the rest). */
int tui_act_reveal_via(struct tui_session* s) {
  struct tui_ui* ui = tui_cur_ui(s);
  const struct murk_view* v = s->view;
  const struct murk_view_marker* mk =
      template_to_reveal(s, TUI_PICK_REVEAL_VIA, "Reveal which platoon, placing its teams?");
  if (!mk) return 0;
  int others = mk->known && !mk->dummy ? mk->nteams - 1 : 0;
  int n = murk_view_reveal_cells(v, mk->number, ui->cells, TUI_CELL_REACH);
  if (n < 0) return n;
  if (others <= 0 || n == 0) {
    tui_message(ui, TUI_A_ERROR, "T%d has no other team to place by hand: r reveals it",
                mk->number);
    return 0;
  }
  snprintf(ui->move_unit, sizeof ui->move_unit, "T%d", mk->number);
  snprintf(ui->move_verb, sizeof ui->move_verb, "reveal");
  ui->move_from = mk->pos;
  ui->nvia = 0;
  ui->via_max = others < TUI_VIA_MAX ? others : TUI_VIA_MAX;
  ui->mode = TUI_MODE_MOVE;
  tui_message(ui, TUI_A_NORMAL, "reveal T%d: Enter puts a team on a lit cell (%d to place)",
              mk->number, ui->via_max);
  return 0;
}

/* Placing a revealed platoon's other teams by hand: in a reveal (v) or in the placing of
 * a platoon the enemy's spotting revealed (v while it is due). */
static bool placing_teams(const struct tui_ui* ui) {
  return strcmp(ui->move_verb, "reveal") == 0 || strcmp(ui->move_verb, "place") == 0;
}

/* Fog of War: the own platoon the enemy's spotting revealed (the view's place_platoon), its
 * teams by the rule (r) or, with v, on lit cells as in a reveal (`place Pn via X,Y ...`). */
int tui_act_place(struct tui_session* s, bool by_hand) {
  struct tui_ui* ui = tui_cur_ui(s);
  const struct murk_view* v = s->view;
  int number = v->place_platoon;
  if (number <= 0) return 0;
  int others = 0;
  for (int i = 0; i < v->nplatoons; i++)
    if (v->platoons[i].marker == number) others = v->platoons[i].nteams - 1;
  int n = by_hand ? murk_view_reveal_cells(v, number, ui->cells, TUI_CELL_REACH) : 0;
  if (n < 0) return n;
  if (!by_hand || others <= 0 || n == 0) {
    if (by_hand)
      tui_message(ui, TUI_A_NORMAL,
                  "P%d: no cell for its other teams by hand: the rule places them", number);
    return tui_sendf(s, "place P%d", number);
  }
  snprintf(ui->move_unit, sizeof ui->move_unit, "P%d", number);
  snprintf(ui->move_verb, sizeof ui->move_verb, "place");
  ui->move_from = v->place_at;
  ui->cursor = v->place_at;
  ui->nvia = 0;
  ui->via_max = others < TUI_VIA_MAX ? others : TUI_VIA_MAX;
  ui->mode = TUI_MODE_MOVE;
  tui_message(ui, TUI_A_NORMAL, "place P%d: Enter puts a team on a lit cell (%d to place)", number,
              ui->via_max);
  return 0;
}

/* The reveal (or the placing) with the cells chosen so far. */
static int send_reveal_via(struct tui_session* s) {
  struct tui_ui* ui = tui_cur_ui(s);
  char line[TUI_LINE_MAX];
  int len = snprintf(line, sizeof line, "%s %s", ui->move_verb, ui->move_unit);
  for (int i = 0; i < ui->nvia && len > 0 && (size_t)len < sizeof line; i++) {
    char pos[16];
    murk_pos_format(ui->via[i], pos, sizeof pos);
    len += snprintf(line + len, sizeof line - (size_t)len, "%s%s", i ? " " : " via ", pos);
  }
  ui->mode = TUI_MODE_MAP;
  ui->nvia = 0;
  return tui_send(s, line);
}

/* Enter in the reveal: the cursor's cell for the next team (again: taken back). */
static int reveal_via_cell(struct tui_session* s) {
  struct tui_ui* ui = tui_cur_ui(s);
  if (murk_pos_eq(ui->cursor, ui->move_from)) return send_reveal_via(s);
  int w = s->view->grid.width;
  unsigned char* cell = &ui->cells[ui->cursor.y * w + ui->cursor.x];
  for (int i = 0; i < ui->nvia; i++)
    if (murk_pos_eq(ui->via[i], ui->cursor)) {
      memmove(&ui->via[i], &ui->via[i + 1], (size_t)(ui->nvia - i - 1) * sizeof ui->via[0]);
      ui->nvia--;
      *cell |= TUI_CELL_REACH;
      tui_message(ui, TUI_A_NORMAL, "%s %s: %d of %d placed", ui->move_verb, ui->move_unit,
                  ui->nvia, ui->via_max);
      return 0;
    }
  ui->via[ui->nvia++] = ui->cursor;
  *cell &= (unsigned char)~TUI_CELL_REACH; /* no longer free for the next */
  if (ui->nvia >= ui->via_max) return send_reveal_via(s);
  tui_message(ui, TUI_A_NORMAL, "%s %s: %d of %d placed (v sends it now, Esc cancels)",
              ui->move_verb, ui->move_unit, ui->nvia, ui->via_max);
  return 0;
}

static int act_fight(struct tui_session* s, bool assault) {
  struct tui_ui* ui = tui_cur_ui(s);
  int actor = tui_own_platoon_at(s, ui->cursor);
  if (actor >= 0) {
    char h[16];
    snprintf(h, sizeof h, "%d", actor + 1);
    tui_open_target_pick(s, assault, h, actor);
    return 0;
  }
  tui_pick_open(ui, assault ? TUI_PICK_ASSAULTER : TUI_PICK_SHOOTER,
                assault ? "Which platoon assaults?" : "Which platoon shoots?");
  tui_pick_own(s, MURK_PLATOON_REVEALED);
  tui_pick_mark_actors(s, assault);
  tui_pick_done(s, "none of your platoons is revealed: reveal one first (r)");
  return 0;
}

/* Fighting Withdrawal: the own platoon at the cursor, or one from the list. */
static int act_withdraw(struct tui_session* s) {
  struct tui_ui* ui = tui_cur_ui(s);
  char handle[16];
  bool tmpl;
  if (tui_own_unit_at(s, ui->cursor, handle, sizeof handle, &tmpl))
    return tui_sendf(s, "withdraw %s", handle);
  tui_pick_open(ui, TUI_PICK_WITHDRAW, "Withdraw which platoon?");
  tui_pick_own(s, MURK_PLATOON_HIDDEN);
  tui_pick_own(s, MURK_PLATOON_REVEALED);
  tui_pick_done(s, "none of your platoons is on the table");
  return 0;
}

/* x: take away the objective at the cursor (Hasty Attack's setup, Fighting Withdrawal when
 * due), named as the players name it (murk_command_remove_objective); the game says why
 * not when it may not go. */
static int act_remove(struct tui_session* s) {
  struct tui_ui* ui = tui_cur_ui(s);
  const struct murk_view* v = s->view;
  for (int i = 0; i < v->nobjectives; i++) {
    if (!murk_pos_eq(v->objectives[i].pos, ui->cursor)) continue;
    struct murk_command c;
    char line[TUI_LINE_MAX];
    if (murk_command_remove_objective(&c, v->objectives[i].name) != MURK_OK ||
        murk_command_format(&c, line, sizeof line) != MURK_OK) {
      tui_message(ui, TUI_A_ERROR, "this objective's name cannot be written in a command");
      return 0;
    }
    return tui_send(s, line);
  }
  tui_message(ui, TUI_A_ERROR, "no objective at the cursor: put it on the one to take away");
  return 0;
}

/* No Man's Land's patrol phase: d sends a platoon out on patrol to the cursor, from the
 * list of those the view says may go; away from the lit cells (the view's), the cursor
 * goes to the nearest first. */
static int act_patrol(struct tui_session* s) {
  struct tui_ui* ui = tui_cur_ui(s);
  const struct murk_view* v = s->view;
  int best = -1, bestd = 0;
  for (int i = 0; i < v->nplace_cells; i++) {
    int d = murk_geom_distance(&v->grid, v->place_cells[i], ui->cursor);
    if (best < 0 || d < bestd) {
      best = i;
      bestd = d;
    }
  }
  if (best < 0) {
    tui_message(ui, TUI_A_ERROR, "no cell is left for a patrol: 'e' ends the phase");
    return 0;
  }
  char pos[16];
  if (bestd > 0) {
    ui->cursor = v->place_cells[best];
    tui_hexmap_follow(&ui->map, ui->cursor, 2);
    murk_pos_format(ui->cursor, pos, sizeof pos);
    tui_message(ui, TUI_A_NORMAL, "a patrol goes on a lit cell: the nearest is %s (d again)", pos);
    return 0;
  }
  murk_pos_format(ui->cursor, pos, sizeof pos);
  char title[96];
  snprintf(title, sizeof title, "Send which platoon out on patrol at %s?", pos);
  tui_pick_open(ui, TUI_PICK_PATROL, title);
  tui_pick_may_deploy(s, true);
  tui_pick_done(s, "no platoon of yours may go out on patrol: 'e' ends the phase");
  return 0;
}

static int act_deploy(struct tui_session* s) {
  struct tui_ui* ui = tui_cur_ui(s);
  char pos[16];
  murk_pos_format(ui->cursor, pos, sizeof pos);
  tui_pick_deployable(s, pos);
  /* Dummies while the side has some left (the view counts them). */
  if (s->view->dummies_left > 0) {
    struct tui_pick_item* it = tui_pick_add(&ui->pick, "dummy");
    if (it)
      snprintf(it->label, sizeof it->label, " -  a dummy %s (%d left)",
               murk_marker_noun(s->view->dummy_kind, false), s->view->dummies_left);
  }
  tui_pick_done(s, "every platoon is deployed or in reserve: 'e' ends your deployment");
  return 0;
}

/* i: the platoons that may come on from reserve now; one chosen, its cells light up. */
int tui_do_arrive(struct tui_session* s, struct tui_key k) {
  (void)k;
  struct tui_ui* ui = tui_cur_ui(s);
  tui_pick_open(ui, TUI_PICK_ARRIVE, "Bring which platoon on from reserve?");
  tui_pick_arrivals(s);
  tui_pick_done(s, "no platoon of yours may come on from reserve now");
  return 0;
}

static int act_reserve(struct tui_session* s) {
  struct tui_ui* ui = tui_cur_ui(s);
  tui_pick_open(ui, TUI_PICK_RESERVE, "Hold which platoon in reserve?");
  tui_pick_own(s, MURK_PLATOON_WAITING);
  tui_pick_done(s, "no platoon left to hold in reserve");
  return 0;
}

/* ---- the cursor ---- */

static void move_cursor(struct tui_session* s, int key, int times) {
  struct tui_ui* ui = tui_cur_ui(s);
  const struct murk_grid* g = &s->view->grid;
  bool hex = g->kind == MURK_GRID_HEX;
  for (int i = 0; i < times; i++) {
    struct murk_pos p = ui->cursor;
    int dir = -1;
    switch (key) {
      case 'h':
        dir = hex ? 3 : 4;
        break;
      case 'l':
        dir = 0;
        break;
      case 'y':
        dir = hex ? 2 : 3;
        break;
      case 'u':
        dir = 1;
        break;
      case 'b':
        dir = hex ? 4 : 5;
        break;
      case 'n':
        dir = hex ? 5 : 7;
        break;
      case 'k':
        p.y--;
        break; /* straight up: the hex above, zigzagging on hex maps */
      case 'j':
        p.y++;
        break;
      default:
        return;
    }
    if (dir >= 0) p = murk_geom_neighbour(g, p, dir);
    if (!murk_geom_on_table(g, p)) break;
    ui->cursor = p;
  }
  tui_hexmap_follow(&ui->map, ui->cursor, 2);
}

/* Arrows and vi keys to a direction key ('h' 'j' 'k' 'l' 'y' 'u' 'b' 'n'), and how far. */
static int cursor_key(int code, int* times) {
  *times = 1;
  switch (code) {
    case TUI_KEY_LEFT:
      return 'h';
    case TUI_KEY_RIGHT:
      return 'l';
    case TUI_KEY_UP:
      return 'k';
    case TUI_KEY_DOWN:
      return 'j';
    case 'h':
    case 'j':
    case 'k':
    case 'l':
    case 'y':
    case 'u':
    case 'b':
    case 'n':
      return code;
    case 'H':
    case 'J':
    case 'K':
    case 'L':
    case 'Y':
    case 'B':
    case 'N':
      *times = 5;
      return code - 'A' + 'a';
    default:
      return 0;
  }
}

static bool click_cell(struct tui_session* s, struct tui_key k, struct murk_pos* p) {
  return tui_hexmap_from_screen(&tui_cur_ui(s)->map, k.x, k.y, p);
}

/* ---- the keys of a list, of a move and of the recap: the table's actions (keys.c) ---- */

int tui_do_pick_select(struct tui_session* s, struct tui_key k) {
  struct tui_pick* pk = &tui_cur_ui(s)->pick;
  if (k.code == TUI_KEY_UP || k.code == 'k') {
    if (pk->sel > 0) pk->sel--;
  } else if (pk->sel + 1 < pk->n) {
    pk->sel++;
  }
  return 0;
}

int tui_do_pick_choose(struct tui_session* s, struct tui_key k) {
  (void)k;
  return tui_pick_choose(s);
}

/* Esc in a move or a list: back to the map, nothing sent (a move's note goes too). */
int tui_do_cancel(struct tui_session* s, struct tui_key k) {
  (void)k;
  struct tui_ui* ui = tui_cur_ui(s);
  if (ui->mode == TUI_MODE_MOVE) ui->message[0] = '\0';
  ui->mode = TUI_MODE_MAP;
  return 0;
}

/* v (or r) while a revealed platoon's teams are placed: the reveal with the cells so far. */
int tui_do_move_reveal(struct tui_session* s, struct tui_key k) {
  (void)k;
  if (placing_teams(tui_cur_ui(s))) return send_reveal_via(s);
  return 0;
}

/* A click puts the cursor on a cell; a second click on the same cell, in a reveal, sends it. */
int tui_do_move_click(struct tui_session* s, struct tui_key k) {
  struct tui_ui* ui = tui_cur_ui(s);
  struct murk_pos p;
  if (!click_cell(s, k, &p)) return 0;
  if (!murk_pos_eq(p, ui->cursor)) {
    ui->cursor = p;
    return 0;
  }
  return tui_do_move_reveal(s, k);
}

/* Enter: the move to the cursor's cell (a reveal: a team's cell). */
int tui_do_move_go(struct tui_session* s, struct tui_key k) {
  (void)k;
  struct tui_ui* ui = tui_cur_ui(s);
  if (placing_teams(ui)) return reveal_via_cell(s);
  if (strcmp(ui->move_verb, "arrive") == 0) {
    char at[16];
    murk_pos_format(ui->cursor, at, sizeof at);
    ui->mode = TUI_MODE_MAP;
    return tui_sendf(s, "arrive %s at %s", ui->move_unit, at);
  }
  bool adjust = strcmp(ui->move_verb, "adjust") == 0; /* its own cell: it stays */
  if (murk_pos_eq(ui->cursor, ui->move_from) && !adjust) {
    ui->mode = TUI_MODE_MAP;
    return 0;
  }
  char pos[16];
  murk_pos_format(ui->cursor, pos, sizeof pos);
  char line[TUI_LINE_MAX];
  snprintf(line, sizeof line, "%s %s to %s", ui->move_verb[0] ? ui->move_verb : "move",
           ui->move_unit, pos);
  ui->mode = TUI_MODE_MAP;
  /* A move in setup (reconnaissance) may hand over at once: shown first. */
  if (tui_placing_phase(s->view->phase)) {
    tui_open_confirm(ui, line, &ui->cursor, "%s?", line);
    return 0;
  }
  return tui_send(s, line);
}

/* The recap is one page: these keys scroll it (a line, a page, to either end), held within
 * its lines as the page shows them in this window. */
int tui_do_recap_scroll(struct tui_session* s, struct tui_key k) {
  struct tui_ui* ui = tui_cur_ui(s);
  int rows = tui_recap_rows(s->h);
  int last = tui_recap_count(s->view, ui) - rows;
  if (last < 0) last = 0;
  int at = ui->recap_scroll;
  switch (k.code) {
    case TUI_KEY_DOWN:
    case 'j':
      at++;
      break;
    case TUI_KEY_UP:
    case 'k':
      at--;
      break;
    case TUI_KEY_PGDN:
    case ' ':
      at += rows > 1 ? rows - 1 : 1;
      break;
    case TUI_KEY_PGUP:
      at -= rows > 1 ? rows - 1 : 1;
      break;
    case TUI_KEY_HOME:
      at = 0;
      break;
    case TUI_KEY_END:
      at = last;
      break;
    default:
      break;
  }
  ui->recap_scroll = at < 0 ? 0 : at > last ? last : at;
  return 0;
}

int tui_do_recap_skip(struct tui_session* s, struct tui_key k) {
  (void)k;
  tui_cur_ui(s)->mode = TUI_MODE_MAP;
  return 0;
}

/* A key in a list, a move or the recap: its row of the table does it. */
int tui_key_mode(struct tui_session* s, struct tui_key k) {
  const struct tui_keydef* r = tui_key_find(s->view, tui_cur_ui(s)->mode, k.code);
  return r ? r->act(s, k) : 0;
}

/* PgUp / PgDn: the event log by a page (the lines it shows), never past its oldest line. */
static void scroll_log(struct tui_session* s, int pages) {
  struct tui_ui* ui = tui_cur_ui(s);
  struct tui_layout L;
  tui_layout_compute(s->w, s->h, &s->view->grid, &L);
  int page = L.log_h - 1 > 1 ? L.log_h - 1 : 1;
  ui->log_scroll += pages * page;
  int max = (int)s->view->nevents - page;
  if (ui->log_scroll > max) ui->log_scroll = max > 0 ? max : 0;
  if (ui->log_scroll < 0) ui->log_scroll = 0;
}

/* ---- the keys of the map: the table's actions (keys.c) ---- */

int tui_do_cursor(struct tui_session* s, struct tui_key k) {
  int times;
  int dk = cursor_key(k.code, &times);
  if (dk) move_cursor(s, dk, times);
  return 0;
}

int tui_do_click(struct tui_session* s, struct tui_key k) {
  struct murk_pos p;
  if (click_cell(s, k, &p)) tui_cur_ui(s)->cursor = p;
  return 0;
}

int tui_do_objective(struct tui_session* s, struct tui_key k) {
  (void)k;
  struct tui_ui* ui = tui_cur_ui(s);
  char pos[16];
  murk_pos_format(ui->cursor, pos, sizeof pos);
  /* Shown first: placing it may hand over at once, and then it stands. */
  char line[TUI_LINE_MAX];
  snprintf(line, sizeof line, "objective at %s", pos);
  tui_open_confirm(ui, line, &ui->cursor, "Place an objective at %s?", pos);
  return 0;
}

/* No Man's Land's works: `d` on one end of a piece (a lit cell), then on the other; the
 * game judges the line between them (its length, the ground). */
int tui_do_build(struct tui_session* s, struct tui_key k) {
  (void)k;
  struct tui_ui* ui = tui_cur_ui(s);
  char a[16], b[16];
  murk_pos_format(ui->cursor, b, sizeof b);
  if (!ui->build_open) {
    ui->build_open = true;
    ui->build_from = ui->cursor;
    tui_message(ui, TUI_A_NORMAL, "one end at %s: the other end, then d (Esc: start again)", b);
    return 0;
  }
  ui->build_open = false;
  murk_pos_format(ui->build_from, a, sizeof a);
  char line[TUI_LINE_MAX];
  snprintf(line, sizeof line, "build at %s %s", a, b);
  tui_open_confirm(ui, line, &ui->cursor, "Build from %s to %s?", a, b);
  return 0;
}

int tui_do_reserve(struct tui_session* s, struct tui_key k) {
  (void)k;
  return act_reserve(s);
}

int tui_do_patrol(struct tui_session* s, struct tui_key k) {
  (void)k;
  return act_patrol(s);
}

int tui_do_deploy(struct tui_session* s, struct tui_key k) {
  (void)k;
  return act_deploy(s);
}

int tui_do_move(struct tui_session* s, struct tui_key k) {
  (void)k;
  return tui_act_move(s);
}

int tui_do_next(struct tui_session* s, struct tui_key k) {
  (void)k;
  return act_next(s);
}

int tui_do_reveal(struct tui_session* s, struct tui_key k) {
  (void)k;
  return act_reveal(s);
}

int tui_do_reveal_via(struct tui_session* s, struct tui_key k) {
  (void)k;
  return tui_act_reveal_via(s);
}

int tui_do_place(struct tui_session* s, struct tui_key k) {
  (void)k;
  return tui_act_place(s, false);
}

int tui_do_place_via(struct tui_session* s, struct tui_key k) {
  (void)k;
  return tui_act_place(s, true);
}

int tui_do_spot(struct tui_session* s, struct tui_key k) {
  (void)k;
  return tui_send(s, "spot");
}

int tui_do_shoot(struct tui_session* s, struct tui_key k) {
  (void)k;
  return act_fight(s, false);
}

int tui_do_assault(struct tui_session* s, struct tui_key k) {
  (void)k;
  return act_fight(s, true);
}

int tui_do_end(struct tui_session* s, struct tui_key k) {
  (void)k;
  return act_end(s);
}

int tui_do_withdraw(struct tui_session* s, struct tui_key k) {
  (void)k;
  return act_withdraw(s);
}

/* Ending the battle by choice: each asks first, and the game says the rest. */
int tui_do_concede(struct tui_session* s, struct tui_key k) {
  (void)k;
  tui_open_confirm(tui_cur_ui(s), "concede", NULL, "Concede the battle? The enemy wins.");
  return 0;
}

int tui_do_offer_end(struct tui_session* s, struct tui_key k) {
  (void)k;
  tui_open_confirm(tui_cur_ui(s), "offer end", NULL,
                   "Offer the enemy an end to the battle (it answers when it next acts)?");
  return 0;
}

int tui_do_accept_end(struct tui_session* s, struct tui_key k) {
  (void)k;
  tui_open_confirm(tui_cur_ui(s), "accept end", NULL,
                   "Accept the enemy's offer? The battle ends with no winner.");
  return 0;
}

int tui_do_refuse_end(struct tui_session* s, struct tui_key k) {
  (void)k;
  return tui_send(s, "refuse end");
}

int tui_do_remove(struct tui_session* s, struct tui_key k) {
  (void)k;
  return act_remove(s);
}

int tui_do_undo(struct tui_session* s, struct tui_key k) {
  (void)k;
  return tui_undo(s);
}

int tui_do_command(struct tui_session* s, struct tui_key k) {
  (void)k;
  tui_open_command(s, "");
  return 0;
}

int tui_do_tab(struct tui_session* s, struct tui_key k) {
  struct tui_ui* ui = tui_cur_ui(s);
  int step = k.code == TUI_KEY_BTAB ? TUI_TAB_COUNT - 1 : 1;
  ui->tab = (ui->tab + step) % TUI_TAB_COUNT;
  return 0;
}

int tui_do_brief(struct tui_session* s, struct tui_key k) {
  struct tui_ui* ui = tui_cur_ui(s);
  if (k.code == ']')
    ui->brief_scroll++;
  else if (ui->brief_scroll > 0)
    ui->brief_scroll--;
  ui->tab = TUI_TAB_BRIEFING;
  return 0;
}

int tui_do_log(struct tui_session* s, struct tui_key k) {
  scroll_log(s, k.code == TUI_KEY_PGUP ? 1 : -1);
  return 0;
}

int tui_do_labels(struct tui_session* s, struct tui_key k) {
  (void)k;
  struct tui_ui* ui = tui_cur_ui(s);
  ui->roster_labels = !ui->roster_labels;
  return 0;
}

/* S: the command line with `save` and a file name made from the mission. */
int tui_do_save(struct tui_session* s, struct tui_key k) {
  (void)k;
  char path[TUI_LINE_MAX];
  const struct murk_mission* m = tui_g_table(s);
  const char* dir = s->save_dir ? s->save_dir : "";
  const char* sep = s->save_dir ? "/" : "";
  /* A game with secret dice has no seed to name the file by: its turn instead. */
  if (s->o.secret_dice)
    snprintf(path, sizeof path, "save %s%s%s-turn%d.murk", dir, sep, m->id, tui_g_turn(s));
  else
    snprintf(path, sizeof path, "save %s%s%s-%" PRIu64 ".murk", dir, sep, m->id, s->o.seed);
  tui_open_command(s, path);
  return 0;
}

int tui_do_esc(struct tui_session* s, struct tui_key k) {
  (void)k;
  tui_cur_ui(s)->message[0] = '\0';
  tui_cur_ui(s)->build_open = false; /* a piece of works begun: start again */
  tui_cur_ui(s)->tip[0] = '\0';
  tui_cur_ui(s)->los = false; /* the line of sight (t) is drawn on the message line */
  return 0;
}

int tui_do_redraw(struct tui_session* s, struct tui_key k) {
  (void)s;
  (void)k;
  return TUI_SESSION_CLEAR;
}

int tui_do_help(struct tui_session* s, struct tui_key k) {
  (void)k;
  tui_cur_ui(s)->help = true;
  return 0;
}

/* Once the game is over there is nothing to go on with and the game is kept: no question. */
int tui_do_quit(struct tui_session* s, struct tui_key k) {
  (void)k;
  struct tui_ui* ui = tui_cur_ui(s);
  if (ui->side == MURK_NO_SIDE) return TUI_SESSION_QUIT;
  ui->confirm_quit = true;
  return 0;
}

/* A key on the map: its row of the table does it, if it works now. */
int tui_key_map(struct tui_session* s, struct tui_key k) {
  struct tui_ui* ui = tui_cur_ui(s);
  const struct murk_view* v = s->view;
  const struct tui_keydef* r = tui_key_find(v, TUI_MODE_MAP, k.code);
  bool over = ui->side == MURK_NO_SIDE || v->phase == MURK_PHASE_OVER;
  if (over && (!r || !tui_key_works(r, v))) {
    if (k.code < 0x80 && k.code > ' ')
      tui_message(ui, TUI_A_ERROR, "the game is over (q quits, S saves)");
    return 0;
  }
  if (!r || (r->verb == TUI_NO_VERB && !tui_key_works(r, v))) return 0;
  /* Outside the phases of its command: when it is, in the command table's words. The
   * steps, the turn and the state are the game's to judge once a command is sent. */
  if (!r->sends && !tui_key_works(r, v)) {
    tui_message(ui, TUI_A_ERROR, "%s", murk_command_when((enum murk_command_kind)r->verb));
    return 0;
  }
  return r->act(s, k);
}
