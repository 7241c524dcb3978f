/* picks.c: the lists the keys open (own platoons, targets, hidden platoons, what
 * may deploy), what is left to do this step, and the questions before what cannot be taken
 * back (session_priv.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "keys.h"
#include "murk/error.h"
#include "murk/mission.h"
#include "murk/view.h"
#include "session_priv.h"

/* ---- what is at the cursor ---- */

/* The own unit at p: its command handle and whether it is a template. */
bool tui_own_unit_at(const struct tui_session* s, struct murk_pos p, char* handle, size_t n,
                     bool* is_template) {
  const struct murk_view* v = s->view;
  enum murk_side side = v->side;
  const struct murk_view_marker* mk = murk_view_marker_at(v, p);
  if (mk && mk->on_table && mk->owner == side) {
    snprintf(handle, n, "T%d", mk->number);
    *is_template = true;
    return true;
  }
  const struct murk_view_team* tm = murk_view_team_at(v, p);
  if (tm && tm->owner == side) {
    snprintf(handle, n, "%d", tm->platoon + 1);
    *is_template = false;
    return true;
  }
  return false;
}

/* The own platoon at p (template or team), as a roster index; -1 if none. */
int tui_own_platoon_at(const struct tui_session* s, struct murk_pos p) {
  const struct murk_view* v = s->view;
  const struct murk_view_marker* mk = murk_view_marker_at(v, p);
  if (mk && mk->on_table && mk->owner == v->side && mk->known && !mk->dummy) return mk->platoon;
  const struct murk_view_team* tm = murk_view_team_at(v, p);
  if (tm && tm->owner == v->side) return tm->platoon;
  return -1;
}

/* The marker number of the own team at p, 0 if none. */
int tui_own_marker_at(const struct tui_session* s, struct murk_pos p) {
  const struct murk_view_team* tm = murk_view_team_at(s->view, p);
  return tm && tm->owner == s->view->side ? tm->marker : 0;
}

/* ---- lists ---- */

struct tui_pick_item* tui_pick_add(struct tui_pick* pk, const char* handle) {
  if (pk->n >= TUI_PICK_MAX) return NULL;
  struct tui_pick_item* it = &pk->items[pk->n++];
  memset(it, 0, sizeof *it);
  snprintf(it->handle, sizeof it->handle, "%s", handle);
  return it;
}

void tui_pick_open(struct tui_ui* ui, enum tui_pick_kind kind, const char* title) {
  memset(&ui->pick, 0, sizeof ui->pick);
  ui->pick.kind = kind;
  snprintf(ui->pick.title, sizeof ui->pick.title, "%s", title);
  ui->mode = TUI_MODE_PICK;
}

/* Own platoons in a state, as pick items ("3  2nd Panther Platoon"). */
void tui_pick_own(struct tui_session* s, enum murk_platoon_state state) {
  const struct murk_view* v = s->view;
  struct tui_pick* pk = &tui_cur_ui(s)->pick;
  for (int i = 0; i < v->nplatoons; i++) {
    const struct murk_view_platoon* pl = &v->platoons[i];
    if (pl->state != state) continue;
    char h[16];
    snprintf(h, sizeof h, "%d", pl->index + 1);
    struct tui_pick_item* it = tui_pick_add(pk, h);
    if (!it) return;
    snprintf(it->label, sizeof it->label, "%2d  %s (%s, %d team%s)", pl->index + 1, pl->name,
             pl->type, pl->nteams, pl->nteams == 1 ? "" : "s");
    if (pl->marker > 0) {
      const struct murk_view_marker* mk = murk_view_marker_by_number(v, v->side, pl->marker);
      if (mk && mk->on_table) {
        it->pos = mk->pos;
        it->has_pos = true;
      }
    }
    for (int t = 0; t < v->nteams && !it->has_pos; t++)
      if (v->teams[t].owner == v->side && v->teams[t].platoon == pl->index) {
        it->pos = v->teams[t].pos;
        it->has_pos = true;
      }
  }
}

