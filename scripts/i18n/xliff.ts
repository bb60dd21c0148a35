import fs from 'node:fs';
import path from 'node:path';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { catalogueFindings, type GlossaryTerm, parseGlossary } from '@scanline/contracts/catalogue-rules';
import { argumentsOf } from '../../apps/web/src/lib/i18n/icu-arguments';
import {
  type CatalogueFile,
  catalogueFiles,
  cataloguePath,
  completeSnapshot,
  formatCatalogue,
  formatSnapshot,
  hashOf,
  type Messages,
  readCatalogue,
  readSnapshot,
  SET_NAMES,
  type SetName,
  SNAPSHOT,
  type Snapshot,
  setLanguages,
} from './catalogues';
import { elements, escapeAttribute, escapeText, localName, parseXml, type XmlElement, XmlError } from './xml';

// Export a language's missing and changed strings to XLIFF 2.0 for a translator, and import
// the translated file back after checking every target as the catalogue tests would
// (docs/develop/translating.md).

export const XLIFF_NS = 'urn:oasis:names:tc:xliff:document:2.0';

export interface ExportOptions {
  root: string;
  lang: string;
  sets: readonly SetName[];
  /** Every string, not only the missing and changed ones. */
  allStrings?: boolean;
}

export interface ExportResult {
  xliff: string;
  /** Units written, by reason. */
  counts: { missing: number; changed: number; current: number };
  /** The snapshot was absent and has been written (everything counted as up to date). */
  snapshotCreated: boolean;
}

