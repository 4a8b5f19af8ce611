/* SPDX-License-Identifier: MIT */
/* tagged.c — line-tagged bibliographic text (tagged.h): records out of
 * lines for EndNote tagged, MEDLINE and Web of Science, their values
 * through a format's map, and tag lines written back. */
#include "io/tagged.h"
#include "model/dates.h"
#include "model/ids.h"
#include "text/names.h"
#include "text/unicode.h"

#include <stdlib.h>

/* ---- reading: records out of lines -------------------------------------------- */

void pc_tagged_init(pc_tagged *t, const pc_tagged_syntax *syn, pc_source *src, pc_ctx *ctx)
{
    memset(t, 0, sizeof *t);
    t->syn = syn;
    t->ctx = ctx;
    t->file = pc_source_name(src);
    pc_lines_init(&t->in, src, ctx);
}

void pc_tagged_free(pc_tagged *t)
{
    for (size_t i = 0; i < t->capf; i++)
        pc_buf_free(&t->f[i].val);
    pc_free(t->f);
    pc_lines_free(&t->in);
    memset(t, 0, sizeof *t);
}

const pc_tagged_field *pc_tagged_find(const pc_tagged *t, const char *tag)
{
    for (size_t i = 0; i < t->nf; i++)
        if (pc_tagged_is(&t->f[i], tag))
            return &t->f[i];
    return NULL;
}

/* True if the current line holds no NUL byte and nothing that is not
 * UTF-8; else reported, and its record is skipped. */
static bool check_utf8(pc_tagged *t) { return pc_lines_check(&t->in, t->file, "; record skipped"); }

/* [s, s+n) without the white space at its ends. */
static void trim(const char **s, size_t *n)
{
    while (*n && pc_is_space((unsigned char)**s))
        (*s)++, (*n)--;
    while (*n && pc_is_space((unsigned char)(*s)[*n - 1]))
        (*n)--;
}

static pc_tagged_field *add_field(pc_tagged *t, const pc_tagged_tag *tg)
{
    if (t->nf == t->capf) {
        size_t cap = t->capf ? 2 * t->capf : 32;
        t->f = pc_xrealloc(t->f, cap * sizeof *t->f);
        for (size_t i = t->capf; i < cap; i++)
            pc_buf_init(&t->f[i].val);
        t->capf = cap;
    }
    pc_tagged_field *f = &t->f[t->nf++];
    const char *s = t->in.line.ptr;
    size_t len = tg->len < PC_TAGGED_TAG_MAX ? tg->len : PC_TAGGED_TAG_MAX;
    memcpy(f->tag, s + tg->start, len);
    f->tag[len] = '\0';
    f->tag_len = len;
    const char *v = s + tg->val;
    size_t n = t->in.line.len - tg->val;
    trim(&v, &n);
    pc_buf_clear(&f->val);
    pc_buf_put(&f->val, v, n);
    f->line = t->in.lineno;
    f->col = 1 + (size_t)(v - s); /* the tag prefix is ASCII: bytes are columns */
    return f;
}

/* A continuation line: trimmed, after "\n" (an empty value takes it as
 * its first line). */
static void add_continuation(pc_tagged *t)
{
    if (!t->nf)
        return;
    pc_tagged_field *f = &t->f[t->nf - 1];
    const char *s = t->in.line.ptr;
    size_t n = t->in.line.len;
    trim(&s, &n);
    if (f->val.len)
        pc_buf_putc(&f->val, '\n');
    pc_buf_put(&f->val, s, n);
}

static bool tag_is(const pc_tagged *t, const pc_tagged_tag *tg, const char *tag)
{
    const char *s = t->in.line.ptr + tg->start;
    /* the first byte first: most tag lines are none of the few tags asked about */
    return tag && (tg->len ? tag[0] == s[0] : !tag[0]) && strlen(tag) == tg->len && !memcmp(s, tag, tg->len);
}

/* The header tag of the syntax tg is, or NULL. */
static const char *header_of(const pc_tagged *t, const pc_tagged_tag *tg)
{
    for (const char *const *h = t->syn->headers; h && *h; h++)
        if (tag_is(t, tg, *h))
            return *h;
    return NULL;
}

/* The record has no end tag before the next `what` (NULL: the end of the
 * input); nothing for a syntax without end tags. */
