/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Maps a helper run to the plugin's result: done -> 0; not honoured or
 * unsupported -> 0 with a log line; usage, broken installation, a signal,
 * the timeout or a failed start -> -1 (this drains the node only when the
 * site made the plugin `required`). */
#include "nb_outcome.h"

#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

static void exited(int code, struct nb_outcome *out)
{
	static const char *const names[] = {
		[NB_EXIT_OK] = "done",
		[NB_EXIT_DRIFT] = "drift (unexpected here)",
		[NB_EXIT_USAGE] = "usage error",
		[NB_EXIT_NOT_HONOURED] = "not honoured: a running job's conflicting request stays in force",
		[NB_EXIT_UNSUPPORTED] = "unsupported: this kernel cannot change numa_balancing, nothing changed",
		[NB_EXIT_BROKEN] = "broken installation",
	};
	const char *name = code >= 0 && code <= NB_EXIT_BROKEN ? names[code]
							     : "unknown exit code";

	out->rc = code == NB_EXIT_OK || code == NB_EXIT_NOT_HONOURED ||
		  code == NB_EXIT_UNSUPPORTED ? 0 : -1;
	out->notable = code == NB_EXIT_NOT_HONOURED || code == NB_EXIT_UNSUPPORTED;
	snprintf(out->what, sizeof(out->what), "exit %d: %s", code, name);
}

void nb_outcome_of(const struct nb_run *run, unsigned timeout_s,
		   struct nb_outcome *out)
{
	memset(out, 0, sizeof(*out));
	out->rc = -1;
	if (run->spawn_errno != 0)
		snprintf(out->what, sizeof(out->what), "could not be started: %s",
			 strerror(run->spawn_errno));
	else if (run->timed_out)
		snprintf(out->what, sizeof(out->what),
			 "killed after the %u s timeout", timeout_s);
	else if (WIFSIGNALED(run->status))
		snprintf(out->what, sizeof(out->what), "killed by signal %d (%s)",
			 WTERMSIG(run->status), strsignal(WTERMSIG(run->status)));
	else
		exited(WEXITSTATUS(run->status), out);
}
