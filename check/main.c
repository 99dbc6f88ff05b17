/* SPDX-License-Identifier: GPL-2.0-or-later */
/* numa-balancing-check: run the way the job runs its ranks (srun, mpirun,
 * a batch script); each process prints one line on whether the kernel's
 * automatic NUMA balancing reaches it and whether that is what the job
 * asked for, and exits 0 when it is, 1 with the likely cause when not. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/escape.h"
#include "common/kernel.h"
#include "common/mempolicy.h"
#include "common/values.h"
#include "env.h"
#include "verdict.h"

#define PROG "numa-balancing-check"

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: " PROG " [-h|--help] [--version]\n"
		"Run it as the job runs its ranks (srun " PROG ", mpirun " PROG ").\n"
		"Each process prints: host, rank, pid, its memory policy, the node's\n"
		"kernel.numa_balancing, the job's request, the value at task start\n"
		"and whether automatic NUMA balancing reaches it. Exit status 0: what\n"
		"the job asked for (or it asked for nothing); 1: not, with the likely\n"
		"cause; 2: bad usage. See numa-balancing-check(1).\n");
}

/* Returns -1 to go on, or the exit status. */
static int parse_args(int argc, char **argv)
{
	if (argc == 1)
		return -1;
	if (argc == 2 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
		usage(stdout);
		return 0;
	}
	if (argc == 2 && strcmp(argv[1], "--version") == 0) {
		printf(PROG " " NB_VERSION "\n");
		return 0;
	}
	usage(stderr);
	return 2;
}

static const char *value_name(int v, char *buf, size_t len)
{
	if (v == NB_CHECK_NONE)
		return "-";
	snprintf(buf, len, "%d", v);
	return buf;
}

static const char *kernel_name(int kernel, char *buf, size_t len)
{
	if (kernel < 0)
		return kernel == -ENOENT ? "none" : "unreadable";
	return value_name(kernel, buf, len);
}

static void print_line(const struct nb_check_facts *f, const char *rank,
		       enum nb_check_cause c)
{
	char host[256] = "?";
	char shown_host[64], shown_rank[32], kernel[16], start[16], why[512];
	const char *req = f->request == NB_CHECK_NONE ? "-" : job_request_name(f->request);

	gethostname(host, sizeof(host) - 1);
	escape_str(host, shown_host, sizeof(shown_host));
	escape_str(rank, shown_rank, sizeof(shown_rank));
	nb_check_cause_text(c, f, why, sizeof(why));
	printf("host=%s rank=%s pid=%ld policy=%s node=%s request=%s at_start=%s balancing=%s: %s: %s\n",
	       shown_host, shown_rank, (long)getpid(), nb_policy_name(f->policy),
	       kernel_name(f->kernel, kernel, sizeof(kernel)), req,
	       value_name(f->at_start, start, sizeof(start)),
	       nb_check_reaches(f->kernel, f->policy) ? "yes" : "no",
	       c == NB_CHECK_OK ? "ok" : "NOT AS ASKED", why);
}

int main(int argc, char **argv)
{
	const struct nb_check_env e = {
		getenv(NB_ENV_REQUEST), getenv(NB_ENV_OPTION),
		getenv(NB_ENV_AT_START), getenv(NB_ENV_POLICY),
	};
	const char *ranks[NB_RANK_NVARS];
	struct nb_check_facts f;
	enum nb_check_cause c;
	char err[128];
	int rc = parse_args(argc, argv);

	if (rc >= 0)
		return rc;
	if (nb_check_parse_env(&e, &f, err, sizeof(err)) != 0) {
		fprintf(stderr, PROG ": %s\n", err);
		return 2;
	}
	for (size_t i = 0; i < NB_RANK_NVARS; i++)
		ranks[i] = getenv(nb_rank_vars[i]);
	f.policy = nb_policy_get();
	f.kernel = kernel_value_read(NB_SYSCTL_PATH);
	c = nb_check_decide(&f);
	print_line(&f, nb_check_rank(ranks), c);
	fflush(stdout);
	return c == NB_CHECK_OK ? 0 : 1;
}
