import { identityMessages } from '@domain/shared/identity';
import { Alert } from '@mantine/core';
import { IconShieldExclamation } from '@tabler/icons-react';

/**
 * Told before saving: on a verified record, a change to what an admin verified (names, license,
 * NPI, the facility's name) sends the record back to review. Nothing shows otherwise.
 */
export function IdentityReviewNotice({ verified, fields }: { verified: boolean; fields: readonly string[] }) {
  if (!verified || fields.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      role="status"
      icon={<IconShieldExclamation size={20} stroke={1.75} />}
      title={identityMessages.ownerNoticeTitle}
    >
      {identityMessages.ownerNotice(fields)}
    </Alert>
  );
}
