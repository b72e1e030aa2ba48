/*
 * parser_query.c -- query expressions: WITH, SELECT (hints, select list,
 * FROM with joins and every kind of table reference, WHERE, GROUP BY with
 * grouping sets, HAVING, WINDOW), VALUES, explicit TABLE, the set operators
 * (INTERSECT binds tighter than UNION / EXCEPT / MINUS), ORDER BY, LIMIT,
 * OFFSET and FETCH, and MATCH_RECOGNIZE with its pattern language.
 */
#define EDDY_SQL_PARSER_INTERNAL
#include "sql/parser.h"

#include <stdlib.h>

static AstQuery *new_query(SqlParser *p, AstQueryKind kind, int first) {
    AstQuery *q = eddy__sql_p_alloc(p, sizeof *q);
    if (!q) return NULL;
    q->kind = kind;
    q->pos = eddy__sql_p_span(p, first, first);
    q->depth = 1;
    return q;
}

static AstQuery *qdeepen(SqlParser *p, AstQuery *q, int child) {
    if (!q) return NULL;
    if (child + 1 > q->depth) q->depth = child + 1;
    if (q->depth > EDDY_SQL_MAX_DEPTH)
        return eddy__sql_p_fail_msg(p, p_cur(p), "Query nested deeper than %d levels at line %d, column %d.",
                                    EDDY_SQL_MAX_DEPTH, q->pos.line, q->pos.col);
    return q;
}

static int edepth(const AstExpr *e) { return eddy__sql_p_expr_depth(e); }

bool eddy__sql_p_at_query_start(const SqlParser *p, int k) {
    return p_is_kw(p, k, KW_SELECT) || p_is_kw(p, k, KW_VALUES) || p_is_kw(p, k, KW_WITH);
}

/* ---- hints ------------------------------------------------------------------ */

static bool hint_option_literal(SqlParser *p, AstHintOption *o) {
    if (p_is(p, 0, TK_STRING)) {
        o->value_is_string = true;
        return (o->value = eddy__sql_p_string(p, NULL)) != NULL;
    }
    bool neg = false;
    if (p_is(p, 0, TK_MINUS) || p_is(p, 0, TK_PLUS)) {
        neg = p_is(p, 0, TK_MINUS);
        p->pos++;
    }
    if (!eddy__sql_p_at(p, TK_UNSIGNED_INT) && !eddy__sql_p_at(p, TK_DECIMAL) && !eddy__sql_p_at(p, TK_APPROX)) {
        eddy__sql_p_at(p, TK_STRING);
        eddy__sql_p_fail(p);
        return false;
    }
    const Token *t = p_cur(p);
    o->value = eddy__arena_printf(p->a, "%s%.*s", neg ? "-" : "", (int)(t->end - t->start), p->src + t->start);
    if (!o->value) return eddy__sql_p_oom(p) != NULL;
    p->pos++;
    return true;
}

/* hint (, hint)* then the closing star-slash; HINT_BEG is already read. */
bool eddy__sql_p_hints(SqlParser *p, AstHint ***out, int *n) {
    PList l = {0};
    do {
        int first = p->pos;
        AstHint *h = eddy__sql_p_alloc(p, sizeof *h);
        if (!h || !eddy__sql_p_ident(p, &h->name)) return false;
        h->format = AST_HINT_EMPTY;
        if (eddy__sql_p_accept(p, TK_LPAREN)) {
            PList opts = {0};
            h->parens = true;
            if (!p_is(p, 0, TK_RPAREN)) {
                bool kv = (p_is_ident(p, 0) || p_is(p, 0, TK_STRING)) && p_is(p, 1, TK_EQ);
                bool ids = !kv && p_is_ident(p, 0);
                h->format = kv ? AST_HINT_KV : ids ? AST_HINT_IDS : AST_HINT_LITERALS;
                do {
                    int ofirst = p->pos;
                    AstHintOption *o = eddy__sql_p_alloc(p, sizeof *o);
                    if (!o) return false;
                    if (kv) {
                        if (p_is(p, 0, TK_STRING)) {
                            o->key_is_string = true;
                            if (!(o->key = eddy__sql_p_string(p, NULL))) return false;
                        } else {
                            AstIdent id;
                            if (!eddy__sql_p_ident(p, &id)) return false;
                            o->key = id.name;
                        }
                        if (!eddy__sql_p_expect(p, TK_EQ)) return false;
                        o->value_is_string = true;
                        if (!(o->value = eddy__sql_p_string(p, NULL))) return false;
                    } else if (ids) {
                        AstIdent id;
                        if (!eddy__sql_p_ident(p, &id)) return false;
                        o->value = id.name;
                    } else if (!hint_option_literal(p, o)) {
                        return false;
                    }
                    o->pos = eddy__sql_p_span_from(p, ofirst);
                    if (!eddy__sql_p_push(p, &opts, o)) return false;
                } while (eddy__sql_p_accept(p, TK_COMMA));
            }
            if (!eddy__sql_p_expect(p, TK_RPAREN)) return false;
            h->options = (AstHintOption **)opts.items;
            h->noptions = opts.len;
        }
        h->pos = eddy__sql_p_span_from(p, first);
        if (!eddy__sql_p_push(p, &l, h)) return false;
    } while (eddy__sql_p_accept(p, TK_COMMA));
    if (!eddy__sql_p_expect(p, TK_COMMENT_END)) return false;
    *out = (AstHint **)l.items;
    *n = l.len;
    return true;
}

/* ---- MATCH_RECOGNIZE ----------------------------------------------------------- */

static AstPattern *pattern_alt(SqlParser *p);

