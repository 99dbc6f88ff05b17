/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Shared-node policy: the newest honoured request of a running job that
 * does not yield is in force; with none, 0 while a yielding request runs;
 * with none of either, the baseline. A request sets normal balancing only
 * and keeps the site's memory tiering bit. Pure functions over the
 * records. */
#include "policy.h"

#include "common/kernel.h"

int policy_value(const struct nb_view *v, int request)
{
	return ((v->has_baseline ? v->baseline : 0) & NB_BALANCING_TIERING) | request;
}

/* Index of the newest honoured record that yields (yielding 1) or does
 * not (0), or -1. */
static long newest(const struct nb_view *v, int yielding)
{
	long best = -1;

	for (size_t i = 0; i < v->n; i++) {
		const struct nb_record *r = &v->recs[i];

		if (r->honoured && r->yield == yielding && (best < 0 || r->seq > v->recs[best].seq))
			best = (long)i;
	}
	return best;
}

long policy_holder(const struct nb_view *v)
{
	long h = newest(v, 0);

	return h >= 0 ? h : newest(v, 1);
}

int policy_expected(const struct nb_view *v)
{
	long h = policy_holder(v);

	if (h >= 0)
		return policy_value(v, v->recs[h].value);
	return v->has_baseline ? v->baseline : -1;
}

int policy_expected_with(const struct nb_view *v, const struct nb_record *r)
{
	long h = newest(v, 0);

	return policy_value(v, r->yield && h >= 0 ? v->recs[h].value : r->value);
}

int policy_admit(const struct nb_view *v, const struct nb_record *r)
{
	long h = newest(v, 0);

	if (r->yield || h < 0 || r->conflict == NB_CONFLICT_LATEST)
		return 1;
	return v->recs[h].value == r->value;
}

unsigned long long policy_max_seq(const struct nb_view *v)
{
	unsigned long long m = 0;

	for (size_t i = 0; i < v->n; i++) {
		if (v->recs[i].seq > m)
			m = v->recs[i].seq;
	}
	return m;
}
