/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the job's environment tells numa-balancing-check: the request the
 * plugin exported (or the job option's variable), the value in force at
 * task start, whether the plugin set the local policy, and the process's
 * rank under srun or an MPI launcher. Pure functions over the variables'
 * values, so that tests feed them directly. */
#ifndef NB_CHECK_ENV_H
#define NB_CHECK_ENV_H

#include <stddef.h>

#include "verdict.h"

/* The variables, as the plugin exports them (numa_balancing(8)). */
#define NB_ENV_REQUEST "SLURM_NUMA_BALANCING_REQUEST"
#define NB_ENV_OPTION "SLURM_SPANK__SLURM_SPANK_OPTION_numa_balancing_numa_balancing"
#define NB_ENV_AT_START "SLURM_NUMA_BALANCING"
#define NB_ENV_POLICY "SLURM_NUMA_BALANCING_POLICY"

/* The job's variables' values (NULL where unset). */
struct nb_check_env {
	const char *request;  /* NB_ENV_REQUEST */
	const char *option;   /* NB_ENV_OPTION */
	const char *at_start; /* NB_ENV_AT_START */
	const char *policy;   /* NB_ENV_POLICY */
};

/* Fills f's request, at_start and set_local from e. Returns 0, or -1 with
 * the variable and its bad value in err. */
int nb_check_parse_env(const struct nb_check_env *e, struct nb_check_facts *f,
		       char *err, size_t errlen);

/* The variables that carry a process's rank, the launchers' before
 * Slurm's: under mpirun in a batch job every rank inherits the batch
 * script's SLURM_PROCID. */
#define NB_RANK_NVARS 4
extern const char *const nb_rank_vars[NB_RANK_NVARS];

/* The first of values (one per nb_rank_vars entry, NULL where unset)
 * that is set, or "-". */
const char *nb_check_rank(const char *const values[]);

#endif
