/*
 * keyed_state.c -- the Context of keyed process functions (eddy_keyed_ctx:
 * key, timestamp, timers) and the keyed state handles it gives out
 * (eddy_value_state, eddy_list_state, eddy_map_state), over the state API.
 *
 * A handle is a registered State plus what turns rows into the bytes state
 * stores and back: values (and map keys) are rows of their type in the
 * serde.h form; a RowSlot is a one-row batch that decodes them into a row
 * view for the user, and an eddy_out over a second one-row batch that builds
 * them from the user's setters. Handles are made on the instance's first
 * request for a name and live until the operator closes (process.c frees
 * them through KctxHandle.free).
 *
 * Errors follow the context's sticky rule: a failing call records the
 * message on the job (eddy__op_fail), marks the context failed and returns an
 * error / NULL; the operator fails the job when the callback returns.
 */
#include "api/api.h"
#include "types/serde.h"

/* ---- one-row values ---------------------------------------------------------- */

typedef struct RowSlot {
    const Type *type;
    int ncols;
    const Type **cols;
    Batch *read;  /* decoded value */
    Batch *build; /* value being built */
    eddy_out out;
    eddy_row row;
} RowSlot;

static bool slot_init(RowSlot *r, Arena *a, const Type *t, EdErr *err) {
    r->type = t;
    r->ncols = eddy__type_column_count(t);
    r->cols = eddy__arena_alloc(a, sizeof(Type *) * (size_t)(r->ncols ? r->ncols : 1));
    if (!r->cols) return false;
    for (int c = 0; c < r->ncols; c++) r->cols[c] = eddy__type_column_type(t, c);
    r->read = eddy__batch_new_typed(r->ncols, r->cols, 1);
    r->build = eddy__batch_new_typed(r->ncols, r->cols, 1);
    if (!r->read || !r->build) return false;
    r->read->n = r->read->count = 1;
    eddy__out_init(&r->out, t, r->ncols, r->cols, 1, NULL, NULL, err);
    r->out.single = true;
    return true;
}

static void slot_free(RowSlot *r) {
    r->out.batch = NULL; /* the slot's own batch */
    eddy__batch_release(r->read);
    eddy__batch_release(r->build);
}

/* Starts a new value to build (fields NULL). */
static eddy_out *slot_begin(RowSlot *r) {
    for (int c = 0; c < r->ncols; c++) eddy__vec_reset(r->build->cols[c]);
    r->out.batch = r->build;
    r->out.row = 0;
    if (eddy__out_begin(&r->out)) return NULL;
    return &r->out;
}

/* The value built so far, encoded into b. */
static bool slot_encode(RowSlot *r, Buf *b) {
    if (!r->out.open) slot_begin(r); /* nothing set: all NULL */
    eddy__out_seal(&r->out);
    b->len = 0;
    eddy__serde_write(b, r->build->cols, r->ncols, 0);
    for (int c = 0; c < r->ncols; c++)
        if (r->build->cols[c]->failed) return false;
    return !b->failed && b->len <= UINT32_MAX;
}

/* Decodes a stored value into the slot's row view. */
static const eddy_row *slot_decode(RowSlot *r, const void *p, uint32_t len) {
    for (int c = 0; c < r->ncols; c++) eddy__vec_reset(r->read->cols[c]);
    if (eddy__serde_read(p, len, r->read->cols, r->ncols, 0) != len) return NULL;
    eddy__row_view(&r->row, r->type, r->read, 0, NULL);
    return &r->row;
}

/* ---- handles ---------------------------------------------------------------------- */

typedef struct Handle {
    KctxHandle h;
    const char *types; /* "key type|value type" as the user wrote them */
    eddy_keyed_ctx *kc;
    State *st;
    RowSlot val;
    RowSlot key; /* MAP: the map key */
    Buf enc, kenc;
    Buf list;    /* LIST: the blob being walked */
    StateIter *it; /* MAP: the walk */
} Handle;

