/*
 * snapshot.c -- the state snapshot format and restore (state.h:
 * eddy__state_snapshot / eddy__state_restore). Written once here over the
 * backend vtable, so every backend snapshots alike.
 *
 * Layout (integers in the machine's byte order; str = u32 length + bytes):
 *
 *   "EDDYSNAP"  u32 version  u64 total length
 *   str operator uid   u32 max_parallelism  u32 first group  u32 last group
 *   u32 states      { str name, u8 kind, str key type, str namespace type,
 *                     str value type, str map key type, u32 fixed size,
 *                     i64 ttl in ms (0: none) }
 *   u32 op lists    { str name, str element type, u32 n, n x str element }
 *   u32 groups      { u32 group, u32 entries, u32 timers,
 *                     entries x { u32 state, u64 key hash, str key, str ns,
 *                                 str map key, str value },
 *                     timers  x { u8 domain, i64 timestamp, u64 key hash,
 *                                 str key, str ns } }   ascending, non-empty
 *   u64 checksum (eddy__hash_bytes of everything before it)
 *
 * Values are stored as the backend holds them (with their TTL time), so a
 * restore needs no TTL settings. The writer makes two passes over the
 * entries -- sizes per key group, then the bytes in place -- so entries come
 * out grouped by key group whatever order the backend visits them in,
 * without a copy of the state. The reader checks the length, the checksum,
 * and then every count and length against the bytes left, so damaged input
 * gives a message, never a crash.
 */
#include "state/state_int.h"

#define SNAP_MAGIC "EDDYSNAP"
#define SNAP_SEED 0x736e6170ULL
#define INCR_MAGIC "EDDYINCR"
#define INCR_SEED 0x696e6372ULL

/* ---- writing --------------------------------------------------------------------- */

static void put_u8(Buf *b, uint8_t v) { eddy__buf_put(b, &v, 1); }
static void put_u32(Buf *b, uint32_t v) { eddy__buf_put(b, &v, 4); }
static void put_u64(Buf *b, uint64_t v) { eddy__buf_put(b, &v, 8); }
static void put_str(Buf *b, const void *p, uint32_t n) {
    put_u32(b, n);
    eddy__buf_put(b, p, n);
}

/* Writing into a reserved region: the second pass. */
typedef struct Region {
    char *p;
} Region;
static void w_bytes(Region *r, const void *p, size_t n) {
    if (n) memcpy(r->p, p, n);
    r->p += n;
}
static void w_u8(Region *r, uint8_t v) { w_bytes(r, &v, 1); }
static void w_u32(Region *r, uint32_t v) { w_bytes(r, &v, 4); }
static void w_u64(Region *r, uint64_t v) { w_bytes(r, &v, 8); }
static void w_str(Region *r, const void *p, uint32_t n) {
    w_u32(r, n);
    w_bytes(r, p, n);
}

typedef struct GroupAcc {
    uint32_t entries, timers;
    uint64_t bytes;
    char *at; /* pass 2: where its next record goes */
} GroupAcc;

typedef struct SnapCtx {
    StateBackend *be;
    int first, last;
    int64_t now;
    GroupAcc *g; /* [last - first + 1] */
    bool write;
    bool entries; /* false: timers only (an incremental snapshot's database holds the entries) */
    Buf tmp;
} SnapCtx;

static int64_t load_ts(const void *p) {
    int64_t t;
    memcpy(&t, p, 8);
    return t;
}

static uint64_t entry_size(const StateEntry *e, uint32_t vlen) {
    return 4 + 8 + 4 + (uint64_t)e->key.len + 4 + e->ns.len + 4 + e->ukey_len + 4 + vlen;
}

/* One entry of state `si` with value bytes (v, vlen) for its group. */
static void emit_entry(SnapCtx *c, uint32_t si, const StateEntry *e, const void *v, uint32_t vlen) {
    GroupAcc *g = &c->g[e->key.group - c->first];
    if (!c->write) {
        g->entries++;
        g->bytes += entry_size(e, vlen);
        return;
    }
    Region r = {g->at};
    w_u32(&r, si);
    w_u64(&r, e->key.hash);
    w_str(&r, e->key.bytes, e->key.len);
    w_str(&r, e->ns.bytes, e->ns.len);
    w_str(&r, e->ukey, e->ukey_len);
    w_str(&r, v, vlen);
    g->at = r.p;
}

/* Visits every unexpired entry of the range (the same ones in both passes:
 * `now` is fixed for the snapshot). */
