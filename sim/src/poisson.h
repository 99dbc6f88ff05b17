/* poisson.h - Poisson background input by inversion: one 32-bit uniform
 * per neuron and step against a table of the cumulative distribution. */
#ifndef NB_POISSON_H
#define NB_POISSON_H

#include <stdint.h>

#define NB_POISSON_MAX 64

struct nb_poisson {
	int kmax;                       /* thr[k] for k < kmax */
	uint32_t thr[NB_POISSON_MAX];   /* P(X <= k) * 2^32, rounded down */
};

/* lambda: mean count per step; -1 when it is too large for the table. */
int nb_poisson_init(struct nb_poisson *p, double lambda);

static inline int nb_poisson_draw(const struct nb_poisson *p, uint32_t u)
{
	int k = 0;

	while (k < p->kmax && u >= p->thr[k])
		k++;
	return k;
}

#endif
