import { randomUUID } from 'node:crypto';
import { contractValue, postingView, type PostingRow } from '../../../../server/src/domain/postings';
import { facilityPostingViewSchema, postingViewSchema } from '../../../../server/src/domain/postings/posting-view';
import { CREATED_AT, FACILITY_ID, FIELDS, NOW, PAST_PERIOD_END, PERIOD_END, POSTING_ID, PUBLISHED_AT } from './fixtures';

const procedureNames = new Map([
  [1, 'General'],
  [3, 'Pediatrics'],
]);

function row(overrides: Partial<PostingRow> = {}): PostingRow {
  const { lodging_frequency, supervision_type, ...fields } = FIELDS;
  return {
    ...fields,
    lodging_frequency,
    supervision_type,
    id: POSTING_ID,
    facility_id: FACILITY_ID,
    stored_status: 'active',
    total_contract_value: contractValue(FIELDS),
    auto_expire_date: new Date(PERIOD_END),
    published_at: new Date(PUBLISHED_AT),
    created_at: new Date(CREATED_AT),
    updated_at: new Date(PUBLISHED_AT),
    payment_pending: false,
    facility_city: 'Austin',
    facility_state: 'TX',
    facility_type: 'Hospital',
    facility_name: 'Lakeside Surgery Center',
    facility_active: true,
    bid_count: 3,
    awaiting_response_count: 2,
    connection_count: 0,
    creator_first_name: 'Morgan',
    creator_last_name: 'Lee',
    creator_email: 'morgan@example.com',
    ...overrides,
  };
}

describe('the public view of a posting', () => {
  const view = postingView(row(), { now: NOW, privileged: false, procedureNames });

  test('shows the job, its facility and its procedures by name, with ISO times', () => {
    expect(view).toMatchObject({
      id: POSTING_ID,
      status: 'active',
      weeks: 5,
      auto_expire_date: PERIOD_END,
      published_at: PUBLISHED_AT,
      created_at: CREATED_AT,
      facility_name: 'Lakeside Surgery Center',
      procedure_types: [
        { id: 1, name: 'General' },
        { id: 3, name: 'Pediatrics' },
      ],
    });
  });

  test('keeps the facility side to itself: counts, actions and who posted it', () => {
    for (const field of ['facility_id', 'bid_count', 'actions', 'needs_response', 'creator_email', 'payment_pending']) {
      expect(view).not.toHaveProperty(field);
    }
  });

  test('a procedure type it does not know is shown by its number', () => {
    const unknown = postingView(row({ procedure_type_ids: [9] }), { now: NOW, privileged: false, procedureNames });
    expect(unknown.procedure_types).toEqual([{ id: 9, name: '#9' }]);
  });
});

describe("the facility's view of a posting", () => {
  test('adds the counts, what it may do now and who posted it', () => {
    const view = postingView(row(), { now: NOW, privileged: true, procedureNames });
    expect(view).toMatchObject({
      facility_id: FACILITY_ID,
      updated_at: PUBLISHED_AT,
      actions: ['edit', 'withdraw'],
      remaining_days: 23,
      bid_count: 3,
      awaiting_response_count: 2,
      needs_response: true,
      creator_first_name: 'Morgan',
      creator_email: 'morgan@example.com',
    });
  });

  test('an expired posting needs no response and has no days left', () => {
    const view = postingView(row({ auto_expire_date: new Date(PAST_PERIOD_END) }), { now: NOW, privileged: true, procedureNames });
    expect(view).toMatchObject({ status: 'expired', remaining_days: null, needs_response: false, actions: ['edit', 'publish'] });
  });

  test('a row without its creator joined names nobody', () => {
    const bare = row({ creator_first_name: undefined, creator_last_name: undefined, creator_email: undefined });
    const view = postingView(bare, { now: NOW, privileged: true, procedureNames });
    expect(view).toMatchObject({ creator_first_name: null, creator_last_name: null, creator_email: null });
  });
});

describe('the schemas the API document shows', () => {
  test('describe both views exactly, field for field', () => {
    const ids = { id: randomUUID(), facility_id: randomUUID() };
    const publicView = postingView(row(ids), { now: NOW, privileged: false, procedureNames });
    const facilityView = postingView(row(ids), { now: NOW, privileged: true, procedureNames });
    expect(postingViewSchema.parse(publicView)).toEqual(publicView);
    expect(facilityPostingViewSchema.parse(facilityView)).toEqual(facilityView);
  });
});
