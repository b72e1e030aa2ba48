/*
 * status.c -- the library version and the names of status codes and row
 * kinds, generated from the X-macro list in eddy.h.
 */
#include "eddy.h"

const char *eddy_version(void) { return "0.1.0"; }

/* One row per status code, generated from EDDY_STATUS_MAP: its C name, its
 * Flink exception class ("" for none) and its one-line description. */
typedef struct StatusInfo {
    eddy_status code;
    const char *name, *exception, *text;
} StatusInfo;

static const StatusInfo statuses[] = {
#define X(name, cls, text) {EDDY_##name, "EDDY_" #name, cls, text},
    EDDY_STATUS_MAP(X)
#undef X
};

/* The row of s, or NULL for a value that is no status code. */
static const StatusInfo *status_info(eddy_status s) {
    for (size_t i = 0; i < sizeof statuses / sizeof statuses[0]; i++)
        if (statuses[i].code == s) return &statuses[i];
    return NULL;
}

const char *eddy_status_name(eddy_status s) {
    const StatusInfo *info = status_info(s);
    return info ? info->name : "EDDY_E_UNKNOWN";
}

const char *eddy_status_str(eddy_status s) {
    const StatusInfo *info = status_info(s);
    return info ? info->text : "unknown status";
}

const char *eddy_status_exception(eddy_status s) {
    const StatusInfo *info = status_info(s);
    return info ? info->exception : "";
}

const char *eddy_row_kind_short(eddy_row_kind k) {
    switch (k) {
    case EDDY_INSERT: return "+I";
    case EDDY_UPDATE_BEFORE: return "-U";
    case EDDY_UPDATE_AFTER: return "+U";
    case EDDY_DELETE: return "-D";
    }
    return "??";
}
