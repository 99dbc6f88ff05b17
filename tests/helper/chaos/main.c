/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The chaos test's loop: epochs (an administrator's baseline and a
 * policy, then 4-44 overlapping jobs from prolog to epilog), made of
 * rounds of up to 16 concurrent helper runs with faults and kills; a check
 * after every round; a report at the end.
 * Usage: chaos HELPER_TEST_BIN SECONDS [SEED]   (as root) */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "chaos.h"

static const char *const kinds[R_KINDS] = {
	"prolog", "repeated prolog", "epilog", "unknown-job epilog", "status", "check", "reset",
};

const char *kind_name(enum run_kind k)
{
	return kinds[k];
}

void chaos_fail(const struct chaos *c, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "chaos: FAIL (round %ld, epoch %ld, %s, baseline %d): ", c->rounds,
	        c->epochs, c->latest ? "latest" : "keep", c->baseline);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	faults_dump(c);
	faults_cleanup(c);
	exit(1);
}

static void new_epoch(struct chaos *c)
{
	c->epochs++;
	c->latest = rand() % 2;
	c->epochs_latest += c->latest;
	c->baseline = rand() % 5; /* an administrator's value, set while the node is idle */
	faults_set_kernel(c, c->baseline);
	c->njobs = 0;
	c->target = c->ending ? 0 : 4 + rand() % (MAX_JOBS - 4);
}

static struct job *pick_job(struct chaos *c, enum job_state state, const struct run *runs, int n,
                            int recorded)
{
	int candidates[MAX_JOBS], k = 0;

	for (int i = 0; i < c->njobs; i++) {
		int busy = 0;

		for (int r = 0; r < n; r++)
			busy |= runs[r].job == &c->jobs[i];
		if (!busy && c->jobs[i].state == state && (!recorded || c->jobs[i].recorded))
			candidates[k++] = i;
	}
	return k ? &c->jobs[candidates[rand() % k]] : NULL;
}

static int new_job(struct chaos *c, struct run *r)
{
	struct job *j;

	if (c->njobs >= c->target)
		return 0;
	j = &c->jobs[c->njobs++];
	memset(j, 0, sizeof(*j));
	j->id = c->next_id++;
	j->value = rand() % 2;
	j->yield = j->value == 0 && rand() % 3 == 0;
	r->kind = R_PROLOG;
	r->job = j;
	return 1;
}

static int set_run(struct run *r, enum run_kind kind, struct job *j)
{
	r->kind = kind;
	r->job = j;
	return 1;
}

/* One run for this round, or 0 when nothing fits. */
static int pick_run(struct chaos *c, struct run *runs, int n)
{
	struct run *r = &runs[n];
	int x = rand() % 95;
	struct job *j;

	memset(r, 0, sizeof(*r));
	if (x < 7 && !c->ending)
		return set_run(r, x < 4 ? R_STATUS : R_CHECK, NULL);
	if (x < 10)
		return set_run(r, R_UNKNOWN, NULL);
	if (x < 12 && (j = pick_job(c, J_RUNNING, runs, n, 1)) != NULL)
		return set_run(r, R_REPEAT, j);
	if ((x < 50 || c->ending) && (j = pick_job(c, J_RUNNING, runs, n, 0)) != NULL)
		return set_run(r, R_EPILOG, j);
	if (new_job(c, r))
		return 1;
	j = pick_job(c, J_RUNNING, runs, n, 0);
	return j ? set_run(r, R_EPILOG, j) : 0;
}

/* A reset round: the reset beside status and check runs only. */
static int reset_round(struct run *runs, int want)
{
	memset(runs, 0, sizeof(*runs) * (size_t)want);
	runs[0].kind = R_RESET;
	for (int i = 1; i < want; i++)
		runs[i].kind = rand() % 2 ? R_STATUS : R_CHECK;
	return want;
}