static AstPattern *new_pattern(SqlParser *p, AstPatternKind kind, int first) {
    AstPattern *pt = eddy__sql_p_alloc(p, sizeof *pt);
    if (!pt) return NULL;
    pt->kind = kind;
    pt->pos = eddy__sql_p_span(p, first, first);
    return pt;
}

static bool at_pattern_primary(const SqlParser *p) {
    return p_is_ident(p, 0) || p_is(p, 0, TK_LPAREN) || (p_is(p, 0, TK_LBRACE) && p_is(p, 1, TK_MINUS)) ||
           (p_is(p, 0, TK_IDENT) && p_cur(p)->kw == KW_PERMUTE && p_is(p, 1, TK_LPAREN));
}

static AstPattern *pattern_primary(SqlParser *p) {
    int first = p->pos;
    AstPattern *pt;
    if (p_is(p, 0, TK_IDENT) && p_cur(p)->kw == KW_PERMUTE && p_is(p, 1, TK_LPAREN)) {
        p->pos += 2;
        pt = new_pattern(p, AST_PAT_PERMUTE, first);
        PList l = {0};
        if (!pt) return NULL;
        do {
            AstPattern *s = pattern_alt(p);
            if (!s || !eddy__sql_p_push(p, &l, s)) return NULL;
        } while (eddy__sql_p_accept(p, TK_COMMA));
        if (!eddy__sql_p_expect(p, TK_RPAREN)) return NULL;
        pt->items = (AstPattern **)l.items;
        pt->nitems = l.len;
    } else if (eddy__sql_p_accept(p, TK_LPAREN)) {
        pt = new_pattern(p, AST_PAT_GROUP, first);
        if (!pt || !(pt->sub = pattern_alt(p)) || !eddy__sql_p_expect(p, TK_RPAREN)) return NULL;
    } else if (p_is(p, 0, TK_LBRACE) && p_is(p, 1, TK_MINUS)) {
        p->pos += 2;
        pt = new_pattern(p, AST_PAT_EXCLUDE, first);
        if (!pt || !(pt->sub = pattern_alt(p)) || !eddy__sql_p_expect(p, TK_MINUS) ||
            !eddy__sql_p_expect(p, TK_RBRACE))
            return NULL;
    } else {
        pt = new_pattern(p, AST_PAT_VAR, first);
        if (!pt || !eddy__sql_p_ident(p, &pt->var)) return NULL;
    }
    pt->pos = eddy__sql_p_span_from(p, first);
    return pt;
}

static bool pattern_int(SqlParser *p, int *v) {
    const Token *t = p_cur(p);
    if (!eddy__sql_p_expect(p, TK_UNSIGNED_INT)) return false;
    *v = eddy__sql_p_token_uint(p, t);
    return true;
}

static AstPattern *pattern_factor(SqlParser *p) {
    int first = p->pos;
    AstPattern *e = pattern_primary(p);
    if (!e) return NULL;
    int qform = 0, min = 0, max = 0;
    if (p_is(p, 0, TK_STAR)) {
        qform = '*';
        min = 0;
        max = -1;
        p->pos++;
    } else if (p_is(p, 0, TK_PLUS)) {
        qform = '+';
        min = 1;
        max = -1;
        p->pos++;
    } else if (p_is(p, 0, TK_HOOK)) {
        qform = '?';
        min = 0;
        max = 1;
        p->pos++;
    } else if (p_is(p, 0, TK_LBRACE) && !p_is(p, 1, TK_MINUS)) {
        p->pos++;
        qform = '{';
        if (eddy__sql_p_accept(p, TK_COMMA)) {
            min = -1;
            if (!pattern_int(p, &max)) return NULL;
        } else {
            if (!pattern_int(p, &min)) return NULL;
            max = min;
            if (eddy__sql_p_accept(p, TK_COMMA)) {
                max = -1;
                if (p_is(p, 0, TK_UNSIGNED_INT) && !pattern_int(p, &max)) return NULL;
            }
        }
        if (!eddy__sql_p_expect(p, TK_RBRACE)) return NULL;
    }
    if (!qform) return e;
    AstPattern *q = new_pattern(p, AST_PAT_QUANT, first);
    if (!q) return NULL;
    q->sub = e;
    q->qform = qform;
    q->min = min;
    q->max = max;
    if (p_is(p, 0, TK_HOOK)) {
        p->pos++;
        q->reluctant = true;
    }
    q->pos = eddy__sql_p_span_from(p, first);
    return q;
}

static AstPattern *pattern_term(SqlParser *p) {
    int first = p->pos;
    PList l = {0};
    do {
        AstPattern *f = pattern_factor(p);
        if (!f || !eddy__sql_p_push(p, &l, f)) return NULL;
    } while (at_pattern_primary(p));
    if (l.len == 1) return l.items[0];
    AstPattern *c = new_pattern(p, AST_PAT_CONCAT, first);
    if (!c) return NULL;
    c->items = (AstPattern **)l.items;
    c->nitems = l.len;
    c->pos = eddy__sql_p_span_from(p, first);
    return c;
}

static AstPattern *pattern_alt(SqlParser *p) {
    if (!eddy__sql_p_enter(p)) return NULL;
    int first = p->pos;
    PList l = {0};
    AstPattern *r = NULL;
    do {
        AstPattern *t = pattern_term(p);
        if (!t || !eddy__sql_p_push(p, &l, t)) goto out;
    } while (eddy__sql_p_accept(p, TK_VBAR));
    if (l.len == 1) {
        r = l.items[0];
    } else if ((r = new_pattern(p, AST_PAT_ALTER, first))) {
        r->items = (AstPattern **)l.items;
        r->nitems = l.len;
        r->pos = eddy__sql_p_span_from(p, first);
    }
out:
    eddy__sql_p_leave(p);
    return r;
}

