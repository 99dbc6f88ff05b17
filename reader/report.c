/* SPDX-License-Identifier: GPL-2.0-or-later */
/* status and check: what the state says, what the kernel holds, whether
 * the two agree, and which ended jobs' restore is owed. Neither changes
 * the kernel value. */
#include <inttypes.h>
#include <stdio.h>
#include <time.h>

#include "looks.h"
#include "nodestate/log.h"
#include "nodestate/nodes.h"
#include "nodestate/session.h"

static void print_int_or(const char *key, int v, const char *none)
{
	if (v >= 0)
		printf("%-24s%d\n", key, v);
	else
		printf("%-24s%s\n", key, none);
}

/* What status and check compare: the kernel holds what the state expects,
 * or the state expects nothing. */
static int consistent(const struct nb_session *s, int expected)
{
	return expected < 0 || expected == s->kernel;
}

/* One line per record; what replaces "honoured" for pending and done
 * records. */
static void print_records(const struct nb_list *list, const char *pending)
{
	char when[32];

	for (size_t i = 0; i < list->n; i++) {
		const struct nb_record *r = &list->recs[i];
		time_t t = (time_t)r->started;
		struct tm tm;
		if (!gmtime_r(&t, &tm) || !strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm))
			when[0] = '\0';
		printf("  job %" PRIu32 ": request %d (%s) %s, since %s\n", r->job, r->value,
		       r->yield ? "yields" : conflict_name(r->conflict),
		       pending ? pending : r->honoured ? "honoured" : "not honoured", when);
	}
}

static void print_text(const struct nb_session *s, int expected, uint32_t holder, int nodes)
{
	print_int_or("kernel.numa_balancing:", s->kernel,
	             s->sysctl_rc == NB_EXIT_UNSUPPORTED ? "unsupported" : "unknown");
	print_int_or("baseline:", s->st.has_baseline ? s->st.base.value : -1, "none");
	print_int_or("expected:", expected, "none (no job holds a value)");
	if (holder)
		printf("%-24sjob %" PRIu32 "\n", "held by:", holder);
	printf("%-24s%s\n", "consistent:", consistent(s, expected) ? "yes" : "no");
	print_int_or("numa nodes:", nodes, "unknown");
	printf("%-24s%zu\n", "jobs:", s->st.jobs.n);
	print_records(&s->st.jobs, NULL);
	if (s->st.pending.n > 0)
		printf("%-24s%zu\n", "pending:", s->st.pending.n);
	print_records(&s->st.pending, "prolog did not finish, never in force");
	if (s->st.done.n > 0)
		printf("%-24s%zu\n", "ended, restore owed:", s->st.done.n);
	print_records(&s->st.done, "ended, its restore is owed");
}

static void print_json_int(const char *key, int v)
{
	if (v >= 0)
		printf("\"%s\":%d,", key, v);
	else
		printf("\"%s\":null,", key);
}

/* Only finished records (jobs) can be "honoured": pending records were
 * never in force, done records no longer are. */
static void print_json_records(const char *key, const struct nb_list *list, int finished)
{
	printf("\"%s\":[", key);
	for (size_t i = 0; i < list->n; i++) {
		const struct nb_record *r = &list->recs[i];
		printf("%s{\"job\":%" PRIu32 ",\"request\":%d,\"conflict\":\"%s\","
		       "\"honoured\":%s,\"yield\":%s,\"started\":%" PRIu64 "}", i ? "," : "",
		       r->job, r->value, conflict_name(r->conflict),
		       finished && r->honoured ? "true" : "false", r->yield ? "true" : "false",
		       r->started);
	}
	putchar(']');
}

