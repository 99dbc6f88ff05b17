/* SPDX-License-Identifier: GPL-2.0-or-later */
/* model: the model-based test of the helper (model.h). Draws node events
 * from a seed for a time or a count, checks after each, and on a
 * violation prints it, shrinks the sequence and prints a --replay line.
 * Usage: model HELPER_TEST_BIN [--seconds S] [--events N] [--seed N]
 *              [--faults PERCENT] [--keep-going N] [--deploy plugin|script|both]
 *              [--jobs N] [--state STATE_TEST_BIN] [-v]
 *        model HELPER_TEST_BIN --replay 'boot 1 plugin; prolog 7 0 keep node; ...' [-v]
 * --state: check runs numa-balancing-state's test build, as NHC does;
 * without it, the helper, which hands check over.
 * Exit: 0 no violation, 1 violations, 2 usage or setup error. (as root) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "model.h"

struct opts {
	const char *helper, *replay;
	double seconds;
	long events, keep_going;
	unsigned long long seed;
	int faults, verbose, deploy, jobs;
};

static void usage(void)
{
	fputs("usage: model HELPER_TEST_BIN [--seconds S] [--events N] [--seed N] [--faults PERCENT]\n"
	      "             [--keep-going N] [--jobs N] [--state STATE_TEST_BIN]\n"
	      "             [--deploy plugin|script|both] [-v]\n"
	      "       model HELPER_TEST_BIN --replay 'EVENT; EVENT; ...' [-v]\n"
	      "events: boot B plugin|script | prolog J 0|1 keep|latest node|both|tasks |\n"
	      "        epilog J | check | reconcile, each with at most one fault:\n"
	      "        !SYSCALL[#N]:ERRNO[:effect] | !any#N:ERRNO | !kill#N\n", stderr);
	exit(2);
}

static void parse(int argc, char **argv, struct opts *o)
{
	memset(o, 0, sizeof(*o));
	o->seed = (unsigned long long)time(NULL) ^ ((unsigned long long)getpid() << 32);
	o->faults = 40;
	o->keep_going = 1;
	o->jobs = 1;
	if (argc < 2)
		usage();
	o->helper = argv[1];
	for (int i = 2; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (strcmp(a, "-v") == 0) {
			o->verbose++;
			continue;
		}
		if (!v)
			usage();
		i++;
		if (strcmp(a, "--seconds") == 0)
			o->seconds = atof(v);
		else if (strcmp(a, "--events") == 0)
			o->events = atol(v);
		else if (strcmp(a, "--seed") == 0)
			o->seed = strtoull(v, NULL, 0);
		else if (strcmp(a, "--faults") == 0)
			o->faults = atoi(v);
		else if (strcmp(a, "--keep-going") == 0)
			o->keep_going = atol(v);
		else if (strcmp(a, "--deploy") == 0)
			o->deploy = strcmp(v, "plugin") == 0 ? 1 : strcmp(v, "script") == 0 ? 2 :
			            strcmp(v, "both") == 0 ? 0 : -1;
		else if (strcmp(a, "--jobs") == 0)
			o->jobs = atoi(v);
		else if (strcmp(a, "--state") == 0)
			node_set_checker(v);
		else if (strcmp(a, "--replay") == 0)
			o->replay = v;
		else
			usage();
	}
	if (!o->replay && o->seconds <= 0 && o->events <= 0)
		o->events = 1000;
	if (o->faults < 0 || o->faults > 100 || o->keep_going < 1 || o->deploy < 0 ||
	    o->jobs < 1 || o->jobs > JOBS_MAX)
		usage();
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int replay(const struct opts *o)
{
	static struct event ev[MAX_EVENTS];
	char err[256] = "", tag[32], msg[512];
	int n = events_parse(o->replay, ev, MAX_EVENTS, err, sizeof(err)), at;

	if (n < 0 || !events_valid(ev, n)) {
		fprintf(stderr, "model: --replay: %s\n", n < 0 ? err : "not a sequence Slurm "
		        "produces (a boot first, each job's prolog once before its other events)");
		return 2;
	}
	if (model_replay(o->helper, ev, n, o->verbose + 1, tag, sizeof(tag), msg, sizeof(msg), &at) == 0) {
		printf("model: replay: %d events, no violation\n", n);
		return 0;
	}
	printf("model: replay: VIOLATION at event %d (%s): %s\n", at + 1, tag, msg);
	return 1;
}

/* A violation: the sequence since the last boot, shrunk, as a replay line. */
static void report(const struct opts *o, struct oracle *or, struct event *ev, int n)
{
	char *line = events_format(ev, n);
	int m;

	printf("model: VIOLATION after %ld events (%s): %s\n", or->events, or->tag, or->violation);
	printf("model: the sequence since the last boot (%d events):\n  %s\n", n, line ? line : "?");
	free(line);
	m = model_shrink(o->helper, ev, n, or->tag);
	line = events_format(ev, m);
	printf("model: shrunk to %d events; replay with:\n  model %s --replay '%s'\n", m, o->helper,
	       line ? line : "?");
	free(line);
	fflush(stdout);
}

