import { Button, Checkbox, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import type { GradebookCell, GradebookItem, GradebookRow } from '@teamshuffle/domain';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useOverride } from '../api/save-override';
import { errorText, formatScore } from './gradebook-format';

/** The owner's override of one member's grade on one item, with a reason (decision 0024). */
export function OverrideModal({
  workspaceId,
  row,
  item,
  cell,
  onClose,
}: {
  workspaceId: string;
  row: GradebookRow;
  item: GradebookItem;
  cell: GradebookCell;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isOverridden = cell.flags.includes('overridden');
  const [score, setScore] = useState<number | string>(cell.score ?? '');
  const [isExcused, setExcused] = useState(cell.flags.includes('excused'));
  const [reason, setReason] = useState(cell.overrideReason ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useOverride();
  const key = { memberId: row.memberId, itemKind: item.kind, itemId: item.id };

  const submit = () => {
    const value = typeof score === 'number' ? score : Number(score);
    if (!isExcused && (score === '' || !Number.isFinite(value) || value < 0 || value > 100)) {
      setProblem(t('gradebook.scoreRange'));
      return;
    }
    if (reason.trim() === '') {
      setProblem(t('gradebook.override.reasonRequired'));
      return;
    }
    setProblem(null);
    change.mutate(
      {
        workspaceId,
        action: 'save',
        input: { ...key, score: isExcused ? null : value, isExcused, reason },
      },
      {
        onSuccess: () => {
          notify.success(t('gradebook.override.saved'));
          onClose();
        },
        onError: (error) => setProblem(errorText(error, t)),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('gradebook.override.title', {
        member: row.name,
        item: `${item.label} ${item.title}`,
      })}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {t('gradebook.details.gradedScore')}: {formatScore(cell.gradedScore)}
          </Text>
          <NumberInput
            label={t('gradebook.override.score')}
            min={0}
            max={100}
            decimalScale={2}
            value={score}
            onChange={setScore}
            disabled={isExcused}
            data-autofocus
          />
          <Checkbox
            label={t('gradebook.override.excused')}
            checked={isExcused}
            onChange={(event) => setExcused(event.currentTarget.checked)}
          />
          <Textarea
            label={t('gradebook.override.reason')}
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.currentTarget.value)}
            required
          />
          {problem ? (
            <Text size="sm" c="red" role="alert">
              {problem}
            </Text>
          ) : null}
          <Group justify="space-between">
            {isOverridden ? (
              <Button
                variant="subtle"
                color="red"
                onClick={() =>
                  change.mutate(
                    { workspaceId, action: 'remove', key },
                    {
                      onSuccess: () => {
                        notify.success(t('gradebook.override.removed'));
                        onClose();
                      },
                      onError: (error) => setProblem(errorText(error, t)),
                    },
                  )
                }
              >
                {t('gradebook.override.remove')}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('gradebook.override.cancel')}
              </Button>
              <Button type="submit" loading={change.isPending}>
                {t('gradebook.override.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
