/* SPDX-License-Identifier: GPL-2.0-or-later */
/* provenance.c - the kernel, CPU model and thread CPUs of a rank
 * (provenance.h). */
#include "io/provenance.h"
#include "io/probe.h"
#include "io/procstat.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

static void kernel(char *buf, size_t n)
{
	struct utsname u;
	if (uname(&u) == 0)
		snprintf(buf, n, "%s %s", u.release, u.version);
	else
		snprintf(buf, n, "unknown");
}

/* [{"affinity": ..., "ran_on": ...}] of every thread, as JSON text. */
static void thread_cpus(char *buf, size_t n, const struct nb_thread_log *log)
{
	int threads = log ? log->threads : 0;
	cpu_set_t *masks = calloc((size_t)threads + 1, sizeof *masks);
	json_t *a = json_array();
	char cpus[2][1024];

	if (masks && threads > 0 && nb_probe_thread_masks(masks, threads) < threads)
		threads = 0; /* a team smaller than the log's: no match */
	for (int t = 0; masks && t < threads; t++) {
		nb_probe_cpu_list(cpus[0], sizeof cpus[0], &masks[t]);
		nb_probe_cpu_list(cpus[1], sizeof cpus[1], &log->ran_on[t]);
		json_array_append_new(a, json_pack("{s:s,s:s}", "affinity",
		                                   cpus[0], "ran_on", cpus[1]));
	}
	size_t len = json_dumpb(a, buf, n - 1, JSON_COMPACT);
	if (len == 0 || len >= n - 1) {
		fprintf(stderr, "nbsim: warning: cannot record the threads' CPUs "
		        "in summary.json (too many threads)\n");
		snprintf(buf, n, "[]");
	} else {
		buf[len] = '\0';
	}
	json_decref(a);
	free(masks);
}

void nb_prov_collect(struct nb_prov_facts *f, const struct nb_thread_log *log)
{
	kernel(f->kernel, sizeof f->kernel);
	if (nb_read_cpu_model(NB_PROC_CPUINFO, f->cpu_model,
	                      sizeof f->cpu_model) != 0)
		f->cpu_model[0] = '\0';
	f->cpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
	thread_cpus(f->thread_cpus, sizeof f->thread_cpus, log);
}

void nb_prov_date(char *buf, size_t n)
{
	time_t now = time(NULL);
	struct tm tm;
	if (gmtime_r(&now, &tm))
		strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
	else
		snprintf(buf, n, "unknown");
}
