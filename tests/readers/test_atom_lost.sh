# SPDX-License-Identifier: MIT
# test_atom_lost.sh — the Atom / RSS reader loses nothing (issue 19,
# "Nothing lost, round 2"):
#  - RSS dc:creator "Smith, John" is one author (Dublin Core's inverted
#    form), "Alice Smith, Bob Jones" (arXiv's list) two;
#  - an entry or item in a namespace that is not the feed's is a warning
#    and a record skipped, not nothing;
#  - a second title, id, summary, date or link, a dc:identifier that is no
#    DOI (or another DOI), a second value of a field (two dc:publisher),
#    an author's e-mail or second name, and links the mapper has no place
#    for (a second alternate, related, enclosure) are kept: URLs in the URL
#    list, the rest as pass-through values, which every writer counts (-v);
#  - an element of attributes only (RSS <enclosure url=...>,
#    media:thumbnail) is a URL of the entry.
# The oracle is the model (pctool dump) and the -v summary.
. "$ROOT/tests/lib.sh"
cd "$T" || exit 1

dump() { "$PCTOOL" dump "$1" > "$T/dump" 2> "$T/dump.err"; }
has() {
    if grep -qxF "$(printf '%s\t%s' "$2" "$3")" "$T/dump"; then
        pass "$1"
    else
        fail "$1" "no line '$2	$3' in the model:" "$(grep "^$2	" "$T/dump" | head -5)"
    fi
}
count() { # NAME FIELD WANT: the last dump has WANT lines of FIELD
    got=$(grep -c "^$2	" "$T/dump")
    if [ "$got" -eq "$3" ]; then pass "$1"; else fail "$1" "$got '$2' lines, want $3:" "$(grep "^$2	" "$T/dump")"; fi
}

# ---- RSS creators -------------------------------------------------------------
cat > creators.rss <<'EOF'
<?xml version="1.0"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>J</title>
<item><title>One inverted name</title><dc:creator>Smith, John</dc:creator></item>
<item><title>Two inverted names</title><dc:creator>Smith, John A.</dc:creator><dc:creator>van der Berg, Hans</dc:creator></item>
<item><title>A list</title><dc:creator>Alice Smith, Bob Jones</dc:creator></item>
<item><title>E-mail and name</title><author>jsmith@example.org (Smith, John)</author></item>
</channel></rss>
EOF
"$PCTOOL" dump creators.rss > all.dump 2> /dev/null
csplit -s -z -f rec all.dump '/^@/' '{*}'
cp rec00 dump
has "rss: dc:creator 'Smith, John' is one author" author "John||Smith||"
count "rss: ... and only one" author 1
cp rec01 dump
has "rss: 'Smith, John A.' is one author" author "John A.||Smith||"
has "rss: 'van der Berg, Hans' is one author" author "Hans|van der|Berg||"
count "rss: two creators, two authors" author 2
cp rec02 dump
has "rss: an arXiv list is still split (1)" author "Alice||Smith||"
has "rss: an arXiv list is still split (2)" author "Bob||Jones||"
cp rec03 dump
has "rss: author 'e-mail (Smith, John)' is one author" author "John||Smith||"
count "rss: ... and only one" author 1

# ---- entries in another namespace -----------------------------------------------
cat > foreign.atom <<'EOF'
<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:x="http://example.org/not-atom">
<title>F</title>
<entry><id>urn:a</id><title>Kept</title></entry>
<x:entry><x:id>urn:b</x:id><x:title>Not Atom</x:title></x:entry>
<entry xmlns="http://www.w3.org/2005/atom"><id>urn:c</id><title>Lower-case namespace</title></entry>
</feed>
EOF
$PC -v foreign.atom -t csljson > foreign.json 2> foreign.err
contains "atom: an entry in another namespace is warned with its position" foreign.err "foreign.atom:5:1: warning: <entry> in the namespace http://example.org/not-atom is not an Atom entry: not read"
contains "atom: ... also a near miss of Atom's" foreign.err "foreign.atom:6:1: warning: <entry> in the namespace http://www.w3.org/2005/atom is not an Atom entry: not read"
contains "atom: ... and counted as skipped" foreign.err "3 record(s) read, 1 written, 2 skipped"
cat > foreign.rss <<'EOF'
<?xml version="1.0"?>
<rss version="2.0" xmlns:a="http://www.w3.org/2005/Atom"><channel><title>F</title>
<item><title>Kept</title></item>
<a:entry><a:title>Atom in RSS</a:title></a:entry>
</channel></rss>
EOF
$PC -v foreign.rss -t csljson > /dev/null 2> foreign.err
contains "rss: an Atom entry in an RSS channel is warned and skipped" foreign.err "foreign.rss:4:1: warning: <entry> in the namespace http://www.w3.org/2005/Atom is not an RSS item: not read"

