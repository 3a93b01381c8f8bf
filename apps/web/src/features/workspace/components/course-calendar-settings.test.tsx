// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { notifyManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { i18n } from '../../../lib/i18n';
import { WorkspaceCalendarProvider } from '../../../lib/dates/workspace-calendar';
import { notify } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { buildWorkspaceDetail } from '../utils/workspace-fixture';
import { CourseCalendarSettings } from './course-calendar-settings';
import { WorkspaceHeaderSection } from './workspace-header';

// Settings, Course calendar (issue 26, decision 0029): the semester start, the time zone and the
// reminder lead time, checked before sending as the server checks them, only what changed sent,
// the server's refusal next to the field it names; and the workspace's dates in English in the
// English interface.

function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    // env="test": no transitions or portals, so the time zone list opens at once.
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}

const detail = buildWorkspaceDetail({
  timeZone: 'Asia/Seoul',
  semesterStart: '2026-09-07',
  reminderHoursBefore: 24,
});
// Thursday 26 November 2026 in Seoul: week 12 of a semester that began on 7 September.
const NOW = Date.parse('2026-11-26T02:56:00Z');

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  stubMatchMedia();
  // jsdom has no ResizeObserver, which Mantine's Select (its scroll area) uses.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // TanStack Query's default scheduler (a test below passes updates on at once).
  notifyManager.setScheduler((callback) => setTimeout(callback, 0));
  await i18n.changeLanguage('en');
});

function open() {
  render(<CourseCalendarSettings detail={detail} now={NOW} />, { wrapper: Providers });
}

