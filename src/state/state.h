/*
 * state.h -- THE state API: what every stateful operator and every DataStream
 * user function goes through, and the one vtable a state backend implements.
 * Operators include this header (and timers.h) and nothing else of
 * src/state/.
 *
 * The pieces, from the operator's point of view:
 *
 *   keys      eddy__state_key_hash (the ONE hash of a key; the keyed exchange
 *             routes by it too), key groups (hash % max_parallelism), and
 *             KeyBatch: a batch's key vectors encoded once into contiguous
 *             key bytes with a hash and a key group per row.
 *   backend   StateBackend: one per operator instance (one subtask, so one
 *             thread at a time, no locks), for the key-group range
 *             [first, last] of that subtask. Created by the runtime.
 *   states    State: registered by descriptor (StateDesc: name, kind, types,
 *             TTL), addressed by explicit key (StateKey: key group, key bytes,
 *             hash) and namespace (StateNs: bytes, or none). Kinds VALUE, LIST,
 *             MAP, REDUCING, AGGREGATING. Values are bytes: the operator picks
 *             their encoding (types/serde.h rows, or a fixed-size C struct).
 *   fast path eddy__state_slots: for n rows of a KeyBatch, a pointer to each
 *             key's fixed-size value slot, created (zeroed) when missing; valid
 *             until eddy__state_flush. Aggregators update them in place.
 *   operator  OpListState: non-keyed list state (sources, sinks).
 *   snapshot  eddy__state_snapshot / eddy__state_restore: any key-group range
 *             to a versioned, checksummed byte format and back; restoring
 *             several snapshots merges their key groups (rescaling).
 *   TTL       StateTtl on a descriptor: Flink's StateTtlConfig (processing
 *             time, OnCreateAndWrite / OnReadAndWrite, NeverReturnExpired /
 *             ReturnExpiredIfNotCleanedUp), lazy cleanup on access plus
 *             incremental cleanup.
 *   memory    MemBudget (per job) and MemAccount (per operator): what
 *             backends charge; the bytes the runtime reports per operator.
 *   clock     Clock: processing time, the system's or a manual one (tests).
 *
 * Byte-oriented by design. Every call can be served by an LSM store: the
 * store's key is [key group (2 bytes, big endian)][key bytes][namespace
 * bytes][state id] (+ [map key bytes] for MAP entries), its value the value
 * bytes; a key group is a key prefix, so a key-group range is a range scan.
 * The heap backend (heap.c) keeps the same model in hash tables.
 *
 * Lifetimes. A StateBackend and everything made from it (states, iterators,
 * timers, operator states) is freed by eddy__state_backend_free. Bytes handed
 * out (values, list blobs, iterator entries) are borrowed: each function says
 * until when they stay valid -- at most until the next call on a state of the
 * same backend, unless it says otherwise, because an LSM backend serves them
 * from one read buffer.
 *
 * Errors. Fallible functions return an eddy_status; the message goes to the
 * EdErr given in StateBackendConfig.err (the job's error record). Out-
 * parameters are set only on success. Running out of the memory budget is
 * EDDY_E_RUNTIME with a message naming the operator and the option.
 */
#ifndef EDDY_STATE_H
#define EDDY_STATE_H

#include <stdatomic.h>

#include "types/vector.h"

/* ---- keys and key groups ---------------------------------------------------- */

/* Largest max_parallelism (number of key groups): Flink's 2^15. */
#define STATE_MAX_KEY_GROUPS 32768

/* The hash of the key of physical row `row` of the key vectors keys[0..nkeys):
 * the routing hash of keyed exchanges (runtime/hash.c) and of keyed state --
 * there is no other. Equal values hash alike whatever vector holds them
 * (types/compare.h). */
uint64_t eddy__state_key_hash(Vector *const *keys, int nkeys, uint32_t row);

/* The key group of a key hash (Flink's KeyGroupRangeAssignment:
 * hash % max_parallelism; a power of two -- the default 128 -- takes a mask
 * instead of a division, with the same result). */
static inline int eddy__state_key_group(uint64_t hash, int max_par) {
    uint64_t m = (uint64_t)max_par;
    return (int)((m & (m - 1)) == 0 ? hash & (m - 1) : hash % m);
}

/* The subtask of parallelism `par` that owns key group `group`. */
static inline int eddy__state_group_subtask(int group, int max_par, int par) {
    return (int)((int64_t)group * par / max_par);
}

/* The key-group range [*first, *last] of subtask `subtask` of `par`
 * (Flink's computeKeyGroupRangeForOperatorIndex): the inverse of
 * eddy__state_group_subtask. Empty (first > last) when par > max_par. */
static inline void eddy__state_group_range(int max_par, int par, int subtask, int *first, int *last) {
    *first = (int)(((int64_t)subtask * max_par + par - 1) / par);
    *last = (int)(((int64_t)(subtask + 1) * max_par - 1) / par);
}

/* One key as state addresses it. bytes[0..len) is the key's encoding (the
 * KeyBatch form below); hash is eddy__state_key_hash of the key and group
 * its key group. All three must agree: states find keys by hash and bytes,
 * snapshots group them by `group`. */
