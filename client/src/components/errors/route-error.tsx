import { Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';

import classes from '../layout/layout.module.css';

/** A page that failed to load after a deploy refers to chunks that no longer exist. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch|error loading dynamically/i.test(error.message)
  );
}

/** The router's error screen: something in a page threw, or its code could not be loaded. */
export function RouteError() {
  const error = useRouteError();
  const stale = isChunkLoadError(error);
  const status = isRouteErrorResponse(error) ? error.status : null;
  if (error && !isRouteErrorResponse(error)) console.error(error);

  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" maw={480} w="100%">
        <Stack gap="md" align="flex-start">
          <ThemeIcon size={44} radius="xl" variant="light" color={stale ? 'tenens' : 'orange'} aria-hidden>
            {stale ? <IconRefresh size={24} /> : <IconAlertTriangle size={24} />}
          </ThemeIcon>
          <Title order={1} fz={24}>
            {stale ? 'A new version of Tenens is available' : 'Something went wrong'}
          </Title>
          <Text c="dimmed">
            {stale
              ? 'Reload the page to get the latest version. Nothing you saved is lost.'
              : status
                ? `The page could not be shown (error ${status}). Reloading usually helps; if it keeps happening, please try again later.`
                : 'The page could not be shown. Reloading usually helps; if it keeps happening, please try again later.'}
          </Text>
          <Group gap="sm">
            <button type="button" className={classes.action} onClick={() => window.location.reload()}>
              <IconRefresh size={18} aria-hidden />
              Reload page
            </button>
            <Link to="/" className={classes.actionDefault} reloadDocument>
              Go to the home page
            </Link>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