static void round_once(struct chaos *c)
{
	struct run runs[MAX_RUNS];
	int want = 1 + rand() % MAX_RUNS, n = 0;
	int kills = !c->ending && rand() % 100 < 35 ? 1 + rand() % 3 : 0;

	c->rounds++;
	c->round++;
	if (!c->ending && rand() % 60 == 0)
		n = reset_round(runs, want > 4 ? 4 : want);
	else
		while (n < want && pick_run(c, runs, n))
			n++;
	if (n == 0)
		return;
	faults_round_begin(c);
	for (int i = 0; i < n; i++)
		runs_start(c, &runs[i]);
	runs_finish(c, runs, n, kills);
	faults_round_end(c);
	model_judge(c, runs, n);
	if (c->round_kills == 0)
		model_check(c, "after a round without kills", 0);
	if (runs_converge(c) != 0)
		chaos_fail(c, "a clean epilog exited non-zero after the round");
	model_check(c, "after the next clean run", 1);
}

static void report(const struct chaos *c, int seconds)
{
	long faulted = 0;

	for (int f = F_FD; f < F_KINDS; f++)
		faulted += c->faults[f];
	printf("chaos: %d s, %ld rounds, %ld runs (prolog %ld, repeated prolog %ld, epilog %ld, "
	       "unknown-job epilog %ld, status %ld, check %ld, reset %ld), up to %d at once, %ld "
	       "clean runs between rounds\n", seconds, c->rounds, c->runs, c->by_kind[R_PROLOG],
	       c->by_kind[R_REPEAT], c->by_kind[R_EPILOG], c->by_kind[R_UNKNOWN],
	       c->by_kind[R_STATUS], c->by_kind[R_CHECK], c->by_kind[R_RESET], MAX_RUNS,
	       c->converges);
	printf("chaos: %ld kills (%ld at failpoints, %ld at random moments; %ld prologs killed after "
	       "their commit)\n", c->kills, c->kills_failpoint, c->kills - c->kills_failpoint,
	       c->kills_after_commit);
	printf("chaos: %ld resource faults (fd limit %ld, EIO/ENOMEM/ENOSPC %ld, full state "
	       "directory %ld, unreadable file %ld, read-only sysctl %ld)\n", faulted,
	       c->faults[F_FD], c->faults[F_ERRNO], c->faults[F_FULL], c->faults[F_UNREADABLE],
	       c->faults[F_READONLY]);
	printf("chaos: %ld epochs (%ld keep, %ld latest), %ld checks (%ld with a restore owed, "
	       "each reported by check), %ld lost restores: OK\n", c->epochs,
	       c->epochs - c->epochs_latest, c->epochs_latest, c->checks, c->owed, c->lost_restores);
}

int main(int argc, char **argv)
{
	static struct chaos c;
	time_t end;
	int seconds;

	if (argc < 3 || argc > 4 || (seconds = atoi(argv[2])) < 1)
		chaos_fail(&c, "usage: chaos HELPER_TEST_BIN SECONDS [SEED]");
	if (geteuid() != 0)
		chaos_fail(&c, "must run as root");
	srand(argc == 4 ? (unsigned)strtoul(argv[3], NULL, 10) : (unsigned)time(NULL) ^ (unsigned)getpid());
	c.bin = argv[1];
	c.next_id = 1000 + (uint32_t)(rand() % 100000);
	faults_setup(&c);
	new_epoch(&c);
	end = time(NULL) + seconds;
	while (!c.ending || !model_epoch_done(&c)) {
		c.ending = time(NULL) >= end;
		if (c.ending && c.target > c.njobs)
			c.target = c.njobs; /* time is up: the jobs started end, no new ones */
		if (model_epoch_done(&c) && !c.ending)
			new_epoch(&c);
		else
			round_once(&c);
	}
	model_check(&c, "at the end", 1);
	report(&c, seconds);
	faults_cleanup(&c);
	return 0;
}
