/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The plugin's record of a failed helper run (failed.h): an ended job's
 * record made a done record, and the failure count, under the helper's
 * lock. */
#include "failed.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "statedir.h"
#include "statefile.h"
#include "values.h"

/* job.<job> becomes done.<job>, the directory synced; absent is fine. */
static int end_record(int dirfd, uint32_t job)
{
	char from[32], to[32];

	snprintf(from, sizeof(from), NB_JOB_PREFIX "%" PRIu32, job);
	snprintf(to, sizeof(to), NB_DONE_PREFIX "%" PRIu32, job);
	if (renameat(dirfd, from, dirfd, to) != 0)
		return errno == ENOENT ? 0 : -1;
	(void)fsync(dirfd); /* the rename took effect: done, durable or not */
	return 0;
}

static int count_failure(int dirfd, const char *boot_id, enum nb_run_cmd cmd)
{
	char buf[NB_FAILURES_FILE_MAX];
	struct nb_failures f;
	int len;

	if (failures_read(dirfd, boot_id, &f) != 0)
		return -1;
	f.count[cmd]++;
	len = failures_format(&f, buf, sizeof(buf));
	return len < 0 ? -1 : statefile_replace(dirfd, NB_FAILURES_NAME, buf, (size_t)len);
}

/* Under the lock: the record first (it is what lets the restore happen),
 * then the count. */
static int record_failure(int dirfd, const char *boot_id, enum nb_run_cmd cmd, uint32_t job,
                          char *err, size_t errlen)
{
	if (cmd == NB_RUN_EPILOG && end_record(dirfd, job) != 0) {
		snprintf(err, errlen, "renaming " NB_JOB_PREFIX "%" PRIu32 " to " NB_DONE_PREFIX
		         "%" PRIu32 ": %s", job, job, strerror(errno));
		return -1;
	}
	if (count_failure(dirfd, boot_id, cmd) != 0) {
		snprintf(err, errlen, "counting the failure: %s", strerror(errno));
		return -1;
	}
	return 0;
}

int nb_run_failed(const char *state_dir, const char *boot_id_path, enum nb_run_cmd cmd,
                  uint32_t job, char *err, size_t errlen)
{
	char boot_id[NB_BOOT_ID_LEN + 1];
	int dirfd, lockfd, rc;

	if ((unsigned)cmd >= NB_RUN_CMDS || job == 0 || job > NB_JOB_ID_MAX) {
		snprintf(err, errlen, "invalid failure record (job %" PRIu32 ")", job);
		return -1;
	}
	if (boot_id_read(boot_id_path, boot_id) != 0) {
		snprintf(err, errlen, "%s: %s", boot_id_path,
		         errno == EINVAL ? "not a boot id" : strerror(errno));
		return -1;
	}
	if ((dirfd = statefile_open_dir(state_dir, err, errlen)) < 0)
		return -1;
	lockfd = statefile_lock(dirfd, NB_FAILED_LOCK_WAIT_MS, err, errlen);
	rc = lockfd < 0 ? -1 : record_failure(dirfd, boot_id, cmd, job, err, errlen);
	if (lockfd >= 0)
		close(lockfd);
	close(dirfd);
	return rc;
}
