/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: the pure policy functions (holder, expected value, admit),
 * with requests that yield (a 0 under --off both) and that do not. */
#include "policy.h"
#include "suites.h"

static struct nb_record rec(uint32_t job, int value, int honoured, uint64_t seq)
{
	struct nb_record r = { .job = job, .value = value, .honoured = honoured, .seq = seq };

	return r;
}

static struct nb_record yielding(uint32_t job, uint64_t seq)
{
	struct nb_record r = rec(job, 0, 1, seq);

	r.yield = 1;
	return r;
}

static struct nb_record request(int value, enum nb_conflict c)
{
	struct nb_record r = rec(99, value, 0, 100);

	r.conflict = c;
	return r;
}

START_TEST(empty_state)
{
	struct nb_view v = { NULL, 0, 0, 0 };
	struct nb_record keep0 = request(0, NB_CONFLICT_KEEP), y = yielding(99, 100);

	ck_assert_int_eq(policy_holder(&v), -1);
	ck_assert_int_eq(policy_expected(&v), -1);
	ck_assert_int_eq(policy_admit(&v, &keep0), 1);
	ck_assert_int_eq(policy_expected_with(&v, &keep0), 0);
	ck_assert_int_eq(policy_expected_with(&v, &y), 0);
	ck_assert_uint_eq(policy_max_seq(&v), 0);
	v.has_baseline = 1;
	v.baseline = 3;
	ck_assert_int_eq(policy_expected(&v), 3);
}
END_TEST

START_TEST(newest_honoured_holds)
{
	struct nb_record r[] = { rec(1, 0, 1, 5), rec(2, 1, 0, 6), rec(3, 1, 1, 7), rec(4, 0, 0, 8) };
	struct nb_view v = { r, 4, 1, 4 };

	ck_assert_int_eq(policy_holder(&v), 2);
	ck_assert_int_eq(policy_expected(&v), 1);
	ck_assert_uint_eq(policy_max_seq(&v), 8);
	v.n = 2; /* only job 1 honoured */
	ck_assert_int_eq(policy_expected(&v), 0);
}
END_TEST

START_TEST(not_honoured_only)
{
	struct nb_record r[] = { rec(1, 0, 0, 1), rec(2, 1, 0, 2) };
	struct nb_view v = { r, 2, 1, 2 };
	struct nb_record keep0 = request(0, NB_CONFLICT_KEEP);

	ck_assert_int_eq(policy_holder(&v), -1);
	ck_assert_int_eq(policy_expected(&v), 2);
	ck_assert_int_eq(policy_admit(&v, &keep0), 1);
}
END_TEST

START_TEST(admit)
{
	struct nb_record r[] = { rec(1, 0, 1, 1) };
	struct nb_view v = { r, 1, 1, 1 };
	struct nb_record keep0 = request(0, NB_CONFLICT_KEEP), keep1 = request(1, NB_CONFLICT_KEEP);
	struct nb_record latest0 = request(0, NB_CONFLICT_LATEST);
	struct nb_record latest1 = request(1, NB_CONFLICT_LATEST);

	ck_assert_int_eq(policy_admit(&v, &keep0), 1);
	ck_assert_int_eq(policy_admit(&v, &keep1), 0);
	ck_assert_int_eq(policy_admit(&v, &latest1), 1);
	ck_assert_int_eq(policy_admit(&v, &latest0), 1);
}
END_TEST

/* A yielding 0 is always honoured, whatever holds and under either
 * policy; it never holds against a request that does not yield. */
START_TEST(yielding_always_admitted)
{
	struct nb_record r[] = { rec(1, 1, 1, 1) };
	struct nb_view v = { r, 1, 1, 1 };
	struct nb_record y = yielding(2, 2);

	ck_assert_int_eq(policy_admit(&v, &y), 1);
	y.conflict = NB_CONFLICT_LATEST;
	ck_assert_int_eq(policy_admit(&v, &y), 1);
	ck_assert_int_eq(policy_expected_with(&v, &y), 1); /* job 1's 1 stays */
}
END_TEST

/* Admission of a request that does not yield ignores yielding records: a
 * 1 on a node held at 0 only by yielding jobs is honoured under keep. */
