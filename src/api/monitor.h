/*
 * monitor.h -- what an env shows of its jobs over HTTP (monitor.c): the
 * Prometheus endpoint (metrics.reporter.prom.*) and the web dashboard with its
 * JSON REST API (rest.port, rest.bind-address).
 *
 * The env's thread registers each job handle it starts (eddy__monitor_add)
 * and forgets it before the handle's job is freed (eddy__monitor_forget);
 * the servers' thread reads the handles only under the registry's mutex, so
 * a handle is never read after it is gone. A forgotten job stays listed with
 * the last state and figures seen.
 */
#ifndef EDDY_API_MONITOR_H
#define EDDY_API_MONITOR_H

#include "api/api.h"

/* Whether key is one of the options monitor.c reads. */
bool eddy__monitor_is_option(const char *key);
/* Applies one of them (eddy_env_set_option): checks the value, records it,
 * and starts, moves or stops the server it configures. Errors on the env. */
eddy_status eddy__monitor_set_option(eddy_env *env, const char *key, const char *value);
/* Lists a job handle that just started (no-op while no server runs); the
 * configuration shown becomes tenv's options (NULL: the env's own job). */
void eddy__monitor_add(eddy_env *env, eddy_tenv *tenv, eddy_job *h);
/* Drops h from the registry, keeping a copy of its last state and metrics.
 * Call before the handle or its job is freed. */
void eddy__monitor_forget(eddy_env *env, eddy_job *h);
/* Stops the servers and frees the registry (env teardown). */
void eddy__monitor_free(eddy_env *env);

#endif