struct eddy_value_state {
    Handle h;
};
struct eddy_list_state {
    Handle h;
};
struct eddy_map_state {
    Handle h;
};

static void handle_free(KctxHandle *kh) {
    Handle *h = (Handle *)kh;
    if (h->it) eddy__state_iter_close(h->it);
    slot_free(&h->val);
    slot_free(&h->key);
    eddy__buf_free(&h->enc);
    eddy__buf_free(&h->kenc);
    eddy__buf_free(&h->list);
    eddy__free(h);
}

/* Records a failed ctx call (sticky) and returns code. */
static eddy_status kc_fail(eddy_keyed_ctx *kc, eddy_status code, const char *fmt, ...) ED_PRINTF(3, 4);
static eddy_status kc_fail(eddy_keyed_ctx *kc, eddy_status code, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    eddy__verr(eddy__op_err(kc->op), code, fmt, ap);
    va_end(ap);
    kc->failed = true;
    return code;
}

/* A state call's status: an error from the state layer marks the context. */
static eddy_status kc_check(eddy_keyed_ctx *kc, eddy_status rc) {
    if (rc) kc->failed = true;
    return rc;
}

static const Type *parse_type(eddy_keyed_ctx *kc, const char *name, const char *type) {
    if (!type) {
        kc_fail(kc, EDDY_E_MISUSE, "State '%s': a type string is required.", name ? name : "");
        return NULL;
    }
    const Type *t = NULL;
    EdErr e = {0};
    if (eddy__type_parse(kc->arena, type, strlen(type), NULL, &t, &e) != EDDY_OK) {
        kc_fail(kc, e.code, "State '%s': %s", name, e.msg ? e.msg : "bad type");
        eddy__err_clear(&e);
        return NULL;
    }
    return t;
}

static Handle *get_handle(eddy_keyed_ctx *kc, const char *name, StateKind kind, const char *key_type,
                          const char *value_type) {
    if (!kc || kc->failed) return NULL;
    if (!name || !*name) return kc_fail(kc, EDDY_E_MISUSE, "A state needs a name."), NULL;
    const char *spelled = eddy__arena_printf(kc->arena, "%s|%s", key_type ? key_type : "", value_type ? value_type : "");
    if (!spelled) return kc_fail(kc, EDDY_E_NOMEM, "out of memory"), NULL;
    /* the same request again: its handle (anything else goes through the
     * registration's check below) */
    for (KctxHandle *h = kc->handles; h; h = h->next)
        if (!strcmp(h->name, name) && h->kind == (int)kind && !strcmp(((Handle *)h)->types, spelled)) return (Handle *)h;
    const Type *vt = parse_type(kc, name, value_type);
    const Type *kt = kind == STATE_MAP ? parse_type(kc, name, key_type) : NULL;
    if (!vt || (kind == STATE_MAP && !kt)) return NULL;
    StateDesc d = {.name = name, .kind = kind, .key_type = kc->plan ? kc->plan->key_type : kc->store_key_type, .value_type = vt, .map_key_type = kt};
    State *st;
    /* a name of another kind, or with another type, is refused here */
    eddy_status rc = eddy__state_register(kc->be, &d, &st);
    if (rc) return kc_check(kc, rc), NULL;
    Handle *h = eddy__calloc(1, sizeof *h);
    char *nm = eddy__arena_strdup(kc->arena, name);
    EdErr *err = eddy__op_err(kc->op);
    if (!h || !nm || !slot_init(&h->val, kc->arena, vt, err) || (kt && !slot_init(&h->key, kc->arena, kt, err))) {
        if (h) handle_free(&h->h);
        return kc_fail(kc, EDDY_E_NOMEM, "out of memory"), NULL;
    }
    h->h.name = nm;
    h->types = spelled;
    h->h.kind = (int)kind;
    h->h.free = handle_free;
    h->kc = kc;
    h->st = st;
    eddy__buf_init(&h->enc);
    eddy__buf_init(&h->kenc);
    eddy__buf_init(&h->list);
    h->h.next = kc->handles;
    kc->handles = &h->h;
    return h;
}

