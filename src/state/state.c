/*
 * state.c -- the generic state layer between operators and a backend
 * (state.h): state registration and the compatibility check of descriptors,
 * TTL, reducing and aggregating states, namespace merging, list blobs,
 * iteration, incremental cleanup and operator list state. Backends store
 * bytes; everything with a meaning lives here, once, so the heap and a
 * RocksDB backend behave alike.
 *
 * TTL (Flink's TtlStateFactory idea). With a TTL every stored value -- a
 * value, a list element, a map value, a fixed-size slot -- is prefixed by
 * the 8-byte time of its last access (TTL_PREFIX). Reads check it: expired
 * values are removed on the spot and, with NeverReturnExpired, not returned;
 * OnReadAndWrite renews the time on every read. Incremental cleanup keeps a
 * cursor (a backend iterator, safe against writes) per state and checks
 * cleanup_size entries per access, so keys nobody reads again do not stay
 * forever. A fixed-size state's slot batch counts as one access per row; its
 * cleanup runs at flush, when no slot is out.
 */
#include "state/state_int.h"

#include "types/types.h"

/* ---- backend --------------------------------------------------------------------- */

eddy_status eddy__state_backend_new(const StateBackendConfig *cfg, StateBackend **out) {
    *out = NULL;
    EdErr *err = cfg->err;
    if (cfg->max_parallelism < 1 || cfg->max_parallelism > STATE_MAX_KEY_GROUPS || cfg->first_group < 0 ||
        cfg->last_group >= cfg->max_parallelism)
        return eddy__err(err, EDDY_E_MISUSE, "A state backend for key groups %d..%d of %d is not possible.",
                         cfg->first_group, cfg->last_group, cfg->max_parallelism);
    const StateBackendVtab *vt = cfg->vtab ? cfg->vtab : &eddy__state_heap_vtab;
    if (vt->version < STATE_BACKEND_V1)
        return eddy__err(err, EDDY_E_MISUSE, "State backend '%s' has vtable version %u; eddy needs version %d.",
                         vt->name, vt->version, STATE_BACKEND_V1);
    StateBackend *be = eddy__calloc(1, sizeof *be);
    if (!be) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    be->cfg = *cfg;
    be->vt = vt;
    be->uid = eddy__strdup(cfg->uid ? cfg->uid : "");
    be->op_name = eddy__strdup(cfg->op_name ? cfg->op_name : "operator");
    if (!cfg->clock) be->cfg.clock = eddy__clock_system();
    be->cfg.uid = be->uid;
    be->cfg.op_name = be->op_name;
    eddy__buf_init(&be->scratch);
    eddy__buf_init(&be->tmp1);
    eddy__buf_init(&be->tmp2);
    eddy__buf_init(&be->update);
    eddy_status rc = be->uid && be->op_name ? EDDY_OK : eddy__err(err, EDDY_E_NOMEM, "out of memory");
    if (!rc) {
        /* each linked-in backend has its constructor beside its vtab */
        if (vt == &eddy__state_heap_vtab) rc = eddy__state_heap_open(&be->cfg, &be->impl);
        else if (vt == &eddy__state_rocksdb_vtab) rc = eddy__state_rocksdb_open(&be->cfg, &be->impl);
        else rc = eddy__err(err, EDDY_E_MISUSE, "State backend '%s' cannot be created here.", vt->name);
    }
    if (rc) {
        eddy__state_backend_free(be);
        return rc;
    }
    *out = be;
    return EDDY_OK;
}

eddy_status eddy__state_backend_by_name(const char *name, const StateBackendVtab **out, EdErr *err) {
    if (eddy__str_ieq(name, "hashmap")) *out = &eddy__state_heap_vtab;
    else if (eddy__str_ieq(name, "rocksdb")) *out = &eddy__state_rocksdb_vtab;
    else
        return eddy__err(err, EDDY_E_VALIDATION,
                         "Cannot find configured state backend factory class: %s ('%s' is 'hashmap' or 'rocksdb').",
                         name, STATE_BACKEND_OPTION);
    return EDDY_OK;
}

static void state_free(State *s) {
    eddy__free(s->name);
    for (int i = 0; i < NTYPES; i++) eddy__free(s->types[i]);
    eddy__free(s);
}

static void iter_free(StateIter *it);

void eddy__state_backend_free(StateBackend *be) {
    if (!be) return;
    while (be->iters) eddy__state_iter_close(be->iters);
    iter_free(be->spare);
    be->spare = NULL;
    for (uint32_t i = 0; i < be->nstates; i++)
        if (be->states[i]->cleanup_it) be->vt->iter_close(be->states[i]->cleanup_it);
    eddy__timers_free(be->timers);
    if (be->impl) be->vt->destroy(be->impl);
    for (uint32_t i = 0; i < be->nstates; i++) state_free(be->states[i]);
    eddy__free(be->states);
    for (uint32_t i = 0; i < be->noplists; i++) {
        OpListState *l = be->oplists[i];
        eddy__free(l->name);
        eddy__free(l->type);
        eddy__buf_free(&l->data);
        ed_vec_free(&l->offs);
        eddy__free(l);
    }
    eddy__free(be->oplists);
    eddy__buf_free(&be->scratch);
    eddy__buf_free(&be->tmp1);
    eddy__buf_free(&be->tmp2);
    eddy__buf_free(&be->update);
    eddy__free(be->uid);
    eddy__free(be->op_name);
    eddy__free(be);
}