static void no_end(pc_tagged *t, const char *what)
{
    if (!t->syn->end)
        return;
    if (what)
        pc_diag_emit(t->ctx, PC_SEV_WARNING, t->file, t->start, 1,
                     "%s record has no %s line before the next %s (line %lu); both kept",
                     t->syn->format, t->syn->end, what, t->in.lineno);
    else
        pc_diag_emit(t->ctx, PC_SEV_WARNING, t->file, t->start, 1,
                     "%s record has no %s line before the end of the input; kept", t->syn->format,
                     t->syn->end);
}

/* The record being read. */
typedef struct reading {
    bool in_record;    /* a tag line started it */
    bool restart_seen; /* it has the syntax's restart tag */
    bool ok;           /* every line of it is valid UTF-8 */
    bool ended;        /* it ended at its end tag, a header or a restart */
} reading;

/* A tag line: starts the record, adds a field, or ends the record. */
static void tag_line(pc_tagged *t, const pc_tagged_tag *tg, reading *r)
{
    const pc_tagged_syntax *syn = t->syn;
    const char *header = header_of(t, tg);
    if (r->in_record && tag_is(t, tg, syn->restart) && r->restart_seen) {
        no_end(t, syn->restart); /* a record without its end: the next one starts here */
        pc_lines_unread(&t->in);
        r->ended = true;
        return;
    }
    bool valid = check_utf8(t);
    if (!r->in_record) {
        if (header || tag_is(t, tg, syn->end))
            return; /* a file header, or an end with no record */
        r->in_record = true;
        t->start = t->in.lineno;
    } else if (header) {
        no_end(t, header);
        r->ended = true;
        return;
    } else if (tag_is(t, tg, syn->end)) {
        const char *s = t->in.line.ptr + tg->val;
        size_t n = t->in.line.len - tg->val;
        trim(&s, &n);
        if (n)
            pc_diag_emit(t->ctx, PC_SEV_WARNING, t->file, t->in.lineno, tg->val + 1,
                         "text after \"%s\" ignored (a record ends at %s)", syn->end, syn->end);
        r->ended = true;
        return;
    }
    r->restart_seen |= tag_is(t, tg, syn->restart);
    r->ok &= valid;
    if (valid)
        add_field(t, tg);
}

pc_read_status pc_tagged_next(pc_tagged *t)
{
    reading r = {.ok = true};
    bool junk = false;
    t->nf = 0;
    if (t->in.failed)
        return PC_READ_EOF; /* the line too long was reported, its record skipped */
    while (!r.ended && pc_lines_next(&t->in)) {
        if (pc_buf_is_blank(&t->in.line)) {
            if (r.in_record && t->syn->blank_ends)
                break;
            junk = false; /* the next run of stray text is warned about again */
            continue;
        }
        pc_tagged_tag tg;
        if (t->syn->tag(t->in.line.ptr, t->in.line.len, &tg)) {
            tag_line(t, &tg, &r);
            continue;
        }
        bool valid = check_utf8(t);
        if (!r.in_record) {
            if (!junk)
                pc_diag_emit(t->ctx, PC_SEV_WARNING, t->file, t->in.lineno, 1,
                             "text outside %s %s record ignored",
                             strchr("AEIOU", t->syn->format[0]) ? "an" : "a", t->syn->format);
            junk = true;
            continue;
        }
        r.ok &= valid;
        if (valid)
            add_continuation(t);
    }
    if (t->in.failed)
        return PC_READ_SKIP; /* a line too long: reported, the input ends */
    if (!r.in_record)
        return PC_READ_EOF;
    if (!r.ended)
        no_end(t, NULL);
    return r.ok ? PC_READ_RECORD : PC_READ_SKIP;
}

/* ---- values ------------------------------------------------------------------- */

void pc_tagged_clean(pc_buf *b, const pc_tagged_field *f, pc_tagged_join join)
{
    pc_buf_clear(b);
    const char *s = f->val.ptr, *end = s + f->val.len;
    bool wide = false;
    if (join == PC_TAGGED_FOLD || !memchr(s, '\n', f->val.len)) {
        wide = pc_line_fold(b, s, f->val.len);
    } else {
        while (s < end) {
            const char *e = memchr(s, '\n', (size_t)(end - s));
            e = e ? e : end;
            size_t mark = b->len;
            if (b->len)
                pc_buf_putc(b, '\n');
            size_t at = b->len;
            wide |= pc_line_fold(b, s, (size_t)(e - s));
            if (b->len == at)
                pc_buf_truncate(b, mark); /* an empty line is no item */
            s = e + 1;
        }
    }
    if (wide)
        pc_utf8_nfc(b);
}

