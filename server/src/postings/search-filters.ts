import { ForbiddenException } from '@nestjs/common';
import { accountMessages } from '../domain/accounts/messages';
import type { SessionUser } from '../auth/session-user';

/** Whose saved search filters these are: only an applicant has them. */
export function searchFiltersOwner(user: SessionUser): string {
  if (!user.applicant_id) throw new ForbiddenException(accountMessages.applicantProfileAccessDenied);
  return user.applicant_id;
}