typedef struct StateKey {
    const void *bytes;
    uint32_t len;
    int group;
    uint64_t hash;
} StateKey;

/* A namespace (a window, or none): opaque bytes the operator encodes.
 * {NULL, 0} is "no namespace" (Flink's VoidNamespace). Namespaces compare by
 * bytes. */
typedef struct StateNs {
    const void *bytes;
    uint32_t len;
} StateNs;

#define STATE_NO_NS ((StateNs){NULL, 0})

/* The key vectors of a batch encoded once (hash once, probe many: DuckDB's
 * hash aggregate). Row i (the i-th row passed to eddy__key_batch_encode) has
 * the key bytes bytes[off[i] .. off[i+1]), the hash hash[i] and the key group
 * group[i].
 *
 * The key encoding is types/serde.h's row form of the key columns (per value
 * a presence byte, then the value), so eddy__serde_read decodes a key back
 * into vectors of the key types. Equal keys have equal bytes (for key
 * columns of the same types); -0.0 and 0.0 are different keys, as Java's
 * Double.equals has them. */
typedef struct KeyBatch {
    uint32_t n;       /* rows encoded */
    uint32_t cap;     /* rows the arrays hold */
    uint64_t *hash;   /* [n] */
    uint16_t *group;  /* [n] */
    uint32_t *off;    /* [n + 1] */
    char *bytes;      /* off[n] bytes */
    size_t bytes_cap;
} KeyBatch;

/* An empty KeyBatch (no memory held). */
void eddy__key_batch_init(KeyBatch *kb);
/* Releases what the KeyBatch holds; it may be reused after init. */
void eddy__key_batch_free(KeyBatch *kb);
/* Encodes the keys of rows rows[0..n) (physical row indexes into the key
 * vectors; rows NULL = 0..n-1) of keys[0..nkeys), for max_par key groups,
 * replacing what kb held. The memory is reused from call to call (one
 * KeyBatch per operator, reset per batch). EDDY_E_NOMEM on allocation
 * failure (message in err). */
eddy_status eddy__key_batch_encode(KeyBatch *kb, Vector *const *keys, int nkeys, const uint32_t *rows, uint32_t n,
                                   int max_par, EdErr *err);
/* Row i of kb as a StateKey (borrowed until the next encode or free). */
static inline StateKey eddy__key_batch_key(const KeyBatch *kb, uint32_t i) {
    StateKey k = {kb->bytes + kb->off[i], kb->off[i + 1] - kb->off[i], kb->group[i], kb->hash[i]};
    return k;
}
/* The StateKey of key bytes p[0..len) encoded as above with the key vectors'
 * types key_types[0..nkeys): decodes them to recompute the hash (for keys
 * that come from outside a KeyBatch: timers, snapshots, user code).
 * EDDY_E_INTERNAL when the bytes do not decode. */
eddy_status eddy__state_key_from_bytes(const void *p, uint32_t len, const Type *const *key_types, int nkeys,
                                       int max_par, StateKey *out, EdErr *err);

/* ---- clocks ---------------------------------------------------------------------- */

/* Processing time in milliseconds since the epoch. A Clock is read by TTL and
 * by processing-time timers; any thread may read it. */
typedef struct Clock {
    int64_t (*now_ms)(const struct Clock *c);
    _Atomic int64_t manual_ms; /* the manual clock's time */
} Clock;

/* The system clock (CLOCK_REALTIME). Static; never freed. */
const Clock *eddy__clock_system(void);
/* Initializes a manual clock standing at start_ms: it moves only when told
 * (deterministic tests). */
void eddy__clock_manual_init(Clock *c, int64_t start_ms);
/* Sets / advances a manual clock (any thread). */
void eddy__clock_manual_set(Clock *c, int64_t ms);
void eddy__clock_manual_advance(Clock *c, int64_t delta_ms);
static inline int64_t eddy__clock_now(const Clock *c) { return c->now_ms(c); }

/* ---- memory: budget and accounts --------------------------------------------------- */

/* The managed memory of a job (Flink's taskmanager.memory.managed.size, else
 * taskmanager.memory.managed.fraction of physical memory, 0.4): shared by all
 * operators of the job, charged by state backends and batch operators.
 * Thread-safe. */
typedef struct MemBudget {
    int64_t limit; /* bytes; immutable after init; <= 0: unlimited */
    _Atomic int64_t used;
} MemBudget;

/* Flink's defaults and option names. */
#define MEM_MANAGED_SIZE_OPTION "taskmanager.memory.managed.size"
#define MEM_MANAGED_FRACTION_OPTION "taskmanager.memory.managed.fraction"
#define MEM_MANAGED_FRACTION_DEFAULT 0.4

void eddy__mem_budget_init(MemBudget *b, int64_t limit);
/* The budget the two options give: size (Flink's MemorySize text: "512mb",
 * "1 gb", "1024" bytes, units b/k/kb/m/mb/g/gb/t/tb, powers of 1024) when set,
 * else fraction (a number in (0, 1], NULL: 0.4) of physical memory. Either
 * may be NULL. EDDY_E_VALIDATION "Could not parse value '<v>' for key
 * '<option>'." on a bad value. */
