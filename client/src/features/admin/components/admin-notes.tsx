import { ADMIN_NOTE_LIMITS, adminNoteBodySchema } from '@domain/admin/notes';
import { Button, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';

import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';

import { useAddAdminNote } from '../api/add-admin-note';
import type { AdminRecordKind } from '../api/keys';
import { formatNoteLine, parseNotes } from '../lib/notes';
import { adminMessages } from '../lib/messages';

import { SectionCard } from './section-card';

/**
 * The record's verification_notes, one entry per line: 'MM/DD/YYYY h:mm AM/PM: text', generated
 * by each decision, with the admins' own notes among them; `record` adds the form for one more.
 */
export function AdminNotes({ notes, record }: { notes: string | null | undefined; record?: { kind: AdminRecordKind; id: string } }) {
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
      {record && <AddNoteForm record={record} />}
    </SectionCard>
  );
}

/** A free-form note, checked with the server's own schema before it is sent. */
function AddNoteForm({ record }: { record: { kind: AdminRecordKind; id: string } }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddAdminNote();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminNoteBodySchema.safeParse({ notes: text });
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setError(null);
    add.mutate(
      { ...record, ...parsed.data },
      {
        onSuccess: () => {
          setText('');
          notifySuccess(adminMessages.noteAdded);
        },
        onError: (failure) => notifyError(errorMessage(failure, adminMessages.noteAddFailed)),
      },
    );
  };

  return (
    <Stack component="form" gap="xs" mt="md" onSubmit={submit} aria-label="Add a note">
      <Textarea
        label="Add a note"
        description="Only platform admins see these notes. Each is saved with your name and the time."
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={ADMIN_NOTE_LIMITS.maxLength}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={error}
      />
      <Group justify="flex-end">
        <Button type="submit" size="sm" variant="light" loading={add.isPending}>
          Add note
        </Button>
      </Group>
    </Stack>
  );
}