void eddy__state_backend_stats(StateBackend *be, StateStats *out) { be->vt->stats(be->impl, out); }

void eddy__state_backend_range(const StateBackend *be, int *first, int *last, int *max_par) {
    *first = be->cfg.first_group;
    *last = be->cfg.last_group;
    *max_par = be->cfg.max_parallelism;
}

const Clock *eddy__state_backend_clock(const StateBackend *be) { return be->cfg.clock; }

static EdErr *berr(const StateBackend *be) { return be->cfg.err; }
static eddy_status nomem(const StateBackend *be) { return eddy__err(berr(be), EDDY_E_NOMEM, "out of memory"); }

/* ---- registration -------------------------------------------------------------------- */

static const char *kind_name(StateKind k) {
    static const char *names[] = {"VALUE", "LIST", "MAP", "REDUCING", "AGGREGATING"};
    return (unsigned)k < ED_ARRAY_LEN(names) ? names[k] : "?";
}

static char *print_type(const Type *t) {
    if (!t) return eddy__strdup("");
    Buf b;
    eddy__buf_init(&b);
    eddy__type_print(&b, t);
    if (b.failed) {
        eddy__buf_free(&b);
        return NULL;
    }
    char *s = eddy__buf_take(&b);
    return s ? s : eddy__strdup("");
}

/* "MAP<STRING, BIGINT> (namespace BIGINT, 16-byte values, with TTL)" */
void eddy__state_describe(Buf *b, StateKind kind, char *const *types, uint32_t fixed, bool ttl) {
    eddy__buf_printf(b, "%s<", kind_name(kind));
    if (kind == STATE_MAP) eddy__buf_printf(b, "%s, ", types[TYPE_MAP_KEY]);
    eddy__buf_printf(b, "%s>", types[TYPE_VALUE]);
    eddy__buf_printf(b, " (key %s", types[TYPE_KEY]);
    if (*types[TYPE_NS]) eddy__buf_printf(b, ", namespace %s", types[TYPE_NS]);
    if (fixed) eddy__buf_printf(b, ", %u-byte values", fixed);
    eddy__buf_puts(b, ttl ? ", with TTL)" : ")");
}

bool eddy__state_same_shape(const State *s, StateKind kind, char *const *types, uint32_t fixed, bool ttl) {
    if (s->d.kind != kind || s->d.fixed_size != fixed || s->ttl_on != ttl) return false;
    for (int i = 0; i < NTYPES; i++)
        if (strcmp(s->types[i], types[i]) != 0) return false;
    return true;
}

State *eddy__state_find(StateBackend *be, const char *name) {
    for (uint32_t i = 0; i < be->nstates; i++)
        if (!strcmp(be->states[i]->name, name)) return be->states[i];
    return NULL;
}

/* Creates the State object and its backend storage. */
static eddy_status state_create(StateBackend *be, const char *name, StateKind kind, char **types, uint32_t fixed,
                                bool ttl, State **out) {
    State **ns = eddy__realloc(be->states, sizeof(State *) * (be->nstates + 1));
    if (!ns) return nomem(be);
    be->states = ns;
    State *s = eddy__calloc(1, sizeof *s);
    if (!s) return nomem(be);
    s->be = be;
    s->name = eddy__strdup(name);
    for (int i = 0; i < NTYPES; i++) {
        s->types[i] = types[i];
        types[i] = NULL;
    }
    s->d.name = s->name;
    s->d.kind = kind;
    s->d.fixed_size = fixed;
    s->ttl_on = ttl;
    s->prefix = ttl ? TTL_PREFIX : 0;
    if (!s->name) {
        state_free(s);
        return nomem(be);
    }
    eddy_status rc = be->vt->create_state(be->impl, &s->d, fixed ? fixed + s->prefix : 0, &s->bs);
    if (rc) {
        state_free(s);
        return rc;
    }
    s->index = be->nstates;
    be->states[be->nstates++] = s;
    *out = s;
    return EDDY_OK;
}

eddy_status eddy__state_create_restored(StateBackend *be, const char *name, StateKind kind, char *const *types,
                                        uint32_t fixed_size, int64_t ttl_ms, State **out) {
    char *copy[NTYPES] = {0};
    for (int i = 0; i < NTYPES; i++)
        if (!(copy[i] = eddy__strdup(types[i]))) {
            for (int j = 0; j < i; j++) eddy__free(copy[j]);
            return nomem(be);
        }
    eddy_status rc = state_create(be, name, kind, copy, fixed_size, ttl_ms > 0, out);
    for (int i = 0; i < NTYPES; i++) eddy__free(copy[i]);
    if (!rc) {
        (*out)->d.ttl.ttl_ms = ttl_ms;
        (*out)->d.ttl.cleanup_size = TTL_DEFAULT_CLEANUP_SIZE;
    }
    return rc;
}

