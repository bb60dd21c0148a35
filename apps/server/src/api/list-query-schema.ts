import { pageQuerySchema, TABLE_MATCH_MODES } from '@scanline/contracts';
import { z } from 'zod';
import type { ListColumn, ListSpec } from '../domain/listing/list-query';

const filterValueSchema = (name: string, column: ListColumn, mode: string): z.ZodType => {
  if (column.values) {
    return z
      .string()
      .max(200)
      .describe(`One or more of ${column.values.join(', ')}, comma-separated.`);
  }
  switch (column.type) {
    case 'date':
      return mode === 'dateBetween'
        ? z
            .string()
            .max(21)
            .describe(`Two days (yyyy-mm-dd,yyyy-mm-dd), both included, in the project's time zone.`)
        : z.string().max(10).describe(`A day (yyyy-mm-dd) in the project's time zone.`);
    case 'numeric':
      return z.string().max(16).describe(`A whole number (${name} in minor units where it is money).`);
    default:
      return z.string().max(200);
  }
};

/**
 * A list route's query as its list spec allows it: the page, `sort` with its
 * allowed values, and every `field[mode]` filter as its own parameter, so the document lists
 * them and anything else is an unknown parameter. The domain still checks the values.
 */
export function listQueryOf(spec: ListSpec) {
  const sortable = Object.entries(spec.columns)
    .filter(([, c]) => c.sortable)
    .map(([name]) => name);
  const shape: Record<string, z.ZodType> = {
    sort: z
      .enum(sortable.flatMap((name) => [name, `-${name}`]) as [string, ...string[]])
      .optional()
      .describe(`Sort by a field, \`-field\` for descending (default \`-${spec.defaultSort.field}\`).`),
  };
  for (const [name, column] of Object.entries(spec.columns)) {
    const modes = column.values ? (['equals', 'notEquals'] as const) : TABLE_MATCH_MODES[column.type];
    for (const mode of modes) shape[`${name}[${mode}]`] = filterValueSchema(name, column, mode).optional();
  }
  return pageQuerySchema.extend(shape);
}
