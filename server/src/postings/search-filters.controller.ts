import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { searchFiltersSchema } from '../domain/postings';
import { CurrentUser, SignedIn } from '../auth/access';
import type { SessionUser } from '../auth/session-user';
import { ApiAnswer, ApiErrorAnswers } from '../http/openapi';
import { parseOrThrow } from '../http/validation';
import { SearchFilterCommands } from './commands/search-filter-commands';
import { SearchFilterQueries } from './queries/search-filter-queries';

class SearchFiltersDto extends createZodDto(searchFiltersSchema) {}

/** Each applicant's saved job search filters. */
@ApiTags('applicants')
@ApiBearerAuth()
@ApiErrorAnswers([401, 403, 422])
@SignedIn()
@Controller('applicants/search-filters')
export class SearchFiltersController {
  constructor(
    private readonly queries: SearchFilterQueries,
    private readonly commands: SearchFilterCommands,
  ) {}

  @Get()
  @ApiAnswer(searchFiltersSchema)
  get(@CurrentUser() user: SessionUser) {
    return this.queries.saved(user);
  }

  // Parsed in the handler, so a request without a body still answers 422 for the body as a whole
  // (a DTO would read it as {} and save the defaults).
  @Put()
  @ApiBody({ type: SearchFiltersDto })
  @ApiAnswer(searchFiltersSchema)
  put(@CurrentUser() user: SessionUser, @Body() body: unknown) {
    return this.commands.save(user, parseOrThrow(searchFiltersSchema, body));
  }
}