eddy_status eddy__state_register(StateBackend *be, const StateDesc *d, State **out) {
    EdErr *err = berr(be);
    if (!d->name || !*d->name) return eddy__err(err, EDDY_E_MISUSE, "A state needs a name.");
    if ((unsigned)d->kind > STATE_AGGREGATING)
        return eddy__err(err, EDDY_E_MISUSE, "State '%s' has an unknown kind %d.", d->name, (int)d->kind);
    if (d->fixed_size && (d->kind == STATE_LIST || d->kind == STATE_MAP))
        return eddy__err(err, EDDY_E_MISUSE, "State '%s': fixed-size values are for VALUE, REDUCING and AGGREGATING "
                         "states.", d->name);
    if (d->kind == STATE_REDUCING && !d->reduce)
        return eddy__err(err, EDDY_E_MISUSE, "Reducing state '%s' needs a reduce function.", d->name);
    if (d->kind == STATE_AGGREGATING && (!d->agg.create || !d->agg.add || !d->agg.result))
        return eddy__err(err, EDDY_E_MISUSE, "Aggregating state '%s' needs create, add and result functions.", d->name);
    bool ttl = d->ttl.ttl_ms > 0;
    char *types[NTYPES] = {print_type(d->key_type), print_type(d->ns_type), print_type(d->value_type),
                           print_type(d->kind == STATE_MAP ? d->map_key_type : NULL)};
    eddy_status rc = EDDY_OK;
    for (int i = 0; i < NTYPES; i++)
        if (!types[i]) rc = nomem(be);
    State *s = rc ? NULL : eddy__state_find(be, d->name);
    if (!rc && s && !eddy__state_same_shape(s, d->kind, types, d->fixed_size, ttl)) {
        Buf have, want;
        eddy__buf_init(&have);
        eddy__buf_init(&want);
        eddy__state_describe(&have, s->d.kind, s->types, s->d.fixed_size, s->ttl_on);
        eddy__state_describe(&want, d->kind, types, d->fixed_size, ttl);
        if (s->registered)
            rc = eddy__err(err, EDDY_E_MISUSE, "State '%s' is already registered as %s; it cannot be registered as %s.",
                           d->name, eddy__buf_cstr(&have), eddy__buf_cstr(&want));
        else
            rc = eddy__err(err, EDDY_E_RUNTIME,
                           "State '%s' of operator %s was restored as %s and cannot be registered as %s: the "
                           "snapshot does not fit this operator.",
                           d->name, be->op_name, eddy__buf_cstr(&have), eddy__buf_cstr(&want));
        eddy__buf_free(&have);
        eddy__buf_free(&want);
    }
    if (!rc && !s) rc = state_create(be, d->name, d->kind, types, d->fixed_size, ttl, &s);
    if (!rc && !s->registered && ttl && d->ttl.cleanup_every_record) be->every_record++;
    for (int i = 0; i < NTYPES; i++) eddy__free(types[i]);
    if (rc) return rc;
    /* the operator's descriptor: types, callbacks and TTL settings (a
     * restored state gets them now) */
    const char *name = s->d.name;
    s->d = *d;
    s->d.name = name;
    if (!s->d.ttl.cleanup_size) s->d.ttl.cleanup_size = TTL_DEFAULT_CLEANUP_SIZE;
    s->registered = true;
    *out = s;
    return EDDY_OK;
}

const StateDesc *eddy__state_desc(const State *s) { return &s->d; }

/* ---- TTL helpers ---------------------------------------------------------------------- */

static int64_t now_ms(const State *s) { return eddy__clock_now(s->be->cfg.clock); }

static int64_t read_ts(const void *p) {
    int64_t t;
    memcpy(&t, p, 8);
    return t;
}

static bool expired_at(const State *s, const void *prefixed, int64_t now) {
    return eddy__ttl_expired(read_ts(prefixed), s->d.ttl.ttl_ms, now);
}

static eddy_status corrupt(const State *s) {
    return eddy__err(berr(s->be), EDDY_E_INTERNAL, "State '%s' holds a value shorter than its TTL header.", s->name);
}

/* [now][bytes] in b. */
static bool prefixed(Buf *b, int64_t now, const void *p, uint32_t len) {
    b->len = 0;
    eddy__buf_put(b, &now, 8);
    eddy__buf_put(b, p, len);
    return !b->failed;
}

/* Rebuilds a TTL list blob without its expired elements (into out, with
 * prefixes) and, for the caller, the elements without prefixes (into user,
 * may be NULL). renew sets every kept element's time to now. Returns false
 * on a malformed blob. */
static bool list_filter(const State *s, const void *blob, uint32_t len, int64_t now, bool renew, bool keep_expired,
                        Buf *out, Buf *user, bool *changed) {
    if (out) out->len = 0;
    if (user) user->len = 0;
    *changed = false;
    uint32_t pos = 0;
    const void *e;
    uint32_t el;
    while (pos < len) {
        if (!eddy__state_list_next(blob, len, &pos, &e, &el) || el < TTL_PREFIX) return false;
        bool exp = expired_at(s, e, now);
        if (exp) *changed = true;
        if (user && (!exp || keep_expired)) eddy__state_list_frame(user, (const char *)e + 8, el - 8);
        if (exp || !out) continue;
        if (renew) {
            uint32_t fl = el;
            eddy__buf_put(out, &fl, 4);
            eddy__buf_put(out, &now, 8);
            eddy__buf_put(out, (const char *)e + 8, el - 8);
            *changed = true;
        } else {
            eddy__state_list_frame(out, e, el);
        }
    }
    return true;
}

