/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A SPANK plugin for tests only, never installed: in sbatch and salloc it
 * puts NB_TEST_OPTION_VALUE from the submitting user's environment into
 * the job's control environment under the name numa_balancing's option
 * uses, as a client that skips the plugin's checks would. A plain Prolog=
 * then sees it as SPANK__SLURM_SPANK_OPTION_numa_balancing_numa_balancing,
 * and numa_balancing.so's job prolog as the option's value. */
#include <stdint.h>
#include <stdlib.h>
#include <slurm/spank.h>

/* cppcheck-suppress unknownMacro ; defined in <slurm/spank.h> */
SPANK_PLUGIN(nb_test_option_env, 1)

int slurm_spank_init_post_opt(spank_t sp, int ac, char **av);

int slurm_spank_init_post_opt(spank_t sp, int ac, char **av)
{
	const char *v = getenv("NB_TEST_OPTION_VALUE");

	(void)ac;
	(void)av;
	if (v == NULL || spank_context() != S_CTX_ALLOCATOR)
		return 0;
	if (spank_job_control_setenv(sp, "_SLURM_SPANK_OPTION_numa_balancing_numa_balancing", v, 1) !=
	    ESPANK_SUCCESS) {
		slurm_error("nb_test_option_env: cannot set the option variable");
		return -1;
	}
	return 0;
}