# ---- repeated elements, identifiers, links ------------------------------------------
cat > repeat.atom <<'EOF'
<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
<title>R</title>
<entry>
  <id>tag:example.org,2026:1</id>
  <id>tag:example.org,2026:other</id>
  <title>First title</title>
  <title>Second title</title>
  <published>2026-01-02T00:00:00Z</published>
  <published>2026-03-04T00:00:00Z</published>
  <updated>2026-01-05T00:00:00Z</updated>
  <updated>2026-01-06T00:00:00Z</updated>
  <summary>First summary.</summary>
  <summary>Second summary.</summary>
  <author><name>Ann Author</name><email>ann@example.org</email><name>Ann B. Author</name></author>
  <link rel="alternate" href="https://example.org/1"/>
  <link rel="alternate" href="https://example.org/1/mirror"/>
  <link rel="related" href="https://example.org/related"/>
  <link rel="enclosure" type="audio/mpeg" href="https://example.org/1.mp3"/>
  <link title="pdf" type="application/pdf" href="https://example.org/1.pdf"/>
  <link title="pdf" type="application/pdf" href="https://example.org/1-supplement.pdf"/>
  <link title="doi" href="https://doi.org/10.5555/one"/>
  <dc:identifier>10.5555/one</dc:identifier>
  <dc:identifier>urn:isbn:978-0-201-13447-6</dc:identifier>
  <dc:identifier>10.5555/another</dc:identifier>
  <dc:publisher>First Press</dc:publisher>
  <dc:publisher>Second Press</dc:publisher>
  <dc:publisher>First Press</dc:publisher>
</entry>
</feed>
EOF
dump repeat.atom
has "atom: the first title is the title" title "First title"
has "atom: a second title is kept" extra "atom	atom:title	Second title"
has "atom: the first published is the date" date "2026-01-02"
has "atom: a second published is kept" extra "atom	atom:published	2026-03-04T00:00:00Z"
has "atom: a second updated is kept" extra "atom	atom:updated	2026-01-06T00:00:00Z"
has "atom: a second id is kept" extra "atom	atom:id	tag:example.org,2026:other"
has "atom: a second summary is kept" extra "atom	atom:summary	Second summary."
has "atom: an author's e-mail is kept" extra "atom	atom:email	ann@example.org"
has "atom: an author's second name is kept" extra "atom	atom:name	Ann B. Author"
has "atom: a second alternate link is a URL" url "https://example.org/1/mirror"
has "atom: a related link is a URL" url "https://example.org/related"
has "atom: an enclosure link is a URL" url "https://example.org/1.mp3"
has "atom: a second PDF link is a URL" url "https://example.org/1-supplement.pdf"
has "atom: the DOI" doi "10.5555/one"
has "atom: a dc:identifier that is no DOI is kept beside the DOI" extra "atom	dc:identifier	urn:isbn:978-0-201-13447-6"
has "atom: a dc:identifier with another DOI is kept" extra "atom	dc:identifier	10.5555/another"
check "atom: the dc:identifier of the same DOI is not kept again" sh -c "! grep -q 'dc:identifier	10.5555/one' '$T/dump'"
has "atom: the first dc:publisher is the publisher" publisher "First Press"
has "atom: a second, different dc:publisher is kept" extra "atom	dc:publisher	Second Press"
count "atom: the same dc:publisher again is not kept twice" extra 11
$PC -v repeat.atom -t csljson > /dev/null 2> repeat.err
contains "atom: -v counts the second title" repeat.err "csljson has no place for atom:title (atom): dropped from 1 record(s)"
contains "atom: -v counts the other identifiers" repeat.err "csljson has no place for dc:identifier (atom)"

