import {
  Alert,
  Button,
  Checkbox,
  FileButton,
  Group,
  Modal,
  NativeSelect,
  ScrollArea,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
} from '@mantine/core';
import { IconAlertCircle, IconClipboardText, IconFileText, IconUpload } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { AttributeDefinition } from '../model/balance';
import { DRAFT_MEMBERS_MAX, repeatsIn } from '../model/draft';
import type { DraftMember } from '../model/draft';
import { parseTable, readRosterFile } from '../model/parse-table';
import type { RosterFileProblem } from '../model/parse-table';
import {
  buildImport,
  guessRoles,
  kindClashes,
  looksLikeHeader,
  readTable,
  setRole,
} from '../model/roster-import';
import type { ColumnRole } from '../model/roster-import';
import { RepeatsNote } from './duplicate-notes';
import { toneText } from './tone';

type ImportRosterModalProps = {
  opened: boolean;
  /** How many more members the list can take. */
  room: number;
  /** The members already on the list (a name or e-mail they have is warned about). */
  members: readonly DraftMember[];
  /** Attribute columns the list already has (a new column of the same name must match). */
  attributes: readonly AttributeDefinition[];
  onClose: () => void;
  onImport: (members: DraftMember[], attributes: AttributeDefinition[]) => void;
};

const ROLES: readonly ColumnRole[] = ['name', 'email', 'numeric', 'categorical', 'ignore'];
const PREVIEW_ROWS = 5;

const FILE_PROBLEMS = {
  tooLarge: 'balance.import.fileTooLarge',
  notText: 'balance.import.fileNotText',
  unreadable: 'balance.import.fileUnreadable',
} as const satisfies Record<RosterFileProblem, string>;

function previewId(): string {
  return 'preview';
}

/**
 * Import (issue 15): pasted spreadsheet cells or a CSV/TSV file, a preview of the columns, and
 * what each column is (name, e-mail, a numeric or categorical attribute, or not imported).
 */
