/* Shared-node policy: the newest honoured request of a running job is in
 * force; with none, the baseline. Pure functions over the records. */
#include "policy.h"

long policy_holder(const struct nb_view *v)
{
	long best = -1;

	for (size_t i = 0; i < v->n; i++) {
		if (v->recs[i].honoured && (best < 0 || v->recs[i].seq > v->recs[best].seq))
			best = (long)i;
	}
	return best;
}

int policy_expected(const struct nb_view *v)
{
	long h = policy_holder(v);

	if (h >= 0)
		return v->recs[h].value;
	return v->has_baseline ? v->baseline : -1;
}

int policy_admit(const struct nb_view *v, int request, enum nb_conflict conflict)
{
	long h = policy_holder(v);

	if (h < 0 || conflict == NB_CONFLICT_LATEST)
		return 1;
	return v->recs[h].value == request;
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