static bool measure_list(SqlParser *p, AstMeasure ***out, int *n, bool define) {
    PList l = {0};
    do {
        int first = p->pos;
        AstMeasure *m = eddy__sql_p_alloc(p, sizeof *m);
        if (!m) return false;
        if (define) {
            if (!eddy__sql_p_ident(p, &m->name) || !eddy__sql_p_expect_kw(p, KW_AS) || !(m->expr = eddy__sql_p_expr(p)))
                return false;
        } else {
            if (!(m->expr = eddy__sql_p_expr(p)) || !eddy__sql_p_expect_kw(p, KW_AS) || !eddy__sql_p_ident(p, &m->name))
                return false;
        }
        m->pos = eddy__sql_p_span_from(p, first);
        if (!eddy__sql_p_push(p, &l, m)) return false;
    } while (eddy__sql_p_accept(p, TK_COMMA));
    *out = (AstMeasure **)l.items;
    *n = l.len;
    return true;
}

static AstMatchRecognize *match_recognize(SqlParser *p) {
    int first = p->pos;
    AstMatchRecognize *mr = eddy__sql_p_alloc(p, sizeof *mr);
    if (!mr || !eddy__sql_p_expect_kw(p, KW_MATCH_RECOGNIZE) || !eddy__sql_p_expect(p, TK_LPAREN)) return NULL;
    if (eddy__sql_p_accept_kw(p, KW_PARTITION)) {
        if (!eddy__sql_p_expect_kw(p, KW_BY) || !eddy__sql_p_expr_list(p, &mr->partition, &mr->npartition)) return NULL;
    }
    if (eddy__sql_p_accept_kw(p, KW_ORDER)) {
        if (!eddy__sql_p_expect_kw(p, KW_BY) || !eddy__sql_p_order_items(p, &mr->order, &mr->norder)) return NULL;
    }
    if (eddy__sql_p_accept_kw(p, KW_MEASURES)) {
        if (!measure_list(p, &mr->measures, &mr->nmeasures, false)) return NULL;
    }
    if (eddy__sql_p_accept_kw(p, KW_ONE)) {
        if (!eddy__sql_p_expect_kw(p, KW_ROW) || !eddy__sql_p_expect_kw(p, KW_PER) || !eddy__sql_p_expect_kw(p, KW_MATCH))
            return NULL;
        mr->rows_per_match = 1;
    } else if (eddy__sql_p_accept_kw(p, KW_ALL)) {
        if (!eddy__sql_p_expect_kw(p, KW_ROWS) || !eddy__sql_p_expect_kw(p, KW_PER) ||
            !eddy__sql_p_expect_kw(p, KW_MATCH))
            return NULL;
        mr->rows_per_match = 2;
    }
    if (eddy__sql_p_accept_kw(p, KW_AFTER)) {
        if (!eddy__sql_p_expect_kw(p, KW_MATCH) || !eddy__sql_p_expect_kw(p, KW_SKIP)) return NULL;
        if (eddy__sql_p_accept_kw(p, KW_PAST)) {
            if (!eddy__sql_p_expect_kw(p, KW_LAST) || !eddy__sql_p_expect_kw(p, KW_ROW)) return NULL;
            mr->after = AST_AFTER_SKIP_PAST_LAST_ROW;
        } else {
            if (!eddy__sql_p_expect_kw(p, KW_TO)) return NULL;
            if (p_is_kw(p, 0, KW_NEXT) && p_is_kw(p, 1, KW_ROW)) {
                p->pos += 2;
                mr->after = AST_AFTER_SKIP_TO_NEXT_ROW;
            } else if (p_is_kw(p, 0, KW_FIRST) && p_is_ident(p, 1)) {
                p->pos++;
                mr->after = AST_AFTER_SKIP_TO_FIRST;
                if (!eddy__sql_p_ident(p, &mr->after_var)) return NULL;
            } else if (p_is_kw(p, 0, KW_LAST) && p_is_ident(p, 1)) {
                p->pos++;
                mr->after = AST_AFTER_SKIP_TO_LAST;
                if (!eddy__sql_p_ident(p, &mr->after_var)) return NULL;
            } else {
                eddy__sql_p_at_kw(p, KW_NEXT);
                eddy__sql_p_at_kw(p, KW_FIRST);
                eddy__sql_p_at_kw(p, KW_LAST);
                mr->after = AST_AFTER_SKIP_TO;
                if (!eddy__sql_p_ident(p, &mr->after_var)) return NULL;
            }
        }
    }
    if (!eddy__sql_p_expect_kw(p, KW_PATTERN) || !eddy__sql_p_expect(p, TK_LPAREN)) return NULL;
    if (eddy__sql_p_accept(p, TK_CARET)) mr->strict_start = true;
    if (!(mr->pattern = pattern_alt(p))) return NULL;
    if (eddy__sql_p_accept(p, TK_DOLLAR)) mr->strict_end = true;
    if (!eddy__sql_p_expect(p, TK_RPAREN)) return NULL;
    if (eddy__sql_p_accept_kw(p, KW_WITHIN)) {
        if (!(mr->within = eddy__sql_p_interval(p))) return NULL;
    }
    if (eddy__sql_p_accept_kw(p, KW_SUBSET)) {
        PList l = {0};
        do {
            int sfirst = p->pos;
            AstSubset *s = eddy__sql_p_alloc(p, sizeof *s);
            if (!s || !eddy__sql_p_ident(p, &s->name) || !eddy__sql_p_expect(p, TK_EQ) ||
                !eddy__sql_p_ident_list(p, &s->vars, &s->nvars))
                return NULL;
            s->pos = eddy__sql_p_span_from(p, sfirst);
            if (!eddy__sql_p_push(p, &l, s)) return NULL;
        } while (eddy__sql_p_accept(p, TK_COMMA));
        mr->subsets = (AstSubset **)l.items;
        mr->nsubsets = l.len;
    }
    if (!eddy__sql_p_expect_kw(p, KW_DEFINE) || !measure_list(p, &mr->defines, &mr->ndefines, true) ||
        !eddy__sql_p_expect(p, TK_RPAREN))
        return NULL;
    mr->pos = eddy__sql_p_span_from(p, first);
    return mr;
}

