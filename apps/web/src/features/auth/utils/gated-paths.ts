import { EMAIL_VERIFICATION_GATED_PATHS } from '@teamshuffle/domain';

/**
 * Whether the e-mail verification gate covers this path: /app, /workspaces, /workspace and
 * /notifications, each with whatever follows it after a slash (spec part 1, section 2).
 */
export function isVerificationGatedPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return EMAIL_VERIFICATION_GATED_PATHS.some(
    (gated) => path === gated || path.startsWith(`${gated}/`),
  );
}
