/* Drops every capability but CAP_SYS_ADMIN with libcap, and checks the
 * result before the helper touches anything. The ambient set is cleared
 * with one prctl: libcap's cap_reset_ambient first probes each capability,
 * 41 system calls on a path that runs in every prolog and epilog. */
#include "privs.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/capability.h>
#include <sys/prctl.h>

static int clear_bounding_set(void)
{
	for (cap_value_t cap = 0; cap < cap_max_bits(); cap++) {
		if (cap_drop_bound(cap) != 0)
			return -1;
	}
	return 0;
}

/* Permitted and effective: CAP_SYS_ADMIN only; inheritable: empty. */
static int keep_sys_admin(void)
{
	cap_value_t keep[] = { CAP_SYS_ADMIN };
	cap_t caps = cap_init();
	int rc;

	if (!caps)
		return -1;
	rc = cap_set_flag(caps, CAP_PERMITTED, 1, keep, CAP_SET) ||
	     cap_set_flag(caps, CAP_EFFECTIVE, 1, keep, CAP_SET) ||
	     cap_set_proc(caps) ? -1 : 0;
	cap_free(caps);
	return rc;
}

/* Reads the sets back: exactly CAP_SYS_ADMIN, and no_new_privs on. */
static int verify(void)
{
	cap_t want = cap_init(), have = cap_get_proc();
	cap_value_t keep[] = { CAP_SYS_ADMIN };
	int ok = want && have &&
	         cap_set_flag(want, CAP_PERMITTED, 1, keep, CAP_SET) == 0 &&
	         cap_set_flag(want, CAP_EFFECTIVE, 1, keep, CAP_SET) == 0 &&
	         cap_compare(want, have) == 0 &&
	         prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) == 1;

	cap_free(want);
	cap_free(have);
	return ok ? 0 : -1;
}

int privs_drop(char *err, size_t errlen)
{
	const char *step = "no_new_privs";

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
		goto fail;
	step = "clearing the bounding set";
	if (clear_bounding_set() != 0)
		goto fail;
	step = "clearing the ambient set";
	if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0)
		goto fail;
	step = "keeping only CAP_SYS_ADMIN";
	if (keep_sys_admin() != 0)
		goto fail;
	step = "checking the capability sets";
	errno = EPERM;
	if (verify() != 0)
		goto fail;
	return 0;
fail:
	snprintf(err, errlen, "dropping privileges: %s: %s", step, strerror(errno));
	return -1;
}
