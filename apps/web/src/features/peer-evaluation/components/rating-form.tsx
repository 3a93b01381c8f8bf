import { Alert, Button, Card, Group, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  PEER_COMMENT_MAX,
  PEER_DIMENSIONS,
  type PeerDimension,
  type PeerEvaluationForm,
  type PeerScores,
} from '@teamshuffle/domain';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { useTranslation } from '../../../lib/i18n';
import { useAnswerPeerEvaluation } from '../api/answer-peer-evaluation';
import { peerErrorMessage } from './peer-error';

const LEVELS = ['1', '2', '3', '4', '5'] as const;

type Draft = Record<string, Partial<Record<PeerDimension, number>>>;

function draftOf(form: PeerEvaluationForm): Draft {
  const draft: Draft = {};
  for (const rating of form.response?.ratings ?? [])
    draft[rating.rateeMemberId] = { ...rating.scores };
  return draft;
}

function isComplete(
  scores: Partial<Record<PeerDimension, number>> | undefined,
): scores is PeerScores {
  return scores !== undefined && PEER_DIMENSIONS.every((d) => scores[d] !== undefined);
}

/**
 * A member's ratings: for each teammate (themselves first) one radio group per dimension, 1-5,
 * each level with its behavioural description; arrows move within a group, Tab between groups.
 */
export function RatingForm({
  workspaceId,
  form,
}: {
  workspaceId: string;
  form: PeerEvaluationForm;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(form));
  const [comment, setComment] = useState(form.response?.comment ?? '');
  const [isShowingMissing, setIsShowingMissing] = useState(false);
  const answer = useAnswerPeerEvaluation(workspaceId, form.evaluation.id);
  const isOpen = form.evaluation.state === 'open';

  const submit = () => {
    const ratings = form.teammates.map((mate) => ({
      rateeMemberId: mate.memberId,
      scores: draft[mate.memberId],
    }));
    if (!ratings.every((r) => isComplete(r.scores))) {
      setIsShowingMissing(true);
      notify.error(t('peer.incomplete'));
      return;
    }
    answer.mutate(
      {
        ratings: ratings.map((r) => ({
          rateeMemberId: r.rateeMemberId,
          scores: r.scores as PeerScores,
        })),
        comment: comment.trim(),
      },
      {
        onSuccess: () => notify.success(t('peer.saved')),
        onError: (error) => notify.error(peerErrorMessage(t, error, t('peer.incomplete'))),
      },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      aria-labelledby="peer-form-title"
    >
      <Stack gap="md">
        <Title order={2} size="h3" id="peer-form-title">
          {t('peer.formTitle')}
        </Title>
        {isOpen ? null : <Alert color="gray">{t('peer.notOpen')}</Alert>}
        {form.teammates.map((mate) => {
          const name = mate.isSelf ? t('peer.yourself', { name: mate.name }) : mate.name;
          return (
            <Card key={mate.memberId} withBorder padding="sm" data-testid="peer-ratee">
              <Stack gap="sm">
                <Title order={3} size="h4">
                  {name}
                </Title>
                {PEER_DIMENSIONS.map((dimension) => {
                  const value = draft[mate.memberId]?.[dimension];
                  const isMissing = isShowingMissing && value === undefined;
                  return (
                    <Radio.Group
                      key={dimension}
                      name={`${mate.memberId}-${dimension}`}
                      label={t(`peer.dimensions.${dimension}.name`)}
                      description={
                        value === undefined
                          ? t('peer.chooseLevel')
                          : t('peer.levelLabel', {
                              level: value,
                              text: t(
                                `peer.dimensions.${dimension}.levels.${String(value) as (typeof LEVELS)[number]}`,
                              ),
                            })
                      }
                      error={isMissing ? t('peer.chooseLevel') : undefined}
                      value={value === undefined ? null : String(value)}
                      onChange={(next) =>
                        setDraft((current) => ({
                          ...current,
                          [mate.memberId]: { ...current[mate.memberId], [dimension]: Number(next) },
                        }))
                      }
                      readOnly={!isOpen}
                    >
                      <Group gap="md" mt={6} wrap="wrap">
                        {LEVELS.map((level) => (
                          <Radio
                            key={level}
                            value={level}
                            label={level}
                            disabled={!isOpen}
                            aria-label={`${name}, ${t(`peer.dimensions.${dimension}.name`)}: ${t('peer.levelLabel', { level, text: t(`peer.dimensions.${dimension}.levels.${level}`) })}`}
                            title={t(`peer.dimensions.${dimension}.levels.${level}`)}
                          />
                        ))}
                      </Group>
                    </Radio.Group>
                  );
                })}
              </Stack>
            </Card>
          );
        })}
        <Textarea
          label={t('peer.comment')}
          description={t('peer.commentHint')}
          value={comment}
          maxLength={PEER_COMMENT_MAX}
          rows={3}
          disabled={!isOpen}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
        {isOpen ? (
          <Group>
            <Button type="submit" loading={answer.isPending}>
              {t('peer.submit')}
            </Button>
            {form.response ? (
              <Text size="sm" c="dimmed">
                {t('peer.answered')}
              </Text>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
