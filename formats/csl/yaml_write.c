/* SPDX-License-Identifier: MIT */
/* yaml_write.c — the CSL-YAML writer (pandoc's bibliography format; the
 * reader and the format's entry are yaml_read.c, see yaml_write.h).
 *
 * It goes through the CSL item of item_write.c (pc_csl_item), so CSL-YAML
 * and CSL-JSON hold the same fields.  The writer walks the item (a json_t)
 * and hands libyaml's emitter one event per node: quoting is the
 * emitter's, never ours; we only ask for a quoted style when a plain
 * scalar would be read back as something other than a string (yes, null,
 * 62, 2026-10-02).  It writes `references:` and then one item per record,
 * flushing the emitter after each.  Pandoc reads every CSL-YAML string as
 * Markdown, so the item's strings are written as Markdown (specials
 * escaped; italic *...* in the title and abstract). */
#include "csl.h"
#include "format.h"
#include "yaml_write.h"

#include <limits.h>
#include <stdlib.h>
#include <yaml.h>

typedef struct yaml_writer {
    FILE *out;
    pc_ctx *ctx;
    yaml_emitter_t em;
    bool ok; /* the emitter and the output are still fine */
} yaml_writer;

static int write_handler(void *data, unsigned char *buf, size_t size)
{
    yaml_writer *w = data;
    return fwrite(buf, 1, size, w->out) == size;
}

/* Hands ev to the emitter (which always takes it). */
static bool emit(yaml_writer *w, yaml_event_t *ev)
{
    if (!w->ok) {
        yaml_event_delete(ev);
        return false;
    }
    if (!yaml_emitter_emit(&w->em, ev))
        w->ok = false;
    return w->ok;
}

/* True if s written plain would be read back as a non-string by a YAML
 * 1.1 reader (python's yaml, libyaml users) or a YAML 1.2 one (pandoc):
 * empty, null/~, booleans including yes/no/on/off/y/n, and anything that
 * starts like a number, date or special float (62, -1, 2026-10-02, .5,
 * .inf, 1:20, +1).  Those are single-quoted. */
static bool plain_is_not_string(const char *s, size_t n)
{
    static const char *const words[] = {"null", "~", "true", "false", "yes", "no", "on",
                                        "off", "y", "n", "<<", "="};
    if (n == 0)
        return true;
    unsigned char c = (unsigned char)s[0];
    /* no word is longer than 5 or starts with another letter: most text
     * skips the loop (it ran per scalar) */
    bool may_be_word = strchr("nNtTfFyYoO~<=", c) != NULL;
    if (n <= 5 && may_be_word)
        for (size_t i = 0; i < sizeof words / sizeof *words; i++)
            if (strlen(words[i]) == n && pc_strncasecmp(s, words[i], n) == 0)
                return true;
    return pc_is_digit(c) || c == '+' || c == '-' || c == '.';
}

/* Multi-line text asks for a literal block (|-); the emitter falls back to
 * a quoted style where a block cannot hold the text exactly.
 *
 * libyaml checks the text is UTF-8 in yaml_scalar_event_initialize (the
 * item's strings come from the model unchecked, see csl.c); text it
 * refuses fails the write rather than handing the emitter an event that
 * was never set up.  That check walks the text byte by byte in a loop of
 * its own and was 8% of listing -> yaml; ASCII text (most scalars) cannot
 * fail it, so for ASCII the event is filled here exactly as
 * yaml_scalar_event_initialize fills it (zeroed, no anchor or tag, a
 * NUL-terminated copy of the value).  The copy is libc's malloc, not
 * pc_xmalloc (a caller's allocator, pc_set_allocator): the emitter owns the
 * event and frees its value with libc's free (yaml_free); without memory
 * the event takes the slow path, where libyaml allocates. */
static bool emit_scalar(yaml_writer *w, const char *s, size_t n, bool plain_ok)
{
    yaml_event_t ev;
    yaml_scalar_style_t style = memchr(s, '\n', n) ? YAML_LITERAL_SCALAR_STYLE : YAML_ANY_SCALAR_STYLE;
    yaml_char_t *v = NULL;
    if (n < INT_MAX && pc_utf8_is_ascii(s, n) && (v = malloc(n + 1))) { /* libc's: yaml_free */
        memset(&ev, 0, sizeof ev);
        ev.type = YAML_SCALAR_EVENT;
        memcpy(v, s, n);
        v[n] = '\0';
        ev.data.scalar.value = v;
        ev.data.scalar.length = n;
        ev.data.scalar.plain_implicit = plain_ok;
        ev.data.scalar.quoted_implicit = 1;
        ev.data.scalar.style = style;
        return emit(w, &ev);
    }
    if (!yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)s, (int)n, plain_ok, 1, style))
        return w->ok = false;
    return emit(w, &ev);
}

/* A node holding only numbers (date-parts) is written in flow style:
 * issued: {date-parts: [[2026, 10, 2]]}. */
