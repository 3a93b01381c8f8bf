import {
  deadlineExtension,
  deadlineExtensionList,
  extensionInput,
  safeParam,
  TEXT_LIMITS,
} from '@teamshuffle/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, noContent } from '../../plugins/errors.ts';
import type { ExtensionItem } from './deadline-extensions.repository.ts';
import {
  extensionsOf,
  giveExtension,
  type HolderKind,
  removeExtension,
} from './deadline-extensions.service.ts';

const id = safeParam(TEXT_LIMITS.id);
const SIGNED_IN = ['unauthenticated', 'email_not_verified'] as const;
const IN_WORKSPACE = [...SIGNED_IN, 'workspace_not_found', 'forbidden'] as const;

/** The two items with deadlines, by their path segment. */
const ITEMS = [
  {
    segment: 'assignments',
    param: 'assignmentId',
    kind: 'assignment',
    notFound: 'assignment_not_found',
  },
  { segment: 'notes', param: 'noteId', kind: 'task', notFound: 'lecture_note_not_found' },
] as const;

const HOLDERS: ReadonlyArray<{ segment: string; kind: HolderKind }> = [
  { segment: 'teams', kind: 'team' },
  { segment: 'members', kind: 'member' },
];

/**
 * Extensions (issue 26, decision 0030), the owner's: an item's list, and a holder's later
 * deadline given or changed (PUT, by its natural key: no Idempotency-Key) or removed (DELETE).
 */
export const deadlineExtensionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const owner = {
    onRequest: app.requireVerifiedUser,
    preValidation: app.workspaceAccess('manageAssignments'),
  };

  for (const item of ITEMS) {
    const itemParams = z.object({ id, itemId: id });
    const base = `/api/workspaces/:id/${item.segment}/:itemId/extensions`;
    const itemOf = (itemId: string): ExtensionItem => ({ kind: item.kind, id: itemId });
    const itemErrors = [...IN_WORKSPACE, item.notFound, 'note_has_no_task'] as const;

    app.get(
      base,
      {
        ...owner,
        schema: {
          tags: ['extensions'],
          summary: `The extensions of ${item.kind === 'assignment' ? 'an assignment' : "a note's task"} (owner)`,
          params: itemParams,
          response: { 200: deadlineExtensionList, ...errorResponses(...itemErrors) },
        },
      },
      async (request) => ({
        extensions: await extensionsOf(
          app.db,
          request.workspaceAccess!,
          itemOf(request.params.itemId),
        ),
      }),
    );

    for (const holder of HOLDERS) {
      if (item.kind === 'assignment' && holder.kind === 'member') continue;
      const params = z.object({ id, itemId: id, holderId: id });
      const path = `${base}/${holder.segment}/:holderId`;
      const holderErrors = [
        ...itemErrors,
        holder.kind === 'team' ? 'team_not_found' : 'roster_member_not_found',
        'extension_wrong_holder',
      ] as const;

      app.put(
        path,
        {
          ...owner,
          schema: {
            tags: ['extensions'],
            summary: `Give or change a ${holder.kind}'s later deadline (owner): later than the item's own (422 extension_not_later), which it must have (422 extension_no_deadline)`,
            params,
            body: extensionInput,
            response: {
              200: deadlineExtension,
              ...errorResponses(
                ...holderErrors,
                'validation_failed',
                'extension_no_deadline',
                'extension_not_later',
              ),
            },
          },
        },
        async (request) =>
          giveExtension(
            app.db,
            request.workspaceAccess!,
            request.user!,
            itemOf(request.params.itemId),
            holder.kind,
            request.params.holderId,
            request.body.dueAt,
          ),
      );

      app.delete(
        path,
        {
          ...owner,
          schema: {
            tags: ['extensions'],
            summary: `Remove a ${holder.kind}'s extension (owner): the item's deadline is theirs again`,
            params,
            response: {
              204: noContent,
              ...errorResponses(...holderErrors, 'extension_not_found'),
            },
          },
        },
        async (request, reply) => {
          await removeExtension(
            app.db,
            request.workspaceAccess!,
            itemOf(request.params.itemId),
            holder.kind,
            request.params.holderId,
          );
          return reply.status(204).send();
        },
      );
    }
  }
};