eddy_status eddy__mem_budget_resolve(const char *size, const char *fraction, int64_t *out, EdErr *err);

/* What one operator instance holds: its state backend's bytes (keys, values,
 * table overhead) or a batch operator's buffers. `bytes` may be read from any
 * thread (job stats) while the owner charges. */
typedef struct MemAccount {
    MemBudget *budget;     /* NULL: unlimited */
    _Atomic int64_t bytes; /* charged now */
    const char *owner;     /* "Keyed Reduce (uid 3f2a...)": for messages; borrowed */
    bool hard;             /* streaming: a charge past the budget fails */
} MemAccount;

void eddy__mem_account_init(MemAccount *a, MemBudget *budget, const char *owner, bool hard);
/* Charges n bytes. Fails (EDDY_E_RUNTIME, message in err, nothing charged)
 * when the account is hard and the budget would be exceeded: "The state of
 * operator <owner> needs <n> more bytes, but the job's managed memory
 * (taskmanager.memory.managed.size: <limit> bytes) is used up (<used> bytes
 * in use)." A soft account always succeeds (batch operators ask
 * eddy__mem_should_spill first). */
eddy_status eddy__mem_charge(MemAccount *a, int64_t n, EdErr *err);
/* Gives n charged bytes back. */
void eddy__mem_release(MemAccount *a, int64_t n);
/* True when charging n more bytes would go past the budget: a batch operator
 * spills instead. */
bool eddy__mem_should_spill(const MemAccount *a, int64_t n);
static inline int64_t eddy__mem_bytes(const MemAccount *a) { return atomic_load_explicit(&a->bytes, memory_order_relaxed); }

/* ---- state descriptors ----------------------------------------------------------------- */

typedef enum StateKind { STATE_VALUE, STATE_LIST, STATE_MAP, STATE_REDUCING, STATE_AGGREGATING } StateKind;

/* Flink's StateTtlConfig.UpdateType: when the last-access time is renewed. */
typedef enum StateTtlUpdate {
    TTL_ON_CREATE_AND_WRITE = 0, /* default */
    TTL_ON_READ_AND_WRITE = 1
} StateTtlUpdate;

/* Flink's StateTtlConfig.StateVisibility. */
typedef enum StateTtlVisibility {
    TTL_NEVER_RETURN_EXPIRED = 0,         /* default: expired state is never returned */
    TTL_RETURN_EXPIRED_IF_NOT_CLEANED = 1 /* returned until cleanup removes it */
} StateTtlVisibility;

/* Flink's incremental cleanup defaults (cleanupIncrementally(5, false)). */
#define TTL_DEFAULT_CLEANUP_SIZE 5

/* State time-to-live, processing time only (Flink's only time
 * characteristic). A value (list element, map entry) written at t expires at
 * t + ttl_ms: from then on it is expired (now >= t + ttl_ms). ttl_ms <= 0:
 * no TTL. Expired values are removed lazily when accessed and incrementally:
 * every state access checks cleanup_size further entries of that state (0:
 * the default, 5), a slot batch of n rows counts as n accesses (the step runs
 * at flush); with cleanup_every_record (Flink's runCleanupForEveryRecord)
 * every access to any state of the backend steps this state too, so it is
 * cleaned even when nobody reads it any more. Snapshots leave expired
 * entries out. */
typedef struct StateTtl {
    int64_t ttl_ms;
    StateTtlUpdate update;
    StateTtlVisibility visibility;
    uint32_t cleanup_size;
    bool cleanup_every_record;
    bool no_background_cleanup; /* Flink's disableCleanupInBackground: lazy cleanup only */
} StateTtl;

/* Reducing state: folds value b into accumulator a, writing the result to
 * out (appended to an empty Buf). Bytes are borrowed for the call. A
 * non-OK status fails the state call (message in err). */
typedef eddy_status (*StateReduceFn)(void *ctx, const void *a, size_t alen, const void *b, size_t blen, Buf *out,
                                     EdErr *err);

/* Aggregating state (Flink's AggregateFunction on bytes): create writes a
 * new accumulator, add folds an input into an accumulator, result turns an
 * accumulator into the output bytes, merge (may be NULL unless namespaces are
 * merged) folds accumulator b into a. Each writes to an empty Buf. */
typedef struct StateAggFns {
    eddy_status (*create)(void *ctx, Buf *out, EdErr *err);
    eddy_status (*add)(void *ctx, const void *acc, size_t alen, const void *in, size_t ilen, Buf *out, EdErr *err);
    eddy_status (*result)(void *ctx, const void *acc, size_t alen, Buf *out, EdErr *err);
    eddy_status (*merge)(void *ctx, const void *a, size_t alen, const void *b, size_t blen, Buf *out, EdErr *err);
} StateAggFns;

