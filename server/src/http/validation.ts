import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import type { ZodError, ZodType } from 'zod';
import type { ValidationIssue } from '../domain/shared/errors';

/** Bad input, answered with 422 and the list shape of the runtime contract. */
export class RequestValidationError extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super(issues.map((issue) => `${issue.loc.slice(1).join('.')}: ${issue.msg}`).join(', '));
    this.name = 'RequestValidationError';
  }

  static fromZod(error: ZodError, location: string): RequestValidationError {
    return new RequestValidationError(
      error.issues.map((issue) => ({
        loc: [location, ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))],
        msg: issue.message,
        type: issue.code,
      })),
    );
  }

  static single(location: string, field: string, msg: string, type = 'value_error'): RequestValidationError {
    return new RequestValidationError([{ loc: [location, field], msg, type }]);
  }
}

/** Parses with a zod schema or throws the contract's 422. */
export function parseOrThrow<T>(schema: ZodType<T>, value: unknown, location = 'body'): T {
  const result = schema.safeParse(value);
  if (!result.success) throw RequestValidationError.fromZod(result.error, location);
  return result.data;
}

const LOCATIONS: Record<ArgumentMetadata['type'], string> = {
  body: 'body',
  query: 'query',
  param: 'path',
  custom: 'body',
};

/**
 * Validates every @Body/@Query/@Param whose type is a DTO made with nestjs-zod's createZodDto,
 * so the shared zod schemas (server/src/domain) are the single source of each rule.
 */
@Injectable()
export class ZodDtoValidationPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const schema = (metadata.metatype as { schema?: ZodType } | undefined)?.schema;
    if (!schema || typeof (schema as ZodType).safeParse !== 'function') return value;
    return parseOrThrow(schema, value ?? {}, LOCATIONS[metadata.type]);
  }
}
