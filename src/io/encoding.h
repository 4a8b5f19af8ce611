/* SPDX-License-Identifier: MIT */
/* encoding.h — input character sets.
 *
 * Owns what paperconv knows about encodings other than UTF-8: their names
 * (iconv's, and the usual aliases: "latin-1", "win-1252", "utf_16le"),
 * byte-order marks, the headers that name an encoding (JabRef's
 * "% Encoding: NAME", Emacs' "-*- coding: NAME -*-", Vim's
 * "vim: set fileencoding=NAME", the XML declaration) and whether the bytes
 * fit what a header says, the streaming decoders pc_source runs (iconv, and
 * UTF-8 that reads a byte that is not UTF-8 as Windows-1252), and the guess
 * of the encoding of bytes that are not UTF-8 (the "try --encoding" hint).
 * Readers never transcode: pc_source hands them UTF-8. */
#ifndef PC_ENCODING_H
#define PC_ENCODING_H

#include "util/buf.h"

/* ---- names ---- */

/* The name iconv knows `name` by, into *out (cleared first): the name as
 * given if iconv takes it, else the alias it stands for.  Case and
 * punctuation do not matter ("Latin-1", "latin_1", "L1", "ISO8859-1",
 * "win-1252", "Windows1252", "cp1252", "utf_16le", Java's "ISO8859_1",
 * "MacRoman").  False if no name fits. */
bool pc_encoding_iconv_name(const char *name, pc_buf *out);
/* True if iconv can decode `name` into UTF-8 (aliases as above). */
bool pc_encoding_known(const char *name);
/* True for the names of UTF-8 ("UTF-8", "utf8", "utf_8", any case). */
bool pc_encoding_is_utf8(const char *name);

/* ---- byte-order marks and headers ---- */

/* The encoding a byte-order mark at the start of head[0, n) names: the
 * iconv name ("UTF-16LE", "UTF-32BE", ...) with *bom_len set to the mark's
 * length, or NULL for none.  A UTF-8 mark is not reported (NULL): the input
 * is UTF-8 already and the readers skip the mark. */
const char *pc_encoding_from_bom(const char *head, size_t n, size_t *bom_len);

/* A header line that names the encoding of the file it heads. */
typedef struct pc_encoding_header {
    pc_buf name;        /* the name as written (trimmed) */
    const char *what;   /* what names it, for messages: "the coding cookie" (static) */
    unsigned long line; /* its line, from 1 */
    size_t at, len;     /* the line's bytes in head, without the line end */
} pc_encoding_header;

/* JabRef's header: a line "% Encoding: NAME" among the comment lines ("%")
 * at the top of head[0, n).  True if found (*h filled).  The BibTeX
 * formats' encoding_header hook (io/format_table.h). */
bool pc_encoding_jabref(const char *head, size_t n, pc_encoding_header *h);
/* An editor's coding cookie: Emacs' "-*- coding: NAME -*-" (or
 * "-*- mode: bibtex; coding: NAME -*-") in the first two lines, Vim's
 * modeline "vim: set fileencoding=NAME :" (or "fenc=NAME") in the first
 * five.  Emacs' end-of-line suffixes ("latin-1-unix") are dropped. */
bool pc_encoding_cookie(const char *head, size_t n, pc_encoding_header *h);
/* The encoding an XML declaration (<?xml ... encoding="NAME"?>) at the
 * start of head names. */
bool pc_encoding_xml_declared(const char *head, size_t n, pc_buf *name);
void pc_encoding_header_free(pc_encoding_header *h);

/* Whether head[0, n) can be in `name` (an iconv name), as a header says. */
typedef enum pc_encoding_fit {
    PC_FIT_NONE = 0,
    PC_FIT_OK,
    PC_FIT_NOT_ASCII, /* the header's own line, ASCII text, is not that encoding (UTF-16) */
    PC_FIT_BAD_BYTE,  /* the bytes at *bad are not that encoding */
    PC_FIT_UTF8,      /* the text is valid UTF-8 with non-ASCII in it */
} pc_encoding_fit;
/* h is the header (its line is checked to read as itself); an incomplete
 * character cut by the end of head[0, n) is allowed. */
