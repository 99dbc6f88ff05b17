/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Escaping untrusted bytes for log lines. */
#include "escape.h"

#include <string.h>

#define ELLIPSIS "..."

static size_t width(unsigned char c)
{
	return c >= 0x20 && c <= 0x7e && c != '\\' && c != '\'' && c != '"' ? 1 : 4;
}

/* Whether all len bytes fit in limit characters once escaped. */
static int fits(const char *s, size_t len, size_t limit)
{
	size_t n = 0;

	for (size_t i = 0; i < len && n <= limit; i++)
		n += width((unsigned char)s[i]);
	return n <= limit;
}

size_t escape_bytes(const char *s, size_t len, char *out, size_t outlen)
{
	static const char hex[] = "0123456789abcdef";
	size_t limit = fits(s, len, outlen - 1) ? outlen - 1 : outlen - sizeof(ELLIPSIS);
	size_t n = 0, i;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (n + width(c) > limit)
			break;
		if (width(c) == 1) {
			out[n++] = (char)c;
			continue;
		}
		out[n++] = '\\';
		out[n++] = 'x';
		out[n++] = hex[c >> 4];
		out[n++] = hex[c & 15];
	}
	if (i < len) {
		memcpy(out + n, ELLIPSIS, sizeof(ELLIPSIS) - 1);
		n += sizeof(ELLIPSIS) - 1;
	}
	out[n] = '\0';
	return n;
}

size_t escape_str(const char *s, char *out, size_t outlen)
{
	/* Each byte gives at least one character: outlen bytes are enough to
	 * fill out, and one more shows whether anything was left over. */
	return s ? escape_bytes(s, strnlen(s, outlen), out, outlen)
	         : escape_bytes("", 0, out, outlen);
}