/* One step of incremental cleanup over up to `budget` entries of s. */
static eddy_status cleanup_step(State *s, uint64_t budget) {
    if (!s->ttl_on || s->slots_out || !budget || s->d.ttl.no_background_cleanup) return EDDY_OK;
    StateBackend *be = s->be;
    int64_t now = now_ms(s);
    eddy_status rc;
    if (!s->cleanup_it) {
        StateIterSpec spec = {.group = -1};
        if ((rc = be->vt->iter_open(s->bs, &spec, &s->cleanup_it))) return rc;
    }
    while (budget--) {
        StateEntry e;
        bool has;
        if ((rc = be->vt->iter_next(s->cleanup_it, &e, &has))) return rc;
        if (!has) {
            /* a full round done; the next step starts the next round */
            be->vt->iter_close(s->cleanup_it);
            s->cleanup_it = NULL;
            return EDDY_OK;
        }
        if (e.value_len < TTL_PREFIX) return corrupt(s);
        if (s->d.kind == STATE_MAP) {
            if (expired_at(s, e.value, now) &&
                (rc = be->vt->map_remove(s->bs, &e.key, e.ns, e.ukey, e.ukey_len, NULL)))
                return rc;
        } else if (s->d.kind == STATE_LIST) {
            bool changed;
            if (!list_filter(s, e.value, e.value_len, now, false, false, &be->tmp2, NULL, &changed)) return corrupt(s);
            if (be->tmp2.failed) return nomem(be);
            if (changed && (rc = be->vt->list_replace(s->bs, &e.key, e.ns, be->tmp2.data, (uint32_t)be->tmp2.len)))
                return rc;
        } else if (expired_at(s, e.value, now) && (rc = be->vt->remove(s->bs, &e.key, e.ns, NULL))) {
            return rc;
        }
    }
    return EDDY_OK;
}

/* Flink's runCleanupForEveryRecord: every access to any state of the
 * backend (each row of a slot batch) also steps the states that ask for it,
 * so a state nobody touches any more still gets cleaned. */
static eddy_status record_tick(StateBackend *be, const State *except, uint64_t times) {
    for (uint32_t i = 0; i < be->nstates && be->every_record; i++) {
        State *t = be->states[i];
        if (t == except || !t->ttl_on || !t->d.ttl.cleanup_every_record) continue;
        eddy_status rc = cleanup_step(t, times * t->d.ttl.cleanup_size);
        if (rc) return rc;
    }
    return EDDY_OK;
}

/* What each access does: its own state's cleanup step, and the others'
 * that run for every record. */
static eddy_status access_cleanup(State *s) {
    eddy_status rc = s->ttl_on ? cleanup_step(s, s->d.ttl.cleanup_size) : EDDY_OK;
    return rc || !s->be->every_record ? rc : record_tick(s->be, s, 1);
}

eddy_status eddy__state_cleanup(StateBackend *be) {
    for (uint32_t i = 0; i < be->nstates; i++) {
        State *s = be->states[i];
        eddy_status rc = cleanup_step(s, s->d.ttl.cleanup_size);
        if (rc) return rc;
    }
    return EDDY_OK;
}

/* ---- VALUE-like --------------------------------------------------------------------------- */

static bool value_kind(StateKind k) { return k == STATE_VALUE || k == STATE_REDUCING || k == STATE_AGGREGATING; }

static eddy_status wrong_kind(const State *s, const char *call) {
    return eddy__err(berr(s->be), EDDY_E_INTERNAL, "%s on %s state '%s'", call, kind_name(s->d.kind), s->name);
}

eddy_status eddy__state_get(State *s, const StateKey *k, StateNs ns, const void **val, uint32_t *len, bool *found) {
    if (!value_kind(s->d.kind)) return wrong_kind(s, "get");
    StateBackend *be = s->be;
    if (!s->ttl_on) {
        eddy_status rc0 = be->every_record ? access_cleanup(s) : EDDY_OK;
        return rc0 ? rc0 : be->vt->get(s->bs, k, ns, val, len, found);
    }
    eddy_status rc = access_cleanup(s);
    if (rc) return rc;
    const void *v;
    uint32_t l;
    bool f;
    if ((rc = be->vt->get(s->bs, k, ns, &v, &l, &f))) return rc;
    if (!f) {
        *found = false;
        return EDDY_OK;
    }
    if (l < TTL_PREFIX) return corrupt(s);
    int64_t now = now_ms(s);
    if (expired_at(s, v, now)) {
        bool give = s->d.ttl.visibility == TTL_RETURN_EXPIRED_IF_NOT_CLEANED;
        if (give) {
            be->scratch.len = 0;
            eddy__buf_put(&be->scratch, (const char *)v + 8, l - 8);
            if (be->scratch.failed) return nomem(be);
        }
        if ((rc = be->vt->remove(s->bs, k, ns, NULL))) return rc;
        *found = give;
        if (give) {
            *val = be->scratch.data;
            *len = l - 8;
        }
        return EDDY_OK;
    }
    if (s->d.ttl.update == TTL_ON_READ_AND_WRITE) {
        if (!prefixed(&be->scratch, now, (const char *)v + 8, l - 8)) return nomem(be);
        if ((rc = be->vt->put(s->bs, k, ns, be->scratch.data, l))) return rc;
        *val = be->scratch.data + 8;
    } else {
        *val = (const char *)v + 8;
    }
    *len = l - 8;
    *found = true;
    return EDDY_OK;
}

eddy_status eddy__state_put(State *s, const StateKey *k, StateNs ns, const void *val, uint32_t len) {
    if (!value_kind(s->d.kind)) return wrong_kind(s, "put");
    if (s->d.fixed_size && len != s->d.fixed_size)
        return eddy__err(berr(s->be), EDDY_E_INTERNAL, "a %u-byte value for state '%s' of %u-byte values", len, s->name,
                         s->d.fixed_size);
    StateBackend *be = s->be;
    if (!s->ttl_on) {
        eddy_status rc0 = be->every_record ? access_cleanup(s) : EDDY_OK;
        return rc0 ? rc0 : be->vt->put(s->bs, k, ns, val, len);
    }
    eddy_status rc = access_cleanup(s);
    if (rc) return rc;
    if (!prefixed(&be->tmp1, now_ms(s), val, len)) return nomem(be);
    return be->vt->put(s->bs, k, ns, be->tmp1.data, (uint32_t)be->tmp1.len);
}

