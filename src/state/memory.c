/*
 * memory.c -- the job's managed memory (MemBudget, resolved from Flink's
 * taskmanager.memory.managed.size / .fraction options), the per-operator
 * MemAccount that backends and batch operators charge, and the clocks TTL
 * and processing-time timers read. See state.h.
 */
#include <ctype.h>
#include <stdlib.h>
#include <unistd.h>

#include "state/state.h"

/* ---- clocks ----------------------------------------------------------------- */

static int64_t system_now(const Clock *c) {
    (void)c;
    return eddy__wall_ms();
}

static int64_t manual_now(const Clock *c) { return atomic_load(&c->manual_ms); }

static const Clock system_clock = {system_now, 0};

const Clock *eddy__clock_system(void) { return &system_clock; }

void eddy__clock_manual_init(Clock *c, int64_t start_ms) {
    c->now_ms = manual_now;
    atomic_init(&c->manual_ms, start_ms);
}

void eddy__clock_manual_set(Clock *c, int64_t ms) { atomic_store(&c->manual_ms, ms); }

void eddy__clock_manual_advance(Clock *c, int64_t delta_ms) { atomic_fetch_add(&c->manual_ms, delta_ms); }

/* ---- budget ------------------------------------------------------------------- */

void eddy__mem_budget_init(MemBudget *b, int64_t limit) {
    b->limit = limit;
    atomic_init(&b->used, 0);
}

/* Flink's MemorySize.parse: a non-negative integer and an optional unit
 * (powers of 1024), blanks allowed around and between. */
static bool parse_size(const char *s, int64_t *out) {
    while (isspace((unsigned char)*s)) s++;
    if (!isdigit((unsigned char)*s)) return false;
    uint64_t v = 0;
    while (isdigit((unsigned char)*s)) {
        if (v > (uint64_t)INT64_MAX / 10) return false;
        v = v * 10 + (uint64_t)(*s++ - '0');
    }
    while (isspace((unsigned char)*s)) s++;
    const char *u = s;
    while (isalpha((unsigned char)*s)) s++;
    size_t ulen = (size_t)(s - u);
    while (isspace((unsigned char)*s)) s++;
    if (*s) return false;
    static const struct {
        const char *names[3];
        int shift;
    } units[] = {{{"b", "bytes", NULL}, 0},
                 {{"k", "kb", "kibibytes"}, 10},
                 {{"m", "mb", "mebibytes"}, 20},
                 {{"g", "gb", "gibibytes"}, 30},
                 {{"t", "tb", "tebibytes"}, 40}};
    int shift = -1;
    if (!ulen) shift = 0;
    for (size_t i = 0; i < ED_ARRAY_LEN(units) && shift < 0; i++)
        for (int k = 0; k < 3 && units[i].names[k]; k++)
            if (strlen(units[i].names[k]) == ulen && eddy__strn_ieq(u, ulen, units[i].names[k])) shift = units[i].shift;
    if (shift < 0 || v > ((uint64_t)INT64_MAX >> shift)) return false;
    *out = (int64_t)(v << shift);
    return true;
}

eddy_status eddy__mem_budget_resolve(const char *size, const char *fraction, int64_t *out, EdErr *err) {
    if (size) {
        int64_t v;
        if (!parse_size(size, &v))
            return eddy__err(err, EDDY_E_VALIDATION, "Could not parse value '%s' for key '%s'.", size,
                             MEM_MANAGED_SIZE_OPTION);
        *out = v;
        return EDDY_OK;
    }
    double f = MEM_MANAGED_FRACTION_DEFAULT;
    if (fraction) {
        char *end;
        f = strtod(fraction, &end);
        while (end && isspace((unsigned char)*end)) end++;
        if (end == fraction || *end || !(f > 0 && f <= 1))
            return eddy__err(err, EDDY_E_VALIDATION, "Could not parse value '%s' for key '%s'.", fraction,
                             MEM_MANAGED_FRACTION_OPTION);
    }
    long pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGE_SIZE);
    double phys = pages > 0 && psize > 0 ? (double)pages * (double)psize : 4.0 * 1024 * 1024 * 1024;
    *out = (int64_t)(phys * f);
    return EDDY_OK;
}

/* ---- accounts ------------------------------------------------------------------- */

void eddy__mem_account_init(MemAccount *a, MemBudget *budget, const char *owner, bool hard) {
    a->budget = budget;
    atomic_init(&a->bytes, 0);
    a->owner = owner;
    a->hard = hard;
}

eddy_status eddy__mem_charge(MemAccount *a, int64_t n, EdErr *err) {
    if (!a || n <= 0) return EDDY_OK;
    MemBudget *b = a->budget;
    if (b && b->limit > 0) {
        int64_t used = atomic_fetch_add(&b->used, n) + n;
        if (a->hard && used > b->limit) {
            atomic_fetch_sub(&b->used, n);
            return eddy__err(err, EDDY_E_RUNTIME,
                             "The state of operator %s needs %lld more bytes, but the job's managed memory (%s: %lld "
                             "bytes) is used up (%lld bytes in use).",
                             a->owner ? a->owner : "(unnamed)", (long long)n, MEM_MANAGED_SIZE_OPTION,
                             (long long)b->limit, (long long)(used - n));
        }
    }
    atomic_fetch_add_explicit(&a->bytes, n, memory_order_relaxed);
    return EDDY_OK;
}

void eddy__mem_release(MemAccount *a, int64_t n) {
    if (!a || n <= 0) return;
    if (a->budget && a->budget->limit > 0) atomic_fetch_sub(&a->budget->used, n);
    atomic_fetch_sub_explicit(&a->bytes, n, memory_order_relaxed);
}

bool eddy__mem_should_spill(const MemAccount *a, int64_t n) {
    if (!a || !a->budget || a->budget->limit <= 0) return false;
    return atomic_load(&a->budget->used) + n > a->budget->limit;
}