static eddy_status visit_entries(SnapCtx *c) {
    StateBackend *be = c->be;
    for (uint32_t si = 0; si < be->nstates; si++) {
        State *s = be->states[si];
        BackendIter *it;
        StateIterSpec spec = {.group = -1};
        eddy_status rc = be->vt->iter_open(s->bs, &spec, &it);
        if (rc) return rc;
        for (;;) {
            StateEntry e;
            bool has;
            if ((rc = be->vt->iter_next(it, &e, &has)) || !has) break;
            if (e.key.group < c->first || e.key.group > c->last) continue;
            if (!s->ttl_on) {
                emit_entry(c, si, &e, e.value, e.value_len);
                continue;
            }
            if (e.value_len < TTL_PREFIX) {
                rc = eddy__err(be->cfg.err, EDDY_E_INTERNAL, "State '%s' holds a value shorter than its TTL header.",
                               s->name);
                break;
            }
            if (s->d.kind != STATE_LIST) {
                if (!eddy__ttl_expired(load_ts(e.value), s->d.ttl.ttl_ms, c->now))
                    emit_entry(c, si, &e, e.value, e.value_len);
                continue;
            }
            /* a list keeps its unexpired elements */
            c->tmp.len = 0;
            uint32_t pos = 0;
            const void *el;
            uint32_t len;
            while (eddy__state_list_next(e.value, e.value_len, &pos, &el, &len))
                if (len >= TTL_PREFIX && !eddy__ttl_expired(load_ts(el), s->d.ttl.ttl_ms, c->now))
                    eddy__state_list_frame(&c->tmp, el, len);
            if (c->tmp.failed) {
                rc = eddy__err(be->cfg.err, EDDY_E_NOMEM, "out of memory");
                break;
            }
            if (c->tmp.len) emit_entry(c, si, &e, c->tmp.data, (uint32_t)c->tmp.len);
        }
        be->vt->iter_close(it);
        if (rc) return rc;
    }
    return EDDY_OK;
}

static eddy_status visit_timer(void *ctx, const Timer *t) {
    SnapCtx *c = ctx;
    if (t->key.group < c->first || t->key.group > c->last) return EDDY_OK;
    GroupAcc *g = &c->g[t->key.group - c->first];
    if (!c->write) {
        g->timers++;
        g->bytes += 1 + 8 + 8 + 4 + (uint64_t)t->key.len + 4 + t->ns.len;
        return EDDY_OK;
    }
    Region r = {g->at};
    w_u8(&r, (uint8_t)t->domain);
    w_u64(&r, (uint64_t)t->ts);
    w_u64(&r, t->key.hash);
    w_str(&r, t->key.bytes, t->key.len);
    w_str(&r, t->ns.bytes, t->ns.len);
    g->at = r.p;
    return EDDY_OK;
}

/* Entries, then timers: in pass 2 each group's timers follow its entries,
 * where the entry pass left the group's cursor. */
static eddy_status visit_all(SnapCtx *c) {
    eddy_status rc = c->entries ? visit_entries(c) : EDDY_OK;
    for (int d = 0; d < 2 && !rc && c->be->timers; d++)
        rc = eddy__timers_for_each(c->be->timers, (TimeDomain)d, visit_timer, c);
    return rc;
}

/* magic, version, a total length to patch (its offset returned), the
 * operator, max parallelism and range: the header both formats share. */
static size_t put_header(Buf *out, const char *magic, uint32_t version, const StateBackend *be, int first, int last) {
    eddy__buf_put(out, magic, 8);
    put_u32(out, version);
    size_t total_at = out->len;
    put_u64(out, 0);
    put_str(out, be->uid, (uint32_t)strlen(be->uid));
    put_u32(out, (uint32_t)be->cfg.max_parallelism);
    put_u32(out, (uint32_t)first);
    put_u32(out, (uint32_t)last);
    return total_at;
}

/* Patches the total length and appends the checksum -- or, after a
 * failure rc, drops what was appended since start. */
static eddy_status finish_frame(StateBackend *be, Buf *out, size_t start, size_t total_at, uint64_t seed, eddy_status rc) {
    if (!rc && out->failed) rc = eddy__err(be->cfg.err, EDDY_E_NOMEM, "out of memory");
    if (rc) {
        out->len = start;
        return rc;
    }
    uint64_t total = out->len - start + 8;
    memcpy(out->data + total_at, &total, 8);
    put_u64(out, eddy__hash_bytes(out->data + start, out->len - start, seed));
    return out->failed ? eddy__err(be->cfg.err, EDDY_E_NOMEM, "out of memory") : EDDY_OK;
}

