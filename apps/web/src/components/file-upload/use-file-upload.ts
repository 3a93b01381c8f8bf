import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { ApiPath } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/api-error-message';
import { useStorageUsage } from '../../lib/api/get-storage-usage';
import { refetchAfterLostAnswer } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { useSession } from '../../lib/session/session-context';
import {
  isAbortError,
  isRetryableUploadError,
  splitProgress,
  uploadOnce,
  uploadWithRetry,
} from '../../lib/upload';
import type { UploadRequest } from '../../lib/upload';
import {
  checkChosenFiles,
  isBusy,
  quotaRefusal,
  refusalsText,
  replacedOwnBytes,
  uploadReducer,
} from './upload-state';
import type { RefusalWording, ReplacedWork, UploadItem, UploadRule } from './upload-state';

export interface UseFileUploadOptions<T> extends Partial<Pick<UploadRule, 'maxFiles'>> {
  /** The feature's upload route (a multipart POST). */
  path: ApiPath;
  /** Allowed extensions without the dot; shown before choosing and checked before sending. */
  allowedTypes: readonly string[];
  /** Largest file in MB; shown before choosing and checked before sending. */
  maxFileSizeMb: number;
  /**
   * 'each': every chosen file is sent at once, alone, in its own request (a note's attachments).
   * 'together': the files wait in the list until `start(fields)` sends them all in one request
   * with the text fields (a task submission with its description). Default 'together'.
   */
  mode?: 'each' | 'together';
  /** Name of the file parts. Default 'files'. */
  fileField?: string;
  /** 'panel': the leader panel's summary words instead of one line per file. Default 'file'. */
  refusalWording?: RefusalWording;
  /**
   * The work this upload replaces (the team's latest attempt, the answer it resubmits): the
   * caller's own stored bytes in it count as left in the quota check (decision 0016).
   */
  replaces?: ReplacedWork | null;
  /** Reads the route's success answer (a domain schema's parse). */
  parse: (body: unknown) => T;
  /** After each successful request: its answer and the files it carried. */
  onUploaded?: (result: T, files: File[]) => void;
}

/** What `FileUpload` renders and what a feature drives (`start`, `reset`). */
export interface FileUploadController<T> {
  rule: UploadRule;
  mode: 'each' | 'together';
  items: UploadItem[];
  /** Why chosen files were not added, or the quota refusal: one line per reason. */
  refusal: string | null;
  isUploading: boolean;
  /** Adds chosen files (the refused ones are reported in `refusal`); 'each' sends them at once. */
  add: (files: readonly File[]) => void;
  remove: (key: string) => void;
  /**
   * Sends the files not yet uploaded ('together': one request with `fields`). Resolves with the
   * answer, or null when nothing was sent, it was refused, it failed or it was cancelled.
   */
  start: (fields?: Readonly<Record<string, string>>) => Promise<T | null>;
  /** Aborts what is on its way, and a pending retry. */
  cancel: () => void;
  /** Empties the list (after a submission, say). */
  reset: () => void;
}

let nextKey = 0;
const newKey = () => `upload-${++nextKey}`;

// Two ways a feature uses it:
//
//   // A note's attachments: one file at a time, each sent as soon as it is chosen.
//   const attach = useFileUpload({
//     path: `/api/workspaces/${id}/notes/${noteId}/attachments`,
//     mode: 'each',
//     allowedTypes: ATTACHMENT_ALLOWED_TYPES,
//     maxFileSizeMb: 10,
//     parse: storedFile.parse,
//     onUploaded: () => void queryClient.invalidateQueries({ queryKey: ... }),
//   });
//   <FileUpload upload={attach} />
//
//   // A task submission: several files and a description, in one request on Submit.
//   const submission = useFileUpload({
//     path: `/api/workspaces/${id}/notes/${noteId}/submissions`,
//     allowedTypes: task.allowedTypes,
//     maxFileSizeMb: task.maxFileSizeMb,
//     maxFiles: 10,
//     parse: taskSubmission.parse,
//   });
//   <FileUpload upload={submission} disabled={!isLeader} />
//   <Button onClick={() => void submission.start({ description })} loading={submission.isUploading}>

/**
 * The state and actions of the shared upload component: checks files before sending (type,
 * size, count, the quota), sends them with per-file progress, retries a failed try twice (1 s,
 * then 2 s), and can be cancelled. Uploads change the user's storage figure, so it is refreshed.
 */
