/*
 * diff.c -- a unified diff of two texts, line by line, for --check to show
 * how a statement's output differs from the expected block. A longest
 * common subsequence over the lines gives the edit script; hunks carry
 * three lines of context, as `diff -u` prints them.
 */
#include <stdlib.h>
#include <string.h>

#include "shell.h"

typedef struct Lines {
    const char **at;
    size_t *len;
    size_t n;
} Lines;

static Lines split_lines(const char *t) {
    Lines l = {0};
    size_t cap = 0;
    while (*t) {
        const char *nl = strchr(t, '\n');
        size_t n = nl ? (size_t)(nl - t) : strlen(t);
        if (l.n == cap) {
            cap = cap ? cap * 2 : 16;
            l.at = eddy__shell_xrealloc(l.at, cap * sizeof *l.at);
            l.len = eddy__shell_xrealloc(l.len, cap * sizeof *l.len);
        }
        l.at[l.n] = t;
        l.len[l.n++] = n;
        t += n + (nl ? 1 : 0);
    }
    return l;
}

static bool same(const Lines *a, size_t i, const Lines *b, size_t j) {
    return a->len[i] == b->len[j] && !memcmp(a->at[i], b->at[j], a->len[i]);
}

/* One step of the edit script: ' ' keep, '-' only in a, '+' only in b. */
typedef struct Op {
    char kind;
    size_t line; /* index into a for ' ' and '-', into b for '+' */
} Op;

/* The edit script from an LCS table; past a size limit the texts are shown
 * as one block removed and one added. */
static Op *edit_script(const Lines *a, const Lines *b, size_t *nops) {
    size_t n = a->n, m = b->n, k = 0;
    Op *ops = eddy__shell_xrealloc(NULL, (n + m + 1) * sizeof *ops);
    if ((n + 1) * (m + 1) > 8u * 1024 * 1024) {
        for (size_t i = 0; i < n; i++) ops[k++] = (Op){'-', i};
        for (size_t j = 0; j < m; j++) ops[k++] = (Op){'+', j};
        *nops = k;
        return ops;
    }
    /* lcs[i][j]: the LCS length of a[i..] and b[j..] */
    unsigned *lcs = eddy__shell_xrealloc(NULL, (n + 1) * (m + 1) * sizeof *lcs);
#define L(i, j) lcs[(i) * (m + 1) + (j)]
    for (size_t i = n + 1; i-- > 0;)
        for (size_t j = m + 1; j-- > 0;) {
            if (i == n || j == m) L(i, j) = 0;
            else if (same(a, i, b, j)) L(i, j) = L(i + 1, j + 1) + 1;
            else L(i, j) = L(i + 1, j) > L(i, j + 1) ? L(i + 1, j) : L(i, j + 1);
        }
    size_t i = 0, j = 0;
    while (i < n || j < m) {
        if (i < n && j < m && same(a, i, b, j)) {
            ops[k++] = (Op){' ', i};
            i++, j++;
        } else if (i < n && (j == m || L(i + 1, j) >= L(i, j + 1))) {
            ops[k++] = (Op){'-', i++}; /* removals first, as diff -u shows them */
        } else {
            ops[k++] = (Op){'+', j++};
        }
    }
#undef L
    free(lcs);
    *nops = k;
    return ops;
}

static void put_line(FILE *out, char sign, const Lines *l, size_t i) {
    fputc(sign, out);
    fwrite(l->at[i], 1, l->len[i], out);
    fputc('\n', out);
}

bool eddy__shell_diff(FILE *out, const char *label_a, const char *a, const char *label_b, const char *b) {
    Lines la = split_lines(a), lb = split_lines(b);
    size_t nops;
    Op *ops = edit_script(&la, &lb, &nops);
    bool differ = false;
    for (size_t k = 0; k < nops; k++) differ = differ || ops[k].kind != ' ';
    if (differ) {
        fprintf(out, "--- %s\n+++ %s\n", label_a, label_b);
        const size_t ctx = 3;
        size_t k = 0;
        while (k < nops) {
            while (k < nops && ops[k].kind == ' ') k++;
            if (k == nops) break;
            /* a hunk: from ctx lines before this change to ctx lines after the last change
             * that is no more than 2*ctx unchanged lines away */
            size_t first = k >= ctx ? k - ctx : 0, last = k;
            for (size_t q = k; q < nops; q++) {
                if (ops[q].kind != ' ') last = q;
                else if (q - last > 2 * ctx) break;
            }
            size_t end = last + ctx + 1 < nops ? last + ctx + 1 : nops;
            /* line numbers (1-based) where the hunk starts in a and in b */
            size_t ai = 0, bi = 0;
            for (size_t q = 0; q < first; q++) {
                if (ops[q].kind != '+') ai++;
                if (ops[q].kind != '-') bi++;
            }
            size_t an = 0, bn = 0;
            for (size_t q = first; q < end; q++) {
                if (ops[q].kind != '+') an++;
                if (ops[q].kind != '-') bn++;
            }
            fprintf(out, "@@ -%zu,%zu +%zu,%zu @@\n", an ? ai + 1 : ai, an, bn ? bi + 1 : bi, bn);
            for (size_t q = first; q < end; q++) {
                if (ops[q].kind == '+') put_line(out, '+', &lb, ops[q].line);
                else put_line(out, ops[q].kind, &la, ops[q].line);
            }
            k = end;
        }
    }
    free(ops);
    free(la.at);
    free(la.len);
    free(lb.at);
    free(lb.len);
    return differ;
}
