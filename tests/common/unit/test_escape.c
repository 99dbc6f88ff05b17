/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: untrusted bytes become one bounded, printable log token. */
#include <string.h>

#include "common/escape.h"
#include "suites.h"

START_TEST(printable_stays)
{
	char out[32];

	ck_assert_uint_eq(escape_str("0", out, sizeof(out)), 1);
	ck_assert_str_eq(out, "0");
	escape_str("abc DEF-1_2", out, sizeof(out));
	ck_assert_str_eq(out, "abc DEF-1_2");
	escape_str(NULL, out, sizeof(out));
	ck_assert_str_eq(out, "");
}
END_TEST

START_TEST(others_become_hex)
{
	char out[64];

	escape_str("0\nforged: line", out, sizeof(out));
	ck_assert_str_eq(out, "0\\x0aforged: line");
	escape_str("\\'\"\t\033\x7f\xff", out, sizeof(out));
	ck_assert_str_eq(out, "\\x5c\\x27\\x22\\x09\\x1b\\x7f\\xff");
	escape_bytes("a\0b", 3, out, sizeof(out));
	ck_assert_str_eq(out, "a\\x00b");
}
END_TEST

START_TEST(bounded)
{
	char out[8], big[5000];

	escape_str("1234567", out, sizeof(out));
	ck_assert_str_eq(out, "1234567");
	escape_str("12345678", out, sizeof(out));
	ck_assert_str_eq(out, "1234...");
	escape_str("\n\n", out, sizeof(out));
	ck_assert_str_eq(out, "\\x0a...");
	escape_str("a\n", out, sizeof(out));
	ck_assert_str_eq(out, "a\\x0a");
	memset(big, '\n', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	ck_assert_uint_lt(escape_str(big, out, sizeof(out)), sizeof(out));
	ck_assert_str_eq(out, "\\x0a...");
	ck_assert_uint_eq(escape_str("", out, 4), 0);
	escape_str("abcd", out, 4);
	ck_assert_str_eq(out, "...");
}
END_TEST

Suite *escape_suite(void)
{
	Suite *s = suite_create("escape");
	TCase *t = tcase_create("escape");

	tcase_add_test(t, printable_stays);
	tcase_add_test(t, others_become_hex);
	tcase_add_test(t, bounded);
	suite_add_tcase(s, t);
	return s;
}