/* ---- table references --------------------------------------------------------- */

static AstTableRef *new_tref(SqlParser *p, AstTableRefKind kind, int first) {
    AstTableRef *t = eddy__sql_p_alloc(p, sizeof *t);
    if (!t) return NULL;
    t->kind = kind;
    t->pos = eddy__sql_p_span(p, first, first);
    t->depth = 1;
    return t;
}

static AstTableRef *tdeepen(SqlParser *p, AstTableRef *t, int child) {
    if (!t) return NULL;
    if (child + 1 > t->depth) t->depth = child + 1;
    if (t->depth > EDDY_SQL_MAX_DEPTH)
        return eddy__sql_p_fail_msg(p, p_cur(p), "FROM clause nested deeper than %d levels at line %d, column %d.",
                                    EDDY_SQL_MAX_DEPTH, t->pos.line, t->pos.col);
    return t;
}

static AstTableRef *table_ref(SqlParser *p);

/* [LATERAL] TABLE ( f(args) ) */
static AstTableRef *table_function(SqlParser *p, int first, bool lateral) {
    AstTableRef *t = new_tref(p, AST_TREF_FUNCTION, first);
    if (!t || !eddy__sql_p_expect_kw(p, KW_TABLE) || !eddy__sql_p_expect(p, TK_LPAREN)) return NULL;
    const Token *ct = p_cur(p);
    AstExpr *call = eddy__sql_p_expr(p);
    if (!call) return NULL;
    if (call->kind != AST_CALL || call->u.call.syntax != AST_SYN_FUNCTION)
        return eddy__sql_p_fail_msg(p, ct, "Encountered a table function argument that is not a function call at "
                                           "line %d, column %d.",
                                    ct->line, ct->col);
    if (!eddy__sql_p_expect(p, TK_RPAREN)) return NULL;
    t->u.function.call = call;
    t->u.function.lateral = lateral;
    t->pos = eddy__sql_p_span_from(p, first);
    return tdeepen(p, t, edepth(call));
}

static AstTableRef *table_ref(SqlParser *p) {
    if (!eddy__sql_p_enter(p)) return NULL;
    int first = p->pos;
    AstTableRef *t = NULL;
    bool lateral = false;
    if (p_is_kw(p, 0, KW_LATERAL)) {
        p->pos++;
        lateral = true;
        if (!eddy__sql_p_at_kw(p, KW_TABLE) && !eddy__sql_p_at(p, TK_LPAREN)) {
            eddy__sql_p_fail(p);
            goto out;
        }
    }
    if (p_is_kw(p, 0, KW_TABLE) && p_is(p, 1, TK_LPAREN)) {
        t = table_function(p, first, lateral);
    } else if (!lateral && p_is_kw(p, 0, KW_UNNEST)) {
        p->pos++;
        t = new_tref(p, AST_TREF_UNNEST, first);
        AstQuery *q;
        if (!t || !eddy__sql_p_paren_query_or_list(p, &q, &t->u.unnest.args, &t->u.unnest.nargs)) {
            t = NULL;
            goto out;
        }
        if (q) {
            AstExpr *sub = eddy__sql_p_new_expr(p, AST_SUBQUERY, first + 1);
            if (!sub) {
                t = NULL;
                goto out;
            }
            sub->u.sub.query = q;
            sub->pos = q->pos;
            t->u.unnest.args = eddy__sql_p_alloc(p, sizeof(AstExpr *));
            if (!t->u.unnest.args) {
                t = NULL;
                goto out;
            }
            t->u.unnest.args[0] = sub;
            t->u.unnest.nargs = 1;
        }
        if (p_is_kw(p, 0, KW_WITH) && p_is_kw(p, 1, KW_ORDINALITY)) {
            p->pos += 2;
            t->u.unnest.with_ordinality = true;
        }
        t->pos = eddy__sql_p_span_from(p, first);
        for (int i = 0; i < t->u.unnest.nargs && t; i++) t = tdeepen(p, t, edepth(t->u.unnest.args[i]));
    } else if (p_is(p, 0, TK_LPAREN)) {
        p->pos++;
        AstQuery *q = eddy__sql_p_query(p);
        if (!q || !eddy__sql_p_expect(p, TK_RPAREN)) goto out;
        t = new_tref(p, AST_TREF_SUBQUERY, first);
        if (!t) goto out;
        t->u.subquery.query = q;
        t->u.subquery.lateral = lateral;
        t->pos = eddy__sql_p_span_from(p, first);
        t = tdeepen(p, t, q->depth);
    } else if (lateral) {
        eddy__sql_p_fail(p);
        goto out;
    } else {
        if (!eddy__sql_p_at_ident(p)) {
            eddy__sql_p_at(p, TK_LPAREN);
            eddy__sql_p_at_kw(p, KW_LATERAL);
            eddy__sql_p_at_kw(p, KW_TABLE);
            eddy__sql_p_at_kw(p, KW_UNNEST);
            eddy__sql_p_fail(p);
            goto out;
        }
        t = new_tref(p, AST_TREF_TABLE, first);
        if (!t || !eddy__sql_p_name(p, &t->u.table.name)) {
            t = NULL;
            goto out;
        }
        if (eddy__sql_p_accept(p, TK_HINT_BEG)) {
            if (!eddy__sql_p_hints(p, &t->u.table.hints, &t->u.table.nhints)) {
                t = NULL;
                goto out;
            }
        }
        if (p_is_kw(p, 0, KW_FOR) && p_is_kw(p, 1, KW_SYSTEM_TIME)) {
            p->pos += 2;
            if (!eddy__sql_p_expect_kw(p, KW_AS) || !eddy__sql_p_expect_kw(p, KW_OF) ||
                !(t->u.table.system_time = eddy__sql_p_expr(p))) {
                t = NULL;
                goto out;
            }
        } else {
            eddy__sql_p_at_kw(p, KW_FOR);
        }
        t->pos = eddy__sql_p_span_from(p, first);
        if (t->u.table.system_time) t = tdeepen(p, t, edepth(t->u.table.system_time));
    }
    if (!t) goto out;
    if (t->kind != AST_TREF_FUNCTION && t->kind != AST_TREF_UNNEST && p_is_kw(p, 0, KW_MATCH_RECOGNIZE)) {
        AstTableRef *m = new_tref(p, AST_TREF_MATCH, first);
        if (!m || !(m->u.match.mr = match_recognize(p))) {
            t = NULL;
            goto out;
        }
        m->u.match.input = t;
        m->pos = eddy__sql_p_span_from(p, first);
        t = tdeepen(p, m, t->depth);
        if (!t) goto out;
    } else {
        eddy__sql_p_at_kw(p, KW_MATCH_RECOGNIZE);
    }
    /* [AS] alias [(columns)] */
    bool as = eddy__sql_p_accept_kw(p, KW_AS);
    if (as || eddy__sql_p_at_ident(p)) {
        if (!(t->alias = eddy__sql_p_ident_new(p))) {
            t = NULL;
            goto out;
        }
        if (p_is(p, 0, TK_LPAREN)) {
            if (!eddy__sql_p_ident_list(p, &t->col_aliases, &t->ncol_aliases)) {
                t = NULL;
                goto out;
            }
        }
        t->pos = eddy__sql_p_span_from(p, first);
    }
out:
    eddy__sql_p_leave(p);
    return t;
}

