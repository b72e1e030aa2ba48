/*
 * compare.h -- hashing, equality and ordering of values stored in vectors.
 * Equal values hash equally regardless of the vector they sit in (two
 * INT columns, or an INT and a BIGINT holding the same number), so keys can
 * be hashed on one side of an exchange and looked up on the other.
 */
#ifndef EDDY_COMPARE_H
#define EDDY_COMPARE_H

#include "types/vector.h"

/* Hash of slot i of v (NULL has a fixed hash). */
uint64_t eddy__hash_slot(const Vector *v, uint32_t i);
/* Total order of two slots of comparable types: NULL sorts first, then by
 * value (strings bytewise, floating point with NaN last). Returns <0, 0, >0. */
int eddy__cmp_slot(const Vector *a, uint32_t i, const Vector *b, uint32_t j);
/* Value equality, NULL equal to NULL (for grouping keys). */
static inline bool eddy__eq_slot(const Vector *a, uint32_t i, const Vector *b, uint32_t j) {
    return eddy__cmp_slot(a, i, b, j) == 0;
}

#endif