void pc_tagged_keep(const pc_tagged_apply *a, pc_record *rec, const pc_tagged_field *f, const char *v,
                    size_t n)
{
    pc_record_add_extra(rec, a->family, f->tag, f->tag_len, v, n);
}

void pc_tagged_set_first(const pc_tagged_apply *a, pc_record *rec, pc_field field,
                         const pc_tagged_field *f, const char *v, size_t n)
{
    const char *old = pc_record_get(rec, field);
    if (!old)
        pc_record_set(rec, field, v, n);
    else if (strlen(old) != n || memcmp(old, v, n) != 0)
        pc_tagged_keep(a, rec, f, v, n);
}

void pc_tagged_read_date(const pc_tagged_apply *a, pc_record *rec, const pc_tagged_field *f, pc_field field,
                         const char *v, size_t n)
{
    pc_date d;
    if (pc_record_date(rec, field) && !pc_record_date_literal(rec, field))
        pc_record_set_date_literal(rec, field, v, n);
    else if (pc_record_date(rec, field) || pc_record_date_literal(rec, field))
        pc_tagged_keep(a, rec, f, v, n);
    else if (pc_tagged_date_parse(v, n, 0, &d))
        pc_record_set_date(rec, field, &d);
    else
        pc_record_set_date_literal(rec, field, v, n);
}

/* A LIST row: one item, or with PC_TAGGED_LINES one a line. */
static void read_list(pc_record *rec, const pc_map_row *row, const char *v, size_t n, bool lines)
{
    if (!lines) {
        pc_map_read(row, rec, v, n, NULL, NULL);
        return;
    }
    for (const char *s = v, *end = v + n; s < end;) {
        const char *e = memchr(s, '\n', (size_t)(end - s));
        e = e ? e : end;
        pc_map_read(row, rec, s, (size_t)(e - s), NULL, NULL);
        s = e + 1;
    }
}

/* A TEXT, LIST or SPLIT row's value. */
static bool tagged_value(void *user, const pc_map_row *row, pc_record *rec, void *value)
{
    (void)user;
    const pc_tagged_value *x = value;
    if (row->how == PC_MAP_TEXT)
        pc_tagged_set_first(x->a, rec, row->field, x->f, x->v, x->n);
    else if (row->how == PC_MAP_LIST)
        read_list(rec, row, x->v, x->n, x->lines);
    else
        pc_map_read(row, rec, x->v, x->n, NULL, ";");
    return true;
}

/* A value of no row, or of an EXTRA row: kept; a tag no row knows for any
 * kind is also told to the format. */
static void tagged_keep(void *user, const pc_map_row *row, pc_record *rec, void *value)
{
    (void)user;
    const pc_tagged_value *x = value;
    pc_tagged_apply *a = x->a;
    pc_tagged_keep(a, rec, x->f, x->v, x->n);
    if (!row && a->unknown && !pc_map_find(a->map, x->f->tag, x->f->tag_len, PC_KIND_NONE))
        a->unknown(a->user, x->f);
}

void pc_tagged_apply_fields(pc_tagged_apply *a, const pc_tagged *t, size_t from, pc_record *rec)
{
    const pc_map_reader rd = {
        .value = tagged_value, .special = a->special, .n_special = a->n_special, .keep = tagged_keep};
    for (size_t i = from; i < t->nf; i++) {
        const pc_tagged_field *f = &t->f[i];
        const pc_map_row *row = pc_map_find(a->map, f->tag, f->tag_len, a->kind);
        pc_tagged_join join = a->join ? a->join(row, f->tag) : PC_TAGGED_FOLD;
        pc_tagged_clean(&a->val, f, join);
        if (!a->val.len)
            continue; /* an empty tag says nothing */
        pc_tagged_value x = {.a = a, .f = f, .v = a->val.ptr, .n = a->val.len, .lines = join == PC_TAGGED_LINES};
        pc_map_read_row(&rd, row, rec, a->user, &x);
    }
}

