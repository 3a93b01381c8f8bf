import { Avatar, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';

// Names are illustration only, the same in every language.
const SAMPLE_TEAMS = [
  { color: 'indigo', members: ['Minji Kim', 'Alex Park', 'Sora Lee'] },
  { color: 'teal', members: ['Jisoo Choi', 'Daniel Yoon', 'Hana Jung'] },
  { color: 'grape', members: ['Taeyang Han', 'Emma Seo', 'Jun Oh'] },
  { color: 'orange', members: ['Yuna Kang', 'Chris Lim', 'Eunji Bae'] },
] as const;

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part[0] ?? '')
    .join('');
}

/** Decorative sample of a shuffle result; hidden from assistive technology. */
export function TeamPreview() {
  return (
    <Paper withBorder shadow="md" radius="lg" p="lg" aria-hidden="true">
      <SimpleGrid cols={2} spacing="md">
        {SAMPLE_TEAMS.map((team, index) => (
          <Paper key={team.color} withBorder radius="md" p="sm">
            <Stack gap="xs">
              <Badge color={team.color} variant="light" radius="sm">
                {`Team ${index + 1}`}
              </Badge>
              {team.members.map((member, position) => (
                <Group key={member} gap={8} wrap="nowrap">
                  <Avatar
                    size={26}
                    radius="xl"
                    color={team.color}
                    variant={position === 0 ? 'filled' : 'light'}
                  >
                    {initials(member)}
                  </Avatar>
                  <Text size="sm" truncate>
                    {member}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