export function ImportRosterModal({
  opened,
  room,
  members,
  attributes,
  onClose,
  onImport,
}: ImportRosterModalProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'paste' | 'file'>('paste');
  const [pasted, setPasted] = useState('');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [fileProblem, setFileProblem] = useState<RosterFileProblem | null>(null);
  // The text parsed last, with its rows (parsing is asynchronous: papaparse loads on first use).
  const [parsed, setParsed] = useState<{ text: string; rows: string[][] } | null>(null);
  const [headerChoice, setHeaderChoice] = useState<{ text: string; hasHeader: boolean } | null>(
    null,
  );
  const [roleChoice, setRoleChoice] = useState<{ key: string; roles: ColumnRole[] } | null>(null);

  const text = tab === 'paste' ? pasted : (file?.text ?? '');
  useEffect(() => {
    if (text.trim() === '') return;
    let isCurrent = true;
    void parseTable(text).then((rows) => {
      if (isCurrent) setParsed({ text, rows });
    });
    return () => {
      isCurrent = false;
    };
  }, [text]);

  const rows = text.trim() !== '' && parsed?.text === text ? parsed.rows : null;
  const isReading = text.trim() !== '' && rows === null;
  const hasHeader =
    headerChoice?.text === text ? headerChoice.hasHeader : rows ? looksLikeHeader(rows) : true;
  const table = useMemo(
    () =>
      rows ? readTable(rows, hasHeader, (n) => t('balance.import.columnFallback', { n })) : null,
    [rows, hasHeader, t],
  );
  const tableKey = `${hasHeader ? 'h' : 'n'}:${text}`;
  const roles = useMemo(() => {
    if (!table) return [];
    return roleChoice?.key === tableKey ? roleChoice.roles : guessRoles(table);
  }, [table, roleChoice, tableKey]);
  const preview = table ? buildImport(table, roles, room, previewId) : null;
  // Issue 23: names and e-mails the list has, or that come twice here, are warned about.
  const repeats = preview && roles.includes('name') ? repeatsIn(members, preview.members) : null;
  const clashes = table ? kindClashes(table, roles, attributes) : [];
  const hasName = roles.includes('name');
  const canImport =
    preview !== null && hasName && preview.members.length > 0 && clashes.length === 0;

  const reset = () => {
    setPasted('');
    setFile(null);
    setFileProblem(null);
    setParsed(null);
    setHeaderChoice(null);
    setRoleChoice(null);
    setTab('paste');
  };
  const close = () => {
    reset();
    onClose();
  };
  const chooseFile = (chosen: File | null) => {
    setFileProblem(null);
    setFile(null);
    if (!chosen) return;
    void readRosterFile(chosen).then((read) => {
      if ('problem' in read) setFileProblem(read.problem);
      else setFile({ name: chosen.name, text: read.text });
    });
  };
  const submit = () => {
    if (!table || !canImport) return;
    const built = buildImport(table, roles, room, () => crypto.randomUUID());
    onImport(built.members, built.attributes);
    reset();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('balance.import.title')} centered size="xl">
      <Stack gap="md">
        <Text size="sm">{t('balance.import.intro')}</Text>
        <Tabs value={tab} onChange={(value) => setTab(value === 'file' ? 'file' : 'paste')}>
          <Tabs.List>
            <Tabs.Tab
              value="paste"
              leftSection={<IconClipboardText size={16} aria-hidden="true" />}
            >
              {t('balance.import.pasteTab')}
            </Tabs.Tab>
            <Tabs.Tab value="file" leftSection={<IconFileText size={16} aria-hidden="true" />}>
              {t('balance.import.fileTab')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="paste" pt="sm">
            <Textarea
              label={t('balance.import.pasteLabel')}
              placeholder={t('balance.import.pastePlaceholder')}
              autosize
              minRows={5}
              maxRows={10}
              value={pasted}
              onChange={(event) => setPasted(event.currentTarget.value)}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              data-autofocus
            />
          </Tabs.Panel>
          <Tabs.Panel value="file" pt="sm">
            <Stack gap="xs">
              <Group gap="sm">
                <FileButton
                  onChange={chooseFile}
                  accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
                >
                  {(props) => (
                    <Button
                      variant="light"
                      leftSection={<IconUpload size={16} aria-hidden="true" />}
                      {...props}
                    >
                      {t('balance.import.fileButton')}
                    </Button>
                  )}
                </FileButton>
                {file ? (
                  <Text size="sm" data-testid="import-file-name">
                    {t('balance.import.fileChosen', { name: file.name })}
                  </Text>
                ) : null}
              </Group>
              <Text size="xs" c="dimmed">
                {t('balance.import.fileHint')}
              </Text>
              {fileProblem ? (
                <Text size="sm" style={{ color: toneText('red') }} role="alert">
                  {t(FILE_PROBLEMS[fileProblem])}
                </Text>
              ) : null}
            </Stack>
          </Tabs.Panel>
        </Tabs>

        {isReading ? (
          <Text size="sm" c="dimmed">
            {t('balance.import.reading')}
          </Text>
        ) : null}
        {table && preview ? (
          <Stack gap="sm">
            <Checkbox
              label={t('balance.import.hasHeader')}
              checked={hasHeader}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setHeaderChoice({ text, hasHeader: checked });
              }}
            />
            <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
              <Table
                striped
                withTableBorder
                verticalSpacing={6}
                aria-label={t('balance.import.columns')}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('balance.import.columns')}</Table.Th>
                    <Table.Th>{t('balance.import.useHeading')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {table.columns.map((column) => (
                    <Table.Tr key={column.index} data-testid="import-column">
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {column.heading}
                        </Text>
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {column.samples.length > 0
                            ? t('balance.import.samples', {
                                values: column.samples.slice(0, PREVIEW_ROWS).join(', '),
                              })
                            : t('balance.import.noSamples')}
                        </Text>
                      </Table.Td>
                      <Table.Td w={240}>
                        <NativeSelect
                          size="xs"
                          aria-label={t('balance.import.columnUse', { column: column.heading })}
                          value={roles[column.index] ?? 'ignore'}
                          data={ROLES.map((role) => ({
                            value: role,
                            label: t(`balance.import.roles.${role}`),
                          }))}
                          onChange={(event) => {
                            const role = event.currentTarget.value as ColumnRole;
                            setRoleChoice({
                              key: tableKey,
                              roles: setRole(roles, column.index, role),
                            });
                          }}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            <Stack gap={2} aria-live="polite" data-testid="import-summary">
              {hasName ? (
                <Text size="sm" fw={600}>
                  {t('balance.import.summary', { count: preview.members.length })}
                </Text>
              ) : (
                <Text size="sm" style={{ color: toneText('red') }}>
                  {t('balance.import.needName')}
                </Text>
              )}
              {hasName && preview.dropped > 0 ? (
                <Text size="sm" c="dimmed">
                  {t('balance.import.dropped', { count: preview.dropped })}
                </Text>
              ) : null}
              {preview.badEmails > 0 ? (
                <Text size="sm" c="dimmed">
                  {t('balance.import.badEmails', { count: preview.badEmails })}
                </Text>
              ) : null}
              {preview.notNumbers > 0 ? (
                <Text size="sm" c="dimmed">
                  {t('balance.import.notNumbers', { count: preview.notNumbers })}
                </Text>
              ) : null}
              {repeats ? (
                <RepeatsNote
                  names={repeats.names}
                  emails={repeats.emails}
                  namesKey="teamFormation.duplicates.importNames"
                />
              ) : null}
              {preview.overflow > 0 ? (
                <Text size="sm" style={{ color: toneText('orange') }}>
                  {t('balance.import.overflow', {
                    max: DRAFT_MEMBERS_MAX,
                    count: preview.overflow,
                  })}
                </Text>
              ) : null}
            </Stack>
            {clashes.map((column) => (
              <Alert
                key={column.index}
                color="red"
                icon={<IconAlertCircle size={18} aria-hidden="true" />}
              >
                {t('balance.import.kindClash', { column: column.heading })}
              </Alert>
            ))}
          </Stack>
        ) : !isReading ? (
          <Text size="sm" c="dimmed">
            {t('balance.import.empty')}
          </Text>
        ) : null}

        <Text size="xs" c="dimmed">
          {t('balance.import.privacy')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('balance.import.cancel')}
          </Button>
          <Button disabled={!canImport} onClick={submit}>
            {t('balance.import.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
