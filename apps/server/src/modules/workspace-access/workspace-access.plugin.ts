import { AppError, type WorkspaceAction } from '@teamshuffle/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Access, authorize, authorizeSession } from './workspace-access.ts';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The refusal a forbidden action answers with (the spec words the visibility one itself). */
type Refusal = 'forbidden' | 'visibility_owner_only';

/** An action, or a choice of action (and refusal) made from the validated request. */
export type ActionOf =
  WorkspaceAction | ((request: FastifyRequest) => WorkspaceAction | [WorkspaceAction, Refusal]);

type GuardOptions = {
  /** The path parameter naming the workspace; 'id' by default. */
  param?: string;
  /** Read the caller's lecture-note sort order with the access facts. */
  withPreferences?: boolean;
  /**
   * For a read with no session check in front of it: the guard reads the session (optional, an
   * unverified user refused) in the same query as the access facts, one round trip in all, and
   * sets `request.user`. The facts then carry the caller's preferences too.
   */
  readsSession?: boolean;
  /** With `readsSession`: a signed-out caller is refused (401) before anything else. */
  requiresSignIn?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A hook for "this route needs `action` in the workspace named by its path parameter", put at
     * `preValidation` so that the caller is refused before their input is judged:
     * the caller's role is resolved from one query (the spec's order, the permission table), a
     * workspace the caller may not see answers like a missing one (404), an action their role may
     * not take answers 403, and the handler finds the resolved access on
     * `request.workspaceAccess`. Put a session check (`onRequest`) in front of it.
     */
    workspaceAccess: (
      action: ActionOf,
      options?: GuardOptions,
    ) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `app.workspaceAccess(...)`: the caller's role and the workspace's facts. */
    workspaceAccess: Access | null;
  }
}

/** The one place a route states which role it needs in a workspace (docs/architecture.md). */
export const workspaceAccessPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('workspaceAccess', null);
    app.decorate('workspaceAccess', (action: ActionOf, options: GuardOptions = {}) => {
      const param = options.param ?? 'id';
      return async (request: FastifyRequest, reply: FastifyReply) => {
        const workspaceId = (request.params as Record<string, string | undefined>)[param] ?? '';
        // A chooser reads the body before validation: it gets only a JSON object (the input
        // plugin refused any other body of a route that takes one; a missing body is refused
        // here), never null, an array or a multipart body's undefined (issue 23, decision 0018).
        if (
          typeof action === 'function' &&
          request.routeOptions.schema?.body &&
          !isObject(request.body)
        )
          throw new AppError('body_not_object');
        const chosen = typeof action === 'function' ? action(request) : action;
        const [wanted, refusal] = Array.isArray(chosen) ? chosen : [chosen, 'forbidden' as const];
        if (options.readsSession) {
          const { viewer, access } = await authorizeSession(
            app.db,
            workspaceId,
            app.readSessionToken(request),
            (found) => app.sessionUserOf(found, request, reply),
            wanted,
            refusal,
            options.requiresSignIn ?? false,
          );
          request.user = viewer;
          request.workspaceAccess = access;
          return;
        }
        request.workspaceAccess = await authorize(
          app.db,
          request.user,
          workspaceId,
          wanted,
          refusal,
          options.withPreferences ? (request.user?.id ?? null) : null,
        );
      };
    });
  },
  { name: 'workspace-access', fastify: '5.x', dependencies: ['database', 'auth'] },
);
