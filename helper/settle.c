/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Settling what earlier runs left: unfinished prologs, and ended jobs
 * whose restore is owed. */
#include "settle.h"

#include <inttypes.h>
#include <stdio.h>
#include <time.h>

#include "nodestate/failpoint.h"
#include "nodestate/log.h"

/* Records of prologs that did not finish were never in force: undo what
 * such a prolog may have written, then remove them. */
static enum nb_exit settle_pending(struct nb_session *s)
{
	enum nb_exit rc;

	if (s->st.pending.n == 0)
		return NB_EXIT_OK;
	rc = session_apply(s, session_expected(s));
	while (rc == NB_EXIT_OK && s->st.pending.n > 0) {
		uint32_t job = s->st.pending.recs[0].job;

		if (state_remove_record(&s->st, job, NB_PENDING) != 0)
			return NB_EXIT_BROKEN;
		log_msg(LOG_WARNING, "job %" PRIu32 ": its prolog did not finish, so its request was never "
		        "in force: record removed", job);
	}
	return rc;
}

/* Who the value is now for: " (job N)" or " (baseline)". */
static void holder_note(const struct nb_session *s, char *buf, size_t len)
{
	uint32_t job = state_holder_job(&s->st);

	if (job)
		snprintf(buf, len, " (job %" PRIu32 ")", job);
	else
		snprintf(buf, len, "%s", s->st.has_baseline ? " (baseline)" : "");
}

/* The job's epilog line: its request, how long it ran here, the value
 * change and who holds the value now. */
static void log_end(const struct nb_session *s, const struct nb_record *r, int before)
{
	uint64_t now = (uint64_t)time(NULL);
	char note[32];

	holder_note(s, note, sizeof(note));
	log_msg(LOG_INFO, "job %" PRIu32 " epilog: request %d%s %s for %" PRIu64 " s; "
	        "kernel.numa_balancing %d -> %d%s", r->job, r->value, r->yield ? " (yields)" : "",
	        r->honoured ? "honoured" : "not honoured", now > r->started ? now - r->started : 0,
	        before, s->kernel, note);
}

/* The restore every done record is owed: the kernel first, then the
 * records, so a run stopped in between leaves them for the next. */
static enum nb_exit settle_done(struct nb_session *s, unsigned *cleared)
{
	int before = s->kernel;
	enum nb_exit rc;

	if (s->st.done.n == 0)
		return NB_EXIT_OK;
	rc = session_apply(s, session_expected(s));
	if (rc != NB_EXIT_OK) {
		log_msg(LOG_ERR, "job %" PRIu32 " ended: kernel.numa_balancing not put back to %d; the "
		        "restore stays owed until the next prolog, epilog or reconcile (check reports it)",
		        s->st.done.recs[0].job, session_expected(s));
		return rc;
	}
	failpoint("settle", "restored");
	while (s->st.done.n > 0) {
		struct nb_record r = s->st.done.recs[0];

		if (state_remove_record(&s->st, r.job, NB_DONE) != 0)
			return NB_EXIT_BROKEN;
		log_end(s, &r, before);
		if (cleared)
			(*cleared)++;
	}
	return NB_EXIT_OK;
}

enum nb_exit settle(struct nb_session *s, unsigned *cleared)
{
	enum nb_exit rc = settle_pending(s);

	if (cleared)
		*cleared = 0;
	if (rc == NB_EXIT_OK)
		rc = settle_done(s, cleared);
	if (rc == NB_EXIT_OK)
		rc = session_apply(s, session_expected(s));
	return rc == NB_EXIT_OK ? session_drop_lone_baseline(s) : rc;
}