void pc_tagged_apply_free(pc_tagged_apply *a) { pc_buf_free(&a->val); }

/* ---- writing ------------------------------------------------------------------ */

/* Characters (not bytes) in [s, s+n). */
static size_t chars(const char *s, size_t n)
{
    size_t c = 0;
    for (size_t i = 0; i < n; i++)
        c += ((unsigned char)s[i] & 0xC0) != 0x80;
    return c;
}

/* Re-emits the folded value [v, v+n) after a line that has `used`
 * characters already, breaking at spaces; each line's words are copied at
 * once. */
static void wrap(pc_buf *out, const char *v, size_t n, size_t used, size_t width, const char *indent)
{
    size_t ind = chars(indent, strlen(indent));
    const char *end = v + n, *line = v; /* line: the first word not yet copied */
    bool first = true;
    while (v < end) {
        const char *w = memchr(v, ' ', (size_t)(end - v));
        size_t wl = (size_t)((w ? w : end) - v), wc = chars(v, wl);
        if (!first && used + 1 + wc > width) {
            pc_buf_put(out, line, (size_t)(v - 1 - line)); /* without the space before v */
            pc_buf_putc(out, '\n');
            pc_buf_puts(out, indent);
            used = ind;
            line = v;
        } else if (!first) {
            used++;
        }
        used += wc;
        first = false;
        v += wl + (w != NULL);
    }
    pc_buf_put(out, line, (size_t)(end - line));
}

bool pc_tagged_put(pc_buf *out, const char *prefix, const char *v, size_t n, size_t width,
                   const char *indent)
{
    size_t mark = out->len;
    pc_buf_puts(out, prefix);
    size_t at = out->len;
    pc_line_fold(out, v, n);
    if (out->len == at) {
        pc_buf_truncate(out, mark);
        return false;
    }
    size_t used = chars(out->ptr + mark, at - mark);
    if (width && used + chars(out->ptr + at, out->len - at) > width) {
        pc_buf folded = PC_BUF_INIT;
        pc_buf_put(&folded, out->ptr + at, out->len - at);
        pc_buf_truncate(out, at);
        wrap(out, folded.ptr, folded.len, used, width, indent ? indent : "");
        pc_buf_free(&folded);
    }
    pc_buf_putc(out, '\n');
    return true;
}

/* ---- dates ---------------------------------------------------------------------- */

static const struct {
    const char *name;
    int season;
} seasons[] = {
    {"spring", 1}, {"spr", 1}, {"summer", 2}, {"sum", 2}, {"fall", 3},
    {"autumn", 3}, {"fal", 3}, {"aut", 3},    {"winter", 4}, {"win", 4},
};
static const char *const season_full[] = {"Spring", "Summer", "Fall", "Winter"};
static const char *const month_full[] = {"January", "February", "March",     "April",   "May",      "June",
                                         "July",    "August",   "September", "October", "November", "December"};

static int season_of(const char *s, size_t n)
{
    if (n && s[n - 1] == '.')
        n--;
    for (size_t i = 0; i < sizeof seasons / sizeof *seasons; i++)
        if (strlen(seasons[i].name) == n && !pc_strncasecmp(s, seasons[i].name, n))
            return seasons[i].season;
    return 0;
}

/* One side of a range. */
typedef struct dpart {
    int year, month, day, season;
} dpart;

static bool is_date_sep(char c) { return c == ' ' || c == ',' || c == '/' || c == '\t'; }

/* Reads the tokens of one side: numbers and words, at most five.  A
 * small number is a day beside a month name or a season (or, with `days`,
 * on the end of a range whose start has a month), else a month after a
 * year ("2013 06 10", "04 2006"). */
