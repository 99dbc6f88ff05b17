/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Builds and enforces the helper's Landlock ruleset. Rules name open
 * descriptors, so what is allowed is the inode opened here, not a path
 * that could be swapped later; an absent path gets no rule. */
#include "landlock.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "failpoint.h"
#include "log.h"

/* Rights newer than Debian 12's <linux/landlock.h> (ABI 2). */
#ifndef LANDLOCK_ACCESS_FS_TRUNCATE
#define LANDLOCK_ACCESS_FS_TRUNCATE (1ULL << 14)
#endif
#ifndef LANDLOCK_ACCESS_FS_IOCTL_DEV
#define LANDLOCK_ACCESS_FS_IOCTL_DEV (1ULL << 15)
#endif
#define NET_BIND_TCP (1ULL << 0)
#define NET_CONNECT_TCP (1ULL << 1)
#define SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0)
#define SCOPE_SIGNAL (1ULL << 1)

#define FS_READ (LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR)
#define FS_WRITE (LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_TRUNCATE | \
                  LANDLOCK_ACCESS_FS_MAKE_REG | LANDLOCK_ACCESS_FS_REMOVE_FILE | \
                  LANDLOCK_ACCESS_FS_REMOVE_DIR)
#define FILE_RW (LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_WRITE_FILE)

/* The ruleset attribute as of ABI 6; older kernels get a prefix of it. */
struct ruleset_attr {
	uint64_t handled_access_fs, handled_access_net, scoped;
};

static int extra_dir = -1;

void landlock_allow_dir(int dirfd)
{
	extra_dir = dirfd;
}

/* Every file system right this ABI knows: all of them are denied unless a
 * rule allows them. */
static uint64_t fs_rights(int abi)
{
	uint64_t r = (LANDLOCK_ACCESS_FS_MAKE_SYM << 1) - 1; /* ABI 1: bits 0-12 */

	if (abi >= 2)
		r |= LANDLOCK_ACCESS_FS_REFER;
	if (abi >= 3)
		r |= LANDLOCK_ACCESS_FS_TRUNCATE;
	if (abi >= 5)
		r |= LANDLOCK_ACCESS_FS_IOCTL_DEV;
	return r;
}

static int add_rule(int ruleset, int fd, uint64_t allowed, uint64_t handled)
{
	struct landlock_path_beneath_attr rule = { allowed & handled, fd };

	return (int)syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0);
}

/* A rule for path; files get only the file rights. An absent path is
 * skipped; 0 or -1. */
static int add_path(int ruleset, const char *path, uint64_t allowed, uint64_t handled)
{
	int fd = open(path, O_PATH | O_CLOEXEC), rc;

	if (fd < 0)
		return errno == ENOENT || errno == ENOTDIR ? 0 : -1;
	rc = add_rule(ruleset, fd, allowed, handled);
	if (rc != 0 && errno == EINVAL) /* a file: no directory rights */
		rc = add_rule(ruleset, fd, allowed & (FILE_RW | LANDLOCK_ACCESS_FS_TRUNCATE), handled);
	close(fd);
	return rc;
}

/* The boot id is read before the helper confines itself: it gets no rule.
 * The sysctl's rule names the descriptor already open on it. */
static int add_rules(int ruleset, const struct nb_paths *p, int statedir, int sysctl, uint64_t h)
{
	return add_rule(ruleset, statedir, FS_READ | FS_WRITE, h) ||
	       (sysctl >= 0 ? add_rule(ruleset, sysctl, FILE_RW, h)
	                    : add_path(ruleset, p->sysctl, FILE_RW, h)) ||
	       add_path(ruleset, p->node_dir, FS_READ, h) ||
	       (extra_dir >= 0 && add_rule(ruleset, extra_dir, FS_WRITE, h));
}

static size_t attr_size(int abi)
{
	return abi >= 6 ? sizeof(struct ruleset_attr) : abi >= 4 ? 2 * sizeof(uint64_t)
	                                                         : sizeof(uint64_t);
}

int landlock_confine(const struct nb_paths *p, int statedir, int sysctl)
{
	static int confined;
	int abi = (int)syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
	struct ruleset_attr attr = { 0, 0, 0 };
	int ruleset, rc;

	if (confined || !p->confine)
		return confined;
	if (abi < 1) {
		log_msg(LOG_DEBUG, "landlock: not available (%s): not confined", strerror(errno));
		return 0;
	}
	attr.handled_access_fs = fs_rights(abi);
	attr.handled_access_net = abi >= 4 ? NET_BIND_TCP | NET_CONNECT_TCP : 0;
	attr.scoped = abi >= 6 ? SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL : 0;
	ruleset = (int)syscall(SYS_landlock_create_ruleset, &attr, attr_size(abi), 0);
	if (ruleset < 0) {
		log_msg(LOG_ERR, "landlock: creating the ruleset: %s", strerror(errno));
		return -1;
	}
	rc = add_rules(ruleset, p, statedir, sysctl, attr.handled_access_fs) == 0 &&
	     syscall(SYS_landlock_restrict_self, ruleset, 0) == 0 ? abi : -1;
	if (rc < 0)
		log_msg(LOG_ERR, "landlock: %s", strerror(errno));
	close(ruleset);
	confined = rc;
	failpoint("landlock", "confined");
	return rc;
}
