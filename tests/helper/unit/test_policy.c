/* Unit tests: the pure policy functions (holder, expected value, admit). */
#include "policy.h"
#include "suites.h"

static struct nb_record rec(uint32_t job, int value, int honoured, uint64_t seq)
{
	struct nb_record r = { .job = job, .value = value, .honoured = honoured, .seq = seq };

	return r;
}

START_TEST(empty_state)
{
	struct nb_view v = { NULL, 0, 0, 0 };

	ck_assert_int_eq(policy_holder(&v), -1);
	ck_assert_int_eq(policy_expected(&v), -1);
	ck_assert_int_eq(policy_admit(&v, 0, NB_CONFLICT_KEEP), 1);
	ck_assert_uint_eq(policy_max_seq(&v), 0);
	v.has_baseline = 1;
	v.baseline = 3;
	ck_assert_int_eq(policy_expected(&v), 3);
}
END_TEST

START_TEST(newest_honoured_holds)
{
	struct nb_record r[] = { rec(1, 0, 1, 5), rec(2, 1, 0, 6), rec(3, 1, 1, 7), rec(4, 0, 0, 8) };
	struct nb_view v = { r, 4, 1, 2 };

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

	ck_assert_int_eq(policy_holder(&v), -1);
	ck_assert_int_eq(policy_expected(&v), 2);
	ck_assert_int_eq(policy_admit(&v, 0, NB_CONFLICT_KEEP), 1);
}
END_TEST

START_TEST(admit)
{
	struct nb_record r[] = { rec(1, 0, 1, 1) };
	struct nb_view v = { r, 1, 1, 1 };

	ck_assert_int_eq(policy_admit(&v, 0, NB_CONFLICT_KEEP), 1);
	ck_assert_int_eq(policy_admit(&v, 1, NB_CONFLICT_KEEP), 0);
	ck_assert_int_eq(policy_admit(&v, 1, NB_CONFLICT_LATEST), 1);
	ck_assert_int_eq(policy_admit(&v, 0, NB_CONFLICT_LATEST), 1);
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
	suite_add_tcase(s, t);
	return s;
}
