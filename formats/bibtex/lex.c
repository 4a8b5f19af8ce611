/* SPDX-License-Identifier: MIT */
/* lex.c — the .bib syntax: one entry at a time, as raw fields.
 *
 * Owns entries `@type{key, field = value, ...}` (or with parentheses),
 * values braced, quoted, bare numbers or macro names joined with `#`;
 * `@string` macros (jan..dec built in, bounded table); `@preamble` and
 * `@comment` bodies; `%` comments and any other text between entries
 * ignored.  What the fields mean is read.c's business.
 *
 * Streaming: bytes come through a fixed block; one entry's fields are held
 * at a time, at most PC_BIB_MAX_ENTRY bytes (counted after @string
 * expansion, and checked before a piece is copied), braces at most
 * PC_BIB_MAX_DEPTH deep, keys, names and bare numbers at most
 * PC_BIB_MAX_TOKEN bytes.  Slips whose intent is plain are repaired with
 * a warning at their place: a ',' missing at a line break before "name =",
 * a '=' missing before a value, a missing key.  Any other syntax error is
 * reported at file:line:column; the fields read before it make the entry
 * (as bibtex keeps them), the rest of the entry is skipped (to its closing
 * delimiter at depth 0, or the next '@' in column 1) and its fields are
 * counted as lost.  A '@' in column 1 inside a value is taken as the start
 * of the next entry (a missing '}'), which BibTeX files never hold
 * otherwise.  An undefined macro is its own name (pandoc, Better BibTeX).  CR, LF and CRLF
 * all end a line (old Mac and EndNote files end lines with CR alone), for
 * %-comments, column 1 and positions.
 *
 * Linear time: @string macros and the fields of the entry being read are
 * found through a hash of their names (seeded per lexer, so that no file
 * can be made of names that all collide), never by scanning a list.
 *
 * A second pass (crossref.c) over an input that cannot be opened again (a
 * pipe) reads what pc_bib_lex_tee kept: in memory up to PC_BIB_TEE_MEM
 * bytes, then in a temporary file under $TMPDIR, never more in memory.
 * Before the first entry with a crossref or xdata field only the first
 * PC_BIB_TEE_MAX bytes are kept (parents there are found; past it the
 * start is let go, so that a pipe without crossref needs no disk); from
 * that entry on, the rest of the input is kept, which the lexer then reads
 * on from.  A store that cannot be written is an error that ends the
 * input, never a second pass over part of it. */
#include "bibtex.h"
#include "util/hash.h"

#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <time.h>

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

enum {
    PC_BIB_BLOCK = 1 << 16,
    PC_BIB_MAX_ENTRY = 16 << 20,     /* bytes in one entry */
    PC_BIB_MAX_DEPTH = 256,          /* brace nesting */
    PC_BIB_MAX_MACROS = 10000,       /* @string definitions */
    PC_BIB_MAX_MACRO_BYTES = 16 << 20,
    PC_BIB_MAX_TOKEN = 1024,         /* bytes in a key, a type, field or macro name, a bare number */
    PC_BIB_TEE_MEM = 1 << 20,        /* bytes pc_bib_lex_tee keeps in memory */
    PC_BIB_MAX_LEAD = 16 << 20,      /* bytes of text kept between two entries (pc_bib_lex_keep) */
};
_Static_assert(PC_BIB_MAX_ENTRY == PC_BIB_ENTRY_LIMIT, "bibtex.h's entry limit is the lexer's");


typedef struct macro {
    char *name; /* lower case */
    char *val;
    size_t len; /* of val */
} macro;

/* An open-addressing index of names (macros, or the fields of one entry):
 * each live slot holds a name's hash and its position in the owner's
 * array.  A slot is live when its gen equals the index's, so emptying the
 * index for the next entry is gen++ rather than clearing every slot. */
typedef struct name_slot {
    uint64_t hash;
    uint32_t gen, pos;
} name_slot;

typedef struct name_index {
    name_slot *slot;
    size_t cap, used; /* cap: 0 or a power of two */
    uint32_t gen;     /* from 1 */
} name_index;

struct pc_bib_lexer {
    pc_source *src;
    pc_ctx *ctx;
    const char *file;
    char *blk;
    size_t pos, len;
    bool eof;
    /* a chunk cut before an entry (-j, pc_source_cut): its end reads as
     * the '@' the next chunk starts with, once (cut_taken: consumed) */
    bool cut, cut_taken;
    unsigned long line, col; /* position of the next byte, 1-based */
    char last_byte;          /* of the block before this one (CRLF across blocks) */
    const char *bom;         /* a UTF-16/32 byte-order mark was found: its name */
    uint64_t seed;           /* of name_hash */
    uint64_t ident_hash;     /* of r->ident */
    unsigned long long entry_bytes;
    bool in_entry;
    unsigned long entry_line, entry_col; /* the entry's '@' */
    /* the entry being read */
    pc_buf type, key, ident;
    pc_bib_field *fields;
    size_t n_fields, cap_fields;
    name_index field_ix;
    bool bad; /* an error was reported: skip the entry after reading it */
    bool bad_text;            /* of those, bad bytes (invalid UTF-8): no record at all */
    unsigned long err_line, err_col; /* where the last error was reported */
    size_t lost;              /* fields of the entry lost to a syntax error so far */
    int err_depth;            /* brace depth inside the value the error stopped in */
    bool err_quote;           /* ... and whether that value is quoted */
    pc_buf raw;               /* a macro name as written (read_ident's `raw`) */
    unsigned long value_line; /* the line the last value read ended on */
    /* open value, for "missing '}'" messages */
    unsigned long open_line, open_col;
    macro *macros;
    size_t n_macros, cap_macros;
    name_index macro_ix;
    size_t macro_bytes;
    pc_buf tmp;
    pc_buf body; /* of a @preamble or @comment */
    /* the input: the source, or (after pc_bib_lex_spool) `in` */
    FILE *in;
    /* pc_bib_lex_tee: what was read, in memory then in `spool` */
    bool tee;
    bool tee_cut; /* the start was let go (longer than PC_BIB_TEE_MAX, or not writable) */
    pc_buf tee_mem;
    FILE *spool;
    unsigned long long spool_len; /* bytes kept (in tee_mem or in spool) */
    unsigned long long spool_at;  /* where the lexer reads on in the store */
    /* pc_bib_lex_keep: the text read since the last entry, as written */
    bool keep;
    bool cap_reset;      /* at the next call: the text before starts afresh */
    bool cap_dropped;    /* a lead longer than PC_BIB_MAX_LEAD was let go (reported) */
    pc_buf cap;          /* the bytes read since then, but blk[cap_from, pos) */
    size_t cap_from;
    size_t raw_at, raw_key, raw_key_end, raw_name, raw_val_end, raw_end; /* offsets in cap */
    bool raw_repaired;   /* a slip was repaired: the bytes are not the entry read */
};

/* ---- the text as written (pc_bib_lex_keep) --------------------------------------- */

