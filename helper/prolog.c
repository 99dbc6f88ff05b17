/* SPDX-License-Identifier: GPL-2.0-or-later */
/* prolog: record a job's request and put the value in force. */
#include <inttypes.h>
#include <string.h>
#include <time.h>

#include "commands.h"
#include "nodestate/failpoint.h"
#include "nodestate/log.h"
#include "nodestate/session.h"
#include "settle.h"

static void new_record(const struct nb_session *s, const struct nb_args *a,
                       struct nb_record *r)
{
	struct nb_view v = state_view(&s->st);

	memset(r, 0, sizeof(*r));
	r->job = a->job;
	r->value = a->value;
	r->conflict = a->conflict;
	r->yield = a->value == 0 && a->off == NB_OFF_BOTH;
	r->honoured = policy_admit(&v, r);
	r->seq = policy_max_seq(&v) + 1;
	r->started = (uint64_t)time(NULL);
	memcpy(r->boot_id, s->st.boot_id, sizeof(r->boot_id));
}

/* A failure after the pending record was saved: the request was never in
 * force, so nothing of it may stay. Best effort; what is left is pending,
 * which the next prolog, epilog or reset settles the same way. */
static void roll_back(struct nb_session *s, uint32_t job)
{
	struct nb_view v = state_view(&s->st);

	if (session_apply(s, policy_expected(&v)) == NB_EXIT_OK &&
	    state_remove_record(&s->st, job, NB_PENDING) == 0)
		session_drop_lone_baseline(s);
	log_msg(LOG_ERR, "job %" PRIu32 " prolog: failed: its request is not in force", job);
}

/* Not honoured is a warning: it also goes to stderr, the reason for exit 3. */
static void log_prolog(const struct nb_record *r, uint32_t holder, int before, int after)
{
	log_msg(r->honoured ? LOG_INFO : LOG_WARNING, "job %" PRIu32 " prolog: request %d (%s) %s; "
	        "job %" PRIu32 " holds the value; kernel.numa_balancing %d -> %d",
	        r->job, r->value, r->yield ? "yields" : conflict_name(r->conflict),
	        r->honoured ? "honoured" : "not honoured", holder, before, after);
}

/* A request that could not be recorded changed nothing: the job runs
 * without it and is told, as where the sysctl cannot be written (4). The
 * baseline this prolog saved goes again. */
static enum nb_exit not_recorded(struct nb_session *s, uint32_t job)
{
	session_drop_lone_baseline(s);
	log_msg(LOG_WARNING, "job %" PRIu32 " prolog: its request could not be recorded: nothing "
	        "changed", job);
	return NB_EXIT_UNSUPPORTED;
}

/* Not honoured: recorded once, the kernel untouched. */
static enum nb_exit record_refusal(struct nb_session *s, const struct nb_record *r)
{
	if (state_add_record(&s->st, r, 0) != 0)
		return not_recorded(s, r->job);
	failpoint("prolog", "recorded");
	log_prolog(r, state_holder_job(&s->st), s->kernel, s->kernel);
	return NB_EXIT_NOT_HONOURED;
}

/* Who holds the value once r is in force: r's job, unless r yields to a
 * running request that does not. */
static uint32_t holder_with(const struct nb_session *s, const struct nb_record *r)
{
	struct nb_view v = state_view(&s->st);
	long h = policy_holder(&v);

	return r->yield && h >= 0 && !v.recs[h].yield ? v.recs[h].job : r->job;
}

/* Honoured: saved as pending, the value applied, then committed as the
 * last step, so a prolog stopped anywhere before leaves nothing in force. */
static enum nb_exit record_and_apply(struct nb_session *s, const struct nb_args *a)
{
	struct nb_record r;
	struct nb_view v;
	int before = s->kernel;
	enum nb_exit rc;

	if (!s->st.has_baseline && state_save_baseline(&s->st, s->kernel) != 0)
		return not_recorded(s, a->job);
	new_record(s, a, &r);
	if (!r.honoured)
		return record_refusal(s, &r);
	if (state_add_record(&s->st, &r, 1) != 0)
		return not_recorded(s, a->job);
	failpoint("prolog", "recorded");
	v = state_view(&s->st);
	rc = session_apply(s, policy_expected_with(&v, &r));
	failpoint("prolog", "applied");
	if (rc == NB_EXIT_OK) {
		log_prolog(&r, holder_with(s, &r), before, s->kernel);
		if (state_commit(&s->st, a->job) == 0)
			return NB_EXIT_OK;
		rc = NB_EXIT_BROKEN;
	}
	roll_back(s, a->job);
	return rc;
}

/* A second prolog of the same job changes nothing and answers as the first. */
static enum nb_exit repeated(struct nb_session *s, const struct nb_args *a, long i)
{
	const struct nb_record *r = &s->st.jobs.recs[i]; /* converging keeps it: n >= 1 */
	enum nb_exit rc;

	if (r->value != a->value)
		log_msg(LOG_WARNING, "job %" PRIu32 " prolog again with request %d: the first request %d stays",
		        a->job, a->value, r->value);
	rc = session_converge(s);
	if (rc != NB_EXIT_OK)
		return rc;
	log_msg(r->honoured ? LOG_INFO : LOG_WARNING, "job %" PRIu32 " prolog again: request %d %s; "
	        "kernel.numa_balancing %d", a->job, r->value, r->honoured ? "honoured" : "not honoured",
	        s->kernel);
	return r->honoured ? NB_EXIT_OK : NB_EXIT_NOT_HONOURED;
}

enum nb_exit cmd_prolog(const struct nb_args *a)
{
	struct nb_session s;
	enum nb_exit rc;

	if (a->value < 0)
		return NB_EXIT_OK; /* no request: nothing to record or change */
	rc = session_begin(&s, NB_SESSION_WRITE, 0);
	if (rc == NB_EXIT_OK)
		rc = settle(&s, NULL);
	if (rc == NB_EXIT_OK) {
		failpoint("prolog", "locked");
		long i = state_find(&s.st, a->job);
		rc = i >= 0 ? repeated(&s, a, i) : record_and_apply(&s, a);
	}
	session_end(&s);
	return rc;
}
