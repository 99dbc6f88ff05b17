/* SPDX-License-Identifier: GPL-2.0-or-later */
/* reset: put the baseline back and clear all state (for administrators).
 * The kernel is written first, so a reset stopped half-way leaves records
 * the next run still honours, or a baseline the kernel already holds. */
#include "commands.h"
#include "log.h"
#include "session.h"

enum nb_exit cmd_reset(void)
{
	struct nb_session s;
	enum nb_exit rc = session_begin(&s, NB_SESSION_RESTORE);
	int before = s.kernel;
	struct nb_record r;

	if (rc == NB_EXIT_OK)
		rc = session_apply(&s, s.st.has_baseline ? s.st.base.value : -1);
	while (rc == NB_EXIT_OK && s.st.jobs.n > 0) {
		state_detach(&s.st, s.st.jobs.n - 1, &r);
		if (state_remove_record(&s.st, r.job, 0) != 0)
			rc = NB_EXIT_BROKEN;
	}
	if (rc == NB_EXIT_OK)
		rc = session_converge(&s);
	if (rc == NB_EXIT_OK)
		log_msg(LOG_INFO, "reset: state cleared; kernel.numa_balancing %d -> %d", before, s.kernel);
	session_end(&s);
	return rc;
}
