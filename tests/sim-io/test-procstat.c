/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-procstat.c - the /proc/stat, loadavg, CPU pressure, schedstat and
 * cpuinfo parsers on fixture files (tests/sim-io/fixtures) and on this
 * machine's real files. */
#include "io/procstat.h"
#include "run-suite.h"

#include <check.h>
#include <unistd.h>

#define FIX "tests/sim-io/fixtures/"

START_TEST(stat_ticks)
{
	double iowait = -1, steal = -1;
	ck_assert_int_eq(nb_read_stat_ticks(FIX "stat", &iowait, &steal), 0);
	ck_assert_double_eq(iowait, 904);
	ck_assert_double_eq(steal, 186);
	ck_assert_int_eq(nb_read_stat_ticks(FIX "stat-short", &iowait, &steal), -1);
	ck_assert_int_eq(nb_read_stat_ticks(FIX "no-such-file", &iowait, &steal), -1);
	ck_assert_int_eq(nb_read_stat_ticks(FIX "loadavg", &iowait, &steal), -1);
}
END_TEST

START_TEST(loadavg_pressure_schedstat)
{
	ck_assert_double_eq(nb_read_loadavg(FIX "loadavg"), 2.16);
	ck_assert_double_eq(nb_read_pressure_some_s(FIX "pressure-cpu"), 37.528061);
	ck_assert_double_eq_tol(nb_read_run_delay_s(FIX "schedstat"), 0.390172271, 1e-12);
	ck_assert_double_eq(nb_read_loadavg(FIX "no-such-file"), -1);
	ck_assert_double_eq(nb_read_pressure_some_s(FIX "loadavg"), -1);
	ck_assert_double_eq(nb_read_run_delay_s(FIX "sysctl-0"), -1);
	ck_assert_double_eq(nb_read_loadavg(FIX "sysctl-garbage"), -1);
}
END_TEST

START_TEST(cpu_model)
{
	char buf[64];
	ck_assert_int_eq(nb_read_cpu_model(FIX "cpuinfo-x86", buf, sizeof buf), 0);
	ck_assert_str_eq(buf, "AMD EPYC 7302 16-Core Processor");
	ck_assert_int_eq(nb_read_cpu_model(FIX "cpuinfo-x86", buf, 9), 0);
	ck_assert_str_eq(buf, "AMD EPYC");
	ck_assert_int_eq(nb_read_cpu_model(FIX "cpuinfo-arm64", buf, sizeof buf), 0);
	ck_assert_str_eq(buf, "");
	ck_assert_int_eq(nb_read_cpu_model(FIX "no-such-file", buf, sizeof buf), -1);
}
END_TEST

/* The real files: what this kernel has, read as numbers that make sense. */
START_TEST(this_machine)
{
	double iowait, steal;
	ck_assert_int_eq(nb_read_stat_ticks(NB_PROC_STAT, &iowait, &steal), 0);
	ck_assert(iowait >= 0 && steal >= 0);
	ck_assert(nb_read_loadavg(NB_PROC_LOADAVG) >= 0);
	if (access(NB_PROC_PRESSURE_CPU, R_OK) == 0)
		ck_assert(nb_read_pressure_some_s(NB_PROC_PRESSURE_CPU) >= 0);
	if (access(NB_PROC_THREAD_SCHEDSTAT, R_OK) == 0)
		ck_assert(nb_read_run_delay_s(NB_PROC_THREAD_SCHEDSTAT) >= 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("procstat");
	TCase *tc = tcase_create("procstat");
	tcase_add_test(tc, stat_ticks);
	tcase_add_test(tc, loadavg_pressure_schedstat);
	tcase_add_test(tc, cpu_model);
	tcase_add_test(tc, this_machine);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
