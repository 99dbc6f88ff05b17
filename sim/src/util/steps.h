/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Whether a time is a whole number of simulation steps, to the tolerance
 * every check in nbsim uses (options, delays, refractory periods). */
#ifndef NB_STEPS_H
#define NB_STEPS_H

#include <math.h>
#include <stdbool.h>

static inline bool nb_is_multiple(double t, double h)
{
	double q = t / h;

	return fabs(q - round(q)) <= 1e-9 * (1.0 + q);
}

#endif
