import { useMutation, useQueryClient } from '@tanstack/react-query';
import { courseCalendarSettings } from '@teamshuffle/domain';
import type { CourseCalendarSettings, CourseCalendarUpdate } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface UpdateCourseCalendarInput {
  workspaceId: string;
  changes: CourseCalendarUpdate;
}

/**
 * PATCH /api/workspaces/:id/calendar (owner; issue 26): the course calendar's fields given
 * change; answers the calendar as saved. 400 `validation_failed` names the field at fault.
 */
export async function updateCourseCalendar({
  workspaceId,
  changes,
}: UpdateCourseCalendarInput): Promise<CourseCalendarSettings> {
  const body = await apiFetch<unknown>(
    `/api/workspaces/${encodeURIComponent(workspaceId)}/calendar`,
    { method: 'PATCH', json: changes },
  );
  return courseCalendarSettings.parse(body);
}

/**
 * Settings, Course calendar. The workspace's dates and weeks follow the detail answer, so every
 * workspace key refreshes (the sections' dates are drawn in the new zone at once).
 */
export function useUpdateCourseCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCourseCalendar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all }),
  });
}