eddy_value_state *eddy_keyed_ctx_value_state(eddy_keyed_ctx *kc, const char *name, const char *type) {
    return (eddy_value_state *)get_handle(kc, name, STATE_VALUE, NULL, type);
}

eddy_list_state *eddy_keyed_ctx_list_state(eddy_keyed_ctx *kc, const char *name, const char *element_type) {
    return (eddy_list_state *)get_handle(kc, name, STATE_LIST, NULL, element_type);
}

eddy_map_state *eddy_keyed_ctx_map_state(eddy_keyed_ctx *kc, const char *name, const char *key_type,
                                         const char *value_type) {
    return (eddy_map_state *)get_handle(kc, name, STATE_MAP, key_type, value_type);
}

/* Whether a state call may run now (a current key exists). */
static eddy_status keyed_call(Handle *h, const char *what) {
    if (!h) return EDDY_E_MISUSE;
    eddy_keyed_ctx *kc = h->kc;
    if (kc->phase != KC_ELEMENT && kc->phase != KC_TIMER)
        return kc_fail(kc, EDDY_E_MISUSE, "State '%s': %s needs a current key (call it in process_element or on_timer).",
                       h->h.name, what);
    return EDDY_OK;
}

static eddy_status encode_fail(Handle *h) {
    return kc_fail(h->kc, EDDY_E_NOMEM, "State '%s': out of memory encoding a value.", h->h.name);
}

static eddy_status decode_fail(Handle *h) {
    return kc_fail(h->kc, EDDY_E_INTERNAL, "State '%s' holds a value that does not decode as %s.", h->h.name,
                   eddy_type_string(ety(h->val.type)));
}

/* ---- value state ---------------------------------------------------------------- */

eddy_status eddy_value_state_value(eddy_value_state *s, const eddy_row **out) {
    Handle *h = s ? &s->h : NULL;
    eddy_status rc = keyed_call(h, "value()");
    if (rc) return rc;
    const void *v;
    uint32_t len;
    bool found;
    if ((rc = kc_check(h->kc, eddy__state_get(h->st, &h->kc->key, h->kc->ns, &v, &len, &found)))) return rc;
    *out = NULL;
    if (!found) return EDDY_OK;
    if (!(*out = slot_decode(&h->val, v, len))) return decode_fail(h);
    return EDDY_OK;
}

eddy_out *eddy_value_state_new_value(eddy_value_state *s) {
    Handle *h = s ? &s->h : NULL;
    if (keyed_call(h, "update()")) return NULL;
    return slot_begin(&h->val);
}

eddy_status eddy_value_state_update(eddy_value_state *s) {
    Handle *h = s ? &s->h : NULL;
    eddy_status rc = keyed_call(h, "update()");
    if (rc) return rc;
    if (!slot_encode(&h->val, &h->enc)) return encode_fail(h);
    h->val.out.open = false;
    return kc_check(h->kc, eddy__state_put(h->st, &h->kc->key, h->kc->ns, h->enc.data, (uint32_t)h->enc.len));
}

/* Builds a value of the slot from row (one field, or all when field is
 * (size_t)-1). */
static eddy_status build_from(Handle *h, RowSlot *r, const eddy_row *row, size_t field) {
    eddy_out *o = slot_begin(r);
    if (!o || !row) return kc_fail(h->kc, EDDY_E_MISUSE, "State '%s': no row to take the value from.", h->h.name);
    if (field != (size_t)-1) {
        eddy_status rc = eddy_out_copy_field(o, 0, row, field);
        if (rc) return kc_fail(h->kc, rc, "State '%s': field %zu of the row does not fit %s.", h->h.name, field,
                               eddy_type_string(ety(r->type)));
        return EDDY_OK;
    }
    if ((size_t)r->ncols != eddy_row_arity(row))
        return kc_fail(h->kc, EDDY_E_MISUSE, "State '%s': a row of %zu fields for a value of %d.", h->h.name,
                       eddy_row_arity(row), r->ncols);
    for (int c = 0; c < r->ncols; c++) {
        eddy_status rc = eddy_out_copy_field(o, (size_t)c, row, (size_t)c);
        if (rc) return kc_fail(h->kc, rc, "State '%s': field %d of the row does not fit %s.", h->h.name, c,
                               eddy_type_string(ety(r->type)));
    }
    return EDDY_OK;
}

