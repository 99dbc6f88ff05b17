/* model_brunel.h - NEST's brunel_delta network, for the registry
 * (registry.c). model_brunel.c. */
#ifndef NB_MODEL_BRUNEL_H
#define NB_MODEL_BRUNEL_H

#include "builders.h"

/* Uses args->scale. */
int nb_model_brunel(struct nb_model *m, const struct nb_model_args *args);

#endif
