/* SPDX-License-Identifier: MIT */
/* cited.c — readers of citation sources into a hashed key set (cited.h):
 * the set, kind detection, and one reader per kind (.aux with its
 * \@input queue, .bcf through libxml2's reader, pandoc Markdown, lists). */
#include "ops/cited.h"
#include "text/unicode.h"
#include "util/buf.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include <libxml/xmlreader.h>

struct pc_cited {
    pc_citation *e;
    size_t n, cap;
    uint32_t *slot; /* 1 + entry, 0 = empty */
    size_t mask;
    uint64_t seed;  /* of the key hash: no input can aim at one probe chain */
    pc_strlist files, bibdata;
    bool all;
};

pc_cited *pc_cited_new(void)
{
    pc_cited *c = pc_xcalloc(1, sizeof *c);
    c->mask = 255;
    c->slot = pc_xcalloc(c->mask + 1, sizeof *c->slot);
    c->seed = ((uint64_t)(uintptr_t)c * 0x9E3779B97F4A7C15ULL) ^ (uint64_t)time(NULL);
    return c;
}

void pc_cited_free(pc_cited *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->n; i++)
        pc_free((char *)c->e[i].key);
    pc_free(c->e);
    pc_free(c->slot);
    pc_strlist_clear(&c->files);
    pc_strlist_clear(&c->bibdata);
    pc_free(c);
}

/* ---- the set ------------------------------------------------------------------------ */

static size_t key_slot(const pc_cited *c, const char *k, size_t n)
{
    uint64_t h = 1469598103934665603ULL ^ c->seed;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)k[i]) * 1099511628211ULL;
    h ^= h >> 29;
    size_t i = (size_t)(h * 0xBF58476D1CE4E5B9ULL >> 16) & c->mask;
    for (uint32_t e; (e = c->slot[i]) != 0; i = (i + 1) & c->mask)
        if (c->e[e - 1].key_len == n && !memcmp(c->e[e - 1].key, k, n))
            break;
    return i;
}

static pc_citation *entry(pc_cited *c, const char *k, size_t n, const char *file,
                          unsigned long line, unsigned long col)
{
    size_t s = key_slot(c, k, n);
    if (c->slot[s])
        return &c->e[c->slot[s] - 1];
    if (2 * (c->n + 1) > c->mask + 1) {
        pc_free(c->slot);
        c->mask = 2 * c->mask + 1;
        c->slot = pc_xcalloc(c->mask + 1, sizeof *c->slot);
        for (size_t i = 0; i < c->n; i++)
            c->slot[key_slot(c, c->e[i].key, c->e[i].key_len)] = (uint32_t)(i + 1);
        s = key_slot(c, k, n);
    }
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 256;
        c->e = pc_xrealloc(c->e, c->cap * sizeof *c->e);
    }
    c->e[c->n] = (pc_citation){.key = pc_xstrndup(k, n), .key_len = n, .file = file,
                               .line = line, .col = col};
    c->slot[s] = (uint32_t)++c->n;
    return &c->e[c->n - 1];
}

/* A file name as entries keep it: interned, valid while the set lives. */
static const char *file_name(pc_cited *c, const char *name)
{
    if (!c->files.n || strcmp(c->files.items[c->files.n - 1], name))
        pc_strlist_add_unique(&c->files, name, strlen(name));
    for (size_t i = c->files.n; i-- > 0;) /* the last one, but for a file read twice */
        if (!strcmp(c->files.items[i], name))
            return c->files.items[i];
    return "";
}

/* One citation of [k, k+n) at file:line:col ("*" = every record). */
static void cite(pc_cited *c, const char *k, size_t n, const char *file, unsigned long line,
                 unsigned long col)
{
    pc_trim(&k, &n);
    if (!n)
        return;
    if (n == 1 && *k == '*') {
        c->all = true;
        return;
    }
    entry(c, k, n, file, line, col)->count++;
}

