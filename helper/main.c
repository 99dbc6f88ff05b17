/* SPDX-License-Identifier: GPL-2.0-or-later */
/* numa-balancing-helper: sets kernel.numa_balancing for Slurm jobs and
 * restores it. Narrows its privileges before it parses a byte of the
 * command line or the environment, hands the commands that only look
 * (status, check, metrics) to numa-balancing-state with no capability
 * left, parses the rest, requires root for them, dispatches, and makes
 * sure a non-zero exit gives its reason on stderr. Interface:
 * docs/design.md and numa-balancing-helper(8). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "args.h"
#include "commands.h"
#include "nodestate/failpoint.h"
#include "nodestate/log.h"
#include "nodestate/paths.h"
#include "nodestate/privs.h"
#include "nodestate/start.h"

#ifdef NB_TEST_HOOKS
#define NB_PROGRAM "numa-balancing-helper-test"
#else
#define NB_PROGRAM "numa-balancing-helper"
#endif

static const char usage[] =
	"usage: " NB_PROGRAM " prolog [--job ID] [--value 0|1] [--conflict keep|latest]\n"
	"              [--off node|both|tasks] [--script]\n"
	"       " NB_PROGRAM " prolog [--job ID] [--allow 0|1|0,1] [--default keep|0|1]\n"
	"              [--conflict keep|latest] [--off node|both|tasks] [--script]\n"
	"       " NB_PROGRAM " epilog [--job ID] [--script]\n"
	"       " NB_PROGRAM " reset | reconcile | --help | --version\n"
	"       " NB_PROGRAM " status [--json] | check | metrics [--out FILE]\n"
	"              (run as numa-balancing-state, by any user)\n"
	"Without --job and --value, prolog and epilog read " NB_ENV_JOB_ID " and\n" NB_ENV_VALUE ".\n"
	"Exit codes: 0 applied, 1 drift or an ended job's record, 2 usage, 3 not honoured,\n"
	"4 unsupported, 5 broken. See numa-balancing-helper(8).\n";

/* Root: real and effective uid 0. */
static int run_by_root(void)
{
	if (getuid() == 0 && geteuid() == 0)
		return 1;
	log_msg(LOG_ERR, "must be run by root (real and effective uid 0): refused; status, check "
	        "and metrics run as any user (numa-balancing-state)");
	return 0;
}

/* The commands that only look: numa-balancing-state runs them, with no
 * capability and the arguments as they are (it parses them). The test
 * build runs the reader's test build (NB_STATE_PROGRAM, a build path). */
static int looks_only(const char *cmd)
{
	return cmd && (strcmp(cmd, "status") == 0 || strcmp(cmd, "check") == 0 ||
	               strcmp(cmd, "metrics") == 0);
}

/* The test build may be pointed elsewhere (NB_TEST_STATE_PROGRAM: a copy
 * that another user may run, or a path relative to the directory). */
static const char *state_program(void)
{
#ifdef NB_TEST_HOOKS
	const char *p = getenv("NB_TEST_STATE_PROGRAM");

	if (p && *p)
		return p;
#endif
	return NB_STATE_PROGRAM;
}

static int hand_over(char **argv)
{
	const char *program = state_program();
	char err[256];

	if (privs_drop_all(err, sizeof(err)) != 0) {
		log_msg(LOG_ERR, "%s", err);
		return NB_EXIT_BROKEN;
	}
	argv[0] = (char *)"numa-balancing-state";
	execv(program, argv);
	log_msg(LOG_ERR, "%s: %s", program, strerror(errno));
	return NB_EXIT_BROKEN;
}

static enum nb_exit dispatch(const struct nb_args *a)
{
	switch (a->cmd) {
	case NB_CMD_PROLOG: return cmd_prolog(a);
	case NB_CMD_EPILOG: return cmd_epilog(a);
	case NB_CMD_RESET: return cmd_reset();
	case NB_CMD_RECONCILE: return cmd_reconcile();
	case NB_CMD_HELP: return fputs(usage, stdout) < 0 ? NB_EXIT_BROKEN : NB_EXIT_OK;
	case NB_CMD_VERSION: return puts(NB_PROGRAM " " NB_VERSION) < 0 ? NB_EXIT_BROKEN : NB_EXIT_OK;
	}
	return NB_EXIT_USAGE;
}