AstTableRef *eddy__sql_p_table_ref_list(SqlParser *p) {
    int first = p->pos;
    AstTableRef *left = table_ref(p);
    while (left) {
        AstJoinType type;
        bool natural = false, outer = false;
        int jfirst = p->pos;
        if (eddy__sql_p_accept(p, TK_COMMA)) {
            type = AST_JOIN_COMMA;
        } else {
            if (eddy__sql_p_accept_kw(p, KW_NATURAL)) natural = true;
            if (eddy__sql_p_accept_kw(p, KW_JOIN)) {
                type = AST_JOIN_INNER;
            } else if (eddy__sql_p_accept_kw(p, KW_INNER)) {
                type = AST_JOIN_INNER;
                if (!eddy__sql_p_expect_kw(p, KW_JOIN)) return NULL;
            } else if (eddy__sql_p_at_kw(p, KW_LEFT) || eddy__sql_p_at_kw(p, KW_RIGHT) || eddy__sql_p_at_kw(p, KW_FULL)) {
                SqlKw k = (SqlKw)p_cur(p)->kw;
                type = k == KW_LEFT ? AST_JOIN_LEFT : k == KW_RIGHT ? AST_JOIN_RIGHT : AST_JOIN_FULL;
                p->pos++;
                if (eddy__sql_p_accept_kw(p, KW_OUTER)) outer = true;
                if (!eddy__sql_p_expect_kw(p, KW_JOIN)) return NULL;
            } else if (eddy__sql_p_accept_kw(p, KW_CROSS)) {
                type = AST_JOIN_CROSS;
                if (!eddy__sql_p_expect_kw(p, KW_JOIN)) return NULL;
            } else {
                if (natural) return eddy__sql_p_fail(p);
                break;
            }
        }
        AstTableRef *right = table_ref(p);
        if (!right) return NULL;
        AstTableRef *j = new_tref(p, AST_TREF_JOIN, jfirst);
        if (!j) return NULL;
        j->u.join.type = type;
        j->u.join.natural = natural;
        j->u.join.outer_written = outer;
        j->u.join.left = left;
        j->u.join.right = right;
        if (type != AST_JOIN_COMMA) {
            if (eddy__sql_p_accept_kw(p, KW_ON)) {
                if (!(j->u.join.on = eddy__sql_p_expr(p))) return NULL;
            } else if (eddy__sql_p_accept_kw(p, KW_USING)) {
                if (!eddy__sql_p_ident_list(p, &j->u.join.using_, &j->u.join.nusing)) return NULL;
            }
        }
        j->pos = eddy__sql_p_span_from(p, first);
        int d = left->depth > right->depth ? left->depth : right->depth;
        if (j->u.join.on && edepth(j->u.join.on) > d) d = edepth(j->u.join.on);
        left = tdeepen(p, j, d);
    }
    return left;
}

/* ---- SELECT ------------------------------------------------------------------ */

static AstGroupItem *group_item(SqlParser *p);

static bool group_items(SqlParser *p, AstGroupItem ***out, int *n) {
    PList l = {0};
    do {
        AstGroupItem *g = group_item(p);
        if (!g || !eddy__sql_p_push(p, &l, g)) return false;
    } while (eddy__sql_p_accept(p, TK_COMMA));
    *out = (AstGroupItem **)l.items;
    *n = l.len;
    return true;
}

