// @vitest-environment jsdom
import { Button, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_LATE_RULE, assignmentForm, handInState, type LateRule } from '@teamshuffle/domain';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { useSchemaForm } from '../../lib/form/use-schema-form';
import { stubMatchMedia } from '../../lib/testing/match-media';
import { ExtendDeadline } from './extend-deadline';
import { LateNotice } from './late-notice';
import { LateRuleFields, useLateRuleSummary } from './late-rule-fields';
import { dateFormat } from '../../lib/dates/use-format-date';

// Late rules in the web (issue 26, decision 0030): the "Late work" fields with the domain
// schema's checks in both languages, the notice before a late or closed hand-in, and the owner's
// "Extend deadline".

function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MantineProvider>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

function AssignmentLateForm({ onValid }: { onValid: (rule: Partial<LateRule>) => void }) {
  const form = useSchemaForm(assignmentForm, {
    initialValues: {
      title: 'Essay',
      description: '',
      startAt: null,
      endAt: null,
      maxFileSizeMb: 5,
      allowedTypes: ['pdf'],
      ...DEFAULT_LATE_RULE,
    },
  });
  return (
    <form onSubmit={form.onSubmit((values) => onValid(values))} noValidate>
      <LateRuleFields
        testId="assignment"
        values={form.values}
        onChange={(patch) => form.setValues(patch)}
        errors={{
          latePenaltyPercentPerDay: form.errors['latePenaltyPercentPerDay'],
          latePenaltyFloorPercent: form.errors['latePenaltyFloorPercent'],
          graceMinutes: form.errors['graceMinutes'],
        }}
      />
      <Button type="submit">Save</Button>
    </form>
  );
}

beforeEach(() => {
  stubMatchMedia();
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('the "Late work" fields', () => {
  it("default to accept and flag; a penalty needs its percent, in the domain schema's words", async () => {
    let saved: Partial<LateRule> | null = null;
    render(
      <Providers>
        <AssignmentLateForm onValid={(rule) => (saved = rule)} />
      </Providers>,
    );
    const group = screen.getByRole('radiogroup', { name: /Late work/ });
    expect(group).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Accept and flag/ }).checked).toBe(
      true,
    );
    expect(screen.queryByLabelText(/Percent off per day late/)).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: /Accept with a penalty/ }));
    expect(screen.getByLabelText(/Percent off per day late/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByText('Enter the percent taken off per day late')).toBeTruthy(),
    );
    expect(saved).toBeNull();

    fireEvent.change(screen.getByLabelText(/Percent off per day late/), {
      target: { value: '10' },
    });
    fireEvent.change(screen.getByLabelText(/Grace period/), { target: { value: '2000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByText('Enter whole minutes from 0 to 1440')).toBeTruthy(),
    );
    fireEvent.change(screen.getByLabelText(/Grace period/), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).not.toBeNull());
    expect(saved).toMatchObject({
      latePolicy: 'penalty',
      latePenaltyPercentPerDay: 10,
      latePenaltyFloorPercent: null,
      graceMinutes: 15,
    });
  });

  it('are worded in Korean', async () => {
    await i18n.changeLanguage('ko');
    render(
      <Providers>
        <AssignmentLateForm onValid={() => {}} />
      </Providers>,
    );
    expect(screen.getByRole('radiogroup', { name: /지각 제출/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /감점하고 받기/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByText('지각 하루당 감점 비율을 입력하세요')).toBeTruthy(),
    );
  });
});

