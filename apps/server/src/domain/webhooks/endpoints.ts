import type { CreateWebhook, UpdateWebhook } from '@scanline/contracts';
import { WEBHOOK_SECRET_OVERLAP_SECONDS } from '@scanline/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { webhookEndpoints } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { urlRefusal } from '../../platform/http/outbound-guard';
import { newId } from '../../platform/ids';
import { type Actor, actorId } from '../actor';
import { recordAudit } from '../audit/record-audit';
import { projectAccess } from '../projects/project-access';
import { webhookOutboundPolicy } from './outbound-policy';
import { currentSecret, newWebhookSecret, sealSecret } from './secrets';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** Refuses a URL the dispatcher could never send to (scheme, or an address it must not reach). */
function checkUrl(ctx: AppContext, url: string) {
  const why = urlRefusal(webhookOutboundPolicy(ctx.config), url);
  if (why) {
    throw new AppError('validation_failed', `This URL cannot receive webhooks: ${why}.`, [
      { path: 'body.url', message: why },
    ]);
  }
}

/** The endpoint within the project, or 404 (tenancy in the query). */
export async function findEndpoint(db: Db, projectId: string, webhookId: string): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.projectId, projectId), eq(webhookEndpoints.id, webhookId)))
    .limit(1);
  if (!row) throw notFound('Webhook');
  return row;
}

export async function createWebhook(ctx: AppContext, actor: Actor, projectId: string, input: CreateWebhook) {
  checkUrl(ctx, input.url);
  const now = ctx.now();
  return ctx.database.db.transaction(async (tx) => {
    await projectAccess(tx, actor, projectId, 'webhooks.manage');
    const secret = newWebhookSecret();
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        id: newId('whk'),
        projectId,
        url: input.url,
        description: input.description || null,
        eventTypes: [...new Set(input.event_types ?? [])],
        enabled: input.enabled ?? true,
        secretEnc: sealSecret(ctx.config, secret),
        createdBy: actorId(actor),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(tx, actor, projectId, 'webhook.created', row!.id, now, { url: input.url });
    return { endpoint: row!, secret };
  });
}

export async function listWebhooks(db: Db, actor: Actor, projectId: string) {
  await projectAccess(db, actor, projectId, 'webhooks.read');
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.projectId, projectId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
    .limit(500);
}

export async function getWebhook(db: Db, actor: Actor, projectId: string, webhookId: string) {
  await projectAccess(db, actor, projectId, 'webhooks.read');
  return findEndpoint(db, projectId, webhookId);
}

export async function updateWebhook(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  webhookId: string,
  input: UpdateWebhook,
) {
  if (input.url !== undefined) checkUrl(ctx, input.url);
  const now = ctx.now();
  return ctx.database.db.transaction(async (tx) => {
    await projectAccess(tx, actor, projectId, 'webhooks.manage');
    const before = await findEndpoint(tx, projectId, webhookId);
    const enabling = input.enabled === true && !before.enabled;
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.description !== undefined ? { description: input.description || null } : {}),
        ...(input.event_types !== undefined ? { eventTypes: [...new Set(input.event_types)] } : {}),
        ...(input.enabled !== undefined
          ? {
              enabled: input.enabled,
              disabledAt: input.enabled ? null : now,
              disabledReason: null,
            }
          : {}),
        // Enabling again starts the 5-day clock over.
        ...(enabling ? { failingSince: null } : {}),
        updatedAt: now,
      })
      .where(and(eq(webhookEndpoints.projectId, projectId), eq(webhookEndpoints.id, webhookId)))
      .returning();
    await recordAudit(tx, actor, projectId, 'webhook.updated', webhookId, now, {
      fields: Object.keys(input),
    });
    return row!;
  });
}

export async function deleteWebhook(db: Db, actor: Actor, projectId: string, webhookId: string, now: Date) {
  await db.transaction(async (tx) => {
    await projectAccess(tx, actor, projectId, 'webhooks.manage');
    await findEndpoint(tx, projectId, webhookId);
    // Its deliveries and attempts go with it (foreign keys cascade).
    await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.projectId, projectId), eq(webhookEndpoints.id, webhookId)));
    await recordAudit(tx, actor, projectId, 'webhook.deleted', webhookId, now);
  });
}

export async function getWebhookSecret(ctx: AppContext, actor: Actor, projectId: string, webhookId: string) {
  const db = ctx.database.db;
  await projectAccess(db, actor, projectId, 'webhooks.secret');
  const endpoint = await findEndpoint(db, projectId, webhookId);
  return { endpoint, secret: currentSecret(ctx.config, endpoint) };
}

/** A new secret; the old one keeps signing beside it for 24 hours (Standard Webhooks rotation). */
export async function rotateWebhookSecret(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  webhookId: string,
) {
  const now = ctx.now();
  return ctx.database.db.transaction(async (tx) => {
    await projectAccess(tx, actor, projectId, 'webhooks.secret');
    const endpoint = await findEndpoint(tx, projectId, webhookId);
    const secret = newWebhookSecret();
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        secretEnc: sealSecret(ctx.config, secret),
        previousSecretEnc: endpoint.secretEnc,
        previousSecretExpiresAt: new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_SECONDS * 1000),
        updatedAt: now,
      })
      .where(and(eq(webhookEndpoints.projectId, projectId), eq(webhookEndpoints.id, webhookId)))
      .returning();
    await recordAudit(tx, actor, projectId, 'webhook.secret_rotated', webhookId, now);
    return { endpoint: row!, secret };
  });
}
