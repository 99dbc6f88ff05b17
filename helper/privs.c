/* Drops capabilities with libcap and checks the result before the helper
 * touches anything. The ambient set is cleared with one prctl: libcap's
 * cap_reset_ambient first probes each capability, 41 system calls on a
 * path that runs in every prolog and epilog. */
#include "privs.h"

#include <errno.h>
#include <grp.h>
#include <stdio.h>
#include <string.h>
#include <sys/capability.h>
#include <sys/prctl.h>
#include <unistd.h>

static const cap_value_t sys_admin[] = { CAP_SYS_ADMIN };
static const cap_value_t setid[] = { CAP_SETUID, CAP_SETGID };

static int clear_bounding_set(void)
{
	for (cap_value_t cap = 0; cap < cap_max_bits(); cap++) {
		if (cap_drop_bound(cap) != 0)
			return -1;
	}
	return 0;
}

int privs_sys_admin(void)
{
	cap_t caps = cap_get_proc();
	cap_flag_value_t v = CAP_CLEAR;
	int rc = caps && cap_get_flag(caps, CAP_SYS_ADMIN, CAP_PERMITTED, &v) == 0 ? v == CAP_SET : -1;

	cap_free(caps);
	return rc;
}

/* The sets: CAP_SYS_ADMIN effective and permitted (where this process has
 * it: a container may not), the setid pair permitted too when asked;
 * inheritable empty. NULL on failure. */
static cap_t wanted(int with_setid)
{
	int admin = privs_sys_admin();
	cap_t caps = admin >= 0 ? cap_init() : NULL;

	if (caps && ((admin && cap_set_flag(caps, CAP_PERMITTED, 1, sys_admin, CAP_SET)) ||
	             (admin && cap_set_flag(caps, CAP_EFFECTIVE, 1, sys_admin, CAP_SET)) ||
	             (with_setid && cap_set_flag(caps, CAP_PERMITTED, 2, setid, CAP_SET)))) {
		cap_free(caps);
		return NULL;
	}
	return caps;
}

/* Sets the wanted sets, reads them back and checks no_new_privs. */
static int set_and_verify(int with_setid)
{
	cap_t want = wanted(with_setid), have = NULL;
	int ok = want && cap_set_proc(want) == 0 && (have = cap_get_proc()) != NULL &&
	         cap_compare(want, have) == 0 && prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) == 1;

	cap_free(want);
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
	if (clear_bounding_set() != 0)
		return failed("clearing the bounding set", err, errlen);
	if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0)
		return failed("clearing the ambient set", err, errlen);
	if (set_and_verify(1) != 0)
		return failed("keeping only CAP_SYS_ADMIN (and CAP_SETUID/CAP_SETGID permitted)",
		              err, errlen);
	return 0;
}

int privs_final(char *err, size_t errlen)
{
	errno = 0;
	return set_and_verify(0) == 0 ? 0 : failed("keeping only CAP_SYS_ADMIN", err, errlen);
}

int privs_become(unsigned uid, unsigned gid)
{
	cap_t caps = cap_get_proc();
	int rc = caps && cap_set_flag(caps, CAP_EFFECTIVE, 2, setid, CAP_SET) == 0 &&
	         cap_set_proc(caps) == 0 ? 0 : -1;

	cap_free(caps);
	if (rc == 0 && (setgroups(0, NULL) != 0 || setresgid(gid, gid, gid) != 0 ||
	                setresuid(uid, uid, uid) != 0))
		rc = -1;
	return rc;
}