eddy_status eddy__state_remove(State *s, const StateKey *k, StateNs ns, bool *found) {
    return s->be->vt->remove(s->bs, k, ns, found);
}

/* The current accumulator of (k, ns) copied into acc (TTL handled); *found. */
static eddy_status get_copy(State *s, const StateKey *k, StateNs ns, Buf *acc, bool *found) {
    const void *v;
    uint32_t l;
    eddy_status rc = eddy__state_get(s, k, ns, &v, &l, found);
    if (rc || !*found) return rc;
    acc->len = 0;
    eddy__buf_put(acc, v, l);
    return acc->failed ? nomem(s->be) : EDDY_OK;
}

static eddy_status fn_failed(State *s, eddy_status rc, const char *what) {
    if (!eddy__err_is_set(berr(s->be)))
        eddy__err(berr(s->be), rc, "The %s function of state '%s' failed (%s).", what, s->name, eddy_status_name(rc));
    return rc;
}

eddy_status eddy__state_add(State *s, const StateKey *k, StateNs ns, const void *val, uint32_t len) {
    StateBackend *be = s->be;
    Buf *acc = &be->tmp2, *out = &be->scratch;
    bool found;
    eddy_status rc;
    if (s->d.kind == STATE_REDUCING) {
        if ((rc = get_copy(s, k, ns, acc, &found))) return rc;
        if (!found) return eddy__state_put(s, k, ns, val, len);
        out->len = 0;
        if ((rc = s->d.reduce(s->d.fn_ctx, acc->data, acc->len, val, len, out, berr(be)))) return fn_failed(s, rc, "reduce");
    } else if (s->d.kind == STATE_AGGREGATING) {
        if ((rc = get_copy(s, k, ns, acc, &found))) return rc;
        if (!found) {
            acc->len = 0;
            if ((rc = s->d.agg.create(s->d.fn_ctx, acc, berr(be)))) return fn_failed(s, rc, "create");
        }
        out->len = 0;
        if ((rc = s->d.agg.add(s->d.fn_ctx, acc->data, acc->len, val, len, out, berr(be)))) return fn_failed(s, rc, "add");
    } else {
        return wrong_kind(s, "add");
    }
    if (out->failed || acc->failed) return nomem(be);
    /* put copies out before anything else writes to it */
    return eddy__state_put(s, k, ns, out->data, (uint32_t)out->len);
}

eddy_status eddy__state_agg_result(State *s, const StateKey *k, StateNs ns, Buf *out, bool *found) {
    if (s->d.kind != STATE_AGGREGATING) return wrong_kind(s, "agg_result");
    Buf *acc = &s->be->tmp2;
    eddy_status rc = get_copy(s, k, ns, acc, found);
    if (rc || !*found) return rc;
    if ((rc = s->d.agg.result(s->d.fn_ctx, acc->data, acc->len, out, berr(s->be)))) return fn_failed(s, rc, "result");
    return out->failed ? nomem(s->be) : EDDY_OK;
}

eddy_status eddy__state_merge_namespaces(State *s, const StateKey *k, StateNs target, const StateNs *sources,
                                         uint32_t n) {
    if (s->d.kind != STATE_REDUCING && s->d.kind != STATE_AGGREGATING) return wrong_kind(s, "merge_namespaces");
    if (s->d.kind == STATE_AGGREGATING && !s->d.agg.merge)
        return eddy__err(berr(s->be), EDDY_E_MISUSE, "Aggregating state '%s' has no merge function.", s->name);
    StateBackend *be = s->be;
    Buf acc, src;
    eddy__buf_init(&acc);
    eddy__buf_init(&src);
    bool have;
    eddy_status rc = get_copy(s, k, target, &acc, &have);
    for (uint32_t i = 0; i < n && !rc; i++) {
        if (sources[i].len == target.len && (!target.len || !memcmp(sources[i].bytes, target.bytes, target.len))) continue;
        bool found;
        if ((rc = get_copy(s, k, sources[i], &src, &found)) || !found) continue;
        if (!have) {
            acc.len = 0;
            eddy__buf_put(&acc, src.data, src.len);
            have = true;
        } else {
            Buf *out = &be->scratch;
            out->len = 0;
            rc = s->d.kind == STATE_REDUCING ? s->d.reduce(s->d.fn_ctx, acc.data, acc.len, src.data, src.len, out, berr(be))
                                             : s->d.agg.merge(s->d.fn_ctx, acc.data, acc.len, src.data, src.len, out, berr(be));
            if (rc) {
                rc = fn_failed(s, rc, s->d.kind == STATE_REDUCING ? "reduce" : "merge");
                break;
            }
            acc.len = 0;
            eddy__buf_put(&acc, out->data, out->len);
        }
        if (!rc) rc = be->vt->remove(s->bs, k, sources[i], NULL);
    }
    if (!rc && (acc.failed || src.failed)) rc = nomem(be);
    if (!rc && have) rc = eddy__state_put(s, k, target, acc.data, (uint32_t)acc.len);
    eddy__buf_free(&acc);
    eddy__buf_free(&src);
    return rc;
}

/* ---- the slot fast path -------------------------------------------------------------------- */