void tui_pick_arrivals(struct tui_session* s) {
  const struct murk_view* v = s->view;
  struct tui_pick* pk = &tui_cur_ui(s)->pick;
  for (int i = 0; i < v->nplatoons; i++) {
    const struct murk_view_platoon* pl = &v->platoons[i];
    if (pl->state != MURK_PLATOON_RESERVE || !pl->may_arrive) continue;
    const char* where = "";
    for (int a = 0; a < v->narrivals && !where[0]; a++)
      if (v->arrivals[a].kind == pl->reserve &&
          (v->arrivals[a].platoon < 0 || v->arrivals[a].platoon == pl->index))
        where = v->arrivals[a].where;
    char h[16];
    snprintf(h, sizeof h, "%d", pl->index + 1);
    struct tui_pick_item* it = tui_pick_add(pk, h);
    if (!it) return;
    snprintf(it->label, sizeof it->label, "%2d  %s (%s, %d team%s)", pl->index + 1, pl->name,
             pl->type, pl->nteams, pl->nteams == 1 ? "" : "s");
    size_t len = strlen(it->label);
    if (where[0] && len + 3 < sizeof it->label) {
      memcpy(it->label + len, ": ", 2);
      len += 2;
      size_t k = strlen(where);
      if (k > sizeof it->label - 1 - len) k = sizeof it->label - 1 - len;
      memcpy(it->label + len, where, k);
      it->label[len + k] = '\0';
    }
  }
}

/* Limited Intelligence (27.1): own platoons in a state grouped by wing, each wing
 * under a line that names it with its Dis range (the view's wings); deploying any platoon of
 * a wing puts down its leader, so the line deploys the wing as well. Platoons of no wing
 * come last, as pick_own lists them. */
static bool wanted(const struct murk_view_platoon* pl, enum murk_platoon_state state,
                   bool deployable) {
  return deployable ? pl->may_deploy : pl->state == state;
}

/* Own platoons in `state` (deployable: those the view says may deploy now), by wing. */
static void pick_own_by_wing(struct tui_session* s, enum murk_platoon_state state,
                             bool deployable) {
  const struct murk_view* v = s->view;
  struct tui_pick* pk = &tui_cur_ui(s)->pick;
  for (int k = 0; k < v->nwings; k++) {
    const struct murk_view_wing* wg = &v->wings[k];
    int n = 0, lead = -1;
    for (int i = 0; i < v->nplatoons; i++)
      if (v->platoons[i].wing == k && wanted(&v->platoons[i], state, deployable)) {
        if (lead < 0) lead = i;
        n++;
      }
    if (n == 0) continue;
    char h[16];
    snprintf(h, sizeof h, "%d", v->platoons[lead].index + 1);
    struct tui_pick_item* it = tui_pick_add(pk, h);
    if (!it) return;
    snprintf(it->label, sizeof it->label, "%s: wing of %d platoon%s, Dis %d cell%s", wg->name, n,
             n == 1 ? "" : "s", wg->dis_range, wg->dis_range == 1 ? "" : "s");
    for (int i = 0; i < v->nplatoons; i++) {
      const struct murk_view_platoon* pl = &v->platoons[i];
      if (pl->wing != k || !wanted(pl, state, deployable)) continue;
      snprintf(h, sizeof h, "%d", pl->index + 1);
      if (!(it = tui_pick_add(pk, h))) return;
      snprintf(it->label, sizeof it->label, "  %2d  %s (%s, %d team%s)", pl->index + 1, pl->name,
               pl->type, pl->nteams, pl->nteams == 1 ? "" : "s");
    }
  }
  for (int i = 0; i < v->nplatoons; i++) {
    const struct murk_view_platoon* pl = &v->platoons[i];
    if (!wanted(pl, state, deployable) || (pl->wing >= 0 && pl->wing < v->nwings)) continue;
    char h[16];
    snprintf(h, sizeof h, "%d", pl->index + 1);
    struct tui_pick_item* it = tui_pick_add(pk, h);
    if (!it) return;
    snprintf(it->label, sizeof it->label, "%2d  %s (%s, %d team%s), no wing", pl->index + 1,
             pl->name, pl->type, pl->nteams, pl->nteams == 1 ? "" : "s");
  }
}