static eddy_status snapshot_range(StateBackend *be, int first, int last, bool entries, Buf *out) {
    EdErr *err = be->cfg.err;
    if (first < be->cfg.first_group || last > be->cfg.last_group || first > last)
        return eddy__err(err, EDDY_E_MISUSE, "Key groups %d..%d are not in the range %d..%d of operator %s.", first, last,
                         be->cfg.first_group, be->cfg.last_group, be->op_name);
    size_t start = out->len;
    size_t total_at = put_header(out, SNAP_MAGIC, STATE_SNAPSHOT_VERSION, be, first, last);
    put_u32(out, be->nstates);
    for (uint32_t i = 0; i < be->nstates; i++) {
        State *s = be->states[i];
        put_str(out, s->name, (uint32_t)strlen(s->name));
        put_u8(out, (uint8_t)s->d.kind);
        for (int t = 0; t < NTYPES; t++) put_str(out, s->types[t], (uint32_t)strlen(s->types[t]));
        put_u32(out, s->d.fixed_size);
        put_u64(out, s->ttl_on ? (uint64_t)s->d.ttl.ttl_ms : 0);
    }
    put_u32(out, be->noplists);
    for (uint32_t i = 0; i < be->noplists; i++) {
        OpListState *l = be->oplists[i];
        put_str(out, l->name, (uint32_t)strlen(l->name));
        put_str(out, l->type, (uint32_t)strlen(l->type));
        uint32_t n = eddy__state_op_list_count(l);
        put_u32(out, n);
        for (uint32_t k = 0; k < n; k++) {
            const void *el;
            uint32_t len;
            eddy__state_op_list_at(l, k, &el, &len);
            put_str(out, el, len);
        }
    }
    SnapCtx c = {.be = be, .first = first, .last = last, .now = eddy__clock_now(be->cfg.clock), .entries = entries};
    eddy__buf_init(&c.tmp);
    c.g = eddy__calloc((size_t)(last - first + 1), sizeof(GroupAcc));
    if (!c.g) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    eddy_status rc = visit_all(&c);
    /* lay the non-empty groups out in order; pass 2 fills each in place */
    uint32_t ngroups = 0;
    uint64_t body = 0;
    for (int g = 0; g <= last - first && !rc; g++) {
        if (!c.g[g].entries && !c.g[g].timers) continue;
        ngroups++;
        body += 12 + c.g[g].bytes;
    }
    if (!rc && body > (uint64_t)SIZE_MAX / 2) rc = eddy__err(err, EDDY_E_RUNTIME, "the snapshot is too large");
    if (!rc) {
        put_u32(out, ngroups);
        if (!eddy__buf_reserve(out, (size_t)body + 8)) rc = eddy__err(err, EDDY_E_NOMEM, "out of memory");
    }
    if (!rc) {
        char *p = out->data + out->len;
        for (int g = 0; g <= last - first; g++) {
            GroupAcc *a = &c.g[g];
            if (!a->entries && !a->timers) continue;
            Region r = {p};
            w_u32(&r, (uint32_t)(first + g));
            w_u32(&r, a->entries);
            w_u32(&r, a->timers);
            a->at = r.p;
            p = r.p + a->bytes;
        }
        c.write = true;
        rc = visit_all(&c);
        out->len += (size_t)body;
    }
    eddy__free(c.g);
    eddy__buf_free(&c.tmp);
    return finish_frame(be, out, start, total_at, SNAP_SEED, rc);
}

eddy_status eddy__state_snapshot(StateBackend *be, int first, int last, Buf *out) {
    return snapshot_range(be, first, last, true, out);
}

/* ---- incremental snapshots ----------------------------------------------------------------
 *
 *   "EDDYINCR"  u32 version  u64 total length
 *   str operator uid   u32 max_parallelism  u32 first group  u32 last group
 *   str snapshot       eddy__state_snapshot's format without entries: the
 *                      descriptors (their order is the database's state ids),
 *                      operator lists, timers
 *   u32 files { u8 shared, str name in the database directory,
 *               shared: str name in shared storage, u64 size, u64 checksum
 *               else:   str the file's bytes }
 *   u64 checksum (eddy__hash_bytes of everything before it)
 */


bool eddy__state_incremental_capable(const StateBackend *be) { return be->vt == &eddy__state_rocksdb_vtab; }

