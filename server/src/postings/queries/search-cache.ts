import type { DataSource } from 'typeorm';
import type { SearchQuery } from '../../domain/postings';
import type { EncodedJson } from '../../http/encoded-json';

/**
 * A public search page: its postings' ids (to look up the caller's own bids), its answer, and the
 * moment time alone would change it (SearchResult's `until`).
 */
export interface PublicPage {
  ids: string[];
  body: EncodedJson;
  until: Date | null;
}

/**
 * What a public search page depends on besides time: the counter that every statement changing a
 * searched column of job_postings moves in its own transaction (migration PostingSearchVersion),
 * and the table itself (a rebuild swaps in a new one). Read for every search (VersionReads): one
 * row, nothing to plan.
 */
const VERSION_SQL = `SELECT version || '/' || 'job_postings'::regclass::oid AS version FROM job_postings_version`;

/** Bytes of answers kept (compressed: a page of 20 postings is about 3.5 kB). */
const MAX_BYTES = 16 * 1024 * 1024;

interface Entry {
  page: Promise<PublicPage>;
  bytes: number;
}

/** The pages of one version of the postings, each good until its own `until`. */
class Generation {
  readonly entries = new Map<string, Entry>();
  bytes = 0;

  constructor(readonly version: string) {}
}

const current = (page: PublicPage, now: Date) => page.until === null || now < page.until;

/**
 * Reads of the version that searches share. A search takes a read begun after it arrived, so it
 * sees every write committed before then; the searches arriving while one read is on its way
 * share the next. Under load that is one round trip to Postgres for many searches, not one each.
 * One read at a time, each begun after the last answered: the versions they answer never go back.
 */
class VersionReads {
  private reading: Promise<string> | null = null;
  private next: Promise<string> | null = null;

  constructor(private readonly db: DataSource) {}

  read(): Promise<string> {
    if (this.next) return this.next;
    if (!this.reading) return this.begin();
    this.next = this.reading
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
 * version first (VersionReads), and a page is kept only until the first of the postings it
 * depends on expires (PublicPage's `until`), so a page is served only while nothing it depends on
 * has moved: a write committed before the request began is always seen, whichever instance
 * answers, and there is no staleness window to tune. Only what everyone sees is kept; a signed-in applicant's
 * own bids are looked up per request. Concurrent searches for one page build it once.
 */
export class SearchCache {
  private generation = new Generation('');
  private readonly versions: VersionReads;

  constructor(
    db: DataSource,
    private readonly maxBytes = MAX_BYTES,
  ) {
    this.versions = new VersionReads(db);
  }

  async page(query: SearchQuery, now: Date, build: () => Promise<PublicPage>): Promise<PublicPage> {
    const version = await this.versions.read();
    // Versions come in the order they were read, so a new one is always the newer.
    if (version !== this.generation.version) this.generation = new Generation(version);
    const generation = this.generation;
    const key = JSON.stringify(query);
    const kept = generation.entries.get(key);
    if (!kept) return this.build(generation, key, build);
    const page = await kept.page;
    if (!current(page, now)) return this.build(generation, key, build);
    // Least recently used goes first: a Map iterates in insertion order.
    if (generation.entries.get(key) === kept) {
      generation.entries.delete(key);
      generation.entries.set(key, kept);
    }
    return page;
  }

  /** Built after the version was read: the page is at least as new as the version it is kept under. */
  private async build(generation: Generation, key: string, build: () => Promise<PublicPage>): Promise<PublicPage> {
    this.forget(generation, key);
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

  private forget(generation: Generation, key: string): void {
    const stale = generation.entries.get(key);
    if (!stale) return;
    generation.entries.delete(key);
    generation.bytes -= stale.bytes;
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
