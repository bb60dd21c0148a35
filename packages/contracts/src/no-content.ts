import { z } from 'zod';

/** A 204 answer: the route declares it so the document says "no content" instead of a 200 body. */
export const noContentSchema = z.null().describe('No content');
