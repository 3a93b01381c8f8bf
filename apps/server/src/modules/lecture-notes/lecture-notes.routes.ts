import {
  lectureNote,
  lectureNoteDuplicate,
  lectureNoteInput,
  lectureNotesSection,
  lectureNoteUpdate,
  safeParam,
  taskBulkEvaluationInput,
  taskEvaluationInput,
  TEXT_LIMITS,
  onBehalfQuery,
} from '@teamshuffle/domain';
import type { LectureNotesSection } from '@teamshuffle/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, noContent } from '../../plugins/errors.ts';
import { IDEMPOTENCY_ERRORS, idempotencyHeaders } from '../../plugins/idempotency.ts';
import { authorize } from '../workspace-access/workspace-access.ts';
import {
  answerOfSubmissionFile,
  insertAttachments,
  notesOfAttachmentFile,
} from './lecture-notes.repository.ts';
import {
  answerTarget,
  attachmentPolicy,
  changeNote,
  createNote,
  detachFile,
  editableNote,
  evaluateTaskAnswer,
  evaluateTaskAnswers,
  getNotesSection,
  NotesCache,
  presentNote,
  refuseClosedHandIn,
  recordAnswer,
  removeAnswer,
  removeNote,
  submissionPolicy,
  withdrawAnswer,
} from './lecture-notes.service.ts';
import { preparedJsonFor } from '../../plugins/prepared-json.ts';
import { duplicateNote } from './lecture-notes.duplicate.ts';

const id = safeParam(TEXT_LIMITS.id);
const noteParams = z.object({ id, noteId: id });
/** The owner hands in on a team's behalf (issue 25); others hand in for their own team. */
const SIGNED_IN = ['unauthenticated', 'email_not_verified'] as const;
const IN_WORKSPACE = [...SIGNED_IN, 'workspace_not_found', 'forbidden'] as const;
const UPLOAD_ERRORS = [
  'storage_limit_exceeded',
  'files_required',
  'unsupported_media_type',
  'file_content_mismatch',
  'file_empty',
] as const;

/**
 * Lecture notes (spec part 2): the section, the note modal's create and edit, publishing,
 * attachments, and team and individual task submissions. Every rule is checked here, whatever the
 * browser shows; files are served by the files module to those `registerReadAccess` allows.
 */
