/*
 * state_int.h -- the generic state layer's own structures, shared by
 * state.c (registration, TTL, the state calls), snapshot.c (the byte format)
 * and timers.c. Private to src/state/: operators see the opaque types of
 * state.h only.
 */
#ifndef EDDY_STATE_INT_H
#define EDDY_STATE_INT_H

#include "state/timers.h"

/* Bytes the TTL layer puts before each value / list element / map value:
 * the last-access time in ms (int64, native endian). */
#define TTL_PREFIX 8

/* The printed types of a descriptor, in snapshot order. */
enum { TYPE_KEY, TYPE_NS, TYPE_VALUE, TYPE_MAP_KEY, NTYPES };

struct State {
    StateBackend *be;
    uint32_t index;        /* position in be->states: the state id in snapshots */
    StateDesc d;           /* the registered descriptor (d.name = name) */
    char *name;
    char *types[NTYPES];   /* printed types, "" for none (malloc'd) */
    BackendState *bs;
    uint32_t prefix;       /* TTL_PREFIX with TTL, else 0 */
    bool ttl_on;           /* values carry the TTL prefix */
    bool registered;       /* the operator registered it (not only a restore) */
    bool slots_out;        /* slots handed out and not flushed */
    BackendIter *cleanup_it; /* the incremental cleanup's position */
    uint64_t cleanup_credit; /* entries the last slot batch earned */
    uint32_t last_rows;      /* rows of the last slot batch */
};

struct OpListState {
    StateBackend *be;
    char *name;
    char *type;
    Buf data;           /* framed elements */
    ED_VEC(uint32_t) offs; /* start of each element's frame */
};

struct StateIter {
    State *s;
    BackendIter *bi;
    int64_t now;
    Buf buf;            /* a LIST blob with the TTL prefixes stripped */
    StateIter *prev, *next;
};

struct StateBackend {
    StateBackendConfig cfg;
    char *uid, *op_name;
    const StateBackendVtab *vt;
    StateBackendImpl *impl;
    State **states;
    uint32_t nstates;
    OpListState **oplists;
    uint32_t noplists;
    TimerService *timers;
    StateIter *iters;   /* open iterators (closed when the backend goes) */
    StateIter *spare;   /* a closed iterator kept for the next open (its buffer too) */
    uint32_t every_record; /* states with TTL cleanup_every_record */
    Buf scratch, tmp1, tmp2;
    Buf update;         /* eddy__state_map_update's value without map_ref */
};

/* The state registered (or restored) under name, or NULL. */
State *eddy__state_find(StateBackend *be, const char *name);
/* Creates a state from a descriptor whose types are given as printed
 * strings (restore): it waits for the operator's registration to get its
 * types, callbacks and TTL settings; until then its TTL is ttl_ms (0: none),
 * the one it was snapshotted with. */
eddy_status eddy__state_create_restored(StateBackend *be, const char *name, StateKind kind, char *const *types,
                                        uint32_t fixed_size, int64_t ttl_ms, State **out);
/* Does s have this kind, these printed types, fixed size and TTL on/off;
 * when not, the "VALUE<STRING> (key ...)" texts of both for a message. */
bool eddy__state_same_shape(const State *s, StateKind kind, char *const *types, uint32_t fixed, bool ttl);
void eddy__state_describe(Buf *b, StateKind kind, char *const *types, uint32_t fixed, bool ttl);
/* TTL: is a value last accessed at ts expired at now. */
static inline bool eddy__ttl_expired(int64_t ts, int64_t ttl, int64_t now) {
    return ts <= INT64_MAX - ttl && ts + ttl <= now;
}

/* ---- incremental snapshots (snapshot.c over rocksdb.c) ---- */

/* One file of an incremental snapshot as its bytes describe it (borrowed
 * from them): its name in the database directory, then either its name in
 * shared storage with size and checksum (SST files: immutable), or its
 * bytes (MANIFEST, CURRENT, OPTIONS: small, copied into the snapshot). */
typedef struct IncFile {
    char local[256];
    bool shared;
    char name[256];
    uint64_t size, sum;
    const void *bytes;
} IncFile;

/* RocksDB: flushes, takes a RocksDB checkpoint (hard links) next to the
 * database, copies the SST files not yet in shared_dir there and appends
 * the file list to out (u32 n, per file: u8 shared, str local name, then
 * str shared name, u64 size, u64 sum or str bytes). */
eddy_status eddy__rocksdb_snapshot_files(StateBackendImpl *be, const char *shared_dir, Buf *out, StateFileRefs *refs);
/* RocksDB, an instance without data: its database becomes the files
 * (copied from shared_dir, checked), which stay known as shared. */
eddy_status eddy__rocksdb_adopt(StateBackendImpl *be, const IncFile *f, size_t n, const char *shared_dir);
/* Any backend: opens the files as a read-only database in a temp directory
 * (under cfg's local dir) and calls fn with every entry of key groups
 * [first, last] and its state id, in key order. */
typedef eddy_status (*IncEntryFn)(void *ctx, uint32_t sid, const StateEntry *e);
eddy_status eddy__rocksdb_scan_files(const StateBackendConfig *cfg, const IncFile *f, size_t n, const char *shared_dir,
                                     int first, int last, IncEntryFn fn, void *ctx);

/* Frees a timer service (with its backend). */
void eddy__timers_free(TimerService *ts);

#endif
