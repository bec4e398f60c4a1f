import type { UserView } from '@domain/accounts/user-view';
import type { FacilityPostingView, PostingStatus, PostingView } from '@domain/postings';

import { facilityMember } from '../support/fixtures';

/** A local calendar date `days` from today, as the form's date inputs hold it. */
export function localDateFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export const PROCEDURE_TYPES = [
  { id: 1, name: 'General Surgery' },
  { id: 2, name: 'Orthopedics' },
  { id: 3, name: 'Spine' },
];

let counter = 0;
const nextId = () => {
  counter += 1;
  return `3f2a9c1e-0000-4000-8000-${String(counter).padStart(12, '0')}`;
};

export function publicPosting(overrides: Partial<PostingView> = {}): PostingView {
  return {
    id: nextId(),
    title: 'CRNA for a busy ambulatory surgery center',
    status: 'active',
    role_type: 'CRNA',
    start_date: '2030-03-04',
    end_date: '2030-03-29',
    weeks: 4,
    week_days: [2, 3, 4, 5, 6],
    hourly_rate: 185,
    total_contract_value: 37000,
    hours_per_day: 10,
    days_per_week: 5,
    auto_expire_date: '2030-02-10T12:00:00.000Z',
    published_at: '2030-01-10T12:00:00.000Z',
    created_at: '2030-01-09T12:00:00.000Z',
    facility_city: 'San Diego',
    facility_state: 'CA',
    facility_type: 'Ambulatory Surgery Center',
    facility_name: 'Bayview Surgery Center',
    required_license_state: 'CA',
    procedure_types: [PROCEDURE_TYPES[0], PROCEDURE_TYPES[1]],
    on_call_ratio: null,
    supervision_type: 'medically_directed',
    malpractice_amount: 12.5,
    lodging_amount: 1500,
    lodging_frequency: 'monthly',
    travel_allowance_amount: 500,
    openings: 1,
    ...overrides,
  };
}

const ACTIONS: Record<PostingStatus, FacilityPostingView['actions']> = {
  draft: ['edit', 'publish'],
  active: ['edit', 'withdraw'],
  filled: ['edit', 'reopen', 'withdraw'],
  withdrawn: ['edit', 'reactivate'],
  expired: ['edit', 'publish'],
};

export function facilityPosting(overrides: Partial<FacilityPostingView> = {}): FacilityPostingView {
  const status = overrides.status ?? 'active';
  return {
    ...publicPosting({ status }),
    facility_id: 'f-1',
    updated_at: '2030-01-10T12:00:00.000Z',
    payment_pending: false,
    actions: ACTIONS[status],
    remaining_days: status === 'active' ? 12 : null,
    bid_count: 0,
    awaiting_response_count: 0,
    connections: status === 'filled' ? 1 : 0,
    needs_response: false,
    creator_first_name: 'Morgan',
    creator_last_name: 'Lee',
    creator_email: 'morgan.lee@lakeside.example.com',
    published_at: status === 'draft' ? null : '2030-01-10T12:00:00.000Z',
    ...overrides,
  };
}

/** The fixture facility member with a verified (or not) facility and some credits. */
export function facilityUser(facility: Partial<NonNullable<UserView['facility']>> = {}): UserView {
  return {
    ...facilityMember,
    facility: {
      id: 'f-1',
      name: 'Lakeside Surgery Center',
      verification_status: 'verified',
      is_active: true,
      posting_credits: 2,
      admin: { first_name: 'Morgan', last_name: 'Lee', email: 'morgan.lee@lakeside.example.com' },
      ...facility,
    },
  };
}