static AstGroupItem *group_item(SqlParser *p) {
    if (!eddy__sql_p_enter(p)) return NULL;
    int first = p->pos;
    AstGroupItem *g = eddy__sql_p_alloc(p, sizeof *g);
    if (!g) goto fail;
    if (p_is_kw(p, 0, KW_GROUPING) && p_is_kw(p, 1, KW_SETS)) {
        p->pos += 2;
        g->kind = AST_GROUP_SETS;
        if (!eddy__sql_p_expect(p, TK_LPAREN) || !group_items(p, &g->items, &g->nitems) ||
            !eddy__sql_p_expect(p, TK_RPAREN))
            goto fail;
    } else if (p_is_kw(p, 0, KW_ROLLUP) || p_is_kw(p, 0, KW_CUBE)) {
        g->kind = p_is_kw(p, 0, KW_ROLLUP) ? AST_GROUP_ROLLUP : AST_GROUP_CUBE;
        p->pos++;
        PList l = {0};
        if (!eddy__sql_p_expect(p, TK_LPAREN)) goto fail;
        do {
            int efirst = p->pos;
            AstGroupItem *e = eddy__sql_p_alloc(p, sizeof *e);
            if (!e || !(e->expr = eddy__sql_p_expr(p)) || !eddy__sql_p_push(p, &l, e)) goto fail;
            e->kind = AST_GROUP_EXPR;
            e->pos = eddy__sql_p_span_from(p, efirst);
        } while (eddy__sql_p_accept(p, TK_COMMA));
        if (!eddy__sql_p_expect(p, TK_RPAREN)) goto fail;
        g->items = (AstGroupItem **)l.items;
        g->nitems = l.len;
    } else if (p_is(p, 0, TK_LPAREN) && p_is(p, 1, TK_RPAREN)) {
        p->pos += 2;
        g->kind = AST_GROUP_EMPTY;
    } else {
        g->kind = AST_GROUP_EXPR;
        if (!(g->expr = eddy__sql_p_expr(p))) goto fail;
    }
    g->pos = eddy__sql_p_span_from(p, first);
    eddy__sql_p_leave(p);
    return g;
fail:
    eddy__sql_p_leave(p);
    return NULL;
}

static AstQuery *select_core(SqlParser *p) {
    int first = p->pos;
    AstQuery *q = new_query(p, AST_Q_SELECT, first);
    if (!q || !eddy__sql_p_expect_kw(p, KW_SELECT)) return NULL;
    int d = 0;
    if (eddy__sql_p_accept(p, TK_HINT_BEG)) {
        if (!eddy__sql_p_hints(p, &q->u.select.hints, &q->u.select.nhints)) return NULL;
    }
    if (eddy__sql_p_accept_kw(p, KW_DISTINCT)) q->u.select.distinct = true;
    else if (eddy__sql_p_accept_kw(p, KW_ALL)) q->u.select.all = true;
    PList items = {0};
    do {
        int ifirst = p->pos;
        AstSelectItem *it = eddy__sql_p_alloc(p, sizeof *it);
        if (!it) return NULL;
        if (p_is(p, 0, TK_STAR)) {
            if (!(it->expr = eddy__sql_p_new_expr(p, AST_STAR, p->pos))) return NULL;
            p->pos++;
        } else {
            eddy__sql_p_at(p, TK_STAR);
            if (!(it->expr = eddy__sql_p_expr(p))) return NULL;
            if (edepth(it->expr) > d) d = edepth(it->expr);
            bool as = eddy__sql_p_accept_kw(p, KW_AS);
            if (as || eddy__sql_p_at_ident(p)) {
                if (!(it->alias = eddy__sql_p_ident_new(p))) return NULL;
            }
        }
        it->pos = eddy__sql_p_span_from(p, ifirst);
        if (!eddy__sql_p_push(p, &items, it)) return NULL;
    } while (eddy__sql_p_accept(p, TK_COMMA));
    q->u.select.items = (AstSelectItem **)items.items;
    q->u.select.nitems = items.len;
    if (eddy__sql_p_accept_kw(p, KW_FROM)) {
        if (!(q->u.select.from = eddy__sql_p_table_ref_list(p))) return NULL;
        if (q->u.select.from->depth > d) d = q->u.select.from->depth;
        if (eddy__sql_p_accept_kw(p, KW_WHERE)) {
            if (!(q->u.select.where = eddy__sql_p_expr(p))) return NULL;
            if (edepth(q->u.select.where) > d) d = edepth(q->u.select.where);
        }
        if (eddy__sql_p_accept_kw(p, KW_GROUP)) {
            if (!eddy__sql_p_expect_kw(p, KW_BY) || !group_items(p, &q->u.select.group_by, &q->u.select.ngroup_by))
                return NULL;
            q->u.select.has_group_by = true;
        }
        if (eddy__sql_p_accept_kw(p, KW_HAVING)) {
            if (!(q->u.select.having = eddy__sql_p_expr(p))) return NULL;
        }
        if (eddy__sql_p_accept_kw(p, KW_WINDOW)) {
            PList l = {0};
            do {
                int wfirst = p->pos;
                AstWindowDef *w = eddy__sql_p_alloc(p, sizeof *w);
                if (!w || !eddy__sql_p_ident(p, &w->name) || !eddy__sql_p_expect_kw(p, KW_AS) ||
                    !(w->spec = eddy__sql_p_window_spec(p)))
                    return NULL;
                w->pos = eddy__sql_p_span_from(p, wfirst);
                if (!eddy__sql_p_push(p, &l, w)) return NULL;
            } while (eddy__sql_p_accept(p, TK_COMMA));
            q->u.select.windows = (AstWindowDef **)l.items;
            q->u.select.nwindows = l.len;
        }
    }
    q->pos = eddy__sql_p_span_from(p, first);
    return qdeepen(p, q, d);
}

