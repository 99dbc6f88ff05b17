/* SPDX-License-Identifier: GPL-2.0-or-later */
/* npy.h - writes one C array as a NumPy .npy file (format version 1.0),
 * so that numpy.load reads nbsim's per-rank, per-cycle timers. npy.c. */
#ifndef NB_NPY_H
#define NB_NPY_H

#include <stddef.h>

/* Element types nbsim writes. */
enum nb_npy_type {
	NB_NPY_F64,
	NB_NPY_I64,
	NB_NPY_I8
};

#define NB_NPY_MAX_DIMS 4

/* Writes the C-order array `data` of shape[0] x ... x shape[ndim-1]
 * elements to `path`. Returns 0, or -1 with a message on stderr. */
int nb_npy_write(const char *path, enum nb_npy_type type, int ndim,
                 const size_t *shape, const void *data);
/* The same, as dir/name. */
int nb_npy_write_in(const char *dir, const char *name, enum nb_npy_type type,
                    int ndim, const size_t *shape, const void *data);

#endif
