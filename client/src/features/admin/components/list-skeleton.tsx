import { Skeleton, Stack } from '@mantine/core';

/** Placeholder rows while a list loads, announced once to screen readers. */
export function ListSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="xs" role="status" aria-live="polite" aria-label={label}>
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} height={44} radius="md" />
      ))}
    </Stack>
  );
}
