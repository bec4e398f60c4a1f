import { auditCsvLine, auditFiltersSchema, withoutSecrets, type AuditRow } from '../../../../server/src/domain/admin/audit';

const row: AuditRow = {
  position: '42',
  at: '2026-03-01T10:00:00.000Z',
  stream: 'bid-1',
  stream_type: 'bid',
  version: 1,
  event_type: 'FacilityCountered',
  actor: { user_id: 'u1', name: 'Dana, "Ops"', email: 'dana@example.test', role: 'facility' },
  record: { type: 'bid', id: '1', name: '=HYPERLINK("x")', link: '/admin/applicants/a1', posting_id: 'p1' },
  data: { counter_rate: 182, note: 'line one\nline two' },
};

describe('the audit’s shared rules', () => {
  it('writes RFC 4180 CSV: commas, quotes and line breaks quoted, formulas defused', () => {
    expect(auditCsvLine(row)).toBe(
      '42,2026-03-01T10:00:00.000Z,bid,bid-1,1,FacilityCountered,"Dana, ""Ops""",dana@example.test,facility,' +
        `"'=HYPERLINK(""x"")",/admin/applicants/a1,"{""counter_rate"":182,""note"":""line one\\nline two""}"\r\n`,
    );
  });

  it('drops secret-looking keys at any depth and keeps the rest', () => {
    expect(
      withoutSecrets({ rate: 1, password_hash: 'x', nested: [{ reset_token: 't', name: 'n' }], client_secret: 's', hash: 'h', npi: '1' }),
    ).toEqual({ rate: 1, nested: [{ name: 'n' }], npi: '1' });
  });

  it('leaves data without secrets as it is, and never changes the data it strips', () => {
    const plain = { rate: 1, nested: [{ name: 'n' }], at: '2026-03-01' };
    const secret = { rate: 1, deep: { list: [{ api_token: 't', keep: true }] } };

    expect(withoutSecrets(plain)).toBe(plain);
    expect(withoutSecrets(secret)).toEqual({ rate: 1, deep: { list: [{ keep: true }] } });
    expect(secret).toEqual({ rate: 1, deep: { list: [{ api_token: 't', keep: true }] } });
    expect(withoutSecrets(null)).toBeNull();
    expect(withoutSecrets(['a', { token: 'x' }])).toEqual(['a', {}]);
  });

  it('takes blank filters as none, and refuses a range that ends before it starts', () => {
    expect(auditFiltersSchema.parse({ stream_type: '', actor: ' ', q: '' })).toEqual({});
    expect(auditFiltersSchema.safeParse({ from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }).success).toBe(false);
    expect(auditFiltersSchema.parse({ actor: 'Dana@Example.test' })).toEqual({ actor: 'Dana@Example.test' });
  });
});
