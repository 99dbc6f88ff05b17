/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Command line and environment of numa-balancing-helper, parsed into one
 * struct. Pure: the environment comes in as two strings. */
#ifndef NB_ARGS_H
#define NB_ARGS_H

#include <stddef.h>
#include <stdint.h>

#include "common/values.h"

enum nb_cmd {
	NB_CMD_PROLOG, NB_CMD_EPILOG, NB_CMD_RESET, NB_CMD_RECONCILE,
	NB_CMD_HELP, NB_CMD_VERSION
};

/* The documented variables; NULL when unset. */
struct nb_env {
	const char *job_id;  /* SLURM_JOB_ID */
	const char *value;   /* SPANK__SLURM_SPANK_OPTION_numa_balancing_numa_balancing */
};

#define NB_ENV_JOB_ID "SLURM_JOB_ID"
#define NB_ENV_VALUE "SPANK__SLURM_SPANK_OPTION_numa_balancing_numa_balancing"

struct nb_args {
	enum nb_cmd cmd;
	int has_job;
	uint32_t job;
	int value;              /* -1: no request */
	enum nb_conflict conflict;
	enum nb_off off;        /* --off: how a 0 request is met (both: it yields) */
	unsigned allow;         /* --allow: values a request from the environment may ask for */
	int dflt;               /* --default: the request when there is none usable */
	int script;             /* --script: run as Prolog=/Epilog= (exit 0 for what users cause) */
	/* Non-empty when the environment's request was unusable and the
	 * default was taken instead: one line for the log (a warning). */
	char ignored[192];
	/* Non-empty when a request needs no helper (0-tasks, or 0 under
	 * --off tasks): one line for the log. */
	char no_request[128];
};

/* Returns 0, or -1 with a one-line reason in err. */
int args_parse(int argc, const char *const argv[], const struct nb_env *env,
               struct nb_args *out, char *err, size_t errlen);

#endif
