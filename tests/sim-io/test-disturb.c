/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-disturb.c - the disturbance probes: slow update phases counted
 * against the median, readings that grow over a busy interval, the JSON
 * entries with null for unreadable values; and the thread log. */
#include "io/disturb.h"
#include "io/thread-log.h"
#include "run-suite.h"
#include "capture.h"

#include <check.h>
#include <math.h>
#include <omp.h>
#include <sched.h>
#include <string.h>

START_TEST(slow_updates_against_the_median)
{
	/* Median 1 ms; 6 and 10 ms are over 5x, 5 ms is not. */
	double u[9] = { 1e-3, 1e-3, 6e-3, 1e-3, 5e-3, 1e-3, 10e-3, 1e-3, 0.9e-3 };
	struct nb_disturb_snap s = { 0 };
	struct nb_disturb_facts f;
	nb_disturb_collect(&f, &s, &s, u, 9);
	ck_assert_double_eq(f.update_median_s, 1e-3);
	ck_assert_double_eq(f.slow_cycles, 2);
	ck_assert_double_eq_tol(f.slow_s, 5e-3 + 9e-3, 1e-15);
	nb_disturb_collect(&f, &s, &s, u, 0);
	ck_assert_double_eq(f.slow_cycles, 0);
	ck_assert_int_ge(f.cpus, 1);
}
END_TEST

static void spin(double seconds)
{
	double t0 = omp_get_wtime();
	while (omp_get_wtime() - t0 < seconds)
		;
}

/* Two threads busy for 0.2 s, then a readable JSON entry of each kind. */
START_TEST(readings_over_a_busy_interval)
{
	struct nb_disturb_snap a, b;
	struct nb_disturb_facts f;
	double u[1] = { 1e-3 };
	nb_disturb_snap(&a, 2);
#pragma omp parallel num_threads(2)
	spin(0.2);
	nb_disturb_snap(&b, 2);
	ck_assert(a.nivcsw >= 0 && b.nivcsw >= a.nivcsw);
	ck_assert(a.loadavg >= 0 && a.iowait_s >= 0 && a.steal_s >= 0);
	ck_assert(b.run_delay_s < 0 || b.run_delay_s >= a.run_delay_s);
	nb_disturb_collect(&f, &a, &b, u, 1);
	json_t *rank = nb_disturb_rank_json(&f), *host = nb_disturb_host_json(&f);
	ck_assert_ptr_nonnull(rank);
	ck_assert_ptr_nonnull(host);
	ck_assert(json_integer_value(json_object_get(rank, "involuntary_switches")) >= 0);
	ck_assert(json_is_real(json_object_get(host, "steal_s")));
	ck_assert_int_eq(json_integer_value(json_object_get(host, "cpus")), f.cpus);
	json_decref(rank);
	json_decref(host);
}
END_TEST

START_TEST(unreadable_is_null)
{
	struct nb_disturb_snap s = { 3, 4, -1, -1, -1, -1, -1 };
	struct nb_disturb_facts f;
	nb_disturb_collect(&f, &s, &s, NULL, 0);
	json_t *rank = nb_disturb_rank_json(&f), *host = nb_disturb_host_json(&f);
	ck_assert(json_is_null(json_object_get(rank, "run_delay_s")));
	ck_assert_int_eq(json_integer_value(json_object_get(rank, "involuntary_switches")), 0);
	ck_assert(json_is_null(json_object_get(host, "steal_s")));
	ck_assert(json_is_null(json_object_get(host, "loadavg_end")));
	ck_assert(json_is_null(json_object_get(host, "cpu_pressure_s")));
	json_decref(rank);
	json_decref(host);
}
END_TEST

/* 2 threads x 10 s: 1.2 s of wait (6 %) warns, 0.8 s (4 %) does not. */
START_TEST(warns_when_threads_waited)
{
	struct nb_disturb_snap a = { 0, 0, 1.0, 0, 0, 0, 0.5 }, b = a;
	char err[512];
	b.run_delay_s = 1.8;
	b.loadavg = 3.25;
	capture_begin();
	nb_disturb_warn(&a, &b, 2, 10.0);
	capture_end(err, sizeof err);
	ck_assert_str_eq(err, "");
	b.run_delay_s = 2.2;
	capture_begin();
	nb_disturb_warn(&a, &b, 2, 10.0);
	capture_end(err, sizeof err);
	ck_assert_msg(strstr(err, "the threads waited 6 % of the sim phase for a CPU") &&
	              strstr(err, "load average 3.25"), "%s", err);
	a.run_delay_s = -1;
	capture_begin();
	nb_disturb_warn(&a, &b, 2, 10.0);
	capture_end(err, sizeof err);
	ck_assert_str_eq(err, "");
}
END_TEST

START_TEST(thread_log_records_cpu_and_times)
{
	struct nb_thread_log l;
	ck_assert_int_eq(nb_thread_log_init(&l, 2, 3), 0);
	nb_thread_log_cycle(&l, 1, 2, 0.5, 0.25);
	ck_assert_double_eq(l.deliver_s[1 * 3 + 2], 0.5);
	ck_assert_double_eq(l.update_s[1 * 3 + 2], 0.25);
	ck_assert(CPU_ISSET(sched_getcpu(), &l.ran_on[1]));
	ck_assert_int_eq(CPU_COUNT(&l.ran_on[0]), 0);
	nb_thread_log_free(&l);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("disturb");
	TCase *tc = tcase_create("disturb");
	tcase_add_test(tc, slow_updates_against_the_median);
	tcase_add_test(tc, readings_over_a_busy_interval);
	tcase_add_test(tc, unreadable_is_null);
	tcase_add_test(tc, warns_when_threads_waited);
	tcase_add_test(tc, thread_log_records_cpu_and_times);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