static bool read_part(const char *s, size_t n, dpart *p, bool days)
{
    struct {
        const char *s;
        size_t n;
        bool num;
    } tok[5];
    size_t k = 0;
    bool named = days; /* a month name or a season: small numbers are days */
    for (size_t i = 0; i < n;) {
        while (i < n && is_date_sep(s[i]))
            i++;
        size_t st = i;
        bool num = i < n && pc_is_digit((unsigned char)s[i]);
        while (i < n && !is_date_sep(s[i]) && (num ? pc_is_digit((unsigned char)s[i]) : !pc_is_digit((unsigned char)s[i])))
            i++;
        if (i == st)
            continue;
        if (k == 5)
            return false;
        tok[k].s = s + st, tok[k].n = i - st, tok[k].num = num;
        if (!num)
            named |= pc_month_from_name(s + st, i - st) > 0 || season_of(s + st, i - st) > 0;
        k++;
    }
    memset(p, 0, sizeof *p);
    bool have_year = false;
    for (size_t j = 0; j < k; j++)
        have_year |= tok[j].num && tok[j].n >= 3 && tok[j].n <= 4;
    for (size_t j = 0; j < k; j++) {
        int v = 0;
        if (tok[j].num) {
            if (tok[j].n > 4)
                return false;
            for (size_t c = 0; c < tok[j].n; c++)
                v = v * 10 + (tok[j].s[c] - '0');
        }
        int *slot;
        if (tok[j].num && tok[j].n >= 3)
            slot = &p->year;
        else if (tok[j].num)
            slot = !named && have_year && !p->month ? &p->month : &p->day;
        else if ((v = pc_month_from_name(tok[j].s, tok[j].n)) > 0)
            slot = &p->month;
        else if ((v = season_of(tok[j].s, tok[j].n)) > 0)
            slot = &p->season;
        else
            return false;
        if (*slot || v <= 0)
            return false; /* a part given twice, or a 0 */
        *slot = v;
    }
    return k > 0 && !(p->season && (p->month || p->day));
}

/* Where a range's "-" (or en dash) is in [s, s+n), and its length; 0 if none. */
static size_t range_dash(const char *s, size_t n, size_t *len)
{
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '-') {
            *len = 1;
            return i;
        }
        if (i + 3 <= n && !memcmp(s + i, "\xE2\x80\x93", 3)) {
            *len = 3;
            return i;
        }
    }
    return 0;
}

/* True if [s, s+n) is digits and hyphens only (ISO: "2010-06-10"). */
static bool iso_shaped(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!pc_is_digit((unsigned char)s[i]) && s[i] != '-')
            return false;
    return n >= 7 && s[4] == '-';
}

bool pc_tagged_date_parse(const char *s, size_t n, int year, pc_date *d)
{
    memset(d, 0, sizeof *d);
    pc_trim(&s, &n);
    if (!n)
        return false;
    if (s[0] == '-') /* a year before 1, as pc_tagged_date_put writes it: EDTF */
        return pc_date_parse_edtf(s, n, d) && d->year;
    if (iso_shaped(s, n) && pc_date_parse(s, n, d) && d->year)
        return true;
    memset(d, 0, sizeof *d);
    size_t digits = 0;
    while (digits < n && pc_is_digit((unsigned char)s[digits]))
        digits++;
    if (n == 8 && digits == 8) { /* "20151028" */
        int v[3] = {0, 0, 0}, w[3] = {4, 2, 2};
        for (size_t i = 0, k = 0; k < 3; k++)
            for (int j = 0; j < w[k]; j++)
                v[k] = v[k] * 10 + (s[i++] - '0');
        *d = (pc_date){.year = v[0], .month = v[1], .day = v[2]};
        if (d->year && pc_date_valid(d))
            return true;
        memset(d, 0, sizeof *d);
        return false;
    }
    size_t dl = 0, dash = range_dash(s, n, &dl);
    dpart a, b = {0};
    if (!read_part(s, dash ? dash : n, &a, false) ||
        (dash && !read_part(s + dash + dl, n - dash - dl, &b, a.month > 0))) {
        memset(d, 0, sizeof *d);
        return pc_date_parse(s, n, d) && d->year; /* "October 2, 2026", "2019/03/12" */
    }
    d->year = a.year ? a.year : b.year ? b.year : year;
    d->month = a.month, d->day = a.day, d->season = a.season;
    if (dash) {
        d->end_year = b.year ? b.year : d->year;
        d->end_month = b.month || b.season ? b.month : a.month;
        d->end_day = b.day;
        d->end_season = b.season;
    }
    pc_date start = {.year = d->year, .month = d->month, .day = d->day};
    pc_date end = {.year = d->end_year, .month = d->end_month, .day = d->end_day};
    if (!d->year || !pc_date_valid(&start) || (dash && !pc_date_valid(&end)) ||
        (dash && !!d->season != !!d->end_season)) {
        memset(d, 0, sizeof *d);
        return false;
    }
    return true;
}

