import { adminKeys } from '@/features/admin/api/keys';
import { readAdminTab, writeAdminTab } from '@/features/admin/lib/admin-tab';
import {
  applicantFilterSummary,
  EMPTY_APPLICANT_FILTERS,
  filterApplicants,
  filterFacilities,
  EMPTY_FACILITY_FILTERS,
} from '@/features/admin/lib/filters';
import { describeHistory, noteDetail } from '@/features/admin/lib/history';
import { formatNoteLine, parseNotes } from '@/features/admin/lib/notes';
import { clampPage, pageCount, pageWindow, showingLabel } from '@/features/admin/lib/pagination';

import { applicant, facility, historyEntry } from './fixtures';

/** An ISO time stamp of a local wall-clock time, so expectations hold in any time zone. */
const localIso = (y: number, mo: number, d: number, h: number, mi: number) => new Date(y, mo - 1, d, h, mi).toISOString();

describe('admin notes', () => {
  test("'[timestamp] text' lines read 'MM/DD/YYYY h:mm AM/PM: text'; plain lines stay as they are", () => {
    const notes = [
      `[${localIso(2026, 11, 22, 10, 5)}] Verified by Platform Admin (docs ok)`,
      'Imported from the old system',
      '',
      `[${localIso(2026, 1, 3, 15, 30)}] Posting credit added by Platform Admin`,
      '[not a date] kept as typed',
    ].join('\n');
    expect(parseNotes(notes).map(formatNoteLine)).toEqual([
      '11/22/2026 10:05 AM: Verified by Platform Admin (docs ok)',
      'Imported from the old system',
      '01/03/2026 3:30 PM: Posting credit added by Platform Admin',
      '[not a date] kept as typed',
    ]);
  });

  test('no notes gives no lines', () => {
    expect(parseNotes('')).toEqual([]);
    expect(parseNotes(null)).toEqual([]);
    expect(parseNotes('\n  \n')).toEqual([]);
  });
});

describe('paging', () => {
  test('the page strip holds at most 5 pages around the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 9)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(8, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(9, 9)).toEqual([5, 6, 7, 8, 9]);
  });

  test("'Showing X-Y of N' and page counts", () => {
    expect(showingLabel(1, 20, 57, 'applicants')).toBe('Showing 1-20 of 57 applicants');
    expect(showingLabel(3, 20, 57, 'applicants')).toBe('Showing 41-57 of 57 applicants');
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(57, 20)).toBe(3);
    expect(clampPage(5, 57, 20)).toBe(3);
    expect(clampPage(0, 57, 20)).toBe(1);
  });
});

describe('filters', () => {
  const rows = [
    applicant({
      id: 'a',
      first_name: 'Sam',
      last_name: 'Rivera',
      city: 'San Diego',
      state: 'CA',
      license_state: 'CA',
      verification_status: 'verified',
    }),
    applicant({
      id: 'b',
      first_name: 'Alex',
      last_name: 'Kim',
      city: 'Austin',
      state: 'TX',
      license_state: 'TX',
      verification_status: 'pending',
    }),
    applicant({
      id: 'c',
      first_name: 'Jo',
      last_name: 'Park',
      city: 'Reno',
      state: 'NV',
      license_state: 'CA',
      verification_status: 'rejected',
      user: { email: null, email_verified: null, first_name: null, last_name: null },
    }),
  ];
  const ids = (list: { id: string }[]) => list.map((row) => row.id);

  test('name, location (city or state), license state, verification', () => {
    expect(ids(filterApplicants(rows, { ...EMPTY_APPLICANT_FILTERS, name: 'sam riv' }))).toEqual(['a']);
    expect(ids(filterApplicants(rows, { ...EMPTY_APPLICANT_FILTERS, location: 'aus' }))).toEqual(['b']);
    expect(ids(filterApplicants(rows, { ...EMPTY_APPLICANT_FILTERS, location: 'tx' }))).toEqual(['b']);
    expect(ids(filterApplicants(rows, { ...EMPTY_APPLICANT_FILTERS, location: 'Nevada' }))).toEqual(['c']);
    expect(ids(filterApplicants(rows, { ...EMPTY_APPLICANT_FILTERS, licenseState: 'ca' }))).toEqual(['a', 'c']);
    expect(ids(filterApplicants(rows, { ...EMPTY_APPLICANT_FILTERS, verification: 'pending' }))).toEqual(['b']);
  });

  test("'active' means verified and 'inactive' means not verified (spec part 2 §4)", () => {
    expect(ids(filterApplicants(rows, { ...EMPTY_APPLICANT_FILTERS, active: 'active' }))).toEqual(['a']);
    expect(ids(filterApplicants(rows, { ...EMPTY_APPLICANT_FILTERS, active: 'inactive' }))).toEqual(['b', 'c']);
  });

  test('the search summary names every filter', () => {
    expect(applicantFilterSummary({ ...EMPTY_APPLICANT_FILTERS, name: 'Sam', licenseState: 'ca', verification: 'pending' })).toEqual([
      { label: 'Verification', value: 'Pending' },
      { label: 'Name', value: 'Sam' },
      { label: 'Location', value: 'Any' },
      { label: 'License state', value: 'CA' },
      { label: 'Active', value: 'All' },
      { label: 'License', value: 'All' },
    ]);
  });

  test('license expiry: expiring within 60 days, or expired (UTC days, valid through the date)', () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const list = [
      applicant({ id: 'old', license_expires_at: day(-1) }),
      applicant({ id: 'today', license_expires_at: day(0) }),
      applicant({ id: 'soon', license_expires_at: day(60) }),
      applicant({ id: 'later', license_expires_at: day(61) }),
      applicant({ id: 'unknown', license_expires_at: null }),
    ];
    expect(ids(filterApplicants(list, { ...EMPTY_APPLICANT_FILTERS, licenseExpiry: 'expired' }))).toEqual(['old']);
    expect(ids(filterApplicants(list, { ...EMPTY_APPLICANT_FILTERS, licenseExpiry: 'expiring' }))).toEqual(['today', 'soon']);
    expect(applicantFilterSummary({ ...EMPTY_APPLICANT_FILTERS, licenseExpiry: 'expired' }).at(-1)).toEqual({
      label: 'License',
      value: 'License expired',
    });
  });

  test('facilities: name or city text, verification, is_active', () => {
    const list = [
      facility({ id: 'f1', name: 'Bayview', city: 'San Diego', is_active: true, verification_status: 'verified' }),
      facility({ id: 'f2', name: 'Lakeside', city: 'Reno', is_active: false, verification_status: 'verified' }),
      facility({ id: 'f3', name: 'Hillcrest', city: 'Austin', is_active: true, verification_status: 'pending' }),
    ];
    expect(ids(filterFacilities(list, { ...EMPTY_FACILITY_FILTERS, search: 'reno' }))).toEqual(['f2']);
    expect(ids(filterFacilities(list, { ...EMPTY_FACILITY_FILTERS, search: 'bay' }))).toEqual(['f1']);
    expect(ids(filterFacilities(list, { ...EMPTY_FACILITY_FILTERS, active: 'inactive' }))).toEqual(['f2']);
    expect(ids(filterFacilities(list, { ...EMPTY_FACILITY_FILTERS, verification: 'pending' }))).toEqual(['f3']);
  });
});