/* What a state is. name + kind + the printed types are written into
 * snapshots and checked on restore (a state registered again under the same
 * name must have the same kind, types, fixed_size and TTL on/off).
 *   VALUE        one value per (key, namespace): value_type
 *   LIST         a list of elements: value_type is the element type
 *   MAP          map_key_type -> value_type per (key, namespace)
 *   REDUCING     one value, folded by `reduce`: value_type
 *   AGGREGATING  one accumulator (value_type) per (key, namespace), fed by
 *                agg.add, read through agg.result
 * fixed_size > 0 (VALUE, REDUCING, AGGREGATING): every value is exactly that
 * many bytes and the slot fast path may be used. Types are borrowed until the
 * state's backend is freed; the descriptor itself is copied at registration
 * (name included). */
typedef struct StateDesc {
    const char *name;         /* unique per operator */
    StateKind kind;
    const Type *key_type;     /* the key (ROW<...> for a composite key) */
    const Type *ns_type;      /* NULL: no namespace */
    const Type *value_type;   /* value / element / map value / accumulator */
    const Type *map_key_type; /* MAP only */
    uint32_t fixed_size;
    StateTtl ttl;
    StateReduceFn reduce;     /* REDUCING */
    StateAggFns agg;          /* AGGREGATING */
    void *fn_ctx;             /* for reduce / agg; borrowed */
} StateDesc;

/* ---- the backend vtable ------------------------------------------------------------------ */

/*
 * What a keyed state backend implements (SQLite's sqlite3_io_methods:
 * versioned, "members above are valid for version N"). The generic layer
 * (state.c) calls it; operators never do. The generic layer owns TTL,
 * reducing/aggregating logic, timers, operator state and the snapshot
 * format, so a backend only stores bytes:
 *
 *   per state (BackendState), for each (key, namespace):
 *     VALUE-like kinds   one value of bytes (fixed-size kinds: `slot_size`
 *                        bytes, 8-byte aligned, handed out as slots)
 *     LIST               a list blob: elements each framed as [u32 length,
 *                        native endian][bytes], in append order
 *     MAP                map entries: map key bytes -> value bytes
 *
 * Common rules for every member:
 *  - One thread at a time per backend; no member blocks on another thread.
 *  - Keys: k->bytes/len identify the key, k->hash and k->group are its
 *    eddy__state_key_hash and key group (the caller guarantees they agree);
 *    the key group is in the backend's range [first, last].
 *  - Bytes passed in are copied before the member returns. Bytes handed out
 *    stay valid until the next member call on the same backend, except
 *    slots (valid until `flush` of that state) and iterator entries (until
 *    the next `iter_next` / `iter_close` of that iterator, or a write to
 *    that entry).
 *  - A member returns EDDY_OK or an error with the message in the EdErr the
 *    backend was created with (memory budget: EDDY_E_RUNTIME; storage:
 *    EDDY_E_IO); on error nothing changed.
 */
typedef struct StateBackendImpl StateBackendImpl; /* a backend instance */
typedef struct BackendState BackendState;         /* one registered state in it */
typedef struct BackendIter BackendIter;           /* an open iteration */

/* What iter_open visits. */
typedef struct StateIterSpec {
    int group;          /* one key group, or -1 for all */
    bool ns_filter;     /* only entries whose namespace is `ns` */
    StateNs ns;
    bool map_of_key;    /* MAP: only the map entries of (key, ns) */
    StateKey key;       /* with map_of_key */
} StateIterSpec;

/* One entry an iteration visits: the key, the namespace, the value (VALUE
 * kinds: the value; LIST: the list blob; MAP: one entry, with its map key in
 * ukey). Borrowed until the next iter_next / iter_close. */
typedef struct StateEntry {
    StateKey key;
    StateNs ns;
    const void *ukey;
    uint32_t ukey_len;
    const void *value;
    uint32_t value_len;
} StateEntry;

/* Counters of a backend (all states). */
typedef struct StateStats {
    uint64_t entries;        /* (key, namespace) entries, map entries counted singly */
    uint64_t key_bytes;      /* key + namespace (+ map key) bytes stored */
    uint64_t value_bytes;    /* value bytes stored */
    uint64_t overhead_bytes; /* tables, headers, free space */
    uint64_t total_bytes;    /* what the backend charged (= its MemAccount's part) */
} StateStats;

#define STATE_BACKEND_V1 1

