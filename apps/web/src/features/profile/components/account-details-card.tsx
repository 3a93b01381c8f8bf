import { Avatar, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import type { SessionUser } from '../../../lib/session/session-user';
import { useFormatDate } from '../../../lib/dates/use-format-date';

/** Who the user is: name, photo, e-mail and its verification, phone, account dates. */
export function AccountDetailsCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  const name = user.displayName || user.email || user.phoneNumber || '';
  const rows: { label: string; value: string; testId: string }[] = [
    { label: t('profile.details.displayName'), value: user.displayName || '—', testId: 'name' },
    {
      label: t('profile.details.email'),
      value: user.email || t('profile.details.notSet'),
      testId: 'email',
    },
    {
      label: t('profile.details.phoneNumber'),
      value: user.phoneNumber ?? t('profile.details.notSet'),
      testId: 'phone',
    },
    {
      label: t('profile.details.createdAt'),
      value: dates.dateTime(user.createdAt),
      testId: 'created-at',
    },
    {
      label: t('profile.details.lastLoginAt'),
      value: user.lastLoginAt ? dates.dateTime(user.lastLoginAt) : t('profile.details.never'),
      testId: 'last-login-at',
    },
  ];
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <Avatar src={user.photoUrl} name={name} color="initials" radius="xl" size={64} />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <Group gap="xs">
              <Badge color={user.isVerified ? 'teal' : 'yellow'} variant="light">
                {user.isVerified ? t('profile.details.verified') : t('profile.details.notVerified')}
              </Badge>
            </Group>
          </Stack>
        </Group>
        <Title order={3} size="h5">
          {t('profile.details.title')}
        </Title>
        <Table variant="vertical" layout="fixed" withTableBorder={false}>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.testId}>
                <Table.Th w={150}>{row.label}</Table.Th>
                <Table.Td
                  data-testid={`profile-${row.testId}`}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  <Text size="sm">{row.value}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}
