import { POSTING_MESSAGES } from '@domain/postings';
import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';

import type { UserView } from '@domain/accounts/user-view';

export const BEING_VERIFIED = "Your facility is currently being verified. Once verified, you'll be able to post jobs.";

/** Whether the user's facility may post (verified and not suspended). */
export function facilityMayPost(user: UserView | null): boolean {
  return user?.facility?.verification_status === 'verified' && user.facility.is_active !== false;
}

/** Shown instead of the job form while the facility is not verified (part 1 §2 'Job form'). */
export function UnverifiedFacilityNotice({ user }: { user: UserView | null }) {
  const suspended = user?.facility?.verification_status === 'verified' && user.facility.is_active === false;
  return (
    <Paper withBorder p={{ base: 'lg', sm: 40 }} shadow="xs">
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={48} radius="xl" variant="light" color="yellow" c="#6b4e00" aria-hidden>
          <IconShieldCheck size={26} stroke={1.6} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {suspended ? 'Your facility is suspended' : 'Verification in progress'}
        </Title>
        <Text c="gray.8" role="status">
          {suspended ? POSTING_MESSAGES.facilitySuspended : BEING_VERIFIED}
        </Text>
        <Button component={Link} to="/dashboard" variant="default" leftSection={<IconArrowLeft size={18} />}>
          Back to dashboard
        </Button>
      </Stack>
    </Paper>
  );
}
