/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-probe.c - peak RSS, host name, per-thread CPU binding, memory
 * policy, allocator and NUMA node count, against what this machine says independently. Set
 * NB_TEST_ALLOCATOR=jemalloc when running it with jemalloc preloaded. */
#include "io/probe.h"
#include "run-suite.h"

#include <check.h>
#include <glob.h>
#include <numaif.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MIB (1024u * 1024u)

START_TEST(peak_rss_grows)
{
	uint64_t before = nb_probe_peak_rss_bytes();
	size_t n = 128 * MIB;
	static char *volatile p; /* volatile: the compiler may not elide it */
	p = malloc(n);
	ck_assert_ptr_nonnull(p);
	memset(p, 1, n);
	uint64_t after = nb_probe_peak_rss_bytes();
	free(p);
	ck_assert_uint_ge(after, before);
	ck_assert_uint_ge(after, n);
}
END_TEST

START_TEST(hostname)
{
	char mine[256], want[256];
	nb_probe_hostname(mine, sizeof mine);
	ck_assert_int_eq(gethostname(want, sizeof want), 0);
	ck_assert_str_eq(mine, want);
	nb_probe_hostname(mine, 3);
	ck_assert_uint_le(strlen(mine), 2);
}
END_TEST

/* One " tN:cpus" entry per OpenMP thread, each with at least one CPU. */
START_TEST(binding_per_thread)
{
	char buf[1024], want[32];
	omp_set_num_threads(2);
	nb_probe_binding(buf, sizeof buf);
	ck_assert_msg(strncmp(buf, "OMP_PROC_BIND=", 14) == 0, "%s", buf);
	ck_assert_ptr_nonnull(strstr(buf, "OMP_PLACES="));
	for (int t = 0; t < 2; t++) {
		snprintf(want, sizeof want, " t%d:", t);
		const char *at = strstr(buf, want);
		ck_assert_msg(at != NULL, "%s lacks%s", buf, want);
		ck_assert_msg(at[strlen(want)] >= '0' && at[strlen(want)] <= '9',
		              "%s: thread %d has no CPU", buf, t);
	}
	ck_assert_ptr_null(strstr(buf, " t2:"));
}
END_TEST

START_TEST(binding_from_environment_and_truncated)
{
	char buf[1024];
	setenv("OMP_PLACES", "cores", 1);
	unsetenv("OMP_PROC_BIND");
	nb_probe_binding(buf, sizeof buf);
	ck_assert_ptr_nonnull(strstr(buf, "OMP_PROC_BIND=unset OMP_PLACES=cores;"));
	nb_probe_binding(buf, 10);
	ck_assert_str_eq(buf, "OMP_PROC_");
}
END_TEST

START_TEST(allocator)
{
	const char *want = getenv("NB_TEST_ALLOCATOR");
	ck_assert_str_eq(nb_probe_allocator(), want ? want : "glibc");
}
END_TEST

/* Node ids as sysfs lists them: the count is the highest id + 1. */
START_TEST(numa_nodes)
{
	glob_t g;
	if (glob("/sys/devices/system/node/node[0-9]*", 0, NULL, &g) != 0)
		return;
	int max = -1;
	for (size_t i = 0; i < g.gl_pathc; i++) {
		int id = atoi(strrchr(g.gl_pathv[i], 'e') + 1);
		max = id > max ? id : max;
	}
	globfree(&g);
	ck_assert_int_eq(nb_probe_numa_nodes(), max + 1);
}
END_TEST

/* The names numa_maps uses, with get_mempolicy's mode flags. */
START_TEST(mempolicy_names)
{
	static const struct { int mode; const char *name; } cases[] = {
		{ MPOL_DEFAULT, "default" },
		{ MPOL_LOCAL, "local" },
		{ MPOL_PREFERRED, "prefer" },
		{ MPOL_BIND | MPOL_F_NUMA_BALANCING, "bind=balancing" },
		{ MPOL_BIND | NB_MPOL_F_STATIC_NODES, "bind=static" },
		{ MPOL_INTERLEAVE | NB_MPOL_F_RELATIVE_NODES | MPOL_F_NUMA_BALANCING,
		  "interleave=relative|balancing" },
		{ 9, "mode 9" },
	};
	char buf[64];
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		nb_mempolicy_name(cases[i].mode, buf, sizeof buf);
		ck_assert_str_eq(buf, cases[i].name);
	}
	nb_mempolicy_name(MPOL_BIND | MPOL_F_NUMA_BALANCING, buf, 6);
	ck_assert_str_eq(buf, "bind=");
}
END_TEST

/* This thread's own policy, as set_mempolicy left it. */
START_TEST(mempolicy_of_this_thread)
{
	char buf[64];
	nb_probe_mempolicy(buf, sizeof buf);
	ck_assert_str_eq(buf, "default");
	ck_assert_int_eq(set_mempolicy(MPOL_LOCAL, NULL, 0), 0);
	nb_probe_mempolicy(buf, sizeof buf);
	ck_assert_str_eq(buf, "local");
	ck_assert_int_eq(set_mempolicy(MPOL_DEFAULT, NULL, 0), 0);
}
END_TEST

START_TEST(node_probe)
{
	struct nb_node_probe p;
	nb_probe_node(&p);
	ck_assert_int_ge(p.numa_balancing, -1);
	ck_assert_int_le(p.numa_balancing, 4);
	ck_assert_uint_ge(p.numa_hint_faults, p.numa_hint_faults_local);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("probe");
	TCase *tc = tcase_create("probe");
	tcase_add_test(tc, peak_rss_grows);
	tcase_add_test(tc, hostname);
	tcase_add_test(tc, binding_per_thread);
	tcase_add_test(tc, binding_from_environment_and_truncated);
	tcase_add_test(tc, allocator);
	tcase_add_test(tc, numa_nodes);
	tcase_add_test(tc, mempolicy_names);
	tcase_add_test(tc, mempolicy_of_this_thread);
	tcase_add_test(tc, node_probe);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
