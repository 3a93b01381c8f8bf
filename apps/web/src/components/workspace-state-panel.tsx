import { Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

interface WorkspaceStatePanelProps {
  icon: ReactNode;
  title: string;
  text?: ReactNode;
  color?: MantineColor;
  /** The way(s) out: buttons or links. */
  children?: ReactNode;
}

/**
 * A whole-page state of the workspace pages (Access Denied, Please Sign In, not found, empty,
 * failed): an icon, a heading, a line of text and the buttons that lead on.
 */
export function WorkspaceStatePanel({
  icon,
  title,
  text,
  color = 'indigo',
  children,
}: WorkspaceStatePanelProps) {
  return (
    <Container size="sm" py={{ base: 40, sm: 72 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color={color}>
            {icon}
          </ThemeIcon>
          <Title order={1} size="h2">
            {title}
          </Title>
          {text ? <Text c="dimmed">{text}</Text> : null}
          {children ? (
            <Group justify="center" gap="sm">
              {children}
            </Group>
          ) : null}
        </Stack>
      </Paper>
    </Container>
  );
}
