/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Drops capabilities with libcap and checks the result before the helper
 * touches anything; raises CAP_SYS_ADMIN for the sysctl write alone. Every
 * step is one system call where it can be, on a path that runs in every
 * prolog and epilog: the ambient set is cleared with one prctl (libcap's
 * cap_reset_ambient probes each capability first), and exec is kept from
 * granting any capability by locked securebits (one prctl) rather than by
 * emptying the bounding set (41, each copying the credentials: 50 us). */
#include "privs.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/securebits.h>
#include <sys/capability.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "failpoint.h"

static const cap_value_t sys_admin[] = { CAP_SYS_ADMIN };
/* CAP_SYS_ADMIN permitted where this process has it; lowered: nothing
 * effective, raised: it too. */
static cap_t lowered, raised;

int privs_sys_admin(void)
{
	cap_t caps = cap_get_proc();
	cap_flag_value_t v = CAP_CLEAR;
	int rc = caps && cap_get_flag(caps, CAP_SYS_ADMIN, CAP_PERMITTED, &v) == 0 ? v == CAP_SET : -1;

	cap_free(caps);
	return rc;
}

/* CAP_SYS_ADMIN permitted where this process has it (a container may
 * not), and effective when asked; NULL on failure. */
static cap_t sets(int admin, int effective)
{
	cap_t caps = cap_init();

	if (caps && admin && (cap_set_flag(caps, CAP_PERMITTED, 1, sys_admin, CAP_SET) ||
	                      (effective && cap_set_flag(caps, CAP_EFFECTIVE, 1, sys_admin, CAP_SET)))) {
		cap_free(caps);
		return NULL;
	}
	return caps;
}

/* Sets the lowered sets, reads them back and checks no_new_privs and the
 * securebits. */
static int lower_and_verify(void)
{
	int admin = privs_sys_admin();
	cap_t have = NULL;
	int ok = admin >= 0 && (lowered || (lowered = sets(admin, 0))) &&
	         (raised || (raised = sets(admin, 1))) && cap_set_proc(lowered) == 0 &&
	         (have = cap_get_proc()) != NULL && cap_compare(lowered, have) == 0 &&
	         prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) == 1 &&
	         prctl(PR_GET_SECUREBITS, 0, 0, 0, 0) == NB_SECUREBITS;

	cap_free(have);
	return ok ? 0 : -1;
}

static int failed(const char *step, char *err, size_t errlen)
{
	snprintf(err, errlen, "dropping privileges: %s: %s", step, strerror(errno ? errno : EPERM));
	return -1;
}

int privs_drop(char *err, size_t errlen)
{
	errno = 0;
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
		return failed("no_new_privs", err, errlen);
	if (prctl(PR_SET_SECUREBITS, NB_SECUREBITS, 0, 0, 0) != 0)
		return failed("locking the securebits", err, errlen);
	if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0)
		return failed("clearing the ambient set", err, errlen);
	if (lower_and_verify() != 0)
		return failed("keeping only CAP_SYS_ADMIN (where permitted), not effective", err, errlen);
	return 0;
}

int privs_drop_all(char *err, size_t errlen)
{
	cap_t none = cap_init(), have = NULL;
	int ok = none && cap_set_proc(none) == 0 && (have = cap_get_proc()) != NULL &&
	         cap_compare(none, have) == 0;

	cap_free(have);
	cap_free(none);
	errno = ok ? 0 : errno;
	return ok ? 0 : failed("dropping every capability", err, errlen);
}

ssize_t privs_pwrite(int fd, const void *buf, size_t len, off_t off)
{
	ssize_t w;
	int saved;

	if (cap_set_proc(raised) != 0)
		return -1;
	failpoint("privs", "raised");
	w = pwrite(fd, buf, len, off);
	saved = errno;
	if (cap_set_proc(lowered) != 0)
		abort();
	failpoint("privs", "lowered");
	errno = saved;
	return w;
}
