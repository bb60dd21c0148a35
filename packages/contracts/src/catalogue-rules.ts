import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';

// The rules every catalogue is held to beyond keys and arguments (docs/i18n/rules.md): plural
// forms as CLDR requires them, French spacing before high punctuation, the glossary's forbidden
// terms and the register the product speaks in. The console's, the shopper pages' and the
// server's catalogue tests all call `catalogueFindings`, so one rule reads every catalogue.

/** Who reads a catalogue: the register differs (docs/i18n/rules.md#register). */
export type Audience = 'users' | 'cashiers' | 'shoppers';

export interface GlossaryTerm {
  /** The English term, as the glossary lists it. */
  term: string;
  /** The one translation to use. */
  use: string;
  /** Words and phrases never to use, matched as whole words, any case. */
  never: string[];
}

/**
 * A glossary page's table (`| English | Use | Never | Why |`): the rows after the header, the
 * never column split on commas. Rows whose first cell is empty or the separator are skipped.
 */
export function parseGlossary(markdown: string): GlossaryTerm[] {
  const rows = markdown
    .split('\n')
    .filter((line) => line.trim().startsWith('|'))
    .map((line) =>
      line
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((cell) => cell.trim()),
    );
  return rows
    .slice(1)
    .filter((cells) => cells[0] && !/^:?-+:?$/.test(cells[0]))
    .map(([term = '', use = '', never = '']) => ({
      term,
      use: use.replace(/`/g, ''),
      never: never
        .split(',')
        .map((w) => w.replace(/`/g, '').trim())
        .filter((w) => w && w !== '—'),
    }));
}

/** The CLDR plural categories a language requires (`one`, `few`, `many`, `other`, …). */
export const pluralCategories = (language: string, type: 'cardinal' | 'ordinal' = 'cardinal'): string[] =>
  new Intl.PluralRules(language, { type }).resolvedOptions().pluralCategories as string[];

/** Each plural in the message missing a category its language requires: `count: one`. */
export function missingPluralForms(language: string, elements: MessageFormatElement[]): string[] {
  const found: string[] = [];
  const walk = (els: MessageFormatElement[]) => {
    for (const el of els) {
      if (el.type === TYPE.plural) {
        const required = pluralCategories(language, el.pluralType === 'ordinal' ? 'ordinal' : 'cardinal');
        const missing = required.filter((c) => !(c in el.options));
        if (missing.length) found.push(`${el.value}: ${missing.join(', ')}`);
      }
      if (el.type === TYPE.plural || el.type === TYPE.select)
        for (const option of Object.values(el.options)) walk(option.value);
      if (el.type === TYPE.tag) walk(el.children);
    }
  };
  walk(elements);
  return found;
}

/** Stands for an argument inside a literal run (a private-use character no catalogue writes). */
const ARGUMENT = '\uE000';

/** The literal runs of a message, each branch on its own (arguments cut a run). */
function literalRuns(elements: MessageFormatElement[], into: string[] = []): string[] {
  let run = '';
  const flush = () => {
    if (run) into.push(run);
    run = '';
  };
  for (const el of elements) {
    if (el.type === TYPE.literal) run += el.value;
    else {
      // An argument stands for a word: keep the run's spacing around it visible.
      run += ARGUMENT;
      if (el.type === TYPE.plural || el.type === TYPE.select)
        for (const option of Object.values(el.options)) literalRuns(option.value, into);
      if (el.type === TYPE.tag) literalRuns(el.children, into);
    }
  }
  flush();
  return into;
}

/**
 * French puts a narrow no-break space (U+202F) or a no-break space (U+00A0) before `: ; ? !`;
 * an ordinary space lets the sign wrap onto a line of its own. `?` and `!` glued to the word
 * are slips too. URLs (`https://`) and times (`10:00`) have no space and are left alone.
 */
