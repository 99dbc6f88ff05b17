/* reset: put the baseline back and clear all state (for administrators). */
#include "commands.h"
#include "log.h"
#include "session.h"

enum nb_exit cmd_reset(void)
{
	struct nb_session s;
	enum nb_exit rc = session_begin(&s, 1);
	int before = s.kernel;

	while (rc == NB_EXIT_OK && s.st.n > 0) {
		if (state_remove_record(&s.st, s.st.n - 1) != 0)
			rc = NB_EXIT_BROKEN;
	}
	if (rc == NB_EXIT_OK)
		rc = session_converge(&s);
	if (rc == NB_EXIT_OK)
		log_msg(LOG_INFO, "reset: state cleared; kernel.numa_balancing %d -> %d", before, s.kernel);
	session_end(&s);
	return rc;
}
