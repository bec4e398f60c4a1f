import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EMPTY_SEARCH_FILTERS, searchFiltersSchema, type SearchFilters } from '../../domain/postings';
import type { SessionUser } from '../../auth/session-user';
import { searchFiltersOwner } from '../search-filters';

/** An applicant's saved job search filters, or the empty filters when none are saved. */
@Injectable()
export class SearchFilterQueries {
  constructor(private readonly db: DataSource) {}

  async saved(user: SessionUser): Promise<SearchFilters> {
    const [row] = await this.db.query('SELECT filters FROM applicant_search_filters WHERE applicant_id = $1', [searchFiltersOwner(user)]);
    return row ? searchFiltersSchema.parse(row.filters) : EMPTY_SEARCH_FILTERS;
  }
}
