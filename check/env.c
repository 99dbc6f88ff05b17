/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Parsing the job's variables for numa-balancing-check (env.h). */
#include "env.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "common/escape.h"
#include "common/kernel.h"
#include "common/values.h"

const char *const nb_rank_vars[NB_RANK_NVARS] = {
	"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK", "SLURM_PROCID",
};

static int bad(const char *name, const char *value, const char *want,
	       char *err, size_t errlen)
{
	char shown[40];

	escape_str(value, shown, sizeof(shown));
	snprintf(err, errlen, "%s='%s': expected %s", name, shown, want);
	return -1;
}

/* The plugin's own variable wins; a plugin older than it leaves only the
 * option's, which has no site default. */
static int parse_request(const struct nb_check_env *e, int *out, char *err, size_t errlen)
{
	const char *name = e->request != NULL ? NB_ENV_REQUEST : NB_ENV_OPTION;
	const char *value = e->request != NULL ? e->request : e->option;

	*out = NB_CHECK_NONE;
	if (value == NULL)
		return 0;
	if (parse_job_request(value, out) != 0)
		return bad(name, value, "0, 1 or 0-tasks", err, errlen);
	return 0;
}

static int parse_at_start(const char *value, int *out, char *err, size_t errlen)
{
	uint64_t v;

	*out = NB_CHECK_NONE;
	if (value == NULL)
		return 0;
	if (parse_uint(value, strlen(value), NB_KERNEL_VALUE_MAX, &v) != 0)
		return bad(NB_ENV_AT_START, value, "a kernel.numa_balancing value", err, errlen);
	*out = (int)v;
	return 0;
}

int nb_check_parse_env(const struct nb_check_env *e, struct nb_check_facts *f,
		       char *err, size_t errlen)
{
	if (parse_request(e, &f->request, err, errlen) != 0 ||
	    parse_at_start(e->at_start, &f->at_start, err, errlen) != 0)
		return -1;
	if (e->policy != NULL && strcmp(e->policy, "local") != 0)
		return bad(NB_ENV_POLICY, e->policy, "local", err, errlen);
	f->set_local = e->policy != NULL;
	return 0;
}

const char *nb_check_rank(const char *const values[])
{
	for (size_t i = 0; i < NB_RANK_NVARS; i++)
		if (values[i] != NULL && values[i][0] != '\0')
			return values[i];
	return "-";
}
