/* One place for messages: syslog (ident numa-balancing, facility daemon),
 * plus stderr for warnings and errors, and for everything on a terminal. */
#ifndef NB_LOG_H
#define NB_LOG_H

#include <syslog.h>

void log_open(void);
void log_msg(int prio, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
