import type { Db } from '../../plugins/database.ts';
import { GradebookCache } from './gradebook.service.ts';

const caches = new WeakMap<Db, GradebookCache>();

/**
 * The one gradebook cache of an app (by its database handle): the gradebook, My grades, Team
 * Scores and the grade sheet read the same entry, so they always agree (issue 25).
 */
export function gradebookCacheFor(db: Db): GradebookCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new GradebookCache();
    caches.set(db, cache);
  }
  return cache;
}
