/* SPDX-License-Identifier: MIT */
/* formats.c — paperconv.h's format table: the rows of
 * src/io/registry.c as a program sees them, by accessor. */
#include "api/api.h"

size_t pc_format_count(void)
{
    size_t n = 0;
    while (pc_formats[n])
        n++;
    return n;
}

const pc_format *pc_format_at(size_t i) { return i < pc_format_count() ? pc_formats[i] : NULL; }

const char *pc_format_name(const pc_format *f) { return f ? f->name : NULL; }

const char *pc_format_description(const pc_format *f) { return f ? f->description : NULL; }

/* Item i of a NULL-terminated list (which may itself be NULL), or NULL. */
static const char *item(const char *const *list, size_t i)
{
    for (size_t k = 0; list && list[k]; k++)
        if (k == i)
            return list[k];
    return NULL;
}

const char *pc_format_alias(const pc_format *f, size_t i) { return f ? item(f->aliases, i) : NULL; }

const char *pc_format_extension(const pc_format *f, size_t i)
{
    return f ? item(f->extensions, i) : NULL;
}

bool pc_format_can_read(const pc_format *f) { return f && f->read_open; }

bool pc_format_can_write(const pc_format *f) { return f && f->write_begin; }
