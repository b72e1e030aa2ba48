/*
 * ds_window_state.c -- the DataStream window operator's state per open
 * window: incremental reduce against the same reduce over buffered
 * elements, in one run.
 *
 *   bench_ds_window_state [keys] [elements per key]   (defaults: 100000 20)
 *
 * Each variant runs, at parallelism 1 on the manual clock (so no window
 * fires),
 *
 *   fromSequence(1, keys * per_key) -> map to (k = id % keys, v = id)
 *     -> keyBy(k) -> window(TumblingProcessingTimeWindows.of(1 h)) -> f -> sink
 *
 * and reads the bytes the Window operator's state backend holds at the end
 * (the job's operator stats), divided by the number of open windows (keys):
 *
 *   incremental  reduce: one reduced row per window (reducing state)
 *   buffered     reduce behind CountEvictor.of(2^62) (evicts nothing, so the
 *                same result): the window keeps every element, as reduce
 *                did before it became incremental
 *   process      a ProcessWindowFunction, which needs the elements
 *
 * Reports bytes per window, the ratio buffered / incremental, and the CPU
 * time of each run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "api/api.h"
#include "runtime/job.h"

static double cpu_seconds(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

static long g_keys;

static eddy_status to_kv(void *ctx, const eddy_row *in, eddy_out *out) {
    (void)ctx;
    int64_t id;
    eddy_row_get_long(in, 0, &id);
    eddy_out_set_long(out, 0, id % g_keys);
    return eddy_out_set_long(out, 1, id);
}

static eddy_status sum_v(void *ctx, const eddy_row *a, const eddy_row *b, eddy_out *out) {
    (void)ctx;
    int64_t x, y;
    eddy_row_get_long(a, 1, &x);
    eddy_row_get_long(b, 1, &y);
    eddy_out_copy_field(out, 0, a, 0);
    return eddy_out_set_long(out, 1, x + y);
}

static eddy_status count_els(void *ctx, eddy_window_ctx *wc, eddy_window_elements *els, eddy_out *out) {
    (void)ctx;
    (void)wc;
    eddy_out_set_long(out, 0, (int64_t)eddy_window_elements_count(els));
    return eddy_out_emit(out);
}

static eddy_status drop(void *ctx, const eddy_row *in) {
    (void)ctx;
    (void)in;
    return EDDY_OK;
}

typedef enum Variant { INCREMENTAL, BUFFERED, PROCESS } Variant;

static int64_t run(Variant v, long keys, long per_key, double *cpu) {
    eddy_config cfg = {.abi_version = EDDY_CONFIG_VERSION, .parallelism = 1, .mode = EDDY_STREAMING};
    eddy_env *env = eddy_env_new(&cfg);
    eddy_env_use_manual_clock(env, 0);
    g_keys = keys;
    eddy_stream *kv = eddy_stream_map(eddy_from_sequence(env, 1, keys * per_key), "ROW<k BIGINT, v BIGINT>", to_kv,
                                      NULL, NULL);
    eddy_windowed_stream *ws = eddy_keyed_window(eddy_stream_key_by(kv, "k"),
                                                 eddy_tumbling_processing_time_windows(3600 * 1000, 0));
    static const eddy_process_window_fn count_fn = {EDDY_PROCESS_WINDOW_FN_VERSION, count_els};
    if (v == BUFFERED) ws = eddy_windowed_count_evictor(ws, INT64_C(1) << 62);
    eddy_stream *res = v == PROCESS ? eddy_windowed_process(ws, &count_fn, "BIGINT", NULL, NULL)
                                    : eddy_windowed_reduce(ws, sum_v, NULL, NULL);
    eddy_job *job = NULL;
    double c0 = cpu_seconds();
    if (!res || eddy_stream_add_sink(res, drop, NULL, NULL, 1) || eddy_env_execute_async(env, "bench", &job) ||
        eddy_job_wait(job, -1) != EDDY_JOB_FINISHED) {
        fprintf(stderr, "bench_ds_window_state: %s\n", job && eddy_job_error(job) ? eddy_job_error(job) : eddy_env_errmsg(env));
        exit(1);
    }
    *cpu = cpu_seconds() - c0;
    JobOpStats st[64];
    size_t n = eddy__job_op_stats(job->job, st, 64);
    int64_t bytes = -1;
    for (size_t i = 0; i < n && i < 64; i++)
        if (!strncmp(st[i].name, "Window(", 7)) bytes = st[i].state_bytes;
    eddy_job_free(job);
    eddy_env_free(env);
    if (bytes < 0) {
        fprintf(stderr, "bench_ds_window_state: no Window operator in the job\n");
        exit(1);
    }
    return bytes;
}

int main(int argc, char **argv) {
    long keys = argc > 1 ? atol(argv[1]) : 100000, per_key = argc > 2 ? atol(argv[2]) : 20;
    if (keys < 1 || per_key < 1) {
        fprintf(stderr, "usage: bench_ds_window_state [keys] [elements per key]\n");
        return 2;
    }
    static const char *names[] = {"incremental reduce", "buffered reduce", "process function"};
    int64_t bytes[3];
    double cpu[3];
    for (int v = 0; v < 3; v++) bytes[v] = run((Variant)v, keys, per_key, &cpu[v]);
    printf("%ld windows (keys), %ld elements each\n", keys, per_key);
    for (int v = 0; v < 3; v++)
        printf("%-20s %10.1f bytes/window  cpu %.3f s\n", names[v], (double)bytes[v] / (double)keys, cpu[v]);
    printf("buffered / incremental: %.2fx state, %.2fx cpu\n", (double)bytes[1] / (double)bytes[0], cpu[1] / cpu[0]);
    return 0;
}
