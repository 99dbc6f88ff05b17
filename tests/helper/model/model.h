/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The model-based test of the helper: node events as Slurm produces them
 * (events.c), each run against a sandboxed test build with at most one
 * injected system-call fault (node.c, inject.h), judged against a model
 * of what the jobs were promised (oracle.c), and violations shrunk to a
 * sequence that replays by itself (shrink.c); --jobs runs several nodes
 * at once (jobs.c). */
#ifndef NB_MODEL_H
#define NB_MODEL_H

#include <stdint.h>

#include "inject.h"

enum ev_kind { EV_BOOT, EV_PROLOG, EV_EPILOG, EV_CHECK, EV_RECONCILE, EV_KINDS };
enum off { OFF_NODE, OFF_BOTH, OFF_TASKS };

struct event {
	enum ev_kind kind;
	uint32_t job;
	int value;    /* prolog: 0 or 1; boot: the baseline 0-4 */
	int latest;   /* prolog: --conflict latest; boot: Prolog=/Epilog= (--script) */
	enum off off; /* prolog */
	struct inj fault;
};

#define MAX_EVENTS 100000
#define EV_TEXT 96

/* events.c */
/* The kind's word in the text form: "boot", "prolog", ... */
const char *event_kind_name(enum ev_kind k);
int event_parse(const char *s, struct event *e, char *err, size_t errlen);
void event_format(const struct event *e, char *buf, size_t len);
/* Semicolon-separated; the count, or -1 with err. */
int events_parse(const char *s, struct event *ev, int max, char *err, size_t errlen);
/* The whole sequence, as --replay takes it (malloc'd). */
char *events_format(const struct event *ev, int n);
/* Whether the sequence is one Slurm could produce: a boot first, each job's
 * prolog once before its epilog, its epilog at most once. */
int events_valid(const struct event *ev, int n);

/* The random source: draws the next event from the node as the oracle
 * sees it (running jobs). */
struct draw {
	uint64_t rng;
	uint32_t next_job;
	int fault_pct;
	int deploy;  /* boots draw: 0 both deployments, 1 the plugin only, 2 Prolog=/Epilog= only */
};
uint32_t draw_u32(struct draw *d);
/* The deployment of a boot: 1 Prolog=/Epilog= (--script), 0 the plugin. */
int draw_script(struct draw *d);
void draw_event(struct draw *d, const uint32_t *running, int nrunning, struct event *e);

/* node.c: the sandbox (a state directory and a fake sysctl under /dev/shm). */
struct node {
	char root[64], st[96], sysctl[96];
	char env_sysctl[128], env_state[128];
	const char *helper;
	int out;  /* memfd with the last run's output */
};

struct outcome {
	int killed, code; /* code: exit status, -1 when killed, -2 a crash without a fault */
	int sig;          /* the signal that killed it */
	int fired;
};

int node_setup(struct node *n, const char *helper);
void node_cleanup(struct node *n);
void node_boot(const struct node *n, int baseline);
int node_kernel(const struct node *n);
/* Runs the event's helper command (with its fault) and, in the plugin
 * deployment, records a failed run as the plugin does. */
void node_run(const struct node *n, const struct event *e, int script, struct outcome *o);
/* check events run numa-balancing-state's test build at path, as NHC runs
 * the installed one, instead of the helper, which hands check over. */
void node_set_checker(const char *path);
/* check, without a fault: its exit code (-1 killed) */
int node_check(const struct node *n);
/* The last run's output, NUL-terminated (static buffer). */
const char *node_output(const struct node *n);

struct disk {
	int njobs, ndone, npending, ntmp;
	uint32_t jobs[64];
	int honoured[64];
};
void node_disk(const struct node *n, struct disk *d);
/* job's record: -1 none, else its honoured flag */
int disk_record(const struct disk *d, uint32_t job);

/* oracle.c */
#define MAX_JOBS 64
enum job_state { J_PROMISED, J_TOLD, J_NOREQ, J_UNSURE, J_ENDED };
struct job {
	uint32_t id;
	int value, yield, latest;
	long seq;           /* when its prolog ran */
	enum job_state state;
	int recorded;       /* told with a record (exit 3) */
	int owed;           /* ended, its epilog hit a fault, not settled since */
	int could_hold;     /* its request could be in force when it ended */
};
struct oracle {
	struct node *node;
	int baseline, script, verbose;
	int njobs;
	struct job jobs[MAX_JOBS];
	int clean;          /* settled by a fault-free write, nothing hit since */
	long seq;
	char violation[512];
	char tag[32];
	/* counters */
	long events, by_kind[EV_KINDS], faults[5], fired[5], errnos[8], checks_run, owed_seen;
};

void oracle_init(struct oracle *o, struct node *n, int verbose);
/* Runs one event and judges it: 0, or -1 with o->violation set. */
int oracle_step(struct oracle *o, const struct event *e);
/* The ids of running jobs (prolog ran, epilog not). */
int oracle_running(const struct oracle *o, uint32_t *ids);

/* shrink.c: replays a sequence on a fresh sandbox; 0 clean, else -1 with
 * the violation's tag and message. */
int model_replay(const char *helper, const struct event *ev, int n, int verbose,
                 char *tag, size_t taglen, char *msg, size_t msglen, int *at);
/* Drops events and faults while the same violation (tag) stays; the new
 * count. */
int model_shrink(const char *helper, struct event *ev, int n, const char *tag);

/* jobs.c: n workers (at most JOBS_MAX), worker i running
 * fn(arg, jobs_seed(seed, i), ...) with its output held and printed in
 * order once all have ended; the counters summed into sum, the longest
 * run's seconds, the violations added. 0, or -1 when a worker could not
 * be started or did not end normally. */
#define JOBS_MAX 64
typedef long (*job_fn)(const void *arg, unsigned long long seed, struct oracle *or, double *secs);
unsigned long long jobs_seed(unsigned long long seed, int worker);
int jobs_run(int n, unsigned long long seed, job_fn fn, const void *arg, struct oracle *sum,
             double *secs, long *violations);

#endif