/* The offset in r->cap of the next byte. */
static inline size_t cap_mark(const pc_bib_lexer *r) { return r->keep ? r->cap.len + (r->pos - r->cap_from) : 0; }

/* Moves blk[cap_from, pos) into r->cap. */
static void cap_flush(pc_bib_lexer *r)
{
    if (!r->keep)
        return;
    pc_buf_put(&r->cap, r->blk + r->cap_from, r->pos - r->cap_from);
    r->cap_from = r->pos;
}

/* ---- bytes ------------------------------------------------------------- */

static void tee_put(pc_bib_lexer *r, const char *p, size_t n);

/* The next block of input: from the source (kept when teeing), or from
 * the spool once pc_bib_lex_spool switched to it.  -1 at the end.  Out of
 * line: peek, which runs for every byte, stays small enough to inline. */
/* What the end of the input reads as: nothing, or in a chunk cut before an
 * entry (its last byte a line end) the '@' it is cut before, in column 1
 * (never in blk: pos < len is false there). */
static int at_end(const pc_bib_lexer *r) { return r->cut && !r->cut_taken && r->col == 1 ? '@' : -1; }

static __attribute__((noinline)) int refill(pc_bib_lexer *r)
{
    if (r->eof)
        return at_end(r);
    r->last_byte = r->len ? r->blk[r->len - 1] : 0;
    if (r->keep) {
        cap_flush(r);
        if (!r->in_entry && r->cap.len > PC_BIB_MAX_LEAD) { /* text between entries: bounded */
            if (!r->cap_dropped)
                pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, r->line, r->col,
                             "more than %d MB of text between two entries: the text before this "
                             "point is not kept", PC_BIB_MAX_LEAD >> 20);
            r->cap_dropped = true;
            pc_buf_clear(&r->cap);
        }
    }
    ssize_t got;
    if (r->in) {
        size_t n = fread(r->blk, 1, PC_BIB_BLOCK, r->in);
        got = n ? (ssize_t)n : ferror(r->in) ? -1 : 0;
    } else {
        got = pc_source_read(r->src, r->blk, PC_BIB_BLOCK);
        if (got > 0 && r->tee)
            tee_put(r, r->blk, (size_t)got);
    }
    if (got <= 0) {
        r->eof = true;
        return got < 0 ? -1 : at_end(r);
    }
    r->pos = r->cap_from = 0;
    r->len = (size_t)got;
    return (unsigned char)r->blk[0];
}

static inline int peek(pc_bib_lexer *r)
{
    return r->pos < r->len ? (unsigned char)r->blk[r->pos] : refill(r);
}

static int get(pc_bib_lexer *r)
{
    int c = peek(r);
    if (c < 0)
        return c;
    if (r->pos >= r->len) { /* the end of a cut chunk: its '@' taken, then the end */
        r->cut_taken = true;
        return c;
    }
    r->pos++;
    if (r->in_entry)
        r->entry_bytes++;
    if (c > '\r') {
        r->col++;
    } else if (c == '\r' || c == '\n') {
        /* CRLF is one line end: the byte before this LF (in the last block
         * when this is the first of the block) */
        if (c == '\r' || (r->pos > 1 ? r->blk[r->pos - 2] : r->last_byte) != '\r')
            r->line++;
        r->col = 1;
    } else {
        r->col++;
    }
    return c;
}

/* A '@' in column 1: where the next entry starts. */
static bool at_entry_start(pc_bib_lexer *r) { return peek(r) == '@' && r->col == 1; }

static void skip_line(pc_bib_lexer *r)
{
    int c;
    while ((c = peek(r)) >= 0 && c != '\n' && c != '\r')
        get(r);
}

/* Skips white space, and with `comments` also %-comments. */
static void skip_ws(pc_bib_lexer *r, bool comments)
{
    int c;
    while ((c = peek(r)) >= 0) {
        if (pc_is_space(c))
            get(r);
        else if (comments && c == '%')
            skip_line(r);
        else
            return;
    }
}

/* Skips to the next '@' in column 1 (not consumed). */
static void resync(pc_bib_lexer *r)
{
    while (peek(r) >= 0 && !at_entry_start(r))
        get(r);
}

#define ERR(r, line, col, ...)                                                                 \
    do {                                                                                       \
        (r)->err_line = (line);                                                                \
        (r)->err_col = (col);                                                                  \
        pc_diag_emit((r)->ctx, PC_SEV_ERROR, (r)->file, (r)->err_line, (r)->err_col, __VA_ARGS__); \
        (r)->bad = true;                                                                       \
    } while (0)

/* An error in the bytes of a value (invalid UTF-8, NUL): the entry is read
 * to its end, and makes no record. */
#define TEXT_ERR(r, line, col, ...)                                                            \
    do {                                                                                       \
        ERR(r, line, col, __VA_ARGS__);                                                        \
        (r)->bad_text = true;                                                                  \
    } while (0)

#define WARN(r, line, col, ...) pc_diag_emit((r)->ctx, PC_SEV_WARNING, (r)->file, (line), (col), __VA_ARGS__)

/* Characters BibTeX allows in names of types, fields and macros: printable
 * ASCII but "#%'(),={}@.  A table, not strchr per byte (read_ident cost 500
 * instructions a name). */
static const bool ident_stop[128] = {['"'] = 1, ['#'] = 1, ['%'] = 1, ['\''] = 1, ['('] = 1, [')'] = 1,
                                     [','] = 1, ['='] = 1, ['{'] = 1, ['}'] = 1, ['@'] = 1};

static bool ident_char(int c) { return c > 0x20 && c < 0x7f && !ident_stop[c]; }

/* ---- names by hash ------------------------------------------------------ */

static const char *field_name_at(const pc_bib_lexer *r, uint32_t pos) { return r->fields[pos].name; }
static const char *macro_name_at(const pc_bib_lexer *r, uint32_t pos) { return r->macros[pos].name; }

/* pc_hash from a per-reader seed, one byte at a time (read_ident and
 * check_key hash as they read: pc_hash_step, then pc_hash_end). */
static uint64_t name_hash(const pc_bib_lexer *r, const char *s)
{
    uint64_t h = r->seed;
    while (*s)
        h = pc_hash_step(h, (unsigned char)*s++);
    return pc_hash_end(h);
}

/* The slot of `name` (hash h) in ix: the live slot that holds it, or the
 * free slot where it would go.  ix must have a free slot. */
static name_slot *index_find(const pc_bib_lexer *r, const name_index *ix, uint64_t h, const char *name,
                             const char *(*name_at)(const pc_bib_lexer *, uint32_t))
{
    size_t mask = ix->cap - 1;
    for (size_t i = (size_t)h & mask;; i = (i + 1) & mask) {
        name_slot *s = &ix->slot[i];
        if (s->gen != ix->gen || (s->hash == h && strcmp(name_at(r, s->pos), name) == 0))
            return s;
    }
}

