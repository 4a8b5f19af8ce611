/* SPDX-License-Identifier: MIT */
/* split.c — long CDATA sections cut, '>' in long attribute values written
 * "&gt;", in the pieces the Atom reader hands libxml2 (see split.h for
 * why).  The spans come from the look-ahead (scan.c) as source offsets, in
 * order; the pieces go out in order too, so a queue of the spans not yet
 * passed is all the state. */
#include "split.h"

#include "format.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define CUT "]]><![CDATA["
enum {
    CUT_LEN = sizeof CUT - 1,
    MIN_PIECE = 64, /* a piece libxml2 wants smaller than this goes unchanged */
};

void pc_xml_split_free(pc_xml_split *x)
{
    if (!x)
        return;
    pc_free(x->spans);
    memset(x, 0, sizeof *x);
}

void pc_xml_split_event(pc_xml_split *x, const pc_xml_scan *s)
{
    pc_xml_span *last = x->n > x->head ? &x->spans[x->n - 1] : NULL;
    if (last && last->to == ULLONG_MAX && last->start == s->span_off) { /* it ended */
        last->to = s->long_to;
        return;
    }
    if (x->n == x->cap && x->head) { /* drop the spans passed */
        x->n -= x->head;
        memmove(x->spans, x->spans + x->head, x->n * sizeof *x->spans);
        x->head = 0;
    }
    PC_GROW(x->spans, x->cap, x->n + 1);
    x->spans[x->n++] = (pc_xml_span){.kind = s->long_kind, .start = s->span_off, .from = s->long_from,
                                     .to = s->long_to, .next = s->long_from};
}

void pc_xml_split_drop(pc_xml_split *x, unsigned long long off)
{
    while (x->n > x->head && x->spans[x->n - 1].start >= off)
        x->n--;
}

/* A byte a CDATA section may be cut before: not one of "]]>" (so the cut
 * is never inside the section's end), not a LF (a CRLF stays whole: the
 * lines libxml2 counts stay right), not inside a UTF-8 character. */
static bool cut_before(unsigned char c) { return c != ']' && c != '>' && c != '\n' && (c < 0x80 || c >= 0xC0); }

static unsigned long long min_u(unsigned long long a, unsigned long long b) { return a < b ? a : b; }
static unsigned long long max_u(unsigned long long a, unsigned long long b) { return a > b ? a : b; }

/* The bytes of a CDATA span's part [i, stop) of the piece at pos (p) to
 * take before a cut, with `room` bytes of output left: sets *cut when one
 * fits. */
static size_t cdata_part(pc_xml_split *x, size_t k, unsigned long long pos, const char *p, size_t i,
                         size_t stop, size_t room, bool *cut)
{
    const pc_xml_span *sp = &x->spans[k];
    unsigned long long at = max_u(sp->next, pos + i);
    size_t j = at < pos + stop ? (size_t)(at - pos) : stop;
    while (j < stop && !cut_before((unsigned char)p[j]))
        j++;
    if (j < stop && j - i + CUT_LEN <= room) {
        *cut = true;
        x->cut_span = k;
        return j - i;
    }
    return stop - i < room ? stop - i : room;
}

/* An attribute span's part [i, stop): the bytes whose output ("&gt;" for
 * '>') fits in `room`, the output's length in *used. */
static size_t attr_part(pc_xml_split *x, const char *p, size_t i, size_t stop, size_t room, size_t *used)
{
    size_t j = i, out = 0;
    for (; j < stop; j++) {
        size_t cost = p[j] == '>' ? 4 : 1;
        if (out + cost > room)
            break;
        out += cost;
        x->expand |= cost == 4;
    }
    *used = out;
    return j - i;
}

size_t pc_xml_split_plan(pc_xml_split *x, unsigned long long pos, const char *p, size_t n, size_t len)
{
    x->cut = x->expand = false;
    x->planned = n;
    while (x->head < x->n && x->spans[x->head].to <= pos)
        x->head++;
    if (x->head == x->n || !n || len < MIN_PIECE)
        return n;
    size_t i = 0, room = len, k = x->head;
    unsigned long long end = pos + n;
    while (i < n && room) {
        while (k < x->n && x->spans[k].to <= pos + i)
            k++;
        if (k == x->n || x->spans[k].from >= end) {
            i += n - i < room ? n - i : room;
            break;
        }
        const pc_xml_span *sp = &x->spans[k];
        size_t a = (size_t)(max_u(sp->from, pos + i) - pos), stop = (size_t)(min_u(sp->to, end) - pos);
        if (a - i >= room) {
            i += room;
            break;
        }
        room -= a - i;
        i = a;
        size_t used, took;
        bool cut = false;
        if (sp->kind == PC_XLONG_CDATA) {
            took = cdata_part(x, k, pos, p, i, stop, room, &cut);
            used = took;
        } else {
            took = attr_part(x, p, i, stop, room, &used);
        }
        i += took;
        room -= used;
        if (cut) {
            x->cut = true;
            break;
        }
        if (i < stop)
            break; /* no more room */
    }
    x->planned = i;
    return i;
}

/* '>' in the attribute spans of buf[0, got) (read at pos) as "&gt;", from
 * the back (the room was counted by the plan); returns the new length. */
static size_t expand(pc_xml_split *x, unsigned long long pos, char *buf, size_t got)
{
    size_t extra = 0, last = x->head;
    for (size_t k = x->head; k < x->n && x->spans[k].from < pos + got; k++) {
        const pc_xml_span *sp = &x->spans[k];
        if (sp->kind != PC_XLONG_ATTR || sp->to <= pos)
            continue;
        size_t a = (size_t)(max_u(sp->from, pos) - pos), b = (size_t)(min_u(sp->to, pos + got) - pos);
        for (size_t j = a; j < b; j++)
            extra += buf[j] == '>';
        last = k + 1;
    }
    size_t w = got + 3 * extra, r = got;
    for (size_t k = last; k-- > x->head && w > r;) {
        const pc_xml_span *sp = &x->spans[k];
        if (sp->kind != PC_XLONG_ATTR || sp->to <= pos || sp->from >= pos + got)
            continue;
        size_t a = (size_t)(max_u(sp->from, pos) - pos), b = (size_t)(min_u(sp->to, pos + got) - pos);
        memmove(buf + w - (r - b), buf + b, r - b); /* the bytes after the span, as they are */
        w -= r - b;
        for (r = b; r > a;) {
            char c = buf[--r];
            if (c == '>') {
                w -= 4;
                memcpy(buf + w, "&gt;", 4);
            } else {
                buf[--w] = c;
            }
        }
    }
    return got + 3 * extra;
}

size_t pc_xml_split_apply(pc_xml_split *x, unsigned long long pos, char *buf, size_t got, size_t len)
{
    size_t out = x->expand ? expand(x, pos, buf, got) : got;
    if (x->cut && got == x->planned && out + CUT_LEN <= len) {
        memcpy(buf + out, CUT, CUT_LEN);
        out += CUT_LEN;
        x->spans[x->cut_span].next = pos + got + PC_XML_SPLIT_EVERY;
    }
    x->cut = x->expand = false;
    return out;
}
