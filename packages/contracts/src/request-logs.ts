import { z } from 'zod';

/** One logged API request: bodies only for 4xx/5xx, redacted. */
export const requestLogSchema = z.object({
  id: z.string(),
  method: z.string(),
  route: z.string().nullable(),
  path: z.string(),
  status: z.number().int(),
  duration_ms: z.number().int(),
  key: z.object({ id: z.string().nullable(), prefix: z.string(), name: z.string().nullable() }).nullable(),
  terminal_id: z.string().nullable(),
  ip: z.string().nullable(),
  request_id: z.string(),
  idempotency_key: z.string().nullable(),
  request_body: z.unknown(),
  response_body: z.unknown(),
  created_at: z.string(),
});
export type RequestLog = z.infer<typeof requestLogSchema>;
