/**
 * Refusals a pure decision can give. The HTTP edge maps them to the runtime contract:
 * ForbiddenError -> 403, ConflictError -> 409, NotFoundError -> 404, RuleViolation -> 422.
 * Messages are shown to people as they are.
 */
export class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The actor may not do this at all (wrong side, missing permission, unverified account). */
export class ForbiddenError extends DomainError {}

/** Not allowed in the current state (a transition that is not open now). */
export class ConflictError extends DomainError {}

export class NotFoundError extends DomainError {}

/** A business rule on the command's values (e.g. a rate below 1). */
export class RuleViolation extends DomainError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** One entry of a 422 answer's list: {"detail": [{"loc": ["body", "field"], "msg": "...", "type": "..."}]} */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** A payment was refused (a declined card): 402 with the refusal's message. */
export class PaymentDeclined extends DomainError {}

/** A request that cannot be carried out as sent (e.g. an address off this site): 400. */
export class InvalidRequest extends DomainError {}
