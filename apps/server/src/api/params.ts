import { z } from 'zod';

/** Every id in a path: a prefixed id such as `prj_…`, never empty, never longer than 64. */
export const pathId = z.string().min(1).max(64);

/**
 * The path parameters of a route, each an id: `pathParams('project_id', 'terminal_id')`.
 * One definition so every route bounds its ids alike and the OpenAPI document says so once.
 */
export function pathParams<const K extends string>(...names: K[]) {
  return z.object(Object.fromEntries(names.map((name) => [name, pathId])) as { [P in K]: typeof pathId });
}