void eddy__state_file_refs_free(StateFileRefs *r) {
    for (size_t i = 0; i < r->files.len; i++) eddy__free(r->files.items[i].name);
    ed_vec_free(&r->files);
    r->uploaded = r->bytes = 0;
}

eddy_status eddy__state_snapshot_incremental(StateBackend *be, const char *shared_dir, Buf *out, StateFileRefs *refs) {
    EdErr *err = be->cfg.err;
    if (!eddy__state_incremental_capable(be))
        return eddy__err(err, EDDY_E_INTERNAL, "State backend '%s' takes no incremental snapshots.", be->vt->name);
    int first = be->cfg.first_group, last = be->cfg.last_group;
    size_t start = out->len;
    size_t total_at = put_header(out, INCR_MAGIC, STATE_INCR_VERSION, be, first, last);
    size_t meta_at = out->len;
    put_u32(out, 0);
    eddy_status rc = snapshot_range(be, first, last, false, out);
    if (!rc) {
        uint64_t n = out->len - meta_at - 4;
        if (n > UINT32_MAX) rc = eddy__err(err, EDDY_E_RUNTIME, "the snapshot is too large");
        uint32_t n32 = (uint32_t)n;
        if (!rc) memcpy(out->data + meta_at, &n32, 4);
    }
    if (!rc) rc = eddy__rocksdb_snapshot_files(be->impl, shared_dir, out, refs);
    return finish_frame(be, out, start, total_at, INCR_SEED, rc);
}

/* ---- reading ---------------------------------------------------------------------------- */

typedef struct Rd {
    const char *p;
    size_t len, pos;
    bool bad;
} Rd;

static bool need(Rd *r, size_t n) {
    if (r->bad || r->len - r->pos < n) {
        r->bad = true;
        return false;
    }
    return true;
}
static uint8_t rd_u8(Rd *r) { return need(r, 1) ? (uint8_t)r->p[r->pos++] : 0; }
static uint32_t rd_u32(Rd *r) {
    uint32_t v = 0;
    if (need(r, 4)) memcpy(&v, r->p + r->pos, 4), r->pos += 4;
    return v;
}
static uint64_t rd_u64(Rd *r) {
    uint64_t v = 0;
    if (need(r, 8)) memcpy(&v, r->p + r->pos, 8), r->pos += 8;
    return v;
}
/* A length-prefixed byte string, borrowed from the snapshot. */
static const char *rd_str(Rd *r, uint32_t *n) {
    *n = rd_u32(r);
    if (!need(r, *n)) return NULL;
    const char *s = r->p + r->pos;
    r->pos += *n;
    return s;
}
/* A string copied and NUL-terminated (malloc'd), or NULL. */
static char *rd_cstr(Rd *r) {
    uint32_t n;
    const char *s = rd_str(r, &n);
    if (!s) return NULL;
    if (memchr(s, 0, n)) {
        r->bad = true;
        return NULL;
    }
    return eddy__strndup(s, n);
}

typedef struct OpElem {
    const char *list;
    const char *type;
    const char *p;
    uint32_t len;
} OpElem;

typedef struct Restore {
    StateBackend *be;
    int snap;
    Rd rd;
    uint8_t *seen; /* key groups already restored, bitmap over max_par */
    ED_VEC(OpElem) ops;
    ED_VEC(char *) names; /* strings the op elements point to */
    State **map;          /* the last snapshot's state ids -> states */
    uint32_t nmap;
    bool meta;            /* an incremental snapshot's inner one: its range is marked already */
} Restore;

static eddy_status corrupt(Restore *x, const char *what) {
    return eddy__err(x->be->cfg.err, EDDY_E_RUNTIME, "The state snapshot of operator %s is corrupt: %s (snapshot %d, byte %zu).",
                     x->be->uid, what, x->snap, x->rd.pos);
}

/* Puts one restored entry into state s (checked against its shape). */
static eddy_status restore_entry(Restore *x, State *s, const StateEntry *e) {
    StateBackend *be = x->be;
    uint32_t vl = e->value_len, ul = e->ukey_len;
    uint32_t fixed = s->d.fixed_size ? s->d.fixed_size + s->prefix : 0;
    if ((s->d.kind != STATE_MAP && ul) || (fixed && vl != fixed) || (s->prefix && vl < s->prefix))
        return corrupt(x, "a state entry that does not fit its state");
    if (s->d.kind == STATE_MAP) return be->vt->map_put(s->bs, &e->key, e->ns, e->ukey, ul, e->value, vl);
    if (s->d.kind == STATE_LIST) {
        uint32_t pos = 0;
        const void *el;
        uint32_t ell;
        while (eddy__state_list_next(e->value, vl, &pos, &el, &ell)) {
        }
        if (pos != vl) return corrupt(x, "a malformed list");
        return be->vt->list_replace(s->bs, &e->key, e->ns, e->value, vl);
    }
    return be->vt->put(s->bs, &e->key, e->ns, e->value, vl);
}

