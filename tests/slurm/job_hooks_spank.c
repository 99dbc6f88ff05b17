/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A SPANK plugin for bench-launch only (never installed): it defines a job
 * prolog and epilog that do nothing, so slurmd starts its `slurmstepd spank
 * prolog|epilog` processes for every job as it does for numa_balancing.so.
 * The difference to a cluster without plugins is the cost of those
 * processes alone; the difference to numa_balancing.so is the plugin's own
 * work (its helper runs). */
#include <stdint.h>
#include <slurm/spank.h>

/* cppcheck does not read <slurm/spank.h>, which defines the macro. */
/* cppcheck-suppress unknownMacro */
SPANK_PLUGIN(job_hooks, 1)

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