/* Revealed enemy platoons as targets ("P5  1st Tank Platoon, 3 teams, 4 cells"). */
static void pick_targets(struct tui_session* s, int actor) {
  const struct murk_view* v = s->view;
  struct tui_pick* pk = &tui_cur_ui(s)->pick;
  for (int i = 0; i < v->nmarkers; i++) {
    const struct murk_view_marker* mk = &v->markers[i];
    if (mk->owner == v->side || !mk->revealed || !mk->known || mk->dummy) continue;
    /* The nearest pair of teams, actor to target (distance for the player's choice). */
    int best = -1;
    struct murk_pos at = mk->pos;
    for (int a = 0; a < v->nteams; a++) {
      const struct murk_view_team* ta = &v->teams[a];
      if (ta->owner != mk->owner || ta->marker != mk->number) continue;
      if (best < 0) at = ta->pos;
      for (int b = 0; b < v->nteams; b++) {
        const struct murk_view_team* tb = &v->teams[b];
        if (tb->owner != v->side || tb->platoon != actor) continue;
        int d = murk_geom_distance(&v->grid, ta->pos, tb->pos);
        if (best < 0 || d < best) {
          best = d;
          at = ta->pos;
        }
      }
    }
    if (mk->nteams <= 0) continue;
    char h[16];
    snprintf(h, sizeof h, "P%d", mk->number);
    struct tui_pick_item* it = tui_pick_add(pk, h);
    if (!it) return;
    if (best >= 0)
      snprintf(it->label, sizeof it->label, "P%-3d %s (%d team%s), %d cell%s", mk->number, mk->name,
               mk->nteams, mk->nteams == 1 ? "" : "s", best, best == 1 ? "" : "s");
    else
      snprintf(it->label, sizeof it->label, "P%-3d %s (%d team%s)", mk->number, mk->name,
               mk->nteams, mk->nteams == 1 ? "" : "s");
    it->pos = at;
    it->has_pos = true;
  }
}

void tui_pick_done(struct tui_session* s, const char* empty) {
  struct tui_ui* ui = tui_cur_ui(s);
  if (ui->pick.n == 0) {
    ui->mode = TUI_MODE_MAP;
    tui_message(ui, TUI_A_ERROR, "%s", empty);
  }
}

static void pick_mark_targets(struct tui_session* s, int actor, bool assault);
void tui_open_target_pick(struct tui_session* s, bool assault, const char* actor_handle,
                          int actor) {
  struct tui_ui* ui = tui_cur_ui(s);
  char title[96];
  snprintf(title, sizeof title, "%s with %s at", assault ? "Assault" : "Shoot", actor_handle);
  tui_pick_open(ui, assault ? TUI_PICK_ASSAULT : TUI_PICK_SHOOT, title);
  snprintf(ui->pick.actor, sizeof ui->pick.actor, "%s", actor_handle);
  pick_targets(s, actor);
  pick_mark_targets(s, actor, assault);
  tui_pick_done(s, "no revealed enemy platoon to aim at");
}

/* ---- what is left this step, and questions before what cannot be taken back ---- */

/* Where own platoon pl stands: its marker while hidden, else its first team on the table. */
static bool platoon_pos(const struct murk_view* v, const struct murk_view_platoon* pl,
                        struct murk_pos* at) {
  if (pl->state == MURK_PLATOON_HIDDEN) {
    const struct murk_view_marker* mk = murk_view_marker_by_number(v, v->side, pl->marker);
    if (mk && mk->on_table) {
      *at = mk->pos;
      return true;
    }
    return false;
  }
  for (int t = 0; t < v->nteams; t++)
    if (v->teams[t].owner == v->side && v->teams[t].platoon == pl->index) {
      *at = v->teams[t].pos;
      return true;
    }
  return false;
}

static void pending_add(struct tui_pending* out, int* n, int max, const char* handle,
                        const char* label, struct murk_pos at) {
  if (*n >= max) return;
  struct tui_pending* p = &out[(*n)++];
  snprintf(p->handle, sizeof p->handle, "%s", handle);
  snprintf(p->label, sizeof p->label, "%s", label);
  p->pos = at;
}

/* The side's own units that have not yet done what this step is for, from the view alone:
 * a move (may_move), a shot or an assault (a target the view lists for them), the
 * reconnaissance move of a recce platoon. Empty when the side is not to act. *what gets the
 * step's words ("not moved"). */