/* VALUES row, row, ...: every row becomes a ROW call */
static AstQuery *values(SqlParser *p) {
    int first = p->pos;
    AstQuery *q = new_query(p, AST_Q_VALUES, first);
    if (!q || !eddy__sql_p_expect_kw(p, KW_VALUES)) return NULL;
    PList rows = {0};
    int d = 0;
    do {
        int rfirst = p->pos;
        AstExpr *row;
        if (p_is_kw(p, 0, KW_ROW) && p_is(p, 1, TK_LPAREN)) {
            row = eddy__sql_p_expr_prec(p, 81);
        } else if (p_is(p, 0, TK_LPAREN)) {
            AstQuery *sq;
            AstExpr **items;
            AstExpr *sub; /* outlives the block: items may point to it */
            int n;
            if (!eddy__sql_p_paren_query_or_list(p, &sq, &items, &n)) return NULL;
            if (sq) {
                sub = eddy__sql_p_new_expr(p, AST_SUBQUERY, rfirst);
                if (!sub) return NULL;
                sub->u.sub.query = sq;
                sub->pos = eddy__sql_p_span_from(p, rfirst);
                items = &sub;
                n = 1;
            }
            row = eddy__sql_p_make_row(p, items, n, true, rfirst);
        } else {
            AstExpr *v = eddy__sql_p_expr(p);
            row = v ? eddy__sql_p_make_row(p, &v, 1, true, rfirst) : NULL;
            if (row) row->pos = v->pos;
        }
        if (!row || !eddy__sql_p_push(p, &rows, row)) return NULL;
        if (edepth(row) > d) d = edepth(row);
    } while (eddy__sql_p_accept(p, TK_COMMA));
    q->u.values.rows = (AstExpr **)rows.items;
    q->u.values.nrows = rows.len;
    q->pos = eddy__sql_p_span_from(p, first);
    return qdeepen(p, q, d);
}

/* SELECT | VALUES | TABLE t | ( query ) */
static AstQuery *query_term(SqlParser *p) {
    int first = p->pos;
    if (p_is_kw(p, 0, KW_SELECT)) return select_core(p);
    if (p_is_kw(p, 0, KW_VALUES)) return values(p);
    if (p_is_kw(p, 0, KW_TABLE) && p_is_ident(p, 1)) {
        AstQuery *q = new_query(p, AST_Q_TABLE, first);
        if (!q) return NULL;
        p->pos++;
        if (!eddy__sql_p_name(p, &q->u.table.name)) return NULL;
        q->pos = eddy__sql_p_span_from(p, first);
        return q;
    }
    if (eddy__sql_p_accept(p, TK_LPAREN)) {
        AstQuery *q = eddy__sql_p_query(p);
        if (!q || !eddy__sql_p_expect(p, TK_RPAREN)) return NULL;
        return q;
    }
    eddy__sql_p_at_kw(p, KW_SELECT);
    eddy__sql_p_at_kw(p, KW_VALUES);
    eddy__sql_p_at_kw(p, KW_WITH);
    eddy__sql_p_at_kw(p, KW_TABLE);
    return eddy__sql_p_fail(p);
}

static int setop_level(const SqlParser *p, AstSetOp *op, bool *minus) {
    *minus = false;
    if (p_is_kw(p, 0, KW_UNION)) {
        *op = AST_UNION;
        return 1;
    }
    if (p_is_kw(p, 0, KW_EXCEPT) || p_is_kw(p, 0, KW_MINUS)) {
        *op = AST_EXCEPT;
        *minus = p_is_kw(p, 0, KW_MINUS);
        return 1;
    }
    if (p_is_kw(p, 0, KW_INTERSECT)) {
        *op = AST_INTERSECT;
        return 2;
    }
    return 0;
}

static AstQuery *setop_rest(SqlParser *p, AstQuery *left, int min_level, int first) {
    while (left) {
        AstSetOp op;
        bool minus;
        int level = setop_level(p, &op, &minus);
        if (!level) {
            eddy__sql_p_at_kw(p, KW_UNION);
            eddy__sql_p_at_kw(p, KW_INTERSECT);
            eddy__sql_p_at_kw(p, KW_EXCEPT);
            eddy__sql_p_at_kw(p, KW_MINUS);
        }
        if (!level || level < min_level) break;
        p->pos++;
        AstQuery *q = new_query(p, AST_Q_SETOP, first);
        if (!q) return NULL;
        q->u.setop.op = op;
        q->u.setop.minus = minus;
        if (eddy__sql_p_accept_kw(p, KW_ALL)) q->u.setop.all = true;
        else if (eddy__sql_p_accept_kw(p, KW_DISTINCT)) q->u.setop.distinct_written = true;
        int rfirst = p->pos;
        AstQuery *right = query_term(p);
        if (!right) return NULL;
        right = setop_rest(p, right, level + 1, rfirst);
        if (!right) return NULL;
        q->u.setop.left = left;
        q->u.setop.right = right;
        q->pos = eddy__sql_p_span_from(p, first);
        left = qdeepen(p, q, left->depth > right->depth ? left->depth : right->depth);
    }
    return left;
}

/* Wraps q when clauses are attached to a query that has its own already. */
static AstQuery *nested(SqlParser *p, AstQuery *q, int first) {
    /* A query that already has ORDER BY / LIMIT (or WITH) and gets more is
     * wrapped as SELECT * FROM (q): the AST has no bare parenthesis node, and
     * this keeps the meaning. */
    AstQuery *w = new_query(p, AST_Q_SELECT, first);
    if (!w) return NULL;
    AstSelectItem *it = eddy__sql_p_alloc(p, sizeof *it);
    AstTableRef *t = new_tref(p, AST_TREF_SUBQUERY, first);
    if (!it || !t || !(it->expr = eddy__sql_p_new_expr(p, AST_STAR, first))) return NULL;
    it->pos = it->expr->pos = q->pos;
    it->expr->pos.end = it->expr->pos.start;
    t->u.subquery.query = q;
    t->pos = q->pos;
    w->u.select.items = eddy__sql_p_alloc(p, sizeof(AstSelectItem *));
    if (!w->u.select.items) return NULL;
    w->u.select.items[0] = it;
    w->u.select.nitems = 1;
    w->u.select.from = t;
    w->pos = q->pos;
    return qdeepen(p, w, q->depth + 1);
}

