import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../platform/errors';
import { CommandError, operatorCommands } from './operator-commands';

export const adminTokenPath = (dataDir: string) => path.join(dataDir, 'admin.json');

/**
 * The operator CLI's door into a running server (PGlite allows one process on the data
 * folder). Only loopback peers holding the token from DATA_DIR/admin.json (mode 0600) get in.
 */
export function adminRoutes(app: FastifyInstance) {
  const token = randomBytes(32).toString('base64url');
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (!address || typeof address !== 'object') return;
    const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    fs.mkdirSync(app.ctx.config.dataDir, { recursive: true });
    fs.writeFileSync(
      adminTokenPath(app.ctx.config.dataDir),
      JSON.stringify({ url, token, pid: process.pid }),
      {
        mode: 0o600,
      },
    );
  });
  app.addHook('onClose', async () => {
    fs.rmSync(adminTokenPath(app.ctx.config.dataDir), { force: true });
  });
  app.post('/_admin/commands', { schema: { hide: true } }, async (request) => {
    const peer = request.socket.remoteAddress ?? '';
    const given = Buffer.from(String(request.headers['x-admin-token'] ?? ''));
    const expected = Buffer.from(token);
    const loopback = peer === '127.0.0.1' || peer === '::1' || peer === '::ffff:127.0.0.1';
    if (!loopback || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AppError(
        'forbidden',
        'Operator commands are accepted only from this machine with the admin token.',
      );
    }
    const body = (request.body ?? {}) as { command?: unknown; args?: unknown };
    const command = typeof body.command === 'string' ? operatorCommands[body.command] : undefined;
    const args = Array.isArray(body.args) ? body.args.map(String) : [];
    if (!command) throw new AppError('not_found', 'Unknown operator command.');
    try {
      return { ok: true, ...(await command(app.ctx, args)) };
    } catch (error) {
      if (error instanceof CommandError)
        return { ok: false, exit_code: error.exitCode, lines: [error.message] };
      throw error;
    }
  });
}
