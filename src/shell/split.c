/*
 * split.c -- the shell's statement splitter and the small word scanner it
 * shares with the session: where one statement ends and the next begins in
 * a script or in lines typed at the prompt, and what a statement's leading
 * keywords are (BEGIN STATEMENT SET, END, INSERT, SET 'key', QUIT, ...).
 *
 * The rules are the SQL client's: a statement ends with ';' outside string
 * literals ('...' with '' inside), double-quoted and back-quoted
 * identifiers, -- line comments and block comments; EXECUTE STATEMENT SET
 * BEGIN ... END (and EXPLAIN ... STATEMENT SET BEGIN ... END) is one
 * statement whose inner ';' do not split it.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "shell.h"

/* ---- buffers ------------------------------------------------------------------------------------- */

void *eddy__shell_xrealloc(void *p, size_t n) {
    void *q = realloc(p, n ? n : 1);
    if (!q) {
        fputs("eddy: out of memory\n", stderr);
        exit(2);
    }
    return q;
}

char *eddy__shell_xstrndup(const char *s, size_t n) {
    char *d = eddy__shell_xrealloc(NULL, n + 1);
    memcpy(d, s, n);
    d[n] = 0;
    return d;
}

void eddy__shell_sb_put(StrBuf *b, const char *s, size_t n) {
    if (b->len + n + 1 > b->cap) {
        b->cap = (b->len + n + 1) * 2;
        b->s = eddy__shell_xrealloc(b->s, b->cap);
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = 0;
}

void eddy__shell_sb_puts(StrBuf *b, const char *s) { eddy__shell_sb_put(b, s, strlen(s)); }

void eddy__shell_sb_printf(StrBuf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char small[256];
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n < sizeof small) {
        eddy__shell_sb_put(b, small, (size_t)n);
        return;
    }
    char *big = eddy__shell_xrealloc(NULL, (size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    eddy__shell_sb_put(b, big, (size_t)n);
    free(big);
}

void eddy__shell_sb_free(StrBuf *b) {
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}

char *eddy__shell_read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    StrBuf b = {0};
    char chunk[8192];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) eddy__shell_sb_put(&b, chunk, n);
    int failed = ferror(f);
    fclose(f);
    if (failed) {
        eddy__shell_sb_free(&b);
        errno = EIO;
        return NULL;
    }
    if (!b.s) eddy__shell_sb_put(&b, "", 0);
    if (len) *len = b.len;
    return b.s;
}

void eddy__shell_position(const char *t, size_t upto, int *line, int *col) {
    int l = 1, c = 1;
    for (size_t i = 0; i < upto; i++) {
        unsigned char ch = (unsigned char)t[i];
        if (ch == '\n' || (ch == '\r' && !(i + 1 < upto && t[i + 1] == '\n'))) {
            l++;
            c = 1;
        } else if (ch == '\r' || (ch & 0xC0) == 0x80) {
            /* the \r of \r\n, a continuation byte: no column of its own */
        } else {
            c += ch >= 0xF0 ? 2 : 1; /* a code point past U+FFFF is two Java chars */
        }
    }
    *line = l;
    *col = c;
}

/* ---- the scanner ------------------------------------------------------------------------------------ */

static bool word_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* Skips blanks and comments from i; returns the new position. An unclosed
 * block comment runs to the end. */
static size_t skip_blank(const char *t, size_t len, size_t i) {
    for (;;) {
        while (i < len && isspace((unsigned char)t[i])) i++;
        if (i + 1 < len && t[i] == '-' && t[i + 1] == '-') {
            while (i < len && t[i] != '\n') i++;
        } else if (i + 1 < len && t[i] == '/' && t[i + 1] == '*') {
            i += 2;
            while (i + 1 < len && !(t[i] == '*' && t[i + 1] == '/')) i++;
            i = i + 1 < len ? i + 2 : len;
        } else {
            return i;
        }
    }
}

/* Skips a quoted run starting at t[i] (the opening quote); a doubled quote
 * is an escaped one. Returns the position after the closing quote, or len
 * when it is not closed. */
static size_t skip_quoted(const char *t, size_t len, size_t i) {
    char q = t[i++];
    while (i < len) {
        if (t[i] == q) {
            if (i + 1 < len && t[i + 1] == q) {
                i += 2;
                continue;
            }
            return i + 1;
        }
        i++;
    }
    return len;
}

static int line_of(const char *t, size_t upto, size_t from, int line) {
    for (size_t k = from; k < upto; k++)
        if (t[k] == '\n') line++;
    return line;
}