/* Makes room for one more name (load at most 1/2). */
static void index_reserve(name_index *ix)
{
    if (ix->cap && (ix->used + 1) * 2 <= ix->cap)
        return;
    name_index old = *ix;
    ix->cap = old.cap ? old.cap * 2 : 64;
    ix->slot = pc_xcalloc(ix->cap, sizeof *ix->slot);
    ix->gen = 1;
    for (size_t i = 0; i < old.cap; i++) {
        if (old.slot[i].gen != old.gen)
            continue;
        size_t k = (size_t)old.slot[i].hash & (ix->cap - 1);
        while (ix->slot[k].gen == ix->gen)
            k = (k + 1) & (ix->cap - 1);
        ix->slot[k] = (name_slot){.hash = old.slot[i].hash, .gen = ix->gen, .pos = old.slot[i].pos};
    }
    pc_free(old.slot);
}

static void index_add(name_index *ix, name_slot *s, uint64_t h, size_t pos)
{
    *s = (name_slot){.hash = h, .gen = ix->gen, .pos = (uint32_t)pos};
    ix->used++;
}

/* Empties ix in O(1): slots of older generations are free. */
static void index_empty(name_index *ix)
{
    ix->used = 0;
    if (++ix->gen == 0) { /* wrapped after 4 billion entries: really clear */
        memset(ix->slot, 0, ix->cap * sizeof *ix->slot);
        ix->gen = 1;
    }
}

/* Reads an identifier into r->ident, lower-cased, and its hash into
 * r->ident_hash; with `raw`, also as written into *raw.  1: read; 0: there
 * is none; -1: longer than PC_BIB_MAX_TOKEN, reported (`what` names it) at
 * its start, which is not read further (the caller resynchronises). */
static int read_ident(pc_bib_lexer *r, const char *what, pc_buf *raw)
{
    pc_buf_clear(&r->ident);
    if (raw)
        pc_buf_clear(raw);
    unsigned long l = r->line, col = r->col;
    uint64_t h = r->seed;
    int c;
    while ((c = peek(r)) >= 0 && ident_char(c)) {
        if (r->ident.len == PC_BIB_MAX_TOKEN) {
            ERR(r, l, col, "%s longer than %d bytes", what, PC_BIB_MAX_TOKEN);
            return -1;
        }
        if (raw)
            pc_buf_putc(raw, (char)c);
        c = pc_to_lower(get(r));
        h = pc_hash_step(h, (unsigned char)c);
        pc_buf_putc(&r->ident, (char)c);
    }
    r->ident_hash = pc_hash_end(h);
    return r->ident.len > 0;
}

/* Line and column of byte `off` of a value that started at line:col
 * (CR, LF and CRLF end a line, as in get). */
void pc_bib_pos_in(const char *s, size_t off, unsigned long line, unsigned long col, unsigned long *l,
                   unsigned long *c)
{
    for (size_t i = 0; i < off; i++) {
        if (s[i] == '\r' || (s[i] == '\n' && (i == 0 || s[i - 1] != '\r'))) {
            line++;
            col = 1;
        } else if (s[i] != '\n') {
            col++;
        }
    }
    *l = line;
    *c = col;
}

/* ---- values ------------------------------------------------------------ */

/* Bytes that end a fast run in read_delimited: the delimiters and the line
 * breaks that line counting and the entry-start check must see. */
static const bool value_special[256] = {['{'] = true, ['}'] = true, ['"'] = true, ['\n'] = true,
                                        ['\r'] = true};

/* True if none of the 8 bytes at p is a value_special byte: the run scan
 * below goes over every byte of every value (abstracts are most of a
 * file), and 8 bytes a step cost half of the table loop.  The first three
 * tests are the exact zero-byte test on p XOR the byte looked for; the
 * fourth is true for any byte below 0x0E (LF and CR, and also NUL, tab and
 * the other controls, which then take the byte loop: rare in values). */
static inline bool word_plain(const char *p)
{
    const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
    uint64_t x;
    memcpy(&x, p, 8);
    uint64_t a = x ^ ('{' * ones), b = x ^ ('}' * ones), c = x ^ ('"' * ones);
    return !((((a - ones) & ~a) | ((b - ones) & ~b) | ((c - ones) & ~c) | ((x - 0x0E * ones) & ~x)) & highs);
}

/* An error stopped read_delimited inside a value opened by `open`, at
 * brace depth `depth` in it: where skip_rest starts.  False. */
static bool stopped_in(pc_bib_lexer *r, int open, int depth)
{
    r->err_depth = depth + (open == '{');
    r->err_quote = open == '"';
    return false;
}

/* At a '{' or '"': appends the braced or quoted piece without its
 * delimiters.  False after reporting an error that needs a resync; bad
 * UTF-8 is reported (r->bad) but the piece is read to its end. */
static bool read_delimited(pc_bib_lexer *r, pc_buf *out)
{
    int open = get(r); /* '{' or '"' */
    unsigned long ol = r->line, oc = r->col - 1;
    r->open_line = ol;
    r->open_col = oc;
    size_t start = out->len;
    unsigned long sl = r->line, sc = r->col;
    int depth = 0;
    for (;;) {
        if (at_entry_start(r)) {
            ERR(r, ol, oc, "missing '}': the %s opened here is still open at the entry on line %lu",
                open == '{' ? "brace" : "quoted value", r->line);
            return false;
        }
        int c = peek(r);
        if (c < 0) {
            ERR(r, ol, oc, "end of input inside a %s value (missing '%c')",
                open == '{' ? "braced" : "quoted", open == '{' ? '}' : '"');
            return false;
        }
        if (r->entry_bytes > PC_BIB_MAX_ENTRY) {
            ERR(r, ol, oc, "entry larger than %d MB (after @string expansion)", PC_BIB_MAX_ENTRY >> 20);
            return stopped_in(r, open, depth);
        }
        /* Fast path: a run of bytes that are none of { } " CR LF is copied
         * and counted at once (peek/get/putc per byte cost a third of bibtex
         * -> ris).  Such a run cannot hold an entry start ('@' in column 1
         * follows a line end, and the loop above checked the first byte), and
         * its length is capped so that entry_bytes passes the limit only
         * where the byte-by-byte path would have seen it. */
        if (!value_special[c] && r->pos < r->len) {
            size_t i = r->pos + 1, end = r->len;
            if (r->in_entry && end - r->pos > PC_BIB_MAX_ENTRY + 1ULL - r->entry_bytes)
                end = r->pos + (size_t)(PC_BIB_MAX_ENTRY + 1ULL - r->entry_bytes);
            while (i + 8 <= end && word_plain(r->blk + i))
                i += 8;
            while (i < end && !value_special[(unsigned char)r->blk[i]])
                i++;
            size_t run = i - r->pos;
            pc_buf_put(out, r->blk + r->pos, run);
            r->pos = i;
            r->col += run;
            if (r->in_entry)
                r->entry_bytes += run;
            continue;
        }
        get(r);
        if (c == '{') {
            if (++depth > PC_BIB_MAX_DEPTH) {
                ERR(r, r->line, r->col - 1, "braces nested deeper than %d", PC_BIB_MAX_DEPTH);
                return stopped_in(r, open, depth);
            }
        } else if (c == '}') {
            if (depth == 0) {
                if (open == '{')
                    break;
                ERR(r, r->line, r->col - 1, "unbalanced '}' in a quoted value");
                return stopped_in(r, open, depth);
            }
            depth--;
        } else if (c == '"' && open == '"' && depth == 0) {
            break;
        }
        pc_buf_putc(out, (char)c);
    }
    size_t bad;
    /* most values are ASCII: pc_utf8_is_ascii passes them in a tighter loop */
    if (!pc_utf8_is_ascii(out->ptr + start, out->len - start) &&
        !pc_utf8_valid(out->ptr + start, out->len - start, &bad)) {
        unsigned long l, col;
        pc_bib_pos_in(out->ptr + start, bad, sl, sc, &l, &col);
        TEXT_ERR(r, l, col, out->ptr[start + bad] ? "invalid UTF-8 byte 0x%02X%s" : "NUL byte (0x%02X) in text%s",
            (unsigned char)out->ptr[start + bad],
            pc_encoding_hint(out->ptr + start + bad, out->len - start - bad));
    }
    return true;
}

