import { Alert, Button, Card, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { newSeed, snapshotSharedEmail } from '@teamshuffle/domain';
import type { CreateWorkspaceInput, EmailSharer } from '@teamshuffle/domain';
import { IconAlertCircle, IconArrowsShuffle } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useAuthModal } from '../../../lib/auth-modal';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session/session-context';
import { useCreateWorkspace } from '../api/create-workspace';
import { useSaveResult } from '../api/save-result';
import { useBalanceRun } from '../hooks/use-balance-run';
import { useDraft } from '../hooks/use-draft';
import { useShuffleAnimation } from '../hooks/use-shuffle-animation';
import { isBalancing } from '../model/balance';
import type { AttributeDefinition } from '../model/balance';
import { memberLabels, newMembers, snapshotOf } from '../model/draft';
import type { ConstraintKind, Draft, DraftArrangement, DraftMember } from '../model/draft';
import { draftFromSavedResult } from '../model/draft-storage';
import type { TeamFormationNavigationState } from '../model/navigation-state';
import {
  balancedOutcome,
  balanceInputOf,
  replayUnevenReason,
  runShuffle,
} from '../model/run-shuffle';
import type { ShuffleFailure } from '../model/run-shuffle';
import { buildShufflePhases } from '../model/shuffle-phases';
import { teamsAsText } from '../model/teams-text';
import { copyText } from '../utils/copy-text';
import { BalanceCard } from './balance-card';
import { ConstraintsCard } from './constraints-card';
import { MemberList } from './member-list';
import type { TitleFieldError } from './result-title-modal';
import { ShuffleOverlay } from './shuffle-overlay';
import { ShuffleResults } from './shuffle-results';
import { TeamCountInput } from './team-count-input';
import { showWorkspaceLink } from './workspace-link-notice';
import { lazyModal } from '../../../components/lazy-modal';

// Dialogs load with their first opening (issue 14).
const ResultTitleModal = lazyModal(
  async () => (await import('./result-title-modal')).ResultTitleModal,
);

type Dialog = 'save' | 'create';

type TeamFormationPageProps = {
  /** A saved result to load (navigation state from /results), or null. */
  loadRequest: TeamFormationNavigationState | null;
  /** Identifies the navigation that carried `loadRequest`, so it is applied once. */
  requestKey: string;
  /** Called once the request is applied, to drop it from the history entry. */
  onLoadRequestHandled: () => void;
};

function cryptoRandom(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]! / 0x1_0000_0000;
}

function newId(): string {
  return crypto.randomUUID();
}

