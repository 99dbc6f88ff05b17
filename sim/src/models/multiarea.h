/* SPDX-License-Identifier: GPL-2.0-or-later */
/* multiarea.h - the multi-area model (areas of microcircuits), for
 * the registry (registry.c). multiarea.c. */
#ifndef NB_MULTIAREA_H
#define NB_MULTIAREA_H

#include "models/builders.h"

/* Uses args->scale and args->areas. */
int nb_model_multiarea(struct nb_model *m, const struct nb_model_args *args);

#endif
