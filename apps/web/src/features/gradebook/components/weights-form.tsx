import { Button, Group, NumberInput, Paper, Text, Title } from '@mantine/core';
import { GRADEBOOK_CATEGORIES, gradebookWeights } from '@teamshuffle/domain';
import type { GradebookCategory } from '@teamshuffle/domain';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useSaveWeights } from '../api/save-weights';
import { errorText } from './gradebook-format';

/** The owner's category weights (assignments, tasks, peer evaluation; default equal). */
export function WeightsForm({
  workspaceId,
  weights,
  isDefault,
}: {
  workspaceId: string;
  weights: Record<GradebookCategory, number>;
  isDefault: boolean;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<GradebookCategory, number | string>>(weights);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveWeights();
  return (
    <Paper withBorder p="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = gradebookWeights.safeParse({
            assignments: Number(values.assignments),
            tasks: Number(values.tasks),
            peer: Number(values.peer),
          });
          if (!parsed.success) {
            setProblem(t('gradebook.weights.invalid'));
            return;
          }
          setProblem(null);
          save.mutate(
            { workspaceId, weights: parsed.data },
            {
              onSuccess: () => notify.success(t('gradebook.weights.saved')),
              onError: (error) => setProblem(errorText(error, t)),
            },
          );
        }}
      >
        <Title order={3} size="h5">
          {t('gradebook.weights.heading')}
        </Title>
        <Text size="xs" c="dimmed">
          {isDefault ? `${t('gradebook.weights.default')}. ` : ''}
          {t('gradebook.weights.hint')}
        </Text>
        <Group gap="sm" mt="xs" align="flex-end" wrap="wrap">
          {GRADEBOOK_CATEGORIES.map((category) => (
            <NumberInput
              key={category}
              label={t(`gradebook.weights.${category}`)}
              min={0}
              max={100}
              allowDecimal={false}
              value={values[category]}
              onChange={(value) => setValues((current) => ({ ...current, [category]: value }))}
              w={130}
              size="xs"
            />
          ))}
          <Button type="submit" size="xs" loading={save.isPending}>
            {t('gradebook.weights.save')}
          </Button>
        </Group>
        {problem ? (
          <Text size="sm" c="red" role="alert" mt={4}>
            {problem}
          </Text>
        ) : null}
      </form>
    </Paper>
  );
}
