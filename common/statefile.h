/* SPDX-License-Identifier: GPL-2.0-or-later */
/* statefile.h - writing into the helper's state directory from outside the
 * helper (the plugin, as root): the directory checked as the helper checks
 * it (a root-owned directory, not a symlink, no group or other write),
 * the helper's lock taken with a bounded wait, files replaced atomically
 * under the names the helper's loader knows. */
#ifndef NB_STATEFILE_H
#define NB_STATEFILE_H

#include <stddef.h>

/* Opens dir (creating it 0755 if absent) and checks it. Returns the fd, or
 * -1 with the reason in err. */
int statefile_open_dir(const char *dir, char *err, size_t errlen);
/* Takes the exclusive flock on "lock" in dirfd, waiting at most wait_ms
 * milliseconds. Returns the lock fd, or -1 with the reason in err. */
int statefile_lock(int dirfd, unsigned wait_ms, char *err, size_t errlen);
/* Replaces name with data: ".tmp.<name>" (O_EXCL|O_NOFOLLOW, 0644),
 * written, fsynced, renamed over name, the directory fsynced. Once the
 * rename took effect the file counts as written. 0, or -1 (errno). */
int statefile_replace(int dirfd, const char *name, const char *data, size_t len);
/* The same through the temp file tmp (another file of dirfd). */
int statefile_replace_via(int dirfd, const char *tmp, const char *name, const char *data,
                          size_t len);

#endif