pc_encoding_fit pc_encoding_fits(const char *name, const char *head, size_t n, const pc_encoding_header *h,
                                 size_t *bad);

/* True if s[0, n) has non-ASCII bytes and they all form valid UTF-8 (a
 * sequence cut by the end at n is allowed): text that is UTF-8 whatever a
 * header claims.  Latin-1 text is almost never valid UTF-8 by chance. */
bool pc_encoding_is_utf8_text(const char *s, size_t n);

/* ---- decoders ---- */

/* A streaming decoder from one encoding into UTF-8. */
typedef struct pc_decoder pc_decoder;

typedef enum pc_decode_status {
    PC_DECODE_NONE = 0,
    PC_DECODE_OK,         /* all input converted, or the output is full */
    PC_DECODE_INCOMPLETE, /* the input ends inside a character: give more */
    PC_DECODE_INVALID,    /* an invalid sequence at *in_used */
} pc_decode_status;

/* Opens a decoder from `name` through iconv: any name pc_encoding_iconv_name
 * resolves.  NULL if none.  Free with pc_decoder_free (NULL allowed). */
pc_decoder *pc_decoder_new(const char *name);
/* A decoder of UTF-8 that stops at each byte that is not part of valid
 * UTF-8 (PC_DECODE_INVALID), for pc_decoder_replace to read as
 * Windows-1252.  NUL and controls pass: they are not a charset question. */
pc_decoder *pc_decoder_new_utf8(void);
void pc_decoder_free(pc_decoder *d);
/* Converts in[0, in_n) into out[0, out_cap): *in_used and *out_made say how
 * many bytes were read and written. */
/* The length of the longest prefix of in[0, n) that is whole, valid UTF-8
 * (ASCII 16 bytes a step: this runs over every UTF-8 input).  *status (may be
 * NULL): PC_DECODE_INVALID when a byte there is not UTF-8;
 * PC_DECODE_INCOMPLETE when n ends inside a character and `whole` says
 * in[0, n) is all the input there is; else PC_DECODE_OK. */
size_t pc_utf8_scan(const char *in, size_t n, bool whole, pc_decode_status *status);
pc_decode_status pc_decoder_run(pc_decoder *d, const char *in, size_t in_n, size_t *in_used, char *out,
                                size_t out_cap, size_t *out_made);
/* After PC_DECODE_INVALID at in (or PC_DECODE_INCOMPLETE at the end of the
 * input): consumes the bad unit (one byte; two in UTF-16, four in UTF-32;
 * at most in_n >= 1) and writes its replacement into out (room for 4
 * bytes): the byte as Windows-1252 for pc_decoder_new_utf8 (U+FFFD for the
 * five bytes Windows-1252 leaves undefined), else U+FFFD.  Returns the
 * bytes consumed; *out_made the bytes written. */
size_t pc_decoder_replace(pc_decoder *d, const char *in, size_t in_n, char *out, size_t *out_made);
/* The bytes an ASCII character takes: 1, 2 in UTF-16, 4 in UTF-32. */
size_t pc_decoder_unit(const pc_decoder *d);
/* True for a single-byte encoding (every byte a character or invalid, none
 * the start of a longer sequence): Latin-1, Windows-1252, KOI8-R. */
bool pc_decoder_single_byte(const pc_decoder *d);

/* ---- the guess ---- */

/* What encoding the bytes s[0, n) (from the first byte that is not UTF-8
 * on) are in, among those the bytes fit (iconv decodes them) and that read
 * as text: Latin-1, Windows-1252, Latin-9, GB18030, Big5, Shift_JIS,
 * EUC-JP, EUC-KR.  Appends "; the text looks like Latin-9: try --encoding
 * latin9" to *hint, with two names when they score alike ("Latin-9 or
 * Latin-1: try --encoding latin9 (or latin1)"); nothing when no encoding
 * fits, or the bad bytes are UTF-8 cut short, NUL or a control. */
void pc_encoding_guess(const char *s, size_t n, pc_buf *hint);
/* pc_encoding_guess's text in a buffer of the calling thread's, valid until
 * its next call: for the readers' "invalid UTF-8 byte" messages. */
const char *pc_encoding_hint(const char *s, size_t n);

#endif
