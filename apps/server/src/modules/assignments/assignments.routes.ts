import {
  assignmentInput,
  assignmentsSection,
  assignmentUpdate,
  assignmentView,
  bulkEvaluationInput,
  evaluationInput,
  safeParam,
  teamScores,
  TEXT_LIMITS,
  onBehalfQuery,
} from '@teamshuffle/domain';
import type { AssignmentsSection, TeamScores } from '@teamshuffle/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, noContent } from '../../plugins/errors.ts';
import { IDEMPOTENCY_ERRORS, idempotencyHeaders } from '../../plugins/idempotency.ts';
import { contentDisposition, sendCsvDownload } from '../files/file-download.ts';
import { authorize } from '../workspace-access/workspace-access.ts';
import { gradebookCacheFor } from '../gradebook/gradebook.cache.ts';
import { gradebookCsv, gradebookOf } from '../gradebook/gradebook.service.ts';
import { submissionsZip, zipName } from './assignments.export.ts';
import { loadExportRows, teamWorkOfFile } from './assignments.repository.ts';
import {
  assignmentOf,
  changeAssignment,
  createAssignment,
  evaluateTeam,
  evaluateTeams,
  getAssignmentsSection,
  AssignmentsCache,
  presentAssignment,
  recordAttempt,
  removeAssignment,
  removeAttempt,
  submissionPolicy,
  submissionTarget,
} from './assignments.service.ts';
import { preparedJsonFor } from '../../plugins/prepared-json.ts';

const id = safeParam(TEXT_LIMITS.id);
const workspaceParams = z.object({ id });
const assignmentParams = z.object({ id, assignmentId: id });
const SIGNED_IN = ['unauthenticated', 'email_not_verified'] as const;
const IN_WORKSPACE = [...SIGNED_IN, 'workspace_not_found', 'forbidden'] as const;
const OWNER_ON_ASSIGNMENT = [...IN_WORKSPACE, 'assignment_not_found'] as const;
/** The owner hands in on a team's behalf (issue 25); others hand in for their own team. */

/**
 * Assignments, grading and team scores (spec part 2; issue 12): the section, create and edit
 * (owner), submissions by a team's leader within the window, evaluation one by one or in bulk,
 * Team Scores, and the exports (a streamed ZIP of the latest work, a grade sheet).
 */
