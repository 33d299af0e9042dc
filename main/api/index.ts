/**
 * Public surface of the API client (see README.md for the decisions where API.md is silent).
 */
export { createApiClient, type ApiClient, type ApiClientOptions } from './client.js';
export { ApiError, TechniqueError, type ApiErrorKind } from './errors.js';
export {
  readNdjson,
  NdjsonError,
  DEFAULT_MAX_LINE_BYTES,
  type NdjsonErrorCode,
  type NdjsonOptions,
  type LongLineReader,
} from './ndjson.js';
export {
  readTechniqueStream,
  type TechniqueProgress,
  type TechniqueStreamOptions,
} from './technique-stream.js';
export { archiveUrlOf } from './archive-location.js';
export { piecesPoseOf, DoneLinePieces, type PiecesPose } from './done-line-pieces.js';
export { presignedExpiry } from './presigned.js';
export { parseRetryAfter, DEFAULT_RETRY, type RetryPolicy } from './retry.js';
export type { UploadProgress } from './presigned-put.js';
export type { UploadTarget, UploadedVideo, UploadVideoOptions } from './videos.js';
export type { CreatedTask, TennisTaskState, TennisTaskResult, WaitOptions } from './tennis-tasks.js';
export type { ProcessOptions } from './process-video.js';
export type { DownloadOptions, DownloadedJson } from './download.js';
