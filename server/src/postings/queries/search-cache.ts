import type { DataSource } from 'typeorm';
import type { SearchQuery } from '../../domain/postings';
import type { EncodedJson } from '../../http/encoded-json';

/** A public search page: its postings' ids (to look up the caller's own bids) and its answer. */
export interface PublicPage {
  ids: string[];
  body: EncodedJson;
}

/**
 * What a public search page depends on besides time: the counter that every statement changing a
 * searched column of job_postings moves in its own transaction (migration PostingSearchVersion),
 * and the table itself (a rebuild swaps in a new one). Read by every search: one row, nothing to plan.
 */
const VERSION_SQL = `SELECT version || '/' || 'job_postings'::regclass::oid AS version FROM job_postings_version`;

/**
 * The same, and in the same snapshot the next moment a live posting expires after $1: until then
 * the same postings are live, so time changes no page. Read when the version moves or that moment
 * passes.
 */
const GENERATION_SQL = `
  SELECT v.version || '/' || 'job_postings'::regclass::oid AS version,
         (SELECT min(auto_expire_date) FROM job_postings WHERE status = 'active' AND facility_active AND auto_expire_date > $1) AS until
    FROM job_postings_version v`;

/** Bytes of answers kept (compressed: a page of 20 postings is about 3.5 kB). */
const MAX_BYTES = 16 * 1024 * 1024;

interface Entry {
  page: Promise<PublicPage>;
  bytes: number;
}

/** The pages of one version of the postings, good until `until` (null: no live posting expires). */
class Generation {
  readonly entries = new Map<string, Entry>();
  bytes = 0;

  constructor(
    readonly version: string,
    readonly until: Date | null,
  ) {}

  serves(version: string, now: Date): boolean {
    return version === this.version && (this.until === null || now < this.until);
  }
}

/**
 * Reads of the version that searches share. A search takes a read begun after it arrived, so it
 * sees every write committed before then; the searches arriving while one read is on its way
 * share the next. Under load that is one round trip to Postgres for many searches, not one each.
 */
class VersionReads {
  private reading: Promise<string> | null = null;
  private next: Promise<string> | null = null;

  constructor(private readonly db: DataSource) {}

  read(): Promise<string> {
    if (!this.reading) return this.begin();
    this.next ??= this.reading
      .catch(() => undefined)
      .then(() => {
        this.next = null;
        return this.begin();
      });
    return this.next;
  }

  private begin(): Promise<string> {
    const read = this.db.query<{ version: string }[]>(VERSION_SQL).then(([{ version }]) => version);
    this.reading = read;
    const done = () => {
      if (this.reading === read) this.reading = null;
    };
    read.then(done, done);
    return read;
  }
}

/**
 * Public search pages, built once per version of the postings and query. Each search reads the
 * version first (VersionReads), so a page is served only while nothing it depends on has moved:
 * a write committed before the request began is always seen, whichever instance answers, and
 * there is no staleness window to tune. Only what everyone sees is kept; a signed-in applicant's
 * own bids are looked up per request. Concurrent searches for one page build it once.
 */
export class SearchCache {
  private generation = new Generation('', null);
  private readonly versions: VersionReads;

  constructor(
    private readonly db: DataSource,
    private readonly maxBytes = MAX_BYTES,
  ) {
    this.versions = new VersionReads(db);
  }

  async page(query: SearchQuery, now: Date, build: () => Promise<PublicPage>): Promise<PublicPage> {
    const version = await this.versions.read();
    const generation = this.generation.serves(version, now) ? this.generation : await this.renew(now);
    const key = JSON.stringify(query);
    const kept = generation.entries.get(key);
    if (kept) {
      // Least recently used goes first: a Map iterates in insertion order.
      generation.entries.delete(key);
      generation.entries.set(key, kept);
      return kept.page;
    }
    // Built after the version was read: the page is at least as new as the version it is kept under.
    const entry: Entry = { page: build(), bytes: 0 };
    generation.entries.set(key, entry);
    try {
      const page = await entry.page;
      if (generation.entries.get(key) === entry) this.account(generation, entry, page.body.size);
      return page;
    } catch (error) {
      if (generation.entries.get(key) === entry) generation.entries.delete(key);
      throw error;
    }
  }

  /**
   * The generation as of now. A search that read the version just before a write may get here
   * after one that read it after; it then reads the newer one too, and the pages kept stay.
   */
  private async renew(now: Date): Promise<Generation> {
    const [{ version, until }] = await this.db.query<{ version: string; until: Date | null }[]>(GENERATION_SQL, [now]);
    const current = this.generation;
    if (version !== current.version || until?.getTime() !== current.until?.getTime()) this.generation = new Generation(version, until);
    return this.generation;
  }

  /** Counts a built page; the least recently used go while over budget. */
  private account(generation: Generation, entry: Entry, bytes: number): void {
    entry.bytes = bytes;
    generation.bytes += bytes;
    for (const [key, oldest] of generation.entries) {
      if (generation.bytes <= this.maxBytes) break;
      generation.entries.delete(key);
      generation.bytes -= oldest.bytes;
    }
  }
}