START_TEST(yielding_never_conflicts)
{
	struct nb_record r[] = { yielding(1, 1), yielding(2, 2) };
	struct nb_view v = { r, 2, 1, 1 };
	struct nb_record keep1 = request(1, NB_CONFLICT_KEEP);

	ck_assert_int_eq(policy_expected(&v), 0);
	ck_assert_int_eq(policy_holder(&v), 1); /* the newest yielding one */
	ck_assert_int_eq(policy_admit(&v, &keep1), 1);
	ck_assert_int_eq(policy_expected_with(&v, &keep1), 1);
}
END_TEST

/* The value in force: the newest honoured request that does not yield;
 * with none, 0 while a yielding request runs; else the baseline. Records
 * in both orders of arrival, under keep and latest. */
START_TEST(one_after_yielding_zero)
{
	for (int order = 0; order < 2; order++) {
		for (int c = NB_CONFLICT_KEEP; c <= NB_CONFLICT_LATEST; c++) {
			struct nb_record y = yielding(1, order ? 2 : 1);
			struct nb_record one = rec(2, 1, 1, order ? 1 : 2);

			one.conflict = y.conflict = (enum nb_conflict)c;
			struct nb_record r[2] = { y, one };
			struct nb_view v = { r, 2, 1, 1 };

			ck_assert_int_eq(policy_expected(&v), 1);
			ck_assert_int_eq(policy_holder(&v), 1);
			v.recs = &y; /* the 1 ended: the yielding 0 alone */
			v.n = 1;
			ck_assert_int_eq(policy_expected(&v), 0);
			v.n = 0; /* the last ended: the baseline */
			ck_assert_int_eq(policy_expected(&v), 1);
		}
	}
}
END_TEST

/* Among requests that do not yield the conflict policy still applies. */
START_TEST(yielding_beside_conflict)
{
	struct nb_record r[] = { yielding(1, 1), rec(2, 0, 1, 2), yielding(3, 3) };
	struct nb_view v = { r, 3, 1, 1 };
	struct nb_record keep1 = request(1, NB_CONFLICT_KEEP);
	struct nb_record latest1 = request(1, NB_CONFLICT_LATEST);

	ck_assert_int_eq(policy_holder(&v), 1);
	ck_assert_int_eq(policy_admit(&v, &keep1), 0);
	ck_assert_int_eq(policy_admit(&v, &latest1), 1);
	ck_assert_int_eq(policy_expected_with(&v, &latest1), 1);
}
END_TEST

/* (baseline & 2) | request: the memory tiering bit stays, 4 gives 0 or 1;
 * without a baseline (no state yet) the request alone. */
START_TEST(tiering_bit)
{
	struct nb_record one = rec(1, 1, 1, 1);
	struct nb_view v = { &one, 1, 1, 0 };
	struct nb_record y = yielding(2, 2);

	for (int base = 0; base <= 4; base++) {
		v.baseline = base;
		for (int req = 0; req <= 1; req++)
			ck_assert_int_eq(policy_value(&v, req), (base == 2 || base == 3 ? 2 : 0) | req);
		ck_assert_int_eq(policy_expected(&v), policy_value(&v, 1));
		ck_assert_int_eq(policy_expected_with(&v, &y), policy_value(&v, 1));
		v.n = 0;
		ck_assert_int_eq(policy_expected(&v), base);
		ck_assert_int_eq(policy_expected_with(&v, &y), policy_value(&v, 0));
		v.n = 1;
	}
	v.has_baseline = 0;
	v.baseline = 3;
	ck_assert_int_eq(policy_value(&v, 0), 0);
	ck_assert_int_eq(policy_value(&v, 1), 1);
}
END_TEST

Suite *policy_suite(void)
{
	Suite *s = suite_create("policy");
	TCase *t = tcase_create("pure");

	tcase_add_test(t, empty_state);
	tcase_add_test(t, newest_honoured_holds);
	tcase_add_test(t, not_honoured_only);
	tcase_add_test(t, admit);
	tcase_add_test(t, yielding_always_admitted);
	tcase_add_test(t, yielding_never_conflicts);
	tcase_add_test(t, one_after_yielding_zero);
	tcase_add_test(t, yielding_beside_conflict);
	tcase_add_test(t, tiering_bit);
	suite_add_tcase(s, t);
	return s;
}
