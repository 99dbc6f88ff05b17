/* Least privilege: no_new_privs, empty bounding and ambient sets, and
 * CAP_SYS_ADMIN (needed to write the sysctl) as the only effective
 * capability. CAP_SETUID and CAP_SETGID stay permitted (never effective)
 * until the state is loaded, so numa-nodes can run as an unprivileged user;
 * privs_final drops them before the kernel is written or anything printed. */
#ifndef NB_PRIVS_H
#define NB_PRIVS_H

#include <stddef.h>

/* Whether CAP_SYS_ADMIN is in the permitted set (the kernel checks it when
 * the sysctl is written): 1 or 0, -1 when the sets cannot be read. */
int privs_sys_admin(void);
/* Returns 0, or -1 with the reason in err. Needs euid 0 and CAP_SETPCAP.
 * A process without CAP_SYS_ADMIN keeps none (it can read, not write). */
int privs_drop(char *err, size_t errlen);
/* Permitted and effective: exactly CAP_SYS_ADMIN. 0, or -1 with the reason. */
int privs_final(char *err, size_t errlen);
/* In a child about to run another program as uid:gid: makes CAP_SETUID and
 * CAP_SETGID effective and switches to that user, which leaves the child no
 * capability at all. 0 or -1 (errno). */
int privs_become(unsigned uid, unsigned gid);

#endif