function answer(status: number, body: unknown) {
  fetchMock.mockResolvedValue(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
}

describe('Settings, Course calendar', () => {
  it("shows the workspace's calendar and today's week in it", () => {
    open();
    const start = screen.getByLabelText<HTMLInputElement>('First day of the semester');
    expect(start.value).toBe('2026-09-07');
    expect(screen.getByText(/Today is in week 12\./)).toBeTruthy();
    expect(
      screen.getByLabelText<HTMLInputElement>('Reminder before a deadline (hours)').value,
    ).toBe('24');
    fireEvent.change(start, { target: { value: '2027-03-02' } });
    expect(screen.getByText(/Today falls outside weeks 1-20 of this semester\./)).toBeTruthy();
  });

  it('refuses hours outside 0-168 and an empty date next to their fields, without sending', async () => {
    open();
    fireEvent.change(screen.getByLabelText('Reminder before a deadline (hours)'), {
      target: { value: '200' },
    });
    fireEvent.change(screen.getByLabelText('First day of the semester'), {
      target: { value: '' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save calendar' }));
    await waitFor(() => expect(screen.getByText('Enter whole hours from 0 to 168')).toBeTruthy());
    expect(screen.getByText('Enter a date as YYYY-MM-DD')).toBeTruthy();
    // Not quietly made 168.
    expect(
      screen.getByLabelText<HTMLInputElement>('Reminder before a deadline (hours)').value,
    ).toBe('200');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends only what changed and says it saved', async () => {
    answer(200, { timeZone: 'Asia/Seoul', semesterStart: '2026-09-14', reminderHoursBefore: 0 });
    open();
    fireEvent.change(screen.getByLabelText('First day of the semester'), {
      target: { value: '2026-09-14' },
    });
    fireEvent.change(screen.getByLabelText('Reminder before a deadline (hours)'), {
      target: { value: '0' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save calendar' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/workspaces/w1/calendar');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(init.body as string)).toEqual({
      semesterStart: '2026-09-14',
      reminderHoursBefore: 0,
    });
  });

  it('says it saved also when the refreshed workspace replaces the form (keyed as in Settings)', async () => {
    // The Settings modal keys the form by the saved calendar: the detail refetched after the save
    // mounts a new form, and the old one's mutate callbacks would never run.
    const saved = vi.spyOn(notify, 'success');
    // The refetched detail reaches React at once, as it can in a browser (TanStack Query's
    // default passes it on a timer, after the save's callbacks).
    notifyManager.setScheduler((callback) => callback());
    // The detail as the server has it: saved once the PATCH went out.
    const current = () =>
      fetchMock.mock.calls.length > 0 ? { ...detail, semesterStart: '2026-09-14' } : detail;
    function KeyedAsInSettings() {
      const { data } = useQuery({
        queryKey: [...queryKeys.workspaces.all, 'under-test'],
        queryFn: current,
      });
      if (!data) return null;
      return (
        <CourseCalendarSettings
          key={`${data.semesterStart}|${data.timeZone}|${data.reminderHoursBefore}`}
          detail={data}
          now={NOW}
        />
      );
    }
    answer(200, { timeZone: 'Asia/Seoul', semesterStart: '2026-09-14', reminderHoursBefore: 24 });
    render(<KeyedAsInSettings />, { wrapper: Providers });
    fireEvent.change(await screen.findByLabelText('First day of the semester'), {
      target: { value: '2026-09-14' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save calendar' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith('Course calendar saved'));
    // The new form shows the saved start.
    expect(screen.getByLabelText<HTMLInputElement>('First day of the semester').value).toBe(
      '2026-09-14',
    );
  });

  it('chooses a time zone from the list', async () => {
    answer(200, {
      timeZone: 'Europe/Berlin',
      semesterStart: '2026-09-07',
      reminderHoursBefore: 24,
    });
    open();
    const zone = screen.getByPlaceholderText('Search a time zone');
    fireEvent.click(zone);
    // Every zone the browser knows is offered.
    expect(screen.getAllByRole('option').length).toBeGreaterThan(10);
    // A name typed whole (or filled in by the browser) picks its zone.
    fireEvent.change(zone, { target: { value: 'Europe/Berlin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save calendar' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ timeZone: 'Europe/Berlin' });
  });

  it("shows the server's refusal next to the field it names", async () => {
    answer(400, {
      error: 'validation_failed',
      message: 'semesterStart: Enter a date as YYYY-MM-DD',
      field: 'semesterStart',
    });
    open();
    fireEvent.change(screen.getByLabelText('First day of the semester'), {
      target: { value: '2026-09-14' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save calendar' }));
    await waitFor(() =>
      expect(screen.getByText('semesterStart: Enter a date as YYYY-MM-DD')).toBeTruthy(),
    );
  });

  it('speaks Korean in the Korean interface', async () => {
    await i18n.changeLanguage('ko');
    open();
    expect(screen.getByText('학기 일정')).toBeTruthy();
    expect(screen.getByText(/오늘은 12주차입니다\./)).toBeTruthy();
  });
});

describe("the workspace's dates in the interface language (issue 26)", () => {
  function header(timeZone: string) {
    const shown = { ...detail, createdAt: '2026-09-01T02:00:00.000Z', timeZone };
    render(
      <WorkspaceCalendarProvider calendar={{ timeZone, semesterStart: shown.semesterStart }}>
        <WorkspaceHeaderSection detail={shown} />
      </WorkspaceCalendarProvider>,
      { wrapper: Providers },
    );
  }

  it('writes English dates in English, in the workspace zone, and names the zone', async () => {
    header('America/New_York');
    // 02:00 UTC on 1 September is still 31 August in New York.
    expect(screen.getByText('Created Aug 31, 2026')).toBeTruthy();
    expect(screen.queryByText(/2026\. 8\. 31\./)).toBeNull();
    const viewer = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (viewer !== 'America/New_York')
      expect(screen.getByTestId('workspace-zone').textContent).toMatch(
        /^Times in America\/New_York \((EDT|EST|GMT-4|GMT-5)\)$/,
      );
    cleanup();
    await i18n.changeLanguage('ko');
    header('Asia/Seoul');
    expect(screen.getByText('생성일 2026. 9. 1.')).toBeTruthy();
  });
});