int tui_pending_units(const struct murk_view* v, struct tui_pending* out, int max,
                      const char** what) {
  int n = 0;
  *what = "";
  if (v->side == MURK_NO_SIDE || v->to_act != v->side) return 0;
  char h[16], l[16];
  if (v->phase == MURK_PHASE_RECCE) {
    *what = "not made its reconnaissance move";
    for (int i = 0; i < v->nplatoons; i++) {
      const struct murk_view_platoon* pl = &v->platoons[i];
      struct murk_pos at;
      if (!(pl->flags & MURK_PF(RECCE)) || pl->recce_moved || !platoon_pos(v, pl, &at)) continue;
      snprintf(h, sizeof h, "%d", pl->index + 1);
      snprintf(l, sizeof l, "%c%d", pl->state == MURK_PLATOON_HIDDEN ? 'T' : 'P', pl->marker);
      pending_add(out, &n, max, h, l, at);
    }
    return n;
  }
  if (v->phase != MURK_PHASE_PLAY) return 0;
  if (v->step == MURK_STEP_MOVEMENT) {
    *what = "not moved";
    for (int i = 0; i < v->nmarkers; i++) {
      const struct murk_view_marker* mk = &v->markers[i];
      if (mk->owner != v->side || !mk->on_table || !mk->may_move) continue;
      snprintf(h, sizeof h, "T%d", mk->number);
      pending_add(out, &n, max, h, h, mk->pos);
    }
    for (int i = 0; i < v->nplatoons; i++) {
      const struct murk_view_platoon* pl = &v->platoons[i];
      if (pl->state != MURK_PLATOON_REVEALED || !pl->may_move) continue;
      snprintf(h, sizeof h, "%d", pl->index + 1);
      snprintf(l, sizeof l, "P%d", pl->marker);
      pending_add(out, &n, max, h, l, pl->lead);
    }
    return n;
  }
  bool shooting = v->step == MURK_STEP_SHOOTING;
  if (!shooting && v->step != MURK_STEP_ASSAULT) return 0;
  *what = shooting ? "a target to shoot at" : "an enemy within reach to assault";
  for (int i = 0; i < v->nplatoons; i++) {
    const struct murk_view_platoon* pl = &v->platoons[i];
    bool any = false;
    for (int t = 0; t < v->ntargets && !any; t++)
      any = v->targets[t].platoon == pl->index &&
            (shooting ? v->targets[t].shoot : v->targets[t].assault);
    struct murk_pos at;
    if (!any || !platoon_pos(v, pl, &at)) continue;
    snprintf(h, sizeof h, "%d", pl->index + 1);
    snprintf(l, sizeof l, "P%d", pl->marker);
    pending_add(out, &n, max, h, l, at);
  }
  return n;
}

/* "T1 T3 P2" (the first few, then "..."). */
void tui_pending_list(const struct tui_pending* p, int n, char* buf, size_t len) {
  size_t at = 0;
  buf[0] = '\0';
  for (int i = 0; i < n && at < len; i++) {
    if (i == 6) {
      snprintf(buf + at, len - at, " ...");
      return;
    }
    int k = snprintf(buf + at, len - at, "%s%s", i ? " " : "", p[i].label);
    if (k < 0) return;
    at += (size_t)k;
  }
}

/* Ask before sending `line` (y or Enter sends it, any other key takes it back); at: the
 * cell it places at, marked on the map. */
void tui_open_confirm(struct tui_ui* ui, const char* line, const struct murk_pos* at,
                      const char* fmt, ...) {
  struct tui_confirm* q = &ui->confirm;
  memset(q, 0, sizeof *q);
  q->open = true;
  snprintf(q->line, sizeof q->line, "%s", line);
  if (at) {
    q->at = *at;
    q->has_pos = true;
  }
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(q->text, sizeof q->text, fmt, ap);
  va_end(ap);
  ui->mode = TUI_MODE_MAP;
  ui->message[0] = '\0';
}

int tui_key_confirm(struct tui_session* s, struct tui_key k) {
  struct tui_ui* ui = tui_cur_ui(s);
  if (k.code == TUI_KEY_MOUSE) return 0;
  char line[TUI_LINE_MAX];
  snprintf(line, sizeof line, "%s", ui->confirm.line);
  ui->confirm.open = false;
  if (k.code == 'y' || k.code == 'Y' || k.code == TUI_KEY_ENTER || k.code == '\r')
    return tui_send(s, line);
  tui_message(ui, TUI_A_NORMAL, "taken back: '%s' was not sent", line);
  return 0;
}

/* e: end the step, the deployment, the reserves. In play, while own units still have their
 * move or fire, ask first: an ended step cannot be taken back. */
