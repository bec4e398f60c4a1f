import { Body, Controller, ForbiddenException, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { accountMessages } from '../domain/accounts/messages';
import { EMPTY_SEARCH_FILTERS, searchFiltersSchema } from '../domain/postings';
import { CurrentUser, SignedIn } from '../auth/access';
import type { SessionUser } from '../auth/session-user';
import { parseOrThrow } from '../http/validation';

function applicantId(user: SessionUser): string {
  if (!user.applicant_id) throw new ForbiddenException(accountMessages.applicantProfileAccessDenied);
  return user.applicant_id;
}

/** Each applicant's saved job search filters. */
@ApiTags('applicants')
@ApiBearerAuth()
@SignedIn()
@Controller('applicants/search-filters')
export class SearchFiltersController {
  constructor(private readonly db: DataSource) {}

  @Get()
  async get(@CurrentUser() user: SessionUser) {
    const [row] = await this.db.query('SELECT filters FROM applicant_search_filters WHERE applicant_id = $1', [applicantId(user)]);
    return row ? searchFiltersSchema.parse(row.filters) : EMPTY_SEARCH_FILTERS;
  }

  @Put()
  async put(@CurrentUser() user: SessionUser, @Body() body: unknown) {
    const filters = parseOrThrow(searchFiltersSchema, body);
    await this.db.query(
      `INSERT INTO applicant_search_filters (applicant_id, filters, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (applicant_id) DO UPDATE SET filters = EXCLUDED.filters, updated_at = now()`,
      [applicantId(user), JSON.stringify(filters)],
    );
    return filters;
  }
}
