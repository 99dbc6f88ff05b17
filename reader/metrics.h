/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The metrics as node_exporter's textfile collector reads them
 * (Prometheus text format 0.0.4): pure formatting of what a session and
 * the node show; metrics.c writes them. */
#ifndef NB_METRICS_H
#define NB_METRICS_H

#include <stdio.h>

#include "common/failures.h"
#include "nodestate/session.h"

/* What metrics reports beside the session's state. */
struct nb_metrics_in {
	const struct nb_session *s;
	const struct nb_failures *failures;
	int nodes;                       /* NUMA nodes, -1 unknown */
};

/* Writes every metric family to f; returns what ferror says. */
int metrics_format(FILE *f, const struct nb_metrics_in *in);

#endif