static const char *const month_names[] = {"January", "February", "March",     "April",
                                          "May",     "June",     "July",      "August",
                                          "September", "October", "November", "December"};

/* The value of macro r->ident (hashed by read_ident) and its length in
 * *len; NULL if it is not defined.  An @string wins over a month name. */
static const char *macro_value(pc_bib_lexer *r, size_t *len)
{
    const char *name = r->ident.ptr;
    if (r->n_macros) {
        name_slot *s = index_find(r, &r->macro_ix, r->ident_hash, name, macro_name_at);
        if (s->gen == r->macro_ix.gen) {
            *len = r->macros[s->pos].len;
            return r->macros[s->pos].val;
        }
    }
    for (int m = 1; m <= 12; m++)
        if (strcmp(pc_month_macro(m), name) == 0) {
            *len = strlen(month_names[m - 1]);
            return month_names[m - 1];
        }
    return NULL;
}

/* What read_value's messages call the value: field "name", or the
 * @string's value when field is NULL.  Made only when a message needs it
 * (an snprintf per field was 3% of bibtex -> ris). */
static const char *value_what(char what[80], const char *field)
{
    if (!field)
        return "the @string";
    snprintf(what, 80, "field \"%.40s\"", field);
    return what;
}

/* Reads `piece # piece # ...` into out; field names the field (NULL: an
 * @string) for messages.  False after reporting an error. */
static bool read_value(pc_bib_lexer *r, pc_buf *out, const char *field)
{
    char what[80];
    for (;;) {
        skip_ws(r, false);
        int c = peek(r);
        if (c == '{' || c == '"') {
            if (!read_delimited(r, out))
                return false;
        } else if (c >= 0 && pc_is_digit(c)) {
            unsigned long l = r->line, col = r->col;
            for (size_t n = 0; (c = peek(r)) >= 0 && pc_is_digit(c); n++) {
                if (n == PC_BIB_MAX_TOKEN) {
                    ERR(r, l, col, "number longer than %d digits in %s", PC_BIB_MAX_TOKEN,
                        value_what(what, field));
                    return false;
                }
                pc_buf_putc(out, (char)get(r));
            }
        } else if (c >= 0 && ident_char(c) && !at_entry_start(r)) {
            unsigned long l = r->line, col = r->col;
            if (read_ident(r, "macro name", &r->raw) < 0)
                return false;
            size_t n;
            const char *v = macro_value(r, &n);
            if (!v) {
                /* undefined: its name as written is the value, as pandoc and
                 * Better BibTeX read it (bibtex takes it as empty) */
                if (r->raw.ptr[0] == '\\') /* journal = \apj: ADS's AAS macros, unbraced */
                    WARN(r, l, col, "LaTeX command %s as %s without braces: read as {%s}", r->raw.ptr,
                         value_what(what, field), r->raw.ptr);
                else
                    WARN(r, l, col, "undefined macro \"%s\" in %s: its name is taken as the value", r->raw.ptr,
                         value_what(what, field));
                v = r->raw.ptr;
                n = r->raw.len;
            }
            /* the entry limit holds for what the macros expand to, checked
             * before the copy (one 1 MB macro used 1 000 times is 1 GB) */
            if (r->entry_bytes + n > PC_BIB_MAX_ENTRY) {
                ERR(r, l, col, "entry larger than %d MB after @string expansion (macro \"%s\" in %s)",
                    PC_BIB_MAX_ENTRY >> 20, r->ident.ptr, value_what(what, field));
                return false;
            }
            r->entry_bytes += n;
            pc_buf_put(out, v, n);
        } else {
            ERR(r, r->line, r->col, c < 0 ? "end of input: the value of %s is missing"
                                          : "expected a value for %s ('{', '\"', a number or a macro name)",
                value_what(what, field));
            return false;
        }
        r->value_line = r->line;
        r->raw_val_end = cap_mark(r);
        skip_ws(r, false);
        if (peek(r) != '#')
            return true;
        get(r);
    }
}

/* Reads a balanced {...} or (...) body (@comment, @preamble) into
 * r->body, without its delimiters.  An unclosed @comment is only a
 * warning: an entry after it in column 1 is read, as bibtex (which ignores
 * @comment's body as text) reads it.  False after reporting (the body is
 * then not kept). */
static bool read_body(pc_bib_lexer *r, int open, bool comment)
{
    int close = open == '{' ? '}' : ')';
    unsigned long ol = r->line, oc = r->col - 1;
    int depth = 1;
    pc_buf_clear(&r->body);
    for (;;) {
        if (at_entry_start(r) || peek(r) < 0) {
            if (comment && peek(r) >= 0)
                pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, ol, oc,
                             "@comment not closed before the entry on line %lu: that entry is read",
                             r->line);
            else
                ERR(r, ol, oc, "missing '%c' for this '%c'", close, open);
            return false;
        }
        if (r->entry_bytes > PC_BIB_MAX_ENTRY) {
            ERR(r, ol, oc, "@%s larger than %d MB", comment ? "comment" : "preamble",
                PC_BIB_MAX_ENTRY >> 20);
            return false;
        }
        int c = get(r);
        if (c == open)
            depth++;
        else if (c == close && --depth == 0)
            return true;
        pc_buf_putc(&r->body, (char)c);
    }
}

/* ---- entries ----------------------------------------------------------- */

static void clear_fields(pc_bib_lexer *r)
{
    for (size_t i = 0; i < r->n_fields; i++) {
        pc_free(r->fields[i].name);
        r->fields[i].name = NULL;
        pc_buf_clear(&r->fields[i].val);
    }
    r->n_fields = 0;
    index_empty(&r->field_ix);
}

