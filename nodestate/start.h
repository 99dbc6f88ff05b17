/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What numa-balancing-helper and numa-balancing-state do first, before
 * they read a byte of the command line or the environment. */
#ifndef NB_START_H
#define NB_START_H

/* Keeps fds 0-2 open (slurmd may start a program with fd 0 closed: no
 * state file must ever become stdout or stderr), ignores SIGPIPE (a pipe
 * nobody reads gives EPIPE, not death), sets umask 022, opens the log
 * (stderr lines start "name: ") and refuses a setuid-root or
 * file-capability start: no privilege is ever given to another user's
 * request. 0, or -1 (logged where it can be). */
int start_plainly(const char *name);

#endif