bool pc_cited_all(const pc_cited *c) { return c->all; }
size_t pc_cited_count(const pc_cited *c) { return c->n; }
const pc_strlist *pc_cited_bibdata(const pc_cited *c) { return &c->bibdata; }

const pc_citation *pc_cited_find(const pc_cited *c, const char *k, size_t n)
{
    uint32_t e = c->slot[key_slot(c, k, n)];
    return e ? &c->e[e - 1] : NULL;
}

bool pc_cited_wants(const pc_cited *c, const char *k, size_t n, unsigned min_crossrefs)
{
    const pc_citation *e = pc_cited_find(c, k, n);
    return c->all || (e && (e->count || (e->parent && e->parent >= min_crossrefs)));
}

bool pc_cited_mark(pc_cited *c, const char *k, size_t n)
{
    uint32_t e = c->slot[key_slot(c, k, n)];
    if (e)
        c->e[e - 1].found = true;
    return e || c->all;
}

void pc_cited_each_missing(const pc_cited *c, void (*fn)(void *u, const pc_citation *cit),
                           void *u)
{
    for (size_t i = 0; i < c->n; i++)
        if (c->e[i].count && !c->e[i].found)
            fn(u, &c->e[i]);
}

void pc_cited_note_parents(pc_cited *c, const pc_record *rec)
{
    if (!rec->key || !pc_cited_wants(c, rec->key, strlen(rec->key), UINT_MAX))
        return;
    for (size_t i = 0; i < rec->n_extras; i++) {
        const pc_extra *x = &rec->extras[i];
        if (!x->format || strcmp(x->format, "bibtex") ||
            (pc_strcasecmp(x->name, "crossref") && pc_strcasecmp(x->name, "xdata")))
            continue;
        for (const char *p = x->value, *end; *p; p = *end ? end + 1 : end) {
            end = strchr(p, ',');
            if (!end)
                end = p + strlen(p);
            const char *k = p;
            size_t n = (size_t)(end - p);
            pc_trim(&k, &n);
            if (n)
                entry(c, k, n, rec->src_file, rec->src_line, 0)->parent++;
        }
    }
}

/* ---- kinds ---------------------------------------------------------------------------- */

pc_cited_kind pc_cited_detect(const char *path, const char *head, size_t n)
{
    static const struct {
        const char *ext;
        pc_cited_kind kind;
    } exts[] = {
        {"aux", PC_CITED_AUX},       {"bcf", PC_CITED_BCF},       {"md", PC_CITED_MARKDOWN},
        {"markdown", PC_CITED_MARKDOWN}, {"rmd", PC_CITED_MARKDOWN}, {"qmd", PC_CITED_MARKDOWN},
        {"keys", PC_CITED_LIST},     {"list", PC_CITED_LIST},     {"lst", PC_CITED_LIST},
    };
    const char *dot = path ? strrchr(path, '.') : NULL;
    if (dot && !strchr(dot, '/'))
        for (size_t i = 0; i < sizeof exts / sizeof *exts; i++)
            if (!pc_strcasecmp(dot + 1, exts[i].ext))
                return exts[i].kind;
    pc_buf b = PC_BUF_INIT; /* the head as a string, for strstr */
    pc_buf_put(&b, head, n);
    pc_cited_kind k = PC_CITED_LIST;
    if (strstr(b.ptr, "\\citation{") || strstr(b.ptr, "\\bibdata{") || !strncmp(b.ptr, "\\relax", 6))
        k = PC_CITED_AUX;
    else if (strstr(b.ptr, "<?xml") && strstr(b.ptr, "bcf:controlfile"))
        k = PC_CITED_BCF;
    else if (strstr(b.ptr, "[@") || strstr(b.ptr, " @") || strstr(b.ptr, "\n@") || b.ptr[0] == '@')
        k = PC_CITED_MARKDOWN;
    pc_buf_free(&b);
    return k;
}

