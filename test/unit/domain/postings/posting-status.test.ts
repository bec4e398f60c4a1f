import { postingActions, postingStatus } from '../../../../server/src/domain/postings';

const now = new Date('2030-03-10T15:00:00.000Z');
const past = '2030-03-10T15:00:00.000Z'; // exactly now counts as passed
const future = '2030-03-10T15:00:00.001Z';

describe('postingStatus', () => {
  test.each([
    ['draft', future, 'draft'],
    ['draft', past, 'draft'], // never published: a draft never expires
    ['draft', null, 'draft'],
    ['active', future, 'active'],
    ['active', past, 'expired'],
    ['withdrawn', future, 'withdrawn'],
    ['withdrawn', past, 'expired'],
    ['active', null, 'active'],
  ] as const)('%s with auto_expire_date %s is %s', (status, auto_expire_date, expected) => {
    expect(postingStatus({ status, auto_expire_date }, now)).toBe(expected);
  });
});

describe('postingActions (the header actions)', () => {
  test.each([
    ['draft', future, ['edit', 'publish']],
    ['active', future, ['edit', 'withdraw']],
    ['withdrawn', future, ['edit', 'reactivate']],
    ['active', past, ['edit', 'publish']],
    ['withdrawn', past, ['edit', 'publish']],
  ] as const)('%s (expiry %s): %j', (status, auto_expire_date, actions) => {
    expect(postingActions({ status, auto_expire_date }, now)).toEqual(actions);
  });
});
