/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cli.h - nbsim's command line: options, defaults, --help. */
#ifndef NB_CLI_H
#define NB_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include "util/hugemem.h"

#define NB_MAX_TAGS 16

struct nb_opts {
	const char *model;
	double scale;
	double t_presim, t_sim, dt;     /* ms */
	uint32_t seed;
	const char *out;
	const char *powercap;           /* the powercap tree RAPL energy is read from */
	int areas;
	int placement_every;
	enum nb_huge_mode huge_pages;
	bool sync_timer, progress, record_spikes, compressed_spikes;
	int ntags;
	const char *tags[NB_MAX_TAGS];  /* --tag KEY=VALUE, summary.json "tags" */
};

/* Returns 0 to run, 1 after --help/--version (exit 0), -1 on a bad
 * command line (message on stderr; exit 2). */
int nb_cli_parse(struct nb_opts *o, int argc, char **argv);

#endif