static bool read_all(const char *path, pc_buf *out)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f)
        return false;
    char chunk[65536];
    size_t k;
    while ((k = fread(chunk, 1, sizeof chunk, f)) > 0)
        pc_buf_put(out, chunk, k);
    bool ok = !ferror(f);
    if (f != stdin)
        fclose(f);
    return ok;
}

/* Lines of a buffer: each without its newline (a CR before it dropped). */
typedef struct lines {
    const char *s;
    size_t n, at;
    unsigned long no; /* the current line's number (1-based) */
} lines;

static bool next_line(lines *l, const char **line, size_t *len)
{
    if (l->at >= l->n)
        return false;
    const char *p = l->s + l->at, *nl = memchr(p, '\n', l->n - l->at);
    *line = p;
    *len = nl ? (size_t)(nl - p) : l->n - l->at;
    l->at += *len + (nl ? 1 : 0);
    if (*len && p[*len - 1] == '\r')
        (*len)--;
    l->no++;
    return true;
}

/* Columns count code points (as every reader's do), from a cache that
 * moves forward along one line, so a line of a million citations costs
 * one pass. */
typedef struct columns {
    const char *line;
    size_t pos;        /* byte offset the cache is at */
    unsigned long col; /* its column */
} columns;

static unsigned long col_at(columns *c, size_t off)
{
    if (off < c->pos) { /* never asked backwards by the readers; restart if so */
        c->pos = 0;
        c->col = 1;
    }
    c->col += (unsigned long)pc_utf8_len(c->line + c->pos, off - c->pos);
    c->pos = off;
    return c->col;
}

/* ---- plain lists -------------------------------------------------------------------------- */

static void read_list(pc_cited *c, const char *file, const char *s, size_t n)
{
    lines ls = {.s = s, .n = n};
    const char *line;
    size_t len;
    while (next_line(&ls, &line, &len)) {
        unsigned long lineno = ls.no;
        columns cc = {line, 0, 1};
        if (len && (line[0] == '#' || line[0] == '%'))
            continue;
        for (size_t i = 0; i < len;) {
            while (i < len && (pc_is_space((unsigned char)line[i]) || line[i] == ','))
                i++;
            size_t st = i;
            while (i < len && !pc_is_space((unsigned char)line[i]) && line[i] != ',')
                i++;
            if (i > st)
                cite(c, line + st, i - st, file, lineno, col_at(&cc, st));
        }
    }
}

/* ---- .aux ----------------------------------------------------------------------------------- */

/* An .aux file waiting to be read, and where it was named. */
typedef struct aux_item {
    char *path;
    int depth;
    const char *from; /* the including file (interned), NULL for the first */
    unsigned long line, col;
} aux_item;

typedef struct aux_queue {
    aux_item *q;
    size_t head, n, cap;
    pc_strlist seen; /* real paths read or queued */
    const char *root; /* the folder \@input names are relative to */
} aux_queue;

/* The index of the brace closing the one at s[open], or n. */
static size_t group_end(const char *s, size_t n, size_t open)
{
    int depth = 0;
    for (size_t i = open; i < n; i++) {
        if (s[i] == '{')
            depth++;
        else if (s[i] == '}' && --depth == 0)
            return i;
    }
    return n;
}

/* Calls cite() for each comma-separated key of [s+from, s+to). */
static void cite_keys(pc_cited *c, const char *file, unsigned long line, const char *s,
                      size_t from, size_t to, columns *cc)
{
    for (size_t i = from; i <= to;) {
        size_t st = i;
        while (i < to && s[i] != ',')
            i++;
        size_t k = st;
        while (k < i && pc_is_space((unsigned char)s[k]))
            k++;
        cite(c, s + k, i - k, file, line, col_at(cc, k));
        i++;
    }
}

