/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rng.h - counter-based random numbers (Random123's Philox4x32-10): every
 * draw is a pure function of (seed, purpose, a, b), so any rank and thread
 * computes the same value for the same neuron, connection or step. */
#ifndef NB_RNG_H
#define NB_RNG_H

#include <math.h>
#include <stdint.h>

#include <Random123/philox.h>

/* What a stream is for: part of the key, so streams never overlap. */
enum nb_purpose {
	NB_RNG_CONNECT = 1,   /* a = projection, b = target gid << 24 | try; per synapse k in the counter */
	NB_RNG_TOTAL,         /* a = projection, b = block of 4 synapses: targets of fixed-total rules */
	NB_RNG_POISSON,       /* a = gid, b = step / 4 */
	NB_RNG_INIT,          /* a = gid, b = try: initial membrane potential */
	NB_RNG_MODEL          /* a, b chosen by the model (e.g. area positions) */
};

struct nb_u4 {
	uint32_t v[4];
};

static inline __attribute__((always_inline)) struct nb_u4
nb_rng4(uint32_t seed, enum nb_purpose purpose,
        uint64_t a, uint64_t b)
{
	philox4x32_ctr_t c = {{(uint32_t)a, (uint32_t)(a >> 32),
	                       (uint32_t)b, (uint32_t)(b >> 32)}};
	philox4x32_key_t k = {{seed, (uint32_t)purpose}};
	philox4x32_ctr_t r = philox4x32(c, k);
	struct nb_u4 u = {{r.v[0], r.v[1], r.v[2], r.v[3]}};
	return u;
}

/* Uniform in [0, 1) and in (0, 1]. */
static inline double nb_unit(uint32_t x)
{
	return x * (1.0 / 4294967296.0);
}

static inline double nb_unit_open0(uint32_t x)
{
	return (x + 1.0) * (1.0 / 4294967296.0);
}

/* Uniform integer in [0, n), n < 2^32 (multiply-shift). */
static inline uint32_t nb_below(uint32_t x, uint64_t n)
{
	return (uint32_t)(((uint64_t)x * n) >> 32);
}

/* Two independent standard normals from two uniforms (Box-Muller). */
static inline void nb_normal2(uint32_t x, uint32_t y, double *z0, double *z1)
{
	double r = sqrt(-2.0 * log(nb_unit_open0(x)));
	double t = 2.0 * M_PI * nb_unit(y);
	*z0 = r * cos(t);
	*z1 = r * sin(t);
}

#endif