export const lectureNotesRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = { onRequest: app.requireVerifiedUser };
  // One per app instance; entries are checked against the version each request reads.
  const notesCache = new NotesCache();

  // Who may download what: an attachment, whoever may see its note (a draft: its author and
  // the owner); a submitted file, the owner and the members of the team it belongs to.
  // A file a note shares with its copies (Duplicate to next week) may be read through any of them.
  app.files.registerReadAccess('note_attachment', async (file, user) => {
    const notes = await notesOfAttachmentFile(app.db, file.id);
    const [first] = notes;
    if (!first) return false;
    const access = await authorize(app.db, user, first.workspaceId, 'read').catch(() => null);
    if (!access) return false;
    return notes.some(
      (note) =>
        note.workspaceId === first.workspaceId &&
        (note.isPublished || access.role === 'owner' || note.authorId === user.id),
    );
  });
  app.files.registerReadAccess('task_submission', async (file, user) => {
    const answer = await answerOfSubmissionFile(app.db, file.id);
    if (!answer) return false;
    const access = await authorize(app.db, user, answer.workspaceId, 'read').catch(() => null);
    return access !== null && (access.role === 'owner' || access.memberTeamId === answer.teamId);
  });

  app.get(
    '/api/workspaces/:id/notes',
    {
      // One query reads the session and the access facts (issue 22).
      preValidation: app.workspaceAccess('read', { withPreferences: true, readsSession: true }),
      schema: {
        tags: ['lecture notes'],
        summary: "The Lecture Notes section, in the caller's sort order",
        params: z.object({ id }),
        response: {
          200: lectureNotesSection,
          ...errorResponses('email_not_verified', 'workspace_not_found'),
        },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(
          await preparedJsonFor<LectureNotesSection>(
            request,
            reply,
            await getNotesSection(app.db, notesCache, request.workspaceAccess!, request.user),
          ),
        ),
  );

  app.post(
    '/api/workspaces/:id/notes',
    {
      ...signedIn,
      preValidation: app.workspaceAccess('createNote', { withPreferences: true }),
      config: { idempotent: true },
      schema: {
        tags: ['lecture notes'],
        summary: 'Create Lecture Note (owner, or a member who is not a viewer): a draft',
        params: z.object({ id }),
        headers: idempotencyHeaders,
        body: lectureNoteInput,
        response: { 201: lectureNote, ...errorResponses(...IN_WORKSPACE, ...IDEMPOTENCY_ERRORS) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createNote(app.db, request.workspaceAccess!, request.user!, request.body)),
  );

  app.post(
    '/api/workspaces/:id/notes/:noteId/duplicate',
    {
      ...signedIn,
      preValidation: app.workspaceAccess('read', { withPreferences: true }),
      config: { idempotent: true },
      schema: {
        tags: ['lecture notes'],
        summary:
          'Duplicate to next week (owner or author): a draft with the text and task, a week later, without submissions or attachments',
        params: noteParams,
        headers: idempotencyHeaders,
        response: {
          201: lectureNoteDuplicate,
          ...errorResponses(...IN_WORKSPACE, ...IDEMPOTENCY_ERRORS, 'lecture_note_not_found'),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await duplicateNote(
            app.db,
            request.workspaceAccess!,
            request.user!,
            request.params.noteId,
          ),
        ),
  );

  app.patch(
    '/api/workspaces/:id/notes/:noteId',
    {
      ...signedIn,
      preValidation: app.workspaceAccess('read', { withPreferences: true }),
      schema: {
        tags: ['lecture notes'],
        summary: 'Edit, Publish or Unpublish a note (owner or its author)',
        params: noteParams,
        body: lectureNoteUpdate,
        response: {
          200: lectureNote,
          ...errorResponses(...IN_WORKSPACE, 'lecture_note_not_found', 'task_type_locked'),
        },
      },
    },
    async (request) => {
      // A task published tells every member but the one who published it, in the same
      // transaction (issues 13, 23).
      const { view } = await changeNote(
        app.db,
        request.workspaceAccess!,
        request.user!,
        request.params.noteId,
        request.body,
      );
      return view;
    },
  );

  app.delete(
    '/api/workspaces/:id/notes/:noteId',
    {
      ...signedIn,
      preValidation: app.workspaceAccess('read'),
      schema: {
        tags: ['lecture notes'],
        summary: 'Delete a note with its attachments, submissions and files (owner or author)',
        params: noteParams,
        response: { 204: noContent, ...errorResponses(...IN_WORKSPACE, 'lecture_note_not_found') },
      },
    },
    async (request, reply) => {
      await removeNote(app.db, request.workspaceAccess!, request.user!, request.params.noteId);
      void app.files.drain();
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/workspaces/:id/notes/:noteId/attachments',
    {
      ...signedIn,
      preValidation: app.workspaceAccess('read', { withPreferences: true }),
      config: { bodyTimeout: 'upload', idempotent: true },
      schema: {
        tags: ['lecture notes'],
        summary: 'Attach files to a note (multipart/form-data, field "files"; owner or author)',
        params: noteParams,
        headers: idempotencyHeaders,
        response: {
          201: lectureNote,
          ...errorResponses(
            ...IN_WORKSPACE,
            ...IDEMPOTENCY_ERRORS,
            ...UPLOAD_ERRORS,
            'lecture_note_not_found',
            'file_too_large',
            'file_type_not_allowed',
          ),
        },
      },
    },
    async (request, reply) => {
      const access = request.workspaceAccess!;
      const user = request.user!;
      const note = await editableNote(app.db, access, user, request.params.noteId);
      await app.files.store(request, reply, attachmentPolicy(note, user), (tx, rows) =>
        insertAttachments(
          tx,
          note.id,
          rows.map((row) => row.id),
        ),
      );
      return reply.status(201).send(await presentNote(app.db, access, user, note.id));
    },
  );

  app.delete(
    '/api/workspaces/:id/notes/:noteId/attachments/:attachmentId',
    {
      ...signedIn,
      preValidation: app.workspaceAccess('read', { withPreferences: true }),
      schema: {
        tags: ['lecture notes'],
        summary: 'Remove an attachment and its file (owner or author)',
        params: noteParams.extend({ attachmentId: id }),
        response: {
          200: lectureNote,
          ...errorResponses(...IN_WORKSPACE, 'lecture_note_not_found', 'file_not_found'),
        },
      },
    },
    async (request) => {
      const note = await detachFile(
        app.db,
        request.workspaceAccess!,
        request.user!,
        request.params.noteId,
        request.params.attachmentId,
      );
      void app.files.drain();
      return note;
    },
  );

  app.post(
    '/api/workspaces/:id/notes/:noteId/submissions',
    {
      ...signedIn,
      preValidation: app.workspaceAccess('read', { withPreferences: true }),
      config: { bodyTimeout: 'upload', idempotent: true },
      schema: {
        tags: ['lecture notes'],
        summary:
          "Submit or resubmit an answer to a note's task (multipart: files and a description): the team's leader, or each member for an individual task; or the owner on a team's behalf (`onBehalfOf`, team tasks), recorded as handed in by the owner. A task that closes at its deadline refuses a hand-in after the team's (member's) deadline plus the grace period (409 hand_in_closed), but the owner's",
        params: noteParams,
        querystring: onBehalfQuery,
        headers: idempotencyHeaders,
        response: {
          201: lectureNote,
          ...errorResponses(
            ...IN_WORKSPACE,
            ...IDEMPOTENCY_ERRORS,
            ...UPLOAD_ERRORS,
            'lecture_note_not_found',
            'note_has_no_task',
            'note_not_published',
            'team_leader_only',
            'not_team_member',
            'hand_in_closed',
            'files_exceed_max_size',
            'files_invalid_types',
            'validation_failed',
          ),
        },
      },
    },
    async (request, reply) => {
      const access = request.workspaceAccess!;
      const user = request.user!;
      const { note, owner, byOwner } = await answerTarget(
        app.db,
        access,
        user,
        request.params.noteId,
        request.query.onBehalfOf,
      );
      await refuseClosedHandIn(app.db, note, owner, access, byOwner);
      await app.files.store(
        request,
        reply,
        submissionPolicy(note, user, owner),
        (tx, rows, fields) =>
          recordAnswer(tx, {
            note,
            owner,
            user,
            byOwner,
            description: fields.description,
            files: rows.map((row) => ({ id: row.id, name: row.originalName, size: row.size })),
          }),
      );
      // The replaced attempt's bytes are queued for removal by the same transaction, which also
      // told the owner (issue 23).
      void app.files.drain();
      return reply.status(201).send(await presentNote(app.db, access, user, note.id));
    },
  );

  app.delete(
    '/api/workspaces/:id/notes/:noteId/submissions/mine',
    {
      ...signedIn,
      preValidation: app.workspaceAccess('read'),
      schema: {
        tags: ['lecture notes'],
        summary:
          "Delete the caller's current answer and its files (a team's leader, or a member their own); refused once graded (409 submission_graded). It stays in the history as deleted",
        params: noteParams,
        response: {
          204: noContent,
          ...errorResponses(
            ...IN_WORKSPACE,
            'lecture_note_not_found',
            'note_has_no_task',
            'note_not_published',
            'team_leader_only',
            'not_team_member',
            'submission_not_found',
            'submission_graded',
          ),
        },
      },
    },
    async (request, reply) => {
      await withdrawAnswer(app.db, request.workspaceAccess!, request.user!, request.params.noteId);
      void app.files.drain();
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/workspaces/:id/notes/:noteId/submissions/:submissionId',
    {
      ...signedIn,
      preValidation: app.workspaceAccess('manageAssignments'),
      schema: {
        tags: ['lecture notes'],
        summary:
          "Delete any team's or member's attempt with its files and grade (owner). It stays in the history as deleted",
        params: z.object({ id, noteId: id, submissionId: id }),
        response: {
          204: noContent,
          ...errorResponses(...IN_WORKSPACE, 'lecture_note_not_found', 'submission_not_found'),
        },
      },
    },
    async (request, reply) => {
      await removeAnswer(
        app.db,
        request.workspaceAccess!,
        request.user!,
        request.params.noteId,
        request.params.submissionId,
      );
      void app.files.drain();
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/workspaces/:id/notes/:noteId/evaluations',
    {
      ...signedIn,
      preValidation: app.workspaceAccess('manageAssignments', { withPreferences: true }),
      config: { idempotent: true },
      schema: {
        tags: ['lecture notes'],
        summary:
          "Evaluate an answer to a note's task (owner): a team's (`teamId`) or, for an individual task, a member's (`userId`)",
        params: noteParams,
        headers: idempotencyHeaders,
        body: taskEvaluationInput,
        response: {
          200: lectureNote,
          ...errorResponses(
            ...IN_WORKSPACE,
            ...IDEMPOTENCY_ERRORS,
            'lecture_note_not_found',
            'team_assignment_not_found',
            'submission_not_found',
            'member_submission_not_found',
          ),
        },
      },
    },
    async (request) =>
      evaluateTaskAnswer(
        app.db,
        request.workspaceAccess!,
        request.user!,
        request.params.noteId,
        request.body,
      ),
  );

  app.post(
    '/api/workspaces/:id/notes/:noteId/evaluations/bulk',
    {
      ...signedIn,
      preValidation: app.workspaceAccess('manageAssignments', { withPreferences: true }),
      config: { idempotent: true },
      schema: {
        tags: ['lecture notes'],
        summary:
          "Bulk grading of a note's task (owner; issue 25): per team, or per member for an individual task, all or nothing; a score out of 0..max is its row's error",
        params: noteParams,
        headers: idempotencyHeaders,
        body: taskBulkEvaluationInput,
        response: {
          200: lectureNote,
          ...errorResponses(
            ...IN_WORKSPACE,
            ...IDEMPOTENCY_ERRORS,
            'lecture_note_not_found',
            'team_assignment_not_found',
            'bulk_evaluation_failed',
          ),
        },
      },
    },
    async (request) =>
      evaluateTaskAnswers(
        app.db,
        request.workspaceAccess!,
        request.user!,
        request.params.noteId,
        request.body,
      ),
  );
};