static void queue_aux(pc_cited *c, pc_ctx *ctx, aux_queue *aq, const char *name, size_t n,
                      const aux_item *from, unsigned long line, unsigned long col)
{
    pc_buf path = PC_BUF_INIT;
    if (n && name[0] != '/' && aq->root && *aq->root)
        pc_buf_printf(&path, "%s/", aq->root);
    pc_buf_put(&path, name, n);
    const char *from_name = from->path;
    if (from->depth + 1 > PC_CITED_MAX_DEPTH || aq->seen.n >= PC_CITED_MAX_FILES) {
        pc_diag_emit(ctx, PC_SEV_WARNING, from_name, line, col,
                     "\\@input{%s} not followed: more than %d levels or %d files of .aux",
                     path.ptr, PC_CITED_MAX_DEPTH, PC_CITED_MAX_FILES);
        pc_buf_free(&path);
        return;
    }
    char *real = realpath(path.ptr, NULL);
    const char *id = real ? real : path.ptr;
    if (!pc_strlist_add_unique(&aq->seen, id, strlen(id))) { /* read already: a cycle */
        free(real); /* realpath's memory: libc's free */
        pc_buf_free(&path);
        return;
    }
    free(real); /* realpath's memory: libc's free */
    if (aq->n == aq->cap) {
        aq->cap = aq->cap ? 2 * aq->cap : 8;
        aq->q = pc_xrealloc(aq->q, aq->cap * sizeof *aq->q);
    }
    aq->q[aq->n++] = (aux_item){.path = pc_buf_detach(&path), .depth = from->depth + 1,
                                .from = file_name(c, from_name), .line = line, .col = col};
}

/* \bibdata{refs,more}: refs.bib, more.bib, relative to the root folder. */
static void add_bibdata(pc_cited *c, const aux_queue *aq, const char *s, size_t from, size_t to)
{
    for (size_t i = from; i <= to;) {
        size_t st = i;
        while (i < to && s[i] != ',')
            i++;
        const char *k = s + st;
        size_t n = i - st;
        pc_trim(&k, &n);
        if (n) {
            pc_buf b = PC_BUF_INIT;
            if (k[0] != '/' && aq->root && *aq->root)
                pc_buf_printf(&b, "%s/", aq->root);
            pc_buf_put(&b, k, n);
            if (n < 4 || pc_strcasecmp(b.ptr + b.len - 4, ".bib"))
                pc_buf_puts(&b, ".bib");
            pc_strlist_add_unique(&c->bibdata, b.ptr, b.len);
            pc_buf_free(&b);
        }
        i++;
    }
}

static void read_aux_text(pc_cited *c, pc_ctx *ctx, aux_queue *aq, const aux_item *it,
                          const char *s, size_t n)
{
    static const char *const cmds[] = {"\\citation{", "\\bibdata{", "\\@input{"};
    const char *file = file_name(c, it->path);
    lines ls = {.s = s, .n = n};
    const char *line;
    size_t len;
    while (next_line(&ls, &line, &len)) {
        columns cc = {line, 0, 1};
        for (const char *p = memchr(line, '\\', len); p; ) {
            size_t at = (size_t)(p - line), k = 0;
            while (k < 3 && (len - at < strlen(cmds[k]) || memcmp(p, cmds[k], strlen(cmds[k]))))
                k++;
            size_t next = at + 1;
            if (k < 3) {
                size_t open = at + strlen(cmds[k]) - 1, close = group_end(line, len, open);
                if (close == len)
                    pc_diag_emit(ctx, PC_SEV_WARNING, file, ls.no, col_at(&cc, at),
                                 "%.*s without its closing brace", (int)strlen(cmds[k]) - 1, cmds[k]);
                if (k == 0)
                    cite_keys(c, file, ls.no, line, open + 1, close, &cc);
                else if (k == 1)
                    add_bibdata(c, aq, line, open + 1, close);
                else
                    queue_aux(c, ctx, aq, line + open + 1, close - open - 1, it, ls.no,
                              col_at(&cc, open + 1));
                next = close < len ? close + 1 : len;
            }
            p = next < len ? memchr(line + next, '\\', len - next) : NULL;
        }
    }
}

