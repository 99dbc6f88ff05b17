/* SPDX-License-Identifier: GPL-2.0-or-later */
/* status and check: what the state says, what the kernel holds, whether
 * the two agree, and which records belong to jobs proven gone. Neither
 * changes the kernel value. */
#include <inttypes.h>
#include <stdio.h>
#include <time.h>

#include "commands.h"
#include "gone.h"
#include "log.h"
#include "nodes.h"
#include "session.h"

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

/* What the node shows of a finished record's job. */
static const char *liveness(struct nb_session *s, struct nb_gone *g, uint32_t job)
{
	unsigned seen = gone_seen(g, &s->paths, job);

	if (gone_marker(g, job))
		return seen ? "; its epilog failed, but it still runs here" :
		       "; ENDED: its epilog failed and no step runs (reconcile clears it)";
	if (seen & NB_SEEN_STEP)
		return "; a step runs";
	return seen ? "; its job cgroup is here" : "; no step seen (between steps, or ended)";
}

/* One line per record; what replaces "honoured" for pending records, which
 * g is NULL for. */
static void print_records(struct nb_session *s, const struct nb_list *list, const char *pending,
                          struct nb_gone *g)
{
	char when[32];

	for (size_t i = 0; i < list->n; i++) {
		const struct nb_record *r = &list->recs[i];
		time_t t = (time_t)r->started;
		struct tm tm;
		if (!gmtime_r(&t, &tm) || !strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm))
			when[0] = '\0';
		printf("  job %" PRIu32 ": request %d (%s) %s, since %s%s\n", r->job, r->value,
		       r->yield ? "yields" : conflict_name(r->conflict),
		       pending ? pending : r->honoured ? "honoured" : "not honoured", when,
		       g ? liveness(s, g, r->job) : "");
	}
}

static void print_text(struct nb_session *s, struct nb_gone *g, int expected, uint32_t holder,
                       int nodes)
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
	print_records(s, &s->st.jobs, NULL, g);
	if (s->st.pending.n > 0)
		printf("%-24s%zu\n", "pending:", s->st.pending.n);
	print_records(s, &s->st.pending, "prolog did not finish, never in force", NULL);
}

static void print_json_int(const char *key, int v)
{
	if (v >= 0)
		printf("\"%s\":%d,", key, v);
	else
		printf("\"%s\":null,", key);
}

/* "running": a step or the job cgroup is seen; "ended": the job's epilog
 * failed (its marker); "gone": ended and not running. */
static void print_json_liveness(struct nb_session *s, struct nb_gone *g, uint32_t job)
{
	const struct nb_ended *e = gone_marker(g, job);

	printf(",\"running\":%s,\"ended\":", gone_seen(g, &s->paths, job) ? "true" : "false");
	if (e)
		printf("\"%s\"", run_failure_name(e->failure));
	else
		printf("null");
	printf(",\"gone\":%s", gone_proven(g, &s->paths, job) ? "true" : "false");
}

/* Pending records were never in force: never "honoured"; g is NULL for them. */
static void print_json_records(struct nb_session *s, const char *key, const struct nb_list *list,
                               struct nb_gone *g)
{
	printf("\"%s\":[", key);
	for (size_t i = 0; i < list->n; i++) {
		const struct nb_record *r = &list->recs[i];
		printf("%s{\"job\":%" PRIu32 ",\"request\":%d,\"conflict\":\"%s\","
		       "\"honoured\":%s,\"yield\":%s,\"started\":%" PRIu64, i ? "," : "", r->job,
		       r->value, conflict_name(r->conflict), g && r->honoured ? "true" : "false",
		       r->yield ? "true" : "false", r->started);
		if (g)
			print_json_liveness(s, g, r->job);
		putchar('}');
	}
	putchar(']');
}

static void print_json(struct nb_session *s, struct nb_gone *g, int expected, uint32_t holder,
                       int nodes)
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
	print_json_records(s, "jobs", &s->st.jobs, g);
	putchar(',');
	print_json_records(s, "pending", &s->st.pending, NULL);
	printf("}\n");
}

enum nb_exit cmd_status(const struct nb_args *a)
{
	/* Asked before the lock, so no child runs under it (a recovery in
	 * session_begin reuses the answer). */
	int nodes = nodes_count();
	struct nb_session s;
	enum nb_exit rc = session_begin(&s, NB_SESSION_READ);

	if (rc == NB_EXIT_OK) {
		int expected = session_expected(&s);
		uint32_t holder = state_holder_job(&s.st);
		struct nb_gone g;

		gone_load(&g, s.dirfd, s.st.boot_id);
		if (a->json)
			print_json(&s, &g, expected, holder, nodes);
		else
			print_text(&s, &g, expected, holder, nodes);
		gone_free(&g);
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

/* One line for NHC naming the jobs proven gone, and why the first one's
 * record remains; 0 when there are none. */
static int report_gone(struct nb_session *s)
{
	char why[96] = "", jobs[256] = "";
	size_t used = 0;
	struct nb_gone g;
	unsigned n = 0;

	gone_load(&g, s->dirfd, s->st.boot_id);
	for (size_t i = 0; i < s->st.jobs.n; i++) {
		uint32_t job = s->st.jobs.recs[i].job;
		int w;

		if (!gone_proven(&g, &s->paths, job))
			continue;
		if (n++ == 0)
			gone_why(gone_marker(&g, job), why, sizeof(why));
		w = snprintf(jobs + used, sizeof(jobs) - used, "%s%" PRIu32, n > 1 ? ", " : "", job);
		if (w > 0 && (size_t)w < sizeof(jobs) - used)
			used += (size_t)w;
	}
	if (n == 1)
		printf("numa-balancing: job %s ended, but its record remains (%s); "
		       "numa-balancing-helper reconcile restores the value\n", jobs, why);
	else if (n > 1)
		printf("numa-balancing: jobs %s ended, but their records remain (the first: %s); "
		       "numa-balancing-helper reconcile restores the value\n", jobs, why);
	if (n > 0)
		log_msg(LOG_NOTICE, "check: %u record%s of ended jobs", n, n == 1 ? "" : "s");
	gone_free(&g);
	return n > 0;
}

enum nb_exit cmd_check(void)
{
	struct nb_session s;
	enum nb_exit rc = session_begin(&s, NB_SESSION_READ);

	if (rc == NB_EXIT_OK && report_gone(&s))
		rc = NB_EXIT_DRIFT;
	else if (rc == NB_EXIT_OK)
		rc = s.sysctl_rc != NB_EXIT_OK ? s.sysctl_rc : compare(&s);
	session_end(&s);
	return rc;
}
