/**
 * One problem with one field of a request: `field` is its dotted name as the client
 * sent it (`amount`, `metadata.order`), `code` a stable snake_case reason, `message` a sentence
 * for the person filling the form. Built from zod issues on the server and in the console alike.
 */
export interface FieldProblem {
  field: string;
  code: string;
  message: string;
}

/** The parts of a zod (v4) issue this needs; fastify-type-provider-zod passes the same fields. */
export interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  expected?: unknown;
  input?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: boolean;
  origin?: string;
  format?: string;
  values?: readonly unknown[];
  keys?: readonly string[];
}

// zod's own wording starts like this; a schema's author-written message does not, and wins.
const ZOD_DEFAULT = /^(Invalid|Too (small|big)|Unrecognized key|Expected|Required$)/;

const KIND: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
};

const FORMAT: Record<string, string> = {
  email: 'Enter a valid email address.',
  url: 'Enter a full URL, like https://example.com/hooks.',
  uuid: 'Not a valid id.',
  datetime: 'Enter a date and time like 2026-11-25T09:30:00Z.',
  date: 'Enter a date like 2026-11-25.',
  regex: 'Not in the expected format.',
};

const plural = (n: unknown, one: string, many: string) => `${n} ${Number(n) === 1 ? one : many}`;

export function fieldProblemsFromIssue(issue: IssueLike): FieldProblem[] {
  const field = issue.path.map(String).join('.');
  const own = issue.message && !ZOD_DEFAULT.test(issue.message) ? issue.message : null;
  const one = (code: string, message: string): FieldProblem[] => [{ field, code, message: own ?? message }];
  switch (issue.code) {
    case 'invalid_type':
      if (/received undefined/.test(issue.message)) return one('required', 'Required.');
      return one('invalid_type', `Must be ${KIND[String(issue.expected)] ?? String(issue.expected)}.`);
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1
          ? one('required', 'Required.')
          : one('too_small', `At least ${plural(min, 'character', 'characters')}.`);
      if (issue.origin === 'array' || issue.origin === 'set')
        return one('too_small', `Choose at least ${plural(min, 'item', 'items')}.`);
      return one(
        'too_small',
        issue.inclusive === false ? `Must be more than ${min}.` : `Must be at least ${min}.`,
      );
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string')
        return one('too_big', `At most ${plural(max, 'character', 'characters')}.`);
      if (issue.origin === 'array' || issue.origin === 'set')
        return one('too_big', `At most ${plural(max, 'item', 'items')}.`);
      return one(
        'too_big',
        issue.inclusive === false ? `Must be less than ${max}.` : `Must be at most ${max}.`,
      );
    }
    case 'invalid_format':
      return one('invalid_format', FORMAT[issue.format ?? ''] ?? 'Not in the expected format.');
    case 'invalid_value':
    case 'invalid_enum_value':
      return one(
        'invalid_enum_value',
        issue.values?.length && issue.values.length <= 12
          ? `Choose one of: ${issue.values.map(String).join(', ')}.`
          : 'Not one of the allowed values.',
      );
    case 'unrecognized_keys':
      return (issue.keys ?? []).map((key) => ({
        field: field ? `${field}.${key}` : key,
        code: 'unrecognized_key',
        message: 'This field is not known here; remove it.',
      }));
    case 'not_multiple_of':
      return one('invalid', 'Not an allowed step.');
    case 'custom':
      return one('invalid', issue.message || 'Not valid.');
    default:
      return one(issue.code.replace(/[^a-z0-9]+/gi, '_').toLowerCase(), own ?? 'Not valid.');
  }
}

/** Every field problem of a list of issues, in order. */
export const fieldProblems = (issues: readonly IssueLike[]) => issues.flatMap(fieldProblemsFromIssue);

/** `{field: message}`, first problem per field, for a form that shows one message under each input. */
export const messagesByField = (problems: readonly FieldProblem[]) => {
  const out: Record<string, string> = {};
  for (const p of problems) out[p.field] ??= p.message;
  return out;
};
