import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ConflictError, DomainError, ForbiddenError, NotFoundError, PaymentDeclined, RuleViolation } from '../domain/shared/errors';
import { isDatabaseUnavailable } from '../database/unavailable';
import { WrongExpectedVersionError } from '../eventstore/event-store.port';
import { RequestValidationError } from './validation';

type ErrorBody = { detail: unknown; code?: string };

const CONCURRENT_CHANGE = 'This record was changed by someone else at the same moment. Reload and try again.';

const DATABASE_BUSY = 'Tenens is busy right now. Please try again in a moment.';

/** Seconds a client is asked to wait when the database could not serve it (Retry-After). */
const RETRY_AFTER_SECONDS = 2;

/**
 * The one place errors become HTTP answers, in the runtime contract's shapes:
 * `{"detail": "..."}`, or 422 with a list for validation. Nothing else (no stack, no SQL) leaks.
 */
@Catch()
export class ContractErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(error: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw error;
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (reply.sent) return;
    if (isDatabaseUnavailable(error)) {
      // One line, not a stack per request: under overload every waiting request ends here.
      this.logger.warn(`Answered 503, the database is unavailable: ${(error as Error).message}`);
      void reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ detail: DATABASE_BUSY });
      return;
    }
    const [status, body] = this.toAnswer(error);
    if (status >= 500) this.logger.error(error);
    void reply.status(status).send(body);
  }

  private toAnswer(error: unknown): [number, ErrorBody] {
    if (error instanceof RequestValidationError) return [422, { detail: error.issues }];
    if (error instanceof RuleViolation) {
      return [422, { detail: [{ loc: ['body', error.field], msg: error.message, type: 'value_error' }] }];
    }
    if (error instanceof DomainError) return [domainStatus(error), { detail: error.message }];
    if (error instanceof WrongExpectedVersionError) return [409, { detail: CONCURRENT_CHANGE }];
    if (error instanceof HttpException) return httpAnswer(error);
    return [500, { detail: 'Something went wrong on our side. Please try again in a moment.' }];
  }
}

function domainStatus(error: DomainError): number {
  if (error instanceof ForbiddenError) return 403;
  if (error instanceof ConflictError) return 409;
  if (error instanceof NotFoundError) return 404;
  if (error instanceof PaymentDeclined) return 402;
  return 400;
}

function httpAnswer(error: HttpException): [number, ErrorBody] {
  const status = error.getStatus();
  const payload = error.getResponse();
  if (typeof payload === 'string') return [status, { detail: payload }];
  const { detail, message, code } = payload as { detail?: unknown; message?: unknown; code?: string };
  const text = detail ?? (Array.isArray(message) ? message.join(', ') : message) ?? defaultMessage(status);
  return [status, code ? { detail: text, code } : { detail: text }];
}

function defaultMessage(status: number): string {
  if (status === HttpStatus.NOT_FOUND) return 'Not Found';
  if (status === HttpStatus.UNAUTHORIZED) return 'Not authenticated';
  if (status === HttpStatus.FORBIDDEN) return 'You do not have permission to do this.';
  return 'Request failed';
}
