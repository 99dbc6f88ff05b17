/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Runs numa-balancing-helper from the plugin (job prolog and epilog) and
 * logs what came of it in the slurmd log: a success
 * that applied or restored a value in one line at slurmd's default level,
 * so each job's effect on each node is on record. A run that failed is
 * recorded for the helper (common/failed.h): counted, and for an epilog
 * the job's record made its done record, as the helper's epilog would
 * have done first, so the next run of the helper makes the restore. */
#include <stdio.h>

#include "common/bootid.h"
#include "common/failed.h"
#include "common/statedir.h"
#include "nb_outcome.h"
#include "nb_plugin.h"
#include "nb_spawn.h"

struct nb_log_ctx {
	uint32_t job;
	bool failed;
};

static void log_helper_line(void *ctx, const char *line)
{
	const struct nb_log_ctx *c = ctx;

	if (c->failed)
		slurm_error(NB_LOG ": job %u: helper: %s", c->job, line);
	else
		slurm_info(NB_LOG ": job %u: helper: %s", c->job, line);
}

static void log_outcome(const struct nb_call *call, uint32_t job, const struct nb_run *run,
			const struct nb_outcome *o)
{
	const char *what = call->what;
	struct nb_log_ctx ctx = { job, o->rc != 0 };

	nb_output_lines(&run->err, log_helper_line, &ctx);
	if (run->err.truncated)
		slurm_info(NB_LOG ": job %u: helper wrote more than %d bytes; the rest was dropped",
			   job, NB_OUTPUT_MAX);
	if (o->rc != 0)
		slurm_error(NB_LOG ": job %u: %s: helper %s: %s; failing (this drains the node only if the plugin is 'required')",
			    job, what, nb_state.cfg.helper, o->what);
	else if (o->notable)
		slurm_info(NB_LOG ": job %u: %s: %s", job, what, o->what);
	else if (call->done != NULL)
		slurm_info(NB_LOG ": job %u: %s: exit 0: %s", job, what, call->done);
	else
		slurm_verbose(NB_LOG ": job %u: %s: %s", job, what, o->what);
}

void nb_helper_failed(const struct nb_call *call, uint32_t job)
{
	char err[256];

	if (nb_run_failed(NB_STATE_DIR, NB_BOOT_ID_PATH, call->cmd, job, err, sizeof(err)) != 0)
		slurm_error(NB_LOG ": job %u: %s: cannot record the failed helper run in %s: %s",
			    job, call->what, NB_STATE_DIR, err);
	else if (call->cmd == NB_RUN_EPILOG)
		slurm_info(NB_LOG ": job %u: epilog: recorded that the job ended (its record, if any, is now %s/" NB_DONE_PREFIX "%u): the next prolog, epilog or `numa-balancing-helper reconcile` here makes the restore; `numa-balancing-state check` reports it until then",
			   job, NB_STATE_DIR, job);
}

int nb_run_helper(const struct nb_call *call, uint32_t job, char *const argv[])
{
	static char *const envp[] = { "PATH=/usr/sbin:/usr/bin:/sbin:/bin",
				      "LC_ALL=C", NULL };
	struct nb_run run;
	struct nb_outcome o;

	nb_spawn_run(argv, envp, nb_state.cfg.timeout_s, &run);
	nb_outcome_of(&run, nb_state.cfg.timeout_s, &o);
	log_outcome(call, job, &run, &o);
	if (o.rc != 0)
		nb_helper_failed(call, job);
	return o.rc;
}
