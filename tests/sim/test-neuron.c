/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-neuron.c - iaf_psc_delta and iaf_psc_exp, stepped with NEST's exact
 * integration, against their closed-form solutions: driven by a constant
 * current (membrane potential to 1e-12 relative, spikes at the predicted
 * steps, refractoriness) and by a given input spike train. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "models/neuron.h"
#include "suite.h"

#define H 0.1
#define TOL 1e-12

static const struct nb_neuron_params delta_np = {
	.c_m = 1.0, .tau_m = 20.0, .t_ref = 2.0, .e_l = 0.0, .v_th = 20.0,
	.v_reset = 0.0, .i_e = 1.5,
};

static const struct nb_neuron_params exp_np = {
	.c_m = 250.0, .tau_m = 10.0, .tau_syn_ex = 0.5, .tau_syn_in = 2.0,
	.t_ref = 2.0, .e_l = -65.0, .v_th = -50.0, .v_reset = -65.0, .i_e = 450.0,
};

/* V (relative to E_L) at time t after starting from rest, constant I_e. */
static double v_const(const struct nb_neuron_params *np, double t)
{
	return np->i_e * np->tau_m / np->c_m * (1.0 - exp(-t / np->tau_m));
}

/* First step n >= 1 at which the closed form reaches the threshold. */
static int first_crossing(const struct nb_neuron_params *np)
{
	int n = 1;

	while (v_const(np, n * H) < np->v_th - np->e_l)
		n++;
	return n;
}

static void assert_close(double got, double want, int step)
{
	ck_assert_msg(fabs(got - want) <= TOL * fabs(want),
	              "step %d: V %.17g, closed form %.17g", step, got, want);
}

/* Steps a neuron of model m under constant current for `steps` steps,
 * checking V between spikes and the spike steps: spike k (from 1) comes at
 * k * n1 + (k - 1) * ref, where n1 is the first crossing from rest. */
static void run_constant(enum nb_neuron_model m, const struct nb_neuron_params *np)
{
	struct nb_prop p;
	double v = 0.0, iex = 0.0, iin = 0.0;
	int32_t r = 0;
	int n1 = first_crossing(np), ref = (int)lround(np->t_ref / H);
	int last = 0, spikes = 0;

	ck_assert_int_eq(nb_prop_init(&p, m, np, H), 0);
	for (int n = 1; n <= 4 * (n1 + ref); n++) {
		int s = m == NB_IAF_PSC_EXP ? nb_exp_step(&p, &v, &iex, &iin, &r, 0.0, 0.0)
		                            : nb_delta_step(&p, &v, &r, 0.0);
		int since = n - last - (spikes ? ref : 0);

		if (s) {
			spikes++;
			ck_assert_int_eq(n, spikes * n1 + (spikes - 1) * ref);
			ck_assert(v == np->v_reset - np->e_l);
			last = n;
		} else if (since > 0) {
			assert_close(v, v_const(np, since * H), n);
		} else {
			ck_assert(v == np->v_reset - np->e_l);
		}
	}
	ck_assert_int_eq(spikes, 4);
}

START_TEST(delta_constant_current)
{
	run_constant(NB_IAF_PSC_DELTA, &delta_np);
}
END_TEST

START_TEST(exp_constant_current)
{
	run_constant(NB_IAF_PSC_EXP, &exp_np);
}
END_TEST

/* An input train: weights at given steps, with a sum big enough to fire. */
static const int in_step[] = {5, 9, 10, 30, 31, 32, 33, 60};
static const double in_w[] = {4.0, -2.0, 6.5, 5.0, 5.0, 4.0, 3.5, 1.0};
#define NIN ((int)(sizeof(in_step) / sizeof(in_step[0])))

/* Closed form of iaf_psc_delta without current: sum of decaying jumps. */
static double v_delta_train(const struct nb_neuron_params *np, int n, int from)
{
	double v = 0.0;

	for (int k = 0; k < NIN; k++)
		if (in_step[k] <= n && in_step[k] >= from)
			v += in_w[k] * exp(-(n - in_step[k]) * H / np->tau_m);
	return v;
}