typedef struct StateBackendVtab {
    uint32_t version; /* STATE_BACKEND_V1 */
    const char *name; /* "heap", "rocksdb" */

    /* ---- version 1 ---- */

    /* Frees the instance and every state, iterator and byte it holds,
     * giving its memory back to its account. */
    void (*destroy)(StateBackendImpl *be);
    /* Creates the storage of a state. d is the registered descriptor (valid
     * until destroy); slot_size is the byte size of fixed-size values (0: bytes
     * of any length) -- fixed_size plus what the generic layer prefixes (TTL).
     * Called once per state name. */
    eddy_status (*create_state)(StateBackendImpl *be, const StateDesc *d, uint32_t slot_size, BackendState **out);

    /* VALUE-like: the value of (k, ns); *found false when absent (*val
     * untouched). */
    eddy_status (*get)(BackendState *s, const StateKey *k, StateNs ns, const void **val, uint32_t *len, bool *found);
    /* VALUE-like: sets the value of (k, ns) (slot states: len == slot_size). */
    eddy_status (*put)(BackendState *s, const StateKey *k, StateNs ns, const void *val, uint32_t len);
    /* Any kind: removes (k, ns) with its value, list or every map entry;
     * *found (may be NULL) tells whether there was one. */
    eddy_status (*remove)(BackendState *s, const StateKey *k, StateNs ns, bool *found);
    /* Slot states: for i in [0, n), slots[i] = the slot of (key row rows[i] of
     * kb, ns[i]) (ns: NULL when ns_count is 0, one namespace for all rows when
     * ns_count is 1, else ns[i]), created zero-filled when missing, with
     * created[i] = 1 (else 0). rows NULL = 0..n-1. Slots are slot_size bytes,
     * 8-byte aligned, and stay valid (their contents written in place) until
     * `flush` of this state or a `remove` / `clear` of that key; other calls in
     * between (any state, this one included) do not move them. Rows with equal
     * keys get the same slot. */
    eddy_status (*slots)(BackendState *s, const KeyBatch *kb, const uint32_t *rows, uint32_t n, const StateNs *ns,
                         uint32_t ns_count, void **slots, uint8_t *created);
    /* Ends a batch of slot use: writes slots back where the store needs it
     * (an LSM: its write-back buffer). No-op for the heap. */
    eddy_status (*flush)(BackendState *s);

    /* LIST: appends one element (len bytes) to the list of (k, ns). */
    eddy_status (*list_append)(BackendState *s, const StateKey *k, StateNs ns, const void *elem, uint32_t len);
    /* LIST: the list blob of (k, ns) (framed elements); *found false when the
     * list is absent or empty. */
    eddy_status (*list_get)(BackendState *s, const StateKey *k, StateNs ns, const void **blob, uint32_t *len,
                            bool *found);
    /* LIST: replaces the whole list blob (framed elements; len 0 removes it). */
    eddy_status (*list_replace)(BackendState *s, const StateKey *k, StateNs ns, const void *blob, uint32_t len);

    /* MAP: the value of map key ukey in (k, ns). */
    eddy_status (*map_get)(BackendState *s, const StateKey *k, StateNs ns, const void *ukey, uint32_t uklen,
                           const void **val, uint32_t *len, bool *found);
    /* MAP: sets map key ukey of (k, ns) to val. */
    eddy_status (*map_put)(BackendState *s, const StateKey *k, StateNs ns, const void *ukey, uint32_t uklen,
                           const void *val, uint32_t len);
    /* MAP: removes map key ukey of (k, ns); removing the last entry removes
     * (k, ns). */
    eddy_status (*map_remove)(BackendState *s, const StateKey *k, StateNs ns, const void *ukey, uint32_t uklen,
                              bool *found);

    /* Iterates the entries of a state that match spec. Safe against writes:
     * the state may be written (entries added, changed, removed -- the visited
     * one too) between iter_next calls; every entry present for the whole
     * iteration is visited exactly once, entries added or removed meanwhile
     * may or may not be (Redis dictScan's guarantee). Visiting order is the
     * backend's. An iterator must be closed before the backend is destroyed. */
    eddy_status (*iter_open)(BackendState *s, const StateIterSpec *spec, BackendIter **out);
    /* Next entry: *has false at the end. */
    eddy_status (*iter_next)(BackendIter *it, StateEntry *e, bool *has);
    void (*iter_close)(BackendIter *it);

    /* Removes every entry of the state (open iterators stay valid and see
     * nothing more). */
    eddy_status (*clear)(BackendState *s);
    /* Counters of the whole backend. */
    void (*stats)(StateBackendImpl *be, StateStats *out);
    /* MAP, optional (NULL: the generic layer reads and writes with map_get
     * and map_put): the value of map key ukey of (k, ns) for an update in
     * place -- *val points to its len bytes, which the caller rewrites before
     * its next call on the backend; *found false when it was missing or had
     * another length (then created, or resized, zero-filled). */
    eddy_status (*map_ref)(BackendState *s, const StateKey *k, StateNs ns, const void *ukey, uint32_t uklen,
                           uint32_t len, void **val, bool *found);
    /* Optional (NULL: no hints): a hint that (k, ns) is looked up soon --
     * stage 0 fetches the index line of its hash, stage 1 (issued later, once
     * that line is in) the entry it names. No effect on contents, no error. */
    void (*prefetch)(BackendState *s, const StateKey *k, StateNs ns, int stage);
    /* members above are valid for version 1 */
} StateBackendVtab;

