import { Container, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../lib/i18n';

// A slow page shows its frame instead of a bare spinner (issue 27): a heading (the page's own
// when it is known), a row of figures and a grid of cards, as grey blocks. One status names what
// loads, for a screen reader, or on screen where the spec shows it ('Loading Team...').

/** Cards of a list that is still loading, with the status that says so. */
export function CardGridSkeleton({
  label,
  isLabelShown = false,
  count = 3,
}: {
  label: string;
  isLabelShown?: boolean;
  count?: number;
}) {
  return (
    <Stack gap="sm" data-testid="card-grid-skeleton">
      <div role="status" aria-live="polite">
        {isLabelShown ? <Text c="dimmed">{label}</Text> : <VisuallyHidden>{label}</VisuallyHidden>}
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <Paper key={index} withBorder radius="lg" p="lg">
            <Stack gap="sm">
              <Skeleton h={20} w="60%" />
              <Skeleton h={12} />
              <Skeleton h={12} w="80%" />
              <Group gap="xs" mt="xs">
                <Skeleton h={28} w={80} />
                <Skeleton h={28} w={80} />
              </Group>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** A page's frame while it loads: its title (or a block), four figures and a grid of cards. */
export function PageSkeleton({
  title,
  label,
  isLabelShown = false,
}: {
  /** The page's heading when it is known before its data ("Saved Results"). */
  title?: string;
  /** What is loading; `common.loading` when not given. */
  label?: string;
  /** Show the label on screen (the workspace pages' 'Checking Access...'), not only to readers. */
  isLabelShown?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Container size="lg" py={{ base: 24, sm: 40 }} data-testid="page-skeleton">
      <Stack gap="xl">
        {title ? (
          <Title order={1}>{title}</Title>
        ) : (
          <Skeleton h={36} w="50%" radius="md" aria-hidden="true" />
        )}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" aria-hidden="true">
          {Array.from({ length: 4 }, (_, index) => (
            <Paper key={index} withBorder radius="md" p="md">
              <Skeleton h={12} w="60%" mb="xs" />
              <Skeleton h={28} w={40} />
            </Paper>
          ))}
        </SimpleGrid>
        <CardGridSkeleton label={label ?? t('common.loading')} isLabelShown={isLabelShown} />
      </Stack>
    </Container>
  );
}
