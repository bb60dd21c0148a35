// A small, strict XML reader for the XLIFF files translators send back: elements, attributes,
// text, CDATA, comments, processing instructions and character references. It refuses what a
// catalogue never needs and what could hide mistakes (a DOCTYPE and its entities, a second
// root, unclosed or mismatched tags, unknown entities), so "well-formed" means well-formed.
// Writing our own keeps a dependency (and its engine range) out of the repository for ~150 lines.

export interface XmlElement {
  /** The qualified name as written (`xliff`, `xml:lang`). */
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  /** The element's namespace URI (resolved from `xmlns` declarations), '' when none. */
  namespace: string;
  line: number;
}
export type XmlNode = XmlElement | string;

export class XmlError extends Error {}

const NAME = /[A-Za-z_:][-A-Za-z0-9._:\u00B7\u00C0-\uFFFF]*/y;
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Parses a whole document; throws XmlError with a line number on anything not well-formed. */
export function parseXml(source: string): XmlElement {
  // XML reads every line break as "\n" (§2.11).
  const text = source.replace(/\r\n?/g, '\n');
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const breaks: number[] = [];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) breaks.push(at);
  const lineAt = (at: number) => {
    let lo = 0;
    let hi = breaks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((breaks[mid] as number) < at) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
  const fail = (what: string, at = i): never => {
    throw new XmlError(`line ${lineAt(at)}: ${what}`);
  };
  const name = (): string => {
    NAME.lastIndex = i;
    const m = NAME.exec(text);
    if (!m) fail('a name was expected');
    i += (m as RegExpExecArray)[0].length;
    return (m as RegExpExecArray)[0];
  };
  const space = () => {
    while (i < text.length && /[ \t\r\n]/.test(text[i] as string)) i++;
  };
  const decode = (raw: string, at: number): string => {
    if (raw.includes('<')) fail('"<" inside an attribute value', at);
    return raw.replace(/&([^;&]*);?/g, (whole, ref: string) => {
      if (!whole.endsWith(';')) fail(`"&" not followed by a reference ("${whole}")`, at);
      if (ref in ENTITIES) return ENTITIES[ref] as string;
      const m = /^#(x[0-9a-fA-F]+|[0-9]+)$/.exec(ref);
      if (!m) return fail(`unknown entity &${ref};`, at);
      const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      if (code === 0 || code > 0x10ffff) fail(`invalid character reference &${ref};`, at);
      return String.fromCodePoint(code);
    });
  };
  // Comments, processing instructions and the XML declaration: skipped, but checked to close.
  const misc = (): boolean => {
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) fail('unclosed comment');
      i = end + 3;
      return true;
    }
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end < 0) fail('unclosed processing instruction');
      i = end + 2;
      return true;
    }
    if (text.startsWith('<!DOCTYPE', i)) fail('a DOCTYPE is not accepted');
    return false;
  };

  const element = (scope: Record<string, string>): XmlElement => {
    const line = lineAt(i);
    i++; // <
    const tag = name();
    const attributes: Record<string, string> = {};
    for (;;) {
      const before = i;
      space();
      if (text.startsWith('/>', i) || text[i] === '>') break;
      if (i === before) fail(`expected whitespace, ">" or "/>" in <${tag}>`);
      const attr = name();
      space();
      if (text[i] !== '=') fail(`attribute ${attr} has no value`);
      i++;
      space();
      const quote = text[i];
      if (quote !== '"' && quote !== "'") fail(`attribute ${attr}'s value is not quoted`);
      const end = text.indexOf(quote as string, i + 1);
      if (end < 0) fail(`attribute ${attr}'s value is not closed`);
      if (attr in attributes) fail(`attribute ${attr} appears twice in <${tag}>`);
      attributes[attr] = decode(text.slice(i + 1, end), i);
      i = end + 1;
    }
    const ns = { ...scope };
    for (const [attr, value] of Object.entries(attributes)) {
      if (attr === 'xmlns') ns[''] = value;
      else if (attr.startsWith('xmlns:')) ns[attr.slice(6)] = value;
    }
    const prefix = tag.includes(':') ? tag.slice(0, tag.indexOf(':')) : '';
    if (prefix && !(prefix in ns)) fail(`undeclared namespace prefix "${prefix}"`);
    const el: XmlElement = { name: tag, attributes, children: [], namespace: ns[prefix] ?? '', line };
    if (text.startsWith('/>', i)) {
      i += 2;
      return el;
    }
    i++; // >
    let textRun = '';
    const flush = () => {
      if (textRun) el.children.push(textRun);
      textRun = '';
    };
    for (;;) {
      if (i >= text.length) fail(`<${tag}> (line ${line}) is never closed`);
      if (text.startsWith('</', i)) {
        i += 2;
        const closing = name();
        if (closing !== tag) fail(`</${closing}> closes <${tag}> (line ${line})`);
        space();
        if (text[i] !== '>') fail(`expected ">" after </${closing}`);
        i++;
        flush();
        return el;
      }
      if (text.startsWith('<![CDATA[', i)) {
        const end = text.indexOf(']]>', i);
        if (end < 0) fail('unclosed CDATA section');
        textRun += text.slice(i + 9, end);
        i = end + 3;
        continue;
      }
      if (text[i] === '<') {
        if (misc()) continue;
        flush();
        el.children.push(element(ns));
        continue;
      }
      const next = text.indexOf('<', i);
      const raw = text.slice(i, next < 0 ? text.length : next);
      if (raw.includes(']]>')) fail('"]]>" in text');
      textRun += decode(raw, i);
      i += raw.length;
    }
  };

  let root: XmlElement | undefined;
  for (;;) {
    space();
    if (i >= text.length) break;
    if (misc()) continue;
    if (text[i] !== '<') fail('text outside the root element');
    if (root) fail('a second root element');
    root = element({ xml: 'http://www.w3.org/XML/1998/namespace' });
  }
  if (!root) return fail('no root element');
  return root;
}

/** Text for an element's content. */
export const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Text for a double-quoted attribute value (newlines kept as references so they survive). */
export const escapeAttribute = (s: string) =>
  escapeText(s)
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '&#10;')
    .replace(/\t/g, '&#9;')
    .replace(/\r/g, '&#13;');

/** The element children of a node, optionally only those with a local name. */
export const elements = (el: XmlElement, local?: string): XmlElement[] =>
  el.children.filter(
    (c): c is XmlElement => typeof c !== 'string' && (local === undefined || localName(c) === local),
  );
export const localName = (el: XmlElement) => el.name.slice(el.name.indexOf(':') + 1);
