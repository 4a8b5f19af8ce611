/* SPDX-License-Identifier: MIT */
/* util.c — the allocator (the default or a program's, pc_set_allocator),
 * the allocation wrappers that abort on failure, pc_buf, and small string
 * helpers. */
#include "util/buf.h"
#include "paperconv.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

char pc_buf_empty_[1];

/* The allocator: set once, before any other call (paperconv.h says so),
 * so it is read without a lock. */
static void *(*alloc_malloc)(size_t) = malloc;
static void *(*alloc_realloc)(void *, size_t) = realloc;
static void (*alloc_free)(void *) = free;

pc_status pc_set_allocator(void *(*malloc_fn)(size_t), void *(*realloc_fn)(void *, size_t),
                           void (*free_fn)(void *))
{
    if (!malloc_fn && !realloc_fn && !free_fn) {
        alloc_malloc = malloc;
        alloc_realloc = realloc;
        alloc_free = free;
        return PC_OK;
    }
    if (!malloc_fn || !realloc_fn || !free_fn)
        return PC_ERR_USAGE;
    alloc_malloc = malloc_fn;
    alloc_realloc = realloc_fn;
    alloc_free = free_fn;
    return PC_OK;
}

void pc_free(void *p)
{
    if (p)
        alloc_free(p);
}

static void oom(void)
{
    fputs("paperconv: out of memory\n", stderr);
    abort();
}

void *pc_xmalloc(size_t n)
{
    void *p = alloc_malloc(n ? n : 1);
    if (!p)
        oom();
    return p;
}

void *pc_try_calloc(size_t size)
{
    void *p = alloc_malloc(size ? size : 1);
    if (p)
        memset(p, 0, size);
    return p;
}

void *pc_xcalloc(size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size)
        oom(); /* the product does not fit: no allocator could give it */
    size_t total = n * size;
    void *p = pc_xmalloc(total);
    memset(p, 0, total);
    return p;
}

void *pc_xrealloc(void *p, size_t n)
{
    void *q = alloc_realloc(p, n ? n : 1);
    if (!q)
        oom();
    return q;
}

void *pc_xreallocarray(void *p, size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size)
        oom();
    return pc_xrealloc(p, n * size);
}

size_t pc_grow_cap(size_t cap, size_t n)
{
    size_t c = cap < 2 ? 4 : cap > SIZE_MAX / 2 ? SIZE_MAX : 2 * cap;
    return c < n ? n : c;
}

