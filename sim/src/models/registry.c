/* SPDX-License-Identifier: GPL-2.0-or-later */
/* registry.c - the table of models by name, and nb_model_build's dispatch
 * (registry.h). A new model is one line here and a file of its own. */
#include "models/registry.h"

#include <stdio.h>
#include <string.h>

#include "models/brunel.h"
#include "models/microcircuit.h"
#include "models/multiarea.h"

static const struct {
	const char *name;
	int (*build)(struct nb_model *m, const struct nb_model_args *a);
} models[] = {
	{"brunel", nb_model_brunel},
	{"microcircuit", nb_model_microcircuit},
	{"multi-area", nb_model_multiarea},
};

#define NMODELS (sizeof(models) / sizeof(models[0]))

static int dispatch(struct nb_model *m, const struct nb_model_args *a)
{
	char names[128];
	size_t len = 0;

	for (size_t i = 0; i < NMODELS; i++)
		if (strcmp(a->name, models[i].name) == 0)
			return models[i].build(m, a);
	names[0] = '\0';
	for (size_t i = 0; i < NMODELS && len < sizeof(names); i++)
		len += (size_t)snprintf(names + len, sizeof(names) - len, "%s%s",
		                        i ? ", " : "", models[i].name);
	fprintf(stderr, "nbsim: unknown model '%s' (%s)\n", a->name, names);
	return -1;
}

int nb_model_build(struct nb_model *m, const struct nb_model_args *a)
{
	if (nb_model_init(m, a) || dispatch(m, a) || nb_model_check(m, a->scale)) {
		nb_model_free(m);
		return -1;
	}
	json_object_set_new(m->params, "dt_ms", json_real(m->dt));
	return 0;
}