bool pc_tagged_year(const char *s, size_t n, int *year)
{
    size_t i = n && s[0] == '-';
    if (n - i < 1 || n - i > 4)
        return false;
    int v = 0;
    for (size_t k = i; k < n; k++) {
        if (!pc_is_digit((unsigned char)s[k]))
            return false;
        v = v * 10 + (s[k] - '0');
    }
    *year = i ? -v : v;
    return v != 0;
}

/* A month or a season's name in the style asked (a season in full, or
 * upper-case and cut to three letters: "Winter", "WIN"). */
static void put_name_styled(pc_buf *b, const char *full, unsigned style, bool season)
{
    size_t n = (style & PC_TAGGED_DATE_FULL) || (season && !(style & PC_TAGGED_DATE_UPPER)) ? strlen(full) : 3;
    for (size_t i = 0; i < n; i++)
        pc_buf_putc(b, (style & PC_TAGGED_DATE_UPPER) && pc_is_lower((unsigned char)full[i])
                           ? (char)(full[i] - 32)
                           : full[i]);
}

/* "Mar 7", "Spring", "Mar": the month or season and the day of one side. */
static void put_side(pc_buf *b, int month, int day, int season, unsigned style)
{
    if (season >= 1 && season <= 4)
        put_name_styled(b, season_full[season - 1], style, true);
    else if (month >= 1 && month <= 12)
        put_name_styled(b, month_full[month - 1], style, false);
    if (day) {
        pc_buf_putc(b, ' ');
        pc_buf_put_int(b, day, 1);
    }
}

void pc_tagged_date_put(pc_buf *b, const pc_date *d, unsigned style)
{
    bool with_year = style & PC_TAGGED_DATE_YEAR;
    bool cross = d->end_year && d->end_year != d->year;
    bool any = d->month || d->season;
    if (!any && !with_year && !cross)
        return;
    if (with_year && d->year <= 0) { /* before 1 AD: EDTF, which the reader takes back */
        pc_date_edtf(&(pc_date){.year = d->year, .month = d->month, .day = d->day}, b);
        return;
    }
    if (with_year) {
        pc_buf_put_int(b, d->year, 1);
        if (any)
            pc_buf_putc(b, ' ');
    }
    put_side(b, d->month, d->day, d->season, style);
    if (cross && !with_year) {
        pc_buf_putc(b, ' ');
        pc_buf_put_int(b, d->year, 1);
    }
    if (!d->end_year)
        return;
    pc_buf_putc(b, '-');
    if (cross && with_year) {
        pc_buf_put_int(b, d->end_year, 1);
        if (d->end_month || d->end_season)
            pc_buf_putc(b, ' ');
    }
    if (!cross && !d->end_season && d->end_month == d->month && d->day && d->end_day)
        pc_buf_put_int(b, d->end_day, 1); /* "Jun 1-15" */
    else
        put_side(b, d->end_month, d->end_day, d->end_season, style);
    if (cross && !with_year) {
        pc_buf_putc(b, ' ');
        pc_buf_put_int(b, d->end_year, 1);
    }
}

/* ---- pages -------------------------------------------------------------------- */

/* How many leading digits of the start [s, s+a) the end [t, t+e) lacks:
 * the fewest that make the end no less than the start.  MEDLINE cuts the
 * digits the end shares ("454-81": 1), bibutils' xml2nbib cuts the shared
 * leading digits even when nothing is shorter ("1-0" for 1-10: 1). */
static size_t cut_digits(const char *s, size_t a, const char *t, size_t e)
{
    size_t k = a - e;
    return memcmp(t, s + k, e) >= 0 ? k : k + 1;
}

/* Copies one range of PG, its end expanded: "454-81" -> "454-481". */
static void put_range(pc_buf *b, const char *s, size_t n)
{
    const char *dash = memchr(s, '-', n);
    size_t a = dash ? (size_t)(dash - s) : n, e = dash ? n - a - 1 : 0;
    bool digits = a && e && e <= a;
    for (size_t i = 0; digits && i < n; i++)
        digits = i == a || pc_is_digit((unsigned char)s[i]);
    pc_buf_put(b, s, dash ? a + 1 : n);
    if (!dash)
        return;
    if (digits)
        pc_buf_put(b, s, cut_digits(s, a, dash + 1, e)); /* the start's leading digits */
    pc_buf_put(b, dash + 1, e);
}

