import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A wide table in a keyboard-scrollable region: on narrow screens it scrolls sideways inside its
 * container instead of squeezing the columns or widening the page. The region takes focus, so
 * keyboard users can scroll it with the arrow keys (a table of plain text has nothing else to focus).
 */
export function ScrollTable({
  label,
  minWidth,
  dense = false,
  children,
}: {
  label: string;
  minWidth: number;
  /** Tighter rows, for long logs read line by line. */
  dense?: boolean;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={`${label} (scrollable)`}
      // relative: visually hidden text in the cells is positioned absolutely; it must stay inside the
      // scroll box instead of widening the page.
      style={{ position: 'relative' }}
    >
      <Table verticalSpacing={dense ? 6 : 'sm'} horizontalSpacing="md" highlightOnHover>
        <VisuallyHidden component="caption">{label}</VisuallyHidden>
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}