static pc_bib_field *new_field(pc_bib_lexer *r)
{
    if (r->n_fields == r->cap_fields) {
        size_t old = r->cap_fields;
        PC_GROW(r->fields, r->cap_fields, r->n_fields + 1);
        for (size_t i = old; i < r->cap_fields; i++) {
            r->fields[i].name = NULL;
            pc_buf_init(&r->fields[i].val);
        }
    }
    pc_bib_field *f = &r->fields[r->n_fields++];
    pc_buf_clear(&f->val);
    f->used = f->inherited = false;
    return f;
}

/* Defines macro *name (hash h) as r->tmp, taking *name (set to NULL) when
 * it is new; a macro defined again gets the new value, as in bibtex. */
static void define_macro(pc_bib_lexer *r, char **name, uint64_t h, unsigned long l, unsigned long c)
{
    index_reserve(&r->macro_ix);
    name_slot *s = index_find(r, &r->macro_ix, h, *name, macro_name_at);
    macro *m = s->gen == r->macro_ix.gen ? &r->macros[s->pos] : NULL;
    size_t old = m ? m->len : 0;
    if ((!m && r->n_macros >= PC_BIB_MAX_MACROS) ||
        r->macro_bytes - old + r->tmp.len > PC_BIB_MAX_MACRO_BYTES) {
        ERR(r, l, c, "too many @string macros (at most %d, %d MB)", PC_BIB_MAX_MACROS,
            PC_BIB_MAX_MACRO_BYTES >> 20);
        return;
    }
    if (!m) {
        PC_GROW(r->macros, r->cap_macros, r->n_macros + 1);
        index_add(&r->macro_ix, s, h, r->n_macros);
        m = &r->macros[r->n_macros++];
        *m = (macro){.name = *name};
        *name = NULL;
    }
    pc_free(m->val);
    m->val = pc_xstrndup(r->tmp.ptr, r->tmp.len);
    m->len = r->tmp.len;
    r->macro_bytes = r->macro_bytes - old + m->len;
}

/* @string{name = value}: adds the macro. */
static bool read_string(pc_bib_lexer *r, int close)
{
    skip_ws(r, false);
    unsigned long l = r->line, c = r->col;
    int got = read_ident(r, "macro name", NULL);
    if (got <= 0) {
        if (got == 0)
            ERR(r, r->line, r->col, "expected a macro name after @string");
        return false;
    }
    char *name = pc_xstrdup(r->ident.ptr);
    uint64_t h = r->ident_hash;
    skip_ws(r, false);
    int next = peek(r);
    if (next == '{' || next == '"') { /* @string{name {value}}: as read_field repairs it */
        WARN(r, r->line, r->col, "missing '=' after macro name \"%s\": taken as there", name);
    } else if (next != '=') {
        ERR(r, r->line, r->col, "expected '=' after the macro name \"%s\"", name);
        pc_free(name);
        return false;
    } else {
        get(r);
    }
    pc_buf_clear(&r->tmp);
    bool ok = read_value(r, &r->tmp, NULL);
    skip_ws(r, false);
    if (ok && peek(r) != close) {
        ERR(r, r->line, r->col, "expected '%c' to end the @string", close);
        ok = false;
    }
    if (ok)
        get(r);
    if (ok && !r->bad)
        define_macro(r, &name, h, l, c);
    pc_free(name);
    return ok;
}

/* Keeps the field just read (the last one), unless the entry has one of
 * that name already: a warning, and the first one is kept. */
static void keep_field(pc_bib_lexer *r, unsigned long line, unsigned long col)
{
    pc_bib_field *f = &r->fields[r->n_fields - 1];
    index_reserve(&r->field_ix);
    name_slot *s = index_find(r, &r->field_ix, f->hash, f->name, field_name_at);
    if (s->gen != r->field_ix.gen) {
        index_add(&r->field_ix, s, f->hash, r->n_fields - 1);
        return;
    }
    pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, line, col, "duplicate field \"%s\": the first one is kept",
                 f->name);
    r->raw_repaired = true;
    pc_free(f->name);
    f->name = NULL;
    r->n_fields--;
}

/* Reports an entry cut short by the next entry: a '}' is missing. */
static void not_closed(pc_bib_lexer *r)
{
    ERR(r, r->entry_line, r->entry_col,
        "entry \"%s\" is not closed (a '}' is missing) before the next entry on line %lu",
        r->key.ptr, r->line);
}

/* Forgets the last field (read only in part: an error stopped its value). */
static void drop_last_field(pc_bib_lexer *r)
{
    pc_bib_field *f = &r->fields[--r->n_fields];
    pc_free(f->name);
    f->name = NULL;
}

/* After a field name (in r->ident, read at fl:fc): '=' and the value.  A
 * missing '=' before a value that cannot be anything else (`month {May}`,
 * `year 2001`) is taken as there, with a warning.  False after an error
 * (the field is then lost, and counted). */
static bool read_field(pc_bib_lexer *r, unsigned long fl, unsigned long fc)
{
    skip_ws(r, false);
    int c = peek(r);
    if (c == '=') {
        get(r);
    } else if (c == '{' || c == '"' || (c >= 0 && pc_is_digit(c))) {
        WARN(r, r->line, r->col, "missing '=' after field name \"%s\": taken as there", r->ident.ptr);
        r->raw_repaired = true;
    } else {
        ERR(r, r->line, r->col, "expected '=' after the field name \"%s\"", r->ident.ptr);
        r->lost++;
        return false;
    }
    pc_bib_field *f = new_field(r);
    f->name = pc_xstrdup(r->ident.ptr);
    f->hash = r->ident_hash;
    skip_ws(r, false);
    f->line = r->line;
    f->col = r->col + 1;
    f->raw_name = r->raw_name;
    f->raw_val = cap_mark(r);
    if (!read_value(r, &f->val, f->name)) {
        drop_last_field(r);
        r->lost++;
        return false;
    }
    f->raw_end = r->raw_val_end;
    keep_field(r, fl, fc);
    return true;
}

/* True if every byte of [s, s+n) may be in a field name. */
static bool all_ident(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!ident_char((unsigned char)s[i]))
            return false;
    return n > 0;
}

/* The key just read (at kl:kc), and what follows it.  No key at all
 * (`@article{,`), or a field name where the key should be (EndNote's
 * `@article{` + newline + `title = ...`: a name followed by '=' is never a
 * key): a warning, and the entry gets a made key (the record has none).
 * False after an error. */
static bool check_key(pc_bib_lexer *r, int close, unsigned long kl, unsigned long kc)
{
    skip_ws(r, true);
    int c = peek(r);
    if (!r->key.len && (c == ',' || c == close)) {
        WARN(r, kl, kc, "entry without a key: a key is made for it");
        return true;
    }
    if (c != '=' || !all_ident(r->key.ptr, r->key.len))
        return true;
    WARN(r, kl, kc, "entry without a key: a key is made for it");
    r->raw_repaired = true;
    r->raw_name = r->raw_key;
    r->raw_key_end = r->raw_key; /* no key: what stood there is the first field */
    pc_buf_clear(&r->ident);
    uint64_t h = r->seed;
    for (size_t i = 0; i < r->key.len; i++) {
        char l = (char)pc_to_lower((unsigned char)r->key.ptr[i]);
        h = pc_hash_step(h, (unsigned char)l);
        pc_buf_putc(&r->ident, l);
    }
    r->ident_hash = pc_hash_end(h);
    pc_buf_clear(&r->key);
    return read_field(r, kl, kc);
}