eddy_status eddy__state_slots(State *s, const KeyBatch *kb, const uint32_t *rows, uint32_t n, const StateNs *ns,
                              uint32_t ns_count, void **slots, uint8_t *created) {
    if (!s->d.fixed_size) return eddy__err(berr(s->be), EDDY_E_INTERNAL, "slots of state '%s' without fixed-size values", s->name);
    eddy_status rc = s->be->vt->slots(s->bs, kb, rows, n, ns, ns_count, slots, created);
    if (rc) return rc;
    s->slots_out = true;
    s->last_rows = n;
    if (!s->ttl_on) return EDDY_OK;
    int64_t now = now_ms(s);
    int64_t ttl = s->d.ttl.ttl_ms;
    uint32_t size = s->d.fixed_size;
    for (uint32_t i = 0; i < n; i++) {
        char *p = slots[i];
        if (!created[i] && eddy__ttl_expired(read_ts(p), ttl, now)) {
            memset(p + TTL_PREFIX, 0, size);
            created[i] = 1;
        }
        memcpy(p, &now, 8);
        slots[i] = p + TTL_PREFIX;
    }
    s->cleanup_credit += (uint64_t)n * s->d.ttl.cleanup_size;
    return EDDY_OK;
}

eddy_status eddy__state_flush(State *s) {
    eddy_status rc = s->be->vt->flush(s->bs);
    s->slots_out = false;
    if (rc) return rc;
    uint64_t credit = s->cleanup_credit;
    s->cleanup_credit = 0;
    rc = cleanup_step(s, credit);
    if (!rc && s->be->every_record) rc = record_tick(s->be, s, s->last_rows);
    return rc;
}

/* ---- LIST ----------------------------------------------------------------------------------- */

bool eddy__state_list_next(const void *blob, uint32_t len, uint32_t *pos, const void **elem, uint32_t *elen) {
    if (*pos >= len || len - *pos < 4) return false;
    uint32_t n;
    memcpy(&n, (const char *)blob + *pos, 4);
    if (n > len - *pos - 4) return false;
    *elem = (const char *)blob + *pos + 4;
    *elen = n;
    *pos += 4 + n;
    return true;
}

void eddy__state_list_frame(Buf *b, const void *elem, uint32_t len) {
    eddy__buf_put(b, &len, 4);
    eddy__buf_put(b, elem, len);
}

eddy_status eddy__state_list_add(State *s, const StateKey *k, StateNs ns, const void *elem, uint32_t len) {
    if (s->d.kind != STATE_LIST) return wrong_kind(s, "list_add");
    StateBackend *be = s->be;
    if (!s->ttl_on) {
        eddy_status rc0 = be->every_record ? access_cleanup(s) : EDDY_OK;
        return rc0 ? rc0 : be->vt->list_append(s->bs, k, ns, elem, len);
    }
    eddy_status rc = access_cleanup(s);
    if (rc) return rc;
    if (!prefixed(&be->tmp1, now_ms(s), elem, len)) return nomem(be);
    return be->vt->list_append(s->bs, k, ns, be->tmp1.data, (uint32_t)be->tmp1.len);
}

void eddy__state_prefetch(State *s, const StateKey *k, StateNs ns, int stage) {
    if (s->be->vt->prefetch) s->be->vt->prefetch(s->bs, k, ns, stage);
}

eddy_status eddy__state_list_get(State *s, const StateKey *k, StateNs ns, const void **blob, uint32_t *len,
                                 bool *found) {
    if (s->d.kind != STATE_LIST) return wrong_kind(s, "list_get");
    StateBackend *be = s->be;
    if (!s->ttl_on) {
        eddy_status rc0 = be->every_record ? access_cleanup(s) : EDDY_OK;
        return rc0 ? rc0 : be->vt->list_get(s->bs, k, ns, blob, len, found);
    }
    eddy_status rc = access_cleanup(s);
    if (rc) return rc;
    const void *b;
    uint32_t l;
    bool f;
    if ((rc = be->vt->list_get(s->bs, k, ns, &b, &l, &f))) return rc;
    *found = false;
    if (!f) return EDDY_OK;
    bool changed;
    bool keep = s->d.ttl.visibility == TTL_RETURN_EXPIRED_IF_NOT_CLEANED;
    if (!list_filter(s, b, l, now_ms(s), s->d.ttl.update == TTL_ON_READ_AND_WRITE, keep, &be->tmp1, &be->scratch,
                     &changed))
        return corrupt(s);
    if (be->tmp1.failed || be->scratch.failed) return nomem(be);
    if (changed && (rc = be->vt->list_replace(s->bs, k, ns, be->tmp1.data, (uint32_t)be->tmp1.len))) return rc;
    if (!be->scratch.len) return EDDY_OK;
    *blob = be->scratch.data;
    *len = (uint32_t)be->scratch.len;
    *found = true;
    return EDDY_OK;
}

eddy_status eddy__state_list_update(State *s, const StateKey *k, StateNs ns, const void *blob, uint32_t len) {
    if (s->d.kind != STATE_LIST) return wrong_kind(s, "list_update");
    StateBackend *be = s->be;
    if (!s->ttl_on) return be->vt->list_replace(s->bs, k, ns, blob, len);
    Buf *out = &be->tmp1;
    out->len = 0;
    int64_t now = now_ms(s);
    uint32_t pos = 0;
    const void *e;
    uint32_t el;
    while (pos < len) {
        if (!eddy__state_list_next(blob, len, &pos, &e, &el))
            return eddy__err(berr(be), EDDY_E_INTERNAL, "a malformed list blob for state '%s'", s->name);
        uint32_t fl = el + TTL_PREFIX;
        eddy__buf_put(out, &fl, 4);
        eddy__buf_put(out, &now, 8);
        eddy__buf_put(out, e, el);
    }
    if (out->failed) return nomem(be);
    return be->vt->list_replace(s->bs, k, ns, out->data, (uint32_t)out->len);
}

