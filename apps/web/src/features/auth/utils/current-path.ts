/** The page the user is on (path and query), for callback URLs that bring them back here. */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}
