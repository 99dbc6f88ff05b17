/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Plugstack arguments of the numa_balancing SPANK plugin: the parsed
 * configuration and its strict key=value parser. */
#ifndef NB_CONFIG_H
#define NB_CONFIG_H

#include <limits.h>
#include <stddef.h>

#include "common/values.h"  /* requests, allow lists, defaults, conflicts */
#include "nb_membind.h"

#define NB_TIMEOUT_MAX 3600u

struct nb_config {
	char helper[PATH_MAX];   /* absolute path of numa-balancing-helper */
	int default_value;       /* NB_DEFAULT_KEEP, 0 or 1 */
	unsigned allow_mask;     /* bit v set: users may request v */
	enum nb_conflict conflict;
	enum nb_off off;         /* how a 0 request is met */
	unsigned timeout_s;      /* one helper run, seconds */
	enum nb_membind mpi_membind; /* launchers' strict memory binding */
};

/* Fills cfg with the built-in defaults (helper path compiled in). */
void nb_config_defaults(struct nb_config *cfg, const char *default_helper);

/* Parses plugstack arguments "key=value" over the defaults in cfg.
 * Returns 0, or -1 with a one-line reason in err. */
int nb_config_parse(struct nb_config *cfg, int argc, char *const argv[],
		    char *err, size_t errlen);

#endif
