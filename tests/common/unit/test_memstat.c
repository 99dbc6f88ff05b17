/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: the numa_* fields of a job cgroup's memory.stat, found for
 * one job and for every job under Slurm's scopes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/memstat.h"
#include "suites.h"

static char slice[64];

static void make_slice(void)
{
	snprintf(slice, sizeof(slice), "/tmp/nb-memstat-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(slice));
}

static void remove_slice(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", slice);
	ck_assert_int_eq(system(cmd), 0);
}

/* slice/SCOPE/NAME/memory.stat holding text. */
static void cgroup_file(const char *scope, const char *name, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", slice, scope);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/%s/%s", slice, scope, name);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/%s/%s/memory.stat", slice, scope, name);
	ck_assert_ptr_nonnull(f = fopen(path, "w"));
	ck_assert_int_ge(fputs(text, f), 0);
	ck_assert_int_eq(fclose(f), 0);
}

START_TEST(memstat_numa_fields)
{
	const char *text = "anon 4096\nnuma_pages_migrated 7\nnuma_pte_updates 8\n"
	                   "numa_hint_faults 9\npgfault 1\n";
	char out[128];

	memstat_numa(text, strlen(text), out, sizeof(out));
	ck_assert_str_eq(out, "numa_pages_migrated=7 numa_pte_updates=8 numa_hint_faults=9");
	memstat_numa("anon 1\n", 7, out, sizeof(out));
	ck_assert_str_eq(out, "");
	memstat_numa(text, strlen(text), out, 10);
	ck_assert_uint_lt(strlen(out), 10);
}
END_TEST

/* One job's cgroup under slurmstepd.scope or NODE_slurmstepd.scope; other
 * scope names, absent jobs and cgroups without counters give nothing. */
START_TEST(one_job)
{
	char out[NB_CGROUP_NUMA_MAX];

	make_slice();
	cgroup_file("node1_slurmstepd.scope", "job_8", "anon 1\nnuma_pages_migrated 3\n");
	cgroup_file("slurmstepd.scope", "job_7", "numa_pages_migrated 5\nnuma_pte_updates 6\n");
	cgroup_file("xslurmstepd.scope", "job_9", "numa_pages_migrated 4\n");
	cgroup_file("slurmstepd.scope", "job_10", "anon 1\n");
	cgroup_numa(slice, 7, out, sizeof(out));
	ck_assert_str_eq(out, "numa_pages_migrated=5 numa_pte_updates=6");
	cgroup_numa(slice, 8, out, sizeof(out));
	ck_assert_str_eq(out, "numa_pages_migrated=3");
	cgroup_numa(slice, 9, out, sizeof(out));
	ck_assert_str_eq(out, "");
	cgroup_numa(slice, 10, out, sizeof(out));
	ck_assert_str_eq(out, "");
	cgroup_numa(slice, 11, out, sizeof(out));
	ck_assert_str_eq(out, "");
	cgroup_numa("/nonexistent", 7, out, sizeof(out));
	ck_assert_str_eq(out, "");
	remove_slice();
}
END_TEST

struct seen {
	char text[512];
	int n;
};

static void collect(uint32_t job, const char *pairs, void *arg)
{
	struct seen *s = arg;
	size_t used = strlen(s->text);

	snprintf(s->text + used, sizeof(s->text) - used, "%u:%s;", job, pairs);
	s->n++;
}

/* Every job cgroup with counters, in any Slurm scope; names that are not
 * job_<valid id>, other scopes and cgroups without counters are passed by. */
START_TEST(every_job)
{
	struct seen s = { "", 0 };

	make_slice();
	cgroup_file("slurmstepd.scope", "job_7", "numa_pages_migrated 5\n");
	cgroup_file("n2_slurmstepd.scope", "job_4294967294", "numa_hint_faults 2\n");
	cgroup_file("slurmstepd.scope", "job_0", "numa_pages_migrated 1\n");
	cgroup_file("slurmstepd.scope", "job_x", "numa_pages_migrated 1\n");
	cgroup_file("slurmstepd.scope", "job_4294967295", "numa_pages_migrated 1\n");
	cgroup_file("slurmstepd.scope", "step_7", "numa_pages_migrated 1\n");
	cgroup_file("slurmstepd.scope", "job_12", "anon 1\n");
	cgroup_file("other.scope", "job_13", "numa_pages_migrated 1\n");
	cgroup_each_numa(slice, collect, &s);
	ck_assert_int_eq(s.n, 2);
	ck_assert_ptr_nonnull(strstr(s.text, "7:numa_pages_migrated=5;"));
	ck_assert_ptr_nonnull(strstr(s.text, "4294967294:numa_hint_faults=2;"));
	s.n = 0;
	cgroup_each_numa("/nonexistent", collect, &s);
	ck_assert_int_eq(s.n, 0);
	remove_slice();
}
END_TEST

Suite *memstat_suite(void)
{
	Suite *s = suite_create("memstat");
	TCase *t = tcase_create("cgroup");

	tcase_add_test(t, memstat_numa_fields);
	tcase_add_test(t, one_job);
	tcase_add_test(t, every_job);
	suite_add_tcase(s, t);
	return s;
}
