/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Which jobs get the launchers' strict memory binding (nb_membind.h). */
#include "nb_membind.h"

#include <string.h>

#include "common/values.h"

const struct nb_membind_var nb_membind_vars[NB_MEMBIND_NVARS] = {
	{ "OMPI_MCA_hwloc_base_mem_alloc_policy", "local_only" },
	{ "PRTE_MCA_hwloc_default_mem_alloc_policy", "local_only" },
};

int parse_membind(const char *s, enum nb_membind *out)
{
	static const char *const names[] = { "off", "job", "all" };

	for (size_t i = 0; s != NULL && i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(s, names[i]) == 0) {
			*out = (enum nb_membind)i;
			return 0;
		}
	return -1;
}

enum nb_membind_act nb_membind_decide(enum nb_membind site, int request,
				      const char *job_value, bool user_set)
{
	bool strict = job_value != NULL && strcmp(job_value, "strict") == 0;
	bool none = job_value != NULL && strcmp(job_value, "none") == 0;

	if (site == NB_MEMBIND_OFF || (request != 0 && request != NB_REQUEST_0_TASKS))
		return NB_MEMBIND_SKIP;
	if (job_value != NULL && !strict && !none)
		return NB_MEMBIND_BAD_JOB;
	if (user_set || none || (site == NB_MEMBIND_JOB && !strict))
		return NB_MEMBIND_SKIP;
	return NB_MEMBIND_EXPORT;
}