/* Reads the first .aux (from `data` when not NULL, else from its path)
 * and every .aux it includes, breadth first. */
static bool read_aux(pc_cited *c, pc_ctx *ctx, const char *name, const char *data, size_t n,
                     bool on_disk)
{
    aux_queue aq = {0};
    pc_buf root = PC_BUF_INIT;
    const char *slash = strrchr(name, '/');
    if (slash && on_disk)
        pc_buf_put(&root, name, (size_t)(slash - name) + (slash == name));
    aq.root = root.ptr;
    aux_item first = {.path = pc_xstrdup(name), .depth = 0};
    char *real = on_disk ? realpath(name, NULL) : NULL;
    pc_strlist_push(&aq.seen, real ? real : name);
    free(real); /* realpath's memory: libc's free */
    pc_buf text = PC_BUF_INIT;
    read_aux_text(c, ctx, &aq, &first, data, n);
    for (; aq.head < aq.n; aq.head++) {
        aux_item it = aq.q[aq.head]; /* a copy: reading may grow the queue */
        pc_buf_clear(&text);
        if (read_all(it.path, &text))
            read_aux_text(c, ctx, &aq, &it, text.ptr, text.len);
        else
            pc_diag_emit(ctx, PC_SEV_WARNING, it.from, it.line, it.col,
                         "\\@input file %s cannot be read: %s", it.path, strerror(errno));
    }
    for (size_t i = 0; i < aq.n; i++)
        pc_free(aq.q[i].path);
    pc_free(aq.q);
    pc_free(first.path);
    pc_strlist_clear(&aq.seen);
    pc_buf_free(&text);
    pc_buf_free(&root);
    return true;
}

/* ---- .bcf ------------------------------------------------------------------------------------ */

static int bcf_io_read(void *ctx, char *buf, int len)
{
    lines *l = ctx; /* the buffer being read: s, n and how far (at) */
    size_t k = l->n - l->at < (size_t)len ? l->n - l->at : (size_t)len;
    memcpy(buf, l->s + l->at, k);
    l->at += k;
    return (int)k;
}

static void bcf_error(void *u, const char *msg, xmlParserSeverities sev, xmlTextReaderLocatorPtr loc)
{
    (void)msg;
    (void)sev;
    int *line = u;
    if (!*line)
        *line = xmlTextReaderLocatorLineNumber(loc);
}

/* The text of every bcf:citekey and every file bcf:datasource. */
static bool read_bcf(pc_cited *c, pc_ctx *ctx, const char *name, const char *s, size_t n)
{
    const char *file = file_name(c, name);
    lines src = {.s = s, .n = n};
    /* no network, no DTD loading, no entity substitution (XML_PARSE_NOENT
     * off): a .bcf is biblatex's own plain XML */
    xmlTextReaderPtr r = xmlReaderForIO(bcf_io_read, NULL, &src, name, NULL,
                                        XML_PARSE_NONET | XML_PARSE_NOCDATA | XML_PARSE_BIG_LINES);
    if (!r)
        return false;
    int bad_line = 0, st;
    xmlTextReaderSetErrorHandler(r, bcf_error, &bad_line);
    while ((st = xmlTextReaderRead(r)) == 1) {
        if (xmlTextReaderNodeType(r) != XML_READER_TYPE_ELEMENT)
            continue;
        const char *local = (const char *)xmlTextReaderConstLocalName(r);
        bool key = local && !strcmp(local, "citekey");
        bool data = local && !strcmp(local, "datasource");
        if (!key && !data)
            continue;
        /* the element's own line (the parser reads ahead); no column */
        unsigned long line = (unsigned long)xmlGetLineNo(xmlTextReaderCurrentNode(r)), col = 0;
        char *type = data ? (char *)xmlTextReaderGetAttribute(r, (const xmlChar *)"type") : NULL;
        char *text = (char *)xmlTextReaderReadString(r);
        if (key && text)
            cite(c, text, strlen(text), file, line, col);
        else if (data && text && (!type || !strcmp(type, "file")))
            pc_strlist_add_unique(&c->bibdata, text, strlen(text));
        xmlFree(type);
        xmlFree(text);
    }
    xmlFreeTextReader(r);
    if (st < 0)
        pc_diag_emit(ctx, PC_SEV_WARNING, file, (unsigned long)bad_line, 0,
                     "not well-formed XML: the citations after this line are not read");
    return true;
}