export const assignmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = { onRequest: app.requireVerifiedUser };
  // One per app instance; entries are checked against the version each request reads.
  const assignmentsCache = new AssignmentsCache();
  const owner = { ...signedIn, preValidation: app.workspaceAccess('manageAssignments') };

  // Downloads of assignment submissions: the owner, and every member of the team it was handed
  // in under, in whatever role (issue 25; the spec had the leader only, so a member got 404 for
  // what their own leader handed in). Membership is the roster's now: a moved member reads their
  // new team's work from the move on, not the old team's (decision 0019).
  app.files.registerReadAccess('assignment_submission', async (file, user) => {
    const work = await teamWorkOfFile(app.db, file.id);
    if (!work) return false;
    const access = await authorize(app.db, user, work.workspaceId, 'read').catch(() => null);
    if (!access) return false;
    return access.role === 'owner' || access.memberTeamId === work.teamId;
  });

  app.get(
    '/api/workspaces/:id/assignments',
    {
      // One query reads the session and the access facts (issue 22).
      preValidation: app.workspaceAccess('read', { readsSession: true }),
      schema: {
        tags: ['assignments'],
        summary: 'The Assignments section, newest first',
        params: workspaceParams,
        response: {
          200: assignmentsSection,
          ...errorResponses('email_not_verified', 'workspace_not_found'),
        },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(
          await preparedJsonFor<AssignmentsSection>(
            request,
            reply,
            await getAssignmentsSection(
              app.db,
              assignmentsCache,
              request.workspaceAccess!,
              request.user,
            ),
          ),
        ),
  );

  app.post(
    '/api/workspaces/:id/assignments',
    {
      ...owner,
      config: { idempotent: true },
      schema: {
        tags: ['assignments'],
        summary: "Create Assignment (owner; every team's leader needs an e-mail first)",
        params: workspaceParams,
        headers: idempotencyHeaders,
        body: assignmentInput,
        response: {
          201: assignmentView,
          ...errorResponses(...IN_WORKSPACE, ...IDEMPOTENCY_ERRORS, 'leader_emails_missing'),
        },
      },
    },
    async (request, reply) => {
      // spec part 2, section 7: every member of the workspace but its creator is told (the
      // service enqueues it in the assignment's transaction, issue 23).
      const created = await createAssignment(
        app.db,
        request.workspaceAccess!,
        request.user!,
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/api/workspaces/:id/assignments/:assignmentId',
    {
      ...owner,
      schema: {
        tags: ['assignments'],
        summary: 'Edit an assignment (owner)',
        params: assignmentParams,
        body: assignmentUpdate,
        response: { 200: assignmentView, ...errorResponses(...OWNER_ON_ASSIGNMENT) },
      },
    },
    async (request) =>
      changeAssignment(
        app.db,
        request.workspaceAccess!,
        request.user!,
        request.params.assignmentId,
        request.body,
      ),
  );

  app.delete(
    '/api/workspaces/:id/assignments/:assignmentId',
    {
      ...owner,
      schema: {
        tags: ['assignments'],
        summary: 'Delete an assignment with every submitted file (owner)',
        params: assignmentParams,
        response: { 204: noContent, ...errorResponses(...OWNER_ON_ASSIGNMENT) },
      },
    },
    async (request, reply) => {
      await removeAssignment(app.db, request.workspaceAccess!, request.params.assignmentId);
      void app.files.drain();
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/workspaces/:id/assignments/:assignmentId/submissions/:submissionId',
    {
      ...signedIn,
      preValidation: app.workspaceAccess('read'),
      schema: {
        tags: ['assignments'],
        summary:
          "Delete an attempt with its files: the owner any (its grade goes too), a team's leader their team's ungraded ones (409 submission_graded once graded). It stays in the history as deleted",
        params: z.object({ id, assignmentId: id, submissionId: id }),
        response: {
          204: noContent,
          ...errorResponses(
            ...OWNER_ON_ASSIGNMENT,
            'submission_not_found',
            'submission_graded',
            'leader_only_submission',
          ),
        },
      },
    },
    async (request, reply) => {
      await removeAttempt(
        app.db,
        request.workspaceAccess!,
        request.user!,
        request.params.assignmentId,
        request.params.submissionId,
      );
      void app.files.drain();
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/workspaces/:id/assignments/:assignmentId/submissions',
    {
      ...signedIn,
      preValidation: app.workspaceAccess('read'),
      config: { bodyTimeout: 'upload', idempotent: true },
      schema: {
        tags: ['assignments'],
        summary:
          "Submit the team's work (multipart: files and notes): the team's leader, within the window (late after the team's end plus the grace period; refused, 409 hand_in_closed, when the assignment closes at its deadline); or the owner on a team's behalf (`onBehalfOf`), recorded as handed in by the owner",
        params: assignmentParams,
        querystring: onBehalfQuery,
        headers: idempotencyHeaders,
        response: {
          201: assignmentView,
          ...errorResponses(
            ...IN_WORKSPACE,
            ...IDEMPOTENCY_ERRORS,
            'assignment_not_found',
            'leader_only_submission',
            'team_not_found',
            'assignment_not_open',
            'hand_in_closed',
            'storage_limit_exceeded',
            'files_required',
            'file_too_large',
            'file_type_not_allowed',
            'file_content_mismatch',
            'file_empty',
            'unsupported_media_type',
          ),
        },
      },
    },
    async (request, reply) => {
      const access = request.workspaceAccess!;
      const user = request.user!;
      const row = await assignmentOf(app.db, access, request.params.assignmentId);
      const target = await submissionTarget(app.db, row, access, request.query.onBehalfOf);
      await app.files.store(
        request,
        reply,
        submissionPolicy(row, user, target.teamId),
        (tx, rows, fields) =>
          recordAttempt(tx, {
            row,
            teamId: target.teamId,
            isLate: target.isLate,
            byOwner: target.byOwner,
            user,
            notes: fields.notes,
            files: rows.map((file) => ({ id: file.id, name: file.originalName, size: file.size })),
          }),
      );
      return reply.status(201).send(await presentAssignment(app.db, access, user, row.id));
    },
  );

  app.post(
    '/api/workspaces/:id/assignments/:assignmentId/evaluations',
    {
      ...owner,
      config: { idempotent: true },
      schema: {
        tags: ['assignments'],
        summary:
          'Evaluate one team (owner): its latest attempt, or "no submission" when it has none',
        params: assignmentParams,
        headers: idempotencyHeaders,
        body: evaluationInput,
        response: {
          200: assignmentView,
          ...errorResponses(
            ...OWNER_ON_ASSIGNMENT,
            ...IDEMPOTENCY_ERRORS,
            'team_not_found',
            'score_out_of_range',
          ),
        },
      },
    },
    async (request) =>
      evaluateTeam(
        app.db,
        request.workspaceAccess!,
        request.user!,
        request.params.assignmentId,
        request.body,
      ),
  );

  app.post(
    '/api/workspaces/:id/assignments/:assignmentId/evaluations/bulk',
    {
      ...owner,
      config: { idempotent: true },
      schema: {
        tags: ['assignments'],
        summary: 'Bulk evaluation (owner): every team in one transaction, all or nothing',
        params: assignmentParams,
        headers: idempotencyHeaders,
        body: bulkEvaluationInput,
        response: {
          200: assignmentView,
          ...errorResponses(
            ...OWNER_ON_ASSIGNMENT,
            ...IDEMPOTENCY_ERRORS,
            'bulk_evaluation_failed',
          ),
        },
      },
    },
    async (request) =>
      evaluateTeams(
        app.db,
        request.workspaceAccess!,
        request.user!,
        request.params.assignmentId,
        request.body,
      ),
  );

  app.get(
    '/api/workspaces/:id/assignments/:assignmentId/export.zip',
    {
      ...owner,
      compress: false,
      schema: {
        tags: ['assignments'],
        summary: 'Download all (owner): the latest work of every team and a manifest, as a ZIP',
        params: assignmentParams,
        response: {
          200: z.any().describe('application/zip'),
          ...errorResponses(...OWNER_ON_ASSIGNMENT),
        },
      },
    },
    async (request, reply) => {
      const access = request.workspaceAccess!;
      const row = await assignmentOf(app.db, access, request.params.assignmentId);
      const number = (await presentAssignment(app.db, access, request.user!, row.id)).number;
      const rows = await loadExportRows(app.db, access.workspace.id, row.id);
      return reply
        .type('application/zip')
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          contentDisposition('attachment', zipName(row, number, access.workspace.timeZone)),
        )
        .send(submissionsZip(rows, app.storage, request.log));
    },
  );

  app.get(
    '/api/workspaces/:id/scores',
    {
      // One query reads the session and the access facts (issue 22); signed out: 401 first.
      preValidation: app.workspaceAccess('manageAssignments', {
        readsSession: true,
        requiresSignIn: true,
      }),
      schema: {
        tags: ['assignments'],
        summary: "Team Scores (owner): each team's averages over the assignments",
        params: workspaceParams,
        response: { 200: teamScores, ...errorResponses(...IN_WORKSPACE) },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(
          // Team Scores from the gradebook's data (issue 25, decision 0024): every graded item.
          await preparedJsonFor<TeamScores>(
            request,
            reply,
            (await gradebookOf(app.db, gradebookCacheFor(app.db), request.workspaceAccess!))
              .scoresBody,
          ),
        ),
  );

  app.get(
    '/api/workspaces/:id/grades.csv',
    {
      ...owner,
      schema: {
        tags: ['assignments'],
        summary: 'The grade sheet (owner): one row per member, a column per assignment',
        params: workspaceParams,
        response: {
          200: z.string().describe('text/csv'),
          ...errorResponses(...IN_WORKSPACE),
        },
      },
    },
    async (request, reply) => {
      const access = request.workspaceAccess!;
      // The gradebook's data, every column (issue 25, decision 0024).
      const { model, scores } = await gradebookOf(app.db, gradebookCacheFor(app.db), access);
      return sendCsvDownload(
        reply,
        `${access.workspace.title} - grades.csv`,
        gradebookCsv(model, scores),
      );
    },
  );
};