static void print_json(const struct nb_session *s, int expected, uint32_t holder, int nodes)
{
	putchar('{');
	print_json_int("kernel", s->kernel);
	printf("\"supported\":%s,", s->sysctl_rc == NB_EXIT_UNSUPPORTED ? "false" : "true");
	print_json_int("baseline", s->st.has_baseline ? s->st.base.value : -1);
	print_json_int("expected", expected);
	if (holder)
		printf("\"holder\":%" PRIu32 ",", holder);
	else
		printf("\"holder\":null,");
	printf("\"consistent\":%s,", consistent(s, expected) ? "true" : "false");
	print_json_int("numa_nodes", nodes);
	print_json_records("jobs", &s->st.jobs, 1);
	putchar(',');
	print_json_records("pending", &s->st.pending, 0);
	putchar(',');
	print_json_records("done", &s->st.done, 0);
	printf("}\n");
}

enum nb_exit cmd_status(int json)
{
	/* Asked before the lock, so no child runs under it (a recovery in
	 * session_begin reuses the answer). */
	int nodes = nodes_count();
	struct nb_session s;
	enum nb_exit rc = session_begin(&s, NB_SESSION_LOOK, 0);

	if (rc == NB_EXIT_OK) {
		int expected = session_expected(&s);
		uint32_t holder = state_holder_job(&s.st);

		if (json)
			print_json(&s, expected, holder, nodes);
		else
			print_text(&s, expected, holder, nodes);
		if (fflush(stdout) != 0)
			rc = NB_EXIT_BROKEN;
	}
	session_end(&s);
	return rc;
}

static enum nb_exit compare(const struct nb_session *s)
{
	int expected = session_expected(s);
	uint32_t holder = state_holder_job(&s->st);

	if (consistent(s, expected)) {
		printf("numa-balancing: ok: kernel.numa_balancing is %d%s\n", s->kernel,
		       expected < 0 ? ", no job holds a value" : ", as the state says");
		return NB_EXIT_OK;
	}
	if (holder)
		printf("numa-balancing: drift: kernel.numa_balancing is %d, expected %d (held by job %" PRIu32 ")",
		       s->kernel, expected, holder);
	else
		printf("numa-balancing: drift: kernel.numa_balancing is %d, expected %d (the baseline)",
		       s->kernel, expected);
	if (s->st.pending.n > 0)
		printf("; the prolog of job %" PRIu32 " did not finish, and the next prolog, epilog or "
		       "reset puts the value back", s->st.pending.recs[0].job);
	putchar('\n');
	log_msg(LOG_NOTICE, "drift: kernel.numa_balancing is %d, expected %d", s->kernel, expected);
	return NB_EXIT_DRIFT;
}

/* Appends ", N" (or "N" first) to jobs, as far as it fits. */
static void add_job(char *jobs, size_t len, size_t *used, unsigned n, uint32_t job)
{
	int w = snprintf(jobs + *used, len - *used, "%s%" PRIu32, n > 1 ? ", " : "", job);

	if (w > 0 && (size_t)w < len - *used)
		*used += (size_t)w;
}

/* One line for NHC naming the ended jobs whose restore is owed (done
 * records: their epilog, or the helper run of it, did not finish the
 * restore). 0 when none. */
static int report_owed(const struct nb_session *s)
{
	char jobs[256] = "";
	size_t used = 0;
	unsigned n = 0;

	for (size_t i = 0; i < s->st.done.n; i++)
		add_job(jobs, sizeof(jobs), &used, ++n, s->st.done.recs[i].job);
	if (n > 0) {
		printf("numa-balancing: job%s %s ended, but the value is not put back (the epilog "
		       "did not finish the restore): kernel.numa_balancing is %d, expected %d; the "
		       "next prolog, epilog or numa-balancing-helper reconcile restores it\n",
		       n > 1 ? "s" : "", jobs, s->kernel, session_expected(s));
		log_msg(LOG_NOTICE, "check: %u ended job%s with a restore owed", n, n == 1 ? "" : "s");
	}
	return n > 0;
}

enum nb_exit cmd_check(void)
{
	struct nb_session s;
	enum nb_exit rc = session_begin(&s, NB_SESSION_LOOK, 0);

	if (rc == NB_EXIT_OK && report_owed(&s))
		rc = NB_EXIT_DRIFT;
	else if (rc == NB_EXIT_OK)
		rc = s.sysctl_rc != NB_EXIT_OK ? s.sysctl_rc : compare(&s);
	session_end(&s);
	return rc;
}