export function useFileUpload<T>(options: UseFileUploadOptions<T>): FileUploadController<T> {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useSession();
  const storage = useStorageUsage(session.status === 'signedIn');
  const [items, dispatch] = useReducer(uploadReducer<File>, []);
  const [refusal, setRefusal] = useState<string | null>(null);
  const controllers = useRef(new Set<AbortController>());
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);

  const mode = options.mode ?? 'together';
  const rule: UploadRule = {
    allowedTypes: options.allowedTypes,
    maxFileSizeMb: options.maxFileSizeMb,
    maxFiles: options.maxFiles ?? (mode === 'each' ? 1 : 10),
  };

  // Leaving the page stops what is on its way.
  useEffect(() => {
    const open = controllers.current;
    return () => {
      for (const controller of open) controller.abort();
    };
  }, []);

  const send = useCallback(
    async (batch: UploadItem[], fields: Readonly<Record<string, string>>): Promise<T | null> => {
      const { path, parse, fileField, onUploaded } = optionsRef.current;
      const keys = batch.map((item) => item.key);
      const files = batch.map((item) => item.file);
      const controller = new AbortController();
      controllers.current.add(controller);
      const request: UploadRequest<T> = {
        path,
        files,
        fields,
        parse,
        signal: controller.signal,
        onProgress: (loaded, total) =>
          dispatch({
            type: 'progress',
            keys,
            shares: splitProgress(
              loaded,
              total,
              files.map((file) => file.size),
            ),
          }),
        ...(fileField ? { fileField } : {}),
      };
      try {
        const result = await uploadWithRetry(request, {
          send: (attempt) => {
            dispatch({ type: 'start', keys });
            return uploadOnce(attempt);
          },
          onRetry: (tryNumber, delayMs) => dispatch({ type: 'retry', keys, tryNumber, delayMs }),
        });
        dispatch({ type: 'done', keys });
        onUploaded?.(result, files);
        return result;
      } catch (error) {
        if (isAbortError(error)) {
          dispatch({ type: 'cancel', keys });
        } else {
          // After the last try of a failure that could pass, the spec's words; a refusal says why.
          const message = isRetryableUploadError(error)
            ? t('upload.failed')
            : apiErrorMessage(error, t('upload.failed'));
          dispatch({ type: 'fail', keys, error: message });
          // Saved, its answer lost with the server: the page shows what was saved.
          refetchAfterLostAnswer(queryClient, error as Error);
        }
        return null;
      } finally {
        controllers.current.delete(controller);
        void queryClient.invalidateQueries({ queryKey: queryKeys.storage });
      }
    },
    [queryClient, t],
  );

  /** The quota refusal for these bytes, shown and returned; null when they fit. */
  const checkQuota = (bytes: number): boolean => {
    const credit = replacedOwnBytes(optionsRef.current.replaces, session.user?.id);
    const refused = quotaRefusal(storage.data, bytes, credit);
    if (refused) setRefusal(t('apiErrors.storage_limit_exceeded', refused));
    return refused !== null;
  };

  const add = (chosen: readonly File[]) => {
    const listed = itemsRef.current.filter((item) => item.status !== 'done').length;
    const { accepted, refusals } = checkChosenFiles(chosen, rule, listed, options.refusalWording);
    setRefusal(refusalsText(refusals, t));
    if (accepted.length === 0) return;
    const added = accepted.map((file) => ({ key: newKey(), file }));
    dispatch({ type: 'add', items: added });
    if (mode !== 'each') return;
    if (checkQuota(accepted.reduce((sum, file) => sum + file.size, 0))) {
      for (const { key } of added) dispatch({ type: 'remove', key });
      return;
    }
    for (const item of added) {
      void send([{ ...item, status: 'waiting', progress: 0, error: null, retry: null }], {});
    }
  };

  const start = async (fields: Readonly<Record<string, string>> = {}): Promise<T | null> => {
    const pending = itemsRef.current.filter(
      (item) =>
        item.status === 'waiting' || item.status === 'failed' || item.status === 'cancelled',
    );
    if (isBusy(itemsRef.current)) return null;
    if (pending.length === 0) {
      // spec part 2, section 5: at least one file ('Please select at least one file').
      setRefusal(t('apiErrors.files_required'));
      return null;
    }
    setRefusal(null);
    if (checkQuota(pending.reduce((sum, item) => sum + item.file.size, 0))) return null;
    if (mode === 'together') return send(pending, fields);
    const results = await Promise.all(pending.map((item) => send([item], fields)));
    return results.find((result) => result !== null) ?? null;
  };

  const cancel = () => {
    for (const controller of controllers.current) controller.abort();
  };

  return {
    rule,
    mode,
    items,
    refusal,
    isUploading: isBusy(items),
    add,
    remove: (key) => dispatch({ type: 'remove', key }),
    start,
    cancel,
    reset: () => {
      cancel();
      setRefusal(null);
      dispatch({ type: 'clear' });
    },
  };
}