/* ---- MAP ------------------------------------------------------------------------------------- */

eddy_status eddy__state_map_get(State *s, const StateKey *k, StateNs ns, const void *ukey, uint32_t uklen,
                                const void **val, uint32_t *len, bool *found) {
    if (s->d.kind != STATE_MAP) return wrong_kind(s, "map_get");
    StateBackend *be = s->be;
    if (!s->ttl_on) {
        eddy_status rc0 = be->every_record ? access_cleanup(s) : EDDY_OK;
        return rc0 ? rc0 : be->vt->map_get(s->bs, k, ns, ukey, uklen, val, len, found);
    }
    eddy_status rc = access_cleanup(s);
    if (rc) return rc;
    const void *v;
    uint32_t l;
    bool f;
    if ((rc = be->vt->map_get(s->bs, k, ns, ukey, uklen, &v, &l, &f))) return rc;
    *found = false;
    if (!f) return EDDY_OK;
    if (l < TTL_PREFIX) return corrupt(s);
    int64_t now = now_ms(s);
    if (expired_at(s, v, now)) {
        bool give = s->d.ttl.visibility == TTL_RETURN_EXPIRED_IF_NOT_CLEANED;
        be->scratch.len = 0;
        eddy__buf_put(&be->scratch, (const char *)v + 8, l - 8);
        if (be->scratch.failed) return nomem(be);
        if ((rc = be->vt->map_remove(s->bs, k, ns, ukey, uklen, NULL))) return rc;
        if (give) {
            *val = be->scratch.data;
            *len = l - 8;
            *found = true;
        }
        return EDDY_OK;
    }
    if (s->d.ttl.update == TTL_ON_READ_AND_WRITE) {
        if (!prefixed(&be->scratch, now, (const char *)v + 8, l - 8)) return nomem(be);
        if ((rc = be->vt->map_put(s->bs, k, ns, ukey, uklen, be->scratch.data, l))) return rc;
        *val = be->scratch.data + 8;
    } else {
        *val = (const char *)v + 8;
    }
    *len = l - 8;
    *found = true;
    return EDDY_OK;
}

eddy_status eddy__state_map_put(State *s, const StateKey *k, StateNs ns, const void *ukey, uint32_t uklen,
                                const void *val, uint32_t len) {
    if (s->d.kind != STATE_MAP) return wrong_kind(s, "map_put");
    StateBackend *be = s->be;
    if (!s->ttl_on) {
        eddy_status rc0 = be->every_record ? access_cleanup(s) : EDDY_OK;
        return rc0 ? rc0 : be->vt->map_put(s->bs, k, ns, ukey, uklen, val, len);
    }
    eddy_status rc = access_cleanup(s);
    if (rc) return rc;
    if (!prefixed(&be->tmp1, now_ms(s), val, len)) return nomem(be);
    return be->vt->map_put(s->bs, k, ns, ukey, uklen, be->tmp1.data, (uint32_t)be->tmp1.len);
}

eddy_status eddy__state_map_update(State *s, const StateKey *k, StateNs ns, const void *ukey, uint32_t uklen,
                                   uint32_t len, StateMapUpdateFn *fn, void *ctx) {
    if (s->d.kind != STATE_MAP) return wrong_kind(s, "map_update");
    StateBackend *be = s->be;
    eddy_status rc;
    if (be->vt->map_ref && !s->ttl_on && !be->every_record) {
        void *v;
        bool found;
        if ((rc = be->vt->map_ref(s->bs, k, ns, ukey, uklen, len, &v, &found))) return rc;
        fn(ctx, v, found);
        return EDDY_OK;
    }
    const void *old;
    uint32_t olen;
    bool found;
    if ((rc = eddy__state_map_get(s, k, ns, ukey, uklen, &old, &olen, &found))) return rc;
    found = found && olen == len;
    Buf *u = &be->update; /* no other call writes it: map_put's cleanup may use the others */
    u->len = 0;
    if (found) eddy__buf_put(u, old, len);
    else eddy__buf_pad(u, 0, len);
    if (u->failed) return nomem(be);
    fn(ctx, u->data, found);
    return eddy__state_map_put(s, k, ns, ukey, uklen, u->data, len);
}

eddy_status eddy__state_map_remove(State *s, const StateKey *k, StateNs ns, const void *ukey, uint32_t uklen,
                                   bool *found) {
    if (s->d.kind != STATE_MAP) return wrong_kind(s, "map_remove");
    return s->be->vt->map_remove(s->bs, k, ns, ukey, uklen, found);
}

eddy_status eddy__state_map_contains(State *s, const StateKey *k, StateNs ns, const void *ukey, uint32_t uklen,
                                     bool *found) {
    const void *v;
    uint32_t l;
    return eddy__state_map_get(s, k, ns, ukey, uklen, &v, &l, found);
}

eddy_status eddy__state_map_is_empty(State *s, const StateKey *k, StateNs ns, bool *empty) {
    StateIter *it;
    eddy_status rc = eddy__state_iter_map(s, k, ns, &it);
    if (rc) return rc;
    StateEntry e;
    bool has;
    rc = eddy__state_iter_next(it, &e, &has);
    eddy__state_iter_close(it);
    if (!rc) *empty = !has;
    return rc;
}

