/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The state directory as a directory fd: checked on open (a root-owned
 * directory, not a symlink, no group or other write), locked with flock,
 * files written atomically (temp file, fsync, rename, fsync directory; a
 * rename or unlink that took effect counts as done). The helper's only
 * writer: the metrics file goes through it too. */
#ifndef NB_STATEDIR_H
#define NB_STATEDIR_H

#include <stddef.h>

#define NB_TMP_PREFIX ".tmp."

/* Opens (with create, creating it 0755 if absent) and checks path: a
 * directory owned by root, not a symlink, no group or other write. Returns
 * the fd, -2 when it does not exist (without create), or -1 with the
 * reason in err. */
int statedir_open(const char *path, int create, char *err, size_t errlen);
/* Takes the lock on "lock" in the directory (waits for it): exclusive
 * for a writer, which creates the file (mode 0644, so any user can take
 * the shared lock); shared for a reader, which needs no write access.
 * Returns the lock fd (a reader without a lock file yet: -2, and nothing
 * to wait for), or -1 with the reason in err. */
int statedir_lock(int dirfd, int writer, char *err, size_t errlen);
/* Replaces name with data atomically. what names the failpoints
 * ("<what>-write", "<what>-tmp-written", "<what>-renamed"). Returns 0 or
 * -1 (errno). */
int statedir_write(int dirfd, const char *name, const char *data, size_t len,
                   const char *what);
/* The same through the temp file tmp (another name in the directory: the
 * metrics file's is per process, in a directory the helper does not lock).
 * A rename that did not take effect leaves no temp file. */
int statedir_write_as(int dirfd, const char *tmp, const char *name, const char *data,
                      size_t len, const char *what);
/* Renames from over to and syncs the directory; failpoint
 * "<what>-renamed". 0 once the rename took effect (also when the call
 * reported an error after taking effect; a failed sync is logged), or -1
 * (errno). */
int statedir_rename(int dirfd, const char *from, const char *to, const char *what);
/* Removes name (absent is fine; an empty directory in its place too) and
 * syncs the directory; what names the failpoint "<what>-unlinked". 0 once
 * it is gone (also when the call reported an error after removing it; a
 * failed sync is logged), or -1 (errno). */
int statedir_remove(int dirfd, const char *name, const char *what);

#endif
