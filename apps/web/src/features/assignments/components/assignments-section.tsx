import { Alert, Button, Group, List, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileSpreadsheet, IconPlus, IconRefresh } from '@tabler/icons-react';
import type { AssignmentsSection as Section, WorkspaceDetail } from '@teamshuffle/domain';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { SectionLoading } from '../../../components/section-loading';
import { PageSection } from '../../../components/page-section';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session/session-context';
import { gradesCsvPath } from '../api/downloads';
import { useAssignments } from '../api/get-assignments';
import { useNow } from '../../../hooks/use-now';
import { windowPhase } from '../utils/assignment-window';
import { panelAccess } from '../utils/team-state';
import { AssignmentCard } from './assignment-card';
import { lazyModal } from '../../../components/lazy-modal';

// Dialogs load with their first opening (issue 14).
const BulkEvaluateModal = lazyModal(
  async () => (await import('./bulk-evaluate-modal')).BulkEvaluateModal,
);
const DeleteAssignmentModal = lazyModal(
  async () => (await import('./delete-assignment-modal')).DeleteAssignmentModal,
);
const EvaluateModal = lazyModal(async () => (await import('./evaluate-modal')).EvaluateModal);
const SubmissionModal = lazyModal(async () => (await import('./submission-modal')).SubmissionModal);

// The assignment modal brings the date pickers (@mantine/dates, dayjs): loaded when the owner
// first opens it, so the students' workspace page does not download them.
const AssignmentFormModal = lazy(async () => ({
  default: (await import('./assignment-form-modal')).AssignmentFormModal,
}));

/** Which dialog is up (kept while it closes, so its content stays during the transition). */
type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; assignmentId: string }
  | { kind: 'delete'; assignmentId: string }
  | { kind: 'bulk'; assignmentId: string }
  | { kind: 'panel'; assignmentId: string; teamId: string }
  | { kind: 'evaluate'; assignmentId: string; teamId: string };
type DialogState = Dialog & { isOpen: boolean; seq: number };

/**
 * The Assignments section of the workspace page (spec part 2, sections 2-9; issue 12): Refresh,
 * Create Assignment and Grades CSV (owner), then the cards, newest first.
 */