/* ---- pandoc Markdown ------------------------------------------------------------------------ */

/* The code point before s[i] (0 at the start). */
static int32_t prev_cp(const char *s, size_t i)
{
    if (!i)
        return 0;
    size_t k = i - 1;
    while (k > 0 && i - k < 4 && ((unsigned char)s[k] & 0xC0) == 0x80)
        k--;
    int32_t cp;
    return pc_utf8_next(s + k, i - k, &cp) == (int)(i - k) ? cp : 0;
}

/* The code point at s[i] and its length in *len (0 past the end, or -1
 * for a bad byte, read as one byte). */
static int32_t cp_at(const char *s, size_t i, size_t n, size_t *len)
{
    *len = 1;
    if (i >= n)
        return 0;
    if ((unsigned char)s[i] < 0x80)
        return (unsigned char)s[i];
    int32_t cp;
    int k = pc_utf8_next(s + i, n - i, &cp);
    if (k < 0)
        return -1;
    *len = (size_t)k;
    return cp;
}

static bool key_char(int32_t cp) { return cp == '_' || (cp > 0 && pc_unicode_is_word(cp)); }

/* Where the next c at or after `from` is in [s, s+n) (n if none), by a
 * cache that only moves forward: the scan asks in increasing order, so
 * each byte is looked at once whatever the input. */
typedef struct next_of {
    char c;
    size_t at; /* the answer for the last `from` asked (valid when at >= from) */
    bool set;
} next_of;

static size_t next_at(next_of *x, const char *s, size_t n, size_t from)
{
    if (!x->set || x->at < from) {
        const char *p = from < n ? memchr(s + from, x->c, n - from) : NULL;
        x->at = p ? (size_t)(p - s) : n;
        x->set = true;
    }
    return x->at;
}

/* The length of the key at s[i] (after the @), 0 when none starts there;
 * *braced when it is @{...} (then the key is inside the braces, on one
 * line). */
static size_t cite_key(const char *s, size_t i, size_t n, bool *braced, next_of *brace,
                       next_of *nl)
{
    *braced = false;
    if (i < n && s[i] == '{') {
        size_t close = next_at(brace, s, n, i);
        if (close == n || close == i + 1 || next_at(nl, s, n, i) < close)
            return 0;
        *braced = true;
        return close - i + 1;
    }
    size_t len, k = i;
    int32_t cp = cp_at(s, k, n, &len);
    if (cp == '*')
        return 1;
    if (!key_char(cp))
        return 0;
    for (k += len; k < n;) {
        cp = cp_at(s, k, n, &len);
        if (key_char(cp)) {
            k += len;
            continue;
        }
        size_t l2;
        int32_t next = cp_at(s, k + 1, n, &l2);
        if (cp > 0 && cp < 0x80 && strchr(":.#$%&-+?<>~/", (int)cp) && key_char(next))
            k += 1; /* internal punctuation: taken with the character after it */
        else if ((cp == ':' || cp == '/') && next == '/')
            k += 1; /* "//" (as in a URL-like key) */
        else
            break;
    }
    return k - i;
}

/* Small map from a backtick run's length to the latest run of that length. */
typedef struct run_map {
    size_t *len;
    uint32_t *idx;
    size_t mask;
} run_map;

