/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-connect.c - synapse generation: the microcircuit's delays follow
 * NEST's Potjans_2014 rule (a normal delay is redrawn below dt / 2, then
 * rounded to steps), which makes one-step delays about 0.96 % of the
 * excitatory synapses, twice as many as redrawing below dt gives (0.51 %). */
#include <check.h>
#include <stdlib.h>

#include "connection/connect.h"
#include "models/registry.h"
#include "suite.h"

/* Share of the excitatory synapses of a one-thread microcircuit at scale
 * 0.005 whose delay is one step, every projection under `rule`. */
static double one_step_share(enum nb_delay_rule rule)
{
	struct nb_model m;
	struct nb_model_args a = {"microcircuit", 0.005, 0.1, 3, 4};
	struct nb_net net;
	struct nb_conn conn;
	uint64_t exc = 0, one = 0;

	ck_assert_int_eq(nb_model_build(&m, &a), 0);
	for (size_t p = 0; p < m.nprojs; p++)
		m.projs[p].d_rule = rule;
	ck_assert_int_eq(nb_net_init(&net, &m, 0, 1, 1), 0);
	ck_assert_int_eq(nb_net_init_thread(&net, 0), 0);
	ck_assert_int_eq(nb_conn_init(&conn, 1, true), 0);
	ck_assert_int_eq(nb_connect_thread(&conn.t[0], &net, 0), 0);
	for (uint64_t s = 0; s < conn.t[0].nsyn; s++) {
		const struct nb_syn *sy = &conn.t[0].syn[s];

		if (sy->w > 0.0f) {
			exc++;
			one += (sy->td >> NB_TGT_BITS) == 1;
		}
	}
	ck_assert_uint_gt(exc, 500000);
	nb_conn_free(&conn, &net);
	nb_net_free(&net);
	nb_model_free(&m);
	return (double)one / (double)exc;
}

START_TEST(potjans_delay_rule)
{
	double half = one_step_share(NB_DELAY_MIN_HALF_DT);
	double full = one_step_share(NB_DELAY_MIN_DT);

	ck_assert_msg(half > 0.0086 && half < 0.0106, "below dt/2: %g", half);
	ck_assert_msg(full > 0.0043 && full < 0.0059, "below dt: %g", full);
}
END_TEST

START_TEST(microcircuit_uses_it)
{
	struct nb_model m;
	struct nb_model_args a = {"microcircuit", 0.01, 0.1, 3, 4};

	ck_assert_int_eq(nb_model_build(&m, &a), 0);
	for (size_t p = 0; p < m.nprojs; p++)
		ck_assert_int_eq(m.projs[p].d_rule, NB_DELAY_MIN_HALF_DT);
	nb_model_free(&m);
	a.name = "multi-area";
	ck_assert_int_eq(nb_model_build(&m, &a), 0);
	for (size_t p = 0; p < m.nprojs; p++)
		ck_assert_int_eq(m.projs[p].d_rule, NB_DELAY_MIN_DT);
	nb_model_free(&m);
}
END_TEST

int main(void)
{
	const TTest *const tests[] = {
		potjans_delay_rule,
		microcircuit_uses_it,
		NULL,
	};

	return nb_run_tests("connect", tests);
}
