/**
 * `createApiClient`: one object with every call of API.md, bound to one baseUrl (the /api
 * service) and one techniqueUrl (the technique server), local or remote alike.
 */
import type { DoneLine, DoneResult } from '../contract/technique-schema.js';
import type { VideoCheckResponse } from '../contract/api-schema.js';
import { ApiError } from './errors.js';
import { archiveUrlOf } from './archive-location.js';
import { downloadToFile, fetchJsonDocument, type DownloadOptions, type DownloadedJson } from './download.js';
import { DEFAULT_RETRY, type RetryPolicy } from './retry.js';
import { processVideo, type ProcessOptions } from './process-video.js';
import { analyseVideo, type RemoteAnalysis } from './remote-analysis.js';
import {
  createTennisTask,
  getTennisTask,
  waitForTennisTask,
  type CreatedTask,
  type TennisTaskResult,
  type TennisTaskState,
  type WaitOptions,
} from './tennis-tasks.js';
import type { Transport } from './transport.js';
import { putPresigned, type PutOptions } from './presigned-put.js';
import {
  checkVideos,
  getUploadUrl,
  uploadVideo,
  type UploadTarget,
  type UploadVideoOptions,
  type UploadedVideo,
} from './videos.js';

/** Settings of {@link createApiClient}. */
export interface ApiClientOptions {
  /** Origin (and optional path prefix) of the /api endpoints, e.g. `https://api.example.com`. */
  baseUrl: string;
  /** Origin (and optional prefix) of the technique server; `/process` is appended. */
  techniqueUrl: string;
  /** Sent as `Authorization: Bearer …` to `/api/…` on the baseUrl origin only. */
  apiKey?: string;
  /** Sent as `Authorization: Bearer …` to the technique server only, and only when set. */
  techniqueToken?: string;
  /** Per-request timeout of JSON calls and idle timeout of transfers, ms (default 30 000). */
  timeoutMs?: number;
  /** Retries of idempotent calls (default 3), or a full policy. */
  retries?: number | Partial<RetryPolicy>;
  /** fetch used by the JSON calls and downloads (default globalThis.fetch). */
  fetchImpl?: typeof fetch;
}

/** The client: every method throws {@link ApiError} (or its subclasses) only. */
export interface ApiClient {
  getUploadUrl(fileName: string, contentType?: string, signal?: AbortSignal): Promise<UploadTarget>;
  putPresigned(
    target: { url: string; issuedAt: number },
    file: string,
    opts: Omit<PutOptions, 'idleTimeoutMs'>,
  ): Promise<number>;
  uploadVideo(file: string, opts?: UploadVideoOptions): Promise<UploadedVideo>;
  checkVideos(
    videoUrls: string[],
    version?: 'stable' | 'latest',
    signal?: AbortSignal,
  ): Promise<VideoCheckResponse>;
  createTennisTask(
    request: { video_url: string; version?: 'stable' | 'latest'; read_video_from_origin?: boolean },
    signal?: AbortSignal,
  ): Promise<CreatedTask>;
  getTennisTask(taskId: string, signal?: AbortSignal): Promise<TennisTaskState>;
  waitForTennisTask(taskId: string, opts?: WaitOptions): Promise<TennisTaskResult>;
  processVideo(file: string, metadata: unknown, opts?: ProcessOptions): Promise<DoneLine>;
  /** processVideo with its done line parsed into the typed analysis storing takes (remote-analysis.ts). */
  analyseVideo(file: string, metadata: unknown, opts?: ProcessOptions): Promise<RemoteAnalysis>;
  fetchJson(url: string, signal?: AbortSignal): Promise<DownloadedJson>;
  download(url: string, dest: string, opts?: DownloadOptions): Promise<number>;
  archiveUrlOf(done: DoneResult): string | undefined;
}

/**
 * Builds a client.
 * @throws ApiError kind 'input' when baseUrl or techniqueUrl is not an http(s) URL.
 */
export function createApiClient(o: ApiClientOptions): ApiClient {
  const t: Transport = {
    baseUrl: httpUrl(o.baseUrl, 'baseUrl'),
    techniqueUrl: httpUrl(o.techniqueUrl, 'techniqueUrl'),
    ...(o.apiKey ? { apiKey: o.apiKey } : {}),
    ...(o.techniqueToken ? { techniqueToken: o.techniqueToken } : {}),
    timeoutMs: o.timeoutMs ?? 30_000,
    retry:
      typeof o.retries === 'number'
        ? { ...DEFAULT_RETRY, retries: o.retries }
        : { ...DEFAULT_RETRY, ...o.retries },
    fetchImpl: o.fetchImpl ?? globalThis.fetch.bind(globalThis),
  };
  return {
    getUploadUrl: (fileName, contentType, signal) => getUploadUrl(t, fileName, contentType, signal),
    putPresigned: (target, file, opts) => putPresigned(target, file, { idleTimeoutMs: t.timeoutMs, ...opts }),
    uploadVideo: (file, opts) => uploadVideo(t, file, opts),
    checkVideos: (urls, version, signal) => checkVideos(t, urls, version, signal),
    createTennisTask: (request, signal) => createTennisTask(t, request, signal),
    getTennisTask: (taskId, signal) => getTennisTask(t, taskId, signal),
    waitForTennisTask: (taskId, opts) => waitForTennisTask(t, taskId, opts),
    processVideo: (file, metadata, opts) => processVideo(t, file, metadata, opts),
    analyseVideo: (file, metadata, opts) => analyseVideo(t, file, metadata, opts),
    fetchJson: (url, signal) => fetchJsonDocument(t, url, signal),
    download: (url, dest, opts) => downloadToFile(t, url, dest, opts),
    archiveUrlOf,
  };
}

function httpUrl(v: string, name: string): URL {
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new ApiError({ kind: 'input', message: `${name} is not a URL: ${JSON.stringify(v)}` });
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw new ApiError({ kind: 'input', message: `${name} must be http(s), got ${u.protocol}` });
  }
  return u;
}