describe('the notice before a late hand-in', () => {
  const DEADLINE = '2026-11-20T14:59:00.000Z';
  const after = (hours: number) => new Date(Date.parse(DEADLINE) + hours * 3_600_000);
  const late = (date: string) => `Late after ${date}`;
  const show = (rule: LateRule, at: Date, isOwner = false) =>
    render(
      <Providers>
        <LateNotice
          state={handInState({ rule, deadline: DEADLINE, at })}
          rule={rule}
          lateText={late}
          isOwner={isOwner}
        />
      </Providers>,
    );

  it('says nothing on time, late when late, the penalty so far, or closed', () => {
    show(DEFAULT_LATE_RULE, after(-1));
    expect(screen.queryByTestId('late-warning')).toBeNull();
    cleanup();
    show(DEFAULT_LATE_RULE, after(1));
    expect(screen.getByTestId('late-warning').textContent).toBe(
      late(dateFormat('en', null).deadline(DEADLINE)),
    );
    cleanup();
    const penalty: LateRule = {
      ...DEFAULT_LATE_RULE,
      latePolicy: 'penalty',
      latePenaltyPercentPerDay: 10,
    };
    show(penalty, after(30));
    expect(screen.getByTestId('late-warning').textContent).toBe(
      `The deadline (${dateFormat('en', null).deadline(DEADLINE)}) has passed: your work will be marked late and lose 10% of its grade per day late (20% now).`,
    );
    cleanup();
    const close: LateRule = { ...DEFAULT_LATE_RULE, latePolicy: 'close', graceMinutes: 30 };
    show(close, after(0.25));
    expect(screen.queryByTestId('closed-notice')).toBeNull();
    show(close, after(1));
    expect(screen.getByTestId('closed-notice').textContent).toBe(
      `The deadline (${dateFormat('en', null).deadline(DEADLINE)}) has passed: this task is closed to hand-ins.`,
    );
    cleanup();
    // The owner's hand-in on a team's behalf is still taken: marked late.
    show(close, after(1), true);
    expect(screen.queryByTestId('closed-notice')).toBeNull();
    expect(screen.getByTestId('late-warning')).toBeTruthy();
  });
});

describe('Extend deadline', () => {
  const target = {
    workspaceId: 'w1',
    item: { kind: 'assignment' as const, id: 'a1' },
    holder: { kind: 'team' as const, id: 't1' },
  };

  it("offers the owner a team's extension and says the team's new deadline", async () => {
    render(
      <Providers>
        <ExtendDeadline
          target={target}
          deadline="2026-11-20T14:59:00.000Z"
          extendedTo={null}
          holder={{ teamNumber: 2 }}
        />
      </Providers>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Extend deadline' }));
    expect(
      await screen.findByRole('dialog', { name: 'Extend the deadline for Team 2' }),
    ).toBeTruthy();
    expect(screen.getByLabelText('New deadline')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove extension' })).toBeNull();
    cleanup();
    render(
      <Providers>
        <ExtendDeadline
          target={target}
          deadline="2026-11-20T14:59:00.000Z"
          extendedTo="2026-11-22T14:59:00.000Z"
          holder={{ teamNumber: 2 }}
        />
      </Providers>,
    );
    expect(screen.getByTestId('extended-to').textContent).toBe(
      `Extended to ${dateFormat('en', null).deadline('2026-11-22T14:59:00.000Z')}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Change extension' }));
    expect(await screen.findByRole('button', { name: 'Remove extension' })).toBeTruthy();
  });

  it('is not offered for an item without a deadline', () => {
    render(
      <Providers>
        <ExtendDeadline
          target={target}
          deadline={null}
          extendedTo={null}
          holder={{ teamNumber: 1 }}
        />
      </Providers>,
    );
    expect(screen.queryByRole('button', { name: 'Extend deadline' })).toBeNull();
  });
});

function Summary({ rule }: { rule: LateRule }) {
  return <p data-testid="summary">{useLateRuleSummary()(rule)}</p>;
}

describe('the late rule in one line (cards and panels)', () => {
  it('names the policy, the penalty with its floor, and the grace period', async () => {
    const text = (rule: Partial<LateRule>) => {
      render(
        <Providers>
          <Summary rule={{ ...DEFAULT_LATE_RULE, ...rule }} />
        </Providers>,
      );
      const shown = screen.getByTestId('summary').textContent;
      cleanup();
      return shown;
    };
    expect(text({})).toBe('Late work is accepted and marked late.');
    expect(text({ latePolicy: 'close', graceMinutes: 10 })).toBe(
      'Closes at the deadline. Grace period: 10 min.',
    );
    expect(
      text({ latePolicy: 'penalty', latePenaltyPercentPerDay: 5, latePenaltyFloorPercent: 50 }),
    ).toBe('Late work loses 5% per day late, down to 50% of the grade.');
    await i18n.changeLanguage('ko');
    expect(text({ latePolicy: 'close' })).toBe('마감 시 제출을 닫습니다.');
  });
});