/* How a backend instance is made. Everything borrowed must outlive it. */
typedef struct StateBackendConfig {
    const char *uid;         /* the operator's stable id: written into snapshots */
    const char *op_name;     /* for messages */
    int max_parallelism;     /* key groups of the job (1..STATE_MAX_KEY_GROUPS) */
    int first_group;         /* the key-group range this instance owns */
    int last_group;
    int subtask, parallelism;/* for operator state redistribution on restore */
    MemAccount *account;     /* charged for every byte held; borrowed */
    const Clock *clock;      /* NULL: the system clock */
    EdErr *err;              /* where messages go; borrowed */
    const StateBackendVtab *vtab; /* NULL: the heap backend */
    const char *local_dir;   /* rocksdb: where its temp directory goes (Flink's
                              * state.backend.rocksdb.localdir); NULL: TMPDIR, else /tmp */
} StateBackendConfig;

/* The heap backend (heap.c) and its constructor, for the generic layer. */
extern const StateBackendVtab eddy__state_heap_vtab;
eddy_status eddy__state_heap_open(const StateBackendConfig *cfg, StateBackendImpl **out);
/* The RocksDB backend (rocksdb.c): same model, stored in a RocksDB instance
 * in a temp directory (removed by destroy) under cfg->local_dir; it charges
 * a share of the managed memory up front (block cache and write buffers)
 * and keeps what does not fit on disk. Storage errors are EDDY_E_IO. */
extern const StateBackendVtab eddy__state_rocksdb_vtab;
eddy_status eddy__state_rocksdb_open(const StateBackendConfig *cfg, StateBackendImpl **out);
/* Compacts the whole store of a RocksDB backend now (its memtables first),
 * which runs the TTL compaction filter over everything: for tests.
 * EDDY_E_MISUSE on another backend. */
typedef struct StateBackend StateBackend;
eddy_status eddy__state_rocksdb_compact(StateBackend *be);

/* Flink's state backend options. */
#define STATE_BACKEND_OPTION "state.backend.type"
#define STATE_ROCKSDB_LOCALDIR_OPTION "state.backend.rocksdb.localdir"
/* The vtab named by a state.backend.type value ("hashmap" -- the heap --
 * or "rocksdb", any case); EDDY_E_VALIDATION "Cannot find configured state
 * backend factory class: <v>" otherwise (Flink's message for a name it
 * does not know). */
eddy_status eddy__state_backend_by_name(const char *name, const StateBackendVtab **out, EdErr *err);

/* ---- the backend, as operators see it ------------------------------------------------------ */

typedef struct StateBackend StateBackend;
typedef struct State State;

/* Creates a backend (the heap one unless cfg->vtab says otherwise). Frees
 * nothing of cfg. Errors: EDDY_E_MISUSE for a bad range, EDDY_E_NOMEM. */
eddy_status eddy__state_backend_new(const StateBackendConfig *cfg, StateBackend **out);
/* Frees the backend with every state, iterator, timer and operator state. NULL ok. */
void eddy__state_backend_free(StateBackend *be);
/* Counters of the backend (StateStats.total_bytes is what its account holds). */
void eddy__state_backend_stats(StateBackend *be, StateStats *out);
/* The key-group range and max parallelism it serves. */
void eddy__state_backend_range(const StateBackend *be, int *first, int *last, int *max_par);
/* The clock its TTL and processing-time timers read. */
const Clock *eddy__state_backend_clock(const StateBackend *be);

/* Registers a state (Flink's getState(descriptor)). Registering a name again
 * with an equal descriptor returns the same State; with a different one it is
 * EDDY_E_MISUSE ("State 'x' is already registered as MAP<...>; it cannot be
 * registered as VALUE<...>."). A state restored from a snapshot is matched by
 * name and checked the same way. The State lives until the backend is freed. */
eddy_status eddy__state_register(StateBackend *be, const StateDesc *d, State **out);
/* The registered descriptor (borrowed until the backend is freed). */
const StateDesc *eddy__state_desc(const State *s);

/* VALUE / REDUCING / AGGREGATING (value stored):
 * eddy__state_get: the value of (k, ns), *found false when absent or
 * expired. Borrowed until the next call on this backend. */
eddy_status eddy__state_get(State *s, const StateKey *k, StateNs ns, const void **val, uint32_t *len, bool *found);
/* Sets the value of (k, ns) (fixed-size states: len == fixed_size). */
eddy_status eddy__state_put(State *s, const StateKey *k, StateNs ns, const void *val, uint32_t len);
/* Removes whatever (k, ns) holds in this state (any kind); *found may be NULL. */
eddy_status eddy__state_remove(State *s, const StateKey *k, StateNs ns, bool *found);
/* REDUCING: folds val into (k, ns) with the descriptor's reduce (the first
 * value is stored as is). AGGREGATING: creates the accumulator if missing and
 * adds val to it. */
eddy_status eddy__state_add(State *s, const StateKey *k, StateNs ns, const void *val, uint32_t len);
/* AGGREGATING: the result of (k, ns)'s accumulator into out (appended);
 * *found false when there is none. */
eddy_status eddy__state_agg_result(State *s, const StateKey *k, StateNs ns, Buf *out, bool *found);
/* REDUCING / AGGREGATING: merges the values of sources[0..n) into target
 * (Flink's mergeNamespaces, for merging windows) and removes the sources. */
