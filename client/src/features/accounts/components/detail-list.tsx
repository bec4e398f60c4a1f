import { DataList, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

export interface Detail {
  label: string;
  value: ReactNode;
}

/**
 * A labelled list of read-only values (a <dl>); empty values read 'Not provided'. Labels sit
 * beside their values, or above them on phones.
 */
export function DetailList({ items, labelWidth = 170 }: { items: Detail[]; labelWidth?: number }) {
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <DataList withDivider gap="sm" labelWidth={labelWidth} size="sm" orientation={narrow ? 'vertical' : 'horizontal'}>
      {items.map(({ label, value }) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel c="dimmed" fw={500}>
            {label}
          </DataList.ItemLabel>
          <DataList.ItemValue fw={500} c="gray.9" style={{ overflowWrap: 'anywhere' }}>
            {value === null || value === undefined || value === '' ? (
              <Text span inherit c="dimmed" fw={400}>
                Not provided
              </Text>
            ) : (
              value
            )}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}
