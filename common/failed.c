/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The plugin's record of a failed helper run (failed.h): the ended.<job>
 * marker and the failure count, written under the helper's lock. */
#include "failed.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "statefile.h"
#include "values.h"

static int write_marker(int dirfd, const struct nb_ended *e)
{
	char buf[NB_ENDED_FILE_MAX], name[32];
	int len = ended_format(e, buf, sizeof(buf));

	if (len < 0) {
		errno = EINVAL;
		return -1;
	}
	snprintf(name, sizeof(name), NB_ENDED_PREFIX "%" PRIu32, e->job);
	return statefile_replace(dirfd, name, buf, (size_t)len);
}

static int count_failure(int dirfd, const char *boot_id, enum nb_run_cmd cmd)
{
	char buf[NB_ENDED_FILE_MAX];
	struct nb_failures f;
	int len;

	if (failures_read(dirfd, boot_id, &f) != 0)
		return -1;
	f.count[cmd]++;
	len = failures_format(&f, buf, sizeof(buf));
	return len < 0 ? -1 : statefile_replace(dirfd, NB_FAILURES_NAME, buf, (size_t)len);
}

/* Under the lock: the marker first (it is what lets the record go), then
 * the count. */
static int record_failure(int dirfd, const struct nb_ended *e, enum nb_run_cmd cmd,
                          char *err, size_t errlen)
{
	if (cmd == NB_RUN_EPILOG && write_marker(dirfd, e) != 0) {
		snprintf(err, errlen, "writing " NB_ENDED_PREFIX "%" PRIu32 ": %s", e->job,
		         strerror(errno));
		return -1;
	}
	if (count_failure(dirfd, e->boot_id, cmd) != 0) {
		snprintf(err, errlen, "counting the failure: %s", strerror(errno));
		return -1;
	}
	return 0;
}

int nb_run_failed(const char *state_dir, const char *boot_id_path, enum nb_run_cmd cmd,
                  uint32_t job, enum nb_run_failure failure, int status,
                  char *err, size_t errlen)
{
	struct nb_ended e = { .job = job, .failure = failure, .status = status };
	int dirfd, lockfd, rc;

	if ((unsigned)cmd >= NB_RUN_CMDS || (unsigned)failure >= NB_RUN_FAILURES || status < 0 ||
	    status > 255 || job == 0 || job > NB_JOB_ID_MAX) {
		snprintf(err, errlen, "invalid failure record (job %" PRIu32 ")", job);
		return -1;
	}
	if (boot_id_read(boot_id_path, e.boot_id) != 0) {
		snprintf(err, errlen, "%s: %s", boot_id_path,
		         errno == EINVAL ? "not a boot id" : strerror(errno));
		return -1;
	}
	if ((dirfd = statefile_open_dir(state_dir, err, errlen)) < 0)
		return -1;
	lockfd = statefile_lock(dirfd, NB_ENDED_LOCK_WAIT_MS, err, errlen);
	rc = lockfd < 0 ? -1 : record_failure(dirfd, &e, cmd, err, errlen);
	if (lockfd >= 0)
		close(lockfd);
	close(dirfd);
	return rc;
}