export function AssignmentsSection({ detail }: { detail: WorkspaceDetail }) {
  const { t } = useTranslation();
  const session = useSession();
  const query = useAssignments(session.user?.id ?? null, detail.id);
  const now = useNow();
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [hasOpenedForm, setHasOpenedForm] = useState(false);
  const section = query.data;

  const open = (next: Dialog) => {
    if (next.kind === 'create' || next.kind === 'edit') setHasOpenedForm(true);
    setDialog((current) => ({ ...next, isOpen: true, seq: (current?.seq ?? 0) + 1 }));
  };
  const close = () => setDialog((current) => (current ? { ...current, isOpen: false } : current));

  const openTeam = (viewer: Section, assignmentId: string, teamId: string) => {
    // spec part 2, section 6: a non-leader clicking a team gets the refusal; the owner opens any.
    if (panelAccess(viewer, teamId) === 'refused') {
      notify.error(t('assignments.onlyLeaders'));
      return;
    }
    open({ kind: 'panel', assignmentId, teamId });
  };

  const assignmentOf = (id: string | undefined) =>
    section?.assignments.find((assignment) => assignment.id === id) ?? null;
  const dialogAssignment =
    dialog && dialog.kind !== 'create' ? assignmentOf(dialog.assignmentId) : null;
  const dialogTeam =
    dialog && (dialog.kind === 'panel' || dialog.kind === 'evaluate')
      ? (dialogAssignment?.teams.find((team) => team.teamId === dialog.teamId) ?? null)
      : null;
  const isOpen = (kind: Dialog['kind']) =>
    dialog?.kind === kind && dialog.isOpen && (kind === 'create' || dialogAssignment !== null);
  const seq = dialog?.seq ?? 0;
  const dialogPhase = dialogAssignment ? windowPhase(dialogAssignment, now) : 'open';

  const missingEmails = section?.canManage ? section.teamsWithoutLeaderEmail : [];
  const leaderNameOf = (number: number) => {
    const team = detail.teams.find((item) => item.number === number);
    return detail.members.find((member) => member.id === team?.leaderMemberId)?.name ?? null;
  };

  return (
    <PageSection title={t('assignments.title')}>
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden="true" />}
            loading={query.isFetching && !query.isPending}
            onClick={() => void query.refetch()}
          >
            {t('assignments.refresh')}
          </Button>
          {section?.canManage ? (
            <Button
              component="a"
              href={gradesCsvPath(detail.id)}
              download
              variant="default"
              size="xs"
              title={t('assignments.gradesCsvHint')}
              leftSection={<IconFileSpreadsheet size={14} aria-hidden="true" />}
            >
              {t('assignments.gradesCsv')}
            </Button>
          ) : null}
        </Group>
        {section?.canManage ? (
          <Button
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden="true" />}
            // spec part 2, section 5: disabled while a team's leader has no e-mail
            disabled={missingEmails.length > 0}
            onClick={() => open({ kind: 'create' })}
          >
            {t('assignments.create')}
          </Button>
        ) : null}
      </Group>

      {missingEmails.length > 0 ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden="true" />}
          data-testid="missing-leader-emails"
        >
          <Stack gap={4}>
            <Text size="sm">{t('assignments.missingEmails')}</Text>
            <List size="sm">
              {missingEmails.map((number) => {
                const leader = leaderNameOf(number);
                return (
                  <List.Item key={number}>
                    {leader
                      ? t('assignments.teamWithLeader', { number, leader })
                      : t('assignments.teamWithLeader', {
                          number,
                          leader: t('assignments.noLeader'),
                        })}
                    {': '}
                    {/* The alert's own colour, in bold: red on its orange falls short of 4.5:1. */}
                    <Text span size="sm" fw={700}>
                      {t('assignments.emailNotSet')}
                    </Text>
                  </List.Item>
                );
              })}
            </List>
          </Stack>
        </Alert>
      ) : null}

      {query.isPending ? (
        <SectionLoading label={t('assignments.loading')}>
          <Skeleton height={88} radius="md" />
          <Skeleton height={88} radius="md" />
        </SectionLoading>
      ) : query.isError ? (
        <Alert color="red" variant="light" role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{apiErrorMessage(query.error, t('assignments.loadFailed'))}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              {t('assignments.retry')}
            </Button>
          </Group>
        </Alert>
      ) : query.data.assignments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('assignments.empty')}
        </Text>
      ) : (
        <Stack gap="md">
          {query.data.assignments.map((assignment, index) => (
            <AssignmentCard
              key={assignment.id}
              workspaceId={detail.id}
              assignment={assignment}
              phase={windowPhase(assignment, now)}
              viewer={query.data}
              isInitiallyExpanded={index === 0}
              onOpenTeam={(teamId) => openTeam(query.data, assignment.id, teamId)}
              onEvaluateTeam={(teamId) =>
                open({ kind: 'evaluate', assignmentId: assignment.id, teamId })
              }
              onEvaluateAll={() => open({ kind: 'bulk', assignmentId: assignment.id })}
              onEdit={() => open({ kind: 'edit', assignmentId: assignment.id })}
              onDelete={() => open({ kind: 'delete', assignmentId: assignment.id })}
            />
          ))}
        </Stack>
      )}

      {section?.canManage ? (
        <>
          {hasOpenedForm ? (
            <Suspense fallback={null}>
              <AssignmentFormModal
                opened={isOpen('create') || isOpen('edit')}
                onClose={close}
                workspaceId={detail.id}
                assignment={dialog?.kind === 'edit' ? dialogAssignment : null}
                formKey={seq}
              />
            </Suspense>
          ) : null}
          <DeleteAssignmentModal
            opened={isOpen('delete')}
            onClose={close}
            workspaceId={detail.id}
            assignment={dialog?.kind === 'delete' ? dialogAssignment : null}
          />
          <BulkEvaluateModal
            opened={isOpen('bulk')}
            onClose={close}
            workspaceId={detail.id}
            assignment={dialog?.kind === 'bulk' ? dialogAssignment : null}
            phase={dialogPhase}
            formKey={seq}
          />
          <EvaluateModal
            opened={isOpen('evaluate')}
            onClose={close}
            workspaceId={detail.id}
            assignment={dialog?.kind === 'evaluate' ? dialogAssignment : null}
            team={dialog?.kind === 'evaluate' ? dialogTeam : null}
            formKey={seq}
          />
        </>
      ) : null}
      {section ? (
        <SubmissionModal
          opened={isOpen('panel')}
          onClose={close}
          workspaceId={detail.id}
          assignment={dialog?.kind === 'panel' ? dialogAssignment : null}
          team={dialog?.kind === 'panel' ? dialogTeam : null}
          access={dialog?.kind === 'panel' ? panelAccess(section, dialog.teamId) : 'refused'}
          phase={dialogPhase}
          onEvaluate={() => {
            if (dialog?.kind === 'panel') {
              open({ kind: 'evaluate', assignmentId: dialog.assignmentId, teamId: dialog.teamId });
            }
          }}
          formKey={seq}
        />
      ) : null}
    </PageSection>
  );
}
