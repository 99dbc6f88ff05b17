/* SPDX-License-Identifier: GPL-2.0-or-later */
/* poisson.c - the cumulative-distribution table for Poisson inversion. */
#include "models/poisson.h"

#include <math.h>

int nb_poisson_init(struct nb_poisson *p, double lambda)
{
	double pk = exp(-lambda), cdf = 0.0;

	p->kmax = 0;
	for (int k = 0; k < NB_POISSON_MAX; k++)
		p->gt[k] = UINT32_MAX;
	if (lambda <= 0.0)
		return 0;
	for (int k = 0; k < NB_POISSON_MAX; k++) {
		double t;

		cdf += pk;
		t = floor(cdf * 4294967296.0);
		if (t >= 4294967295.0)
			return 0;
		if (t < 1.0)
			return -1;
		p->gt[k] = (uint32_t)t - 1u;
		p->kmax = k + 1;
		pk *= lambda / (k + 1);
	}
	return -1;
}
