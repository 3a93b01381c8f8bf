import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { memo, useMemo } from 'react';
import { type TFunction, useTranslation } from '../../../lib/i18n';
import { sharedEmails, sharedNames } from '../model/draft';
import type { DraftMember } from '../model/draft';
import { toneText } from './tone';

// One person, one roster entry (issue 23) on /app: what the list repeats, said where the teacher
// adds members (the add field, Bulk Add, Import) and above the list while it lasts.

const SHOWN = 5;

/** Up to five items joined with commas, then how many more ('Ann, Ben and 3 more'). */
export function shortList(items: readonly string[], t: TFunction): string {
  const list = items.slice(0, SHOWN).join(', ');
  if (items.length <= SHOWN) return list;
  return t('teamFormation.duplicates.andMore', { list, count: items.length - SHOWN });
}

type RepeatsNoteProps = {
  /** Names the addition repeats (as written). */
  names: readonly string[];
  /** E-mails the addition repeats; left out where e-mails cannot be added (Bulk Add). */
  emails?: readonly string[];
  /** The words for names: a line of Bulk Add or a row of Import. */
  namesKey: 'teamFormation.duplicates.bulkNames' | 'teamFormation.duplicates.importNames';
};

/** What an addition repeats, in the dialog that adds it: a warning, the members still go in. */
export function RepeatsNote({ names, emails = [], namesKey }: RepeatsNoteProps) {
  const { t } = useTranslation();
  // Always in the document, so that a screen reader hears the warning appear while typing.
  return (
    <Stack gap={2} aria-live="polite" data-testid="add-repeats">
      {names.length > 0 ? (
        <Text size="sm" style={{ color: toneText('orange') }} data-testid="add-repeats-names">
          {t(namesKey, { names: shortList(names, t) })}
        </Text>
      ) : null}
      {emails.length > 0 ? (
        <Text size="sm" style={{ color: toneText('red') }} data-testid="add-repeats-emails">
          {t('teamFormation.duplicates.importEmails', { emails: shortList(emails, t) })}
        </Text>
      ) : null}
    </Stack>
  );
}

type ListNotesProps = {
  members: readonly DraftMember[];
  labels: ReadonlyMap<string, string>;
};

/**
 * Above the member list while it holds them: names several members share (they are numbered
 * apart) and e-mails several members have (the teams cannot be saved until one keeps it).
 */
export const DuplicateListNotes = memo(function DuplicateListNotes({
  members,
  labels,
}: ListNotesProps) {
  const { t } = useTranslation();
  const names = useMemo(() => sharedNames(members), [members]);
  const emails = useMemo(() => sharedEmails(members), [members]);
  if (names.length === 0 && emails.length === 0) return null;
  const [first] = names;
  return (
    <Stack gap="xs">
      {emails.slice(0, SHOWN).map((group) => (
        <Alert
          key={group.email}
          color="red"
          icon={<IconAlertCircle size={18} aria-hidden="true" />}
          data-testid="shared-email-note"
        >
          {t('teamFormation.duplicates.sharedEmail', {
            email: group.email,
            names: group.memberIds.map((id) => labels.get(id) ?? id).join(', '),
          })}
        </Alert>
      ))}
      {emails.length > SHOWN ? (
        <Text size="sm" style={{ color: toneText('red') }}>
          {t('teamFormation.duplicates.moreSharedEmails', { count: emails.length - SHOWN })}
        </Text>
      ) : null}
      {first ? (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} aria-hidden="true" />}
          data-testid="shared-names-note"
        >
          {names.length === 1
            ? t('teamFormation.duplicates.sharedName', { name: first.name, count: first.count })
            : t('teamFormation.duplicates.sharedNames', {
                count: names.length,
                names: shortList(
                  names.map((shared) => shared.name),
                  t,
                ),
              })}
        </Alert>
      ) : null}
    </Stack>
  );
});
