import { inboxDecider, type InboxCommand, type InboxEvent } from '../../../../server/src/domain/notifications';
import { deciderSpec } from '../shared/given-when-then';

const USER = '11111111-1111-4111-8111-111111111111';
const NOTIFICATION = '22222222-2222-4222-8222-222222222222';
const NOW = new Date('2026-03-02T10:00:00.000Z');
const AT = NOW.toISOString();

const spec = deciderSpec(inboxDecider);
const markRead = (unread = true): InboxCommand => ({
  type: 'MarkNotificationRead',
  data: { user_id: USER, now: NOW, notification_id: NOTIFICATION, unread },
});
const markAll = (unread_count: number): InboxCommand => ({
  type: 'MarkAllNotificationsRead',
  data: { user_id: USER, now: NOW, unread_count },
});
const read: InboxEvent = { type: 'NotificationRead', data: { user_id: USER, notification_id: NOTIFICATION, at: AT } };
const allRead: InboxEvent = { type: 'AllNotificationsRead', data: { user_id: USER, at: AT } };

describe('the inbox decider', () => {
  it('records an unread notification read, once', () => {
    spec.given([]).when(markRead()).then([read]);
    spec.given([read]).when(markRead()).thenNothing();
  });

  it('records nothing for a notification the read model shows read already', () => {
    spec.given([]).when(markRead(false)).thenNothing();
  });

  it('marks all read only when something is unread', () => {
    spec.given([read]).when(markAll(3)).then([allRead]);
    spec.given([]).when(markAll(0)).thenNothing();
  });
});