void tui_pick_movers(struct tui_session* s) {
  struct tui_ui* ui = tui_cur_ui(s);
  struct tui_pending p[TUI_PENDING_MAX];
  const char* what;
  int n = s->view->step == MURK_STEP_MOVEMENT || s->view->phase == MURK_PHASE_RECCE
              ? tui_pending_units(s->view, p, TUI_PENDING_MAX, &what)
              : 0;
  tui_pick_open(ui, TUI_PICK_MOVER, "Move which unit?");
  for (int i = 0; i < n; i++) {
    struct tui_pick_item* it = tui_pick_add(&ui->pick, p[i].handle);
    if (!it) break;
    char at[16];
    murk_pos_format(p[i].pos, at, sizeof at);
    const struct murk_view_platoon* pl = NULL;
    int k = 0;
    if (p[i].handle[0] != 'T' && sscanf(p[i].handle, "%d", &k) == 1 && k >= 1 &&
        k <= s->view->nplatoons)
      pl = &s->view->platoons[k - 1];
    const struct murk_view_marker* mk = murk_view_marker_at(s->view, p[i].pos);
    if (!pl && mk && mk->known && !mk->dummy && mk->platoon >= 0 &&
        mk->platoon < s->view->nplatoons)
      pl = &s->view->platoons[mk->platoon];
    if (pl)
      snprintf(it->label, sizeof it->label, "%-4s at %s  %d %s", p[i].label, at, pl->index + 1,
               pl->name);
    else
      snprintf(it->label, sizeof it->label, "%-4s at %s  a dummy", p[i].label, at);
    it->pos = p[i].pos;
    it->has_pos = true;
  }
  tui_pick_done(s, "none of your units may move now");
}

/* Items marked ready first, in their order, then the rest. */
static void pick_ready_first(struct tui_pick* pk) {
  struct tui_pick_item tmp[TUI_PICK_MAX];
  int n = 0;
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < pk->n; i++)
      if (pk->items[i].ready == (pass == 0)) tmp[n++] = pk->items[i];
  memcpy(pk->items, tmp, (size_t)n * sizeof *tmp);
  pk->sel = 0;
}

/* The targets list: those the view lists for `actor` in this step (in range and in sight,
 * or within reach) first, marked "*"; the others say they are not. */
static void pick_mark_targets(struct tui_session* s, int actor, bool assault) {
  const struct murk_view* v = s->view;
  struct tui_pick* pk = &tui_cur_ui(s)->pick;
  for (int i = 0; i < pk->n; i++) {
    struct tui_pick_item* it = &pk->items[i];
    int number = 0;
    sscanf(it->handle, "P%d", &number);
    for (int t = 0; t < v->ntargets && !it->ready; t++)
      it->ready = v->targets[t].platoon == actor && v->targets[t].target == number &&
                  (assault ? v->targets[t].assault : v->targets[t].shoot);
    char label[sizeof it->label];
    snprintf(label, sizeof label, "%s %s%s", it->ready ? "*" : " ", it->label,
             it->ready ? ""
             : assault ? "  (not within reach now)"
                       : "  (not in range and sight now)");
    memcpy(it->label, label, sizeof label);
  }
  pick_ready_first(pk);
}

/* The shooters' or assaulters' list: platoons with a target this step first, marked. */
void tui_pick_mark_actors(struct tui_session* s, bool assault) {
  const struct murk_view* v = s->view;
  struct tui_pick* pk = &tui_cur_ui(s)->pick;
  for (int i = 0; i < pk->n; i++) {
    struct tui_pick_item* it = &pk->items[i];
    int k = 0;
    sscanf(it->handle, "%d", &k);
    int targets = 0;
    for (int t = 0; t < v->ntargets; t++)
      if (v->targets[t].platoon == k - 1 && (assault ? v->targets[t].assault : v->targets[t].shoot))
        targets++;
    it->ready = targets > 0;
    char label[sizeof it->label];
    if (targets > 0)
      snprintf(label, sizeof label, "* %s: %d target%s", it->label, targets,
               targets == 1 ? "" : "s");
    else
      snprintf(label, sizeof label, "  %s", it->label);
    memcpy(it->label, label, sizeof label);
  }
  pick_ready_first(pk);
}

