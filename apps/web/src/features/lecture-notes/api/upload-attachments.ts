import { useQueryClient } from '@tanstack/react-query';
import { ATTACHMENT_ALLOWED_TYPES, MAX_FILE_SIZE_MB_MAX, lectureNote } from '@teamshuffle/domain';
import type { LectureNote } from '@teamshuffle/domain';
import { useFileUpload } from '../../../components/file-upload';
import { applyNote } from './note-cache';
import { notePath } from './paths';

/** Most files one attachment upload may list (the route takes up to 10 per request). */
const ATTACHMENT_MAX_FILES = 10;

/**
 * POST /api/workspaces/:id/notes/:noteId/attachments (multipart `files`; owner or author): each
 * chosen file goes at once in its own request, with progress, cancel and 3 tries. The picker
 * accepts the spec's types (part 2, section 5); the route takes files up to 100 MB.
 */
export function useAttachmentUpload(workspaceId: string, noteId: string) {
  const queryClient = useQueryClient();
  return useFileUpload<LectureNote>({
    path: `${notePath(workspaceId, noteId)}/attachments`,
    mode: 'each',
    maxFiles: ATTACHMENT_MAX_FILES,
    allowedTypes: ATTACHMENT_ALLOWED_TYPES,
    maxFileSizeMb: MAX_FILE_SIZE_MB_MAX,
    parse: (body) => lectureNote.parse(body),
    onUploaded: (note) => void applyNote(queryClient, workspaceId, note),
  });
}
