import { Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome, IconMapSearch, IconSearch } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';

/** Any path the route table does not know. */
export function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <Container size="sm" py={{ base: 48, sm: 80 }}>
      <title>Page not found · Tenens</title>
      <Paper withBorder p={{ base: 'lg', sm: 40 }} shadow="xs">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconMapSearch size={30} stroke={1.6} />
          </ThemeIcon>
          <Text fz="sm" fw={700} c="tenens.8" tt="uppercase" lts={0.6}>
            Error 404
          </Text>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            We couldn't find that page
          </Title>
          <Text c="dimmed" maw={460}>
            There is nothing at{' '}
            <Text span ff="monospace" fz="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
              {pathname}
            </Text>
            . The link may be mistyped, or the page may have moved.
          </Text>
          <Group gap="sm" justify="center" mt="xs">
            <Button component={Link} to="/" leftSection={<IconHome size={18} stroke={1.75} />}>
              Go to the home page
            </Button>
            <Button component={Link} to="/browse" variant="default" leftSection={<IconSearch size={18} stroke={1.75} />}>
              Browse jobs
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
