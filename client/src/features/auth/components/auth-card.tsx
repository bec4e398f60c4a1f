import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The centred card of the sign-in pages (login, register, password and email flows). */
export function AuthCard({
  title,
  description,
  children,
  footer,
  size = 460,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** The card's maximum width in px (the two-step registration needs more room). */
  size?: number;
}) {
  return (
    <Container size={size} w="100%" px="md" py={{ base: 'xl', sm: 56 }}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 32 }}>
        <Stack gap={6} mb="lg">
          <Title order={1} fz={{ base: 24, sm: 26 }}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" fz="sm">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Paper>
      {footer && (
        <Text ta="center" fz="sm" c="dimmed" mt="lg">
          {footer}
        </Text>
      )}
    </Container>
  );
}

/** The footer of the sign-in pages for someone without an account yet: a link to registration. */
export function SignUpFooter() {
  return (
    <>
      New to Tenens?{' '}
      <Anchor component={Link} to="/register" fw={600} fz="sm">
        Create an account
      </Anchor>
    </>
  );
}
