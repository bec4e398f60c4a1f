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

/** Body-parser refusals happen before Nest sees the request; answer them in the contract's shape. */
export function answerBodyErrors(error: unknown, _request: Request, response: Response, next: NextFunction): void {
  if (!isBodyParserError(error)) return next(error);
  response.status(error.status).json({ detail: MESSAGES[error.type] ?? 'The request body could not be read.' });
}
