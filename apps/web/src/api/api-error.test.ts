import { describe, expect, it } from 'vitest';
import { apiErrorFrom } from './api-error';

const response = (body: string, status: number, statusText = '') =>
  new Response(body || null, { status, statusText });

describe('the API error rule (seed §8)', () => {
  it('takes a non-empty string body as the message', async () => {
    const e = await apiErrorFrom(response('"Project is archived"', 409, 'Conflict'));
    expect(e.message).toBe('Project is archived');
    expect(e.status).toBe(409);
    const plain = await apiErrorFrom(response('upstream timed out', 502, 'Bad Gateway'));
    expect(plain.message).toBe('upstream timed out');
  });

  it('takes the problem detail, then its title', async () => {
    const body = JSON.stringify({
      type: 't',
      title: 'Not Found',
      status: 404,
      detail: 'Project not found.',
      code: 'not_found',
    });
    const e = await apiErrorFrom(response(body, 404, 'Not Found'));
    expect(e).toMatchObject({ message: 'Project not found.', status: 404, code: 'not_found' });
    const titled = await apiErrorFrom(response(JSON.stringify({ title: 'Forbidden', status: 403 }), 403));
    expect(titled.message).toBe('Forbidden');
  });

  it('falls back to the status text', async () => {
    const e = await apiErrorFrom(response('{}', 503, 'Service Unavailable'));
    expect(e.message).toBe('Service Unavailable');
  });

  it('says "API request failed with code N" for an empty body', async () => {
    const e = await apiErrorFrom(response('', 500, 'Internal Server Error'));
    expect(e.message).toBe('API request failed with code 500');
    expect(e.status).toBe(500);
  });
});