char *pc_xstrndup(const char *s, size_t n)
{
    char *d = pc_xmalloc(n + 1);
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

char *pc_xstrdup(const char *s) { return s ? pc_xstrndup(s, strlen(s)) : NULL; }

void pc_set_str(char **dst, const char *s)
{
    char *copy = pc_xstrdup(s);
    pc_free(*dst);
    *dst = copy;
}

void pc_set_strn(char **dst, const char *s, size_t n)
{
    char *copy = pc_xstrndup(s, n);
    pc_free(*dst);
    *dst = copy;
}

void pc_buf_init(pc_buf *b)
{
    b->ptr = pc_buf_empty_;
    b->len = b->cap = 0;
}

void pc_buf_free(pc_buf *b)
{
    if (!b)
        return;
    if (b->cap)
        pc_free(b->ptr);
    pc_buf_init(b);
}

void pc_buf_grow(pc_buf *b, size_t extra)
{
    size_t need = b->len + extra + 1;
    if (need <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < need)
        cap += cap / 2 + 64;
    if (b->cap) {
        b->ptr = pc_xrealloc(b->ptr, cap);
    } else {
        b->ptr = pc_xmalloc(cap);
        b->ptr[0] = '\0';
    }
    b->cap = cap;
}

void pc_buf_clear(pc_buf *b)
{
    b->len = 0;
    if (b->cap)
        b->ptr[0] = '\0';
}

void pc_buf_truncate(pc_buf *b, size_t len)
{
    if (len < b->len) {
        b->len = len;
        b->ptr[len] = '\0';
    }
}

void pc_buf_put(pc_buf *b, const char *s, size_t n)
{
    if (!n)
        return;
    pc_buf_grow(b, n);
    memcpy(b->ptr + b->len, s, n);
    b->len += n;
    b->ptr[b->len] = '\0';
}

void pc_buf_puts(pc_buf *b, const char *s) { pc_buf_put(b, s, strlen(s)); }

void pc_buf_vprintf(pc_buf *b, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n <= 0)
        return;
    pc_buf_grow(b, (size_t)n);
    vsnprintf(b->ptr + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
}

void pc_buf_printf(pc_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pc_buf_vprintf(b, fmt, ap);
    va_end(ap);
}

void pc_buf_put_int(pc_buf *b, int v, int width)
{
    if (v < 0) {
        pc_buf_printf(b, "%0*d", width, v);
        return;
    }
    char digits[16];
    int k = 0;
    do {
        digits[k++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (k < width && k < (int)sizeof digits)
        digits[k++] = '0';
    pc_buf_grow(b, (size_t)k);
    while (k)
        b->ptr[b->len++] = digits[--k];
    b->ptr[b->len] = '\0';
}

char *pc_buf_detach(pc_buf *b)
{
    char *s = b->cap ? b->ptr : pc_xstrdup("");
    pc_buf_init(b);
    return s;
}

int pc_strcasecmp(const char *a, const char *b)
{
    for (;; a++, b++) {
        int ca = pc_to_lower((unsigned char)*a), cb = pc_to_lower((unsigned char)*b);
        if (ca != cb || !ca)
            return ca - cb;
    }
}

int pc_strncasecmp(const char *a, const char *b, size_t n)
{
    for (; n; n--, a++, b++) {
        int ca = pc_to_lower((unsigned char)*a), cb = pc_to_lower((unsigned char)*b);
        if (ca != cb || !ca)
            return ca - cb;
    }
    return 0;
}

void pc_trim(const char **s, size_t *n)
{
    while (*n && pc_is_space((unsigned char)**s)) {
        (*s)++;
        (*n)--;
    }
    while (*n && pc_is_space((unsigned char)(*s)[*n - 1]))
        (*n)--;
}

/* Every white-space byte is <= ' ', so most bytes take one comparison. */
static inline bool is_space_fast(unsigned char c) { return c <= ' ' && pc_is_space(c); }

/* True if the 8 bytes at s can join a run as they are: no byte below ' '
 * (all white space but ' ' is), no two spaces side by side and no space
 * last (its follower is not known).  Both tests are exact: "a byte < 0x20"
 * by the borrow test, the space mask by the carry-free zero-byte test. */
static inline bool word_stays(const char *s)
{
    const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u,
                   lows = 0x7F7F7F7F7F7F7F7Fu;
    uint64_t x;
    memcpy(&x, s, 8);
    if ((x - 0x20 * ones) & ~x & highs)
        return false;
    uint64_t y = x ^ (0x20 * ones);
    uint64_t spaces = ~(((y & lows) + lows) | y) & highs; /* 0x80 in each space byte */
    return !(spaces & (spaces << 8)) && !(spaces >> 63);
}

/* Appends runs of text with the single spaces inside them by one pc_buf_put
 * each, 8 bytes a step where it can: this runs over every decoded field and
 * name, and a call per byte (then per word) cost more than the copying.
 * Inside a run the byte before i is never white space, so a ' ' there is a
 * single space that folding keeps if a non-space follows it. */
void pc_buf_put_folded(pc_buf *b, const char *s, size_t n)
{
    size_t start = b->len, i = 0;
    if (n)
        pc_buf_grow(b, n); /* the folded text is never longer */
    while (i < n) {
        bool space = false;
        while (i < n && is_space_fast((unsigned char)s[i])) {
            space = true;
            i++;
        }
        if (i == n)
            break; /* trailing space */
        if (space && b->len > start)
            pc_buf_putc(b, ' ');
        size_t run = i++; /* s[run] is not white space */
        while (i < n) {
            if (n - i >= 8 && word_stays(s + i)) {
                i += 8;
                continue;
            }
            unsigned char c = (unsigned char)s[i];
            if (!is_space_fast(c))
                i++;
            else if (c == ' ' && i + 1 < n && !is_space_fast((unsigned char)s[i + 1]))
                i += 2;
            else
                break;
        }
        pc_buf_put(b, s + run, i - run);
    }
}