/** `/app`: members, number of teams, constraints, the shuffle and its results. */
export function TeamFormationPage({
  loadRequest,
  requestKey,
  onLoadRequestHandled,
}: TeamFormationPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const authModal = useAuthModal();
  const [draft, dispatch] = useDraft();
  const animation = useShuffleAnimation();
  const reshuffleRef = useRef<HTMLButtonElement>(null);
  const balanceRun = useBalanceRun(animation.stepMs);
  const saveResult = useSaveResult();
  const createWorkspace = useCreateWorkspace();

  // The last refusal of the engine, shown while the draft is the one it was about.
  const [failure, setFailure] = useState<{ draft: Draft; failure: ShuffleFailure } | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // A number of teams out of range is kept as typed and named (issue 27); the shuffle waits.
  const [isTeamCountValid, setTeamCountValid] = useState(true);
  const [titleError, setTitleError] = useState<TitleFieldError | null>(null);
  // The server's duplicate_member_email (one person, one roster entry), shown while the draft is
  // the one it was about.
  const [emailRefusal, setEmailRefusal] = useState<{ draft: Draft; message: string } | null>(null);
  // Save or Create asked for while signed out: done once the user is signed in and verified.
  const [pending, setPending] = useState<{ dialog: Dialog; modalOpenCount: number } | null>(null);
  const [handledKey, setHandledKey] = useState<string | null>(null);
  const [revealCount, setRevealCount] = useState(0);

  const isSignedIn = session.status === 'signedIn';
  const canSave = isSignedIn && session.user?.isVerified === true;

  // A saved result handed over by /results (spec part 1, section 2): loaded once per navigation.
  if (loadRequest && handledKey !== requestKey) {
    setHandledKey(requestKey);
    const { loadResult } = loadRequest;
    dispatch({
      type: 'replace',
      draft: draftFromSavedResult(loadResult, replayUnevenReason(loadResult)),
    });
    setFailure(null);
    if (loadRequest.openCreateTeam) {
      setTitleError(null);
      if (canSave) setDialog('create');
      else setPending({ dialog: 'create', modalOpenCount: authModal.openCount });
    }
  }
  useEffect(() => {
    if (loadRequest && handledKey === requestKey) onLoadRequestHandled();
  }, [loadRequest, handledKey, requestKey, onLoadRequestHandled]);

  if (pending && canSave && draft.outcome) {
    setPending(null);
    setTitleError(null);
    setDialog(pending.dialog);
  } else if (pending && !canSave && authModal.openCount > pending.modalOpenCount + 1) {
    // The sign-in modal was opened again for something else: that intent is gone. (Closing the
    // modal is no sign: it closes just before the session shows the user as signed in.)
    setPending(null);
  }

  const labels = useMemo(() => memberLabels(draft.members), [draft.members]);
  // Stable handlers: the member list (1,000 rows at most), the cards and the team count are
  // memoised, so that the page rendering again (a shuffle starting or ending, a dialog) does not
  // render them again unless their own data changed (issue 22).
  const addMembers = useCallback(
    (names: string[]) => dispatch({ type: 'addMembers', members: newMembers(names, newId) }),
    [dispatch],
  );
  const importMembers = useCallback(
    (members: DraftMember[], attributes: AttributeDefinition[]) => {
      dispatch({ type: 'importMembers', members, attributes });
      notify.success(t('balance.import.imported', { count: members.length }));
    },
    [dispatch, t],
  );
  const renameMember = useCallback(
    (id: string, name: string) => dispatch({ type: 'renameMember', id, name }),
    [dispatch],
  );
  const removeMember = useCallback(
    (id: string) => dispatch({ type: 'removeMember', id }),
    [dispatch],
  );
  const removeEmail = useCallback(
    (id: string) => dispatch({ type: 'removeEmail', id }),
    [dispatch],
  );
  const clearMembers = useCallback(() => dispatch({ type: 'clear' }), [dispatch]);
  // Issue 24: members moved between the result's teams by hand, and undo.
  const arrangeTeams = useCallback(
    (arrangement: DraftArrangement) => dispatch({ type: 'arrange', arrangement }),
    [dispatch],
  );
  const setTeamCount = useCallback(
    (teamCount: number) => dispatch({ type: 'setTeamCount', teamCount }),
    [dispatch],
  );
  const setBalance = useCallback(
    (balance: Draft['balance']) => dispatch({ type: 'setBalance', balance }),
    [dispatch],
  );
  const removeAttribute = useCallback(
    (key: string) => dispatch({ type: 'removeAttribute', key }),
    [dispatch],
  );
  const addConstraint = useCallback(
    (kind: ConstraintKind, memberIds: string[]) =>
      dispatch({ type: 'addConstraint', kind, id: newId(), memberIds }),
    [dispatch],
  );
  const removeConstraint = useCallback(
    (kind: ConstraintKind, id: string) => dispatch({ type: 'removeConstraint', kind, id }),
    [dispatch],
  );
  const shownFailure = failure && failure.draft === draft ? failure.failure : null;

  // Issue 23, one person, one roster entry: teams where two members have one e-mail cannot be
  // saved. Save Result and Create Team say so (the API's words, naming both members with their
  // teams) instead of sending; the member list marks both rows with a Remove e-mail action.
  const sharedEmailMessage = useMemo(() => {
    if (dialog === null) return null;
    const snapshot = snapshotOf(draft);
    const shared = snapshot ? snapshotSharedEmail(snapshot) : null;
    if (!shared) return null;
    const named = (sharer: EmailSharer) => {
      const name = labels.get(sharer.id) ?? sharer.name;
      return sharer.teamNumber === null
        ? t('memberLabel.noTeam', { name })
        : t('memberLabel.team', { name, number: sharer.teamNumber });
    };
    return t('apiErrors.duplicate_member_email', {
      email: shared.email,
      holder: named(shared.holder),
      member: named(shared.member),
    });
  }, [dialog, draft, labels, t]);
  const refusalMessage =
    sharedEmailMessage ?? (emailRefusal?.draft === draft ? emailRefusal.message : null);
  const saveBlocker = refusalMessage
    ? { message: refusalMessage, hint: t('teamFormation.duplicates.saveBlocked') }
    : null;

  const shuffle = () => {
    if (isBalancing(draft.balance)) {
      shuffleBalanced();
      return;
    }
    const attempt = runShuffle(draft, newSeed(cryptoRandom));
    if (!attempt.ok) {
      setFailure({ draft, failure: attempt.failure });
      return;
    }
    setFailure(null);
    const phases = buildShufflePhases({
      hasFixedPairs: draft.fixedPairs.length > 0,
      hasLockedTeams: draft.lockedTeams.length > 0,
    });
    animation.start(phases, () => {
      dispatch({ type: 'setOutcome', outcome: attempt.outcome });
      setRevealCount((count) => count + 1);
    });
  };

  // Issue 15: the same seeded draw, then the balancing search in a worker; the overlay shows its
  // real progress, and stopping keeps the best teams so far.
  const shuffleBalanced = () => {
    const started = draft;
    setFailure(null);
    const phases = buildShufflePhases({
      hasFixedPairs: draft.fixedPairs.length > 0,
      hasLockedTeams: draft.lockedTeams.length > 0,
    });
    balanceRun.start(balanceInputOf(started, newSeed(cryptoRandom)), phases, {
      onDone: (result, isCut) => {
        dispatch({ type: 'setOutcome', outcome: balancedOutcome(started, result, isCut) });
        setRevealCount((count) => count + 1);
      },
      onFailed: (value) => setFailure({ draft: started, failure: value }),
    });
  };

  const failureText = (value: ShuffleFailure): string => {
    switch (value.id) {
      case 'too_few_members':
        return t('teamFormation.errors.tooFewMembers', {
          n: draft.teamCount,
          m: draft.members.length,
        });
      case 'no_members':
        return t('teamFormation.errors.noMembers');
      default:
        return t('teamFormation.errors.other', { detail: value.message });
    }
  };

  const copyTeams = () => {
    const text = teamsAsText(draft, {
      team: (number) => t('teamFormation.teams.team', { number }),
      seed: (seed) => t('teamFormation.teams.seedLine', { seed }),
    });
    void copyText(text).then((isCopied) =>
      isCopied
        ? notify.success(t('teamFormation.teams.copied'))
        : notify.error(t('teamFormation.teams.copyFailed')),
    );
  };

  const openDialog = (which: Dialog) => {
    setTitleError(null);
    setEmailRefusal(null);
    if (canSave) {
      setDialog(which);
    } else if (!isSignedIn) {
      // spec part 1, section 6: visitors must sign in to save a team; the draft stays.
      setPending({ dialog: which, modalOpenCount: authModal.openCount });
      authModal.open('signIn');
    }
  };

  const onTitleRefused = (error: unknown) => {
    if (error instanceof ApiError) {
      if (error.error === 'duplicate_member_email') {
        // A roster the check above let through (the server's data decides): its words, here.
        setEmailRefusal({
          draft,
          message: apiErrorMessage(error, t('teamFormation.save.failed')),
        });
        return;
      }
      if (error.error === 'duplicate_result_title') {
        // spec part 1, section 5: refused with the message and an inline note
        const message = t('teamFormation.save.duplicate');
        setTitleError({ message, note: t('teamFormation.save.duplicateNote') });
        notify.error(message);
        return;
      }
      if (error.status === 400 && error.field === 'title') {
        setTitleError({ message: apiErrorMessage(error, t('teamFormation.save.failed')) });
        return;
      }
      if (error.status === 401) {
        setDialog(null);
        authModal.open('signIn');
        return;
      }
      if (error.error === 'rule_broken') {
        // The server replays the seed; teams kept from an older version of the engine differ.
        setDialog(null);
        notify.error(t('teamFormation.save.reshuffle'));
        return;
      }
      if (error.error === 'email_not_verified') {
        notify.error(t('teamFormation.verifyFirst'));
        return;
      }
    }
    notify.error(t('teamFormation.save.failed'));
  };

  const submitSave = (title: string) => {
    const snapshot = snapshotOf(draft);
    if (!snapshot || saveBlocker) return;
    saveResult.mutate(
      { title, snapshot },
      {
        onSuccess: (saved) => {
          dispatch({ type: 'markSaved', savedAs: { id: saved.id, title: saved.title } });
          setDialog(null);
          notify.success(t('teamFormation.save.success'));
        },
        onError: onTitleRefused,
      },
    );
  };

  const submitCreate = (title: string) => {
    const snapshot = snapshotOf(draft);
    if (!snapshot || !draft.outcome || saveBlocker) return;
    const savedAs = draft.outcome.savedAs;
    const run = (input: CreateWorkspaceInput) =>
      createWorkspace.mutate(input, {
        onSuccess: (created) => {
          if (!('resultId' in input)) {
            dispatch({ type: 'markSaved', savedAs: { id: created.resultId, title } });
          }
          setDialog(null);
          notify.success(t('teamFormation.create.success'));
          showWorkspaceLink(created.workspace.url);
          void navigate(`/workspace/${encodeURIComponent(created.workspace.id)}`);
        },
        onError: (error) => {
          // The saved copy was deleted meanwhile: create from the teams on screen instead.
          if ('resultId' in input && error instanceof ApiError && error.status === 404) {
            run({ title, snapshot });
            return;
          }
          onTitleRefused(error);
        },
      });
    // From a saved result (loaded or just saved): no second saved copy.
    run(savedAs ? { title, resultId: savedAs.id } : { title, snapshot });
  };

  return (
    <Container size="xl" py={{ base: 24, sm: 40 }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1}>{t('pages.app')}</Title>
          <Text c="dimmed">{t('teamFormation.intro')}</Text>
          <Text size="xs" c="dimmed">
            {t('teamFormation.draftNote')}
          </Text>
        </Stack>

        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <MemberList
              members={draft.members}
              attributes={draft.attributes}
              labels={labels}
              onAdd={addMembers}
              onImport={importMembers}
              onRename={renameMember}
              onRemove={removeMember}
              onRemoveEmail={removeEmail}
              onClear={clearMembers}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Card
                withBorder
                radius="lg"
                padding="lg"
                component="section"
                aria-label={t('teamFormation.shuffle.button')}
              >
                <Stack gap="sm">
                  <Group align="flex-end" gap="md" wrap="wrap">
                    <TeamCountInput
                      value={draft.teamCount}
                      onChange={setTeamCount}
                      onValidityChange={setTeamCountValid}
                    />
                    <Button
                      size="md"
                      leftSection={<IconArrowsShuffle size={18} aria-hidden="true" />}
                      disabled={draft.members.length === 0 || !isTeamCountValid}
                      onClick={shuffle}
                    >
                      {t('teamFormation.shuffle.button')}
                    </Button>
                  </Group>
                  {draft.members.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('teamFormation.shuffle.noMembers')}
                    </Text>
                  ) : null}
                  {shownFailure ? (
                    <Alert
                      color="red"
                      icon={<IconAlertCircle size={18} aria-hidden="true" />}
                      role="alert"
                      data-testid="shuffle-error"
                    >
                      {failureText(shownFailure)}
                    </Alert>
                  ) : null}
                </Stack>
              </Card>
              <BalanceCard
                draft={draft}
                isSignedIn={isSignedIn}
                canChooseRounds={canSave}
                viewerId={session.user?.id ?? null}
                onChange={setBalance}
                onRemoveAttribute={removeAttribute}
              />
              <ConstraintsCard
                draft={draft}
                labels={labels}
                onAdd={addConstraint}
                onRemove={removeConstraint}
              />
            </Stack>
          </Grid.Col>
        </Grid>

        {draft.outcome && !animation.run && !balanceRun.run ? (
          <ShuffleResults
            draft={draft}
            outcome={draft.outcome}
            labels={labels}
            isSignedIn={isSignedIn}
            canSave={canSave}
            revealCount={revealCount}
            isReducedMotion={animation.isReducedMotion}
            onReshuffle={shuffle}
            reshuffleRef={reshuffleRef}
            onCopy={copyTeams}
            onSave={() => openDialog('save')}
            onCreate={() => openDialog('create')}
            onArrange={arrangeTeams}
          />
        ) : null}
      </Stack>

      <ShuffleOverlay
        run={animation.run}
        live={balanceRun.run}
        stepMs={animation.stepMs}
        isReducedMotion={animation.isReducedMotion}
        onFinish={balanceRun.run ? balanceRun.stop : animation.finish}
        // Focus is not on the page (Re-shuffle started the run and was unmounted with the
        // results): give it to the new results' Re-shuffle.
        onFocusLost={() => reshuffleRef.current?.focus()}
      />

      <ResultTitleModal
        opened={dialog === 'save'}
        onClose={() => setDialog(null)}
        modalTitle={t('teamFormation.save.title')}
        intro={t('teamFormation.save.text')}
        label={t('teamFormation.save.label')}
        placeholder={t('teamFormation.save.placeholder')}
        submitLabel={t('teamFormation.save.submit')}
        initialTitle=""
        isPending={saveResult.isPending}
        serverError={titleError}
        blocker={saveBlocker}
        onEdit={() => setTitleError(null)}
        onSubmit={submitSave}
      />
      <ResultTitleModal
        opened={dialog === 'create'}
        onClose={() => setDialog(null)}
        modalTitle={t('teamFormation.create.title')}
        intro={
          draft.outcome?.savedAs
            ? `${t('teamFormation.create.text')} ${t('teamFormation.create.fromSaved', { title: draft.outcome.savedAs.title })}`
            : t('teamFormation.create.text')
        }
        label={t('teamFormation.create.label')}
        placeholder={t('teamFormation.create.placeholder')}
        submitLabel={t('teamFormation.create.submit')}
        // Issue 27: never filled in with the saved title (one click made a workspace by
        // accident); the title is reused by choosing it.
        initialTitle=""
        suggestion={
          draft.outcome?.savedAs
            ? {
                title: draft.outcome.savedAs.title,
                label: t('teamFormation.create.useSaved', { title: draft.outcome.savedAs.title }),
              }
            : null
        }
        isPending={createWorkspace.isPending}
        serverError={titleError}
        blocker={saveBlocker}
        onEdit={() => setTitleError(null)}
        onSubmit={submitCreate}
      />
    </Container>
  );
}
