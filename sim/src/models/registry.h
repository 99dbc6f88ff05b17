/* SPDX-License-Identifier: GPL-2.0-or-later */
/* registry.h - the models nbsim knows, by name: nb_model_build picks one,
 * lets it describe itself with the builders (builders.h) and checks the
 * result. registry.c. */
#ifndef NB_REGISTRY_H
#define NB_REGISTRY_H

#include "models/builders.h"

/* Builds the model a->name names; -1 with a message on stderr for an
 * unknown model or parameters that do not fit (delays not multiples of
 * dt, ...). nb_model_free frees what it built. */
int nb_model_build(struct nb_model *m, const struct nb_model_args *a);

#endif
