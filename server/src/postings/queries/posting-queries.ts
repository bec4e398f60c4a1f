import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { POSTING_MESSAGES, type Posting, type SearchQuery } from '../../domain/postings';
import { NotFoundError } from '../../domain/shared/errors';
import type { SessionUser } from '../../auth/session-user';
import { searchPostings } from '../posting-search';
import { postingView, type PostingRow } from '../../domain/postings/posting-view';
import { isPrivileged, POSTING_COLUMNS, ProcedureTypes } from '../posting-rows';

const WITH_CREATOR = `SELECT ${POSTING_COLUMNS}, u.first_name AS creator_first_name, u.last_name AS creator_last_name, u.email AS creator_email
  FROM job_postings p LEFT JOIN users u ON u.id = p.created_by`;

/** Postings as the API shows them, from the job_postings read model. */
@Injectable()
export class PostingQueries {
  private readonly procedureTypes: ProcedureTypes;

  constructor(private readonly db: DataSource) {
    this.procedureTypes = new ProcedureTypes(db);
  }

  /** Public search over live postings, paginated on the server. */
  async search(query: SearchQuery) {
    const now = new Date();
    const { rows, total } = await searchPostings(this.db, query, now);
    const procedureNames = await this.procedureTypes.map();
    return { job_postings: rows.map((row) => postingView(row, { now, privileged: false, procedureNames })), total };
  }

  procedureTypeList() {
    return this.procedureTypes.list();
  }

  /** The facility's postings: those needing a response first, then newest first. */
  async ofFacility(facilityId: string) {
    const now = new Date();
    const rows = await this.db.query<PostingRow[]>(
      `${WITH_CREATOR}
        WHERE p.facility_id = $1
        ORDER BY (p.awaiting_response_count > 0 AND p.auto_expire_date > $2) DESC, p.created_at DESC
        LIMIT 500`,
      [facilityId, now],
    );
    const procedureNames = await this.procedureTypes.map();
    return rows.map((row) => postingView(row, { now, privileged: true, procedureNames }));
  }

  /**
   * Drafts are visible only to their facility and admins; creator details likewise. `decided`:
   * the posting as a command just decided it, which wins over a row the read model has not
   * caught up with yet (the command waited for it, but that wait is bounded).
   */
  async view(user: SessionUser | null, id: string, decided?: Posting) {
    const [stored] = await this.db.query<PostingRow[]>(`${WITH_CREATOR} WHERE p.id = $1`, [id]);
    if (!stored) throw new NotFoundError(POSTING_MESSAGES.notFound);
    const row: PostingRow = decided ? { ...stored, ...asDecided(decided) } : stored;
    const privileged = isPrivileged(user, row.facility_id);
    if (row.stored_status === 'draft' && !privileged) throw new NotFoundError(POSTING_MESSAGES.notFound);
    if (!privileged && !row.facility_active) throw new NotFoundError(POSTING_MESSAGES.notFound);
    return postingView(row, { now: new Date(), privileged, procedureNames: await this.procedureTypes.map() });
  }
}

/** The columns a command decides, from the posting's folded state. */
function asDecided(posting: Posting): Partial<PostingRow> {
  return {
    ...posting.fields,
    stored_status: posting.status,
    auto_expire_date: new Date(posting.auto_expire_date),
    published_at: posting.published_at ? new Date(posting.published_at) : null,
    payment_pending: posting.payment_pending !== null,
  };
}
