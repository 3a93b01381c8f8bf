import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { gradeFromPercent } from '@teamshuffle/domain';
import type { Gradebook, GradebookItem, GradebookRow, WorkspaceDetail } from '@teamshuffle/domain';
import { useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useTranslation } from '../../../lib/i18n';
import { SectionLoading } from '../../../components/section-loading';
import { notify } from '../../../lib/notify';
import { useGradebook } from '../api/get-gradebook';
import { useGradeCell } from '../api/grade-cell';
import { GradebookCellMarks } from './gradebook-cell-marks';
import { errorText, formatScore } from './gradebook-format';
import { LatePenaltyText } from './late-penalty-text';
import { OverrideModal } from './override-modal';
import { WeightsForm } from './weights-form';

type Position = { row: number; col: number };

const isEditable = (item: GradebookItem) => item.kind === 'assignment' || item.kind === 'team_task';

/**
 * The owner's gradebook (issue 25, decision 0024): members grouped by team, a column per graded
 * item, marks on each cell, a team filter, category weights and the final percentage. Quick
 * grading by keyboard: type a score in a team item's cell, Enter saves it for the team through
 * the evaluation routes, arrows move, O overrides one member, Escape cancels.
 */
export function GradebookSection({ detail }: { detail: WorkspaceDetail }) {
  const { t } = useTranslation();
  const query = useGradebook(detail.id);
  if (query.isPending) return <SectionLoading label={t('gradebook.loading')} />;
  if (query.isError) {
    return <Alert color="red">{apiErrorMessage(query.error, t('gradebook.loadFailed'))}</Alert>;
  }
  return <GradebookTable workspaceId={detail.id} book={query.data} />;
}

