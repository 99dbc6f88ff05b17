/* build.h - constructing one rank's share of a network in one parallel
 * region: neurons (create), synapses (connect), then the delays agreed
 * over all threads and ranks and the ring buffers sized from them. */
#ifndef NB_BUILD_H
#define NB_BUILD_H

#include "engine/network.h"

/* Collective. Fills net; returns 0, or -1 on every rank (message on the
 * rank that failed). time_create/time_connect get wall seconds. */
int nb_build(struct nb_net *net, const struct nb_model *m, int threads,
             double *time_create, double *time_connect);

#endif
