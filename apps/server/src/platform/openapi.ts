import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { registerOpenApiComponents } from './openapi-components';
import { completeDocument } from './openapi-contract';

/** OpenAPI 3.1 generated from the same zod schemas that validate requests. */
export async function openApi(app: FastifyInstance, config: Config) {
  registerOpenApiComponents();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Scanline API',
        version: '1.0.0',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Scanline' },
        description:
          'The main, terminal and mobile APIs of Scanline. JSON with snake_case fields; errors are application/problem+json.',
      },
      // Paths carry their API's base (/api/v1, /terminal/v1, /mobile/v1), so one origin serves all three.
      servers: [{ url: config.publicUrl, description: 'This Scanline server' }],
      components: {
        securitySchemes: {
          idToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'Firebase-compatible ID token',
          },
          apiKey: { type: 'http', scheme: 'bearer', description: 'Project API key (sl_…)' },
          deviceToken: { type: 'http', scheme: 'bearer', description: 'Terminal device token (sltd_…)' },
        },
      },
      security: [{ idToken: [] }, { apiKey: [] }],
    },
    transform: jsonSchemaTransform,
    // Operation ids, the Problem component, error responses and security, for every route at once.
    // Named components first (`$ref`s to Transaction, Terminal…), then the rest of the contract.
    transformObject: (doc) => completeDocument(jsonSchemaTransformObject(doc) as Record<string, unknown>),
    // Only the product APIs are documented; the identity service follows Google's published protocol.
    hideUntagged: true,
  });
}
