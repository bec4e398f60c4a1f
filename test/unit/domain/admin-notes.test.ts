import { adminNoteBodySchema, ADMIN_NOTE_MESSAGES } from '../../../server/src/domain/admin/notes';
import { noteLine } from '../../../projections/notes';
import type { RecordedEvent } from '../../../server/src/eventstore/event-store.port';

const AT = '2030-03-10T15:00:00.000Z';
const POSITION = '1:1';

function recorded(type: string, data: Record<string, unknown>): RecordedEvent {
  return {
    id: 'e1',
    stream: 'facility-f1',
    version: 1,
    type,
    data: { ...data, at: AT },
    metadata: { actor: { user_id: 'u1', side: 'admin', name: 'Robin Admin' } },
    position: POSITION,
    global_position: '1',
    created_at: new Date(AT),
  };
}

describe('admin notes', () => {
  test('a note is trimmed, required and bounded', () => {
    expect(adminNoteBodySchema.parse({ notes: '  Called about the NPI \n' })).toEqual({ notes: 'Called about the NPI' });
    for (const body of [{}, { notes: '   ' }, { notes: 42 }]) {
      expect(adminNoteBodySchema.safeParse(body).error?.issues[0].message).toBe(ADMIN_NOTE_MESSAGES.required);
    }
    expect(adminNoteBodySchema.safeParse({ notes: 'x'.repeat(2001) }).error?.issues[0].message).toBe(ADMIN_NOTE_MESSAGES.tooLong);
  });

  test("an admin's note names them, on one line, beside the generated ones", () => {
    expect(noteLine(recorded('FacilityNoteAdded', { notes: 'Called them.\nWill verify Monday.' }))).toBe(
      `[${AT}] Note by Robin Admin: Called them. Will verify Monday.`,
    );
    expect(noteLine(recorded('ApplicantNoteAdded', { notes: 'License checked' }))).toBe(`[${AT}] Note by Robin Admin: License checked`);
    expect(noteLine(recorded('FacilityVerified', { notes: 'Verified by Robin Admin' }))).toBe(`[${AT}] Verified by Robin Admin`);
  });

  test('a credit spent on a posting names the posting', () => {
    expect(noteLine(recorded('PostingCreditConsumed', { posting_id: 'p1', posting_title: 'Spine CRNA', credits: 1 }))).toBe(
      `[${AT}] Posting credit used to publish “Spine CRNA”`,
    );
    expect(noteLine(recorded('PostingCreditConsumed', { posting_id: 'p1', credits: 1 }))).toBe(
      `[${AT}] Posting credit used to publish posting p1`,
    );
    expect(noteLine(recorded('PostingCreditAdded', { credits: 1 }))).toBe(`[${AT}] Posting credit added by Robin Admin`);
  });
});
