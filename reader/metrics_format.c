/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Formats the helper's metrics in Prometheus' text format: a HELP and a
 * TYPE line per family, then its samples. A value the helper does not know
 * (the kernel's, with no sysctl) is left out rather than made up. */
#include <inttypes.h>
#include <string.h>

#include "metrics.h"

#define PREFIX "numa_balancing_"

static void family(FILE *f, const char *name, const char *type, const char *help)
{
	fprintf(f, "# HELP " PREFIX "%s %s\n# TYPE " PREFIX "%s %s\n", name, help, name, type);
}

/* A gauge without labels; left out when v < 0 (unknown). */
static void gauge(FILE *f, const char *name, long long v, const char *help)
{
	family(f, name, "gauge", help);
	if (v >= 0)
		fprintf(f, PREFIX "%s %lld\n", name, v);
}

static void node_gauges(FILE *f, const struct nb_metrics_in *in, int expected)
{
	const struct nb_session *s = in->s;

	gauge(f, "kernel_value", s->kernel, "kernel.numa_balancing as the helper read it "
	      "(absent when it cannot be read).");
	gauge(f, "supported", s->sysctl_rc != NB_EXIT_UNSUPPORTED, "1 when this node has "
	      "kernel.numa_balancing and it is not read-only.");
	gauge(f, "baseline_value", s->st.has_baseline ? s->st.base.value : -1, "The value before "
	      "the first running job changed it, restored after the last (absent when none).");
	gauge(f, "expected_value", expected, "The value the running jobs' records put in force "
	      "(absent when no job holds one).");
	gauge(f, "consistent", expected < 0 || expected == s->kernel, "1 when the kernel holds "
	      "the expected value, or no job holds one (what check compares).");
	gauge(f, "holder_job", state_holder_job(&s->st) ? (long long)state_holder_job(&s->st) : -1,
	      "The job whose request is in force (absent when none).");
	gauge(f, "numa_nodes", in->nodes, "NUMA nodes the kernel registered (sysfs node<N>).");
	gauge(f, "pending_requests", (long long)s->st.pending.n, "Requests whose prolog did not "
	      "finish (never in force; the next prolog, epilog or reset removes them).");
}

/* Active requests by requested value and whether honoured, zeros too. */
static void by_value(FILE *f, const struct nb_list *jobs)
{
	family(f, "requests", "gauge", "Running jobs' requests by requested value and whether "
	       "they were honoured.");
	for (int value = 0; value <= 1; value++) {
		for (int honoured = 0; honoured <= 1; honoured++) {
			unsigned n = 0;

			for (size_t i = 0; i < jobs->n; i++)
				n += jobs->recs[i].value == value && jobs->recs[i].honoured == honoured;
			fprintf(f, PREFIX "requests{value=\"%d\",honoured=\"%d\"} %u\n", value, honoured, n);
		}
	}
}

static void job_requests(FILE *f, const struct nb_list *jobs)
{
	family(f, "job_request", "gauge", "1 per running job with a request: its value and "
	       "whether it was honoured.");
	for (size_t i = 0; i < jobs->n; i++)
		fprintf(f, PREFIX "job_request{job=\"%" PRIu32 "\",value=\"%d\",honoured=\"%d\"} 1\n",
		        jobs->recs[i].job, jobs->recs[i].value, jobs->recs[i].honoured);
	family(f, "job_started_seconds", "gauge", "When the job's prolog recorded its request "
	       "(seconds since the epoch).");
	for (size_t i = 0; i < jobs->n; i++)
		fprintf(f, PREFIX "job_started_seconds{job=\"%" PRIu32 "\"} %" PRIu64 "\n",
		        jobs->recs[i].job, jobs->recs[i].started);
}

/* The ended jobs whose restore is still owed (done records), and the
 * running ones at 0. */
static void jobs_ended(FILE *f, const struct nb_metrics_in *in)
{
	const struct nb_state *st = &in->s->st;

	family(f, "job_gone", "gauge", "1 when the job ended but the value it changed is not put "
	       "back yet: check fails; the next prolog, epilog or reconcile restores it.");
	for (size_t i = 0; i < st->done.n; i++)
		fprintf(f, PREFIX "job_gone{job=\"%" PRIu32 "\"} 1\n", st->done.recs[i].job);
	for (size_t i = 0; i < st->jobs.n; i++)
		fprintf(f, PREFIX "job_gone{job=\"%" PRIu32 "\"} 0\n", st->jobs.recs[i].job);
	gauge(f, "jobs_gone", (long long)st->done.n, "Ended jobs whose restore is owed (what check "
	      "reports).");
}

/* The pairs of one job cgroup ("numa_NAME=N", joined by spaces, as
 * memstat.h writes them), one sample each. */
static void cgroup_samples(FILE *f, uint32_t job, const char *p)
{
	while (*p) {
		size_t pair = strcspn(p, " "), name = strcspn(p, "=");

		if (name >= pair)
			break;
		fprintf(f, PREFIX "job_cgroup_numa{job=\"%" PRIu32 "\",counter=\"%.*s\"} %.*s\n",
		        job, (int)name, p, (int)(pair - name - 1), p + name + 1);
		p += pair + (p[pair] == ' ');
	}
}

/* The counters of the running jobs with a record whose cgroup has them. */
static void job_cgroup_counters(FILE *f, const struct nb_metrics_in *in)
{
	const struct nb_list *jobs = &in->s->st.jobs;

	family(f, "job_cgroup_numa", "gauge", "A running job's cgroup memory.stat numa_* counter "
	       "(kernels with per-cgroup NUMA counters).");
	for (size_t i = 0; i < jobs->n; i++) {
		for (size_t k = 0; k < in->ncgroups; k++) {
			if (in->cgroups[k].job == jobs->recs[i].job)
				cgroup_samples(f, jobs->recs[i].job, in->cgroups[k].pairs);
		}
	}
}

static void failures(FILE *f, const struct nb_failures *fl)
{
	family(f, "helper_failures_total", "counter", "Runs of the helper that the plugin saw "
	       "fail since boot (not started, timed out, killed, failed), by command.");
	for (int c = 0; c < NB_RUN_CMDS; c++)
		fprintf(f, PREFIX "helper_failures_total{command=\"%s\"} %" PRIu64 "\n",
		        run_cmd_name((enum nb_run_cmd)c), fl->count[c]);
}

int metrics_format(FILE *f, const struct nb_metrics_in *in)
{
	node_gauges(f, in, session_expected(in->s));
	by_value(f, &in->s->st.jobs);
	job_requests(f, &in->s->st.jobs);
	jobs_ended(f, in);
	job_cgroup_counters(f, in);
	failures(f, in->failures);
	return ferror(f);
}
