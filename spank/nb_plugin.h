/* SPDX-License-Identifier: GPL-2.0-or-later */
/* State shared by the plugin's per-context parts: the plugstack
 * configuration, the option, and the value the user asked for. */
#ifndef NB_PLUGIN_H
#define NB_PLUGIN_H

#include <stdbool.h>
#include <stdint.h>
#include <slurm/spank.h>

#include "common/failures.h"
#include "nb_config.h"

#define NB_LOG "numa_balancing"
/* What Prolog/Epilog scripts and the job see for the option. */
#define NB_OPTION_ENV "SLURM_SPANK__SLURM_SPANK_OPTION_numa_balancing_numa_balancing"

struct nb_state {
	struct nb_config cfg;
	bool cfg_ok;             /* plugstack arguments parsed */
	char cfg_error[256];     /* why not, when !cfg_ok */
	int requested;           /* option value seen, or -1 */
};

extern struct nb_state nb_state;
extern struct spank_option nb_option;

/* Option callback (every context). */
int nb_option_cb(int val, const char *optarg, int remote);

/* srun (local context): warn about a per-step request inside a job. */
int nb_local_post_opt(spank_t sp);

/* One run of the helper from the plugin: what it is, for the log; what its
 * success means, logged at slurmd's default level (NULL: only at verbose);
 * cmd: how a failure is recorded for the helper (a count, and for the
 * epilog the job's done record). */
struct nb_call {
	const char *what;
	const char *done;
	enum nb_run_cmd cmd;
};

/* Runs the helper (argv[0] absolute) and logs its outcome; returns it to
 * Slurm (0 or -1). */
int nb_run_helper(const struct nb_call *call, uint32_t job, char *const argv[]);
/* Records for the helper that its run for job failed (or never started):
 * counted, and for an epilog the job's record made its done record;
 * errors logged. */
void nb_helper_failed(const struct nb_call *call, uint32_t job);

/* job_script context: run the helper. */
int nb_script_prolog(spank_t sp);
int nb_script_epilog(spank_t sp);

/* remote context, in each task before exec: the policy route,
 * SLURM_NUMA_BALANCING, the job's warning line. */
int nb_remote_task_init(spank_t sp);
/* remote context, as root: at the end of the step's first task on this
 * node, the job cgroup's counters to slurmd's log. */
int nb_remote_task_exit(spank_t sp);

#endif
