/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Starting the helper for the chaos test, each run with its own fault
 * (a descriptor limit, an errno or a kill at a failpoint), SIGKILLs at
 * random moments while a round runs, and reaping. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "chaos.h"

/* Every step a run can be killed at (tests/helper/faults.sh traces them). */
static const char *const kill_points[] = {
	"state-read", "prolog-locked", "baseline-write", "baseline-tmp-written",
	"baseline-renamed", "pending-write", "pending-tmp-written", "pending-renamed",
	"prolog-recorded", "sysctl-write", "prolog-applied", "commit-renamed", "record-write",
	"record-tmp-written", "record-renamed", "epilog-locked", "record-unlinked",
	"epilog-removed", "baseline-unlinked", "pending-unlinked", "drop-unlinked",
};
static const char *const errno_points[] = {
	"state-read:eio", "state-read:enomem", "pending-write:enospc", "record-write:enospc",
	"baseline-write:enospc",
};

#define COUNT(a) (sizeof(a) / sizeof(a[0]))

static void argv_of(const struct run *r, char *job, char *val, char *argv[])
{
	int n = 0;

	argv[n++] = "numa-balancing-helper-test";
	switch (r->kind) {
	case R_PROLOG: case R_REPEAT: argv[n++] = "prolog"; break;
	case R_EPILOG: case R_UNKNOWN: argv[n++] = "epilog"; break;
	case R_STATUS: argv[n++] = "status"; break;
	case R_CHECK: argv[n++] = "check"; break;
	default: argv[n++] = "reset";
	}
	if (r->kind != R_STATUS && r->kind != R_CHECK && r->kind != R_RESET) {
		argv[n++] = "--job";
		argv[n++] = job;
	}
	if (r->kind == R_PROLOG || r->kind == R_REPEAT) {
		argv[n++] = "--value";
		argv[n++] = val;
	}
	argv[n] = NULL;
}

/* This run's own fault: about one run in five gets one. */
static void pick_fault(const struct chaos *c, struct run *r)
{
	int x = rand() % 100;

	r->fault = F_NONE;
	r->failpoint[0] = '\0';
	if (c->ending)
		return;
	if (x < 8) {
		r->fault = F_FD;
		r->nofile = 3 + rand() % 6;
	} else if (x < 14) {
		r->fault = F_ERRNO;
		snprintf(r->failpoint, sizeof(r->failpoint), "%s", errno_points[rand() % COUNT(errno_points)]);
	} else if (x < 22) {
		snprintf(r->failpoint, sizeof(r->failpoint), "%s", kill_points[rand() % COUNT(kill_points)]);
	}
}

static void exec_child(const struct chaos *c, const struct run *r, int latest)
{
	char job[16], val[4], fp[64], *argv[12], *envp[5];
	int n = 0, devnull = open("/dev/null", O_RDWR);

	snprintf(job, sizeof(job), "%u", r->job ? r->job->id : 4000000000u + (unsigned)(rand() % 1000));
	snprintf(val, sizeof(val), "%d", r->job ? r->job->value : 0);
	argv_of(r, job, val, argv);
	if (r->kind == R_PROLOG || r->kind == R_REPEAT) {
		int i = 0;

		while (argv[i])
			i++;
		argv[i++] = "--conflict";
		argv[i++] = latest ? "latest" : "keep";
		if (r->job->yield) {
			argv[i++] = "--off";
			argv[i++] = "both";
		}
		argv[i] = NULL;
	}
	envp[n++] = (char *)c->env_sysctl;
	envp[n++] = (char *)c->env_state;
	envp[n++] = "NB_TEST_NODE_DIR=/nonexistent"; /* no NUMA: boot default 0 */
	if (r->failpoint[0]) {
		snprintf(fp, sizeof(fp), "NB_TEST_FAILPOINT=%s", r->failpoint);
		envp[n++] = fp;
	}
	envp[n] = NULL;
	if (devnull < 0 || dup2(devnull, 1) < 0 || dup2(devnull, 2) < 0)
		_exit(126);
	if (r->fault == F_FD) {
		struct rlimit rl = { (rlim_t)r->nofile, (rlim_t)r->nofile };

		if (setrlimit(RLIMIT_NOFILE, &rl) != 0)
			_exit(126);
	}
	execve(c->bin, argv, envp);
	_exit(127);
}

void runs_start(struct chaos *c, struct run *r)
{
	pick_fault(c, r);
	r->reaped = 0;
	r->pid = fork();
	if (r->pid < 0)
		chaos_fail(c, "fork: %s", strerror(errno));
	if (r->pid == 0)
		exec_child(c, r, c->latest);
	c->runs++;
	c->by_kind[r->kind]++;
	if (r->fault != F_NONE)
		c->faults[r->fault]++;
	if (c->round_fault != F_NONE)
		c->faults[c->round_fault]++;
}

static long long now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static void reap(const struct chaos *c, struct run *r, int flags)
{
	pid_t p;

	if (r->reaped)
		return;
	do
		p = waitpid(r->pid, &r->status, flags);
	while (p < 0 && errno == EINTR);
	if (p < 0)
		chaos_fail(c, "waitpid: %s", strerror(errno));
	r->reaped = p == r->pid;
}

/* kills SIGKILLs at random moments in the first 3 ms, then reaps all. */
void runs_finish(struct chaos *c, struct run *runs, int n, int kills)
{
	long long t0 = now_us(), at = 0;

	c->round_kills = 0;
	for (int k = 0; k < kills; k++) {
		struct run *r = &runs[rand() % n];
		long long wait;

		at += rand() % (3000 / kills + 1);
		wait = t0 + at - now_us();
		if (wait > 0)
			usleep((useconds_t)wait);
		reap(c, r, WNOHANG);
		if (!r->reaped)
			kill(r->pid, SIGKILL);
	}
	for (int i = 0; i < n; i++) {
		reap(c, &runs[i], 0);
		if (WIFSIGNALED(runs[i].status) && WTERMSIG(runs[i].status) == SIGKILL) {
			c->kills++;
			c->round_kills++;
			c->kills_failpoint += runs[i].failpoint[0] && runs[i].fault != F_ERRNO;
		} else if (WIFSIGNALED(runs[i].status)) {
			chaos_fail(c, "%s of job %u died of signal %d", kind_name(runs[i].kind),
			           runs[i].job ? runs[i].job->id : 0, WTERMSIG(runs[i].status));
		}
	}
}

/* One clean run of kind, waited for: its exit code, -1 if killed. */
static int clean_run(struct chaos *c, enum run_kind kind)
{
	struct run r = { .kind = kind, .fault = F_NONE };

	r.pid = fork();
	if (r.pid < 0)
		chaos_fail(c, "fork: %s", strerror(errno));
	if (r.pid == 0)
		exec_child(c, &r, c->latest);
	reap(c, &r, 0);
	return WIFEXITED(r.status) ? WEXITSTATUS(r.status) : -1;
}

/* One clean epilog of a job that never ran: it settles what killed runs
 * left (pending records, a kernel value written before a kill). */
int runs_converge(struct chaos *c)
{
	c->converges++;
	return clean_run(c, R_UNKNOWN);
}

int runs_check(struct chaos *c)
{
	return clean_run(c, R_CHECK);
}
