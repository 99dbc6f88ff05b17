/* SPDX-License-Identifier: GPL-2.0-or-later */
/* numa-balancing-state: status, check and metrics of the node's
 * kernel.numa_balancing and the helper's state, for any user (NHC,
 * node_exporter's timer, an administrator). It drops every capability
 * and sets no_new_privs before it parses a byte of its command line;
 * numa-balancing-helper hands these commands here the same way.
 * Interface: numa-balancing-state(8). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>

#include "looks.h"
#include "nodestate/failpoint.h"
#include "nodestate/log.h"
#include "nodestate/paths.h"
#include "nodestate/privs.h"
#include "nodestate/start.h"

#define NB_PROGRAM "numa-balancing-state"

static const char usage[] =
	"usage: " NB_PROGRAM " status [--json]\n"
	"       " NB_PROGRAM " check\n"
	"       " NB_PROGRAM " metrics [--out FILE]\n"
	"       " NB_PROGRAM " --help | --version\n"
	"status: what the helper's state says and the kernel holds. check: one line for\n"
	"NHC; exit 1 on drift or an ended job's restore still owed. metrics: node_exporter's\n"
	"textfile format, to FILE (an absolute name) atomically. Any user may run them;\n"
	"nothing here changes the node.\n"
	"Exit codes: 0 ok, 1 drift or a restore owed, 2 usage, 4 unsupported, 5 broken.\n"
	"See numa-balancing-state(8).\n";

/* No capability at all, and no exec that could grant one. */
static int unprivileged(void)
{
	char err[256];

	paths_init();
	failpoint_init();
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
		log_msg(LOG_ERR, "no_new_privs: %s", strerror(errno));
		return -1;
	}
	if (privs_drop_all(err, sizeof(err)) == 0)
		return 0;
	log_msg(LOG_ERR, "%s", err);
	return -1;
}

/* metrics' --out FILE or --out=FILE: an absolute file name, not a directory. */
static const char *out_file(int argc, char **argv)
{
	const char *v = NULL;
	size_t n;

	if (argc == 4 && strcmp(argv[2], "--out") == 0)
		v = argv[3];
	else if (argc == 3 && strncmp(argv[2], "--out=", 6) == 0)
		v = argv[2] + 6;
	n = v ? strlen(v) : 0;
	return v && v[0] == '/' && n < 4096 && v[n - 1] != '/' ? v : NULL;
}

static enum nb_exit bad_usage(const char *why)
{
	log_msg(LOG_ERR, "%s (try --help)", why);
	return NB_EXIT_USAGE;
}

static enum nb_exit dispatch(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : "";

	if (strcmp(cmd, "status") == 0 && argc <= 3) {
		if (argc == 3 && strcmp(argv[2], "--json") != 0)
			return bad_usage("status takes only --json");
		return cmd_status(argc == 3);
	}
	if (strcmp(cmd, "check") == 0)
		return argc == 2 ? cmd_check() : bad_usage("check takes no option");
	if (strcmp(cmd, "metrics") == 0) {
		const char *out = out_file(argc, argv);

		if (argc > 2 && !out)
			return bad_usage("metrics takes only --out FILE, an absolute file name");
		return cmd_metrics(out);
	}
	if (argc == 2 && (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0))
		return fputs(usage, stdout) < 0 ? NB_EXIT_BROKEN : NB_EXIT_OK;
	if (argc == 2 && strcmp(cmd, "--version") == 0)
		return puts(NB_PROGRAM " " NB_VERSION) < 0 ? NB_EXIT_BROKEN : NB_EXIT_OK;
	return bad_usage(argc > 1 ? "unknown command or options" : "no command");
}

int main(int argc, char **argv)
{
	enum nb_exit rc;

	if (start_plainly("numa-balancing-state") != 0 || unprivileged() != 0)
		return NB_EXIT_BROKEN;
	metrics_init();
	clearenv(); /* nothing below reads the environment (TZ, for one) */
	rc = dispatch(argc, argv);
	if (rc > NB_EXIT_DRIFT && !log_warned())
		log_msg(LOG_ERR, "exit %d: failed", rc);
	return rc;
}
