/*
 * serde.h -- a compact binary form of rows, for keyed state and keys.
 * Serialize the values of some vectors at one slot; deserialize them back
 * into vectors of the same types at another slot. The form is private to
 * eddy (not stable across versions) and self-delimiting per value.
 */
#ifndef EDDY_SERDE_H
#define EDDY_SERDE_H

#include "types/vector.h"

/* Appends the values of cols[0..n) at slot i. */
void eddy__serde_write(Buf *b, Vector *const *cols, int n, uint32_t i);
/* Reads n values from p[0..len) into cols[0..n) at slot j; returns the
 * bytes consumed, or 0 on malformed input. */
size_t eddy__serde_read(const char *p, size_t len, Vector *const *cols, int n, uint32_t j);
/* Empties a vector for reuse as scratch: frees its string heap, marks every
 * slot valid, empties list children. */
void eddy__vec_reset(Vector *v);

#endif
