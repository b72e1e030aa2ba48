/*
 * lifetime.c -- statement memory: refcounted arenas (see Lifetime in api.h).
 * A lifetime whose count fell to 0 is freed at once unless it held a
 * dropped catalog object that a living statement (or a permanent binding)
 * begun between the object's creation and its drop may point into.
 */
#include "api/api.h"

/* The first chunk of a statement arena: most statements need a few KB. */
#define LT_CHUNK 4096

Lifetime *eddy__lt_new(eddy_env *env) {
    Lifetime *lt = eddy__calloc(1, sizeof *lt);
    if (!lt) return eddy__api_nomem(env);
    eddy__arena_init(&lt->arena, LT_CHUNK);
    lt->refs = 1;
    env->lt_seq += 2;
    lt->seq = env->lt_seq;
    lt->next = env->lts;
    if (env->lts) env->lts->prev = lt;
    env->lts = lt;
    return lt;
}

Lifetime *eddy__lt_ref(Lifetime *lt) {
    if (lt) lt->refs++;
    return lt;
}

/* Whether a mark in (lt->seq, lt->dead] is still alive. */
static bool blocked(const eddy_env *env, const Lifetime *lt) {
    if (!lt->dead) return false;
    if (env->keep_dropped) return true;
    for (const Lifetime *x = env->lts; x; x = x->next)
        if (x != lt && x->seq > lt->seq && x->seq <= lt->dead) return true;
    for (size_t i = env->permanent_marks.len; i-- > 0;) {
        uint64_t m = env->permanent_marks.items[i];
        if (m <= lt->seq) break;
        if (m <= lt->dead) return true;
    }
    return false;
}

static void lt_destroy(eddy_env *env, Lifetime *lt) {
    if (lt->prev) lt->prev->next = lt->next;
    else env->lts = lt->next;
    if (lt->next) lt->next->prev = lt->prev;
    eddy__arena_destroy(&lt->arena); /* runs its cleanups (VALUES batches, constants) */
    eddy__free(lt);
}

/* Frees every unreferenced lifetime nothing can point into any more; a
 * free may unblock an older one, hence the repeat. */
static void sweep(eddy_env *env) {
    for (bool again = true; again;) {
        again = false;
        for (Lifetime *x = env->lts, *next; x; x = next) {
            next = x->next;
            if (x->refs > 0 || blocked(env, x)) continue;
            lt_destroy(env, x);
            again = true;
            break; /* the list changed */
        }
    }
}

void eddy__lt_unref(eddy_env *env, Lifetime *lt) {
    if (!lt) return;
    if (--lt->refs > 0) return;
    /* the common case: a statement that left no catalog object behind */
    if (!lt->dead) lt_destroy(env, lt);
    /* an older dropped object may have waited for this one */
    sweep(env);
}

void eddy__lt_drop(eddy_env *env, Lifetime *lt) {
    if (!lt) return;
    /* the dropping statement (or the last one, outside statements) is
     * counted among those that may point into the object */
    lt->dead = env->cur_lt ? env->cur_lt->seq : env->lt_seq + 1;
    eddy__lt_unref(env, lt);
}

void eddy__lt_mark_permanent(eddy_env *env) {
    if (env->cur_lt) return; /* inside a statement: its own lifetime marks it */
    uint64_t m = env->lt_seq + 1;
    size_t n = env->permanent_marks.len;
    if (n && env->permanent_marks.items[n - 1] == m) return;
    /* without the mark a dropped object could be freed under a Table
     * handle: keep every dropped object instead */
    if (!ed_vec_push(&env->permanent_marks, m)) env->keep_dropped = true;
}

void eddy__lt_free_all(eddy_env *env) {
    while (env->lts) lt_destroy(env, env->lts);
    ed_vec_free(&env->permanent_marks);
}

size_t eddy__lt_bytes(const eddy_env *env) {
    size_t n = env->arena.total + env->values_bytes;
    for (const Lifetime *x = env->lts; x; x = x->next) n += x->arena.total + sizeof *x;
    return n;
}

Lifetime *eddy__lt_enter(eddy_env *env, Lifetime *lt) {
    Lifetime *prev = env->cur_lt;
    env->cur_lt = lt;
    env->sa = lt ? &lt->arena : &env->arena;
    return prev;
}
