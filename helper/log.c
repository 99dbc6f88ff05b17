/* Logging to syslog and stderr. The SPANK plugin reads stderr through a
 * pipe, so warnings and errors always go there too. */
#include "log.h"

#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

static int verbose_stderr;

void log_open(void)
{
	openlog("numa-balancing", LOG_PID, LOG_DAEMON);
	verbose_stderr = isatty(STDERR_FILENO);
}

void log_msg(int prio, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsyslog(prio, fmt, ap);
	va_end(ap);
	if (prio <= LOG_WARNING || verbose_stderr) {
		va_start(ap, fmt);
		fputs("numa-balancing-helper: ", stderr);
		vfprintf(stderr, fmt, ap);
		fputc('\n', stderr);
		va_end(ap);
	}
}