describe('history sentences', () => {
  const admin = { user_id: 'a1', side: 'admin' as const, name: 'Platform Admin' };
  test('per event type, newest first, with the admin’s own words as detail', () => {
    const items = describeHistory([
      historyEntry({ version: 0, type: 'FacilityRegistered' }),
      historyEntry({ version: 1, type: 'FacilityVerified', actor: admin, data: { notes: 'Verified by Platform Admin (docs ok)' } }),
      historyEntry({ version: 2, type: 'PostingCreditAdded', actor: admin, data: { credits: 1 } }),
      historyEntry({ version: 3, type: 'FacilitySuspended', actor: admin, data: { notes: 'Suspended by Platform Admin' } }),
      historyEntry({ version: 4, type: 'FacilityProfileUpdated', actor: admin, data: { phone: '6195550101', city: 'La Jolla', at: 'x' } }),
      historyEntry({ version: 5, type: 'SomethingNewHappened', actor: admin }),
    ]);
    expect(items.map(({ sentence, detail }) => ({ sentence, detail }))).toEqual([
      { sentence: 'Something new happened', detail: null },
      { sentence: 'Profile updated by Platform Admin', detail: 'Fields saved: phone, city' },
      { sentence: 'Suspended by Platform Admin', detail: null },
      { sentence: 'Posting credit added by Platform Admin', detail: null },
      { sentence: 'Verified by Platform Admin', detail: 'docs ok' },
      { sentence: 'Facility signed up', detail: null },
    ]);
  });

  test("an owner's identity change reads as back in review, naming the person and the fields", () => {
    const applicant = { user_id: 'u2', side: 'applicant' as const, name: 'Sam Rivera' };
    const facility = { user_id: 'u3', side: 'facility' as const, name: 'Dana Lee' };
    const items = describeHistory([
      historyEntry({ version: 1, type: 'ApplicantVerificationReset', actor: applicant, data: { fields: ['license_number', 'npi'] } }),
      historyEntry({ version: 2, type: 'FacilityVerificationReset', actor: facility, data: { fields: ['name'] } }),
    ]);
    expect(items.map(({ sentence, tone }) => ({ sentence, tone }))).toEqual([
      { sentence: 'Back in review: Dana Lee changed facility name', tone: 'info' },
      { sentence: 'Back in review: Sam Rivera changed license number and NPI', tone: 'info' },
    ]);
  });

  test('a note in another shape is shown whole', () => {
    expect(noteDetail('Rejected by Platform Admin (blurry license)', 'Rejected by Platform Admin')).toBe('blurry license');
    expect(noteDetail('Imported', 'Rejected by Platform Admin')).toBe('Imported');
    expect(noteDetail('', 'Rejected by X')).toBeNull();
  });
});

describe('tab memory', () => {
  test("only 'queue', 'facilities' or 'applicants' is accepted; the default is the review queue", () => {
    expect(readAdminTab()).toBe('queue');
    writeAdminTab('facilities');
    expect(readAdminTab()).toBe('facilities');
    writeAdminTab('applicants');
    expect(localStorage.getItem('admin-dashboard')).toBe('applicants');
    expect(readAdminTab()).toBe('applicants');
    localStorage.setItem('admin-dashboard', '"applicants"');
    expect(readAdminTab()).toBe('applicants');
    localStorage.setItem('admin-dashboard', 'bids');
    expect(readAdminTab()).toBe('queue');
  });
});

test('a record key prefixes its users and history', () => {
  expect(adminKeys.facilityHistory('x').slice(0, 3)).toEqual([...adminKeys.facility('x')]);
  expect(adminKeys.facilityUsers('x').slice(0, 3)).toEqual([...adminKeys.facility('x')]);
  expect(adminKeys.applicantHistory('y').slice(0, 3)).toEqual([...adminKeys.applicant('y')]);
});