START_TEST(delta_spike_train)
{
	struct nb_neuron_params np = delta_np;
	struct nb_prop p;
	double v = 0.0;
	int32_t r = 0;
	int k = 0, spike_at = -1;

	np.i_e = 0.0;
	ck_assert_int_eq(nb_prop_init(&p, NB_IAF_PSC_DELTA, &np, H), 0);
	for (int n = 1; n <= 100; n++) {
		double in = 0.0;

		for (; k < NIN && in_step[k] == n; k++)
			in += in_w[k];
		if (nb_delta_step(&p, &v, &r, in)) {
			ck_assert_int_eq(spike_at, -1);
			spike_at = n;
		} else if (spike_at < 0) {
			assert_close(v, v_delta_train(&np, n, 0), n);
		}
	}
	for (int n = 1; n <= 100; n++) {
		if (v_delta_train(&np, n, 0) >= np.v_th - np.e_l) {
			ck_assert_int_eq(spike_at, n);
			break;
		}
	}
	/* Inputs while refractory are discarded: only step 60's jump is left. */
	assert_close(v, v_delta_train(&np, 100, 60), 100);
}
END_TEST

/* Closed form of iaf_psc_exp: a current jump w at step k gives, at n > k,
 * w tau_s tau_m / (C (tau_m - tau_s)) (e^{-t/tau_m} - e^{-t/tau_s}). */
static double v_exp_train(const struct nb_neuron_params *np, int n, double scale)
{
	double v = 0.0;

	for (int k = 0; k < NIN; k++) {
		double w = in_w[k] * scale, t = (n - in_step[k]) * H;
		double ts = w >= 0.0 ? np->tau_syn_ex : np->tau_syn_in;

		if (in_step[k] < n)
			v += w * ts * np->tau_m / (np->c_m * (np->tau_m - ts)) *
			     (exp(-t / np->tau_m) - exp(-t / ts));
	}
	return v;
}

START_TEST(exp_spike_train)
{
	struct nb_neuron_params np = exp_np;
	const double scale = 1500.0;   /* pA per unit weight of the train */
	struct nb_prop p;
	double v = 0.0, iex = 0.0, iin = 0.0;
	int32_t r = 0;
	int k = 0, spike_at = -1;

	np.i_e = 0.0;
	ck_assert_int_eq(nb_prop_init(&p, NB_IAF_PSC_EXP, &np, H), 0);
	for (int n = 1; n <= 100; n++) {
		double ex = 0.0, in = 0.0;

		for (; k < NIN && in_step[k] == n; k++) {
			if (in_w[k] >= 0.0)
				ex += in_w[k] * scale;
			else
				in += in_w[k] * scale;
		}
		if (nb_exp_step(&p, &v, &iex, &iin, &r, ex, in)) {
			if (spike_at < 0)
				spike_at = n;
		} else if (spike_at < 0) {
			assert_close(v, v_exp_train(&np, n, scale), n);
		}
	}
	/* The predicted step: the first at which the closed form crosses. */
	for (int n = 1; n <= 100; n++) {
		if (v_exp_train(&np, n, scale) >= np.v_th - np.e_l) {
			ck_assert_int_eq(spike_at, n);
			break;
		}
	}
	ck_assert_int_gt(spike_at, 0);
}
END_TEST

START_TEST(t_ref_must_be_whole_steps)
{
	struct nb_neuron_params np = delta_np;
	struct nb_prop p;

	np.t_ref = 2.05;
	ck_assert_int_eq(nb_prop_init(&p, NB_IAF_PSC_DELTA, &np, H), -1);
}
END_TEST

START_TEST(equal_time_constants)
{
	struct nb_neuron_params np = exp_np;
	struct nb_prop p;

	np.tau_syn_ex = np.tau_m;
	ck_assert_int_eq(nb_prop_init(&p, NB_IAF_PSC_EXP, &np, H), 0);
	assert_close(p.p21ex, H / np.c_m * exp(-H / np.tau_m), 0);
}
END_TEST

int main(void)
{
	const TTest *const tests[] = {
		delta_constant_current,
		exp_constant_current,
		delta_spike_train,
		exp_spike_train,
		t_ref_must_be_whole_steps,
		equal_time_constants,
		NULL,
	};

	return nb_run_tests("neuron", tests);
}
