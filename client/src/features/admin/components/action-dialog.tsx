import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';

export interface ActionDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  /** 'Reason' or 'Notes (optional)' */
  textLabel: string;
  textPlaceholder?: string;
  /** The confirm button stays disabled while the text is blank. */
  textRequired: boolean;
  confirmLabel: string;
  confirmColor: string;
  loading: boolean;
  /** Called with the trimmed text ('' when none). */
  onConfirm: (text: string) => void;
}

/**
 * The admin console's confirmation dialogs (verify, reject, suspend, activate, deactivate): a
 * sentence, one text field (optional notes or a required reason) and the action.
 */
export function ActionDialog(props: ActionDialogProps) {
  const { opened, onClose, title, loading } = props;
  return (
    <Modal
      opened={opened}
      onClose={loading ? () => {} : onClose}
      title={title}
      centered
      size="md"
      radius="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {/* Remounted on every opening, so the text starts empty each time. */}
      {opened && <ActionDialogBody {...props} />}
    </Modal>
  );
}

function ActionDialogBody({
  onClose,
  description,
  textLabel,
  textPlaceholder,
  textRequired,
  confirmLabel,
  confirmColor,
  loading,
  onConfirm,
}: ActionDialogProps) {
  const [text, setText] = useState('');
  const blank = text.trim() === '';
  const disabled = textRequired && blank;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!disabled && !loading) onConfirm(text.trim());
      }}
    >
      <Stack gap="md">
        <Text fz="sm">{description}</Text>
        <Textarea
          label={textLabel}
          placeholder={textPlaceholder}
          required={textRequired}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={1000}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button type="submit" color={confirmColor} disabled={disabled} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