/* The counters of a run (label: its seed, or the seed and the jobs). */
static void stats(const char *label, const struct oracle *or, double secs, long violations)
{
	static const char *const faults[] = { "errno at a call of one syscall", "errno at the Nth call of any",
	                                      "effect, then errno", "SIGKILL at the Nth call" };

	printf("model: %s: %ld events in %.1f s (%.0f events/s), %ld violations\n", label, or->events,
	       secs, secs > 0 ? or->events / secs : 0.0, violations);
	printf("  events:");
	for (int i = 0; i < EV_KINDS; i++)
		printf(" %s %ld%s", event_kind_name((enum ev_kind)i), or->by_kind[i],
		       i < EV_KINDS - 1 ? "," : "\n");
	for (int i = 0; i < 4; i++)
		printf("  faults: %-32s drawn %ld, hit %ld\n", faults[i], or->faults[i], or->fired[i]);
	printf("  errnos hit:");
	for (int i = 0; i < 8; i++)
		printf(" %s %ld%s", inject_errno_name(inject_errno_at(i)), or->errnos[i], i < 7 ? "," : "\n");
	printf("  owed restores seen (check exit 1 confirmed): %ld\n", or->owed_seen);
}

/* Every 300 s of a run: its events so far and the rate since the last
 * line, so that a long run shows whether it slows down. */
static void progress(unsigned long long seed, const struct oracle *or, double t0, double *mark,
                     long *at_mark)
{
	double t = now();

	if (t - *mark < 300)
		return;
	printf("model: seed %llu: %ld events in %.0f s (%.0f events/s in the last %.0f s)\n", seed,
	       or->events, t - t0, (or->events - *at_mark) / (t - *mark), t - *mark);
	*mark = t;
	*at_mark = or->events;
}

/* One node's random run from seed (a job_fn, arg the options): the
 * oracle with its counters in *or, the seconds it ran, the violations. */
static long run(const void *arg, unsigned long long seed, struct oracle *or, double *secs)
{
	static struct event ev[MAX_EVENTS];
	const struct opts *o = arg;
	struct draw d = { seed ? seed : 1, 1, o->faults, o->deploy };
	struct node node = { 0 };
	uint32_t running[MAX_JOBS];
	double t0 = now(), mark = t0;
	long violations = 0, at_mark = 0;
	int n = 0;
	char label[32];

	printf("model: seed %llu, helper %s\n", seed, o->helper);
	fflush(stdout);
	node_setup(&node, o->helper);
	oracle_init(or, &node, o->verbose);
	for (;;) {
		if ((o->events > 0 && or->events >= o->events) || (o->seconds > 0 && now() - t0 >= o->seconds))
			break;
		if (n == 0 || n == MAX_EVENTS) {
			n = 0;
			memset(&ev[0], 0, sizeof(ev[0]));
			ev[0].value = (int)(draw_u32(&d) % 5);
			ev[0].latest = draw_script(&d);
		} else {
			draw_event(&d, running, oracle_running(or, running), &ev[n]);
		}
		if (ev[n].kind == EV_BOOT && n > 0) {
			ev[0] = ev[n];
			n = 0;
		}
		if (oracle_step(or, &ev[n++]) != 0) {
			report(o, or, ev, n);
			if (++violations >= o->keep_going)
				break;
			n = 0; /* a boot next */
		}
		progress(seed, or, t0, &mark, &at_mark);
	}
	*secs = now() - t0;
	snprintf(label, sizeof(label), "seed %llu", seed);
	stats(label, or, *secs, violations);
	node_cleanup(&node);
	return violations;
}

/* The random run, or --jobs runs at once and their sum. */
static int runs(const struct opts *o)
{
	struct oracle or;
	double secs;
	long violations;
	char label[64];

	if (o->jobs == 1)
		return run(o, o->seed, &or, &secs) ? 1 : 0;
	printf("model: seed %llu, %d jobs, helper %s\n", o->seed, o->jobs, o->helper);
	if (jobs_run(o->jobs, o->seed, run, o, &or, &secs, &violations) != 0) {
		fputs("model: a job could not run to its end\n", stderr);
		return 2;
	}
	snprintf(label, sizeof(label), "seed %llu, %d jobs", o->seed, o->jobs);
	stats(label, &or, secs, violations);
	return violations ? 1 : 0;
}


int main(int argc, char **argv)
{
	struct opts o;

	parse(argc, argv, &o);
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (getuid() != 0) {
		fputs("model: must run as root (the helper's test build refuses others)\n", stderr);
		return 2;
	}
	return o.replay ? replay(&o) : runs(&o);
}
