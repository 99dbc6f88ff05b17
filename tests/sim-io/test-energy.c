/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-energy.c - RAPL energy over the sim phase (io/energy.c) on
 * powercap-shaped trees (tests/sim-io/fixtures/powercap: a start and an
 * end tree per case, read 10 s apart on a fake clock): two packages with
 * DRAM, a counter that wraps, no DRAM zone, a reading beyond the range,
 * no zones, no tree, unreadable files; and summary.json's "energy"
 * (io/summary-energy.c) from the readings of several ranks. */
#include "io/energy.h"
#include "io/run-data.h"
#include "run-suite.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FIX "tests/sim-io/fixtures/powercap/"

static double now_s;

static double fake_clock(void)
{
	return now_s;
}

/* Reads tree `start`, then `end` s seconds later. */
static void measure_in(struct nb_energy *e, const char *start, const char *end,
                       double s)
{
	nb_energy_init(e, start, 1);
	e->clock = fake_clock;
	now_s = 100.0;
	nb_energy_begin(e);
	e->root = end;
	now_s = 100.0 + s;
	nb_energy_end(e);
}

static void measure(struct nb_energy *e, const char *start, const char *end)
{
	measure_in(e, start, end, 10.0);
}

static const struct nb_energy_zone *zone(const struct nb_energy *e,
                                         const char *name)
{
	for (int i = 0; i < e->facts.zones; i++)
		if (strcmp(e->facts.zone[i].name, name) == 0)
			return &e->facts.zone[i];
	ck_abort_msg("no zone %s", name);
	return NULL;
}

START_TEST(two_packages)
{
	struct nb_energy e;

	measure(&e, FIX "two-packages-start", FIX "two-packages-end");
	ck_assert_int_eq(e.facts.state, NB_ENERGY_READ);
	ck_assert_int_eq(e.facts.zones, 4);  /* no core, psys, mmio copy */
	ck_assert_double_eq_tol(e.facts.seconds, 10.0, 1e-9);
	ck_assert_double_eq_tol(zone(&e, "package-0")->joules, 30.0, 1e-9);
	ck_assert_double_eq_tol(zone(&e, "package-1")->joules, 25.0, 1e-9);
	ck_assert_double_eq_tol(zone(&e, "package-0/dram")->joules, 5.0, 1e-9);
	ck_assert_double_eq_tol(zone(&e, "package-1/dram")->joules, 6.0, 1e-9);
	ck_assert(zone(&e, "package-1/dram")->dram && !zone(&e, "package-1")->dram);
}
END_TEST

START_TEST(wrap)
{
	struct nb_energy e;

	measure(&e, FIX "wrap-start", FIX "wrap-end");
	ck_assert_int_eq(e.facts.state, NB_ENERGY_READ);
	/* 262143328850 - 262140000000 + 16671150 uJ */
	ck_assert_double_eq_tol(zone(&e, "package-0")->joules, 20.0, 1e-9);
	ck_assert_double_eq_tol(zone(&e, "package-0/dram")->joules, 2.0, 1e-9);
}
END_TEST

START_TEST(no_dram)
{
	struct nb_energy e;

	measure(&e, FIX "no-dram-start", FIX "no-dram-end");
	ck_assert_int_eq(e.facts.state, NB_ENERGY_READ);
	ck_assert_int_eq(e.facts.zones, 1);
	ck_assert_double_eq_tol(zone(&e, "package-0")->joules, 12.0, 1e-9);
}
END_TEST

START_TEST(flagged)
{
	struct nb_energy e;

	measure(&e, FIX "wrap-start", FIX "beyond-end");
	ck_assert_double_lt(zone(&e, "package-0")->joules, 0.0);
	ck_assert_ptr_nonnull(strstr(zone(&e, "package-0")->flag, "beyond its range"));
	measure(&e, FIX "no-dram-start", FIX "no-dram-start");
	ck_assert_ptr_nonnull(strstr(zone(&e, "package-0")->flag, "did not advance"));
	/* 30 J in 10 ms is 3000 W: no real reading */
	measure_in(&e, FIX "two-packages-start", FIX "two-packages-end", 0.01);
	ck_assert_ptr_nonnull(strstr(zone(&e, "package-0")->flag, "no real reading"));
	ck_assert_double_eq_tol(zone(&e, "package-1/dram")->joules, 6.0, 1e-9);
}
END_TEST

START_TEST(nothing_to_read)
{
	struct nb_energy e;

	measure(&e, FIX "no-such-tree", FIX "no-such-tree");
	ck_assert_int_eq(e.facts.state, NB_ENERGY_FAILED);
	ck_assert_str_eq(e.facts.reason, "no powercap tree at " FIX "no-such-tree");
	measure(&e, FIX "no-zones", FIX "no-zones");
	ck_assert_int_eq(e.facts.state, NB_ENERGY_FAILED);
	ck_assert_str_eq(e.facts.reason, "no RAPL zones (intel-rapl:*) under " FIX "no-zones");
	nb_energy_init(&e, FIX "two-packages-start", 0);
	nb_energy_begin(&e);
	ck_assert_int_eq(e.facts.state, NB_ENERGY_NOT_READER);
	ck_assert_int_eq(e.facts.zones, 0);
}
END_TEST

/* A copy of the two-packages start tree in which `file` cannot be read:
 * mode 0 (enough when not root), or, for root, a directory. */
