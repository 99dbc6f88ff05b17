/* SPDX-License-Identifier: GPL-2.0-or-later */
/* One place for messages: syslog (ident numa-balancing, facility daemon),
 * plus stderr for warnings and errors, and for everything on a terminal or
 * as a Prolog=/Epilog= program (--script). */
#ifndef NB_LOG_H
#define NB_LOG_H

#include <syslog.h>

/* name: the stderr lines' prefix (the program's installed name). */
void log_open(const char *name);
/* Every message goes to stderr too from now on. */
void log_all_to_stderr(void);
/* Whether a warning or an error has gone to stderr. */
int log_warned(void);
void log_msg(int prio, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