void pc_tagged_pages(pc_buf *b, const char *s, size_t n)
{
    pc_buf_clear(b);
    for (size_t i = 0; i < n;) {
        size_t e = i;
        while (e < n && s[e] != ',')
            e++;
        const char *p = s + i;
        size_t pn = e - i;
        size_t lead = 0;
        while (lead < pn && p[lead] == ' ')
            lead++;
        pc_buf_put(b, p, lead);
        put_range(b, p + lead, pn - lead);
        if (e < n)
            pc_buf_putc(b, ',');
        i = e + 1;
    }
}

/* ---- names ---------------------------------------------------------------------- */

/* The last word of [s, s+n) if it is a name suffix ("Jr", "III"); its
 * offset, or n when there is none (a suffix alone is no name). */
static size_t trailing_suffix(const char *s, size_t n)
{
    size_t e = n;
    while (e && pc_is_space((unsigned char)s[e - 1]))
        e--;
    size_t w = e;
    while (w && !pc_is_space((unsigned char)s[w - 1]))
        w--;
    return w > 0 && pc_name_is_suffix(s + w, e - w) ? w : n;
}

/* The suffix of "Family, Given, Suffix", "Family, Given Suffix" or
 * "Family Suffix, Given" (c1: the first comma): sets *suf, *sn and the
 * family and given lengths without it; false when there is none. */
static bool find_suffix(const char *s, size_t n, const char *c1, size_t *fn, size_t *gn, const char **suf,
                        size_t *sn)
{
    const char *giv = c1 + 1;
    const char *c2 = memchr(giv, ',', n - (size_t)(giv - s));
    *fn = (size_t)(c1 - s);
    *gn = (size_t)((c2 ? c2 : s + n) - giv);
    if (c2 && !memchr(c2 + 1, ',', n - (size_t)(c2 + 1 - s))) {
        *suf = c2 + 1, *sn = n - (size_t)(c2 + 1 - s);
        return true;
    }
    if (c2)
        *gn = n - (size_t)(giv - s); /* more commas: as pc_name_parse reads them */
    size_t w;
    if ((w = trailing_suffix(giv, *gn)) < *gn && w > 0) {
        *suf = giv + w, *sn = *gn - w, *gn = w;
        return true;
    }
    if ((w = trailing_suffix(s, *fn)) < *fn) {
        *suf = s + w, *sn = *fn - w, *fn = w;
        return true;
    }
    return false;
}

/* A name with a suffix is given to pc_name_parse as "Family, Suffix,
 * Given" (unless it is an organisation); any other as it is written (its
 * own organisation test decides), with no copy. */
bool pc_tagged_name_parse(const char *s, size_t n, pc_name *out)
{
    pc_trim(&s, &n);
    const char *c1 = memchr(s, ',', n);
    const char *suf = NULL;
    size_t fn = 0, gn = 0, sn = 0;
    if (c1 && find_suffix(s, n, c1, &fn, &gn, &suf, &sn) && !pc_name_is_organisation(s, n)) {
        pc_buf b = PC_BUF_INIT;
        pc_buf_put(&b, s, fn);
        pc_buf_puts(&b, ", ");
        pc_buf_put(&b, suf, sn);
        pc_buf_puts(&b, ",");
        pc_buf_put(&b, c1 + 1, gn);
        pc_name_parse(b.ptr, b.len, out);
        pc_buf_free(&b);
    } else {
        pc_name_parse(s, n, out);
    }
    if (out->family || out->given || out->literal)
        return true;
    pc_name_clear(out);
    return false;
}

