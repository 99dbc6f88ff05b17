/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-placement.c - the page-placement sampler on buffers whose pages are
 * touched, untouched, half touched or empty: touched pages are all on some
 * node (on this one-node machine: 100 % on node 0, and it says so), the
 * others "not present"; each sampled page's class, each buffer's page
 * count, the counters' clock; and the classes of move_pages' statuses
 * (scanner-marked: -ENOENT for a present page). */
#include "io/placement.h"
#include "run-suite.h"
#include "capture.h"

#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define MIB (1024u * 1024u)

static const char *const names[] = { "touched", "untouched", "empty" };

static const double *shares_of(const struct nb_placement_log *log, size_t s, int b)
{
	return log->share + (s * (size_t)log->buffers + (size_t)b) *
	       (size_t)(log->nodes + NB_PLACEMENT_EXTRA);
}

/* The share of sampled pages on some node. */
static double share_sum(const struct nb_placement_log *log, size_t s, int b)
{
	double sum = 0.0;
	for (int n = 0; n < log->nodes; n++)
		sum += shares_of(log, s, b)[n];
	return sum;
}

static const int8_t *page_row(const struct nb_placement_log *log, size_t s, int b)
{
	return log->page + (s * (size_t)log->buffers + (size_t)b) * NB_PLACEMENT_PAGES;
}

START_TEST(bad_arguments)
{
	struct nb_placement_log log;
	char err[512];
	capture_begin();
	ck_assert_int_eq(nb_placement_init(&log, 0, 4, 3, names), -1);
	ck_assert_int_eq(nb_placement_init(&log, 5, 4, 0, names), -1);
	capture_end(err, sizeof err);
	ck_assert_ptr_nonnull(strstr(err, "--placement-every must be positive"));
}
END_TEST

START_TEST(shares)
{
	struct nb_placement_log log;
	char err[512];
	size_t big = 2 * MIB, small = 64 * 1024;
	char *a = aligned_alloc(4096, big), *b = aligned_alloc(4096, small);
	char *u = mmap(NULL, 4 * MIB, PROT_READ | PROT_WRITE,
	               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ck_assert(a && b && u != MAP_FAILED);
	/* 4 KiB pages only, so touching half the pages touches half the sample */
	ck_assert_int_eq(madvise(u, 4 * MIB, MADV_NOHUGEPAGE), 0);
	memset(a, 1, big);
	memset(b, 1, small);
	struct nb_region touched[2] = { { a, big }, { b, small } };
	struct nb_region untouched[1] = { { u, 4 * MIB } };
	struct nb_region empty[1] = { { a, 0 } };
	struct nb_buffer buf[3] = { { names[0], 2, touched },
	                            { names[1], 1, untouched },
	                            { names[2], 1, empty } };
	capture_begin();
	ck_assert_int_eq(nb_placement_init(&log, 10, 3, 3, names), 0);
	capture_end(err, sizeof err);
	if (log.nodes == 1)
		ck_assert_ptr_nonnull(strstr(err, "one NUMA node"));
	nb_placement_start(&log);
	nb_placement_sample(&log, 0, buf);
	memset(u, 1, 2 * MIB); /* the first half of the untouched buffer */
	nb_placement_sample(&log, 10, buf);
	ck_assert_uint_eq(log.samples, 2);
	ck_assert_int_eq(log.cycle[0], 0);
	ck_assert_int_eq(log.cycle[1], 10);
	for (size_t s = 0; s < 2; s++) {
		ck_assert_double_eq_tol(share_sum(&log, s, 0), 1.0, 1e-12);
		if (log.nodes == 1)
			ck_assert_double_eq(shares_of(&log, s, 0)[0], 1.0);
		ck_assert_double_eq(share_sum(&log, s, 2), 0.0);
		ck_assert_int_eq(page_row(&log, s, 2)[0], NB_PAGE_NONE);
		ck_assert_int_ge(page_row(&log, s, 0)[0], 0);
	}
	ck_assert_double_eq(share_sum(&log, 0, 1), 0.0);
	ck_assert_double_eq(shares_of(&log, 0, 1)[log.nodes + 1], 1.0);
	ck_assert_int_eq(page_row(&log, 0, 1)[0], NB_PAGE_ABSENT);
	ck_assert_double_eq_tol(share_sum(&log, 1, 1), 0.5, 1e-12);
	ck_assert_double_eq_tol(shares_of(&log, 1, 1)[log.nodes + 1], 0.5, 1e-12);
	ck_assert_int_ge(page_row(&log, 1, 1)[0], 0);
	ck_assert_int_eq(page_row(&log, 1, 1)[NB_PLACEMENT_PAGES - 1], NB_PAGE_ABSENT);
	ck_assert_uint_eq(log.pages[0], (big + small) / 4096);
	ck_assert_uint_eq(log.pages[1], 4 * MIB / 4096);
	ck_assert_uint_eq(log.pages[2], 0);
	ck_assert_double_le(log.counters[0], log.counters[NB_PLACEMENT_COUNTERS]);
	nb_placement_free(&log);
	munmap(u, 4 * MIB);
	free(a);
	free(b);
}
END_TEST

START_TEST(page_classes)
{
	ck_assert_int_eq(nb_page_class(0, 2, 1), 0);
	ck_assert_int_eq(nb_page_class(1, 2, 1), 1);
	ck_assert_int_eq(nb_page_class(2, 2, 1), NB_PAGE_ABSENT);
	ck_assert_int_eq(nb_page_class(-ENOENT, 2, 1), NB_PAGE_MARKED);
	ck_assert_int_eq(nb_page_class(-ENOENT, 2, 0), NB_PAGE_ABSENT);
	ck_assert_int_eq(nb_page_class(-EFAULT, 2, 1), NB_PAGE_ABSENT);
}
END_TEST

START_TEST(full_log_refuses_more)
{
	struct nb_placement_log log;
	char err[512];
	char *a = aligned_alloc(4096, 4096);
	ck_assert_ptr_nonnull(a);
	a[0] = 1;
	struct nb_region r = { a, 4096 };
	struct nb_buffer buf = { names[0], 1, &r };
	capture_begin();
	ck_assert_int_eq(nb_placement_init(&log, 1, 2, 1, names), 0);
	for (int c = 0; c < 4; c++)
		nb_placement_sample(&log, c, &buf);
	capture_end(err, sizeof err);
	ck_assert_uint_eq(log.samples, 2);
	ck_assert_int_eq(log.cycle[1], 1);
	ck_assert_ptr_nonnull(strstr(err, "room for 2 samples only; cycle 2"));
	nb_placement_free(&log);
	free(a);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("placement");
	TCase *tc = tcase_create("placement");
	tcase_add_test(tc, bad_arguments);
	tcase_add_test(tc, shares);
	tcase_add_test(tc, page_classes);
	tcase_add_test(tc, full_log_refuses_more);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
