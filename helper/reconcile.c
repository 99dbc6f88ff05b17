/* SPDX-License-Identifier: GPL-2.0-or-later */
/* reconcile: settle what earlier runs left (settle.h) without a job of its
 * own, for administrators and timers; prints what it cleared. */
#include <stdio.h>

#include "commands.h"
#include "nodestate/session.h"
#include "settle.h"

enum nb_exit cmd_reconcile(void)
{
	struct nb_session s;
	enum nb_exit rc = session_begin(&s, NB_SESSION_RESTORE, 0);
	unsigned cleared = 0;

	if (rc == NB_EXIT_OK)
		rc = settle(&s, &cleared);
	if (rc == NB_EXIT_OK) {
		printf("numa-balancing: reconcile: %u record%s of ended jobs cleared; "
		       "kernel.numa_balancing is %d\n", cleared, cleared == 1 ? "" : "s", s.kernel);
		if (fflush(stdout) != 0)
			rc = NB_EXIT_BROKEN;
	}
	session_end(&s);
	return rc;
}