/* The reveal list: each hidden platoon with its marker and the marker's cell. */
void tui_pick_hidden(struct tui_session* s) {
  const struct murk_view* v = s->view;
  struct tui_pick* pk = &tui_cur_ui(s)->pick;
  for (int i = 0; i < v->nplatoons; i++) {
    const struct murk_view_platoon* pl = &v->platoons[i];
    struct murk_pos at;
    if (pl->state != MURK_PLATOON_HIDDEN || !platoon_pos(v, pl, &at)) continue;
    char h[16], ps[16];
    snprintf(h, sizeof h, "T%d", pl->marker);
    murk_pos_format(at, ps, sizeof ps);
    struct tui_pick_item* it = tui_pick_add(pk, h);
    if (!it) return;
    snprintf(it->label, sizeof it->label, "T%-3d at %s  %d %s (%s, %d team%s)", pl->marker, ps,
             pl->index + 1, pl->name, pl->type, pl->nteams, pl->nteams == 1 ? "" : "s");
    it->pos = at;
    it->has_pos = true;
  }
}

/* The platoons the view says may be placed now with this phase's command (deploy or patrol),
 * into the open pick; with_state adds where each is now (a patrol may come from the table
 * or from reserve), else the roster number is aligned for a list that dummies follow. */
void tui_pick_may_deploy(struct tui_session* s, bool with_state) {
  const struct murk_view* v = s->view;
  struct tui_ui* ui = tui_cur_ui(s);
  for (int i = 0; i < v->nplatoons; i++) {
    const struct murk_view_platoon* pl = &v->platoons[i];
    if (!pl->may_deploy) continue;
    char h[16];
    snprintf(h, sizeof h, "%d", pl->index + 1);
    struct tui_pick_item* it = tui_pick_add(&ui->pick, h);
    if (!it) return;
    if (with_state)
      snprintf(it->label, sizeof it->label, "%d %s (%s, %d team%s, %s)", pl->index + 1, pl->name,
               pl->type, pl->nteams, pl->nteams == 1 ? "" : "s",
               murk_platoon_state_name(pl->state));
    else
      snprintf(it->label, sizeof it->label, "%2d  %s (%s, %d team%s)", pl->index + 1, pl->name,
               pl->type, pl->nteams, pl->nteams == 1 ? "" : "s");
  }
}

/* Limited Intelligence 27.1.2 (the player places each leader's two Dis counters): the leader
 * put down last that lacks them (the view's own markers: one at most while deploying) comes
 * first in the deploy list, so deploying the next leader never places them unasked. */
static void pick_due_dis(struct tui_session* s) {
  const struct murk_view* v = s->view;
  if (v->phase != MURK_PHASE_DEPLOY) return;
  for (int i = v->nmarkers - 1; i >= 0; i--) {
    const struct murk_view_marker* mk = &v->markers[i];
    if (mk->owner != v->side || mk->kind != MURK_MARKER_WING || !mk->on_table || !mk->known ||
        mk->ndis >= MURK_MAX_DIS)
      continue;
    char h[16];
    if (mk->dummy || mk->platoon < 0 || mk->platoon >= v->nplatoons)
      snprintf(h, sizeof h, "dummy");
    else
      snprintf(h, sizeof h, "%d", mk->platoon + 1);
    struct tui_pick_item* it = tui_pick_add(&tui_cur_ui(s)->pick, h);
    if (!it) return;
    it->dis = true;
    it->pos = mk->pos;
    it->has_pos = true;
    int w = mk->dummy || mk->platoon < 0 ? -1 : v->platoons[mk->platoon].wing;
    if (w >= 0 && w < v->nwings)
      snprintf(it->label, sizeof it->label, "T%d's Dis counter %d of 2 (within %d cell%s of T%d)",
               mk->number, mk->ndis + 1, v->wings[w].dis_range,
               v->wings[w].dis_range == 1 ? "" : "s", mk->number);
    else
      snprintf(it->label, sizeof it->label, "T%d's Dis counter %d of 2", mk->number, mk->ndis + 1);
    return;
  }
}