static const char *unreadable_copy(const char *file)
{
	static char dir[1024];
	char cmd[4096], path[2048];
	const char *out = getenv("NB_TEST_OUT");

	snprintf(dir, sizeof dir, "%s/powercap-unreadable", out ? out : "/tmp");
	snprintf(cmd, sizeof cmd, "rm -rf '%s' && cp -r " FIX "two-packages-start '%s'",
	         dir, dir);
	ck_assert_int_eq(system(cmd), 0);
	snprintf(path, sizeof path, "%s/%s", dir, file);
	if (geteuid() == 0) {
		ck_assert_int_eq(unlink(path), 0);
		ck_assert_int_eq(mkdir(path, 0700), 0);
	} else {
		ck_assert_int_eq(chmod(path, 0), 0);
	}
	return dir;
}

START_TEST(unreadable)
{
	struct nb_energy e;
	const char *dir = unreadable_copy("intel-rapl:1/energy_uj");

	measure(&e, dir, dir);
	ck_assert_int_eq(e.facts.state, NB_ENERGY_FAILED);
	ck_assert_msg(strstr(e.facts.reason, "intel-rapl:1/energy_uj") &&
	              strstr(e.facts.reason, geteuid() == 0 ? "Is a directory"
	                                                    : "0400, root only"),
	              "%s", e.facts.reason);
	dir = unreadable_copy("intel-rapl:0:1/energy_uj");
	measure(&e, dir, dir);
	ck_assert_int_eq(e.facts.state, NB_ENERGY_READ);
	ck_assert_double_lt(zone(&e, "package-0/dram")->joules, 0.0);
	ck_assert_ptr_nonnull(strstr(zone(&e, "package-0/dram")->flag, "intel-rapl:0:1"));
}
END_TEST

/* summary.json's "energy" from the facts of each rank on its host. */
static json_t *energy_json(const struct nb_energy_facts *f, const char *const *hosts,
                           int ranks)
{
	static struct nb_rank_facts facts[4];
	struct nb_run_data d = {.ranks = ranks, .rank = facts};

	memset(facts, 0, sizeof facts);
	for (int r = 0; r < ranks; r++) {
		snprintf(facts[r].host, sizeof facts[r].host, "%s", hosts[r]);
		facts[r].energy = f[r];
	}
	return nb_energy_json(&d);
}

static double number(const json_t *o, const char *key)
{
	const json_t *v = json_object_get(o, key);

	ck_assert_msg(json_is_number(v), "%s is not a number", key);
	return json_number_value(v);
}

START_TEST(summary)
{
	struct nb_energy a, b;
	struct nb_energy_facts f[3];
	const char *hosts[3] = {"n1", "n1", "n2"};
	json_t *j;

	measure(&a, FIX "two-packages-start", FIX "two-packages-end");
	measure(&b, FIX "wrap-start", FIX "wrap-end");
	f[0] = a.facts;
	memset(&f[1], 0, sizeof f[1]);               /* n1's second rank reads nothing */
	f[2] = b.facts;
	j = energy_json(f, hosts, 3);
	ck_assert_str_eq(json_string_value(json_object_get(j, "source")), "rapl");
	ck_assert_str_eq(json_string_value(json_object_get(j, "scope")), "package+dram");
	ck_assert_str_eq(json_string_value(json_object_get(j, "phase")), "simulation");
	ck_assert_double_eq_tol(number(j, "seconds"), 10.0, 1e-9);
	ck_assert_double_eq_tol(number(j, "package_j"), 75.0, 1e-9);
	ck_assert_double_eq_tol(number(j, "dram_j"), 13.0, 1e-9);
	ck_assert_double_eq_tol(number(json_object_get(j, "zones"), "package-0"), 50.0, 1e-9);
	ck_assert_double_eq_tol(number(json_object_get(j, "zones"), "package-1/dram"), 6.0, 1e-9);
	ck_assert_int_eq(json_integer_value(json_object_get(j, "nodes")), 2);
	ck_assert_uint_eq(json_array_size(json_object_get(j, "flags")), 0);
	json_decref(j);

	measure(&b, FIX "no-dram-start", FIX "no-dram-end"); /* n2 has no DRAM zone */
	f[2] = b.facts;
	j = energy_json(f, hosts, 3);
	ck_assert_str_eq(json_string_value(json_object_get(j, "scope")), "package");
	ck_assert(json_is_null(json_object_get(j, "dram_j")));
	ck_assert_double_eq_tol(number(j, "package_j"), 67.0, 1e-9);
	ck_assert_ptr_null(json_object_get(json_object_get(j, "zones"), "package-0/dram"));
	json_decref(j);

	measure(&b, FIX "wrap-start", FIX "beyond-end");     /* n2's package flagged */
	f[2] = b.facts;
	j = energy_json(f, hosts, 3);
	ck_assert(json_is_null(json_object_get(j, "source")));
	ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(j, "reason")),
	                             "n2 package-0: counter read 262143328851 uJ"));
	json_decref(j);

	measure(&b, FIX "no-such-tree", FIX "no-such-tree");
	j = energy_json(&b.facts, hosts, 1);
	ck_assert(json_is_null(json_object_get(j, "source")));
	ck_assert_str_eq(json_string_value(json_object_get(j, "reason")),
	                 "n1: no powercap tree at " FIX "no-such-tree");
	ck_assert_uint_eq(json_object_size(j), 2);
	json_decref(j);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("energy");
	TCase *tc = tcase_create("energy");

	tcase_add_test(tc, two_packages);
	tcase_add_test(tc, wrap);
	tcase_add_test(tc, no_dram);
	tcase_add_test(tc, flagged);
	tcase_add_test(tc, nothing_to_read);
	tcase_add_test(tc, unreadable);
	tcase_add_test(tc, summary);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
