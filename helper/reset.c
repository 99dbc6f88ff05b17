/* SPDX-License-Identifier: GPL-2.0-or-later */
/* reset: put the baseline back and clear all state (for administrators).
 * The kernel is written first, so a reset stopped half-way leaves records
 * the next run still honours, or a baseline the kernel already holds. */
#include "commands.h"
#include "nodestate/log.h"
#include "nodestate/session.h"
#include "settle.h"

static enum nb_exit remove_all(struct nb_session *s, enum nb_kind kind, struct nb_list *list)
{
	while (list->n > 0) {
		if (state_remove_record(&s->st, list->recs[list->n - 1].job, kind) != 0)
			return NB_EXIT_BROKEN;
	}
	return NB_EXIT_OK;
}

enum nb_exit cmd_reset(void)
{
	struct nb_session s;
	enum nb_exit rc = session_begin(&s, NB_SESSION_RESTORE, 0);
	int before = s.kernel;

	if (rc == NB_EXIT_OK)
		rc = settle(&s, NULL);
	if (rc == NB_EXIT_OK)
		rc = session_apply(&s, s.st.has_baseline ? s.st.base.value : -1);
	if (rc == NB_EXIT_OK)
		rc = remove_all(&s, NB_JOB, &s.st.jobs);
	if (rc == NB_EXIT_OK)
		rc = session_drop_lone_baseline(&s);
	if (rc == NB_EXIT_OK)
		log_msg(LOG_INFO, "reset: state cleared; kernel.numa_balancing %d -> %d", before, s.kernel);
	session_end(&s);
	return rc;
}
