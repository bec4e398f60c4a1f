import { invitePermissionDefaults, type FacilityMemberRole, type FacilityPermissionFlags } from '@domain/accounts/facility-permissions';
import { inviteEmailSchema } from '@domain/accounts/invites';
import { accountMessages } from '@domain/accounts/messages';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';

import { inviteEmailCheckQueryOptions } from '../api/check-invite-email';
import { useInviteUser } from '../api/invite-user';
import { PermissionCheckboxes } from './permission-checkboxes';
import { RoleSelect } from './role-select';

/** The availability check waits this long after the last keystroke (part 2 §9). */
export const EMAIL_CHECK_DEBOUNCE_MS = 500;

type EmailCheck = 'idle' | 'checking' | 'available' | 'taken' | 'failed';

/** Asks whether the address is free 500 ms after typing stops, once it contains '@'. */
function useEmailCheck(email: string): EmailCheck {
  const subject = email.includes('@') ? email.trim().toLowerCase() : null;
  const [debounced] = useDebouncedValue(subject, EMAIL_CHECK_DEBOUNCE_MS);
  const settled = subject !== null && debounced === subject;
  const query = useQuery({ ...inviteEmailCheckQueryOptions(subject ?? ''), enabled: settled });
  if (subject === null) return 'idle';
  if (!settled || query.isPending) return 'checking';
  if (query.isError) return 'failed';
  return query.data.available ? 'available' : 'taken';
}

const CHECK_ERRORS: Partial<Record<EmailCheck, string>> = {
  taken: accountMessages.inviteEmailTaken,
  failed: accountMessages.inviteEmailCheckFailed,
};

/**
 * Invite User (part 2 §2, §5): email, role with its note, and for users the six flags. It
 * starts from the User defaults (the spec's initial manage-billing flag is a known flaw).
 */
export function InviteUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [role, setRole] = useState<FacilityMemberRole>('user');
  const [flags, setFlags] = useState<FacilityPermissionFlags>(invitePermissionDefaults('user'));
  const invite = useInviteUser();
  const check = useEmailCheck(email);

  const parsed = inviteEmailSchema.safeParse({ email });
  const formatError = parsed.success ? null : parsed.error.issues[0].message;
  const emailError = (touched && formatError) || CHECK_ERRORS[check] || null;

  const reset = () => {
    setEmail('');
    setTouched(false);
    setRole('user');
    setFlags(invitePermissionDefaults('user'));
  };
  const close = () => {
    reset();
    onClose();
  };
  const chooseRole = (next: FacilityMemberRole) => {
    setRole(next);
    setFlags(invitePermissionDefaults(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (formatError) return;
    if (emailError) {
      notifyError(accountMessages.inviteFixEmailError);
      return;
    }
    invite.mutate(
      { email: email.trim().toLowerCase(), role, ...flags },
      {
        onSuccess: () => {
          notifySuccess(accountMessages.invitationSent);
          close();
        },
        onError: (error) => notifyError(errorMessage(error, accountMessages.invitationSendFailed)),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={invite.isPending ? () => {} : close} title="Invite User" centered radius="lg" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            size="md"
            maxLength={254}
            required
            data-autofocus
            value={email}
            error={emailError}
            description={check === 'checking' ? 'Checking…' : undefined}
            onChange={(event) => setEmail(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
          />
          <RoleSelect value={role} onChange={chooseRole} />
          {role === 'user' && <PermissionCheckboxes value={flags} onChange={setFlags} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={invite.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending} disabled={!!emailError || check === 'checking'}>
              Send Invite
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