/* Between two fields (or after the key): ',' and the next field's name
 * into r->ident, its place in *fl:*fc.  A ',' missing at a line break
 * before "name =" is taken as there, with a warning (`line` is where the
 * value before ended).  0: the entry's end was read; 1: a field name;
 * -1: an error. */
static int next_field(pc_bib_lexer *r, int close, unsigned long line, unsigned long *fl, unsigned long *fc)
{
    skip_ws(r, true);
    int c = peek(r);
    if (c == close) {
        get(r);
        return 0;
    }
    if (c != ',' && at_entry_start(r)) {
        not_closed(r);
        return -1;
    }
    bool repaired = false;
    if (c == ',') {
        get(r);
        skip_ws(r, true);
        c = peek(r);
        if (c == close) { /* trailing comma */
            get(r);
            return 0;
        }
        if (at_entry_start(r)) {
            not_closed(r);
            return -1;
        }
    } else if (r->line != line && c >= 0 && ident_char(c)) {
        repaired = true; /* if "name =" follows */
    } else {
        ERR(r, r->line, r->col,
            c < 0 ? "end of input inside the entry (missing '%c')" : "expected ',' or '%c' in the entry", close);
        return -1;
    }
    *fl = r->line;
    *fc = r->col;
    r->raw_name = cap_mark(r);
    int got = read_ident(r, "field name", NULL);
    if (got <= 0) {
        if (got == 0)
            ERR(r, r->line, r->col,
                c < 0 ? "end of input inside the entry (missing '%c')" : "expected a field name or '%c'", close);
        return -1;
    }
    if (repaired) {
        skip_ws(r, false);
        if (peek(r) != '=') {
            ERR(r, *fl, *fc, "expected ',' or '%c' in the entry", close);
            return -1;
        }
        WARN(r, *fl, *fc, "missing ',' before field \"%s\": taken as there", r->ident.ptr);
        r->raw_repaired = true;
    }
    return 1;
}

/* Reads "key, field = value, ..." up to `close`.  False after an error
 * that ends the entry (read_entry keeps the fields read before it); r->bad
 * may be set with true (entry read, skip it). */
static bool read_fields(pc_bib_lexer *r, int close)
{
    skip_ws(r, false);
    pc_buf_clear(&r->key);
    unsigned long kl = r->line, kc = r->col;
    r->raw_key = cap_mark(r);
    int c;
    while ((c = peek(r)) >= 0 && c != ',' && c != close && !pc_is_space(c) && c != '{' &&
           c != '}' && !at_entry_start(r)) {
        if (r->key.len == PC_BIB_MAX_TOKEN) {
            ERR(r, kl, kc, "key longer than %d bytes", PC_BIB_MAX_TOKEN);
            pc_buf_clear(&r->key);
            return false;
        }
        pc_buf_putc(&r->key, (char)get(r));
    }
    size_t bad;
    if (!pc_utf8_valid(r->key.ptr, r->key.len, &bad))
        TEXT_ERR(r, kl, kc + bad, "invalid UTF-8 byte 0x%02X in the key%s", (unsigned char)r->key.ptr[bad],
                 pc_encoding_hint(r->key.ptr + bad, r->key.len - bad));
    unsigned long line = r->line;
    r->raw_key_end = cap_mark(r);
    if (!check_key(r, close, kl, kc))
        return false;
    for (;;) {
        unsigned long fl, fc;
        int got = next_field(r, close, line, &fl, &fc);
        if (got <= 0)
            return got == 0;
        if (!read_field(r, fl, fc))
            return false;
        line = r->value_line;
    }
}

/* After an error that ended the entry early: skips the rest of it (to its
 * closing delimiter at depth 0, or the next entry), and returns how many
 * fields it held (its '=' at depth 0, outside quotes).  Starts inside the
 * value the error stopped in, if any (r->err_depth, r->err_quote). */
static size_t skip_rest(pc_bib_lexer *r, int close)
{
    int depth = r->err_depth;
    bool quote = r->err_quote;
    size_t n = 0;
    int c;
    while ((c = peek(r)) >= 0 && !at_entry_start(r)) {
        get(r);
        if (c == '{') {
            depth++;
        } else if (c == '}' && depth > 0) {
            depth--;
        } else if (depth == 0 && c == '"') {
            quote = !quote;
        } else if (depth == 0 && !quote) {
            if (c == close)
                break;
            n += c == '=';
        }
    }
    return n;
}

/* An entry an error ended early: the fields read before the error make
 * the entry (as bibtex keeps them), with a warning that counts the fields
 * lost; with no field read, or bad bytes in it, it is skipped. */
static pc_bib_lex_status broken_entry(pc_bib_lexer *r, int close)
{
    size_t lost = r->lost + skip_rest(r, close);
    char what[80];
    if (r->key.len)
        snprintf(what, sizeof what, "entry \"%.60s\"", r->key.ptr);
    else
        snprintf(what, sizeof what, "entry without a key");
    if (r->bad_text)
        return PC_BIB_SKIP;
    if (!r->n_fields) {
        if (lost)
            WARN(r, r->err_line, r->err_col, "%s: no field read before this error; %zu field(s) lost", what, lost);
        return PC_BIB_SKIP;
    }
    WARN(r, r->err_line, r->err_col, "%s: the %zu field(s) read before this error are kept, %zu lost", what,
         r->n_fields, lost);
    return PC_BIB_ENTRY;
}

/* ---- keeping what was read (pc_bib_lex_tee) ------------------------------------- */

static const char *temp_dir(void)
{
    const char *dir = getenv("TMPDIR");
    return dir && *dir ? dir : "/tmp";
}

/* A temporary file under $TMPDIR (else /tmp), already unlinked and
 * unbuffered (a write that fails says so at once); NULL with errno set. */
static FILE *temp_file(void)
{
    pc_buf path = PC_BUF_INIT;
    pc_buf_printf(&path, "%s/paperconv-XXXXXX", temp_dir());
    int fd = mkstemp(path.ptr);
    int err = errno;
    if (fd >= 0) {
        unlink(path.ptr);
        fcntl(fd, F_SETFD, FD_CLOEXEC);
    }
    pc_buf_free(&path);
    FILE *f = fd >= 0 ? fdopen(fd, "w+b") : NULL;
    if (!f) {
        err = fd >= 0 ? errno : err;
        if (fd >= 0)
            close(fd);
        errno = err;
        return NULL;
    }
    setvbuf(f, NULL, _IONBF, 0);
    return f;
}