/* ---- iteration ------------------------------------------------------------------------------------ */

static void iter_free(StateIter *it) {
    if (!it) return;
    eddy__buf_free(&it->buf);
    eddy__free(it);
}

static eddy_status iter_open(State *s, const StateIterSpec *spec, StateIter **out) {
    StateIter *it = s->be->spare;
    if (it) {
        s->be->spare = NULL;
        it->buf.len = 0;
    } else {
        if (!(it = eddy__calloc(1, sizeof *it))) return nomem(s->be);
        eddy__buf_init(&it->buf);
    }
    eddy_status rc = s->be->vt->iter_open(s->bs, spec, &it->bi);
    if (rc) {
        iter_free(it);
        return rc;
    }
    it->s = s;
    it->now = now_ms(s);
    it->prev = NULL;
    it->next = s->be->iters;
    if (it->next) it->next->prev = it;
    s->be->iters = it;
    *out = it;
    return EDDY_OK;
}

eddy_status eddy__state_iter_keys(State *s, const StateNs *ns_filter, StateIter **out) {
    StateIterSpec spec = {.group = -1};
    if (ns_filter) {
        spec.ns_filter = true;
        spec.ns = *ns_filter;
    }
    return iter_open(s, &spec, out);
}

eddy_status eddy__state_iter_map(State *s, const StateKey *k, StateNs ns, StateIter **out) {
    if (s->d.kind != STATE_MAP) return wrong_kind(s, "iter_map");
    StateIterSpec spec = {.group = -1, .map_of_key = true, .key = *k, .ns = ns};
    return iter_open(s, &spec, out);
}

eddy_status eddy__state_iter_next(StateIter *it, StateEntry *e, bool *has) {
    State *s = it->s;
    for (;;) {
        eddy_status rc = s->be->vt->iter_next(it->bi, e, has);
        if (rc || !*has || !s->ttl_on) return rc;
        if (e->value_len < TTL_PREFIX) return corrupt(s);
        bool keep = s->d.ttl.visibility == TTL_RETURN_EXPIRED_IF_NOT_CLEANED;
        if (s->d.kind == STATE_LIST) {
            bool changed;
            if (!list_filter(s, e->value, e->value_len, it->now, false, keep, NULL, &it->buf, &changed))
                return corrupt(s);
            if (it->buf.failed) return nomem(s->be);
            if (!it->buf.len) continue;
            e->value = it->buf.data;
            e->value_len = (uint32_t)it->buf.len;
            return EDDY_OK;
        }
        if (!keep && expired_at(s, e->value, it->now)) continue;
        e->value = (const char *)e->value + TTL_PREFIX;
        e->value_len -= TTL_PREFIX;
        return EDDY_OK;
    }
}

void eddy__state_iter_close(StateIter *it) {
    if (!it) return;
    StateBackend *be = it->s->be;
    be->vt->iter_close(it->bi);
    if (it->prev) it->prev->next = it->next;
    else be->iters = it->next;
    if (it->next) it->next->prev = it->prev;
    if (!be->spare && !it->buf.failed) be->spare = it;
    else iter_free(it);
}

eddy_status eddy__state_clear(State *s) { return s->be->vt->clear(s->bs); }

/* ---- operator list state ------------------------------------------------------------------------ */

eddy_status eddy__state_op_list(StateBackend *be, const char *name, const Type *elem_type, OpListState **out) {
    char *type = print_type(elem_type);
    if (!type) return nomem(be);
    for (uint32_t i = 0; i < be->noplists; i++) {
        OpListState *l = be->oplists[i];
        if (strcmp(l->name, name) != 0) continue;
        eddy_status rc = EDDY_OK;
        if (strcmp(l->type, type) != 0)
            rc = eddy__err(berr(be), EDDY_E_MISUSE, "Operator state '%s' holds %s elements; it cannot be used for %s.",
                           name, l->type, type);
        eddy__free(type);
        if (!rc) *out = l;
        return rc;
    }
    OpListState **nl = eddy__realloc(be->oplists, sizeof(OpListState *) * (be->noplists + 1));
    OpListState *l = nl ? eddy__calloc(1, sizeof *l) : NULL;
    if (nl) be->oplists = nl;
    if (!l || !(l->name = eddy__strdup(name))) {
        eddy__free(l);
        eddy__free(type);
        return nomem(be);
    }
    l->type = type;
    l->be = be;
    eddy__buf_init(&l->data);
    be->oplists[be->noplists++] = l;
    *out = l;
    return EDDY_OK;
}

eddy_status eddy__state_op_list_add(OpListState *l, const void *elem, uint32_t len) {
    uint32_t at = (uint32_t)l->data.len;
    eddy__state_list_frame(&l->data, elem, len);
    if (l->data.failed || !ed_vec_push(&l->offs, at)) return nomem(l->be);
    return EDDY_OK;
}

uint32_t eddy__state_op_list_count(const OpListState *l) { return (uint32_t)l->offs.len; }

void eddy__state_op_list_at(const OpListState *l, uint32_t i, const void **elem, uint32_t *len) {
    uint32_t pos = l->offs.items[i];
    eddy__state_list_next(l->data.data, (uint32_t)l->data.len, &pos, elem, len);
}

void eddy__state_op_list_clear(OpListState *l) {
    l->data.len = 0;
    l->offs.len = 0;
}
