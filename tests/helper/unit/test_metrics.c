/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: the NUMA node count from sysfs node<N> directories, and the
 * metrics file: written atomically where --out says, its samples what the
 * state says (the shell test runs promtool on it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "looks.h"
#include "common/failed.h"
#include "nodes.h"
#include "suites.h"

static void node_dir(const char *name)
{
	char rel[64];

	snprintf(rel, sizeof(rel), "nodes/%s", name);
	ck_assert_int_eq(mkdir(scratch_path(rel), 0755), 0);
}

START_TEST(counts_node_dirs)
{
	ck_assert_int_eq(mkdir(scratch_path("nodes"), 0755), 0);
	node_dir("node0");
	node_dir("node1");
	node_dir("node17");
	node_dir("node01");   /* not how the kernel names a node */
	node_dir("node");
	node_dir("nodex");
	node_dir("power");
	scratch_write("nodes/node2", "a file, not a node\n");
	scratch_write("nodes/online", "0-1,17\n");
	ck_assert_int_eq(nodes_count(), 3);
}
END_TEST

START_TEST(no_node_dir_is_one_node)
{
	ck_assert_int_eq(nodes_count(), 1);
}
END_TEST

START_TEST(empty_node_dir_is_unknown)
{
	ck_assert_int_eq(mkdir(scratch_path("nodes"), 0755), 0);
	node_dir("nodeA");
	ck_assert_int_eq(nodes_count(), -1);
}
END_TEST

/* The file --out names, read back. */
static const char *metrics_file(void)
{
	static char buf[16384];
	char out[512];
	FILE *f;
	size_t n;

	snprintf(out, sizeof(out), "%s", scratch_path("metrics/nb.prom"));
	ck_assert_int_eq(cmd_metrics(out), 0);
	f = fopen(out, "r");
	ck_assert_ptr_nonnull(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void has(const char *text, const char *line)
{
	char want[256];

	snprintf(want, sizeof(want), "\n%s\n", line);
	ck_assert_msg(strstr(text, want) != NULL, "no line '%s' in:\n%s", line, text);
}

START_TEST(metrics_during_and_after_a_job)
{
	char err[256];
	const char *m;

	ck_assert_int_eq(mkdir(scratch_path("metrics"), 0755), 0);
	mkdir(scratch_path("proc"), 0755);
	fake_set(1);
	ck_assert_int_eq(prolog(10, 0, KEEP), 0);
	ck_assert_int_eq(prolog(11, 1, KEEP), 3);
	m = metrics_file();
	has(m, "numa_balancing_kernel_value 0");
	has(m, "numa_balancing_baseline_value 1");
	has(m, "numa_balancing_expected_value 0");
	has(m, "numa_balancing_holder_job 10");
	has(m, "numa_balancing_consistent 1");
	has(m, "numa_balancing_requests{value=\"0\",honoured=\"1\"} 1");
	has(m, "numa_balancing_requests{value=\"1\",honoured=\"0\"} 1");
	has(m, "numa_balancing_requests{value=\"1\",honoured=\"1\"} 0");
	has(m, "numa_balancing_job_request{job=\"11\",value=\"1\",honoured=\"0\"} 1");
	has(m, "numa_balancing_job_gone{job=\"10\"} 0");
	has(m, "numa_balancing_helper_failures_total{command=\"epilog\"} 0");
	ck_assert_int_eq(nb_run_failed(scratch_path("st"), NB_BOOT_ID_PATH, NB_RUN_EPILOG, 10,
	                               err, sizeof(err)), 0);
	m = metrics_file();
	has(m, "numa_balancing_job_gone{job=\"10\"} 1");
	has(m, "numa_balancing_jobs_gone 1");
	has(m, "numa_balancing_helper_failures_total{command=\"epilog\"} 1");
	ck_assert_int_eq(epilog(11), 0);
	m = metrics_file();
	has(m, "numa_balancing_kernel_value 1");
	has(m, "numa_balancing_jobs_gone 0");
	has(m, "numa_balancing_requests{value=\"0\",honoured=\"1\"} 0");
	ck_assert_ptr_null(strstr(m, "\nnuma_balancing_baseline_value "));
	ck_assert_ptr_null(strstr(m, "\nnuma_balancing_expected_value "));
	ck_assert_ptr_null(strstr(m, "job=\""));
	ck_assert_int_eq(system("test \"$(ls -A \"$NB_TEST_STATE_DIR/../metrics\")\" = nb.prom"), 0);
}
END_TEST

/* slice/slurmstepd.scope/job_<job>/memory.stat with these counters. */
static void job_cgroup(uint32_t job, const char *stat)
{
	char rel[96];

	mkdir(scratch_path("slice"), 0755);
	mkdir(scratch_path("slice/slurmstepd.scope"), 0755);
	snprintf(rel, sizeof(rel), "slice/slurmstepd.scope/job_%u", job);
	ck_assert_int_eq(mkdir(scratch_path(rel), 0755), 0);
	snprintf(rel, sizeof(rel), "slice/slurmstepd.scope/job_%u/memory.stat", job);
	scratch_write(rel, stat);
}

/* The live counters of the job cgroups of running jobs with a record, one
 * sample each; a job cgroup without a record, or a record without a job
 * cgroup, gives none; they follow the cgroup. */
START_TEST(metrics_cgroup_counters)
{
	const char *m;

	ck_assert_int_eq(mkdir(scratch_path("metrics"), 0755), 0);
	fake_set(1);
	ck_assert_int_eq(prolog(10, 0, KEEP), 0);
	ck_assert_int_eq(prolog(11, 0, KEEP), 0);
	job_cgroup(10, "anon 4096\nnuma_pages_migrated 5\nnuma_hint_faults 12\n");
	job_cgroup(12, "numa_pages_migrated 9\n");
	m = metrics_file();
	has(m, "numa_balancing_job_cgroup_numa{job=\"10\",counter=\"numa_pages_migrated\"} 5");
	has(m, "numa_balancing_job_cgroup_numa{job=\"10\",counter=\"numa_hint_faults\"} 12");
	ck_assert_ptr_null(strstr(m, "job_cgroup_numa{job=\"11\""));
	ck_assert_ptr_null(strstr(m, "job_cgroup_numa{job=\"12\""));
	ck_assert_ptr_null(strstr(m, "counter=\"anon\""));
	scratch_write("slice/slurmstepd.scope/job_10/memory.stat", "numa_pages_migrated 70\n");
	m = metrics_file();
	has(m, "numa_balancing_job_cgroup_numa{job=\"10\",counter=\"numa_pages_migrated\"} 70");
	ck_assert_ptr_null(strstr(m, "counter=\"numa_hint_faults\""));
}
END_TEST

Suite *metrics_suite(void)
{
	Suite *s = suite_create("metrics");
	TCase *n = tcase_create("nodes"), *t = tcase_create("metrics");

	tcase_add_checked_fixture(n, scratch_setup, scratch_teardown);
	tcase_add_test(n, counts_node_dirs);
	tcase_add_test(n, no_node_dir_is_one_node);
	tcase_add_test(n, empty_node_dir_is_unknown);
	suite_add_tcase(s, n);
	tcase_add_checked_fixture(t, commands_setup, scratch_teardown);
	tcase_add_test(t, metrics_during_and_after_a_job);
	tcase_add_test(t, metrics_cgroup_counters);
	suite_add_tcase(s, t);
	return s;
}
