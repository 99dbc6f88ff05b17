/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPANK entry points of numa_balancing.so: parse the plugstack arguments,
 * register --numa-balancing, and dispatch each callback by context to the
 * part that handles it (nb_option.c, nb_script.c, nb_remote.c).
 * Built with NB_NO_JOB_HOOKS it is numa_balancing_nohooks.so: the same
 * option and step environment without a job prolog and epilog, so that
 * slurmd starts no `slurmstepd spank prolog/epilog` for any job; the
 * site's Prolog=/Epilog= run the helper instead (docs/admin.md). */
#include <slurm/slurm_version.h>
#include <slurm/spank.h>

#include "nb_plugin.h"

#ifndef NB_HELPER_PATH
#error "NB_HELPER_PATH must name the installed numa-balancing-helper"
#endif

SPANK_PLUGIN(numa_balancing, 1)

#if SLURM_VERSION_NUMBER >= SLURM_VERSION_NUM(25, 5, 0)
/* 25.05+: a failed init (bad plugstack arguments) fails the job, not the node. */
int slurm_spank_init_failure_mode = ESPANK_JOB_FAILURE;
#endif

struct nb_state nb_state = { .requested = -1 };

struct spank_option nb_option = {
	"numa-balancing", "0|1|0-tasks",
	"Turn the kernel's automatic NUMA balancing off (0) or on (1) for the "
	"whole job on its nodes (kernel.numa_balancing); 0-tasks: off for the "
	"job's tasks by their memory policy alone.",
	1, 0, nb_option_cb
};

/* Every context parses the arguments; job_script gets no init call. A bad
 * configuration is logged by init here, and by the job prolog and epilog
 * where they decline to run the helper (nb_script.c). */
static void load_config(int ac, char **av)
{
	nb_config_defaults(&nb_state.cfg, NB_HELPER_PATH);
	nb_state.cfg_ok = nb_config_parse(&nb_state.cfg, ac, av,
					  nb_state.cfg_error,
					  sizeof(nb_state.cfg_error)) == 0;
}

int slurm_spank_init(spank_t sp, int ac, char **av)
{
	spank_context_t ctx = spank_context();
	spank_err_t rc;

	load_config(ac, av);
	if (!nb_state.cfg_ok)
		slurm_error(NB_LOG ": plugstack.conf: %s", nb_state.cfg_error);
	rc = spank_option_register(sp, &nb_option);
	if (rc != ESPANK_SUCCESS && ctx != S_CTX_SLURMD)
		slurm_error(NB_LOG ": cannot register --numa-balancing: %s",
			    spank_strerror(rc));
	return nb_state.cfg_ok ? 0 : -1;
}

int slurm_spank_init_post_opt(spank_t sp, int ac, char **av)
{
	(void)ac;
	(void)av;
	return spank_context() == S_CTX_LOCAL ? nb_local_post_opt(sp) : 0;
}

#ifndef NB_NO_JOB_HOOKS
int slurm_spank_job_prolog(spank_t sp, int ac, char **av)
{
	load_config(ac, av);
	return nb_script_prolog(sp);
}

int slurm_spank_job_epilog(spank_t sp, int ac, char **av)
{
	load_config(ac, av);
	return nb_script_epilog(sp);
}
#endif

int slurm_spank_task_init(spank_t sp, int ac, char **av)
{
	(void)ac;
	(void)av;
	return spank_remote(sp) ? nb_remote_task_init(sp) : 0;
}

int slurm_spank_task_exit(spank_t sp, int ac, char **av)
{
	(void)ac;
	(void)av;
	return spank_remote(sp) ? nb_remote_task_exit(sp) : 0;
}
