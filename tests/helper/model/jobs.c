/* SPDX-License-Identifier: GPL-2.0-or-later */
/* model --jobs N: N nodes at once, each a worker process with its own
 * sandbox and a seed derived from the main one (worker 0 runs the main
 * seed itself), so each worker's run, its violations and their shrinking
 * are those of `model --seed` with its seed. Each worker's output is held
 * until all have ended and then printed in worker order; the counters are
 * summed. */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "model.h"

struct result {
	struct oracle or;
	double secs;
	long violations;
};

unsigned long long jobs_seed(unsigned long long seed, int worker)
{
	return seed + (unsigned long long)worker * 0x9E3779B97F4A7C15ULL;
}

static void add(struct oracle *sum, const struct oracle *o)
{
	sum->events += o->events;
	sum->checks_run += o->checks_run;
	sum->owed_seen += o->owed_seen;
	for (int i = 0; i < EV_KINDS; i++)
		sum->by_kind[i] += o->by_kind[i];
	for (int i = 0; i < 5; i++) {
		sum->faults[i] += o->faults[i];
		sum->fired[i] += o->fired[i];
	}
	for (int i = 0; i < 8; i++)
		sum->errnos[i] += o->errnos[i];
}

/* In the worker: its output to out, its counters to r. */
static void worker(job_fn fn, const void *arg, unsigned long long seed, int out, struct result *r)
{
	fflush(stdout);
	if (dup2(out, 1) < 0)
		_exit(2);
	r->violations = fn(arg, seed, &r->or, &r->secs);
	fflush(stdout);
	_exit(0);
}

/* A worker's held output, to stdout. */
static void print_output(int fd)
{
	char buf[8192];
	ssize_t got;
	off_t at = 0;

	while ((got = pread(fd, buf, sizeof(buf), at)) > 0) {
		fwrite(buf, 1, (size_t)got, stdout);
		at += got;
	}
	fflush(stdout);
}

/* Waits for a worker, prints its output and adds its counters: 0, or -1
 * when it did not end normally. */
static int collect(pid_t pid, int out, const struct result *r, struct oracle *sum, double *secs,
                   long *violations)
{
	int status, ok = waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	                 WEXITSTATUS(status) == 0;

	print_output(out);
	if (!ok)
		return -1;
	add(sum, &r->or);
	*violations += r->violations;
	*secs = r->secs > *secs ? r->secs : *secs;
	return 0;
}

int jobs_run(int n, unsigned long long seed, job_fn fn, const void *arg, struct oracle *sum,
             double *secs, long *violations)
{
	struct result *res = mmap(NULL, sizeof(*res) * (size_t)n, PROT_READ | PROT_WRITE,
	                          MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pid_t pids[JOBS_MAX];
	int outs[JOBS_MAX], started, rc;

	if (res == MAP_FAILED)
		return -1;
	memset(sum, 0, sizeof(*sum));
	*secs = 0;
	*violations = 0;
	for (started = 0; started < n; started++) {
		if ((outs[started] = memfd_create("model-job", MFD_CLOEXEC)) < 0)
			break;
		if ((pids[started] = fork()) < 0) {
			close(outs[started]);
			break;
		}
		if (pids[started] == 0)
			worker(fn, arg, jobs_seed(seed, started), outs[started], &res[started]);
	}
	rc = started == n ? 0 : -1;
	for (int i = 0; i < started; i++) {
		if (collect(pids[i], outs[i], &res[i], sum, secs, violations) != 0)
			rc = -1;
		close(outs[i]);
	}
	munmap(res, sizeof(*res) * (size_t)n);
	return rc;
}
