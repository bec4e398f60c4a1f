import { Button, Group, Stack } from '@mantine/core';
import { useForm, type FormValidateInput } from '@mantine/form';
import { IconPencil } from '@tabler/icons-react';
import { useState, type FormEventHandler, type ReactNode } from 'react';

import { SectionCard } from './section-card';

/**
 * The edit state of a record's section. Editing starts from the loaded record; Cancel goes back
 * to it, so an edit abandoned and reopened never shows stale text.
 */
export function useRecordEditor<Values extends Record<string, unknown>>({
  loaded,
  validate,
}: {
  /** The form values of the record as loaded now. */
  loaded: () => Values;
  validate: FormValidateInput<Values>;
}) {
  const [editing, setEditing] = useState(false);
  const form = useForm<Values>({ mode: 'controlled', initialValues: loaded(), validate });

  const startEditing = () => {
    const values = loaded();
    form.setInitialValues(values);
    form.setValues(values);
    form.clearErrors();
    setEditing(true);
  };

  const cancel = () => {
    form.setValues(loaded());
    form.clearErrors();
    setEditing(false);
  };

  return { form, editing, startEditing, cancel, done: () => setEditing(false) };
}

export type RecordEditor<Values extends Record<string, unknown>> = ReturnType<typeof useRecordEditor<Values>>;

/** A section card with an Edit button: the read view, or the edit form with Cancel and Save. */
export function EditableSection<Values extends Record<string, unknown>>({
  title,
  formLabel,
  editor,
  saving,
  onSave,
  fields,
  children,
}: {
  title: string;
  /** The form's accessible name, e.g. 'Edit facility'. */
  formLabel: string;
  editor: RecordEditor<Values>;
  saving: boolean;
  onSave: FormEventHandler<HTMLFormElement>;
  /** The edit form's fields. */
  fields: ReactNode;
  /** The read view. */
  children: ReactNode;
}) {
  return (
    <SectionCard
      title={title}
      actions={
        !editor.editing && (
          <Button variant="light" size="xs" leftSection={<IconPencil size={14} />} onClick={editor.startEditing}>
            Edit
          </Button>
        )
      }
    >
      {editor.editing ? (
        <form onSubmit={onSave} noValidate aria-label={formLabel}>
          <Stack gap="md">
            {fields}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={editor.cancel} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" loading={saving}>
                Save changes
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        children
      )}
    </SectionCard>
  );
}
