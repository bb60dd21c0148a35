import type { RequestLog } from '@scanline/contracts';

const quote = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;

/**
 * A logged request as a curl command that sends it again: the credential stays a shell
 * variable (logs never keep secrets), the body is the one logged (failed requests only).
 */
export function curlFor(log: RequestLog, origin: string): string {
  const lines = [`curl -X ${log.method} ${quote(`${origin}${log.path}`)}`];
  lines.push(
    log.terminal_id && !log.key
      ? '  -H "Authorization: Bearer $SCANLINE_DEVICE_TOKEN"'
      : '  -H "Authorization: Bearer $SCANLINE_API_KEY"',
  );
  if (log.idempotency_key) lines.push(`  -H ${quote(`Idempotency-Key: ${log.idempotency_key}`)}`);
  if (log.request_body !== null && log.request_body !== undefined && log.method !== 'GET') {
    lines.push("  -H 'Content-Type: application/json'");
    lines.push(`  --data ${quote(JSON.stringify(log.request_body))}`);
  }
  return lines.join(' \\\n');
}