function GradebookTable({ workspaceId, book }: { workspaceId: string; book: Gradebook }) {
  const { t } = useTranslation();
  const [teamFilter, setTeamFilter] = useState<string | null>(null);
  const rows = useMemo(
    () => book.rows.filter((row) => teamFilter === null || row.teamId === teamFilter),
    [book.rows, teamFilter],
  );
  const [focus, setFocus] = useState<Position>({ row: 0, col: 0 });
  const [editing, setEditing] = useState<(Position & { value: string }) | null>(null);
  const [overriding, setOverriding] = useState<Position | null>(null);
  const cells = useRef(new Map<string, HTMLTableCellElement>());
  const grade = useGradeCell();
  const teamIdOf = useMemo(
    () => new Map(book.teams.map((team) => [team.teamNumber, team.teamId])),
    [book.teams],
  );

  const moveTo = (position: Position) => {
    const row = Math.max(0, Math.min(rows.length - 1, position.row));
    const col = Math.max(0, Math.min(book.items.length - 1, position.col));
    setFocus({ row, col });
    cells.current.get(`${row}:${col}`)?.focus();
  };

  const save = (position: Position, value: string) => {
    const row = rows[position.row];
    const item = book.items[position.col];
    if (!row || !item || !isEditable(item)) return;
    const cell = row.cells[position.col]!;
    const score = Number(value.trim().replace(',', '.'));
    if (value.trim() === '' || !Number.isFinite(score) || score < 0 || score > 100) {
      notify.error(t('gradebook.scoreRange'));
      return;
    }
    const teamId =
      (cell.teamNumber === null ? undefined : teamIdOf.get(cell.teamNumber)) ?? row.teamId;
    if (teamId === null) return;
    setEditing(null);
    grade.mutate(
      {
        workspaceId,
        itemKind: item.kind as 'assignment' | 'team_task',
        itemId: item.id,
        teamId,
        score,
        feedback: cell.feedback,
      },
      {
        onSuccess: () => notify.success(t('gradebook.saved')),
        onError: (error) => notify.error(errorText(error, t)),
      },
    );
    moveTo({ row: position.row + 1, col: position.col });
  };

  const onCellKey = (event: KeyboardEvent<HTMLTableCellElement>, position: Position) => {
    if (editing) return;
    const item = book.items[position.col]!;
    const cell = rows[position.row]?.cells[position.col];
    const moves: Record<string, Position> = {
      ArrowUp: { row: position.row - 1, col: position.col },
      ArrowDown: { row: position.row + 1, col: position.col },
      ArrowLeft: { row: position.row, col: position.col - 1 },
      ArrowRight: { row: position.row, col: position.col + 1 },
    };
    const target = moves[event.key];
    if (target) {
      event.preventDefault();
      moveTo(target);
    } else if (event.key === 'Enter' && isEditable(item)) {
      event.preventDefault();
      setEditing({
        ...position,
        value: cell?.gradedScore === null || !cell ? '' : String(cell.gradedScore),
      });
    } else if (/^[0-9.]$/.test(event.key) && isEditable(item)) {
      event.preventDefault();
      setEditing({ ...position, value: event.key });
    } else if (event.key === 'o' || event.key === 'O') {
      event.preventDefault();
      setOverriding(position);
    }
  };

  const focused = rows[focus.row];
  const focusedItem = book.items[focus.col];
  const focusedCell = focused?.cells[focus.col];
  const overrideRow = overriding ? rows[overriding.row] : undefined;
  const overrideItem = overriding ? book.items[overriding.col] : undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          {t('gradebook.title')}
        </Title>
        <Group gap="xs">
          <Select
            aria-label={t('gradebook.filterTeam')}
            placeholder={t('gradebook.allTeams')}
            data={book.teams.map((team) => ({
              value: team.teamId,
              label: t('gradebook.team', { number: team.teamNumber }),
            }))}
            value={teamFilter}
            onChange={(value) => {
              setTeamFilter(value);
              setFocus({ row: 0, col: 0 });
            }}
            clearable
            size="xs"
            w={150}
          />
          <Button
            component="a"
            href={`/api/workspaces/${encodeURIComponent(workspaceId)}/grades.csv`}
            download
            variant="default"
            size="xs"
            leftSection={<IconFileSpreadsheet size={14} aria-hidden="true" />}
          >
            {t('gradebook.exportCsv')}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" id="gradebook-keyboard-hint">
        {t('gradebook.keyboardHint')}
      </Text>
      {book.items.length === 0 ? (
        <Paper withBorder p="md">
          <Text fw={600}>{t('gradebook.empty')}</Text>
          <Text size="sm" c="dimmed">
            {t('gradebook.emptyText')}
          </Text>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={Math.max(480, 160 + book.items.length * 72)}>
          <Table
            withTableBorder
            withColumnBorders
            striped={false}
            aria-describedby="gradebook-keyboard-hint"
            data-testid="gradebook-table"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('gradebook.member')}</Table.Th>
                {book.items.map((item) => (
                  <Table.Th
                    key={item.id}
                    title={`${t(`gradebook.kinds.${item.kind}`)}: ${item.title}`}
                  >
                    <Text size="xs" fw={700}>
                      {item.label}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={1} maw={110}>
                      {item.title}
                    </Text>
                  </Table.Th>
                ))}
                <Table.Th>{t('gradebook.final')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, rowIndex) => (
                <GradebookRowView
                  key={row.memberId}
                  row={row}
                  rowIndex={rowIndex}
                  isFirstOfTeam={rowIndex === 0 || rows[rowIndex - 1]!.teamId !== row.teamId}
                  items={book.items}
                  focus={focus}
                  editing={editing}
                  onEditChange={(value) => editing && setEditing({ ...editing, value })}
                  onEditKey={(event) => {
                    if (!editing) return;
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      save(editing, editing.value);
                    } else if (event.key === 'Escape') {
                      event.preventDefault();
                      const at = editing;
                      setEditing(null);
                      moveTo(at);
                    }
                  }}
                  register={(col, element) => {
                    const key = `${rowIndex}:${col}`;
                    if (element) cells.current.set(key, element);
                    else cells.current.delete(key);
                  }}
                  onCellFocus={(col) => setFocus({ row: rowIndex, col })}
                  onCellKey={(event, col) => onCellKey(event, { row: rowIndex, col })}
                  columns={book.items.length + 2}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {focused && focusedItem && focusedCell ? (
        <Paper withBorder p="sm" aria-live="polite" data-testid="gradebook-details">
          <Text fw={600} size="sm">
            {t('gradebook.details.heading')}: {focused.name}, {focusedItem.label}{' '}
            {focusedItem.title}
          </Text>
          <Group gap="md" mt={4} wrap="wrap">
            <Text size="sm">
              {t('gradebook.details.gradedScore')}: {formatScore(focusedCell.gradedScore)}
            </Text>
            <LatePenaltyText cell={focusedCell} />
            {focusedCell.teamNumber !== null && focusedItem.category !== 'peer' ? (
              <Text size="sm">
                {t('gradebook.details.forTeam', { number: focusedCell.teamNumber })}
              </Text>
            ) : null}
            <GradebookCellMarks flags={focusedCell.flags} long />
          </Group>
          {focusedCell.overrideReason ? (
            <Text size="sm">
              {t('gradebook.details.reason')}: {focusedCell.overrideReason}
            </Text>
          ) : null}
          {focusedCell.feedback ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {t('gradebook.details.feedback')}: {focusedCell.feedback}
            </Text>
          ) : null}
          <Button size="xs" variant="light" mt="xs" onClick={() => setOverriding(focus)}>
            {t('gradebook.details.override')}
          </Button>
        </Paper>
      ) : null}
      <WeightsForm
        workspaceId={workspaceId}
        weights={book.weights}
        isDefault={book.isDefaultWeights}
      />
      {overriding && overrideRow && overrideItem ? (
        <OverrideModal
          workspaceId={workspaceId}
          row={overrideRow}
          item={overrideItem}
          cell={overrideRow.cells[overriding.col]!}
          onClose={() => {
            const at = overriding;
            setOverriding(null);
            moveTo(at);
          }}
        />
      ) : null}
    </Stack>
  );
}

