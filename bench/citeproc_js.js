// SPDX-License-Identifier: MIT
// citeproc_js.js — the peer run of bench/citeproc.sh: the same CSL-JSON
// items, style and locale through citeproc-js (the npm package "citeproc",
// found through NODE_PATH), the bibliography formatted as text.
//   node citeproc_js.js ITEMS.json STYLE.csl LOCALES-DIR > out.txt
'use strict';
const fs = require('fs');
const CSL = require('citeproc');
const [items_path, style_path, locales] = process.argv.slice(2);
const items = JSON.parse(fs.readFileSync(items_path, 'utf8'));
const byId = new Map(items.map((it) => [String(it.id), it]));
const sys = {
  retrieveLocale: (lang) => {
    const p = `${locales}/locales-${lang}.xml`;
    return fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : false;
  },
  retrieveItem: (id) => byId.get(String(id)),
};
const engine = new CSL.Engine(sys, fs.readFileSync(style_path, 'utf8'), 'en-US');
engine.setOutputFormat('text');
engine.updateItems(items.map((it) => String(it.id)));
const [, entries] = engine.makeBibliography();
process.stdout.write(entries.join(''));
