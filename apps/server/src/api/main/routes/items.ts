import {
  createItemSchema,
  ITEM_LIMITS,
  itemImportRequestSchema,
  itemImportResultSchema,
  itemSchema,
  pageSchema,
  updateItemSchema,
} from '@scanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { archiveItem } from '../../../domain/items/archive-item';
import { createItem } from '../../../domain/items/create-item';
import { exportItems } from '../../../domain/items/export-items';
import { getItem } from '../../../domain/items/get-item';
import { importItems } from '../../../domain/items/import-items';
import { itemListSpec } from '../../../domain/items/item-list-spec';
import { listItems } from '../../../domain/items/list-items';
import { updateItem } from '../../../domain/items/update-item';
import { listQueryOf } from '../../list-query-schema';
import { listRequestOf } from '../../list-request';
import { pathParams } from '../../params';
import { presentItem } from '../../presenters/items';
import { actorOf } from '../actor';

const params = pathParams('project_id');
const itemParams = pathParams('project_id', 'item_id');
const tags = ['items'];

/** The catalogue (docs/guide/catalogue.md): members and read keys read, admins and write keys edit. */
export function itemRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const db = ctx.database.db;

  app.get(
    '/projects/:project_id/items',
    {
      schema: {
        tags,
        summary: "The project's catalogue",
        description:
          'Keyset pages (`limit`, `starting_after`), `sort` (`position`, the default, `name`, `created_at`; `-` for ' +
          'descending) and `field[mode]=value` filters: `category[equals]=Coffee`, `archived[equals]=false`, ' +
          '`name[contains]=latte`, and sku, price, created_at.',
        params,
        querystring: listQueryOf(itemListSpec),
        response: { 200: pageSchema(itemSchema) },
      },
    },
    async (request) => {
      const page = await listItems(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        query: listRequestOf(request.query),
      });
      return { data: page.data.map(presentItem), next_cursor: page.next_cursor };
    },
  );

  app.post(
    '/projects/:project_id/items',
    {
      schema: {
        tags,
        summary: 'Add an item to the catalogue',
        description:
          '`price` in minor units, or null to type it at the counter; with `variants` the item is priced by them ' +
          '(its `price` must be null: 400 `validation_failed`, field code `price_with_variants`). `tax_rate` null ' +
          `= the project's. Without \`position\` the item goes last. At most ${ITEM_LIMITS.items} items (409 \`conflict\`).`,
        params,
        body: createItemSchema,
        response: { 201: itemSchema },
      },
    },
    async (request, reply) => {
      const row = await createItem(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        input: request.body,
        now: ctx.now(),
      });
      return reply.status(201).send(presentItem(row));
    },
  );

  app.get(
    '/projects/:project_id/items/export.csv',
    {
      config: { cookieAuth: true },
      schema: {
        tags,
        summary: 'Export the catalogue as CSV (the import reads it back)',
        description:
          '`name,category,price,tax_rate,sku,variant`, one row per variant, prices in major units of the project ' +
          'currency, archived items left out.',
        params,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { project, csv } = await exportItems(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
      });
      const day = ctx.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="items-${project.id}-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/projects/:project_id/items/import',
    {
      schema: {
        tags,
        summary: 'Import a catalogue CSV: preview, then apply',
        description:
          'The body carries the file as text (`csv`) and a `mode`. `preview` writes nothing and answers every ' +
          'row error (`row` as a spreadsheet numbers it, `column`, `code`) and, per item, whether it is created, ' +
          'updated or unchanged. `apply` writes everything in one transaction, or nothing: any row error is 422 ' +
          '`import_invalid`. Columns `name,category,price,tax_rate,sku,variant`, any order, only `name` required; ' +
          'rows with the same name and category are one item, one row per variant; prices in major units (3.50).',
        params,
        body: itemImportRequestSchema,
        response: { 200: itemImportResultSchema },
      },
    },
    async (request) =>
      importItems(db, {
        actor: actorOf(request),
        projectId: request.params.project_id,
        input: request.body,
        now: ctx.now(),
      }),
  );

  app.get(
    '/projects/:project_id/items/:item_id',
    {
      schema: {
        tags,
        summary: 'One item (archived ones too)',
        params: itemParams,
        response: { 200: itemSchema },
      },
    },
    async (request) =>
      presentItem(
        await getItem(db, {
          actor: actorOf(request),
          projectId: request.params.project_id,
          itemId: request.params.item_id,
        }),
      ),
  );

  app.patch(
    '/projects/:project_id/items/:item_id',
    {
      schema: {
        tags,
        summary: 'Edit an item, or bring an archived one back (archived: false)',
        description:
          'Sales keep the name and price they were made at. `variants` replaces the list: send a variant’s `id` ' +
          'to keep it, leave it out for a new one.',
        params: itemParams,
        body: updateItemSchema,
        response: { 200: itemSchema },
      },
    },
    async (request) =>
      presentItem(
        await updateItem(db, {
          actor: actorOf(request),
          projectId: request.params.project_id,
          itemId: request.params.item_id,
          input: request.body,
          now: ctx.now(),
        }),
      ),
  );

  app.delete(
    '/projects/:project_id/items/:item_id',
    {
      schema: {
        tags,
        summary: 'Archive an item (it leaves the terminal; sales still name it)',
        params: itemParams,
        response: { 200: itemSchema },
      },
    },
    async (request) =>
      presentItem(
        await archiveItem(db, {
          actor: actorOf(request),
          projectId: request.params.project_id,
          itemId: request.params.item_id,
          now: ctx.now(),
        }),
      ),
  );
}
