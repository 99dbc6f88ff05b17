/* SPDX-License-Identifier: GPL-2.0-or-later */
/* memest.h - how much memory a rank will need for a model, estimated
 * before anything large is allocated, and the refusal when it will not fit. */
#ifndef NB_MEMEST_H
#define NB_MEMEST_H

#include <stdbool.h>
#include <stdint.h>

#include "models/builders.h"

/* Bytes one rank needs at its peak (construction or simulation), with or
 * without NEST's compressed spikes. */
uint64_t nb_mem_estimate(const struct nb_model *m, int ranks, int threads,
                         bool compressed);
/* Bytes available to each of local_ranks ranks on this node
 * (MemAvailable from /proc/meminfo, shared equally); 0 when unknown. */
uint64_t nb_mem_available(int local_ranks);
/* 0 when the estimate fits; else -1 with a message saying both numbers. */
int nb_mem_check(const struct nb_model *m, int ranks, int threads,
                 int local_ranks, bool compressed);

#endif
