/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A SPANK plugin for bench-launch only (never installed): it defines a job
 * prolog and epilog that do nothing, so slurmd starts its `slurmstepd spank
 * prolog|epilog` processes for every job as it does for numa_balancing.so,
 * and registers --numa-balancing=VALUE as numa_balancing.so does, with a
 * callback that accepts any value and does nothing, so a job given the
 * option carries it through srun, sbatch and slurmstepd with no work
 * behind it. The difference to a cluster without plugins is the cost of
 * those processes alone; the difference to numa_balancing.so is the
 * plugin's own work (its helper runs, its tasks' memory policy); the
 * difference between jobs with and without the option is what Slurm's
 * carrying a SPANK option costs. */
#include <stdint.h>
#include <slurm/spank.h>

/* cppcheck does not read <slurm/spank.h>, which defines the macro. */
/* cppcheck-suppress unknownMacro */
SPANK_PLUGIN(job_hooks, 1)

static int accept_any(int val, const char *optarg, int remote)
{
	(void)val;
	(void)optarg;
	(void)remote;
	return 0;
}

static struct spank_option carried_option = {
	"numa-balancing", "VALUE",
	"Accepted and ignored (a benchmark's control plugin).",
	1, 0, accept_any
};

/* Registered in every context, as numa_balancing.so does. Had it failed,
 * srun and sbatch would refuse the option, and bench-launch counts those
 * jobs as failed. */
int slurm_spank_init(spank_t sp, int ac, char **av)
{
	(void)ac;
	(void)av;
	spank_option_register(sp, &carried_option);
	return 0;
}

int slurm_spank_job_prolog(spank_t sp, int ac, char **av)
{
	(void)sp;
	(void)ac;
	(void)av;
	return 0;
}

int slurm_spank_job_epilog(spank_t sp, int ac, char **av)
{
	(void)sp;
	(void)ac;
	(void)av;
	return 0;
}
