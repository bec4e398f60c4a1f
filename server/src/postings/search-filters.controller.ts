import { Body, Controller, ForbiddenException, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { DataSource } from 'typeorm';
import { accountMessages } from '../domain/accounts/messages';
import { EMPTY_SEARCH_FILTERS, searchFiltersSchema } from '../domain/postings';
import { CurrentUser, SignedIn } from '../auth/access';
import type { SessionUser } from '../auth/session-user';
import { ApiAnswer, ApiErrorAnswers } from '../http/openapi';
import { parseOrThrow } from '../http/validation';

class SearchFiltersDto extends createZodDto(searchFiltersSchema) {}

function applicantId(user: SessionUser): string {
  if (!user.applicant_id) throw new ForbiddenException(accountMessages.applicantProfileAccessDenied);
  return user.applicant_id;
}

/** Each applicant's saved job search filters. */
@ApiTags('applicants')
@ApiBearerAuth()
@ApiErrorAnswers([401, 403, 422])
@SignedIn()
@Controller('applicants/search-filters')
export class SearchFiltersController {
  constructor(private readonly db: DataSource) {}

  @Get()
  @ApiAnswer(searchFiltersSchema)
  async get(@CurrentUser() user: SessionUser) {
    const [row] = await this.db.query('SELECT filters FROM applicant_search_filters WHERE applicant_id = $1', [applicantId(user)]);
    return row ? searchFiltersSchema.parse(row.filters) : EMPTY_SEARCH_FILTERS;
  }

  // Parsed in the handler, so a request without a body still answers 422 for the body as a whole
  // (a DTO would read it as {} and save the defaults).
  @Put()
  @ApiBody({ type: SearchFiltersDto })
  @ApiAnswer(searchFiltersSchema)
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