export function exportXliff({ root, lang, sets, allStrings = false }: ExportOptions): ExportResult {
  if (lang === 'en') throw new Error('English is the source: choose a language to translate into');
  const known = sets.filter((set) => setLanguages(root, set).includes(lang));
  if (!known.length) throw new Error(`"${lang}" is not a language of ${sets.join(', ')}`);
  let snapshot = readSnapshot(root);
  const snapshotCreated = !snapshot;
  if (!snapshot) {
    // No record of what English the translations were made against: take them all as current.
    snapshot = completeSnapshot(root);
    fs.writeFileSync(path.join(root, SNAPSHOT), formatSnapshot(snapshot));
  }
  const counts = { missing: 0, changed: 0, current: 0 };
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<xliff xmlns="${XLIFF_NS}" version="2.0" srcLang="en" trgLang="${escapeAttribute(lang)}">`,
  ];
  for (const set of known) {
    const made = snapshot.translated[set]?.[lang] ?? {};
    for (const file of catalogueFiles(root, set)) {
      const english = readCatalogue(root, file, 'en');
      const target = readCatalogue(root, file, lang);
      const units: string[] = [];
      for (const [key, source] of Object.entries(english)) {
        const translation = target[key];
        const was = made[key];
        const reason =
          translation === undefined
            ? 'missing'
            : was !== undefined && was !== hashOf(source) && snapshot.english[was] !== undefined
              ? 'changed'
              : 'current';
        if (reason === 'current' && !allStrings) continue;
        counts[reason]++;
        const notes = [
          `<note category="context">${escapeText(`${file.dir}/${lang}.json, key ${key}`)}</note>`,
        ];
        if (reason === 'changed')
          notes.push(
            `<note category="previous-source">${escapeText(snapshot.english[was as string] as string)}</note>`,
          );
        units.push(
          `    <unit id="${key}">`,
          '      <notes>',
          ...notes.map((n) => `        ${n}`),
          '      </notes>',
          `      <segment${translation === undefined ? '' : ` state="${reason === 'changed' ? 'initial' : 'translated'}"`}>`,
          `        <source>${escapeText(source)}</source>`,
          ...(translation === undefined ? [] : [`        <target>${escapeText(translation)}</target>`]),
          '      </segment>',
          '    </unit>',
        );
      }
      if (!units.length) continue;
      out.push(
        `  <file id="${file.id}" original="${escapeAttribute(`${file.dir}/${lang}.json`)}" xml:space="preserve">`,
        ...units,
        '  </file>',
      );
    }
  }
  out.push('</xliff>', '');
  return { xliff: out.join('\n'), counts, snapshotCreated };
}

/** One reason an import was refused, tied to the unit when there is one. */
export interface ImportProblem {
  unit?: string;
  file?: string;
  message: string;
}

export interface ImportResult {
  ok: boolean;
  problems: ImportProblem[];
  lang?: string;
  /** Translations written (changed or new), and units left without a target. */
  written: number;
  untranslated: number;
  /** Catalogue files rewritten, relative to the root. */
  files: string[];
}

/** Every plural/select's option keys too, as the server's catalogue test compares them. */
function selectKeys(elements: MessageFormatElement[], into = new Set<string>()): string[] {
  for (const el of elements) {
    if (el.type === TYPE.select) into.add(`${el.value}:{${Object.keys(el.options).sort().join('|')}}`);
    if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const option of Object.values(el.options)) selectKeys(option.value, into);
    if (el.type === TYPE.tag) selectKeys(el.children, into);
  }
  return [...into].sort();
}

/** The text of an element, refusing markup inside it (catalogue messages are plain ICU text). */
function textOf(el: XmlElement): string | { error: string } {
  const inner = elements(el);
  if (inner.length)
    return {
      error: `<${localName(el)}> holds markup (<${inner[0]?.name}>); write the message as plain text`,
    };
  return el.children.join('');
}

export function importXliff(root: string, xml: string): ImportResult {
  const problems: ImportProblem[] = [];
  const result = (extra: Partial<ImportResult> = {}): ImportResult => ({
    ok: false,
    problems,
    written: 0,
    untranslated: 0,
    files: [],
    ...extra,
  });
  let doc: XmlElement;
  try {
    doc = parseXml(xml);
  } catch (e) {
    if (!(e instanceof XmlError)) throw e;
    problems.push({ message: `not well-formed XML: ${e.message}` });
    return result();
  }
  if (localName(doc) !== 'xliff' || doc.namespace !== XLIFF_NS)
    problems.push({
      message: `the root is <${doc.name}> in namespace "${doc.namespace}", not <xliff> in ${XLIFF_NS}`,
    });
  if (doc.attributes.version !== '2.0')
    problems.push({ message: `version is "${doc.attributes.version ?? ''}", not "2.0"` });
  if (doc.attributes.srcLang !== 'en')
    problems.push({ message: `srcLang is "${doc.attributes.srcLang ?? ''}", not "en"` });
  const lang = doc.attributes.trgLang ?? '';
  if (!lang || lang === 'en')
    problems.push({ message: `trgLang "${lang}" is not a language to translate into` });
  if (problems.length) return result({ lang });

  const byId = new Map(SET_NAMES.flatMap((set) => catalogueFiles(root, set).map((f) => [f.id, f] as const)));
  const glossaryPath = path.join(root, 'docs/i18n', `glossary.${lang}.md`);
  const glossary: GlossaryTerm[] = fs.existsSync(glossaryPath)
    ? parseGlossary(fs.readFileSync(glossaryPath, 'utf8'))
    : [];
  /** What to write: per catalogue file, the translations by key. */
  const updates = new Map<CatalogueFile, Messages>();
  let untranslated = 0;

  for (const fileEl of elements(doc)) {
    if (localName(fileEl) !== 'file' || fileEl.namespace !== XLIFF_NS) {
      problems.push({ message: `line ${fileEl.line}: unexpected <${fileEl.name}> in <xliff>` });
      continue;
    }
    const fileId = fileEl.attributes.id ?? '';
    const file = byId.get(fileId);
    if (!file) {
      problems.push({ file: fileId, message: `line ${fileEl.line}: no catalogue "${fileId}"` });
      continue;
    }
    if (!setLanguages(root, file.set).includes(lang)) {
      problems.push({ file: fileId, message: `"${lang}" is not a language of the ${file.set} catalogues` });
      continue;
    }
    const english = readCatalogue(root, file, 'en');
    const translations = updates.get(file) ?? {};
    updates.set(file, translations);
    const units = elements(fileEl).filter((el) => localName(el) !== 'notes');
    for (const unitEl of units) {
      const unit = unitEl.attributes.id ?? '';
      const problem = (message: string) => problems.push({ file: fileId, unit, message });
      if (localName(unitEl) !== 'unit') {
        problems.push({ file: fileId, message: `line ${unitEl.line}: <${unitEl.name}> is not a <unit>` });
        continue;
      }
      const source = english[unit];
      if (source === undefined) {
        problem(`no key "${unit}" in ${file.dir}/en.json`);
        continue;
      }
      if (unit in translations) {
        problem('appears twice');
        continue;
      }
      const segments = elements(unitEl).filter((el) => localName(el) === 'segment');
      if (segments.length !== 1) {
        problem(`has ${segments.length} segments; a catalogue message is one segment`);
        continue;
      }
      const segment = segments[0] as XmlElement;
      const sourceEl = elements(segment, 'source')[0];
      const sourceText = sourceEl ? textOf(sourceEl) : undefined;
      if (typeof sourceText === 'object') problem(sourceText.error);
      const targetEl = elements(segment, 'target')[0];
      if (!targetEl) {
        untranslated++;
        continue;
      }
      const target = textOf(targetEl);
      if (typeof target === 'object') {
        problem(target.error);
        continue;
      }
      if (!target.trim()) {
        problem('the target is empty');
        continue;
      }
      if (typeof sourceText === 'string' && sourceText !== source)
        problem('the English has changed since this file was exported: export again');
      let ast: MessageFormatElement[];
      try {
        ast = parse(target);
      } catch (e) {
        problem(`not valid ICU MessageFormat (${(e as Error).message}): ${target}`);
        continue;
      }
      const englishAst = parse(source);
      const want = argumentsOf(englishAst);
      const got = argumentsOf(ast);
      if (want.join() !== got.join())
        problem(`arguments ${got.join(' ') || '(none)'} differ from English's ${want.join(' ') || '(none)'}`);
      else if (selectKeys(englishAst).join() !== selectKeys(ast).join())
        problem(
          `select options ${selectKeys(ast).join(' ')} differ from English's ${selectKeys(englishAst).join(' ')}`,
        );
      for (const finding of catalogueFindings({
        language: lang,
        audience: file.audience,
        elements: ast,
        glossary,
      }))
        problem(finding);
      translations[unit] = target;
    }
  }
  if (problems.length) return result({ lang });

  // Everything is valid: write the catalogues, then the snapshot (these translations now match
  // today's English).
  const snapshot: Snapshot = readSnapshot(root) ?? completeSnapshot(root);
  const files: string[] = [];
  let written = 0;
  for (const [file, translations] of updates) {
    if (!Object.keys(translations).length) continue;
    const english = readCatalogue(root, file, 'en');
    const current = readCatalogue(root, file, lang);
    const next = { ...current, ...translations };
    const text = formatCatalogue(english, next);
    const target = cataloguePath(root, file, lang);
    written += Object.entries(translations).filter(([k, v]) => current[k] !== v).length;
    if (!fs.existsSync(target) || fs.readFileSync(target, 'utf8') !== text) {
      fs.writeFileSync(target, text);
      files.push(path.relative(root, target));
    }
    const langs = snapshot.translated[file.set] ?? {};
    snapshot.translated[file.set] = langs;
    const made = langs[lang] ?? {};
    langs[lang] = made;
    for (const key of Object.keys(translations)) {
      const hash = hashOf(english[key] as string);
      snapshot.english[hash] = english[key] as string;
      made[key] = hash;
    }
  }
  const snapshotText = formatSnapshot(snapshot);
  const snapshotPath = path.join(root, SNAPSHOT);
  if (!fs.existsSync(snapshotPath) || fs.readFileSync(snapshotPath, 'utf8') !== snapshotText)
    fs.writeFileSync(snapshotPath, snapshotText);
  return { ok: true, problems, lang, written, untranslated, files };
}
