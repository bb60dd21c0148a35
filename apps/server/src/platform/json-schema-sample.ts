type Schema = Record<string, unknown>;

const BY_NAME: Record<string, unknown> = {
  currency: 'EUR',
  default_currency: 'EUR',
  country: 'DE',
  time_zone: 'Europe/Berlin',
  email: 'ana@corner-bakery.example',
  support_email: 'help@corner-bakery.example',
  url: 'https://hooks.corner-bakery.example/scanline',
  webhook_url: 'https://hooks.corner-bakery.example/scanline',
  name: 'Corner Bakery',
  label: 'Till 2',
  reference: 'order-1042',
  card_brand: 'visa',
  card_last4: '4242',
  last4: '4242',
};

const BY_FORMAT: Record<string, string> = {
  'date-time': '2026-11-25T10:00:00.000Z',
  date: '2026-11-25',
  email: 'ana@corner-bakery.example',
  uri: 'https://scanline.example.com',
  url: 'https://scanline.example.com',
  uuid: '6f1c2b8e-8a59-4d3e-9c1a-2f4b5d6e7f80',
};

/**
 * A plausible value for a JSON Schema, for the document's response examples. It covers what
 * our zod schemas produce (objects, arrays, unions, enums, formats); the conformance test
 * validates every example it makes, so a schema it cannot satisfy is caught there.
 */
export function sampleOf(
  schema: unknown,
  components: Record<string, unknown> = {},
  name = '',
  depth = 0,
): unknown {
  if (!schema || typeof schema !== 'object' || depth > 12) return null;
  const s = schema as Schema;
  if (typeof s.$ref === 'string') {
    return sampleOf(components[s.$ref.replace('#/components/schemas/', '')], components, name, depth + 1);
  }
  if ('example' in s) return s.example;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if ('const' in s) return s.const;
  if ('default' in s && s.default !== undefined) return s.default;
  if (Array.isArray(s.enum)) return s.enum[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = s[key] as Schema[] | undefined;
    if (options?.length) {
      const pick = options.find((o) => o.type !== 'null') ?? options[0];
      return sampleOf(pick, components, name, depth + 1);
    }
  }
  if (Array.isArray(s.allOf))
    return Object.assign({}, ...s.allOf.map((p) => sampleOf(p, components, name, depth + 1)));
  const type = Array.isArray(s.type) ? (s.type.find((t) => t !== 'null') ?? s.type[0]) : s.type;
  switch (type) {
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(
        Object.entries(props).map(([k, v]) => [k, sampleOf(v, components, k, depth + 1)]),
      );
    }
    case 'array': {
      const min = typeof s.minItems === 'number' ? s.minItems : 1;
      return Array.from({ length: Math.max(1, min) }, () => sampleOf(s.items, components, name, depth + 1));
    }
    case 'integer':
    case 'number':
      return numberFor(s, name);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string':
      return stringFor(s, name);
    default:
      return null;
  }
}

function numberFor(s: Schema, name: string): number {
  const min =
    typeof s.minimum === 'number'
      ? s.minimum
      : typeof s.exclusiveMinimum === 'number'
        ? s.exclusiveMinimum + 1
        : 0;
  const max = typeof s.maximum === 'number' ? s.maximum : Number.MAX_SAFE_INTEGER;
  const wanted = /amount|total|volume/.test(name) ? 1250 : /count/.test(name) ? 3 : min;
  return Math.min(max, Math.max(min, wanted));
}

function stringFor(s: Schema, name: string): string {
  const known = BY_NAME[name];
  if (typeof known === 'string') return known;
  if (typeof s.format === 'string' && BY_FORMAT[s.format]) return BY_FORMAT[s.format] as string;
  if (name.endsWith('_at')) return BY_FORMAT['date-time'] as string;
  if (name.endsWith('_url')) return `https://scanline.example.com/${name.replace(/_url$/, '')}/01J9Z3K6`;
  if (name === 'next_cursor') return 'obj_01J9Z3K6V7R2Q8M4N5P6T7W8X9';
  if (name === 'id' || name.endsWith('_id'))
    return `${name === 'id' ? 'obj' : name.slice(0, 3)}_01J9Z3K6V7R2Q8M4N5P6T7W8X9`;
  const min = typeof s.minLength === 'number' ? s.minLength : 1;
  const text = name ? name.replace(/_/g, ' ') : 'text';
  return text.length >= min ? text : text.padEnd(min, 'x');
}