/* Appends to the store: in memory while all of it fits in PC_BIB_TEE_MEM,
 * else in the temporary file.  False (errno set) if that cannot be made or
 * written. */
static bool store_put(pc_bib_lexer *r, const char *p, size_t n)
{
    if (!r->spool && r->tee_mem.len + n <= PC_BIB_TEE_MEM) {
        pc_buf_put(&r->tee_mem, p, n);
    } else {
        if (!r->spool) { /* past the memory bound: on to a temporary file */
            if (!(r->spool = temp_file()))
                return false;
            if (r->tee_mem.len && fwrite(r->tee_mem.ptr, 1, r->tee_mem.len, r->spool) != r->tee_mem.len)
                return false;
            pc_buf_free(&r->tee_mem);
        }
        if (n && fwrite(p, 1, n, r->spool) != n)
            return false;
    }
    r->spool_len += n;
    return true;
}

/* Empties the store. */
static void store_drop(pc_bib_lexer *r)
{
    if (r->spool)
        fclose(r->spool);
    r->spool = NULL;
    pc_buf_free(&r->tee_mem);
    r->spool_len = 0;
}

/* Keeps a block read before pc_bib_lex_spool, up to PC_BIB_TEE_MAX. */
static void tee_put(pc_bib_lexer *r, const char *p, size_t n)
{
    if (r->tee_cut)
        return;
    if (r->spool_len + n > PC_BIB_TEE_MAX || !store_put(r, p, n)) {
        store_drop(r);
        r->tee_cut = true;
    }
}

void pc_bib_lex_tee(pc_bib_lexer *lx) { lx->tee = true; }

/* The rest of the source, into the store; false (errno set) if it cannot
 * be written. */
static bool keep_rest(pc_bib_lexer *r, unsigned long *line, unsigned long *col)
{
    *line = *col = 1;
    if (r->tee_cut) { /* the start was let go: the store begins where the lexer is */
        store_drop(r);
        *line = r->line;
        *col = r->col;
        if (!store_put(r, r->blk + r->pos, r->len - r->pos))
            return false;
    }
    r->spool_at = r->spool_len;
    char *buf = pc_xmalloc(PC_BIB_BLOCK);
    ssize_t got;
    bool ok = true;
    while (ok && (got = pc_source_read(r->src, buf, PC_BIB_BLOCK)) > 0)
        ok = store_put(r, buf, (size_t)got);
    pc_free(buf);
    if (ok && !r->spool) { /* all of it fits in memory: a stream over it */
        if (!r->tee_mem.len)
            pc_buf_putc(&r->tee_mem, '\n'); /* fmemopen wants a byte */
        r->spool = fmemopen(r->tee_mem.ptr, r->tee_mem.len, "r");
        ok = r->spool != NULL;
    }
    return ok;
}

FILE *pc_bib_lex_spool(pc_bib_lexer *r, unsigned long *line, unsigned long *col)
{
    if (!r->tee || r->in)
        return NULL;
    r->tee = false; /* the source is read here, to its end */
    if (!keep_rest(r, line, col)) {
        int err = errno;
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->line, r->col,
                     "cannot keep the rest of the input for crossref and xdata in %s (TMPDIR): %s; "
                     "the input is not read further",
                     temp_dir(), strerror(err));
        store_drop(r);
        r->eof = true;
        r->pos = r->len = 0;
        return NULL;
    }
    rewind(r->spool);
    return r->spool;
}

void pc_bib_lex_resume(pc_bib_lexer *r)
{
    /* everything read from the source went to the store: read on from it,
     * where the source stopped */
    if (!r->spool)
        return;
    r->in = r->spool;
    fseeko(r->spool, (off_t)r->spool_at, SEEK_SET);
}

void pc_bib_lex_start_at(pc_bib_lexer *r, unsigned long line, unsigned long col)
{
    r->line = line;
    r->col = col;
}

/* ---- the lexer -------------------------------------------------------------------- */

static pc_bib_lexer *lex_new(pc_ctx *ctx, const char *name)
{
    pc_bib_lexer *r = pc_xcalloc(1, sizeof *r);
    r->ctx = ctx;
    r->file = name;
    r->blk = pc_xmalloc(PC_BIB_BLOCK);
    r->line = r->col = 1;
    pc_buf_init(&r->type);
    pc_buf_init(&r->key);
    pc_buf_init(&r->ident);
    pc_buf_init(&r->tmp);
    pc_buf_init(&r->body);
    pc_buf_init(&r->raw);
    pc_buf_init(&r->tee_mem);
    /* the seed of name_hash: a heap address (randomised) and the time */
    r->seed = (PC_HASH_INIT ^ (uint64_t)(uintptr_t)r) * 0x9E3779B97F4A7C15ULL ^ (uint64_t)time(NULL);
    return r;
}

/* A byte-order mark at the start: a UTF-8 one is skipped (not text), a
 * UTF-16 or UTF-32 one is remembered for the first pc_bib_lex_next. */
static void check_bom(pc_bib_lexer *r, const char *head, size_t n)
{
    if (n >= 3 && memcmp(head, "\xEF\xBB\xBF", 3) == 0) {
        r->pos = 3;
    } else if (n >= 4 && (memcmp(head, "\xFF\xFE\0\0", 4) == 0 || memcmp(head, "\0\0\xFE\xFF", 4) == 0)) {
        r->bom = "UTF-32";
    } else if (n >= 2 && (memcmp(head, "\xFF\xFE", 2) == 0 || memcmp(head, "\xFE\xFF", 2) == 0)) {
        r->bom = "UTF-16";
    }
}

pc_bib_lexer *pc_bib_lex_open(pc_source *src, pc_ctx *ctx)
{
    pc_bib_lexer *r = lex_new(ctx, pc_source_name(src));
    r->src = src;
    r->cut = pc_source_cut(src);
    r->line = pc_source_first_line(src); /* a chunk of a file starts on its own line */
    const char *head;
    size_t n = pc_source_peek(src, 4, &head);
    check_bom(r, head, n);
    if (r->pos == 3) { /* a UTF-8 BOM is not text: consumed here, the block is empty */
        char bom[3];
        pc_source_read(src, bom, 3);
        r->pos = 0;
    }
    return r;
}

pc_bib_lexer *pc_bib_lex_open_file(FILE *f, const char *name, pc_ctx *ctx)
{
    pc_bib_lexer *r = lex_new(ctx, name);
    r->in = f;
    if (peek(r) >= 0)
        check_bom(r, r->blk, r->len);
    return r;
}

void pc_bib_lex_close(pc_bib_lexer *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->n_macros; i++) {
        pc_free(r->macros[i].name);
        pc_free(r->macros[i].val);
    }
    pc_free(r->macros);
    pc_free(r->macro_ix.slot);
    pc_free(r->field_ix.slot);
    clear_fields(r);
    for (size_t i = 0; i < r->cap_fields; i++)
        pc_buf_free(&r->fields[i].val);
    pc_free(r->fields);
    pc_buf_free(&r->type);
    pc_buf_free(&r->key);
    pc_buf_free(&r->ident);
    pc_buf_free(&r->tmp);
    pc_buf_free(&r->body);
    pc_buf_free(&r->raw);
    pc_buf_free(&r->cap);
    if (r->spool)
        fclose(r->spool); /* before tee_mem: it may be a stream over it */
    pc_buf_free(&r->tee_mem);
    pc_free(r->blk);
    pc_free(r);
}

