import {
  Alert,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  IconAlertCircle,
  IconInbox,
  IconLock,
  IconLogin,
  IconMailExclamation,
  IconPlus,
} from '@tabler/icons-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { CardGridSkeleton, PageSkeleton } from '../../../components/page-skeleton';
import { useAuthModal } from '../../../lib/auth-modal';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session/session-context';
import { resultQueryOptions } from '../api/get-result';
import { useResults } from '../api/list-results';
import type { ResultSummary, SavedResult } from '@teamshuffle/domain';
import { DeleteResultModal } from './delete-result-modal';
import { ResultCard } from './result-card';

/** Load Result goes to /app with the result; Create Workspace with it and the Create Team flag. */
export type OpenMode = 'load' | 'createWorkspace';

type ResultsPageProps = {
  onOpen: (result: SavedResult, mode: OpenMode) => void;
};

/** `/results`: the signed-in user's saved results (spec part 1, section 2). */
export function ResultsPage({ onOpen }: ResultsPageProps) {
  const { t } = useTranslation();
  const session = useSession();

  // The page's frame while the session is checked, not a bare spinner (issue 27).
  if (session.status === 'loading') return <PageSkeleton title={t('pages.results')} />;
  if (!session.user) {
    return (
      <Notice
        icon={<IconLock size={34} aria-hidden="true" />}
        title={t('results.signInTitle')}
        text={t('results.signInText')}
        action={<SignInButton />}
      />
    );
  }
  if (!session.user.isVerified) {
    return (
      <Notice
        icon={<IconMailExclamation size={34} aria-hidden="true" />}
        title={t('results.verifyTitle')}
        text={t('results.verifyText')}
      />
    );
  }

  return (
    <Container size="xl" py={{ base: 24, sm: 40 }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Stack gap={4}>
            <Title order={1}>{t('pages.results')}</Title>
            <Text c="dimmed">{t('results.intro')}</Text>
          </Stack>
          <CreateNewButton />
        </Group>
        <ResultsList onOpen={onOpen} />
      </Stack>
    </Container>
  );
}

function CreateNewButton() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to="/app" leftSection={<IconPlus size={16} aria-hidden="true" />}>
      {t('results.createNew')}
    </Button>
  );
}

function SignInButton() {
  const { t } = useTranslation();
  const authModal = useAuthModal();
  return (
    <Button
      leftSection={<IconLogin size={18} aria-hidden="true" />}
      onClick={() => authModal.open('signIn')}
    >
      {t('results.signIn')}
    </Button>
  );
}

function ResultsList({ onOpen }: ResultsPageProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const results = useResults(true);
  const [opening, setOpening] = useState<{ id: string; mode: OpenMode } | null>(null);
  const [deleting, setDeleting] = useState<ResultSummary | null>(null);
  // One clock reading per render of the list, so every card agrees.
  const [now] = useState(() => Date.now());

  const open = (summary: ResultSummary, mode: OpenMode) => {
    setOpening({ id: summary.id, mode });
    queryClient
      .fetchQuery(resultQueryOptions(summary.id))
      .then((result) => onOpen(result, mode))
      .catch(() => notify.error(t('results.openFailed')))
      .finally(() => setOpening(null));
  };

  if (results.isPending) return <CardGridSkeleton label={t('results.loading')} />;
  if (results.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('results.loadFailed')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void results.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (results.data.length === 0) {
    return (
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="gray">
            <IconInbox size={30} aria-hidden="true" />
          </ThemeIcon>
          <Title order={2} size="h3">
            {t('results.empty')}
          </Title>
          <Text c="dimmed">{t('results.emptyHint')}</Text>
          <CreateNewButton />
        </Stack>
      </Paper>
    );
  }

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {results.data.map((summary) => (
          <ResultCard
            key={summary.id}
            result={summary}
            now={now}
            busy={opening?.id === summary.id ? opening.mode : null}
            onLoad={() => open(summary, 'load')}
            onCreateWorkspace={() => open(summary, 'createWorkspace')}
            onDelete={() => setDeleting(summary)}
          />
        ))}
      </SimpleGrid>
      <DeleteResultModal result={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

type NoticeProps = { icon: ReactNode; title: string; text: string; action?: ReactNode };

function Notice({ icon, title, text, action }: NoticeProps) {
  return (
    <Container size="sm" py={{ base: 40, sm: 80 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light">
            {icon}
          </ThemeIcon>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{text}</Text>
          {action}
        </Stack>
      </Paper>
    </Container>
  );
}
