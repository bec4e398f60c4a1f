import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { POSTING_MESSAGES, type Posting, type SearchQuery } from '../../domain/postings';
import { NotFoundError } from '../../domain/shared/errors';
import type { ListPage } from '../../domain/shared/paging';
import type { SessionUser } from '../../auth/session-user';
import { sameAnswerAs, searchPostings } from '../posting-search';
import { postingView, type MyBid, type PostingRow, type PostingSearchPage } from '../../domain/postings/posting-view';
import { EncodedJson } from '../../http/encoded-json';
import { queryNamed } from '../../database/named-statements';
import { isPrivileged, POSTING_COLUMNS, ProcedureTypes } from '../posting-rows';
import { myBidsOnPage } from './my-bids-on-page';
import { SearchCache, type PublicPage } from './search-cache';

const WITH_CREATOR = `SELECT ${POSTING_COLUMNS}, u.first_name AS creator_first_name, u.last_name AS creator_last_name, u.email AS creator_email
  FROM job_postings p LEFT JOIN users u ON u.id = p.created_by`;

/** Postings as the API shows them, from the job_postings read model; the pages' statements are named (queryNamed). */
@Injectable()
export class PostingQueries {
  private readonly procedureTypes: ProcedureTypes;
  private readonly searchCache: SearchCache;

  constructor(private readonly db: DataSource) {
    this.procedureTypes = new ProcedureTypes(db);
    this.searchCache = new SearchCache(db);
  }

  /**
   * Public search over live postings, paginated on the server, as an answer ready to send. A
   * signed-in applicant's rows also carry their own bid (my_bid); everyone else's carry null, so
   * no one sees another's bids. The page everyone sees is cached (SearchCache); an applicant with
   * no bid on it gets that same answer.
   */
  async search(user: SessionUser | null, asked: SearchQuery): Promise<EncodedJson> {
    const now = new Date();
    const query = sameAnswerAs(asked);
    const page = await this.searchCache.page(query, now, () => this.publicPage(query, now));
    const myBids = await this.myBids(user, page.ids);
    if (myBids.size === 0) return page.body;
    const answer = JSON.parse(page.body.json().toString()) as PostingSearchPage;
    for (const row of answer.job_postings) row.my_bid = myBids.get(row.id) ?? null;
    return EncodedJson.of(answer);
  }

  private async publicPage(query: SearchQuery, now: Date): Promise<PublicPage> {
    const [{ rows, total, capped, until }, procedureNames] = await Promise.all([
      searchPostings(this.db, query, now),
      this.procedureTypes.map(),
    ]);
    const job_postings = rows.map((row) => ({ ...postingView(row, { now, privileged: false, procedureNames }), my_bid: null }));
    const answer: PostingSearchPage = { job_postings, total, total_capped: capped };
    return { ids: rows.map((row) => row.id), body: EncodedJson.of(answer), until };
  }

  private myBids(user: SessionUser | null, postingIds: string[]): Promise<Map<string, MyBid>> {
    // Only applicants bid; facility members and admins hold no applicant record of their own.
    if (!user?.applicant_id || user.membership) return Promise.resolve(new Map());
    return myBidsOnPage(this.db, user.applicant_id, postingIds);
  }

  procedureTypeList() {
    return this.procedureTypes.list();
  }

  /**
   * One page of the facility's postings: those needing a response (bids awaiting the facility on
   * a posting not expired) first, then newest first; sorted and cut in SQL over the facility's
   * rows (job_postings_facility index), with how many postings the facility has.
   */
  async ofFacility(facilityId: string, page: ListPage) {
    const now = new Date();
    const [rows, [{ total }]] = await Promise.all([
      // The page's ids first, so only its rows are joined to their creators.
      queryNamed<PostingRow>(
        this.db,
        `WITH page AS (
           SELECT id, (awaiting_response_count > 0 AND auto_expire_date > $2) AS needs_response, created_at
             FROM job_postings WHERE facility_id = $1
            ORDER BY needs_response DESC, created_at DESC, id DESC
            LIMIT $3 OFFSET $4)
         ${WITH_CREATOR} JOIN page ON page.id = p.id
         ORDER BY page.needs_response DESC, page.created_at DESC, page.id DESC`,
        [facilityId, now, page.limit, page.offset],
      ),
      queryNamed<{ total: string }>(this.db, 'SELECT count(*) AS total FROM job_postings WHERE facility_id = $1', [facilityId]),
    ]);
    const procedureNames = await this.procedureTypes.map();
    return { total: Number(total), postings: rows.map((row) => postingView(row, { now, privileged: true, procedureNames })) };
  }

  /**
   * Drafts are visible only to their facility and admins; creator details likewise. `decided`:
   * the posting as a command just decided it, which wins over a row the read model has not
   * caught up with yet (the command waited for it, but that wait is bounded).
   */
  async view(user: SessionUser | null, id: string, decided?: Posting) {
    const [stored] = await queryNamed<PostingRow>(this.db, `${WITH_CREATOR} WHERE p.id = $1`, [id]);
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
    connection_count: posting.connected_bid_ids.length,
  };
}
