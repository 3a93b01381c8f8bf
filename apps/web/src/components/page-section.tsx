import { Card, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One titled section of a page (the workspace page's All Members, Fixed Pairs, and the sections
 * later features add): a bordered card labelled by its heading.
 */
export function PageSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
