/*
 * status.c -- the library version and the names of status codes and row
 * kinds, generated from the X-macro list in eddy.h.
 */
#include "eddy.h"

const char *eddy_version(void) { return "0.1.0"; }

const char *eddy_status_name(eddy_status s) {
    switch (s) {
#define X(name, cls, text) \
    case EDDY_##name:      \
        return "EDDY_" #name;
        EDDY_STATUS_MAP(X)
#undef X
    }
    return "EDDY_E_UNKNOWN";
}

const char *eddy_status_str(eddy_status s) {
    switch (s) {
#define X(name, cls, text) \
    case EDDY_##name:      \
        return text;
        EDDY_STATUS_MAP(X)
#undef X
    }
    return "unknown status";
}

const char *eddy_status_exception(eddy_status s) {
    switch (s) {
#define X(name, cls, text) \
    case EDDY_##name:      \
        return cls;
        EDDY_STATUS_MAP(X)
#undef X
    }
    return "";
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
