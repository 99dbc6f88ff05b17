/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The chaos test of the node helper: rounds of up to 16 concurrent
 * prologs, epilogs, status, check and reset runs of the test build for
 * overlapping jobs, under both policies, with SIGKILLs at
 * random moments and at failpoints, and resource faults (descriptor
 * limits, a full tmpfs state directory, unreadable files, a read-only
 * sysctl, EIO/ENOMEM/ENOSPC). After every round it checks what the helper
 * promises. Everything runs in a private mount namespace against a fake
 * sysctl. */
#ifndef NB_CHAOS_H
#define NB_CHAOS_H

#include <stdint.h>
#include <sys/types.h>

#define MAX_JOBS 48      /* jobs of one epoch */
#define MAX_RUNS 16      /* helper runs of one round, all at once */

enum job_state { J_NEW, J_RUNNING, J_DONE };

struct job {
	uint32_t id;
	int value;
	int yield;         /* a 0 asked with --off both */
	enum job_state state;
	int recorded;      /* its job.<id> is on disk */
	int honoured;      /* as recorded */
	long admitted;     /* round its prolog finished */
};

enum run_kind {
	R_PROLOG, R_REPEAT, R_EPILOG, R_UNKNOWN, R_STATUS, R_CHECK, R_RESET, R_KINDS
};

/* Resource faults: for one run (FD, ERRNO) or a whole round (the rest). */
enum fault { F_NONE, F_FD, F_ERRNO, F_FULL, F_UNREADABLE, F_READONLY, F_KINDS };

struct run {
	enum run_kind kind;
	struct job *job;
	enum fault fault;          /* this run's own fault */
	char failpoint[40];        /* NB_TEST_FAILPOINT, or empty */
	int nofile;                /* RLIMIT_NOFILE for F_FD */
	pid_t pid;
	int status, reaped;
};

struct chaos {
	const char *bin;
	char root[128], st[160], sysdir[160], sysctl[200];
	char env_sysctl[240], env_state[240];
	int latest;                /* this epoch's policy */
	int baseline;              /* the administrator's value for this epoch */
	int ending;                /* time is up: no new jobs, no faults */
	uint32_t next_id;
	struct job jobs[MAX_JOBS];
	int njobs, target;
	long round;
	enum fault round_fault;
	int round_kills;
	int run_faults;            /* runs of this round with a fault of their own */
	/* counters for the report */
	long rounds, runs, converges, epochs, epochs_latest, kills, kills_failpoint;
	long kills_after_commit, lost_restores, checks, owed;
	long by_kind[R_KINDS], faults[F_KINDS];
};

/* model.c: what the node must look like after a round. */
void model_judge(struct chaos *c, struct run *runs, int n);
/* settled: after a clean run, when nothing may be owed any more. */
void model_check(struct chaos *c, const char *when, int settled);
int model_epoch_done(const struct chaos *c);

/* runs.c: starting the helper with a fault, killing, reaping. */
void runs_start(struct chaos *c, struct run *r);
void runs_finish(struct chaos *c, struct run *runs, int n, int kills);
int runs_converge(struct chaos *c);
/* check, run cleanly: its exit code. */
int runs_check(struct chaos *c);

/* faults.c: the private mounts and the round-level faults. */
void faults_setup(struct chaos *c);
void faults_round_begin(struct chaos *c);
void faults_round_end(struct chaos *c);
void faults_cleanup(const struct chaos *c);
void faults_dump(const struct chaos *c);
void faults_set_kernel(const struct chaos *c, int value);
int faults_get_kernel(const struct chaos *c);

/* main.c */
void chaos_fail(const struct chaos *c, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
const char *kind_name(enum run_kind k);

#endif