void pc_tagged_name_put(pc_buf *b, const pc_name *nm)
{
    if (nm->literal || !nm->family) {
        const char *lit = nm->literal ? nm->literal : nm->given;
        if (lit)
            pc_buf_puts(b, lit);
        return;
    }
    const char *parts[] = {nm->dparticle, nm->particle};
    for (size_t i = 0; i < 2; i++)
        if (parts[i] && *parts[i]) {
            pc_buf_puts(b, parts[i]);
            if (!pc_particle_joins(parts[i]))
                pc_buf_putc(b, ' ');
        }
    pc_buf_puts(b, nm->family);
    bool given = nm->given && *nm->given, suffix = nm->suffix && *nm->suffix;
    if (given || suffix)
        pc_buf_puts(b, ", ");
    if (given)
        pc_buf_puts(b, nm->given);
    if (suffix) {
        pc_buf_puts(b, ", ");
        pc_buf_puts(b, nm->suffix);
    }
}

bool pc_tagged_orcid(pc_name *nm, const char *s, size_t n)
{
    pc_trim(&s, &n);
    if (n > 6 && !pc_strncasecmp(s, "ORCID:", 6)) {
        s += 6, n -= 6;
        pc_trim(&s, &n);
    }
    const char *slash = n ? memchr(s, '/', n) : NULL;
    for (const char *p = slash; p; p = memchr(p + 1, '/', (size_t)(s + n - p - 1)))
        slash = p;
    if (slash) { /* https://orcid.org/0000-... */
        n -= (size_t)(slash + 1 - s);
        s = slash + 1;
    }
    char id[20];
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '-')
            continue;
        if (k == 16 || !(pc_is_digit((unsigned char)c) || (k == 15 && (c == 'X' || c == 'x'))))
            return false;
        id[k + k / 4] = c == 'x' ? 'X' : c;
        if (k % 4 == 3 && k < 15)
            id[k + k / 4 + 1] = '-';
        k++;
    }
    if (k != 16)
        return false;
    pc_set_strn(&nm->orcid, id, 19);
    return true;
}

void pc_tagged_initials(pc_buf *b, const char *given)
{
    bool start = true;
    for (size_t i = 0, n = given ? strlen(given) : 0; i < n;) {
        unsigned char c = (unsigned char)given[i];
        if (c == ' ' || c == '-' || c == '.' || c == '\t') {
            start = true;
            i++;
            continue;
        }
        int32_t cp;
        int len = c < 0x80 ? 1 : pc_utf8_next(given + i, n - i, &cp);
        if (len < 1)
            len = 1;
        if (start)
            pc_buf_put(b, given + i, (size_t)len);
        start = false;
        i += (size_t)len;
    }
}

/* ---- arXiv ids ---------------------------------------------------------------------- */

bool pc_tagged_arxiv_read(pc_record *rec, const char *v, size_t n)
{
    if (n < 7 || pc_strncasecmp(v, "arXiv:", 6) || pc_record_has(rec, PC_F_ARXIV_ID))
        return false;
    const char *id = v + 6, *end = v + n, *e = id;
    while (e < end && *e != ' ')
        e++;
    const char *cat = NULL;
    size_t catn = 0;
    if (e < end) {
        const char *c = e + 1;
        size_t cn = (size_t)(end - c);
        if (cn < 3 || c[0] != '[' || c[cn - 1] != ']' || memchr(c + 1, ' ', cn - 2))
            return false;
        cat = c + 1;
        catn = cn - 2;
    }
    pc_buf idb = PC_BUF_INIT;
    int version;
    size_t len = (size_t)(e - id);
    bool ok = len && pc_arxiv_scan(id, len, &idb, &version) == len;
    if (ok) {
        pc_record_set(rec, PC_F_ARXIV_ID, idb.ptr, idb.len);
        pc_record_set_arxiv_version(rec, version);
        if (cat)
            pc_record_set(rec, PC_F_ARXIV_CLASS, cat, catn);
    }
    pc_buf_free(&idb);
    return ok;
}

void pc_tagged_arxiv_put(pc_buf *b, const pc_record *rec)
{
    const char *id = pc_record_get(rec, PC_F_ARXIV_ID);
    const char *version = pc_record_get(rec, PC_F_ARXIV_VERSION);
    const char *class = pc_record_get(rec, PC_F_ARXIV_CLASS);
    if (!id)
        return;
    pc_buf_puts(b, "arXiv:");
    pc_buf_puts(b, id);
    if (version) {
        pc_buf_putc(b, 'v');
        pc_buf_puts(b, version);
    }
    if (class) {
        pc_buf_puts(b, " [");
        pc_buf_puts(b, class);
        pc_buf_putc(b, ']');
    }
}