/* The frame both formats share, after the magic: u32 version, u64 total
 * length, ..., u64 checksum. Leaves x->rd after the header, its length
 * short of the checksum. */
static eddy_status check_frame(Restore *x, const char *what, uint32_t want, uint64_t seed) {
    Rd *r = &x->rd;
    size_t len = r->len;
    r->pos = 8;
    uint32_t version = rd_u32(r);
    uint64_t total = rd_u64(r);
    if (r->bad) return corrupt(x, "it ends inside its header");
    char msg[112];
    if (version != want) {
        snprintf(msg, sizeof msg, "%s version %u, but this eddy reads version %u", what, version, want);
        return corrupt(x, msg);
    }
    if (total != len) {
        snprintf(msg, sizeof msg, "%zu bytes where its header says %llu (%s)", len, (unsigned long long)total,
                 len < total ? "truncated" : "trailing bytes");
        return corrupt(x, msg);
    }
    uint64_t sum;
    memcpy(&sum, r->p + len - 8, 8);
    if (sum != eddy__hash_bytes(r->p, len - 8, seed)) {
        r->pos = len - 8;
        return corrupt(x, "checksum mismatch (the bytes were changed)");
    }
    r->len = len - 8;
    return EDDY_OK;
}

/* A snapshot's operator and max parallelism against the backend's. */
static eddy_status check_owner(Restore *x, const char *uid, uint32_t n, uint32_t max_par) {
    StateBackend *be = x->be;
    if (n != strlen(be->uid) || memcmp(uid, be->uid, n) != 0)
        return eddy__err(be->cfg.err, EDDY_E_RUNTIME, "State snapshot %d belongs to operator %.*s, not to operator %s (uid %s).",
                         x->snap, (int)ED_MIN(n, 200u), uid, be->op_name, be->uid);
    if ((int)max_par != be->cfg.max_parallelism)
        return eddy__err(be->cfg.err, EDDY_E_RUNTIME,
                         "State snapshot %d of operator %s was taken with max parallelism %u; the job has %d. The max "
                         "parallelism of a stateful operator cannot change.",
                         x->snap, be->op_name, max_par, be->cfg.max_parallelism);
    return EDDY_OK;
}

