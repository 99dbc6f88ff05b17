/* Least privilege: no_new_privs, empty bounding, ambient and inheritable
 * sets, and CAP_SYS_ADMIN (the kernel checks it when the sysctl is
 * written) as the only permitted capability, effective only for the one
 * write system call. */
#ifndef NB_PRIVS_H
#define NB_PRIVS_H

#include <stddef.h>
#include <sys/types.h>

/* Returns 0, or -1 with the reason in err. Needs euid 0 and CAP_SETPCAP;
 * afterwards no capability is effective. */
int privs_drop(char *err, size_t errlen);
/* pwrite(2) with CAP_SYS_ADMIN effective for just that call (failpoints
 * "privs-raised" and "privs-lowered" around it), errno kept. A helper that
 * could not lower it again aborts: it never goes on with it effective. */
ssize_t privs_pwrite(int fd, const void *buf, size_t len, off_t off);

#endif
