import { List, Text } from '@mantine/core';

import { formatNoteLine, parseNotes } from '../lib/notes';
import { adminMessages } from '../lib/messages';

import { SectionCard } from './section-card';

/** The record's verification_notes, one entry per line: 'MM/DD/YYYY h:mm AM/PM: text'. */
export function AdminNotes({ notes }: { notes: string | null | undefined }) {
  const lines = parseNotes(notes);
  return (
    <SectionCard title="Admin Notes">
      {lines.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {adminMessages.noNotes}
        </Text>
      ) : (
        <List spacing={8} fz="sm" listStyleType="none" aria-label="Admin notes" styles={{ item: { overflowWrap: 'anywhere' } }}>
          {lines.map((note, index) => (
            <List.Item key={`${index}-${note.iso ?? note.text}`}>
              {note.when ? (
                <>
                  <Text span inherit fw={600} component="time" dateTime={note.iso ?? undefined}>
                    {note.when}
                  </Text>
                  {`: ${note.text}`}
                </>
              ) : (
                formatNoteLine(note)
              )}
            </List.Item>
          ))}
        </List>
      )}
    </SectionCard>
  );
}