function GradebookRowView({
  row,
  rowIndex,
  isFirstOfTeam,
  items,
  focus,
  editing,
  onEditChange,
  onEditKey,
  register,
  onCellFocus,
  onCellKey,
  columns,
}: {
  row: GradebookRow;
  rowIndex: number;
  isFirstOfTeam: boolean;
  items: readonly GradebookItem[];
  focus: Position;
  editing: (Position & { value: string }) | null;
  onEditChange: (value: string) => void;
  onEditKey: (event: KeyboardEvent<HTMLInputElement>) => void;
  register: (col: number, element: HTMLTableCellElement | null) => void;
  onCellFocus: (col: number) => void;
  onCellKey: (event: KeyboardEvent<HTMLTableCellElement>, col: number) => void;
  columns: number;
}) {
  const { t } = useTranslation();
  return (
    <>
      {isFirstOfTeam ? (
        <Table.Tr>
          <Table.Th colSpan={columns} bg="var(--mantine-color-default-hover)">
            {row.teamNumber === null
              ? t('gradebook.noTeam')
              : t('gradebook.team', { number: row.teamNumber })}
          </Table.Th>
        </Table.Tr>
      ) : null}
      <Table.Tr data-testid="gradebook-row" data-member={row.name}>
        <Table.Th scope="row">
          <Text size="sm">{row.name}</Text>
        </Table.Th>
        {row.cells.map((cell, col) => {
          const item = items[col]!;
          const isFocused = focus.row === rowIndex && focus.col === col;
          const isEditing = editing?.row === rowIndex && editing.col === col;
          const color = cell.score === null ? undefined : `${gradeFromPercent(cell.score).color}.8`;
          return (
            <Table.Td
              key={item.id}
              ref={(element) => register(col, element)}
              tabIndex={isFocused ? 0 : -1}
              onFocus={() => onCellFocus(col)}
              onClick={() => onCellFocus(col)}
              onKeyDown={(event) => onCellKey(event, col)}
              data-testid="gradebook-cell"
              data-item={item.label}
              aria-label={t('gradebook.cellLabel', {
                member: row.name,
                item: `${item.label} ${item.title}`,
                score: cell.score === null ? t('gradebook.noScore') : formatScore(cell.score),
              })}
              style={{
                outline: isFocused ? '2px solid var(--mantine-color-blue-6)' : undefined,
                outlineOffset: -2,
                cursor: 'cell',
                minWidth: 64,
              }}
            >
              {isEditing ? (
                <TextInput
                  size="xs"
                  autoFocus
                  inputMode="decimal"
                  aria-label={t('gradebook.cellLabel', {
                    member: row.name,
                    item: `${item.label} ${item.title}`,
                    score: editing.value,
                  })}
                  value={editing.value}
                  onChange={(event) => onEditChange(event.currentTarget.value)}
                  onKeyDown={onEditKey}
                  w={60}
                />
              ) : (
                <Group gap={4} wrap="nowrap">
                  <Text size="sm" fw={600} c={color} data-testid="gradebook-score">
                    {cell.flags.includes('excused') ? '—' : formatScore(cell.score)}
                  </Text>
                  <GradebookCellMarks flags={cell.flags} />
                </Group>
              )}
            </Table.Td>
          );
        })}
        <Table.Td data-testid="gradebook-final">
          {row.totals.finalPercent === null ? (
            '–'
          ) : (
            <Text size="sm" fw={700} c={`${gradeFromPercent(row.totals.finalPercent).color}.8`}>
              {formatScore(row.totals.finalPercent)}% {row.totals.letter}
              <VisuallyHidden> </VisuallyHidden>
            </Text>
          )}
        </Table.Td>
      </Table.Tr>
    </>
  );
}
