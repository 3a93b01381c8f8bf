import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { Component, useEffect } from 'react';
import type { ReactNode } from 'react';
import { usePageTitle } from '../hooks/use-page-title';
import { isChunkLoadError } from '../lib/chunk-load';
import { useTranslation } from '../lib/i18n';

/**
 * Shown when a page throws or its code fails to load (a deploy replaced the chunk, the network
 * dropped, or the 120 s chunk time-out passed): a message that says which, and a Reload button.
 */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const texts = isChunkLoadError(error) ? 'routeError.chunk' : 'routeError';
  usePageTitle(t(`${texts}.title`));
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" color="red" variant="light">
          <IconAlertCircle size={36} aria-hidden="true" />
        </ThemeIcon>
        <Title order={1}>{t(`${texts}.title`)}</Title>
        <Text c="dimmed">{t(`${texts}.text`)}</Text>
        <Button
          leftSection={<IconRefresh size={18} aria-hidden="true" />}
          onClick={() => window.location.reload()}
        >
          {t('routeError.reload')}
        </Button>
      </Stack>
    </Container>
  );
}

type BoundaryState = { error: unknown; hasError: boolean; resetKey: string };

/**
 * Catches what a page throws (or its chunk failing) and shows RouteError in its place. Give it a
 * `key` that changes with the page, so moving to another page starts over, and the address as
 * `resetKey`: a move to another address of the same page (a workspace's section) clears an error
 * shown, without starting over a page that has none.
 */
export class RouteErrorBoundary extends Component<
  { children: ReactNode; resetKey?: string },
  BoundaryState
> {
  override state: BoundaryState = {
    error: null,
    hasError: false,
    resetKey: this.props.resetKey ?? '',
  };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(
    props: { resetKey?: string },
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    const resetKey = props.resetKey ?? '';
    if (resetKey === state.resetKey) return null;
    return { error: null, hasError: false, resetKey };
  }

  override render() {
    return this.state.hasError ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
