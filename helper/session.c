/* Opening, locking and loading the state for one command. */
#include "session.h"

#include <unistd.h>

#include "bootid.h"
#include "log.h"
#include "nodes.h"
#include "statedir.h"

/* The kernel enables balancing at boot only with more than one node. Asked
 * only when job records have lost their baseline. */
static int boot_default(void)
{
	int nodes = nodes_count();

	if (nodes < 0)
		log_msg(LOG_WARNING, "NUMA node count unknown: taking the one-node boot default 0");
	return nodes > 1;
}

static enum nb_exit open_state(struct nb_session *s)
{
	char err[256], boot_id[NB_BOOT_ID_LEN + 1];

	if (bootid_read(s->paths.boot_id, boot_id) != 0)
		return NB_EXIT_BROKEN;
	s->dirfd = statedir_open(s->paths.state_dir, err, sizeof(err));
	if (s->dirfd >= 0)
		s->lockfd = statedir_lock(s->dirfd, err, sizeof(err));
	if (s->dirfd < 0 || s->lockfd < 0) {
		log_msg(LOG_ERR, "%s", err);
		return NB_EXIT_BROKEN;
	}
	return state_load(&s->st, s->dirfd, boot_id, boot_default) == 0
	       ? NB_EXIT_OK : NB_EXIT_BROKEN;
}

/* A sysctl that cannot be used ends the session: always when the
 * installation is broken, and for writing commands when it is unsupported. */
static int sysctl_fatal(enum nb_exit rc, int writable)
{
	return rc == NB_EXIT_BROKEN || (writable && rc != NB_EXIT_OK);
}

enum nb_exit session_begin(struct nb_session *s, int writable)
{
	enum nb_exit rc;

	s->kernel = -1;
	s->dirfd = s->lockfd = -1;
	s->st.recs = NULL;
	s->st.n = s->st.cap = 0;
	paths_get(&s->paths);
	s->sysctl_rc = sysctl_open(&s->sc, s->paths.sysctl, writable);
	if (sysctl_fatal(s->sysctl_rc, writable))
		return s->sysctl_rc;
	rc = open_state(s);
	if (rc == NB_EXIT_OK && s->sysctl_rc == NB_EXIT_OK) {
		s->sysctl_rc = sysctl_read(&s->sc, &s->kernel);
		if (sysctl_fatal(s->sysctl_rc, writable))
			rc = s->sysctl_rc;
	}
	return rc;
}

void session_end(struct nb_session *s)
{
	state_free(&s->st);
	sysctl_close(&s->sc);
	if (s->lockfd >= 0)
		close(s->lockfd);
	if (s->dirfd >= 0)
		close(s->dirfd);
}

enum nb_exit session_apply(struct nb_session *s, int value)
{
	enum nb_exit rc;

	if (value < 0 || value == s->kernel)
		return NB_EXIT_OK;
	rc = sysctl_write(&s->sc, value);
	if (rc == NB_EXIT_OK)
		s->kernel = value;
	return rc;
}

enum nb_exit session_converge(struct nb_session *s)
{
	struct nb_view v = state_view(&s->st);
	enum nb_exit rc = session_apply(s, policy_expected(&v));

	if (rc == NB_EXIT_OK && s->st.n == 0 && s->st.has_baseline &&
	    state_remove_baseline(&s->st) != 0)
		rc = NB_EXIT_BROKEN;
	return rc;
}
