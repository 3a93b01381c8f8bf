import type { CourseCalendar } from '@teamshuffle/domain';
import { createContext, useContext, type ReactNode } from 'react';

// Inside a workspace, every date is shown in the workspace's time zone and weeks count from its
// semester start (issue 26, decision 0029). The workspace page provides its calendar here; a
// page outside any workspace has none, and dates there are shown in the viewer's own zone.

const WorkspaceCalendarContext = createContext<CourseCalendar | null>(null);

/** Makes a workspace's calendar the one its sections' dates and weeks follow. */
export function WorkspaceCalendarProvider({
  calendar,
  children,
}: {
  calendar: CourseCalendar | null;
  children: ReactNode;
}) {
  return (
    <WorkspaceCalendarContext.Provider value={calendar}>
      {children}
    </WorkspaceCalendarContext.Provider>
  );
}

/** The calendar of the workspace being shown, or null outside a workspace. */
export function useWorkspaceCalendar(): CourseCalendar | null {
  return useContext(WorkspaceCalendarContext);
}