eddy_status eddy__state_merge_namespaces(State *s, const StateKey *k, StateNs target, const StateNs *sources,
                                         uint32_t n);

/* The fast path, for fixed-size states (fixed_size > 0): for i in [0, n),
 * slots[i] points to the fixed_size-byte value of (key row rows[i] of kb,
 * namespace) -- ns_count 0: no namespace, 1: ns[0] for every row, n: ns[i] --
 * created zero-filled when missing or expired, which created[i] = 1 reports
 * (else 0). rows NULL = 0..n-1. Slots are 8-byte aligned; the operator
 * updates them in place. They stay valid until eddy__state_flush(s) (call it
 * once per batch), or until a remove / clear of that key; other state calls in
 * between do not move them. With TTL, handing out a slot counts as a write
 * (its time is renewed). */
eddy_status eddy__state_slots(State *s, const KeyBatch *kb, const uint32_t *rows, uint32_t n, const StateNs *ns,
                              uint32_t ns_count, void **slots, uint8_t *created);
/* Ends the batch of slots handed out (they become invalid) and runs the
 * incremental TTL cleanup the batch earned. */
eddy_status eddy__state_flush(State *s);

/* A hint that (k, ns) of s is read or written soon (see the vtable's
 * prefetch): operators that walk a batch of keys issue stage 0 some rows
 * ahead and stage 1 fewer rows ahead. Free when the backend has no hints. */
void eddy__state_prefetch(State *s, const StateKey *k, StateNs ns, int stage);
/* LIST: appends an element. */
eddy_status eddy__state_list_add(State *s, const StateKey *k, StateNs ns, const void *elem, uint32_t len);
/* LIST: the elements of (k, ns) as a blob of framed elements (read them with
 * eddy__state_list_next); *found false when there are none (expired ones
 * dropped). Borrowed until the next call on this backend. */
eddy_status eddy__state_list_get(State *s, const StateKey *k, StateNs ns, const void **blob, uint32_t *len,
                                 bool *found);
/* LIST: replaces the list with the framed elements of blob (Flink's update;
 * len 0 clears it). */
eddy_status eddy__state_list_update(State *s, const StateKey *k, StateNs ns, const void *blob, uint32_t len);
/* Steps through a list blob: the element at *pos (start at 0), advancing
 * *pos; false at the end or when the blob is malformed. */
bool eddy__state_list_next(const void *blob, uint32_t len, uint32_t *pos, const void **elem, uint32_t *elen);
/* Appends one framed element to a list blob being built (for list_update). */
void eddy__state_list_frame(Buf *b, const void *elem, uint32_t len);

/* MAP */
eddy_status eddy__state_map_get(State *s, const StateKey *k, StateNs ns, const void *ukey, uint32_t uklen,
                                const void **val, uint32_t *len, bool *found);
eddy_status eddy__state_map_put(State *s, const StateKey *k, StateNs ns, const void *ukey, uint32_t uklen,
                                const void *val, uint32_t len);
eddy_status eddy__state_map_remove(State *s, const StateKey *k, StateNs ns, const void *ukey, uint32_t uklen,
                                   bool *found);
eddy_status eddy__state_map_contains(State *s, const StateKey *k, StateNs ns, const void *ukey, uint32_t uklen,
                                     bool *found);
/* MAP: read-modify-write of one map value of len bytes: fn gets the value
 * (the stored one when it is there with len bytes, *found true; else zeros)
 * and rewrites it in place; the result is stored. One lookup where the
 * backend offers map_ref and the state has no TTL, else a get and a put. */
typedef void StateMapUpdateFn(void *ctx, void *val, bool found);
eddy_status eddy__state_map_update(State *s, const StateKey *k, StateNs ns, const void *ukey, uint32_t uklen,
                                   uint32_t len, StateMapUpdateFn *fn, void *ctx);
/* True when (k, ns) has no (unexpired) map entry. */
eddy_status eddy__state_map_is_empty(State *s, const StateKey *k, StateNs ns, bool *empty);

/* Iteration over a state (expired entries skipped, TTL prefixes stripped):
 *   eddy__state_iter_keys  every (key, namespace) of the state, or of one
 *                          namespace (ns_filter), with its value / list blob
 *                          (MAP: one entry per map entry);
 *   eddy__state_iter_map   the map entries of one (key, namespace).
 * Safe against writes to any state of the backend between next calls (the
 * guarantee of StateBackendVtab.iter_open); an entry is borrowed until the
 * next eddy__state_iter_next / close or a write to that entry. Close every iterator (the backend
 * frees forgotten ones). */
typedef struct StateIter StateIter;
eddy_status eddy__state_iter_keys(State *s, const StateNs *ns_filter, StateIter **out);
eddy_status eddy__state_iter_map(State *s, const StateKey *k, StateNs ns, StateIter **out);
eddy_status eddy__state_iter_next(StateIter *it, StateEntry *e, bool *has);
void eddy__state_iter_close(StateIter *it);

