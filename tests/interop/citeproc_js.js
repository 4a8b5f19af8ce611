// SPDX-License-Identifier: MIT
// citeproc_js.js — the reference CSL processor (npm `citeproc`, citeproc-js)
// as an oracle for tests/interop/test_citeproc_js.sh: formats the items of
// a CSL-JSON file with a style and prints its HTML bibliography, one entry
// per line, each line "ID<TAB>ENTRY" (the entry's new lines and the indent
// between its tags removed).
//
//   node citeproc_js.js STYLE.csl ITEMS.json LOCALES-DIR [STYLES-DIR]
//
// A dependent style is followed to its independent parent in STYLES-DIR,
// as ours does.  Locales are read from LOCALES-DIR (Debian's
// citation-style-language-locales), nothing from the network.
'use strict';
const fs = require('fs');
const path = require('path');
const CSL = require('citeproc');

const [stylePath, itemsPath, localeDir, stylesDir] = process.argv.slice(2);
let style = fs.readFileSync(stylePath, 'utf8');
const parent = style.match(/<link[^>]*rel="independent-parent"[^>]*>/);
if (parent) {
  const href = parent[0].match(/href="([^"]*)"/)[1];
  style = fs.readFileSync(path.join(stylesDir || path.dirname(stylePath), href.split('/').pop() + '.csl'), 'utf8');
}
const items = JSON.parse(fs.readFileSync(itemsPath, 'utf8'));
const byId = new Map(items.map((it) => [String(it.id), it]));
const sys = {
  retrieveLocale: (lang) => {
    const f = path.join(localeDir, 'locales-' + lang + '.xml');
    return fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : false;
  },
  retrieveItem: (id) => byId.get(String(id)),
};
const engine = new CSL.Engine(sys, style, 'en-US');
engine.updateItems(items.map((it) => String(it.id)));
const bib = engine.makeBibliography();
if (!bib) {
  process.stderr.write('citeproc_js.js: the style has no bibliography\n');
  process.exit(3);
}
const [params, entries] = bib;
entries.forEach((e, i) => {
  const one = e.replace(/\n\s*/g, '').trim();
  process.stdout.write(params.entry_ids[i].join(',') + '\t' + one + '\n');
});
