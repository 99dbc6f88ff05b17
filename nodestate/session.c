/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Opening, locking and loading the state for one command. */
#include "session.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <unistd.h>

#include "landlock.h"
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

static enum nb_exit open_state(struct nb_session *s, int look, uint32_t ended_job)
{
	char err[256], boot_id[NB_BOOT_ID_LEN + 1];

	if (boot_id_read(s->paths.boot_id, boot_id) != 0) {
		log_msg(LOG_ERR, "%s: %s", s->paths.boot_id,
		        errno == EINVAL ? "not a boot id" : strerror(errno));
		return NB_EXIT_BROKEN;
	}
	s->dirfd = statedir_open(s->paths.state_dir, !look, err, sizeof(err));
	if (s->dirfd == -2) {
		s->dirfd = -1; /* nothing to look at: an empty state */
		memcpy(s->st.boot_id, boot_id, sizeof(s->st.boot_id));
		return NB_EXIT_OK;
	}
	if (s->dirfd >= 0)
		s->lockfd = statedir_lock(s->dirfd, !look, err, sizeof(err));
	if (s->dirfd < 0 || s->lockfd == -1) {
		log_msg(LOG_ERR, "%s", err);
		return NB_EXIT_BROKEN;
	}
	if (ended_job && state_end_job(s->dirfd, ended_job) != 0)
		return NB_EXIT_BROKEN;
	if (landlock_confine(&s->paths, s->dirfd, s->sc.fd) < 0)
		return NB_EXIT_BROKEN;
	if (state_load(&s->st, s->dirfd, !look, boot_id, boot_default) != 0)
		return NB_EXIT_BROKEN;
	return NB_EXIT_OK;
}

/* A sysctl that cannot be used ends the session: always when the
 * installation is broken, and for a prolog when it is unsupported. */
static int sysctl_fatal(enum nb_exit rc, enum nb_access access)
{
	return rc == NB_EXIT_BROKEN || (access == NB_SESSION_WRITE && rc != NB_EXIT_OK);
}

/* Whether the kernel holds, or may hold, the request of a prolog that did
 * not finish (it may have written it before it was stopped): a kernel
 * value that could not be read proves nothing. */
static int holds_pending(const struct nb_session *s)
{
	struct nb_view v = state_view(&s->st);

	if (s->kernel < 0)
		return s->st.pending.n > 0;
	for (size_t i = 0; i < s->st.pending.n; i++) {
		if (policy_value(&v, s->st.pending.recs[i].value) == s->kernel)
			return 1;
	}
	return 0;
}

int session_expected(const struct nb_session *s)
{
	struct nb_view v = state_view(&s->st);

	if (s->st.jobs.n == 0 && s->st.done.n == 0 && !holds_pending(s))
		return -1; /* the baseline only undoes an ended job or an unfinished prolog */
	return policy_expected(&v);
}

enum nb_exit session_begin(struct nb_session *s, enum nb_access access, uint32_t ended_job)
{
	enum nb_exit rc;

	s->kernel = -1;
	s->dirfd = s->lockfd = -1;
	memset(&s->st, 0, sizeof(s->st));
	paths_get(&s->paths);
	s->sysctl_rc = sysctl_open(&s->sc, s->paths.sysctl, access == NB_SESSION_WRITE);
	if (sysctl_fatal(s->sysctl_rc, access))
		return s->sysctl_rc;
	rc = open_state(s, access == NB_SESSION_LOOK, ended_job);
	if (rc == NB_EXIT_OK && s->sysctl_rc == NB_EXIT_OK) {
		s->sysctl_rc = sysctl_read(&s->sc, &s->kernel);
		if (sysctl_fatal(s->sysctl_rc, access))
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
	if (value < 0 || value == s->kernel)
		return NB_EXIT_OK;
	return sysctl_write(&s->sc, value, &s->kernel);
}

enum nb_exit session_drop_lone_baseline(struct nb_session *s)
{
	if (s->st.jobs.n > 0 || s->st.pending.n > 0 || s->st.done.n > 0 || !s->st.has_baseline)
		return NB_EXIT_OK;
	return state_remove_baseline(&s->st) == 0 ? NB_EXIT_OK : NB_EXIT_BROKEN;
}

enum nb_exit session_converge(struct nb_session *s)
{
	struct nb_view v = state_view(&s->st);
	enum nb_exit rc = session_apply(s, policy_expected(&v));

	return rc == NB_EXIT_OK ? session_drop_lone_baseline(s) : rc;
}
