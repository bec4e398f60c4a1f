import type { NextFunction, Request, Response } from 'express';

interface BodyParserError {
  status: number;
  type: string;
}

function isBodyParserError(error: unknown): error is BodyParserError {
  const candidate = error as Partial<BodyParserError> | null;
  return typeof candidate?.status === 'number' && typeof candidate?.type === 'string' && candidate.status < 500;
}

const MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON.',
  'entity.too.large': 'The request body is too large.',
};

/**
 * Body-parser refusals happen before Nest sees the request; answer them in the contract's shape.
 * Placed right after the parsers, so every error here comes from reading the body: one without
 * a client status (a body that claims gzip but is not, a stream cut short) is still the
 * client's body, answered 400, not a 500.
 */
export function answerBodyErrors(error: unknown, _request: Request, response: Response, _next: NextFunction): void {
  if (!isBodyParserError(error)) {
    response.status(400).json({ detail: 'The request body could not be read.' });
    return;
  }
  response.status(error.status).json({ detail: MESSAGES[error.type] ?? 'The request body could not be read.' });
}
