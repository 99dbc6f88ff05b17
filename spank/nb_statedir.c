/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Looks into the helper's state directory: opened without following a
 * link, entries checked with fstatat(AT_SYMLINK_NOFOLLOW). */
#include "nb_statedir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/statedir.h"

static bool has_prefix(const char *name, const char *prefix)
{
	return strncmp(name, prefix, strlen(prefix)) == 0;
}

static bool is_state(const char *name)
{
	return has_prefix(name, NB_JOB_PREFIX) || has_prefix(name, NB_DONE_PREFIX) ||
	       has_prefix(name, "pending.") || strcmp(name, "baseline") == 0;
}

bool nb_state_has_work(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	DIR *d;
	const struct dirent *e;
	bool found;

	if (fd < 0)
		return errno != ENOENT;
	d = fdopendir(fd);
	if (d == NULL) {
		close(fd);
		return true;
	}
	do {
		errno = 0;
		e = readdir(d);
		found = e == NULL ? errno != 0 : is_state(e->d_name);
	} while (e != NULL && !found);
	closedir(d);
	return found;
}

bool nb_job_record(const char *dir, uint32_t job, uid_t owner)
{
	char name[32];
	struct stat st;
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	int rc;

	if (fd < 0)
		return false;
	snprintf(name, sizeof(name), NB_JOB_PREFIX "%u", job);
	rc = fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW);
	close(fd);
	return rc == 0 && S_ISREG(st.st_mode) && st.st_uid == owner;
}