export function frenchSpacingSlips(elements: MessageFormatElement[]): string[] {
  const slips: string[] = [];
  for (const run of literalRuns(elements)) {
    for (const m of run.matchAll(/(.)([:;?!])/gu)) {
      const [, before, sign] = m as unknown as [string, string, string];
      if (before === '\u202F' || before === '\u00A0') continue;
      if (/\s/.test(before)) slips.push(`ordinary space before "${sign}"`);
      else if ((sign === '?' || sign === '!' || sign === ';') && /\p{L}/u.test(before))
        slips.push(`no space before "${sign}"`);
    }
  }
  return slips;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Scripts written without spaces between words (Japanese, Chinese) or with particles glued on (Korean). */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/**
 * A word or phrase as a whole word: not inside a longer word (Unicode letters). Japanese,
 * Chinese and Korean have no word boundary to look for (領収書を, 영수증을), so a term in those
 * scripts matches wherever it appears.
 */
const wholeWord = (phrase: string) =>
  UNSPACED.test(phrase)
    ? new RegExp(escapeRegExp(phrase), 'u')
    : new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}])`, 'iu');

/** Terms the glossary forbids that the text uses. */
export function forbiddenTerms(text: string, glossary: readonly GlossaryTerm[]): string[] {
  return glossary.flatMap((row) =>
    row.never.filter((word) => wholeWord(word).test(text)).map((word) => `"${word}" (use "${row.use}")`),
  );
}

/**
 * Informal or first-person forms, per language: users and cashiers are addressed formally in
 * German, French and Spanish; shoppers formally in German, French and Dutch, and with "tú" in
 * Spanish, as Spanish shops' checkout pages do (docs/i18n/rules.md#register).
 */
const INFORMAL: Record<string, RegExp[]> = {
  de: [
    /(?<!\p{L})(du|dein|deine|deinen|deinem|deiner|deines|dich|dir)(?!\p{L})/iu,
    // First-person or du-imperative verbs opening a sentence ("Verbinde …", "Warte auf …"):
    // a status line says "Verbindung wird hergestellt …", an instruction "Warten Sie …".
    /(?:^|[.!?:]\s+|\uE000\s*)(Verbinde|Warte|Lade|Suche|Sende|Drucke|Prüfe|Starte|Speichere|Erstelle|Lösche|Hole|Schließe|Öffne|Koppele|Kopple|Gib|Scanne|Tippe|Wähle|Melde)(?!\p{L})(?!\s+Sie\b)/u,
  ],
  fr: [/(?<!\p{L})(tu|toi|ton|ta|tes|te|t’|t')(?!\p{L})/iu],
  es: [
    /(?<!\p{L})(tú|tu|tus|te|ti|contigo|tuyo|tuya)(?!\p{L})/iu,
    // Second-person verb forms that cannot be anything else.
    /(?<!\p{L})(puedes|has|eres|estás|tienes|recibes|quieres|debes|necesitas|sabes|vas|ponte|únete|esperabas|confirmes|asciende)(?!\p{L})/iu,
    // Informal imperatives the catalogues used ("Pregunta al comercio", "Espera un minuto").
    /(?<!\p{L})(Pregunta|Espera|Comprueba|Vuelve|Inténtalo|Escanea|Introduce|Revisa|Abre|Pide|Usa|Haz|Elige|Confirma|Guarda|Añade|Crea|Restablece|Verifica)(?!\p{L})/u,
  ],
  nl: [/(?<!\p{L})(je|jij|jou|jouw|jullie)(?!\p{L})/iu],
  // Shoppers are 您 in Chinese, siz in Turkish, ви in Ukrainian, du in Swedish (never the stiff
  // "ni") and polite です/ます Japanese without "あなた".
  zh: [/(你)/u],
  ja: [/(あなた|お前|君)/u],
  tr: [/(?<!\p{L})(sen|seni|senin|sana|sende|senden|seninle)(?!\p{L})/iu],
  uk: [/(?<!\p{L})(ти|тебе|тобі|тобою|твій|твоя|твоє|твої|твого|твоєї|твою)(?!\p{L})/iu],
  sv: [/(?<!\p{L})(ni|er|ert|era)(?!\p{L})/iu],
};
/**
 * Formal forms where the shoppers' register is informal: Spanish "tú" and Polish "ty", as the
 * checkout pages of those countries write (docs/i18n/rules.md#register).
 */
const FORMAL_SHOPPERS: Record<string, RegExp[]> = {
  es: [/(?<!\p{L})(usted|ustedes)(?!\p{L})/iu],
  pl: [/(?<!\p{L})(Pan|Pani|Pana|Panu|Panią|Państwo|Państwa|Pański|Pańska|Pańskie)(?!\p{L})/u],
};
const informalFor = (language: string, audience: Audience) =>
  audience === 'shoppers' && FORMAL_SHOPPERS[language] ? [] : (INFORMAL[language] ?? []);
const formalFor = (language: string, audience: Audience) =>
  audience === 'shoppers' ? (FORMAL_SHOPPERS[language] ?? []) : [];

/** Forms of the wrong register in the text, for the audience. */
export function registerSlips(language: string, audience: Audience, text: string): string[] {
  const base = language.split('-')[0] ?? language;
  const slips = (patterns: RegExp[], what: string) =>
    patterns.flatMap((re) => {
      const m = re.exec(text);
      return m ? [`${what} "${(m[1] ?? m[0]).trim()}"`] : [];
    });
  return [...slips(informalFor(base, audience), 'informal'), ...slips(formalFor(base, audience), 'formal')];
}

/** Every rule for one message; empty when it passes. */
export function catalogueFindings({
  language,
  audience,
  elements,
  glossary,
}: {
  language: string;
  audience: Audience;
  elements: MessageFormatElement[];
  glossary: readonly GlossaryTerm[];
}): string[] {
  const findings = missingPluralForms(language, elements).map((m) => `plural lacks ${m}`);
  const runs = literalRuns(elements);
  for (const run of runs) {
    findings.push(...forbiddenTerms(run, glossary), ...registerSlips(language, audience, run));
  }
  if (language.split('-')[0] === 'fr') findings.push(...frenchSpacingSlips(elements));
  return [...new Set(findings)];
}