/* --script (a Prolog=/Epilog= program, which drains the node when it
 * fails): what the plugin takes as done, with a log line, exits 0 too, so
 * both deployments treat each outcome alike (numa-balancing-helper(8)): a
 * prolog not honoured or not applied (nothing changed; the job is told),
 * and an epilog's restore that stays owed (kept on record; check reports
 * it and the next writing run makes it). */
static enum nb_exit script_exit(const struct nb_args *a, enum nb_exit rc)
{
	int prolog = a->cmd == NB_CMD_PROLOG;

	if (!a->script || (!prolog && a->cmd != NB_CMD_EPILOG) ||
	    (rc != NB_EXIT_NOT_HONOURED && rc != NB_EXIT_UNSUPPORTED) ||
	    (!prolog && rc != NB_EXIT_UNSUPPORTED))
		return rc;
	log_msg(LOG_NOTICE, "job %" PRIu32 " %s: %s: exit 0 (--script)", a->job,
	        prolog ? "prolog" : "epilog", rc == NB_EXIT_NOT_HONOURED ? "not honoured" :
	        prolog ? "not applied, nothing changed" : "restore owed, on record");
	return NB_EXIT_OK;
}

/* Every non-zero exit gives its reason on stderr (slurmd logs it): the
 * reason was logged as a warning or an error, or it is named here. check's
 * drift (1) is its report on stdout. */
static enum nb_exit finish(const struct nb_args *a, enum nb_exit rc)
{
	static const char *const why[] = {
		[NB_EXIT_USAGE] = "usage", [NB_EXIT_NOT_HONOURED] = "not honoured",
		[NB_EXIT_UNSUPPORTED] = "unsupported", [NB_EXIT_BROKEN] = "failed",
	};

	rc = script_exit(a, rc);
	if (rc > NB_EXIT_DRIFT && rc <= NB_EXIT_BROKEN && !log_warned())
		log_msg(LOG_ERR, "exit %d: %s", rc, why[rc]);
	return rc;
}

static int privileged(const struct nb_args *a)
{
	return a->cmd != NB_CMD_HELP && a->cmd != NB_CMD_VERSION &&
	       !(a->cmd == NB_CMD_PROLOG && a->value < 0);
}

/* Before anything a user controls is parsed: root keeps CAP_SYS_ADMIN
 * permitted and nothing effective (privs.h); any other user has no
 * capability, and only sets no_new_privs (which Landlock needs). The test
 * build reads its NB_TEST_* paths first (taken as they are, not parsed). */
static int narrow(void)
{
	char err[256];

	paths_init();
	failpoint_init();
	if (geteuid() != 0 && prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0)
		return 0;
	if (geteuid() != 0)
		snprintf(err, sizeof(err), "no_new_privs: %s", strerror(errno));
	else if (privs_drop(err, sizeof(err)) == 0)
		return 0;
	log_msg(LOG_ERR, "%s", err);
	return -1;
}

int main(int argc, char **argv)
{
	struct nb_env env = { getenv(NB_ENV_JOB_ID), getenv(NB_ENV_VALUE) };
	struct nb_args a;
	char err[256];

	if (start_plainly("numa-balancing-helper") != 0 || narrow() != 0)
		return NB_EXIT_BROKEN;
	if (argc > 1 && looks_only(argv[1]))
		return hand_over(argv);
	if (args_parse(argc, (const char *const *)argv, &env, &a, err, sizeof(err)) != 0) {
		log_msg(LOG_ERR, "%s", err);
		return NB_EXIT_USAGE;
	}
	clearenv(); /* nothing below reads the environment (TZ, for one) */
	if (a.script)
		log_all_to_stderr();
	if (a.ignored[0])
		log_msg(LOG_WARNING, "%s", a.ignored);
	if (a.no_request[0])
		log_msg(LOG_INFO, "%s", a.no_request);
	if (privileged(&a) && !run_by_root())
		return NB_EXIT_BROKEN;
	return finish(&a, dispatch(&a));
}
