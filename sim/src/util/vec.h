/* SPDX-License-Identifier: GPL-2.0-or-later */
/* vec.h - growable arrays that grow as NEST's std::vectors do: capacity
 * doubles from one element, and every growth takes a new heap block,
 * copies the elements over and frees the old block (no realloc in place).
 * nbsim's exchanged structures use it so that their allocations, and the
 * pages and huge pages they share with other data, follow NEST's. vec.c. */
#ifndef NB_VEC_H
#define NB_VEC_H

#include <stddef.h>

/* Makes room for n + 1 elements of `elem` bytes in *data (capacity *cap):
 * 0, or -1 when out of memory (the array is unchanged). */
int nb_vec_reserve_one(void **data, size_t n, size_t *cap, size_t elem);

#endif
