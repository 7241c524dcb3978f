/* lineedit.c: the command line: editing, its history, and the screen's own commands
 * (save, undo, help, quit) before the game's command language (session_priv.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "keys.h"
#include "murk/error.h"
#include "murk/mission.h"
#include "murk/view.h"
#include "session_priv.h"

void tui_open_command(struct tui_session* s, const char* text) {
  struct tui_ui* ui = tui_cur_ui(s);
  ui->mode = TUI_MODE_COMMAND;
  snprintf(ui->line, sizeof ui->line, "%s", text);
  ui->line_len = ui->line_cur = strlen(ui->line);
  s->hist_at[s->cur] = s->nhist[s->cur];
}

/* ---- keys by mode ---- */

int tui_key_command(struct tui_session* s, struct tui_key k) {
  struct tui_ui* ui = tui_cur_ui(s);
  int h = s->cur;
  switch (k.code) {
    case TUI_KEY_ESC:
      ui->mode = TUI_MODE_MAP;
      return 0;
    case TUI_KEY_LEFT:
      while (ui->line_cur > 0 && ((unsigned char)ui->line[--ui->line_cur] & 0xc0) == 0x80) {
      }
      return 0;
    case TUI_KEY_RIGHT:
      if (ui->line_cur < ui->line_len) {
        const char* p = ui->line + ui->line_cur;
        tui_utf8_next(&p);
        ui->line_cur = (size_t)(p - ui->line);
      }
      return 0;
    case TUI_KEY_HOME:
    case TUI_CTRL('a'):
      ui->line_cur = 0;
      return 0;
    case TUI_KEY_END:
    case TUI_CTRL('e'):
      ui->line_cur = ui->line_len;
      return 0;
    case TUI_CTRL('u'):
      ui->line[0] = '\0';
      ui->line_len = ui->line_cur = 0;
      return 0;
    case TUI_KEY_BACKSPACE:
    case TUI_CTRL('h'): {
      if (ui->line_cur == 0) {
        if (ui->line_len == 0) ui->mode = TUI_MODE_MAP;
        return 0;
      }
      size_t end = ui->line_cur;
      while (ui->line_cur > 0 && ((unsigned char)ui->line[--ui->line_cur] & 0xc0) == 0x80) {
      }
      memmove(ui->line + ui->line_cur, ui->line + end, ui->line_len - end + 1);
      ui->line_len -= end - ui->line_cur;
      return 0;
    }
    case TUI_KEY_DELETE: {
      if (ui->line_cur >= ui->line_len) return 0;
      const char* p = ui->line + ui->line_cur;
      tui_utf8_next(&p);
      size_t end = (size_t)(p - ui->line);
      memmove(ui->line + ui->line_cur, ui->line + end, ui->line_len - end + 1);
      ui->line_len -= end - ui->line_cur;
      return 0;
    }
    case TUI_KEY_UP:
    case TUI_KEY_DOWN: {
      int at = s->hist_at[h] + (k.code == TUI_KEY_UP ? -1 : 1);
      if (at < 0 || at > s->nhist[h]) return 0;
      s->hist_at[h] = at;
      snprintf(ui->line, sizeof ui->line, "%s", at < s->nhist[h] ? s->hist[h][at] : "");
      ui->line_len = ui->line_cur = strlen(ui->line);
      return 0;
    }
    case TUI_KEY_ENTER:
    case '\r': {
      char line[TUI_LINE_MAX];
      snprintf(line, sizeof line, "%s", ui->line);
      ui->mode = TUI_MODE_MAP;
      char* p = line;
      while (*p == ' ') p++;
      size_t n = strlen(p);
      while (n > 0 && p[n - 1] == ' ') p[--n] = '\0';
      if (!*p) return 0;
      if (s->nhist[h] == TUI_HISTORY) {
        memmove(s->hist[h][0], s->hist[h][1], (TUI_HISTORY - 1) * TUI_LINE_MAX);
        s->nhist[h]--;
      }
      snprintf(s->hist[h][s->nhist[h]++], TUI_LINE_MAX, "%s", p);
      /* Screen commands first; everything else is the game's command language. */
      if (strcmp(p, "q") == 0 || strcmp(p, "quit") == 0) return tui_do_quit(s, k);
      if (strcmp(p, "help") == 0) {
        ui->help = true;
        return 0;
      }
      if (strcmp(p, "undo") == 0) return tui_undo(s);
      if (strncmp(p, "save", 4) == 0 && (p[4] == ' ' || p[4] == '\0')) {
        const char* file = p + 4;
        while (*file == ' ') file++;
        if (!*file) file = s->autosave_path;
        if (!file) {
          tui_message(ui, TUI_A_ERROR, "save: name a file (save FILE)");
          return 0;
        }
        char err[200];
        if (tui_save_to(s, file, err, sizeof err) == 0)
          tui_message(ui, TUI_A_GOOD, "saved to %s", file);
        else
          tui_message(ui, TUI_A_ERROR, "could not save to %s: %s", file, err);
        return 0;
      }
      return tui_send(s, p);
    }
    default:
      if (k.code >= 0x20 && k.code < 0x110000 && k.code != 0x7f) {
        char u[4];
        int n = tui_utf8_put((uint32_t)k.code, u);
        if (ui->line_len + (size_t)n >= sizeof ui->line) return 0;
        memmove(ui->line + ui->line_cur + n, ui->line + ui->line_cur,
                ui->line_len - ui->line_cur + 1);
        memcpy(ui->line + ui->line_cur, u, (size_t)n);
        ui->line_len += (size_t)n;
        ui->line_cur += (size_t)n;
      }
      return 0;
  }
}
