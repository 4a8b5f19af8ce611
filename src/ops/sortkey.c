/* SPDX-License-Identifier: MIT */
/* sortkey.c — byte-comparable sort keys from a --sort spec (sortkey.h). */
#include "ops/sortkey.h"
#include "text/fold.h"

enum { PRESENT = 0x01, ABSENT = 0x02, NAME_PARTS = 0x01, NAMES = 0x02 };

static const struct {
    const char *name;
    pc_sort_by by;
} words[] = {
    {"key", PC_SORT_KEY},     {"author", PC_SORT_AUTHOR}, {"year", PC_SORT_YEAR},
    {"date", PC_SORT_DATE},   {"title", PC_SORT_TITLE},   {"type", PC_SORT_TYPE},
    {"added", PC_SORT_ADDED},
};

bool pc_sort_spec_parse(pc_sort_spec *spec, const char *s, pc_buf *err)
{
    memset(spec, 0, sizeof *spec);
    for (const char *p = s;; p++) {
        const char *end = strchr(p, ',');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        pc_trim(&p, &n);
        bool desc = n && *p == '-';
        if (desc) {
            p++;
            n--;
        }
        size_t i = 0;
        while (i < sizeof words / sizeof *words &&
               (strlen(words[i].name) != n || memcmp(words[i].name, p, n)))
            i++;
        if (i == sizeof words / sizeof *words || spec->n == PC_SORT_MAX) {
            if (spec->n == PC_SORT_MAX)
                pc_buf_printf(err, "more than %d sort keys", PC_SORT_MAX);
            else
                pc_buf_printf(err, "unknown sort key '%.*s' (key, author, year, date, title, "
                                   "type, added)", (int)n, p);
            return false;
        }
        spec->by[spec->n] = words[i].by;
        spec->desc[spec->n++] = desc;
        if (!end)
            return true;
        p = end;
    }
}

static void put_text(pc_buf *out, const char *s)
{
    pc_fold_collate(out, s, strlen(s));
}

static void put_u32(pc_buf *out, unsigned v)
{
    for (int sh = 24; sh >= 0; sh -= 8)
        pc_buf_putc(out, (char)(v >> sh & 0xff));
}

static void put_year(pc_buf *out, int y) { put_u32(out, (unsigned)y ^ 0x80000000u); }

/* The names of a role: family then given, name after name. */
static bool put_names(pc_buf *out, const pc_record *rec)
{
    const pc_names *l = pc_record_names(rec, PC_F_AUTHOR);
    if (!l || !l->n)
        l = pc_record_names(rec, PC_F_EDITOR);
    if (!l || !l->n)
        return false;
    for (size_t i = 0; i < l->n; i++) {
        const pc_name *nm = &l->items[i];
        if (i)
            pc_buf_putc(out, NAMES);
        const char *fam = nm->family ? nm->family : nm->literal;
        if (fam)
            put_text(out, fam);
        pc_buf_putc(out, NAME_PARTS);
        if (nm->given)
            put_text(out, nm->given);
    }
    return true;
}

/* One component's bytes (without the presence byte); false when the
 * record lacks it. */
static bool component(pc_buf *out, pc_sort_by by, const pc_record *rec, unsigned long long seq)
{
    const pc_date *d = pc_record_date(rec, PC_F_ISSUED);
    const char *title = pc_record_get(rec, PC_F_TITLE), *sub = pc_record_get(rec, PC_F_SUBTITLE);
    switch (by) {
    case PC_SORT_KEY:
        if (!rec->key)
            return false;
        put_text(out, rec->key);
        pc_buf_putc(out, '\0');
        pc_buf_puts(out, rec->key); /* keys that fold alike: as written */
        break;
    case PC_SORT_AUTHOR:
        if (!put_names(out, rec))
            return false;
        break;
    case PC_SORT_YEAR:
    case PC_SORT_DATE:
        if (!d)
            return false;
        put_year(out, d->year);
        if (by == PC_SORT_DATE) {
            pc_buf_putc(out, (char)(d->month & 0xff));
            pc_buf_putc(out, (char)(d->day & 0xff));
        }
        return true; /* fixed width: no end byte */
    case PC_SORT_TITLE:
        if (!title && !sub)
            return false;
        put_text(out, title ? title : "");
        if (sub) {
            pc_buf_putc(out, ' ');
            put_text(out, sub);
        }
        break;
    case PC_SORT_TYPE: pc_buf_puts(out, pc_kind_name(rec->kind)); break;
    case PC_SORT_ADDED:
        put_u32(out, (unsigned)(seq >> 32));
        put_u32(out, (unsigned)seq);
        return true;
    case PC_SORT_NONE: return false;
    }
    pc_buf_putc(out, '\0'); /* below every byte of folded text: a prefix sorts first */
    return true;
}

void pc_sortkey_build(const pc_sort_spec *spec, const pc_record *rec, unsigned long long seq,
                      pc_buf *out)
{
    for (size_t i = 0; i < spec->n; i++) {
        size_t at = out->len;
        pc_buf_putc(out, PRESENT);
        if (!component(out, spec->by[i], rec, seq)) {
            pc_buf_truncate(out, at);
            pc_buf_putc(out, ABSENT); /* after every value, either way */
            continue;
        }
        if (spec->desc[i])
            for (size_t k = at + 1; k < out->len; k++)
                out->ptr[k] = (char)~(unsigned char)out->ptr[k];
    }
}
