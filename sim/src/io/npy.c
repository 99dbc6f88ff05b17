/* SPDX-License-Identifier: GPL-2.0-or-later */
/* npy.c - NumPy .npy writer (format 1.0: magic, version, little-endian
 * header length, a Python dict literal padded to 64 bytes, raw data). */
#include "io/npy.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define NPY_ALIGN 64
#define NPY_PREAMBLE 10 /* magic (6) + version (2) + header length (2) */

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define NPY_ENDIAN "<"
#else
#define NPY_ENDIAN ">"
#endif

static const char *descr(enum nb_npy_type type)
{
	return type == NB_NPY_F64 ? NPY_ENDIAN "f8" :
	       type == NB_NPY_I64 ? NPY_ENDIAN "i8" : "|i1";
}

static size_t elem_size(enum nb_npy_type type)
{
	return type == NB_NPY_I8 ? 1 : 8;
}

/* The shape as a Python tuple: "(3,)" for one dimension, "(2, 3)" else. */
static int shape_text(char *buf, size_t n, int ndim, const size_t *shape)
{
	size_t used = (size_t)snprintf(buf, n, "(");
	for (int i = 0; i < ndim && used < n; i++)
		used += (size_t)snprintf(buf + used, n - used, "%s%zu",
		                         i ? ", " : "", shape[i]);
	if (used < n)
		used += (size_t)snprintf(buf + used, n - used, "%s)",
		                         ndim == 1 ? "," : "");
	return used < n ? 0 : -1;
}

/* Builds the padded header dict; returns its length (a multiple of 64 minus
 * the preamble, ending in '\n'), or 0 when it does not fit. */
static size_t header(char *buf, size_t n, enum nb_npy_type type, int ndim,
                     const size_t *shape)
{
	char tuple[NB_NPY_MAX_DIMS * 24 + 8];
	if (shape_text(tuple, sizeof tuple, ndim, shape) < 0)
		return 0;
	int len = snprintf(buf, n, "{'descr': '%s', 'fortran_order': False, "
	                   "'shape': %s, }", descr(type), tuple);
	if (len < 0 || (size_t)len + 1 >= n)
		return 0;
	size_t total = NPY_PREAMBLE + (size_t)len + 1;
	size_t padded = (total + NPY_ALIGN - 1) / NPY_ALIGN * NPY_ALIGN;
	size_t hlen = padded - NPY_PREAMBLE;
	if (hlen > n || hlen > UINT16_MAX)
		return 0;
	memset(buf + len, ' ', hlen - (size_t)len - 1);
	buf[hlen - 1] = '\n';
	return hlen;
}

static int write_all(FILE *f, const char *hdr, size_t hlen,
                     const void *data, size_t bytes)
{
	const unsigned char pre[NPY_PREAMBLE] = {
		0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0,
		(unsigned char)(hlen & 0xff), (unsigned char)(hlen >> 8)
	};
	if (fwrite(pre, 1, sizeof pre, f) != sizeof pre ||
	    fwrite(hdr, 1, hlen, f) != hlen)
		return -1;
	return bytes == 0 || fwrite(data, 1, bytes, f) == bytes ? 0 : -1;
}

int nb_npy_write(const char *path, enum nb_npy_type type, int ndim,
                 const size_t *shape, const void *data)
{
	char hdr[256];
	size_t count = 1;
	if (ndim < 1 || ndim > NB_NPY_MAX_DIMS) {
		fprintf(stderr, "nbsim: %s: %d dimensions (1 to %d supported)\n",
		        path, ndim, NB_NPY_MAX_DIMS);
		return -1;
	}
	for (int i = 0; i < ndim; i++)
		count *= shape[i];
	size_t hlen = header(hdr, sizeof hdr, type, ndim, shape);
	if (hlen == 0) {
		fprintf(stderr, "nbsim: %s: .npy header too long\n", path);
		return -1;
	}
	FILE *f = fopen(path, "wb");
	if (!f) {
		fprintf(stderr, "nbsim: cannot create %s: %s\n", path, strerror(errno));
		return -1;
	}
	int rc = write_all(f, hdr, hlen, data, count * elem_size(type));
	int err = errno;
	if (fclose(f) != 0 && rc == 0) {
		rc = -1;
		err = errno;
	}
	if (rc < 0)
		fprintf(stderr, "nbsim: cannot write %s: %s\n", path, strerror(err));
	return rc;
}

int nb_npy_write_in(const char *dir, const char *name, enum nb_npy_type type,
                    int ndim, const size_t *shape, const void *data)
{
	char path[4096];
	if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path) {
		fprintf(stderr, "nbsim: output path too long: %s/%s\n", dir, name);
		return -1;
	}
	return nb_npy_write(path, type, ndim, shape, data);
}
