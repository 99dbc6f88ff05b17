/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The metrics as node_exporter's textfile collector reads them
 * (Prometheus text format 0.0.4): pure formatting of what a session and
 * the node show; metrics.c writes them. */
#ifndef NB_METRICS_H
#define NB_METRICS_H

#include <stdio.h>

#include "common/failures.h"
#include "common/memstat.h"
#include "nodestate/session.h"

/* A job cgroup's numa_* counters, as memstat.h gives them. */
struct nb_job_numa {
	uint32_t job;
	char pairs[NB_CGROUP_NUMA_MAX];
};

/* What metrics reports beside the session's state. */
struct nb_metrics_in {
	const struct nb_session *s;
	const struct nb_failures *failures;
	int nodes;                       /* NUMA nodes, -1 unknown */
	const struct nb_job_numa *cgroups; /* the node's job cgroups with counters */
	size_t ncgroups;
};

/* Writes every metric family to f; returns what ferror says. */
int metrics_format(FILE *f, const struct nb_metrics_in *in);

#endif
