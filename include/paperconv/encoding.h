/* SPDX-License-Identifier: MIT */
/* encoding.h — input character sets.
 *
 * Owns what paperconv knows about encodings other than UTF-8: byte-order
 * marks, JabRef's "% Encoding: NAME" header, the streaming iconv decoder
 * pc_source runs when an input is not UTF-8, and the hint added to every
 * reader's "invalid UTF-8" message when the bytes look like Latin-1 or
 * Windows-1252.  Readers never transcode: pc_source hands them UTF-8. */
#ifndef PC_ENCODING_H
#define PC_ENCODING_H

#include "paperconv/buf.h"

/* The encoding a byte-order mark at the start of head[0, n) names: the
 * iconv name ("UTF-16LE", "UTF-32BE", ...) with *bom_len set to the mark's
 * length, or NULL for none.  A UTF-8 mark is not reported (NULL): the input
 * is UTF-8 already and the readers skip the mark. */
const char *pc_encoding_from_bom(const char *head, size_t n, size_t *bom_len);

/* JabRef's header: a line "% Encoding: NAME" among the comment lines ("%")
 * at the top of head[0, n).  On success NAME (trimmed) is copied to *name
 * (cleared first) and true is returned. */
bool pc_encoding_jabref(const char *head, size_t n, pc_buf *name);

/* True if s[0, n) has non-ASCII bytes and they all form valid UTF-8 (a
 * sequence cut by the end at n is allowed): text that is UTF-8 whatever a
 * header claims.  Latin-1 text is almost never valid UTF-8 by chance. */
bool pc_encoding_is_utf8_text(const char *s, size_t n);

/* True for the names of UTF-8 ("UTF-8", "utf8", any case). */
bool pc_encoding_is_utf8(const char *name);

/* True if iconv can decode `name` into UTF-8 (see pc_decoder_new). */
bool pc_encoding_known(const char *name);

/* A streaming decoder from one encoding into UTF-8 (iconv). */
typedef struct pc_decoder pc_decoder;

typedef enum pc_decode_status {
    PC_DECODE_NONE = 0,
    PC_DECODE_OK,         /* all input converted, or the output is full */
    PC_DECODE_INCOMPLETE, /* the input ends inside a character: give more */
    PC_DECODE_INVALID,    /* an invalid sequence at *in_used */
} pc_decode_status;

/* Opens a decoder from `name`: any name glibc's iconv knows, and the Java
 * names old JabRef versions write ("Cp1252", "ISO8859_1", "MacRoman").
 * NULL if iconv knows none of them.  Free with pc_decoder_free (NULL
 * allowed). */
pc_decoder *pc_decoder_new(const char *name);
void pc_decoder_free(pc_decoder *d);
/* Converts in[0, in_n) into out[0, out_cap): *in_used and *out_made say how
 * many bytes were read and written. */
pc_decode_status pc_decoder_run(pc_decoder *d, const char *in, size_t in_n, size_t *in_used, char *out,
                                size_t out_cap, size_t *out_made);

/* The hint every reader appends to its "invalid UTF-8 byte" message: a
 * suggestion of --encoding when the bad byte at s (n >= 1 bytes from there
 * on) looks like Latin-1 ("; the text looks like Latin-1: ...") or
 * Windows-1252, else "".  Static storage: never freed. */
const char *pc_encoding_hint(const char *s, size_t n);

#endif
