/* SPDX-License-Identifier: GPL-2.0-or-later */
/* poisson.h - Poisson background input by inversion: one 32-bit uniform
 * per neuron and step against a table of the cumulative distribution. */
#ifndef NB_POISSON_H
#define NB_POISSON_H

#include <stdint.h>

#define NB_POISSON_MAX 64
#define NB_POISSON_FAST 16          /* entries compared without branches */

struct nb_poisson {
	int kmax;                       /* gt[k] for k < kmax */
	/* P(X <= k) * 2^32 rounded down, minus 1: the draw is k when u > gt[j]
	 * for exactly the j < k. Entries from kmax on are UINT32_MAX. */
	uint32_t gt[NB_POISSON_MAX];
};

/* lambda: mean count per step; -1 when it is too large for the table. */
int nb_poisson_init(struct nb_poisson *p, double lambda);

/* Counts the thresholds u exceeds: the first NB_POISSON_FAST without
 * branches (vectorisable), the rare rest one by one. */
static inline int nb_poisson_draw(const struct nb_poisson *p, uint32_t u)
{
	int k = 0;

	for (int j = 0; j < NB_POISSON_FAST; j++)
		k += u > p->gt[j];
	if (k == NB_POISSON_FAST)
		while (k < p->kmax && u > p->gt[k])
			k++;
	return k;
}

#endif