/* Whether the words seen so far open a STATEMENT SET BEGIN ... END block. */
static bool opens_block(char words[][32], int n) {
    for (int k = 0; k + 2 < n; k++)
        if (!strcmp(words[k], "STATEMENT") && !strcmp(words[k + 1], "SET") && !strcmp(words[k + 2], "BEGIN"))
            return true;
    return false;
}

size_t eddy__shell_split(const char *t, size_t len, SqlSpan **spans, size_t *rest, bool *pending) {
    size_t n = 0, cap = 0;
    *spans = NULL;
    size_t i = skip_blank(t, len, 0);
    size_t start = i;
    int start_line = line_of(t, i, 0, 1), line_at = start_line;
    size_t line_pos = i;
    char words[8][32];
    int nwords = 0;
    bool block = false;
    char last_word[32] = "";
    bool in_stmt = i < len;
    while (i < len) {
        char c = t[i];
        if (c == '\'' || c == '"' || c == '`') {
            i = skip_quoted(t, len, i);
            last_word[0] = 0;
            continue;
        }
        if ((c == '-' && i + 1 < len && t[i + 1] == '-') || (c == '/' && i + 1 < len && t[i + 1] == '*')) {
            i = skip_blank(t, len, i);
            continue;
        }
        if (word_char(c)) {
            size_t s = i;
            while (i < len && word_char(t[i])) i++;
            size_t wl = i - s < 31 ? i - s : 31;
            for (size_t k = 0; k < wl; k++) last_word[k] = (char)toupper((unsigned char)t[s + k]);
            last_word[wl] = 0;
            if (nwords < 8) {
                memcpy(words[nwords++], last_word, wl + 1);
                if (!block) block = opens_block(words, nwords);
            }
            continue;
        }
        if (c == ';' && (!block || !strcmp(last_word, "END"))) {
            size_t end = i;
            while (end > start && isspace((unsigned char)t[end - 1])) end--;
            if (n == cap) {
                cap = cap ? cap * 2 : 8;
                *spans = eddy__shell_xrealloc(*spans, cap * sizeof **spans);
            }
            (*spans)[n++] = (SqlSpan){start, end, start_line};
            i = skip_blank(t, len, i + 1);
            line_at = line_of(t, i, line_pos, line_at);
            line_pos = i;
            start = i;
            start_line = line_at;
            nwords = 0;
            block = false;
            last_word[0] = 0;
            in_stmt = i < len;
            continue;
        }
        if (!isspace((unsigned char)c)) last_word[0] = 0;
        i++;
    }
    *rest = start;
    *pending = in_stmt;
    return n;
}

int eddy__shell_words(const char *sql, char words[][32], int n, bool *exact) {
    size_t len = strlen(sql), i = 0;
    int got = 0;
    for (int k = 0; k < n; k++) words[k][0] = 0;
    for (;;) {
        i = skip_blank(sql, len, i);
        if (got == n || i >= len || !word_char(sql[i])) break;
        size_t s = i;
        while (i < len && word_char(sql[i])) i++;
        size_t wl = i - s < 31 ? i - s : 31;
        for (size_t k = 0; k < wl; k++) words[got][k] = (char)toupper((unsigned char)sql[s + k]);
        words[got][wl] = 0;
        got++;
    }
    if (exact) *exact = i >= len;
    return got;
}

char *eddy__shell_option_key(const char *sql, const char *verb) {
    size_t len = strlen(sql), vl = strlen(verb);
    size_t i = skip_blank(sql, len, 0);
    if (len - i < vl || strncasecmp(sql + i, verb, vl) || (i + vl < len && word_char(sql[i + vl]))) return NULL;
    i = skip_blank(sql, len, i + vl);
    if (i >= len) return NULL;
    if (sql[i] == '\'' || sql[i] == '`' || sql[i] == '"') {
        size_t e = skip_quoted(sql, len, i);
        if (e == len && sql[len - 1] != sql[i]) return NULL;
        /* unquote: drop the quotes and undo doubled quote characters */
        StrBuf b = {0};
        for (size_t k = i + 1; k + 1 < e; k++) {
            eddy__shell_sb_put(&b, sql + k, 1);
            if (sql[k] == sql[i]) k++;
        }
        if (!b.s) eddy__shell_sb_put(&b, "", 0);
        return b.s;
    }
    /* unquoted key: up to '=' or a blank */
    size_t s = i;
    while (i < len && sql[i] != '=' && !isspace((unsigned char)sql[i]) && sql[i] != ';') i++;
    return i > s ? eddy__shell_xstrndup(sql + s, i - s) : NULL;
}
