/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Logging to syslog and stderr. The SPANK plugin reads stderr through a
 * pipe, so warnings and errors always go there too. Each stderr message is
 * one write(2) of one whole line: prologs of several jobs may append to the
 * same log file at once, and three writes per line let their lines merge. */
#include "log.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int verbose_stderr, warned;
static const char *program = "numa-balancing-helper"; /* until log_open names it */

void log_open(const char *name)
{
	program = name;
	openlog("numa-balancing", LOG_PID, LOG_DAEMON);
	verbose_stderr = isatty(STDERR_FILENO);
}

void log_all_to_stderr(void)
{
	verbose_stderr = 1;
}

int log_warned(void)
{
	return warned;
}

/* "PROGRAM: MESSAGE\n" in one write; a message too long for the line is
 * cut, and the line still ends in a newline. */
static void stderr_line(const char *fmt, va_list ap)
{
	char line[1024];
	int m = snprintf(line, sizeof(line), "%s: ", program);
	size_t n = m > 0 && (size_t)m < sizeof(line) / 2 ? (size_t)m : 0;

	m = vsnprintf(line + n, sizeof(line) - n, fmt, ap);
	if (m < 0)
		return;
	n += (size_t)m < sizeof(line) - n ? (size_t)m : sizeof(line) - n - 1;
	line[n++] = '\n';
	(void)!write(STDERR_FILENO, line, n);
}

void log_msg(int prio, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsyslog(prio, fmt, ap);
	va_end(ap);
	warned |= prio <= LOG_WARNING;
	if (prio <= LOG_WARNING || verbose_stderr) {
		va_start(ap, fmt);
		stderr_line(fmt, ap);
		va_end(ap);
	}
}