static bool only_numbers(const json_t *v)
{
    size_t i;
    const char *k;
    json_t *x;
    if (json_is_array(v)) {
        json_array_foreach (v, i, x)
            if (!only_numbers(x))
                return false;
        return json_array_size(v) > 0;
    }
    if (json_is_object(v)) {
        json_object_foreach ((json_t *)v, k, x)
            if (!only_numbers(x))
                return false;
        return json_object_size(v) > 0;
    }
    return json_is_number(v);
}

/* v in decimal into buf (at least 21 bytes), as "%" JSON_INTEGER_FORMAT
 * writes it; returns the length. */
static size_t format_int(char *buf, json_int_t v)
{
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    char digits[24];
    size_t k = 0, n = 0;
    do {
        digits[k++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        buf[n++] = '-';
    while (k)
        buf[n++] = digits[--k];
    buf[n] = '\0';
    return n;
}

static bool emit_node(yaml_writer *w, const json_t *v, bool flow)
{
    yaml_event_t ev;
    char num[32];
    flow = flow || only_numbers(v);
    switch (json_typeof(v)) {
    case JSON_OBJECT: {
        const char *k;
        json_t *x;
        yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1,
                                            flow ? YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE);
        if (!emit(w, &ev))
            return false;
        json_object_foreach ((json_t *)v, k, x) {
            size_t kn = strlen(k);
            if (!emit_scalar(w, k, kn, !plain_is_not_string(k, kn)) || !emit_node(w, x, flow))
                return false;
        }
        yaml_mapping_end_event_initialize(&ev);
        return emit(w, &ev);
    }
    case JSON_ARRAY: {
        size_t i;
        json_t *x;
        yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1,
                                             flow ? YAML_FLOW_SEQUENCE_STYLE : YAML_BLOCK_SEQUENCE_STYLE);
        if (!emit(w, &ev))
            return false;
        json_array_foreach (v, i, x)
            if (!emit_node(w, x, flow))
                return false;
        yaml_sequence_end_event_initialize(&ev);
        return emit(w, &ev);
    }
    case JSON_STRING: {
        const char *s = json_string_value(v);
        size_t n = json_string_length(v);
        return emit_scalar(w, s, n, !plain_is_not_string(s, n));
    }
    case JSON_INTEGER: /* date-parts: snprintf cost 700 instructions each */
        return emit_scalar(w, num, format_int(num, json_integer_value(v)), true);
    case JSON_REAL:
        snprintf(num, sizeof num, "%.17g", json_real_value(v));
        return emit_scalar(w, num, strlen(num), true);
    case JSON_TRUE: return emit_scalar(w, "true", 4, true);
    case JSON_FALSE: return emit_scalar(w, "false", 5, true);
    case JSON_NULL: return emit_scalar(w, "null", 4, true);
    }
    return false;
}

void *pc_yaml_write_begin(FILE *out, pc_ctx *ctx)
{
    yaml_writer *w = pc_xcalloc(1, sizeof *w);
    w->out = out;
    w->ctx = ctx;
    w->ok = yaml_emitter_initialize(&w->em) != 0;
    if (!w->ok)
        return w; /* out of memory inside libyaml: every write fails */
    yaml_emitter_set_output(&w->em, write_handler, w);
    yaml_emitter_set_unicode(&w->em, 1); /* UTF-8 as is, not \u escapes */
    yaml_emitter_set_width(&w->em, -1);  /* no folding of long lines */
    yaml_emitter_set_break(&w->em, YAML_LN_BREAK);
    yaml_event_t ev;
    yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
    emit(w, &ev);
    yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1);
    emit(w, &ev);
    yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE);
    emit(w, &ev);
    emit_scalar(w, "references", 10, true);
    yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_SEQUENCE_STYLE);
    emit(w, &ev);
    return w;
}

bool pc_yaml_write_record(void *state, const pc_record *rec)
{
    yaml_writer *w = state;
    json_t *item = pc_csl_item(rec, w->ctx, "yaml", PC_CSL_MARKDOWN);
    emit_node(w, item, false);
    json_decref(item);
    /* the emitter keeps a few events of look-ahead; the rest goes out now */
    if (w->ok && !yaml_emitter_flush(&w->em))
        w->ok = false;
    return w->ok;
}

bool pc_yaml_write_end(void *state)
{
    yaml_writer *w = state;
    yaml_event_t ev;
    yaml_sequence_end_event_initialize(&ev);
    emit(w, &ev);
    yaml_mapping_end_event_initialize(&ev);
    emit(w, &ev);
    yaml_document_end_event_initialize(&ev, 1);
    emit(w, &ev);
    yaml_stream_end_event_initialize(&ev);
    emit(w, &ev);
    bool ok = w->ok && yaml_emitter_flush(&w->em);
    yaml_emitter_delete(&w->em);
    pc_free(w);
    return ok;
}