eddy_status eddy_value_state_update_from(eddy_value_state *s, const eddy_row *row, size_t field) {
    Handle *h = s ? &s->h : NULL;
    eddy_status rc = keyed_call(h, "update()");
    if (rc || (rc = build_from(h, &h->val, row, field))) return rc;
    return eddy_value_state_update(s);
}

eddy_status eddy_value_state_clear(eddy_value_state *s) {
    Handle *h = s ? &s->h : NULL;
    eddy_status rc = keyed_call(h, "clear()");
    if (rc) return rc;
    return kc_check(h->kc, eddy__state_remove(h->st, &h->kc->key, h->kc->ns, NULL));
}

/* ---- list state --------------------------------------------------------------------- */

eddy_status eddy_list_state_next(eddy_list_state *s, size_t *cursor, const eddy_row **out) {
    Handle *h = s ? &s->h : NULL;
    eddy_status rc = keyed_call(h, "get()");
    if (rc) return rc;
    if (!cursor || !out) return kc_fail(h->kc, EDDY_E_MISUSE, "State '%s': get() needs a cursor.", h->h.name);
    if (*cursor == 0) {
        /* a walk starts: copy the list as it is now */
        const void *blob;
        uint32_t len;
        bool found;
        if ((rc = kc_check(h->kc, eddy__state_list_get(h->st, &h->kc->key, h->kc->ns, &blob, &len, &found))))
            return rc;
        h->list.len = 0;
        if (found) eddy__buf_put(&h->list, blob, len);
        if (h->list.failed) return encode_fail(h);
    }
    uint32_t pos = *cursor ? (uint32_t)(*cursor - 1) : 0;
    const void *el;
    uint32_t elen;
    if (!eddy__state_list_next(h->list.data, (uint32_t)h->list.len, &pos, &el, &elen)) {
        *out = NULL;
        return EDDY_DONE;
    }
    *cursor = (size_t)pos + 1;
    if (!(*out = slot_decode(&h->val, el, elen))) return decode_fail(h);
    return EDDY_ROW;
}

eddy_out *eddy_list_state_new_element(eddy_list_state *s) {
    Handle *h = s ? &s->h : NULL;
    if (keyed_call(h, "add()")) return NULL;
    return slot_begin(&h->val);
}

eddy_status eddy_list_state_add(eddy_list_state *s) {
    Handle *h = s ? &s->h : NULL;
    eddy_status rc = keyed_call(h, "add()");
    if (rc) return rc;
    if (!slot_encode(&h->val, &h->enc)) return encode_fail(h);
    h->val.out.open = false;
    return kc_check(h->kc, eddy__state_list_add(h->st, &h->kc->key, h->kc->ns, h->enc.data, (uint32_t)h->enc.len));
}

eddy_status eddy_list_state_add_from(eddy_list_state *s, const eddy_row *row, size_t field) {
    Handle *h = s ? &s->h : NULL;
    eddy_status rc = keyed_call(h, "add()");
    if (rc || (rc = build_from(h, &h->val, row, field))) return rc;
    return eddy_list_state_add(s);
}

eddy_status eddy_list_state_clear(eddy_list_state *s) {
    Handle *h = s ? &s->h : NULL;
    eddy_status rc = keyed_call(h, "clear()");
    if (rc) return rc;
    return kc_check(h->kc, eddy__state_remove(h->st, &h->kc->key, h->kc->ns, NULL));
}

/* ---- map state ---------------------------------------------------------------------- */

