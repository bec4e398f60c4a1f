import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SearchFilters } from '../../domain/postings';
import type { SessionUser } from '../../auth/session-user';
import { searchFiltersOwner } from '../search-filters';

/** Saves an applicant's job search filters (a preference row, not an event), replacing any before. */
@Injectable()
export class SearchFilterCommands {
  constructor(private readonly db: DataSource) {}

  async save(user: SessionUser, filters: SearchFilters): Promise<SearchFilters> {
    await this.db.query(
      `INSERT INTO applicant_search_filters (applicant_id, filters, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (applicant_id) DO UPDATE SET filters = EXCLUDED.filters, updated_at = now()`,
      [searchFiltersOwner(user), JSON.stringify(filters)],
    );
    return filters;
  }
}