static eddy_status restore_one(Restore *x, const char *data, size_t len) {
    StateBackend *be = x->be;
    EdErr *err = be->cfg.err;
    x->rd = (Rd){data, len, 0, false};
    Rd *r = &x->rd;
    if (len < 8 || memcmp(data, SNAP_MAGIC, 8) != 0) return corrupt(x, "it does not start with EDDYSNAP, the mark of an eddy state snapshot");
    eddy_status rc = check_frame(x, "format", STATE_SNAPSHOT_VERSION, SNAP_SEED);
    if (rc) return rc;
    uint32_t n;
    const char *uid = rd_str(r, &n);
    uint32_t max_par = rd_u32(r), first = rd_u32(r), last = rd_u32(r);
    if (!uid || r->bad) return corrupt(x, "it ends inside its header");
    if ((rc = check_owner(x, uid, n, max_par))) return rc;
    if (first > last || last >= max_par) return corrupt(x, "a key-group range outside the max parallelism");
    /* states */
    uint32_t nstates = rd_u32(r);
    if (r->bad || nstates > r->len) return corrupt(x, "a bad number of states");
    eddy__free(x->map);
    x->nmap = 0;
    State **map = x->map = eddy__calloc(nstates ? nstates : 1, sizeof(State *));
    if (!map) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    x->nmap = nstates;
    rc = EDDY_OK;
    for (uint32_t i = 0; i < nstates && !rc; i++) {
        char *name = rd_cstr(r);
        uint8_t kind = rd_u8(r);
        char *types[NTYPES] = {0};
        for (int t = 0; t < NTYPES; t++) types[t] = rd_cstr(r);
        uint32_t fixed = rd_u32(r);
        int64_t ttl_ms = (int64_t)rd_u64(r);
        bool ttl = ttl_ms > 0;
        bool ok = !r->bad && name && *name && kind <= STATE_AGGREGATING && ttl_ms >= 0;
        for (int t = 0; t < NTYPES; t++) ok = ok && types[t];
        if (!ok) {
            rc = corrupt(x, "a malformed state descriptor");
        } else {
            State *s = eddy__state_find(be, name);
            if (s && !eddy__state_same_shape(s, (StateKind)kind, types, fixed, ttl)) {
                Buf have, want;
                eddy__buf_init(&have);
                eddy__buf_init(&want);
                eddy__state_describe(&have, s->d.kind, s->types, s->d.fixed_size, s->ttl_on);
                eddy__state_describe(&want, (StateKind)kind, types, fixed, ttl);
                rc = eddy__err(err, EDDY_E_RUNTIME,
                               "State '%s' of operator %s is %s in one snapshot and %s in snapshot %d.", name,
                               be->op_name, eddy__buf_cstr(&have), eddy__buf_cstr(&want), x->snap);
                eddy__buf_free(&have);
                eddy__buf_free(&want);
            } else if (!s) {
                rc = eddy__state_create_restored(be, name, (StateKind)kind, types, fixed, ttl_ms, &s);
            }
            map[i] = s;
        }
        eddy__free(name);
        for (int t = 0; t < NTYPES; t++) eddy__free(types[t]);
    }
    /* operator lists: kept for the redistribution after all snapshots */
    uint32_t nlists = rc ? 0 : rd_u32(r);
    if (!rc && (r->bad || nlists > r->len)) rc = corrupt(x, "a bad number of operator states");
    for (uint32_t i = 0; i < nlists && !rc; i++) {
        char *name = rd_cstr(r), *type = rd_cstr(r);
        if (name && !ed_vec_push(&x->names, name)) {
            eddy__free(name);
            name = NULL;
            r->bad = true;
        }
        if (type && !ed_vec_push(&x->names, type)) {
            eddy__free(type);
            type = NULL;
            r->bad = true;
        }
        uint32_t cnt = rd_u32(r);
        if (r->bad || !name || !type || cnt > r->len) {
            rc = corrupt(x, "a malformed operator state");
            break;
        }
        for (uint32_t k = 0; k < cnt && !rc; k++) {
            uint32_t el;
            const char *p = rd_str(r, &el);
            if (!p) rc = corrupt(x, "a malformed operator state");
            else if (!ed_vec_push(&x->ops, ((OpElem){name, type, p, el}))) rc = eddy__err(err, EDDY_E_NOMEM, "out of memory");
        }
    }
    /* key groups */
    uint32_t ngroups = rc ? 0 : rd_u32(r);
    if (!rc && (r->bad || ngroups > max_par)) rc = corrupt(x, "a bad number of key groups");
    int64_t prev = -1;
    for (uint32_t gi = 0; gi < ngroups && !rc; gi++) {
        uint32_t g = rd_u32(r), ne = rd_u32(r), nt = rd_u32(r);
        if (r->bad) {
            rc = corrupt(x, "it ends inside a key group");
            break;
        }
        if ((int64_t)g <= prev || g < first || g > last) {
            rc = corrupt(x, "a key group out of order or outside its range");
            break;
        }
        prev = g;
        if (!x->meta && (x->seen[g / 8] & (1u << (g % 8)))) {
            rc = eddy__err(err, EDDY_E_RUNTIME, "Key group %u of operator %s is in two of the snapshots restored.", g,
                           be->op_name);
            break;
        }
        x->seen[g / 8] |= (uint8_t)(1u << (g % 8));
        bool mine = (int)g >= be->cfg.first_group && (int)g <= be->cfg.last_group;
        for (uint32_t e = 0; e < ne && !rc; e++) {
            uint32_t si = rd_u32(r);
            uint64_t hash = rd_u64(r);
            uint32_t kl, nl, ul, vl;
            const char *kp = rd_str(r, &kl), *np = rd_str(r, &nl), *up = rd_str(r, &ul), *vp = rd_str(r, &vl);
            if (r->bad || !kp || !np || !up || !vp) {
                rc = corrupt(x, "it ends inside a state entry");
                break;
            }
            if (si >= nstates || eddy__state_key_group(hash, (int)max_par) != (int)g) {
                rc = corrupt(x, "a state entry with a bad state or key hash");
                break;
            }
            if (!mine) continue;
            StateEntry en = {{kp, kl, (int)g, hash}, {nl ? np : NULL, nl}, up, ul, vp, vl};
            rc = restore_entry(x, map[si], &en);
        }
        for (uint32_t t = 0; t < nt && !rc; t++) {
            uint8_t d = rd_u8(r);
            int64_t ts = (int64_t)rd_u64(r);
            uint64_t hash = rd_u64(r);
            uint32_t kl, nl;
            const char *kp = rd_str(r, &kl), *np = rd_str(r, &nl);
            if (r->bad || !kp || !np) {
                rc = corrupt(x, "it ends inside a timer");
                break;
            }
            if (d > TIME_PROCESSING || eddy__state_key_group(hash, (int)max_par) != (int)g) {
                rc = corrupt(x, "a timer with a bad domain or key hash");
                break;
            }
            if (!mine) continue;
            TimerService *tsv;
            StateKey k = {kp, kl, (int)g, hash};
            if (!(rc = eddy__timers_get(be, &tsv))) rc = eddy__timers_register(tsv, (TimeDomain)d, &k, (StateNs){np, nl}, ts);
        }
    }
    if (!rc && r->pos != r->len) rc = corrupt(x, "bytes after the last key group");
    return rc;
}

