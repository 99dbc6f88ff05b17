/* SPDX-License-Identifier: GPL-2.0-or-later */
/* epilog: Slurm runs it once the job has ended on this node. The job's
 * record becomes a done record before anything else is read, then it is
 * settled with everything else (settle.h): the value the remaining jobs
 * need, or the baseline, is put back, and the job's activity logged. A
 * restore that cannot be made stays owed in the done record (exit 4),
 * `check` reports it, and the next writing run on the node makes it. */
#include <inttypes.h>

#include "commands.h"
#include "nodestate/failpoint.h"
#include "nodestate/log.h"
#include "nodestate/session.h"
#include "settle.h"

enum nb_exit cmd_epilog(const struct nb_args *a)
{
	struct nb_session s;
	enum nb_exit rc = session_begin(&s, NB_SESSION_RESTORE, a->job);
	unsigned cleared = 0;

	if (rc == NB_EXIT_OK) {
		int before = s.kernel;

		failpoint("epilog", "locked");
		rc = settle(&s, &cleared);
		if (rc == NB_EXIT_OK && s.kernel != before && cleared == 0)
			log_msg(LOG_NOTICE, "job %" PRIu32 " epilog: no record; kernel.numa_balancing "
			        "%d -> %d", a->job, before, s.kernel);
	}
	session_end(&s);
	return rc;
}
