/* SPDX-License-Identifier: GPL-2.0-or-later */
/* thread-log.c - allocates and frees the per-thread cycle log
 * (thread-log.h). */
#include "io/thread-log.h"

#include <stdlib.h>

int nb_thread_log_init(struct nb_thread_log *l, int threads, size_t cycles)
{
	size_t n = (size_t)threads * (cycles + 1);

	l->threads = threads;
	l->cycles = cycles;
	l->deliver_s = calloc(n, sizeof(double));
	l->update_s = calloc(n, sizeof(double));
	l->ran_on = calloc((size_t)threads, sizeof(cpu_set_t));
	if (l->deliver_s && l->update_s && l->ran_on)
		return 0;
	nb_thread_log_free(l);
	return -1;
}

void nb_thread_log_free(struct nb_thread_log *l)
{
	free(l->deliver_s);
	free(l->update_s);
	free(l->ran_on);
	l->deliver_s = l->update_s = NULL;
	l->ran_on = NULL;
}
