/**
 * The OpenAPI document is written from the same zod schemas the server validates with and
 * answers in (server/src/domain): these helpers turn a schema into the document's JSON Schema
 * and describe the contract's error answers once.
 */
import { applyDecorators } from '@nestjs/common';
import { ApiQuery, ApiResponse, type SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';

/** A zod schema as an OpenAPI 3.0 schema: `input` for what a request may send, `output` for an answer. */
export function openApiSchema(schema: z.ZodType, io: 'input' | 'output' = 'output'): SchemaObject {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as SchemaObject;
}

/** A 2xx answer described by its domain schema (an array of it with `array`). */
export function ApiAnswer(schema: z.ZodType, options: { status?: number; array?: boolean; description?: string } = {}) {
  const { status = 200, array = false, description = array ? 'A list' : 'Success' } = options;
  return ApiResponse({ status, description, schema: openApiSchema(array ? z.array(schema) : schema) });
}

/**
 * The query parameters of a zod object schema, for a handler that parses its query itself (where
 * a query DTO would be validated before the path's own check).
 */
export function ApiQueryFrom(schema: z.ZodObject) {
  const { properties = {}, required = [] } = openApiSchema(schema, 'input');
  return applyDecorators(
    ...Object.entries(properties).map(([name, property]) => ApiQuery({ name, required: required.includes(name), schema: property })),
  );
}

/** `{"detail": "..."}`, every error answer but a validation failure. */
export const errorAnswerSchema = z.object({ detail: z.string() });

/** 422: one entry per field, `loc` naming where (body, query, path) and the field. */
export const validationErrorAnswerSchema = z.object({
  detail: z.array(
    z.object({
      loc: z.array(z.union([z.string(), z.number().int()])),
      msg: z.string(),
      type: z.string(),
    }),
  ),
});

const ERROR_DESCRIPTIONS = {
  400: 'The request cannot be carried out (e.g. an invalid or expired link)',
  401: 'No token, or a bad or expired one',
  402: 'The payment was declined',
  403: 'A role or permission refusal',
  404: 'Not found',
  409: 'A state conflict: a transition not allowed now, a concurrent change, a duplicate',
  422: 'Validation failed',
  429: 'Too many attempts',
  503: 'A dependency (e.g. email) is unavailable right now',
} as const;

export type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/** The signed-in controllers' error answers. */
export const SIGNED_IN_ERRORS: readonly ErrorStatus[] = [401, 403, 404, 409, 422];

/**
 * The contract's error answers, for every operation of a controller (or one operation):
 * `{"detail": "..."}`, and for 422 the list of field errors.
 */
export function ApiErrorAnswers(statuses: readonly ErrorStatus[] = SIGNED_IN_ERRORS) {
  return applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({
        status,
        description: ERROR_DESCRIPTIONS[status],
        schema: openApiSchema(status === 422 ? validationErrorAnswerSchema : errorAnswerSchema),
      }),
    ),
  );
}
