/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-npy.c - the .npy writer: exact header bytes (magic, version,
 * 64-byte alignment, dict), raw data after it, errors. It also leaves
 * arrays in $NB_TEST_OUT/npy for check-npy.py to load with numpy. */
#include "io/npy.h"
#include "run-suite.h"
#include "capture.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char dir[4096];

static void setup(void)
{
	const char *out = getenv("NB_TEST_OUT");
	snprintf(dir, sizeof dir, "%s/npy", out ? out : "/tmp");
	mkdir(dir, 0777);
}

/* Reads a whole file; *n gets its size. */
static unsigned char *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	ck_assert_ptr_nonnull(f);
	static unsigned char buf[1 << 16];
	*n = fread(buf, 1, sizeof buf, f);
	fclose(f);
	return buf;
}

static const unsigned char *check_header(const unsigned char *b, size_t n,
                                         const char *dict)
{
	ck_assert_uint_ge(n, 64);
	ck_assert_mem_eq(b, "\x93NUMPY\x01\x00", 8);
	size_t hlen = b[8] | (size_t)b[9] << 8;
	ck_assert_uint_eq((10 + hlen) % 64, 0);
	ck_assert_uint_le(10 + hlen, n);
	ck_assert_mem_eq(b + 10, dict, strlen(dict));
	for (size_t i = 10 + strlen(dict); i < 9 + hlen; i++)
		ck_assert_int_eq(b[i], ' ');
	ck_assert_int_eq(b[9 + hlen], '\n');
	return b + 10 + hlen;
}

static void path_of(char *p, size_t n, const char *name)
{
	snprintf(p, n, "%s/%s", dir, name);
}

/* Writes v as `name`, checks the header's dict and that the data follow it. */
static void write_and_check(const char *name, enum nb_npy_type type, int ndim,
                            const size_t *shape, const void *v, size_t bytes,
                            const char *dict)
{
	size_t n;
	char p[4200];
	path_of(p, sizeof p, name);
	ck_assert_int_eq(nb_npy_write(p, type, ndim, shape, v), 0);
	const unsigned char *b = slurp(p, &n);
	const unsigned char *data = check_header(b, n, dict);
	ck_assert_uint_eq((size_t)(b + n - data), bytes);
	ck_assert_mem_eq(data, v, bytes);
}

START_TEST(float_matrix)
{
	double v[6] = { 0.5, -1.25, 3e-9, 1e300, 0.0, 7.0 };
	size_t shape[2] = { 2, 3 };
	write_and_check("f8_2x3.npy", NB_NPY_F64, 2, shape, v, sizeof v,
	    "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }");
}
END_TEST

START_TEST(int_vector)
{
	int64_t v[4] = { 0, -1, INT64_MAX, 42 };
	size_t shape[1] = { 4 };
	write_and_check("i8_4.npy", NB_NPY_I64, 1, shape, v, sizeof v,
	    "{'descr': '<i8', 'fortran_order': False, 'shape': (4,), }");
}
END_TEST

START_TEST(byte_matrix)
{
	int8_t v[6] = { 0, -1, 127, -128, 2, -3 };
	size_t shape[2] = { 3, 2 };
	write_and_check("i1_3x2.npy", NB_NPY_I8, 2, shape, v, sizeof v,
	    "{'descr': '|i1', 'fortran_order': False, 'shape': (3, 2), }");
}
END_TEST

START_TEST(three_dims_and_empty)
{
	double v[12];
	for (int i = 0; i < 12; i++)
		v[i] = i * 0.5;
	size_t shape[3] = { 2, 3, 2 }, empty[2] = { 3, 0 }, n;
	char p[4200];
	path_of(p, sizeof p, "f8_2x3x2.npy");
	ck_assert_int_eq(nb_npy_write(p, NB_NPY_F64, 3, shape, v), 0);
	path_of(p, sizeof p, "f8_3x0.npy");
	ck_assert_int_eq(nb_npy_write(p, NB_NPY_F64, 2, empty, v), 0);
	const unsigned char *b = slurp(p, &n);
	const unsigned char *data = check_header(b, n,
	    "{'descr': '<f8', 'fortran_order': False, 'shape': (3, 0), }");
	ck_assert_ptr_eq(data, b + n);
}
END_TEST

START_TEST(errors)
{
	double v = 1.0;
	size_t shape[5] = { 1, 1, 1, 1, 1 };
	char err[1024];
	capture_begin();
	ck_assert_int_eq(nb_npy_write("/nonexistent-dir/x.npy", NB_NPY_F64, 1,
	                              shape, &v), -1);
	ck_assert_int_eq(nb_npy_write("/tmp/never.npy", NB_NPY_F64, 5, shape, &v), -1);
	ck_assert_int_eq(nb_npy_write("/tmp/never.npy", NB_NPY_F64, 0, shape, &v), -1);
	ck_assert_int_eq(nb_npy_write("/dev/full", NB_NPY_F64, 1, shape, &v), -1);
	capture_end(err, sizeof err);
	ck_assert_ptr_nonnull(strstr(err, "cannot create /nonexistent-dir/x.npy: "
	                             "No such file or directory\n"));
	ck_assert_ptr_nonnull(strstr(err, "5 dimensions (1 to 4 supported)"));
	ck_assert_ptr_nonnull(strstr(err, "cannot write /dev/full: No space left"));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("npy");
	TCase *tc = tcase_create("write");
	tcase_add_unchecked_fixture(tc, setup, NULL);
	tcase_add_test(tc, float_matrix);
	tcase_add_test(tc, int_vector);
	tcase_add_test(tc, byte_matrix);
	tcase_add_test(tc, three_dims_and_empty);
	tcase_add_test(tc, errors);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