/* A database entry of an incremental snapshot: into its state. */
static eddy_status incr_entry(void *ctx, uint32_t sid, const StateEntry *e) {
    Restore *x = ctx;
    if (sid >= x->nmap || eddy__state_key_group(e->key.hash, x->be->cfg.max_parallelism) != e->key.group)
        return corrupt(x, "a database entry with a bad state or key hash");
    if (x->map[sid]->d.kind == STATE_LIST && !e->value_len) return EDDY_OK;
    return restore_entry(x, x->map[sid], e);
}

/* Restores one incremental snapshot (n: how many snapshots are restored). */
static eddy_status restore_incr(Restore *x, const char *data, size_t len, int n, const char *shared_dir) {
    StateBackend *be = x->be;
    EdErr *err = be->cfg.err;
    x->rd = (Rd){data, len, 0, false};
    eddy_status rc = check_frame(x, "incremental format", STATE_INCR_VERSION, INCR_SEED);
    if (rc) return rc;
    Rd r = x->rd;
    uint32_t n_uid;
    const char *uid = rd_str(&r, &n_uid);
    uint32_t max_par = rd_u32(&r), first = rd_u32(&r), last = rd_u32(&r);
    uint32_t mlen;
    const char *meta = rd_str(&r, &mlen);
    x->rd = r;
    if (r.bad || !uid || !meta) return corrupt(x, "it ends inside its header");
    if ((rc = check_owner(x, uid, n_uid, max_par))) return rc;
    if (first > last || last >= max_par) return corrupt(x, "a key-group range outside the max parallelism");
    for (uint32_t g = first; g <= last; g++)
        if (x->seen[g / 8] & (1u << (g % 8)))
            return eddy__err(err, EDDY_E_RUNTIME, "Key group %u of operator %s is in two of the snapshots restored.", g,
                             be->op_name);
    for (uint32_t g = first; g <= last; g++) x->seen[g / 8] |= (uint8_t)(1u << (g % 8));
    /* the files (read before the inner snapshot overwrites x->rd) */
    uint32_t nf = rd_u32(&r);
    if (r.bad || nf > r.len) return corrupt(x, "a bad number of files");
    IncFile *files = eddy__calloc(nf ? nf : 1, sizeof *files);
    if (!files) return eddy__err(err, EDDY_E_NOMEM, "out of memory");
    bool any_shared = false;
    for (uint32_t i = 0; i < nf && !rc; i++) {
        IncFile *f = &files[i];
        uint8_t shared = rd_u8(&r);
        uint32_t ln;
        const char *local = rd_str(&r, &ln);
        bool ok = !r.bad && local && ln && ln < sizeof f->local && !memchr(local, '/', ln) && !memchr(local, 0, ln) &&
                  shared <= 1;
        if (ok) memcpy(f->local, local, ln), f->shared = shared;
        if (ok && shared) {
            uint32_t nn;
            const char *name = rd_str(&r, &nn);
            f->size = rd_u64(&r);
            f->sum = rd_u64(&r);
            ok = !r.bad && name && nn && nn < sizeof f->name && !memchr(name, '/', nn) && !memchr(name, 0, nn);
            if (ok) memcpy(f->name, name, nn);
            any_shared = true;
        } else if (ok) {
            uint32_t bn;
            f->bytes = rd_str(&r, &bn);
            f->size = bn;
            ok = !r.bad && f->bytes;
        }
        if (!ok) {
            x->rd = r;
            rc = corrupt(x, "a malformed file list");
        }
    }
    if (!rc && r.pos != r.len) {
        x->rd = r;
        rc = corrupt(x, "bytes after the file list");
    }
    if (!rc && any_shared && !shared_dir)
        rc = eddy__err(err, EDDY_E_RUNTIME,
                       "State snapshot %d of operator %s is incremental: it cannot be restored without its checkpoint's "
                       "shared files.",
                       x->snap, be->op_name);
    uint32_t before = be->nstates;
    if (!rc) {
        x->meta = true;
        rc = restore_one(x, meta, mlen);
        x->meta = false;
    }
    /* the database: taken over whole when it is exactly this fresh
     * instance's (same range, the states' ids unchanged), else read */
    bool whole = !rc && n == 1 && be->vt == &eddy__state_rocksdb_vtab && !before && (int)first == be->cfg.first_group &&
                 (int)last == be->cfg.last_group;
    for (uint32_t i = 0; whole && i < x->nmap; i++) whole = x->map[i]->index == i;
    int lo = ED_MAX((int)first, be->cfg.first_group), hi = ED_MIN((int)last, be->cfg.last_group);
    if (!rc && whole) rc = eddy__rocksdb_adopt(be->impl, files, nf, shared_dir);
    else if (!rc && lo <= hi) rc = eddy__rocksdb_scan_files(&be->cfg, files, nf, shared_dir, lo, hi, incr_entry, x);
    eddy__free(files);
    return rc;
}

