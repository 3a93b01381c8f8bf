import { EMAIL_VERIFICATION_GATED_PATHS } from '@teamshuffle/domain';

/**
 * Whether the e-mail verification gate covers this path: /app, /workspaces, /workspace and
 * /notifications, each with whatever follows it after a slash (spec part 1, section 2), in any
 * case, as the router matches them (`/Workspace/{id}` is the workspace page).
 */
export function isVerificationGatedPath(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  const path = lower.length > 1 ? lower.replace(/\/+$/, '') : lower;
  return EMAIL_VERIFICATION_GATED_PATHS.some(
    (gated) => path === gated || path.startsWith(`${gated}/`),
  );
}
