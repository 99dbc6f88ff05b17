/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Test-only failpoints: named steps where the test build
 * (-DNB_TEST_HOOKS) can kill or stop itself, make an I/O step fail, show
 * its privileges or try a write. The installed build has none. */
#ifndef NB_FAILPOINT_H
#define NB_FAILPOINT_H

#ifdef NB_TEST_HOOKS
/* Step "<what>-<step>". NB_TEST_FAILPOINT=<name> sends SIGKILL to the
 * helper there, <name>:stop sends SIGSTOP, <name>:write=PATH tries to
 * create PATH there and prints "failpoint <name> write PATH: <result>" on
 * stderr; "trace" prints every step passed to stderr as "failpoint
 * <name>", "privs" each step with the CapEff, CapPrm and NoNewPrivs lines
 * of /proc/self/status and the securebits ("failpoint <name> CapEff=...
 * CapPrm=... NoNewPrivs=... SecBits=0x.."). */
void failpoint(const char *what, const char *step);
/* An I/O step "<what>-<step>": a failpoint as above that also returns
 * the errno NB_TEST_FAILPOINT=<name>:eio (EIO), :enomem, :enospc or
 * :eacces asks the step to fail with, else 0. */
int failpoint_errno(const char *what, const char *step);
/* Reads NB_TEST_FAILPOINT; call before the environment is cleared. */
void failpoint_init(void);
#else
#define failpoint(what, step) ((void)(what), (void)(step))
#define failpoint_errno(what, step) ((void)(what), (void)(step), 0)
#define failpoint_init() ((void)0)
#endif

#endif
