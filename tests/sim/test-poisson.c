/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-poisson.c - the Poisson inversion table: its distribution has the
 * right mean and variance, rates of zero draw nothing, and rates too high
 * for the table are refused. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "models/poisson.h"
#include "suite.h"

/* Mean and variance of the table's distribution, exactly: P(k) is the
 * share of 32-bit uniforms that draw k. */
static void moments(const struct nb_poisson *p, double *mean, double *var)
{
	double m1 = 0.0, m2 = 0.0, prev = 0.0;

	for (int k = 0; k <= p->kmax; k++) {
		double c = k < p->kmax ? p->gt[k] + 1.0 : 4294967296.0;
		double pk = (c - prev) / 4294967296.0;

		m1 += k * pk;
		m2 += (double)k * k * pk;
		prev = c;
	}
	*mean = m1;
	*var = m2 - m1 * m1;
}

START_TEST(moments_match)
{
	static const double lambdas[] = {0.05, 1.28, 2.0, 2.32, 15.0};

	for (size_t i = 0; i < sizeof(lambdas) / sizeof(lambdas[0]); i++) {
		struct nb_poisson p;
		double mean, var;

		ck_assert_int_eq(nb_poisson_init(&p, lambdas[i]), 0);
		moments(&p, &mean, &var);
		ck_assert_msg(fabs(mean - lambdas[i]) < 1e-6 * (1 + lambdas[i]),
		              "lambda %g: mean %.9g", lambdas[i], mean);
		ck_assert_msg(fabs(var - lambdas[i]) < 1e-6 * (1 + lambdas[i]),
		              "lambda %g: variance %.9g", lambdas[i], var);
	}
}
END_TEST

/* Every threshold, on both sides, for a short table and for one longer
 * than the branch-free part. */
START_TEST(draw_inverts)
{
	static const double lambdas[] = {2.0, 15.0};

	for (size_t i = 0; i < 2; i++) {
		struct nb_poisson p;

		ck_assert_int_eq(nb_poisson_init(&p, lambdas[i]), 0);
		ck_assert_int_eq(nb_poisson_draw(&p, 0), 0);
		for (int k = 0; k < p.kmax; k++) {
			ck_assert_int_eq(nb_poisson_draw(&p, p.gt[k]), k);
			ck_assert_int_eq(nb_poisson_draw(&p, p.gt[k] + 1), k + 1);
		}
		ck_assert_int_eq(nb_poisson_draw(&p, 0xffffffffu), p.kmax);
	}
}
END_TEST

START_TEST(zero_and_too_high)
{
	struct nb_poisson p;

	ck_assert_int_eq(nb_poisson_init(&p, 0.0), 0);
	ck_assert_int_eq(nb_poisson_draw(&p, 0xffffffffu), 0);
	ck_assert_int_eq(nb_poisson_init(&p, 200.0), -1);
}
END_TEST

int main(void)
{
	const TTest *const tests[] = {
		moments_match,
		draw_inverts,
		zero_and_too_high,
		NULL,
	};

	return nb_run_tests("poisson", tests);
}