eddy_out *eddy_map_state_key(eddy_map_state *s) {
    Handle *h = s ? &s->h : NULL;
    if (keyed_call(h, "a map key")) return NULL;
    return slot_begin(&h->key);
}

eddy_out *eddy_map_state_value(eddy_map_state *s) {
    Handle *h = s ? &s->h : NULL;
    if (keyed_call(h, "a map value")) return NULL;
    return slot_begin(&h->val);
}

/* The map key built with eddy_map_state_key, encoded into kenc. */
static eddy_status map_key(Handle *h) {
    if (!slot_encode(&h->key, &h->kenc)) return encode_fail(h);
    return EDDY_OK;
}

eddy_status eddy_map_state_get(eddy_map_state *s, const eddy_row **out) {
    Handle *h = s ? &s->h : NULL;
    eddy_status rc = keyed_call(h, "get()");
    if (rc || (rc = map_key(h))) return rc;
    const void *v;
    uint32_t len;
    bool found;
    if ((rc = kc_check(h->kc, eddy__state_map_get(h->st, &h->kc->key, h->kc->ns, h->kenc.data, (uint32_t)h->kenc.len,
                                                  &v, &len, &found))))
        return rc;
    *out = NULL;
    if (found && !(*out = slot_decode(&h->val, v, len))) return decode_fail(h);
    return EDDY_OK;
}

eddy_status eddy_map_state_contains(eddy_map_state *s, bool *out) {
    Handle *h = s ? &s->h : NULL;
    eddy_status rc = keyed_call(h, "contains()");
    if (rc || (rc = map_key(h))) return rc;
    return kc_check(h->kc, eddy__state_map_contains(h->st, &h->kc->key, h->kc->ns, h->kenc.data,
                                                    (uint32_t)h->kenc.len, out));
}

eddy_status eddy_map_state_put(eddy_map_state *s) {
    Handle *h = s ? &s->h : NULL;
    eddy_status rc = keyed_call(h, "put()");
    if (rc || (rc = map_key(h))) return rc;
    if (!slot_encode(&h->val, &h->enc)) return encode_fail(h);
    h->val.out.open = false;
    return kc_check(h->kc, eddy__state_map_put(h->st, &h->kc->key, h->kc->ns, h->kenc.data, (uint32_t)h->kenc.len,
                                               h->enc.data, (uint32_t)h->enc.len));
}

eddy_status eddy_map_state_remove(eddy_map_state *s) {
    Handle *h = s ? &s->h : NULL;
    eddy_status rc = keyed_call(h, "remove()");
    if (rc || (rc = map_key(h))) return rc;
    return kc_check(h->kc, eddy__state_map_remove(h->st, &h->kc->key, h->kc->ns, h->kenc.data,
                                                  (uint32_t)h->kenc.len, NULL));
}

eddy_status eddy_map_state_is_empty(eddy_map_state *s, bool *out) {
    Handle *h = s ? &s->h : NULL;
    eddy_status rc = keyed_call(h, "isEmpty()");
    if (rc) return rc;
    return kc_check(h->kc, eddy__state_map_is_empty(h->st, &h->kc->key, h->kc->ns, out));
}

eddy_status eddy_map_state_next(eddy_map_state *s, size_t *cursor, const eddy_row **key, const eddy_row **value) {
    Handle *h = s ? &s->h : NULL;
    eddy_status rc = keyed_call(h, "entries()");
    if (rc) return rc;
    if (!cursor || !key || !value)
        return kc_fail(h->kc, EDDY_E_MISUSE, "State '%s': entries() needs a cursor and two rows.", h->h.name);
    if (*cursor == 0 || !h->it) {
        if (h->it) eddy__state_iter_close(h->it);
        h->it = NULL;
        if ((rc = kc_check(h->kc, eddy__state_iter_map(h->st, &h->kc->key, h->kc->ns, &h->it)))) return rc;
    }
    StateEntry e;
    bool has;
    if ((rc = kc_check(h->kc, eddy__state_iter_next(h->it, &e, &has)))) return rc;
    if (!has) {
        eddy__state_iter_close(h->it);
        h->it = NULL;
        *key = *value = NULL;
        return EDDY_DONE;
    }
    (*cursor)++;
    if (!(*key = slot_decode(&h->key, e.ukey, e.ukey_len)) || !(*value = slot_decode(&h->val, e.value, e.value_len)))
        return decode_fail(h);
    return EDDY_ROW;
}

