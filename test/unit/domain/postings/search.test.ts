import { EMPTY_SEARCH_FILTERS, searchFiltersSchema, searchParams } from '../../../../server/src/domain/postings';

describe('the search filters that narrow nothing', () => {
  test('are exactly the schema defaults, so a page can use them without building the schema', () => {
    expect(EMPTY_SEARCH_FILTERS).toEqual(searchFiltersSchema.parse({}));
  });

  test('add nothing to the query but the sort and the page', () => {
    expect(searchParams(EMPTY_SEARCH_FILTERS, 'newest', 20, 40)).toEqual({ sort: 'newest', limit: '20', offset: '40' });
  });
});
