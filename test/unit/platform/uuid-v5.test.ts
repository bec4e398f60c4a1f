import { bidIdFor } from '../../../server/src/bids/bid-ids';
import { notificationIdFor } from '../../../server/src/notifications/notification-ids';
import { uuidV5 } from '../../../server/src/platform/uuid-v5';

describe('uuidV5', () => {
  it("gives RFC 9562's example id for www.example.com in the DNS namespace", () => {
    expect(uuidV5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('hashes names beyond ASCII as UTF-8', () => {
    // Python: uuid.uuid5(uuid.NAMESPACE_DNS, 'café.example')
    expect(uuidV5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'café.example')).toBe('1f25f992-3aeb-54f1-b196-ccca88f733b1');
  });

  it('gives different ids in different namespaces for the same name', () => {
    const name = 'www.example.com';
    expect(uuidV5('6ba7b811-9dad-11d1-80b4-00c04fd430c8', name)).not.toBe(uuidV5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', name));
  });
});

describe('ids derived from what they identify', () => {
  // Stored rows carry these ids: a change here would make a rebuild write every notification and
  // bid a second time under a new id.
  const event = '0b6f2f5e-3d0c-4c43-9d5e-6f0a2b7c9e11';
  const user = 'F7A8B088-E2E8-459D-8906-E40A45957048';

  it('keeps a notification id stable, whatever the case of the ids it comes from', () => {
    expect(notificationIdFor(event, user)).toBe(notificationIdFor(event.toUpperCase(), user.toLowerCase()));
    expect(notificationIdFor(event, user)).toBe('3c7b564c-b44d-5b0d-a533-da6c303f6305');
  });

  it('keeps a bid id stable for a posting and an applicant', () => {
    expect(bidIdFor(event, user)).toBe('79519464-b49f-52c5-99b3-eb8d12c539b5');
  });
});