/* Outside entries: everything up to an '@' is ignored, but for NUL bytes:
 * a file that holds them is not text (UTF-16 or binary), and reading on
 * would only skip it all without a word.  The next byte, -1 at the end, 0
 * after reporting a NUL. */
static int skip_between(pc_bib_lexer *r)
{
    int c;
    while ((c = peek(r)) > 0 && c != '@') {
        if (c == '%')
            skip_line(r);
        else
            get(r);
    }
    if (c == 0)
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->line, r->col,
                     "NUL byte: this is not a BibTeX text file (UTF-16 without a byte-order "
                     "mark, or binary?); the rest of it is not read");
    return c;
}

/* After "@type" and its '{' or '(' (`open`): the entry, an @string, a
 * @preamble or a @comment. */
static pc_bib_lex_status read_entry(pc_bib_lexer *r, int open)
{
    int close = open == '{' ? '}' : ')';
    bool comment = strcmp(r->type.ptr, "comment") == 0;
    if (comment || strcmp(r->type.ptr, "preamble") == 0) {
        if (read_body(r, open, comment))
            return comment ? PC_BIB_COMMENT : PC_BIB_PREAMBLE;
        resync(r);
        return PC_BIB_NONE;
    }
    if (strcmp(r->type.ptr, "string") == 0) {
        if (!read_string(r, close))
            resync(r);
        return PC_BIB_NONE;
    }
    pc_bib_lex_status st = PC_BIB_ENTRY;
    if (!read_fields(r, close))
        st = broken_entry(r, close);
    else if (r->bad)
        st = PC_BIB_SKIP;
    if (st == PC_BIB_ENTRY && r->key.len)
        pc_utf8_nfc(&r->key);
    return st;
}

/* The UTF-16/32 byte-order mark check of the first call. */
static bool bom_refused(pc_bib_lexer *r)
{
    if (!r->bom)
        return false;
    pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, 1, 1,
                 "the file starts with a %s byte-order mark: BibTeX is read as UTF-8 "
                 "(iconv -f %s -t UTF-8 converts it); not read",
                 r->bom, r->bom);
    r->bom = NULL;
    r->eof = true;
    r->pos = r->len = 0;
    return true;
}

pc_bib_lex_status pc_bib_lex_next(pc_bib_lexer *r)
{
    if (bom_refused(r))
        return PC_BIB_FATAL;
    if (r->cap_reset) { /* the text of the entry returned last is its record's */
        pc_buf_clear(&r->cap);
        r->cap_from = r->pos;
        r->cap_reset = false;
    }
    for (;;) {
        r->in_entry = false;
        int c = skip_between(r);
        if (c <= 0 || (c == '@' && r->pos >= r->len)) { /* (the '@' a cut chunk ends with) */
            cap_flush(r);
            return c == 0 ? PC_BIB_FATAL : PC_BIB_EOF;
        }
        unsigned long line = r->line, col = r->col;
        r->raw_at = cap_mark(r);
        r->raw_repaired = false;
        get(r);
        skip_ws(r, false);
        int got = read_ident(r, "entry type", NULL);
        if (got < 0) {
            resync(r);
            return PC_BIB_SKIP;
        }
        if (!got) {
            if (col == 1) /* elsewhere an '@' is just text (an e-mail address) */
                pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, line, col,
                             "'@' not followed by an entry type: ignored");
            continue;
        }
        pc_buf_clear(&r->type);
        pc_buf_puts(&r->type, r->ident.ptr);
        skip_ws(r, false);
        c = peek(r);
        if (c != '{' && c != '(') {
            if (col == 1)
                pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, r->line, r->col,
                             "@%s not followed by '{' or '(': ignored", r->type.ptr);
            continue;
        }
        get(r);
        r->in_entry = true;
        r->entry_bytes = 0;
        r->entry_line = line;
        r->entry_col = col;
        r->bad = r->bad_text = r->err_quote = false;
        r->lost = 0;
        r->err_depth = 0;
        clear_fields(r);
        pc_buf_clear(&r->key);
        pc_bib_lex_status st = read_entry(r, c);
        if (st == PC_BIB_NONE)
            continue;
        cap_flush(r);
        r->raw_end = r->cap.len;
        if (st == PC_BIB_SKIP && r->keep) /* a bad entry, reported: its text is not written back */
            pc_buf_truncate(&r->cap, r->raw_at);
        else if (st == PC_BIB_ENTRY)
            r->cap_reset = true;
        return st;
    }
}

void pc_bib_lex_keep(pc_bib_lexer *r)
{
    r->keep = true;
    r->cap_from = r->pos;
}

pc_bib_raw pc_bib_lex_raw(const pc_bib_lexer *r)
{
    size_t at = r->cap_reset ? r->raw_at : r->cap.len;
    return (pc_bib_raw){.text = r->cap.ptr ? r->cap.ptr : "", .lead = at,
                        .len = r->cap_reset ? r->raw_end - at : 0,
                        .key = r->raw_key - at, .key_end = r->raw_key_end - at,
                        .repaired = r->raw_repaired || r->bad};
}

void pc_bib_lex_hold(pc_bib_lexer *r) { r->cap_reset = false; }

pc_bib_entry pc_bib_lex_entry(const pc_bib_lexer *r)
{
    return (pc_bib_entry){.type = r->type.ptr, .key = r->key.ptr, .fields = r->fields,
                          .n_fields = r->n_fields, .line = r->entry_line, .col = r->entry_col};
}

const char *pc_bib_lex_body(const pc_bib_lexer *r, size_t *n)
{
    *n = r->body.len;
    return r->body.ptr;
}

const char *pc_bib_lex_file(const pc_bib_lexer *r) { return r->file; }

pc_bib_field *pc_bib_lex_find(pc_bib_lexer *r, const char *name)
{
    if (!r->n_fields)
        return NULL;
    name_slot *s = index_find(r, &r->field_ix, name_hash(r, name), name, field_name_at);
    return s->gen == r->field_ix.gen ? &r->fields[s->pos] : NULL;
}

pc_bib_field *pc_bib_lex_add(pc_bib_lexer *r, const char *name)
{
    uint64_t h = name_hash(r, name);
    index_reserve(&r->field_ix);
    name_slot *s = index_find(r, &r->field_ix, h, name, field_name_at);
    if (s->gen == r->field_ix.gen)
        return NULL;
    pc_bib_field *f = new_field(r);
    f->name = pc_xstrdup(name);
    f->hash = h;
    f->line = f->col = 0;
    index_add(&r->field_ix, s, h, r->n_fields - 1);
    return f;
}
