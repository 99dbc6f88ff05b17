/* Unit tests: which --numa-balancing values are valid and allowed. */
#include "check_suites.h"
#include "nb_value.h"

START_TEST(only_exact_zero_and_one)
{
	static const char *const bad[] = { "7", "abc", "", "-1", "0x0", " 1",
					   "1 ", "01", "+1", "00", "2", "1\n" };

	ck_assert_int_eq(nb_value_parse("0"), 0);
	ck_assert_int_eq(nb_value_parse("1"), 1);
	ck_assert_int_eq(nb_value_parse(NULL), -1);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(nb_value_parse(bad[i]) == -1, "accepted '%s'", bad[i]);
}
END_TEST

START_TEST(allow_mask)
{
	ck_assert(nb_value_allowed(1u, 0));
	ck_assert(!nb_value_allowed(1u, 1));
	ck_assert(nb_value_allowed(2u, 1));
	ck_assert(!nb_value_allowed(3u, -1));
	ck_assert(!nb_value_allowed(3u, 2));
}
END_TEST

START_TEST(allowed_text)
{
	char buf[8];

	nb_value_format_allowed(3u, buf, sizeof(buf));
	ck_assert_str_eq(buf, "0,1");
	nb_value_format_allowed(1u, buf, sizeof(buf));
	ck_assert_str_eq(buf, "0");
	nb_value_format_allowed(2u, buf, sizeof(buf));
	ck_assert_str_eq(buf, "1");
}
END_TEST

Suite *value_suite(void)
{
	Suite *s = suite_create("value");
	TCase *tc = tcase_create("value");

	tcase_add_test(tc, only_exact_zero_and_one);
	tcase_add_test(tc, allow_mask);
	tcase_add_test(tc, allowed_text);
	suite_add_tcase(s, tc);
	return s;
}
