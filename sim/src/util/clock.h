/* SPDX-License-Identifier: GPL-2.0-or-later */
/* clock.h - the monotonic clock in seconds, for the cycle timers and the
 * progress line. */
#ifndef NB_CLOCK_H
#define NB_CLOCK_H

#include <time.h>

static inline double nb_now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#endif