static AstExpr *limit_count(SqlParser *p) {
    if (eddy__sql_p_at(p, TK_UNSIGNED_INT) || eddy__sql_p_at(p, TK_DECIMAL) || eddy__sql_p_at(p, TK_APPROX))
        return eddy__sql_p_numeric_literal(p);
    return eddy__sql_p_fail(p);
}

/* ORDER BY .. LIMIT .. OFFSET .. FETCH .. after a query expression */
static AstQuery *query_tail(SqlParser *p, AstQuery *q, int first) {
    bool has_order = p_is_kw(p, 0, KW_ORDER), has_more = p_is_kw(p, 0, KW_LIMIT) || p_is_kw(p, 0, KW_OFFSET) ||
                                                         p_is_kw(p, 0, KW_FETCH);
    if ((has_order || has_more) && (q->norder || q->offset || q->fetch)) {
        if (!(q = nested(p, q, first))) return NULL;
    }
    if (eddy__sql_p_accept_kw(p, KW_ORDER)) {
        if (!eddy__sql_p_expect_kw(p, KW_BY) || !eddy__sql_p_order_items(p, &q->order, &q->norder)) return NULL;
        for (int i = 0; i < q->norder; i++)
            if (!qdeepen(p, q, edepth(q->order[i]->expr))) return NULL;
    }
    if (eddy__sql_p_accept_kw(p, KW_LIMIT)) {
        if (eddy__sql_p_accept_kw(p, KW_ALL)) {
            /* LIMIT ALL: no limit */
        } else {
            if (!(q->fetch = limit_count(p))) return NULL;
            if (p_is(p, 0, TK_COMMA))
                return eddy__sql_p_fail_msg(p, p_cur(p), "LIMIT start, count is not allowed under the current SQL "
                                                         "conformance level");
        }
    }
    if (eddy__sql_p_accept_kw(p, KW_OFFSET)) {
        if (!(q->offset = limit_count(p))) return NULL;
        if (!eddy__sql_p_accept_kw(p, KW_ROW)) eddy__sql_p_accept_kw(p, KW_ROWS);
    }
    if (eddy__sql_p_accept_kw(p, KW_FETCH)) {
        if (!eddy__sql_p_accept_kw(p, KW_FIRST) && !eddy__sql_p_expect_kw(p, KW_NEXT)) return NULL;
        if (!(q->fetch = limit_count(p))) return NULL;
        if (!eddy__sql_p_accept_kw(p, KW_ROW) && !eddy__sql_p_expect_kw(p, KW_ROWS)) return NULL;
        if (!eddy__sql_p_expect_kw(p, KW_ONLY)) return NULL;
    }
    if (!q->norder) eddy__sql_p_at_kw(p, KW_ORDER);
    eddy__sql_p_at_kw(p, KW_LIMIT);
    eddy__sql_p_at_kw(p, KW_OFFSET);
    eddy__sql_p_at_kw(p, KW_FETCH);
    q->pos = eddy__sql_p_span_from(p, first);
    return q;
}

/* WITH name [(cols)] AS (query), ... */
static bool with_list(SqlParser *p, AstCte ***out, int *n) {
    PList l = {0};
    do {
        int first = p->pos;
        AstCte *c = eddy__sql_p_alloc(p, sizeof *c);
        if (!c || !eddy__sql_p_ident(p, &c->name)) return false;
        if (p_is(p, 0, TK_LPAREN) && !eddy__sql_p_ident_list(p, &c->columns, &c->ncolumns)) return false;
        if (!eddy__sql_p_expect_kw(p, KW_AS) || !eddy__sql_p_expect(p, TK_LPAREN) || !(c->query = eddy__sql_p_query(p)) ||
            !eddy__sql_p_expect(p, TK_RPAREN))
            return false;
        c->pos = eddy__sql_p_span_from(p, first);
        if (!eddy__sql_p_push(p, &l, c)) return false;
    } while (eddy__sql_p_accept(p, TK_COMMA));
    *out = (AstCte **)l.items;
    *n = l.len;
    return true;
}

AstQuery *eddy__sql_p_query(SqlParser *p) {
    if (!eddy__sql_p_enter(p)) return NULL;
    int first = p->pos;
    AstCte **ctes = NULL;
    int nctes = 0;
    AstQuery *q = NULL;
    if (eddy__sql_p_accept_kw(p, KW_WITH)) {
        if (!with_list(p, &ctes, &nctes)) goto out;
    }
    int bfirst = p->pos;
    q = query_term(p);
    if (q) q = setop_rest(p, q, 1, bfirst);
    if (q && nctes) {
        if (q->nwith && !(q = nested(p, q, first))) goto out;
        q->with = ctes;
        q->nwith = nctes;
        for (int i = 0; i < nctes && q; i++) q = qdeepen(p, q, ctes[i]->query->depth);
    }
    if (q) q = query_tail(p, q, first);
out:
    eddy__sql_p_leave(p);
    return q;
}

AstQuery *eddy__sql_p_query_continue(SqlParser *p, AstQuery *left, int first_tok) {
    if (!eddy__sql_p_enter(p)) return NULL;
    AstQuery *q = setop_rest(p, left, 1, first_tok);
    if (q) q = query_tail(p, q, first_tok);
    eddy__sql_p_leave(p);
    return q;
}