/* Removes every entry of the state. */
eddy_status eddy__state_clear(State *s);
/* Runs one step of incremental TTL cleanup on every state with TTL (for an
 * operator that wants cleanup without an access, e.g. on a timer). */
eddy_status eddy__state_cleanup(StateBackend *be);

/* ---- operator (non-keyed) list state ----------------------------------------------------- */

/* Flink's OperatorStateStore.getListState: a list of byte elements per name
 * for the whole operator instance. Snapshotted with the backend; on restore
 * the elements of every old instance are split evenly over the new ones
 * (Flink's even-split redistribution), in snapshot order. */
typedef struct OpListState OpListState;
/* Registers (or finds) operator list state `name` of element type elem_type
 * (checked like keyed states on restore). */
eddy_status eddy__state_op_list(StateBackend *be, const char *name, const Type *elem_type, OpListState **out);
eddy_status eddy__state_op_list_add(OpListState *l, const void *elem, uint32_t len);
/* Number of elements, and element i (borrowed until the next write to l). */
uint32_t eddy__state_op_list_count(const OpListState *l);
void eddy__state_op_list_at(const OpListState *l, uint32_t i, const void **elem, uint32_t *len);
void eddy__state_op_list_clear(OpListState *l);

/* ---- snapshots ------------------------------------------------------------------------------ */

/* Format version written by eddy__state_snapshot. */
#define STATE_SNAPSHOT_VERSION 1

/* Appends a snapshot of key groups [first, last] (within the backend's range)
 * of every state, timer and operator state to out: magic "EDDYSNAP",
 * version, operator uid, max parallelism and range, the state descriptors
 * (name, kind, printed types, fixed size, TTL), operator list states, then
 * per key group its entries and timers, and a 64-bit checksum of all of it.
 * Expired entries are left out. Byte order is the machine's (snapshots are
 * read back on the same kind of machine). */
eddy_status eddy__state_snapshot(StateBackend *be, int first, int last, Buf *out);
/* Restores snapshots[0..n) (each len[i] bytes) into an empty backend: their
 * states are registered (callbacks and TTL settings come when the operator
 * registers them again), the key groups inside the backend's range are
 * loaded and the others dropped (rescaling), operator list state is
 * redistributed. Fails without crashing on damaged input: "The state snapshot
 * of operator <uid> is corrupt: <what> (snapshot <i>, byte <pos>)." for a
 * bad magic, version, checksum, truncation or a malformed entry; another
 * operator's uid, a key group in two snapshots or a different max parallelism
 * are errors too. On error the backend may hold part of the data: free it. */
eddy_status eddy__state_restore(StateBackend *be, const void *const *snapshots, const size_t *len, int n);

/* ---- incremental snapshots (RocksDB; Flink's execution.checkpointing.incremental) ---- */

/* Format version of eddy__state_snapshot_incremental's bytes. */
#define STATE_INCR_VERSION 1

/* A file an incremental snapshot keeps in shared storage. */
typedef struct StateFileRef {
    char *name; /* its name in the shared directory */
    uint64_t size, sum; /* bytes and eddy__file_sum checksum */
} StateFileRef;
typedef struct StateFileRefs {
    ED_VEC(StateFileRef) files;
    uint64_t uploaded; /* bytes copied into the shared directory by this snapshot */
    uint64_t bytes;    /* bytes of every file listed (the snapshot's full size in shared storage) */
} StateFileRefs;
void eddy__state_file_refs_free(StateFileRefs *r);

/* Whether the backend snapshots incrementally: RocksDB does; the heap
 * backend takes full snapshots (Flink's hashmap backend ignores the
 * option too). */
bool eddy__state_incremental_capable(const StateBackend *be);
/* Appends an incremental snapshot of the whole backend to out: "EDDYINCR",
 * the operator, its key-group range, a snapshot (eddy__state_snapshot's
 * format) of everything but the keyed entries -- descriptors, operator
 * lists, timers -- and the database's files: the SST files, immutable and
 * uniquely named, are copied into shared_dir unless an earlier snapshot of
 * this instance (or the one it restored from) put them there already, and
 * listed in refs (appended); the small files are copied into the bytes.
 * A RocksDB backend only (eddy__state_incremental_capable). */
eddy_status eddy__state_snapshot_incremental(StateBackend *be, const char *shared_dir, Buf *out, StateFileRefs *refs);
/* eddy__state_restore for snapshots of either kind; an incremental one
 * reads its shared files from shared_dir (NULL: none may be incremental).
 * One incremental snapshot of exactly the backend's key-group range into a
 * fresh RocksDB backend becomes its database (the files copied and
 * checked); otherwise (rescaling, another backend) each is opened
 * read-only and the entries of the backend's key groups are inserted. A
 * shared file that is missing or differs from what the snapshot says fails
 * with "Checkpoint file <path> is corrupt: <what>." (EDDY_E_RUNTIME). */
eddy_status eddy__state_restore_from(StateBackend *be, const void *const *snapshots, const size_t *len, int n,
                                     const char *shared_dir);

#endif
