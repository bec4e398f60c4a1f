import type { DataSource } from 'typeorm';
import { searchQuerySchema } from '../../../server/src/domain/postings';
import { EncodedJson } from '../../../server/src/http/encoded-json';
import { SearchCache, type PublicPage } from '../../../server/src/postings/queries/search-cache';

/**
 * Postgres as the cache sees it: a read of the version answers the version as it stood when the
 * read began (its snapshot), once the test lets it arrive.
 */
class Postgres {
  version = 1;
  readonly arriving: (() => void)[] = [];
  reads = 0;

  query(): Promise<unknown[]> {
    const row = { version: String(this.version) };
    this.reads++;
    return new Promise((answer) => this.arriving.push(() => answer([row])));
  }

  /** Lets every read on its way arrive, and those they lead to, until none is left. */
  async answerAll(): Promise<void> {
    for (let turn = 0; turn < 10; turn++) {
      await new Promise((settle) => setImmediate(settle));
      this.arriving.splice(0).forEach((arrive) => arrive());
    }
  }
}

const query = searchQuerySchema.parse({});
const versionOf = async (page: Promise<PublicPage>) => JSON.parse((await page).body.json().toString()).version;

describe('SearchCache', () => {
  let postgres: Postgres;
  let cache: SearchCache;
  /** A page as built now: it shows the postings as they stand. */
  const build = async (): Promise<PublicPage> => ({ ids: [], body: EncodedJson.of({ version: postgres.version }), until: null });
  const search = () => cache.page(query, new Date(), build);

  beforeEach(() => {
    postgres = new Postgres();
    cache = new SearchCache(postgres as unknown as DataSource);
  });

  it('answers a search that arrives while a read of the version is on its way with a read begun after it: it sees a write committed before it arrived', async () => {
    const cached = search();
    await postgres.answerAll();
    expect(await versionOf(cached)).toBe(1);
    const before = search();
    postgres.version = 2;
    const after = search();
    await postgres.answerAll();
    expect([await versionOf(before), await versionOf(after)]).toEqual([1, 2]);
  });

  it('reads the version once for the searches that arrive while one read is on its way', async () => {
    const pages = Array.from({ length: 6 }, search);
    await postgres.answerAll();
    expect(await Promise.all(pages.map(versionOf))).toEqual([1, 1, 1, 1, 1, 1]);
    expect(postgres.reads).toBe(2);
  });

  it('keeps a page until the moment it says time would change it, then builds it anew', async () => {
    const now = Date.now();
    let builds = 0;
    const expiring = async (): Promise<PublicPage> => {
      builds++;
      return { ids: [], body: EncodedJson.of({ build: builds }), until: new Date(now + 1000 * builds) };
    };
    const at = async (ms: number) => {
      const page = cache.page(query, new Date(now + ms), expiring);
      await postgres.answerAll();
      return JSON.parse((await page).body.json().toString()).build;
    };
    expect([await at(0), await at(999), await at(1000), await at(1500)]).toEqual([1, 1, 2, 2]);
  });

  it('reads again for a search after a failed read', async () => {
    const failing = jest.spyOn(postgres, 'query').mockRejectedValueOnce(new Error('connection lost'));
    const failed = search();
    const next = search();
    await expect(failed).rejects.toThrow('connection lost');
    failing.mockRestore();
    await postgres.answerAll();
    expect(await versionOf(next)).toBe(1);
  });
});