eddy_status eddy__state_restore(StateBackend *be, const void *const *snapshots, const size_t *len, int n) {
    return eddy__state_restore_from(be, snapshots, len, n, NULL);
}

eddy_status eddy__state_restore_from(StateBackend *be, const void *const *snapshots, const size_t *len, int n,
                                     const char *shared_dir) {
    Restore x = {.be = be};
    x.seen = eddy__calloc((size_t)be->cfg.max_parallelism / 8 + 1, 1);
    if (!x.seen) return eddy__err(be->cfg.err, EDDY_E_NOMEM, "out of memory");
    eddy_status rc = EDDY_OK;
    for (int i = 0; i < n && !rc; i++) {
        x.snap = i;
        if (len[i] >= 8 && !memcmp(snapshots[i], INCR_MAGIC, 8)) rc = restore_incr(&x, snapshots[i], len[i], n, shared_dir);
        else rc = restore_one(&x, snapshots[i], len[i]);
    }
    /* operator lists: every old instance's elements, in snapshot order, split
     * evenly over the new instances (Flink's even-split redistribution) */
    for (size_t i = 0; i < x.ops.len && !rc; i++) {
        OpElem *first = &x.ops.items[i];
        bool done = false;
        for (size_t j = 0; j < i && !done; j++) done = !strcmp(x.ops.items[j].list, first->list);
        if (done) continue;
        size_t total = 0;
        for (size_t j = i; j < x.ops.len; j++) total += !strcmp(x.ops.items[j].list, first->list);
        int par = be->cfg.parallelism > 0 ? be->cfg.parallelism : 1, sub = be->cfg.subtask;
        size_t lo = total * (size_t)sub / (size_t)par, hi = total * (size_t)(sub + 1) / (size_t)par, at = 0;
        OpListState *l = NULL;
        for (size_t j = i; j < x.ops.len && !rc; j++) {
            OpElem *e = &x.ops.items[j];
            if (strcmp(e->list, first->list)) continue;
            if (strcmp(e->type, first->type)) {
                rc = eddy__err(be->cfg.err, EDDY_E_RUNTIME, "Operator state '%s' has two element types in the snapshots.",
                               e->list);
                break;
            }
            if (!l && (rc = eddy__state_op_list(be, e->list, NULL, &l))) break;
            if (at >= lo && at < hi) rc = eddy__state_op_list_add(l, e->p, e->len);
            at++;
        }
        if (l && !rc) {
            eddy__free(l->type);
            if (!(l->type = eddy__strdup(first->type))) rc = eddy__err(be->cfg.err, EDDY_E_NOMEM, "out of memory");
        }
    }
    for (size_t i = 0; i < x.names.len; i++) eddy__free(x.names.items[i]);
    ed_vec_free(&x.names);
    ed_vec_free(&x.ops);
    eddy__free(x.seen);
    eddy__free(x.map);
    return rc;
}
