/* msg.c: the protocol's messages (msg.h). */
#include "msg.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const struct net_msg_row net_msgs[NET_MSG_COUNT] = {
    [NET_MSG_JOIN] = {"murk", "N join W W", false},
    [NET_MSG_PASS] = {"pass", "S", false},
    [NET_MSG_CMD] = {"cmd", "S", false},
    [NET_MSG_UNDO] = {"undo", "", false},
    [NET_MSG_LEAVE] = {"bye", "", false},
    [NET_MSG_COMMIT] = {"commit", "W", false},
    [NET_MSG_REVEAL] = {"reveal", "W", false},
    [NET_MSG_HELLO] = {"hello", "N W W W W", true},
    [NET_MSG_BADCODE] = {"badcode", "N", true},
    [NET_MSG_PASSOK] = {"passok", "", true},
    [NET_MSG_PASSBAD] = {"passbad", "N", true},
    [NET_MSG_WAIT] = {"wait", "S", true},
    [NET_MSG_OK] = {"ok", "", true},
    [NET_MSG_NO] = {"no", "N S", true},
    [NET_MSG_UNDONE] = {"undone", "S", true},
    [NET_MSG_NOUNDO] = {"noundo", "S", true},
    [NET_MSG_BYE] = {"bye", "S", true},
    [NET_MSG_DRAW] = {"draw", "", true},
    [NET_MSG_JOINT] = {"joint", "W W W W", true},
    [NET_MSG_RECORD] = {"record", "S", true},
    [NET_MSG_RECORDED] = {"recorded", "N", true},
    [NET_MSG_LEFT] = {"left", "S", true},
    [NET_MSG_BACK] = {"back", "S", true},
};

/* The next token of a row's args from *p ("" when none is left). */
static size_t token(const char** p, char* out, size_t n) {
  while (**p == ' ') (*p)++;
  size_t len = strcspn(*p, " ");
  if (len >= n) len = n - 1;
  memcpy(out, *p, len);
  out[len] = '\0';
  *p += len;
  return len;
}

void net_msg_put(struct net_buf* b, enum net_msg k, ...) {
  const struct net_msg_row* row = &net_msgs[k];
  net_buf_addf(b, "%s", row->word);
  va_list ap;
  va_start(ap, k);
  const char* p = row->args;
  char tok[16];
  while (token(&p, tok, sizeof tok)) {
    if (!strcmp(tok, "N")) {
      net_buf_addf(b, " %ld", va_arg(ap, long));
    } else if (!strcmp(tok, "S")) {
      net_buf_str(b, va_arg(ap, const char*), NET_MSG_STRING_MAX);
    } else if (!strcmp(tok, "W")) {
      net_buf_addf(b, " %s", va_arg(ap, const char*));
    } else {
      net_buf_addf(b, " %s", tok);
    }
  }
  va_end(ap);
  net_buf_eol(b);
}

int net_msg_parse(char** w, int n, bool to_client, const char* args[NET_MSG_ARGS]) {
  if (n < 1) return -1;
  for (int k = 0; k < NET_MSG_COUNT; k++) {
    const struct net_msg_row* row = &net_msgs[k];
    if (row->to_client != to_client || strcmp(row->word, w[0])) continue;
    const char* p = row->args;
    char tok[16];
    int i = 1, na = 0;
    bool fits = true;
    while (fits && token(&p, tok, sizeof tok)) {
      long v;
      if (i >= n) {
        fits = false;
      } else if (!strcmp(tok, "N")) {
        fits = net_int(w[i], 0, 1000000000L, &v);
      } else if (!strcmp(tok, "S")) {
        fits = w[i][0] == '=';
      } else if (strcmp(tok, "W")) {
        fits = !strcmp(tok, w[i]); /* the word itself */
      }
      if (fits && (!strcmp(tok, "N") || !strcmp(tok, "S") || !strcmp(tok, "W")) &&
          na < NET_MSG_ARGS)
        args[na++] = w[i];
      i++;
    }
    if (fits && i == n) return k;
  }
  return -1;
}

const char net_code_alphabet[] = "23456789abcdefghjkmnpqrstuvwxyz";

bool net_code_normal(const char* typed, char* out) {
  size_t n = 0;
  for (const char* p = typed; *p; p++) {
    if (*p == '-' || *p == ' ') continue;
    char ch = *p >= 'A' && *p <= 'Z' ? (char)(*p - 'A' + 'a') : *p;
    if (n >= NET_CODE_LEN || !ch || !strchr(net_code_alphabet, ch)) return false;
    out[n++] = ch;
  }
  out[n] = '\0';
  return n == NET_CODE_LEN;
}

void net_cost_word(unsigned long long ops, size_t mem, char* buf, size_t n) {
  snprintf(buf, n, "argon2id13:ops=%llu:mem=%zu", ops, mem);
}

bool net_cost_parse(const char* word, unsigned long long* ops, size_t* mem) {
  unsigned long long o = 0, m = 0;
  char extra;
  if (strcmp(word, "-") == 0 ||
      sscanf(word, "argon2id13:ops=%llu:mem=%llu%c", &o, &m, &extra) != 2 || o == 0 || m == 0)
    return false;
  *ops = o;
  *mem = (size_t)m;
  return true;
}