eddy_status eddy_map_state_clear(eddy_map_state *s) {
    Handle *h = s ? &s->h : NULL;
    eddy_status rc = keyed_call(h, "clear()");
    if (rc) return rc;
    return kc_check(h->kc, eddy__state_remove(h->st, &h->kc->key, h->kc->ns, NULL));
}

/* ---- the context ------------------------------------------------------------------------ */

const eddy_row *eddy_keyed_ctx_current_key(eddy_keyed_ctx *kc) {
    if (!kc || (kc->phase != KC_ELEMENT && kc->phase != KC_TIMER)) return NULL;
    return &kc->key_row;
}

bool eddy_keyed_ctx_timestamp(eddy_keyed_ctx *kc, int64_t *out) {
    if (!kc || !kc->has_ts || (kc->phase != KC_ELEMENT && kc->phase != KC_TIMER)) return false;
    *out = kc->ts;
    return true;
}

eddy_time_domain eddy_keyed_ctx_timer_domain(eddy_keyed_ctx *kc) {
    return kc && kc->domain == TIME_PROCESSING ? EDDY_PROCESSING_TIME : EDDY_EVENT_TIME;
}

void eddy_keyed_ctx_set_local(eddy_keyed_ctx *kc, void *local) {
    if (kc) kc->local = local;
}

void *eddy_keyed_ctx_local(eddy_keyed_ctx *kc) { return kc ? kc->local : NULL; }

static eddy_status timer_call(eddy_keyed_ctx *kc, TimeDomain d, int64_t ts, bool reg) {
    if (!kc) return EDDY_E_MISUSE;
    if (!kc->plan)
        return kc_fail(kc, EDDY_E_MISUSE, "A window function's state store has no timers (a trigger sets them).");
    if (kc->phase != KC_ELEMENT && kc->phase != KC_TIMER)
        return kc_fail(kc, EDDY_E_MISUSE, "Timers need a current key (register them in process_element or on_timer).");
    TimerService *ts_svc;
    eddy_status rc = kc_check(kc, eddy__timers_get(kc->be, &ts_svc));
    if (rc) return rc;
    return kc_check(kc, reg ? eddy__timers_register(ts_svc, d, &kc->key, STATE_NO_NS, ts)
                            : eddy__timers_delete(ts_svc, d, &kc->key, STATE_NO_NS, ts));
}

eddy_status eddy_keyed_ctx_register_event_timer(eddy_keyed_ctx *kc, int64_t timestamp) {
    return timer_call(kc, TIME_EVENT, timestamp, true);
}

eddy_status eddy_keyed_ctx_delete_event_timer(eddy_keyed_ctx *kc, int64_t timestamp) {
    return timer_call(kc, TIME_EVENT, timestamp, false);
}

eddy_status eddy_keyed_ctx_register_processing_timer(eddy_keyed_ctx *kc, int64_t timestamp) {
    return timer_call(kc, TIME_PROCESSING, timestamp, true);
}

eddy_status eddy_keyed_ctx_delete_processing_timer(eddy_keyed_ctx *kc, int64_t timestamp) {
    return timer_call(kc, TIME_PROCESSING, timestamp, false);
}

int64_t eddy_keyed_ctx_current_watermark(eddy_keyed_ctx *kc) { return kc ? kc->op->input_watermark : INT64_MIN; }

int64_t eddy_keyed_ctx_current_processing_time(eddy_keyed_ctx *kc) {
    return kc ? eddy__clock_now(eddy__op_clock(kc->op)) : 0;
}
