import { Center, Loader, Stack, Text } from '@mantine/core';

/** A centred spinner for a page or section that is loading, announced to screen readers. */
export function PageLoader({ label = 'Loading…', fullScreen = false }: { label?: string; fullScreen?: boolean }) {
  return (
    <Center mih={fullScreen ? '100dvh' : 240} p="xl" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="md" type="dots" aria-hidden />
        <Text fz="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
