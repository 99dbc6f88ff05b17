/* SPDX-License-Identifier: GPL-2.0-or-later */
/* epilog: forget a job, log its node's balancing activity (node-wide, and
 * the job cgroup's own counters: read now, or as step-end kept them), and
 * put the value the remaining jobs need (or the baseline) back in force. */
#include <inttypes.h>
#include <stdio.h>
#include <time.h>

#include "commands.h"
#include "failpoint.h"
#include "log.h"
#include "session.h"
#include "common/vmstat.h"
#include "memstat.h"

static uint64_t delta(uint64_t now, uint64_t then)
{
	return now >= then ? now - then : 0;
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

static void log_end(const struct nb_session *s, const struct nb_record *r, int before,
                    const char *note)
{
	struct nb_counters now;
	char cg[NB_CGROUP_NUMA_MAX];
	const char *cg_note = "; job cgroup ";

	if (vmstat_read(s->paths.vmstat, &now) != 0) {
		log_msg(LOG_WARNING, "%s: cannot read the counters", s->paths.vmstat);
		now = r->start;
	}
	cgroup_numa(s->paths.cgroup_slice, r->job, cg, sizeof(cg));
	if (!cg[0] && r->cgroup[0]) {
		snprintf(cg, sizeof(cg), "%s", r->cgroup);
		cg_note = "; job cgroup at its last step's end ";
	}
	log_msg(LOG_INFO, "job %" PRIu32 " epilog: request %d%s %s; kernel.numa_balancing %d -> %d%s; "
	        "over %" PRIu64 " s numa_pte_updates +%" PRIu64 " numa_hint_faults +%" PRIu64
	        " numa_hint_faults_local +%" PRIu64 " numa_pages_migrated +%" PRIu64 "%s%s",
	        r->job, r->value, r->yield ? " (yields)" : "", r->honoured ? "honoured" : "not honoured",
	        before, s->kernel,
	        note,
	        delta((uint64_t)time(NULL), r->started),
	        delta(now.pte_updates, r->start.pte_updates),
	        delta(now.hint_faults, r->start.hint_faults),
	        delta(now.hint_faults_local, r->start.hint_faults_local),
	        delta(now.pages_migrated, r->start.pages_migrated),
	        cg[0] ? cg_note : "", cg);
}

/* The kernel is put where the remaining records say before the record is
 * removed: a baseline left without records never needs restoring. */
static enum nb_exit forget(struct nb_session *s, long i)
{
	struct nb_record r;
	int before = s->kernel;
	enum nb_exit rc = session_forget(s, (size_t)i, &r, "epilog");
	char note[32];

	if (rc != NB_EXIT_OK)
		return rc;
	holder_note(s, note, sizeof(note));
	failpoint("epilog", "removed");
	rc = session_converge(s);
	if (rc == NB_EXIT_OK)
		log_end(s, &r, before, note);
	return rc;
}

/* No record (no prolog ran here, or a repeated epilog): nothing to forget,
 * but the state still converges; logged only when the kernel changed. */
static enum nb_exit unknown(struct nb_session *s, uint32_t job)
{
	int before = s->kernel;
	enum nb_exit rc = session_converge(s);

	if (rc == NB_EXIT_OK && s->kernel != before)
		log_msg(LOG_NOTICE, "job %" PRIu32 " epilog: no record; kernel.numa_balancing %d -> %d",
		        job, before, s->kernel);
	return rc;
}

enum nb_exit cmd_epilog(const struct nb_args *a)
{
	struct nb_session s;
	enum nb_exit rc = session_begin(&s, NB_SESSION_RESTORE);

	if (rc == NB_EXIT_OK) {
		failpoint("epilog", "locked");
		long i = state_find(&s.st, a->job);
		rc = i >= 0 ? forget(&s, i) : unknown(&s, a->job);
	}
	session_end(&s);
	return rc;
}
