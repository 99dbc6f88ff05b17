/* SPDX-License-Identifier: GPL-2.0-or-later */
/* vec.c - std::vector-like growth (vec.h). */
#include "util/vec.h"

#include <stdlib.h>
#include <string.h>

int nb_vec_reserve_one(void **data, size_t n, size_t *cap, size_t elem)
{
	size_t want = *cap ? *cap * 2 : 1;
	void *p;

	if (n < *cap)
		return 0;
	p = malloc(want * elem);
	if (!p)
		return -1;
	if (n)
		memcpy(p, *data, n * elem);
	free(*data);
	*data = p;
	*cap = want;
	return 0;
}