static uint32_t *run_slot(run_map *m, size_t len)
{
    size_t i = (len * 0x9E3779B97F4A7C15ULL >> 20) & m->mask;
    while (m->len[i] && m->len[i] != len)
        i = (i + 1) & m->mask;
    m->len[i] = len;
    return &m->idx[i];
}

/* For each backtick run of [s, s+n): where it is, how long, and the index
 * of the next run of the same length (its closer), or UINT32_MAX. */
typedef struct runs {
    size_t *pos, *len;
    uint32_t *closer;
    size_t n, cap;
} runs;

static void find_runs(const char *s, size_t n, runs *r)
{
    r->n = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] != '`' || (i && s[i - 1] == '`'))
            continue;
        size_t k = i;
        while (k < n && s[k] == '`')
            k++;
        if (r->n == r->cap) {
            r->cap = r->cap ? 2 * r->cap : 16;
            r->pos = pc_xrealloc(r->pos, r->cap * sizeof *r->pos);
            r->len = pc_xrealloc(r->len, r->cap * sizeof *r->len);
            r->closer = pc_xrealloc(r->closer, r->cap * sizeof *r->closer);
        }
        r->pos[r->n] = i;
        r->len[r->n++] = k - i;
    }
    size_t cap = 16;
    while (cap < 2 * r->n)
        cap *= 2;
    run_map m = {pc_xcalloc(cap, sizeof *m.len), pc_xmalloc(cap * sizeof *m.idx), cap - 1};
    for (size_t i = cap; i-- > 0;)
        m.idx[i] = UINT32_MAX;
    for (size_t i = r->n; i-- > 0;) {
        uint32_t *slot = run_slot(&m, r->len[i]);
        r->closer[i] = *slot;
        *slot = (uint32_t)i;
    }
    pc_free(m.len);
    pc_free(m.idx);
}

/* The citations of one block of text (lines between blank lines, no
 * fenced code), starting at line `line`; code spans skipped. */
static void scan_block(pc_cited *c, const char *file, const char *s, size_t n,
                       unsigned long line, runs *rs)
{
    find_runs(s, n, rs);
    size_t line_start = 0, ri = 0;
    next_of brace = {.c = '}'}, nl = {.c = '\n'};
    columns cc = {s, 0, 1};
    for (size_t i = 0; i < n; i++) {
        char ch = s[i];
        if (ch == '\n') {
            line++;
            line_start = i + 1;
            cc = (columns){s + line_start, 0, 1};
        } else if (ch == '\\' && i + 1 < n && s[i + 1] != '\n') {
            i++; /* an escaped character: \@ is no citation, \` no code */
        } else if (ch == '`') {
            while (ri < rs->n && rs->pos[ri] < i)
                ri++;
            size_t end = i + rs->len[ri];
            if (rs->closer[ri] != UINT32_MAX)
                end = rs->pos[rs->closer[ri]] + rs->len[rs->closer[ri]];
            for (size_t k = i; k < end; k++) /* the code span: count its newlines */
                if (s[k] == '\n') {
                    line++;
                    line_start = k + 1;
                    cc = (columns){s + line_start, 0, 1};
                }
            i = end - 1;
        } else if (ch == '@' && !pc_unicode_is_word(prev_cp(s, i))) {
            bool braced; /* not after a letter or digit: no e-mail address */
            size_t k = cite_key(s, i + 1, n, &braced, &brace, &nl);
            if (k)
                cite(c, s + i + 1 + braced, k - 2 * braced, file, line,
                     col_at(&cc, i - line_start));
            i += k;
        }
    }
}

/* A fence line: up to three spaces, then three or more ` or ~; *ch and
 * *len say which and how many.  A ` fence's info string has no `. */
