/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Least privilege: CAP_SYS_ADMIN (the kernel checks it when the sysctl is
 * written) as the only permitted capability, effective only for the one
 * write system call; empty ambient and inheritable sets; and no exec that
 * could grant anything: no_new_privs, and the securebits below, locked. */
#ifndef NB_PRIVS_H
#define NB_PRIVS_H

#include <linux/securebits.h>
#include <stddef.h>
#include <sys/types.h>

/* Root is not special at exec (NOROOT), setuid leaves the capability sets
 * alone (NO_SETUID_FIXUP), keep-caps stays off, the ambient set cannot be
 * raised: each locked. With no_new_privs and an empty ambient and
 * inheritable set, an exec grants no capability, as an empty bounding set
 * would make it. */
#define NB_SECUREBITS (SECBIT_NOROOT | SECBIT_NOROOT_LOCKED | SECBIT_NO_SETUID_FIXUP | \
                       SECBIT_NO_SETUID_FIXUP_LOCKED | SECBIT_KEEP_CAPS_LOCKED | \
                       SECBIT_NO_CAP_AMBIENT_RAISE | SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED)

/* Whether CAP_SYS_ADMIN is in the permitted set (the kernel checks it when
 * the sysctl is written): 1 or 0, -1 when the sets cannot be read. */
int privs_sys_admin(void);
/* Returns 0, or -1 with the reason in err. Needs euid 0 and CAP_SETPCAP;
 * afterwards no capability is effective. A process without CAP_SYS_ADMIN
 * keeps none (it can read, not write). */
int privs_drop(char *err, size_t errlen);
/* Drops every capability that is left (permitted included), for the
 * commands that only look. A process without any has nothing to drop.
 * Returns 0, or -1 with the reason in err. */
int privs_drop_all(char *err, size_t errlen);
/* pwrite(2) with CAP_SYS_ADMIN effective for just that call (failpoints
 * "privs-raised" and "privs-lowered" around it), errno kept. A helper that
 * could not lower it again aborts: it never goes on with it effective. */
ssize_t privs_pwrite(int fd, const void *buf, size_t len, off_t off);

#endif