/* The deploy list: what may be deployed now (the view says which), and the counts. */
void tui_pick_deployable(struct tui_session* s, const char* pos) {
  const struct murk_view* v = s->view;
  struct tui_ui* ui = tui_cur_ui(s);
  int now = 0, later = 0;
  for (int i = 0; i < v->nplatoons; i++)
    if (v->platoons[i].may_deploy)
      now++;
    else if (v->platoons[i].state == MURK_PLATOON_WAITING)
      later++;
  char title[96];
  int len =
      snprintf(title, sizeof title, "Deploy at %s: %d platoon%s", pos, now, now == 1 ? "" : "s");
  if (v->dummies_left > 0 && len > 0 && (size_t)len < sizeof title)
    len += snprintf(title + len, sizeof title - (size_t)len, ", %d dumm%s", v->dummies_left,
                    v->dummies_left == 1 ? "y" : "ies");
  if (later > 0 && len > 0 && (size_t)len < sizeof title)
    snprintf(title + len, sizeof title - (size_t)len, " (%d later)", later);
  tui_pick_open(ui, TUI_PICK_DEPLOY, title);
  pick_due_dis(s);
  if (v->nwings > 0) { /* Limited Intelligence: by wing, each with its Dis range */
    pick_own_by_wing(s, MURK_PLATOON_WAITING, true);
    return;
  }
  tui_pick_may_deploy(s, false);
}

int tui_act_move(struct tui_session* s);
int tui_act_reveal_via(struct tui_session* s);

int tui_pick_choose(struct tui_session* s) {
  struct tui_ui* ui = tui_cur_ui(s);
  struct tui_pick* pk = &ui->pick;
  if (pk->sel < 0 || pk->sel >= pk->n) return 0;
  const struct tui_pick_item* it = &pk->items[pk->sel];
  char pos[16];
  murk_pos_format(ui->cursor, pos, sizeof pos);
  ui->mode = TUI_MODE_MAP;
  switch (pk->kind) {
    case TUI_PICK_DEPLOY: {
      /* Shown first: a deployment may hand over at once, and then it stands. */
      char line[TUI_LINE_MAX];
      snprintf(line, sizeof line, "deploy %s at %s", it->handle, pos);
      char what[sizeof it->label] = "a dummy marker";
      int k = 0;
      if (it->dis) {
        snprintf(what, sizeof what, "%s", it->label);
        char* cut = strstr(what, " of 2"); /* "T1's Dis counter 1" */
        if (cut) *cut = '\0';
      } else if (sscanf(it->handle, "%d", &k) == 1 && k >= 1 && k <= s->view->nplatoons) {
        const struct murk_view_platoon* pl = &s->view->platoons[k - 1];
        snprintf(what, sizeof what, "%d %s (%s, %d team%s)", k, pl->name, pl->type, pl->nteams,
                 pl->nteams == 1 ? "" : "s");
      }
      tui_open_confirm(ui, line, &ui->cursor, "Deploy %s at %s?", what, pos);
      return 0;
    }
    case TUI_PICK_PATROL: {
      /* Shown first, as a deployment: it may hand over at once. */
      char line[TUI_LINE_MAX];
      snprintf(line, sizeof line, "patrol %s at %s", it->handle, pos);
      tui_open_confirm(ui, line, &ui->cursor, "Send %s out on patrol at %s?", it->label, pos);
      return 0;
    }
    case TUI_PICK_MOVER:
      ui->cursor = it->pos;
      tui_hexmap_follow(&ui->map, ui->cursor, 2);
      return tui_act_move(s);
    case TUI_PICK_REVEAL_VIA:
      ui->cursor = it->pos;
      tui_hexmap_follow(&ui->map, ui->cursor, 2);
      return tui_act_reveal_via(s);
    case TUI_PICK_RESERVE:
      return tui_sendf(s, "reserve %s", it->handle);
    case TUI_PICK_ARRIVE: {
      int index = 0;
      sscanf(it->handle, "%d", &index);
      return tui_act_arrive(s, index - 1);
    }
    case TUI_PICK_REVEAL:
      return tui_sendf(s, "reveal %s", it->handle);
    case TUI_PICK_SHOOT:
      return tui_sendf(s, "shoot %s at %s", pk->actor, it->handle);
    case TUI_PICK_ASSAULT:
      return tui_sendf(s, "assault %s at %s", pk->actor, it->handle);
    case TUI_PICK_WITHDRAW:
      return tui_sendf(s, "withdraw %s", it->handle);
    case TUI_PICK_SHOOTER:
    case TUI_PICK_ASSAULTER: {
      char actor[16];
      snprintf(actor, sizeof actor, "%s", it->handle);
      int index = 0;
      sscanf(actor, "%d", &index);
      tui_open_target_pick(s, pk->kind == TUI_PICK_ASSAULTER, actor, index - 1);
      return 0;
    }
  }
  return 0;
}