static bool fence(const char *l, size_t n, char *ch, size_t *len)
{
    size_t i = 0;
    while (i < n && i < 3 && l[i] == ' ')
        i++;
    if (i >= n || (l[i] != '`' && l[i] != '~'))
        return false;
    size_t k = i;
    while (k < n && l[k] == l[i])
        k++;
    if (k - i < 3 || (l[i] == '`' && memchr(l + k, '`', n - k)))
        return false;
    *ch = l[i];
    *len = k - i;
    return true;
}

static bool blank_line(const char *l, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!pc_is_space((unsigned char)l[i]))
            return false;
    return true;
}

/* Whether the line closes a fence of `len` `ch`s: up to three spaces, at
 * least as many of the same character, nothing else but white space. */
static bool closes_fence(const char *l, size_t n, char ch, size_t len)
{
    size_t i = 0;
    while (i < n && i < 3 && l[i] == ' ')
        i++;
    size_t k = i;
    while (k < n && l[k] == ch)
        k++;
    return k - i >= len && blank_line(l + k, n - k);
}

static void read_markdown(pc_cited *c, const char *file, const char *s, size_t n)
{
    lines ls = {.s = s, .n = n};
    const char *line, *block = NULL;
    size_t len, open_len = 0, block_end = 0;
    unsigned long block_line = 0;
    char open = 0;
    runs rs = {0};
    while (next_line(&ls, &line, &len)) {
        if (open) { /* inside a fenced block: only its closing fence matters */
            if (closes_fence(line, len, open, open_len))
                open = 0;
            continue;
        }
        char ch;
        size_t flen;
        bool is_fence = fence(line, len, &ch, &flen), is_blank = blank_line(line, len);
        if ((is_fence || is_blank) && block) {
            scan_block(c, file, block, block_end - (size_t)(block - s), block_line, &rs);
            block = NULL;
        }
        if (is_fence) {
            open = ch;
            open_len = flen;
        } else if (!is_blank) {
            if (!block) {
                block = line;
                block_line = ls.no;
            }
            block_end = (size_t)(line - s) + len;
        }
    }
    if (block)
        scan_block(c, file, block, block_end - (size_t)(block - s), block_line, &rs);
    pc_free(rs.pos);
    pc_free(rs.len);
    pc_free(rs.closer);
}

/* ---- entry points ---------------------------------------------------------------------------- */

bool pc_cited_read_mem(pc_cited *c, pc_ctx *ctx, const char *name, const char *data, size_t n,
                       pc_cited_kind kind)
{
    if (!kind)
        kind = pc_cited_detect(name, data, n < 4096 ? n : 4096);
    switch (kind) {
    case PC_CITED_AUX: return read_aux(c, ctx, name, data, n, false);
    case PC_CITED_BCF:
        if (read_bcf(c, ctx, name, data, n))
            return true;
        pc_diag_emit(ctx, PC_SEV_ERROR, name, 0, 0, "cannot read as a .bcf file");
        return false;
    case PC_CITED_MARKDOWN: read_markdown(c, file_name(c, name), data, n); return true;
    case PC_CITED_LIST:
    case PC_CITED_NONE: read_list(c, file_name(c, name), data, n); return true;
    }
    return false;
}

bool pc_cited_read_file(pc_cited *c, pc_ctx *ctx, const char *path, pc_cited_kind kind)
{
    pc_buf b = PC_BUF_INIT;
    if (!read_all(path, &b)) {
        pc_diag_emit(ctx, PC_SEV_ERROR, path, 0, 0, "cannot read: %s", strerror(errno));
        pc_buf_free(&b);
        return false;
    }
    if (!kind)
        kind = pc_cited_detect(path, b.ptr, b.len < 4096 ? b.len : 4096);
    bool ok = kind == PC_CITED_AUX ? read_aux(c, ctx, path, b.ptr, b.len, true)
                                   : pc_cited_read_mem(c, ctx, path, b.ptr, b.len, kind);
    pc_buf_free(&b);
    return ok;
}
