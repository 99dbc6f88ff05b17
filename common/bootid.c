/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Reads and checks /proc/sys/kernel/random/boot_id. */
#include "bootid.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>

#include "readfile.h"

int boot_id_valid(const char *s, size_t len)
{
	if (len != NB_BOOT_ID_LEN)
		return 0;
	for (size_t i = 0; i < len; i++) {
		int dash = i == 8 || i == 13 || i == 18 || i == 23;
		int hex = (s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f');
		if (dash ? s[i] != '-' : !hex)
			return 0;
	}
	return 1;
}

int boot_id_read(const char *path, char out[NB_BOOT_ID_LEN + 1])
{
	char buf[64];
	size_t len;

	if (read_small_file(AT_FDCWD, path, buf, sizeof(buf), &len) != 0)
		return -1;
	if (len > 0 && buf[len - 1] == '\n')
		len--;
	if (!boot_id_valid(buf, len)) {
		errno = EINVAL;
		return -1;
	}
	memcpy(out, buf, len);
	out[len] = '\0';
	return 0;
}