# RSS: a second link, pubDate, an enclosure, a second coverDate
cat > repeat.rss <<'EOF'
<?xml version="1.0"?>
<rss version="2.0" xmlns:prism="http://prismstandard.org/namespaces/basic/2.0/"><channel><title>R</title>
<item><title>T</title><link>https://example.org/a</link><link>https://example.org/b</link>
<pubDate>Tue, 13 Jan 2026 00:00:00 GMT</pubDate><pubDate>Wed, 14 Jan 2026 00:00:00 GMT</pubDate>
<prism:coverDate>2026-02-01</prism:coverDate>
<enclosure url="https://example.org/a.mp3" type="audio/mpeg" length="1"/>
<media:thumbnail xmlns:media="http://search.yahoo.com/mrss/" url="https://example.org/a.jpg"/></item>
</channel></rss>
EOF
dump repeat.rss
has "rss: the first link is a URL" url "https://example.org/a"
has "rss: a second link is a URL" url "https://example.org/b"
has "rss: the first pubDate is the date" date "2026-01-13"
has "rss: a second pubDate is kept" extra "atom	rss:pubDate	Wed, 14 Jan 2026 00:00:00 GMT"
has "rss: a coverDate beside another date is kept" extra "atom	prism:coverDate	2026-02-01"
has "rss: an enclosure is a URL" url "https://example.org/a.mp3"
has "rss: a media:thumbnail (attributes only) is a URL" url "https://example.org/a.jpg"

# ---- long CDATA sections and attribute values (issue 19) -----------------------------
# libxml2 2.9 was quadratic on them (tests/robust: cdata-long, attr-long);
# the input layer cuts a long CDATA section and writes '>' of a long
# attribute value as "&gt;" (src/io/xmlsplit.c).  The text must be what
# an independent XML parser (python's) reads, with "]]", CRLF and UTF-8
# around the cuts, and libxml2's line numbers after them must stay right.
if command -v python3 > /dev/null 2>&1; then
    python3 - > long.atom <<'PY'
import sys
piece = "a]]b <p>x &amp; y</p> caf\u00e9 \u20ac]\r\n> z "
body = (piece * 3000)
term = ("t>u &amp; v &#x3e; w\u00e9 " * 2000)
sys.stdout.write('<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">\n'
    '<entry><id>urn:long</id><title><![CDATA[' + body + ']]></title><category term="' + term + '"/></entry>\n'
    '<entry><id>urn:bad</id><title>Bad</title>\n<summary>a &nosuch; b</summary></entry>\n</feed>\n')
PY
    python3 - long.atom > long.want <<'PY'
import sys, unicodedata, re
raw = open(sys.argv[1], encoding='utf-8', newline='').read()
m = re.search(r'<title><!\[CDATA\[(.*?)\]\]></title>', raw, re.S)
title = m.group(1).replace('\r\n', '\n')
fold = lambda s: unicodedata.normalize('NFC', ' '.join(s.split()))
import html
term = re.search(r'term="(.*?)"', raw, re.S).group(1)
print('title\t' + fold(title))
print('keyword\t' + fold(html.unescape(term)))
PY
    "$PCTOOL" dump long.atom > long.dump 2> long.err
    grep -E '^(title|keyword)	' long.dump | head -n 2 > long.got
    same "atom: a long CDATA title and a long attribute read as python reads them" long.want long.got
    bad_line=$(grep -n 'nosuch' long.atom | cut -d: -f1)
    contains "atom: the line of an error after long CDATA is right" long.err "long.atom:$bad_line"
else
    skip "atom: long CDATA and attribute values" "python3 not installed"
fi
