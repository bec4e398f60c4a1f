import { Container } from '@mantine/core';

import { PageHeader } from '@/components/ui/page-header';
import { UserProfile } from '@/features/accounts/components/user-profile/user-profile';

/** /user-profile (any signed-in user): own name, email and password. */
export function UserProfileRoute() {
  return (
    <Container size="sm" w="100%" py={{ base: 'xl', sm: 48 }}>
      <title>Account · Tenens</title>
      <PageHeader title="Account" description="Your name, sign-in email and password." />
      <UserProfile />
    </Container>
  );
}
