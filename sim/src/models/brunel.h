/* SPDX-License-Identifier: GPL-2.0-or-later */
/* brunel.h - NEST's brunel_delta network, for the registry
 * (registry.c). brunel.c. */
#ifndef NB_BRUNEL_H
#define NB_BRUNEL_H

#include "models/builders.h"

/* Uses args->scale. */
int nb_model_brunel(struct nb_model *m, const struct nb_model_args *args);

#endif
