import type { HistoryEntry } from '@domain/shared/history';

/** One colour per side in timelines and charts (text contrast >= 4.5:1 on white). */
export const SIDE_COLORS: Record<HistoryEntry['side'], string> = {
  applicant: 'var(--mantine-color-tenens-7)',
  facility: 'var(--mantine-color-indigo-7)',
  admin: 'var(--mantine-color-grape-7)',
  system: 'var(--mantine-color-gray-6)',
};
