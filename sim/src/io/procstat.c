/* SPDX-License-Identifier: GPL-2.0-or-later */
/* procstat.c - reads /proc/stat, /proc/loadavg, /proc/pressure/cpu, a
 * thread's schedstat and cpuinfo's CPU model from the paths given
 * (procstat.h). */
#include "io/procstat.h"

#include <stdio.h>
#include <string.h>

/* The file's first line into buf; 0, or -1 when unreadable or empty. */
static int first_line(const char *path, char *buf, size_t n)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	int rc = fgets(buf, (int)n, f) ? 0 : -1;
	fclose(f);
	return rc;
}

int nb_read_stat_ticks(const char *path, double *iowait, double *steal)
{
	char line[512];
	double user, nice, sys, idle, io, irq, softirq, st;
	if (first_line(path, line, sizeof line) ||
	    sscanf(line, "cpu %lf %lf %lf %lf %lf %lf %lf %lf", &user, &nice,
	           &sys, &idle, &io, &irq, &softirq, &st) != 8)
		return -1;
	*iowait = io;
	*steal = st;
	return 0;
}

double nb_read_loadavg(const char *path)
{
	char line[256];
	double load;
	if (first_line(path, line, sizeof line) ||
	    sscanf(line, "%lf", &load) != 1 || load < 0)
		return -1;
	return load;
}

double nb_read_pressure_some_s(const char *path)
{
	char line[256];
	double avg10, avg60, avg300, total;
	if (first_line(path, line, sizeof line) ||
	    sscanf(line, "some avg10=%lf avg60=%lf avg300=%lf total=%lf",
	           &avg10, &avg60, &avg300, &total) != 4 || total < 0)
		return -1;
	return total / 1e6;
}

double nb_read_run_delay_s(const char *path)
{
	char line[256];
	double on_cpu, waited;
	if (first_line(path, line, sizeof line) ||
	    sscanf(line, "%lf %lf", &on_cpu, &waited) != 2 || waited < 0)
		return -1;
	return waited / 1e9;
}

int nb_read_cpu_model(const char *path, char *buf, size_t n)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	char line[512];
	buf[0] = '\0';
	while (fgets(line, sizeof line, f)) {
		const char *colon = strchr(line, ':');
		if (strncmp(line, "model name", 10) != 0 || !colon)
			continue;
		colon += strspn(colon + 1, " \t") + 1;
		snprintf(buf, n, "%.*s", (int)strcspn(colon, "\n"), colon);
		break;
	}
	fclose(f);
	return 0;
}
