/* SPDX-License-Identifier: GPL-2.0-or-later */
/* probe.c - facts about the node and process a rank runs on: kernel NUMA
 * balancing value and counters, peak RSS, host name, CPU binding of every
 * OpenMP thread, memory policy, allocator and NUMA node count. */
#include "io/probe.h"
#include "io/procfs.h"

#include <dlfcn.h>
#include <numa.h>
#include <numaif.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

void nb_probe_node(struct nb_node_probe *p)
{
	p->numa_balancing = nb_read_numa_balancing(NB_SYSCTL_NUMA_BALANCING);
	nb_read_vmstat(NB_VMSTAT, p);
}

uint64_t nb_probe_peak_rss_bytes(void)
{
	struct rusage ru;
	if (getrusage(RUSAGE_SELF, &ru) != 0)
		return 0;
	return (uint64_t)ru.ru_maxrss * 1024u; /* Linux reports KiB */
}

void nb_probe_hostname(char *buf, int n)
{
	if (n <= 0)
		return;
	if (gethostname(buf, (size_t)n) != 0)
		snprintf(buf, (size_t)n, "unknown");
	buf[n - 1] = '\0';
}

/* Appends the CPUs of `set` as ranges ("0-3,8") to buf at *used. */
static void append_cpus(char *buf, size_t n, size_t *used, const cpu_set_t *set)
{
	const char *sep = "";
	for (int c = 0; c < CPU_SETSIZE; c++) {
		if (!CPU_ISSET(c, set))
			continue;
		int last = c;
		while (last + 1 < CPU_SETSIZE && CPU_ISSET(last + 1, set))
			last++;
		if (*used < n)
			*used += (size_t)(last == c
			    ? snprintf(buf + *used, n - *used, "%s%d", sep, c)
			    : snprintf(buf + *used, n - *used, "%s%d-%d", sep, c, last));
		sep = ",";
		c = last;
	}
}

int nb_probe_thread_masks(cpu_set_t *sets, int max)
{
	int threads = 1;
#ifdef _OPENMP
#pragma omp parallel
	{
		int t = omp_get_thread_num();
		if (t < max && sched_getaffinity(0, sizeof sets[t], &sets[t]) != 0)
			CPU_ZERO(&sets[t]);
#pragma omp single
		threads = omp_get_num_threads();
	}
#else
	if (sched_getaffinity(0, sizeof sets[0], &sets[0]) != 0)
		CPU_ZERO(&sets[0]);
#endif
	return threads < max ? threads : max;
}

void nb_probe_cpu_list(char *buf, size_t n, const cpu_set_t *set)
{
	size_t used = 0;
	buf[0] = '\0';
	append_cpus(buf, n, &used, set);
}

static int max_threads(void)
{
#ifdef _OPENMP
	return omp_get_max_threads();
#else
	return 1;
#endif
}

void nb_probe_binding(char *buf, int n)
{
	if (n <= 0)
		return;
	const char *bind = getenv("OMP_PROC_BIND");
	const char *places = getenv("OMP_PLACES");
	size_t used = (size_t)snprintf(buf, (size_t)n,
	    "OMP_PROC_BIND=%s OMP_PLACES=%s;", bind ? bind : "unset",
	    places ? places : "unset");
	int max = max_threads();
	cpu_set_t *sets = calloc((size_t)max, sizeof *sets);
	if (!sets) {
		snprintf(buf, (size_t)n, "unknown (out of memory)");
		return;
	}
	int threads = nb_probe_thread_masks(sets, max);
	for (int t = 0; t < threads && used < (size_t)n; t++) {
		used += (size_t)snprintf(buf + used, (size_t)n - used, " t%d:", t);
		append_cpus(buf, (size_t)n, &used, &sets[t]);
	}
	free(sets);
}

const char *nb_probe_allocator(void)
{
	return dlsym(RTLD_DEFAULT, "mallctl") ? "jemalloc" : "glibc";
}

int nb_probe_numa_nodes(void)
{
	return numa_available() < 0 ? 1 : numa_max_node() + 1;
}

/* The kernel's names (mm/mempolicy.c, policy_modes[]), by mode. */
static const char *const mode_names[] = {
	"default", "prefer", "bind", "interleave", "local", "prefer (many)",
	"weighted interleave",
};

#define MODE_FLAGS (NB_MPOL_F_STATIC_NODES | NB_MPOL_F_RELATIVE_NODES | \
                    MPOL_F_NUMA_BALANCING)

void nb_mempolicy_name(int mode, char *buf, size_t n)
{
	int m = mode & ~MODE_FLAGS, f = mode & MODE_FLAGS;
	int used = m >= 0 && m < (int)(sizeof mode_names / sizeof *mode_names)
	    ? snprintf(buf, n, "%s", mode_names[m])
	    : snprintf(buf, n, "mode %d", m);
	if (!f || used < 0 || (size_t)used >= n)
		return;
	snprintf(buf + used, n - (size_t)used, "=%s%s%s",
	    f & NB_MPOL_F_STATIC_NODES ? "static"
	    : f & NB_MPOL_F_RELATIVE_NODES ? "relative" : "",
	    (f & MPOL_F_NUMA_BALANCING) && f != MPOL_F_NUMA_BALANCING ? "|" : "",
	    f & MPOL_F_NUMA_BALANCING ? "balancing" : "");
}

void nb_probe_mempolicy(char *buf, size_t n)
{
	int mode;
	if (get_mempolicy(&mode, NULL, 0, NULL, 0) != 0)
		snprintf(buf, n, "unknown");
	else
		nb_mempolicy_name(mode, buf, n);
}
