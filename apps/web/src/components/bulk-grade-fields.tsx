import { Alert, Button, Group, NumberInput, Textarea } from '@mantine/core';
import type { NumberInputProps, TextareaProps } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { TEXT_LIMITS } from '@teamshuffle/domain';

// A bulk grading row's two inputs, shared by the assignments' and the lecture-notes' bulk dialogs
// (issue 25, decision 0025 rule 1): a score that is never clamped (out of 0..max is its row's
// error, shown under it) and may stay empty (feedback only), and the row's feedback.

/** A row's score: 0..`max`, never clamped, empty for no score. */
export function BulkScoreInput({ max, ...props }: Omit<NumberInputProps, 'min'> & { max: number }) {
  return (
    <NumberInput
      min={0}
      max={max}
      decimalScale={2}
      allowNegative
      // issue 25: never clamped; out of range is this row's error
      clampBehavior="none"
      {...props}
    />
  );
}

/** A row's feedback (at most the feedback limit), growing to four lines. */
export function BulkFeedbackInput(props: TextareaProps) {
  return <Textarea autosize minRows={1} maxRows={4} maxLength={TEXT_LIMITS.feedback} {...props} />;
}

/**
 * A bulk grading dialog's end: the form's error over all rows, "saved", the server's refusal, and
 * Close / Save (both dialogs close by themselves a moment after "saved").
 */
export function BulkGradeFooter({
  entriesError,
  isSaved,
  failure,
  isSaving,
  isSaveDisabled,
  onClose,
  text,
}: {
  entriesError: unknown;
  isSaved: boolean;
  failure: string | null;
  isSaving: boolean;
  isSaveDisabled: boolean;
  onClose: () => void;
  text: { saved: string; close: string; save: string };
}) {
  return (
    <>
      {typeof entriesError === 'string' ? (
        <Alert color="red" variant="light" role="alert">
          {entriesError}
        </Alert>
      ) : null}
      {isSaved ? (
        <Alert
          color="teal"
          variant="light"
          role="status"
          icon={<IconCheck size={18} aria-hidden="true" />}
        >
          {text.saved}
        </Alert>
      ) : null}
      {failure ? (
        <Alert color="red" variant="light" role="alert" style={{ whiteSpace: 'pre-line' }}>
          {failure}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {text.close}
        </Button>
        <Button type="submit" loading={isSaving} disabled={isSaveDisabled}>
          {text.save}
        </Button>
      </Group>
    </>
  );
}
